"""Error behaviour: cunum raises NumPy's exception types in the same situations."""
import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, SOME_DTYPES, NUMPY_VERSION, assert_raises_like, compare, dtype_params

pytestmark = pytest.mark.usefixtures("device")

A23 = numpy.arange(6.0).reshape(2, 3)


# ---------------------------------------------------------------- broadcasting


@pytest.mark.parametrize("s1, s2", [((3,), (4,)), ((2, 3), (3, 2)), ((2, 3), (2,)),
                                    ((0,), (2,)), ((2, 1, 3), (4, 3, 1, 2)),
                                    ((5, 4), (4, 5, 4, 1))],
                         ids=str)
def test_broadcast_shape_mismatch(s1, s2):
    a, b = numpy.ones(s1), numpy.ones(s2)
    assert_raises_like(lambda xp, x, y: x + y, a, b)
    assert_raises_like(lambda xp, x, y: xp.add(x, y), a, b)
    assert_raises_like(lambda xp, x, y: xp.less(x, y), a, b)
    assert_raises_like(lambda xp, x, y: xp.broadcast_arrays(x, y), a, b)
    assert_raises_like(lambda xp: xp.broadcast_shapes(s1, s2))


def test_inplace_broadcast_into_smaller():
    # the result of a += b would have to grow a
    assert_raises_like(lambda xp, x, y: x.__iadd__(y), numpy.ones(3), numpy.ones((2, 3)))

    def f(xp, x, y):
        x += y
    assert_raises_like(f, numpy.ones((1, 3)), numpy.ones((2, 3)))


def test_broadcast_to_errors():
    assert_raises_like(lambda xp, x: xp.broadcast_to(x, (3, 2)), A23)
    assert_raises_like(lambda xp, x: xp.broadcast_to(x, (3,)), A23)
    assert_raises_like(lambda xp, x: xp.broadcast_to(x, (-1, 3)), A23)


# ---------------------------------------------------------------- reshape / shapes


@pytest.mark.parametrize("shape", [(4,), (4, 2), (-1, 4), (-1, -1), (7, -1), (0, -1)], ids=str)
def test_bad_reshape(shape):
    assert_raises_like(lambda xp, x: x.reshape(shape), A23)
    assert_raises_like(lambda xp, x: xp.reshape(x, shape), A23)


def test_bad_creation_shapes():
    assert_raises_like(lambda xp: xp.zeros((2, -3)))
    assert_raises_like(lambda xp: xp.ones(-1))
    assert_raises_like(lambda xp: xp.full((-2,), 1.0))
    assert_raises_like(lambda xp: xp.empty((1.5, 2)))
    assert_raises_like(lambda xp: xp.linspace(0, 1, -2))
    assert_raises_like(lambda xp: xp.arange(0, 5, 0))


@pytest.mark.parametrize("call", [
    lambda xp: xp.empty((2**63,)), lambda xp: xp.zeros(2**63), lambda xp: xp.ones((2, 2**64)),
    lambda xp: xp.full((2**63,), 1), lambda xp: xp.empty(-2**63 - 1), lambda xp: xp.zeros(2).reshape(2**63),
    lambda xp: xp.zeros(4).reshape(-1, 2**63), lambda xp: xp.broadcast_to(xp.zeros(1), (2**63,)),
    # integers that are not dimensions: CPython's OverflowError
    lambda xp: xp.zeros(3).sum(axis=2**63), lambda xp: xp.expand_dims(xp.zeros(3), 2**63),
    lambda xp: xp.zeros(3).repeat(2**63), lambda xp: xp.zeros(3).diagonal(2**63),
    lambda xp: xp.concatenate([xp.zeros(2)], axis=2**63), lambda xp: xp.zeros(3).take(0, axis=2**63)])
def test_python_ints_past_int64(call):
    # a dimension past int64 is NumPy's ValueError "Maximum allowed dimension
    # exceeded", another integer its OverflowError; they were std::bad_cast
    # (RuntimeError) from the bindings' integer conversion
    exc, _ = compare(call)
    assert isinstance(exc, (ValueError, OverflowError)), "NumPy did not raise: the test is wrong"
    with pytest.raises(type(exc), match=str(exc)):
        call(cn)


def test_ragged_input():
    assert_raises_like(lambda xp: xp.array([[1, 2], [3]]))
    assert_raises_like(lambda xp: xp.asarray([[1.0], [2.0, 3.0]]))


# ---------------------------------------------------------------- dtypes


@pytest.mark.parametrize("spec", ["bogus", "f3", "i5", "int12", "floaty", "complex48", "q9"])
def test_bad_dtype_strings(spec):
    assert_raises_like(lambda xp: xp.dtype(spec))
    assert_raises_like(lambda xp: xp.zeros(3, dtype=spec))
    assert_raises_like(lambda xp: xp.ones(3, dtype=spec))
    assert_raises_like(lambda xp: xp.empty(3, dtype=spec))
    assert_raises_like(lambda xp: xp.full(3, 1, dtype=spec))
    assert_raises_like(lambda xp: xp.arange(3, dtype=spec))
    assert_raises_like(lambda xp: xp.asarray([1, 2], dtype=spec))
    assert_raises_like(lambda xp, x: x.astype(spec), A23)
    assert_raises_like(lambda xp, x: xp.sum(x, dtype=spec), A23)
    assert_raises_like(lambda xp, x: xp.add(x, x, dtype=spec), A23)


def test_bad_casting_name():
    assert_raises_like(lambda xp, x: xp.add(x, x, casting="bogus"), A23)
    assert_raises_like(lambda xp: xp.can_cast(xp.int8, xp.int16, casting="bogus"))


# ---------------------------------------------------------------- out=


@pytest.mark.parametrize("out_shape", [(3,), (3, 2), (2, 3, 1), (1, 2, 4), (2, 2)], ids=str)
def test_non_broadcastable_out(out_shape):
    o = numpy.zeros(out_shape)
    assert_raises_like(lambda xp, x, o: xp.add(x, 1, out=o), A23, o)
    assert_raises_like(lambda xp, x, o: xp.negative(x, out=o), A23, o)
    assert_raises_like(lambda xp, x, o: xp.less(x, x, out=o), A23, o)


@pytest.mark.parametrize("out_dt", dtype_params(ALL_DTYPES))
def test_out_wrong_dtype_under_casting_rules(out_dt):
    # a complex result can only go to a complex out, float to float/complex, ...
    c = numpy.ones(3, numpy.complex128)
    o = numpy.zeros(3, out_dt)
    if out_dt.kind != "c":
        assert_raises_like(lambda xp, x, o: xp.add(x, x, out=o), c, o)
    f = numpy.ones(3)
    if out_dt.kind not in "fc":
        assert_raises_like(lambda xp, x, o: xp.multiply(x, x, out=o), f, o)
        assert_raises_like(lambda xp, x, o: xp.sqrt(x, out=o), f, o)
    i = numpy.ones(3, numpy.int64)
    if out_dt.kind == "b":
        assert_raises_like(lambda xp, x, o: xp.add(x, x, out=o), i, o)
    if out_dt.kind in "iub":
        assert_raises_like(lambda xp, x, o: xp.add(x, x, out=o, casting="safe"), f, o)
        assert_raises_like(lambda xp, x, o: xp.true_divide(x, x, out=o), i, o)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_inplace_operator_casting_errors(dt):
    a = numpy.ones(3, dt)
    if dt.kind in "iub":
        def f(xp, x):
            x += 1.5
        assert_raises_like(f, a)

        def g(xp, x):
            x /= 2
        assert_raises_like(g, a)
    if dt.kind in "iubf":
        def h(xp, x):
            x *= 1j
        assert_raises_like(h, a)


def test_python_int_out_of_range():
    assert_raises_like(lambda xp, x: x + 300, numpy.zeros(3, numpy.uint8))
    assert_raises_like(lambda xp, x: x - 129, numpy.zeros(3, numpy.int8))
    assert_raises_like(lambda xp, x: xp.multiply(x, 2**40), numpy.zeros(3, numpy.int16))
    assert_raises_like(lambda xp, x: x + 2**64, numpy.zeros(3, numpy.uint64))
    assert_raises_like(lambda xp, x: x + (-1), numpy.zeros(3, numpy.uint32))
    if NUMPY_VERSION >= (2, 1):  # NumPy 2.1: full() with a Python int beyond the dtype raises (2.0 wrapped)
        assert_raises_like(lambda xp: xp.full(3, 256, dtype=numpy.uint8))
    assert_raises_like(lambda xp: xp.asarray([1, -1], dtype=numpy.uint8))

    def f(xp, x):
        x[0] = 1000
    assert_raises_like(f, numpy.zeros(3, numpy.int8))


# ---------------------------------------------------------------- ufunc call errors


def test_ufunc_call_errors():
    assert_raises_like(lambda xp, x: xp.add(x), A23)
    assert_raises_like(lambda xp: xp.add())
    assert_raises_like(lambda xp, x: xp.add(x, x, foo=1), A23)
    assert_raises_like(lambda xp, x: xp.sqrt(x, x, x), A23)
    assert_raises_like(lambda xp, x: xp.add(x, None), A23)


@pytest.mark.parametrize("name, dt", [("subtract", "bool"), ("negative", "bool"),
                                      ("floor_divide", "complex128"), ("remainder", "complex64"),
                                      ("bitwise_and", "float32"), ("invert", "float64"),
                                      ("left_shift", "float16"), ("right_shift", "complex64"),
                                      ("bitwise_or", "complex128"), ("positive", "bool")])
def test_ufunc_unsupported_dtypes(name, dt):
    a = numpy.ones(3, dt)
    if getattr(numpy, name).nin == 1:
        assert_raises_like(lambda xp, x: getattr(xp, name)(x), a)
    else:
        try:
            getattr(numpy, name)(a, a)
        except TypeError:
            assert_raises_like(lambda xp, x: getattr(xp, name)(x, x), a)
        else:
            pytest.skip("NumPy accepts this")


# ---------------------------------------------------------------- axes


@pytest.mark.parametrize("call", [
    lambda xp, x: xp.sum(x, axis=2), lambda xp, x: xp.max(x, axis=-3),
    lambda xp, x: xp.argmax(x, axis=5), lambda xp, x: xp.mean(x, axis=(0, 2)),
    lambda xp, x: xp.any(x, axis=2), lambda xp, x: xp.squeeze(x, axis=2),
    lambda xp, x: xp.expand_dims(x, 4), lambda xp, x: xp.moveaxis(x, 2, 0),
    lambda xp, x: xp.swapaxes(x, 0, 2), lambda xp, x: x.transpose(0, 2),
], ids=["sum", "max", "argmax", "mean", "any", "squeeze", "expand_dims", "moveaxis",
        "swapaxes", "transpose"])
def test_axis_errors(call):
    assert_raises_like(call, A23)


def test_duplicate_axes():
    assert_raises_like(lambda xp, x: xp.sum(x, axis=(0, 0)), A23)
    assert_raises_like(lambda xp, x: xp.sum(x, axis=(1, -1)), A23)
    assert_raises_like(lambda xp, x: xp.expand_dims(x, (0, 0)), A23)
    assert_raises_like(lambda xp, x: x.transpose(1, 1), A23)


# ---------------------------------------------------------------- indexing / conversions


def test_index_errors():
    assert_raises_like(lambda xp, x: x[2], A23)
    assert_raises_like(lambda xp, x: x[0, 3], A23)
    assert_raises_like(lambda xp, x: x[0, 0, 0], A23)
    assert_raises_like(lambda xp, x: x[..., ...], A23)
    assert_raises_like(lambda xp, x: x[1.0], A23)
    assert_raises_like(lambda xp, x: x[::0], A23)


def test_reduction_empty_errors():
    e = numpy.zeros((0, 4))
    for name in ("max", "min", "amax", "amin", "argmax", "argmin"):
        assert_raises_like(lambda xp, x: getattr(xp, name)(x), e)
        assert_raises_like(lambda xp, x: getattr(xp, name)(x, axis=0), e)


def test_conversion_errors():
    assert_raises_like(lambda xp, x: bool(x), A23)
    if NUMPY_VERSION >= (2, 2):  # NumPy 2.2: the truth value of an empty array is an error (was False)
        assert_raises_like(lambda xp, x: bool(x[:0]), A23)
    assert_raises_like(lambda xp, x: int(x), A23)
    assert_raises_like(lambda xp, x: float(x), A23)
    assert_raises_like(lambda xp, x: x.item(), A23)
    assert_raises_like(lambda xp, x: len(x), numpy.array(1.0))
    assert_raises_like(lambda xp, x: iter(x), numpy.array(1.0))
    assert_raises_like(lambda xp, x: int(x), numpy.array(1j))
    assert_raises_like(lambda xp, x: [0, 1][x], numpy.array(1.0))
    assert_raises_like(lambda xp, x: hash(x), A23)


def test_integer_negative_power():
    assert_raises_like(lambda xp, x: x ** -1, numpy.arange(1, 4))
    assert_raises_like(lambda xp, x, y: xp.power(x, y), numpy.arange(1, 4),
                       numpy.array([1, -2, 3]))


def test_exceptions_module_is_numpys():
    # cunum.exceptions hands out NumPy's own classes (as cupy.exceptions), so
    # either name catches what cunum raises
    import numpy.exceptions

    import cunum as cn
    for name in cn.exceptions.__all__:
        assert getattr(cn.exceptions, name) is getattr(numpy.exceptions, name)
    with pytest.raises(cn.exceptions.AxisError):
        cn.zeros((2, 3)).sum(axis=5)
    with pytest.raises(AttributeError):
        cn.exceptions.NoSuchError  # noqa: B018


def test_dtypes_module_is_numpys():
    import numpy.dtypes

    import cunum as cn
    assert cn.dtypes.Float64DType is numpy.dtypes.Float64DType
    assert type(cn.zeros(2, "complex64").dtype) is cn.dtypes.Complex64DType
    assert "Int8DType" in dir(cn.dtypes)
    with pytest.raises(AttributeError):
        cn.dtypes.NoSuchDType  # noqa: B018
