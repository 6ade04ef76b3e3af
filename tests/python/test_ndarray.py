"""ndarray attributes, views, flags, protocols, pickling, copying, repr/str."""
import copy
import operator
import pickle
import warnings

import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, COMPLEX_DTYPES, INEXACT_DTYPES, INT_DTYPES, SOME_DTYPES,
                     assert_strides, assert_same, compare, dtype_params, make_data, requires_cunum,
                     USING_NUMPY_SHIM)

pytestmark = pytest.mark.usefixtures("device")

# Arrays (and views) built the same way with either module.
VIEWS = {
    "0d": lambda xp: xp.asarray(7.5),
    "1d": lambda xp: xp.arange(6, dtype=numpy.int32),
    "empty": lambda xp: xp.zeros((0, 3), dtype=numpy.float32),
    "2d": lambda xp: xp.arange(12.0).reshape(3, 4),
    "3d": lambda xp: xp.arange(24, dtype=numpy.int16).reshape(2, 3, 4),
    "fortran": lambda xp: xp.asfortranarray(xp.arange(12.0).reshape(3, 4)),
    "transposed": lambda xp: xp.arange(24.0).reshape(2, 3, 4).T,
    "reversed": lambda xp: xp.arange(10, dtype=numpy.uint8)[::-1],
    "stepped": lambda xp: xp.arange(40.0).reshape(5, 8)[1::2, ::-3],
    "newaxis": lambda xp: xp.arange(6.0)[None, :, None],
    "row": lambda xp: xp.arange(12.0).reshape(3, 4)[1],
    "column": lambda xp: xp.arange(12.0).reshape(3, 4)[:, 2],
    "size1dims": lambda xp: xp.arange(3.0).reshape(3, 1)[:, :1],
    "complex": lambda xp: (xp.arange(6.0) + 1j * xp.arange(6.0)).astype(numpy.complex64),
    "bool": lambda xp: xp.arange(6) % 2 == 0,
}


# ---------------------------------------------------------------- attributes


@pytest.mark.parametrize("name", list(VIEWS))
def test_attributes(name):
    e, a = VIEWS[name](numpy), VIEWS[name](cn)
    assert_same(e, a, exact=True)
    assert a.shape == e.shape and type(a.shape) is tuple
    assert all(type(s) is int for s in a.shape)
    assert_strides(e, a)
    assert a.dtype == e.dtype
    assert a.size == e.size and type(a.size) is int
    assert a.ndim == e.ndim and type(a.ndim) is int
    assert a.itemsize == e.itemsize
    assert a.nbytes == e.nbytes
    assert bool(a.flags.c_contiguous) == bool(e.flags.c_contiguous)
    assert bool(a.flags.f_contiguous) == bool(e.flags.f_contiguous)
    assert bool(a.flags["C_CONTIGUOUS"]) == bool(e.flags["C_CONTIGUOUS"])
    assert bool(a.flags["F_CONTIGUOUS"]) == bool(e.flags["F_CONTIGUOUS"])
    assert bool(a.flags.owndata) == bool(e.flags.owndata)
    assert bool(a.flags["OWNDATA"]) == bool(e.flags["OWNDATA"])


@pytest.mark.parametrize("name", list(VIEWS))
def test_base(name):
    e, a = VIEWS[name](numpy), VIEWS[name](cn)
    if e.base is None:
        assert a.base is None
    else:
        assert a.base is not None
        assert_same(e.base, a.base, exact=True)
        # the base owns the memory: no base of its own
        assert bool(a.base.flags.owndata) == bool(e.base.flags.owndata)
        assert (a.base.base is None) == (e.base.base is None)


def test_owndata_and_base_of_fresh_arrays():
    for mk in (lambda xp: xp.zeros(3), lambda xp: xp.arange(4), lambda xp: xp.ones((2, 2)).copy(),
               lambda xp: xp.asarray([1, 2]) + 1, lambda xp: xp.arange(4.0).astype(numpy.float32)):
        e, a = mk(numpy), mk(cn)
        assert a.flags.owndata == e.flags.owndata
        assert (a.base is None) == (e.base is None)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_itemsize_nbytes(dt):
    e, a = numpy.zeros((3, 5), dt), cn.zeros((3, 5), dt)
    assert a.itemsize == e.itemsize
    assert a.nbytes == e.nbytes
    assert_strides(e, a)
    assert_strides(e[:, ::2], a[:, ::2])
    assert_strides(e.T, a.T)


@pytest.mark.parametrize("name", list(VIEWS))
def test_T(name):
    e, a = VIEWS[name](numpy), VIEWS[name](cn)
    assert_same(e.T, a.T, exact=True)
    assert_strides(e.T, a.T)


@pytest.mark.parametrize("name", list(VIEWS))
def test_mT(name):
    compare(lambda xp: VIEWS[name](xp).mT, exact=True)
    e, a = VIEWS[name](numpy), VIEWS[name](cn)
    if e.ndim >= 2:
        assert_strides(e.mT, a.mT)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_real_imag_values(dt, rng):
    x = make_data((3, 4), dt, rng=rng)
    compare(lambda xp, a: a.real, x, exact=True)
    compare(lambda xp, a: a.imag, x, exact=True)
    compare(lambda xp, a: a[::-1, ::2].real, x, exact=True)
    compare(lambda xp, a: a[::-1, ::2].imag, x, exact=True)


@pytest.mark.parametrize("dt", dtype_params(COMPLEX_DTYPES))
def test_real_imag_are_views(dt, rng):
    x = make_data((3, 4), dt, rng=rng)
    e, a = numpy.asarray(x), cn.asarray(x)
    assert_strides(e.real, a.real)
    assert_strides(e.imag, a.imag)

    def f(xp, a):
        a.real[...] = 5
        a.imag[:, 1] = -2
        a[::2].real[:, ::3] = 0.5
        return a.real

    compare(f, x, exact=True)


def test_real_of_real_array_is_a_view():
    def f(xp, a):
        a.real[1] = 100
        return a
    compare(f, numpy.arange(4.0), exact=True)


# ---------------------------------------------------------------- views share storage


VIEW_WRITES = {
    "slice": lambda xp, a: a[1:3],
    "step": lambda xp, a: a[::2, ::-1],
    "int": lambda xp, a: a[1],
    "T": lambda xp, a: a.T,
    "transpose": lambda xp, a: a.transpose(1, 0),
    "reshape": lambda xp, a: a.reshape(2, 2, 3),
    "reshape_fn": lambda xp, a: xp.reshape(a, (12,)),
    "ravel": lambda xp, a: a.ravel(),
    "newaxis": lambda xp, a: a[:, None],
    "ellipsis": lambda xp, a: a[..., 1],
    "squeeze": lambda xp, a: a[:1].squeeze(),
    "expand_dims": lambda xp, a: xp.expand_dims(a, 0),
    "swapaxes": lambda xp, a: a.swapaxes(0, 1),
    "moveaxis": lambda xp, a: xp.moveaxis(a, 0, -1),
    "view_of_view": lambda xp, a: a[1:][::-1][:, 1:3],
    "asarray": lambda xp, a: xp.asarray(a),
    "atleast_2d": lambda xp, a: xp.atleast_2d(a),
}


@pytest.mark.parametrize("how", list(VIEW_WRITES))
def test_writes_through_views(how):
    def f(xp, a):
        v = VIEW_WRITES[how](xp, a)
        v[...] = -1
        return v
    compare(f, numpy.arange(12.0).reshape(4, 3), exact=True)

    def g(xp, a):
        v = VIEW_WRITES[how](xp, a)
        a[...] = 42  # writing the base is seen by the view
        return v
    compare(g, numpy.arange(12.0).reshape(4, 3), exact=True)


def test_copy_does_not_share():
    def f(xp, a):
        v = a[::2].copy()
        v[...] = -1
        return v
    compare(f, numpy.arange(6), exact=True)


# ---------------------------------------------------------------- protocols


@pytest.mark.parametrize("name", list(VIEWS))
def test_array_protocol(name):
    e, a = VIEWS[name](numpy), VIEWS[name](cn)
    r = numpy.asarray(a)
    assert isinstance(r, numpy.ndarray)
    numpy.testing.assert_array_equal(r, e, strict=True)
    r = numpy.array(a, dtype=numpy.float64) if e.dtype.kind != "c" else numpy.array(a)
    assert isinstance(r, numpy.ndarray)
    r2 = a.__array__()
    assert isinstance(r2, numpy.ndarray)
    numpy.testing.assert_array_equal(r2, e, strict=True)


@pytest.mark.parametrize("name", list(VIEWS))
def test_len(name):
    compare(lambda xp: len(VIEWS[name](xp)))


@pytest.mark.parametrize("name", list(VIEWS))
def test_iter(name):
    compare(lambda xp: list(VIEWS[name](xp)), exact=True)
    compare(lambda xp: iter(VIEWS[name](xp)) and None)  # 0-d: TypeError at iter()


def test_iter_elements_are_views():
    def f(xp, a):
        for row in a:
            row[0] = 9
        return a
    compare(f, numpy.arange(6).reshape(3, 2), exact=True)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_scalar_conversions(dt, rng):
    for shape in [(), (1,), (1, 1), (2,), (0,)]:
        x = make_data(shape, dt, kind="nonzero", rng=rng)
        for conv in (bool, int, float, complex, operator.index):
            compare(lambda xp, a: conv(a), x)
    z = numpy.zeros((), dt)
    compare(lambda xp, a: bool(a), z)
    compare(lambda xp, a: bool(a), numpy.zeros((1,), dt))


@pytest.mark.parametrize("val", [2.7, -2.7, 0.5, 1e10, float("nan"), float("inf"), -0.0],
                         ids=repr)
def test_int_of_float(val):
    for dt in (numpy.float64, numpy.float32, numpy.float16):
        with numpy.errstate(over="ignore"):
            x = numpy.asarray(val, dtype=dt)
        compare(lambda xp, a: int(a), x)
        compare(lambda xp, a: float(a), x)


def test_scalar_conversion_of_big_ints():
    for v, dt in [(2**64 - 1, numpy.uint64), (-(2**63), numpy.int64), (2**63 - 1, numpy.int64),
                  (255, numpy.uint8), (-128, numpy.int8)]:
        compare(lambda xp, a: int(a), numpy.asarray(v, dtype=dt))
        compare(lambda xp, a: operator.index(a), numpy.asarray(v, dtype=dt))
        compare(lambda xp, a: float(a), numpy.asarray(v, dtype=dt))


def test_index_protocol_usable_as_index():
    lst = list(range(10))
    for dt in INT_DTYPES:
        i = cn.asarray(3, dtype=dt)
        assert lst[i] == 3
        assert range(10)[i] == 3


@pytest.mark.parametrize("needle", [2, 5, 1.0, 2.5, True, -1, 1j, 0], ids=repr)
@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_contains(needle, dt):
    a = numpy.array([[0, 1], [2, 3]]).astype(dt)
    compare(lambda xp, x: needle in x, a)


def test_contains_array():
    a = numpy.arange(6).reshape(3, 2)
    compare(lambda xp, x: xp.asarray([2, 3]) in x, a)
    compare(lambda xp, x: xp.asarray([1, 2]) in x, a)


def test_unhashable():
    x = cn.zeros(3)
    assert cn.ndarray.__hash__ is None
    with pytest.raises(TypeError):
        hash(x)
    with pytest.raises(TypeError):
        {x: 1}


@pytest.mark.parametrize("name", list(VIEWS))
@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_pickle(name, protocol):
    e, a = VIEWS[name](numpy), VIEWS[name](cn)
    r = pickle.loads(pickle.dumps(a, protocol=protocol))
    assert_same(e, r, exact=True)
    if not USING_NUMPY_SHIM:
        assert type(r) is cn.ndarray
        assert r.device == a.device


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_pickle_dtypes(dt, rng):
    x = make_data((2, 3), dt, rng=rng)
    r = pickle.loads(pickle.dumps(cn.asarray(x)))
    assert_same(x, r, exact=True)


@pytest.mark.parametrize("name", list(VIEWS))
@pytest.mark.parametrize("fn", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_copy_module(name, fn):
    def f(xp):
        a = VIEWS[name](xp)
        c = fn(a)
        before = c.copy()
        a[...] = 0  # the copy is independent
        return c, before
    compare(f, exact=True)


def test_deepcopy_in_container():
    a = cn.arange(3)
    d = copy.deepcopy({"a": a, "b": [a]})
    a[0] = 10
    assert_same(numpy.arange(3), d["a"], exact=True)
    assert_same(numpy.arange(3), d["b"][0], exact=True)


# ---------------------------------------------------------------- repr / str


def _special_floats(dt):
    return numpy.array([0.0, -0.0, 1.0, -1.5, numpy.nan, numpy.inf, -numpy.inf, 0.1,
                        1234.5], dtype=dt)


REPR_DATA = {
    "0d_int": lambda: numpy.array(5),
    "0d_float": lambda: numpy.array(2.5),
    "0d_nan": lambda: numpy.array(numpy.nan),
    "0d_complex": lambda: numpy.array(1 - 2j),
    "0d_bool": lambda: numpy.array(True),
    "0d_f32": lambda: numpy.array(0.1, dtype=numpy.float32),
    "0d_u8": lambda: numpy.array(200, dtype=numpy.uint8),
    "empty_f64": lambda: numpy.zeros(0),
    "empty_i8": lambda: numpy.zeros(0, dtype=numpy.int8),
    "empty_2d": lambda: numpy.zeros((0, 3), dtype=numpy.int64),
    "empty_3d": lambda: numpy.zeros((2, 0, 3), dtype=numpy.float32),
    "int_neg": lambda: numpy.array([-3, 10, 200, -1000]),
    "int8_ext": lambda: numpy.array([-128, 0, 127], dtype=numpy.int8),
    "uint64_big": lambda: numpy.array([0, 2**64 - 1, 12345], dtype=numpy.uint64),
    "int64_ext": lambda: numpy.array([-(2**63), 2**63 - 1], dtype=numpy.int64),
    "bool": lambda: numpy.array([True, False, True]),
    "bool_2d": lambda: numpy.eye(3, dtype=bool),
    "float_simple": lambda: numpy.array([1.0, 2.0, 3.0]),
    "float_frac": lambda: numpy.array([0.1, 0.25, 1.0 / 3.0, 2.0 / 3.0]),
    "float_sci_small": lambda: numpy.array([1e-8, 1.0, 2.0]),
    "float_sci_big": lambda: numpy.array([1e17, 1.0]),
    "float_big_int": lambda: numpy.array([1e15, 1.5]),
    "float_tiny": lambda: numpy.array([5e-324, 1e-310]),
    "float_max": lambda: numpy.array([numpy.finfo(numpy.float64).max, -1.0]),
    "float_neg_zero": lambda: numpy.array([-0.0, 0.0]),
    "float_nan_inf": lambda: numpy.array([numpy.nan, numpy.inf, -numpy.inf]),
    "float_nan_only": lambda: numpy.array([numpy.nan, numpy.nan]),
    "float_ints_and_nan": lambda: numpy.array([1.0, numpy.nan, 3.0]),
    "complex": lambda: numpy.array([1 + 2j, -3.5 - 0.25j, 0j]),
    "complex_special": lambda: numpy.array([complex(numpy.nan, 1), complex(1, numpy.inf),
                                            complex(-0.0, -0.0), 1e-10 + 1e10j]),
    "complex64": lambda: numpy.array([0.1 + 0.2j, 3 - 4j], dtype=numpy.complex64),
    "2d_int": lambda: numpy.arange(12).reshape(3, 4),
    "2d_float": lambda: numpy.arange(12.0).reshape(3, 4) / 7,
    "3d": lambda: numpy.arange(24, dtype=numpy.int16).reshape(2, 3, 4),
    "4d": lambda: numpy.arange(16.0).reshape(2, 2, 2, 2) - 8,
    "wrap_1d": lambda: numpy.linspace(-1, 1, 30),
    "wrap_ints": lambda: numpy.arange(60) * 12345,
    "wrap_2d": lambda: numpy.arange(40.0).reshape(2, 20) * 1.1,
    "summarised_1d": lambda: numpy.arange(1001),
    "summarised_float": lambda: numpy.arange(2000.0) / 3,
    "summarised_2d": lambda: numpy.arange(1600).reshape(40, 40),
    "summarised_3d": lambda: numpy.arange(12000, dtype=numpy.int32).reshape(20, 20, 30),
    "summarised_narrow": lambda: numpy.arange(2000).reshape(1000, 2),
    "not_summarised_1000": lambda: numpy.arange(1000, dtype=numpy.uint16),
    "f16": lambda: numpy.array([0.1, 1.5, 65504, -2.25, numpy.nan], dtype=numpy.float16),
    "f32": lambda: numpy.array([0.1, 1e-3, 3.14159, 123456.7], dtype=numpy.float32),
    "f32_sci": lambda: numpy.array([1e-20, 1e20], dtype=numpy.float32),
    "f64_prec": lambda: numpy.array([0.123456789012345, 1.0]),
    "f64_rounded": lambda: numpy.array([1.000000001, 2.0]),
    "length1": lambda: numpy.array([[[3.5]]]),
    "mixed_width": lambda: numpy.array([[1, -22, 333], [-4444, 5, 66]]),
}


@pytest.mark.parametrize("name", list(REPR_DATA))
def test_repr_str(name):
    e = REPR_DATA[name]()
    a = cn.asarray(e)
    assert repr(a) == repr(e)
    assert str(a) == str(e)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("shape", [(), (0,), (4,), (2, 3), (2, 0, 2), (2, 2, 2)], ids=str)
def test_repr_str_dtypes(dt, shape, rng):
    e = make_data(shape, dt, rng=rng)
    a = cn.asarray(e)
    assert repr(a) == repr(e)
    assert str(a) == str(e)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_repr_full_range(dt, rng):
    e = make_data((7,), dt, kind="full", rng=rng)
    a = cn.asarray(e)
    assert repr(a) == repr(e)
    assert str(a) == str(e)


@pytest.mark.parametrize("dt", dtype_params(INEXACT_DTYPES))
def test_repr_special_floats(dt):
    e = _special_floats(dt)
    if dt.kind == "c":
        re = _special_floats(dt.char.lower())
        e = numpy.empty(re.shape, dt)
        e.real, e.imag = re, re[::-1]
    a = cn.asarray(e)
    assert repr(a) == repr(e)
    assert str(a) == str(e)


def test_repr_of_views():
    for mk in (lambda xp: xp.arange(12.0).reshape(3, 4).T,
               lambda xp: xp.arange(20).reshape(4, 5)[::-2, 1::2],
               lambda xp: xp.arange(3000.0)[::2],
               lambda xp: xp.arange(6)[None, :, None]):
        assert repr(mk(cn)) == repr(mk(numpy))
        assert str(mk(cn)) == str(mk(numpy))


@requires_cunum
def test_repr_of_reduction_result():
    e = numpy.arange(10.0)
    a = cn.asarray(e)
    assert repr(a.sum()) == repr(numpy.asarray(e.sum()))
    assert str(a.sum()) == str(e.sum())


# ---------------------------------------------------------------- view(dtype), byteswap, tobytes

VIEW_DTYPES = ["int8", "uint16", "int32", "float32", "float64", "complex128", "bool"]


@pytest.mark.parametrize("name", list(VIEWS))
@pytest.mark.parametrize("dt", VIEW_DTYPES)
def test_view_dtype(name, dt):
    # the same bytes as another dtype; another itemsize rescales a contiguous
    # last axis, and NumPy's ValueErrors otherwise (0-d, strided last axis)
    compare(lambda xp: VIEWS[name](xp).view(dt))
    compare(lambda xp: VIEWS[name](xp).view())


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_bool_view_of_other_bytes(dt):
    # a bool view of bytes other than 0 and 1: a copy keeps the bytes, a cast
    # from it makes each nonzero byte True (Note [Bool bytes])
    def f(xp):
        b = xp.arange(12, dtype=numpy.uint8).reshape(3, 4)[:, ::-1].view(bool)
        return b.copy().view(numpy.uint8), b.astype(dt), b.T.copy().view(numpy.uint8)
    compare(f)


BOOL_VIEW_OPS = {
    "logical_and": lambda xp, b, t: xp.logical_and(b, t),
    "logical_xor": lambda xp, b, t: xp.logical_xor(b, t),
    "logical_not": lambda xp, b, t: xp.logical_not(b),
    "invert": lambda xp, b, t: ~b,
    "xor": lambda xp, b, t: b ^ t,
    "equal": lambda xp, b, t: b == True,  # noqa: E712
    "equal_strided": lambda xp, b, t: b[::-1] == t[::-1],
    "sum": lambda xp, b, t: b.sum(),
    "count_nonzero": lambda xp, b, t: xp.count_nonzero(b, axis=0),
    "nonzero": lambda xp, b, t: xp.nonzero(b),
    "where": lambda xp, b, t: xp.where(b, 1, 2),
    "multiply": lambda xp, b, t: b * 3,
    "any_all": lambda xp, b, t: (b.any(), b.all(), b[1:].all()),
    "max_min_argmax": lambda xp, b, t: (b.max(), b[::2].min(), b.argmax(), b[2:].argmin(), b.reshape(2, 4).max(1)),
    "cumsum": lambda xp, b, t: b.cumsum(),
    "matmul": lambda xp, b, t: (b @ t, b.reshape(2, 4) @ t.reshape(4, 2)),
    "bincount": lambda xp, b, t: xp.bincount(b),
    "repeat_to_int": lambda xp, b, t: xp.broadcast_to(b, (3, 8)).astype(numpy.int16),
    # cunum.fuse (one generated kernel on the GPU): an elementwise chain and a reduction of one
    "fused": lambda xp, b, t: getattr(xp, "fuse", lambda f: f)(lambda u, v: (xp.logical_xor(u, v), u & v))(b, t),
    "fused_sum": lambda xp, b, t: getattr(xp, "fuse", lambda f: f)(lambda u, v: xp.logical_xor(u, v).sum())(b, t),
}


@pytest.mark.parametrize("op", list(BOOL_VIEW_OPS))
def test_bool_view_of_other_bytes_in_ops(op):
    # ufuncs and reductions read each nonzero byte as True, as NumPy's loops do
    def f(xp):
        b = xp.arange(8, dtype=numpy.uint8).view(bool)
        t = xp.asarray([True, True, False, True, False, True, True, False])
        return BOOL_VIEW_OPS[op](xp, b, t)
    compare(f)


def test_view_dtype_writes_through():
    def f(xp):
        a = xp.zeros(4, dtype=numpy.float64)
        a.view(numpy.int64)[1] = 1
        a.view(numpy.uint8)[-1] = 0x3F
        return a
    compare(f)


def test_view_errors():
    compare(lambda xp: xp.arange(6, dtype=numpy.int32).reshape(2, 3).view(numpy.int64))
    compare(lambda xp: xp.zeros((3, 1), numpy.int32)[::2].view(numpy.int16))
    compare(lambda xp: xp.zeros((2, 0), numpy.int32).view(numpy.int64))


@pytest.mark.parametrize("name", list(VIEWS))
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_byteswap(name, dt):
    # each element's bytes reversed (each half of a complex on its own)
    compare(lambda xp: VIEWS[name](xp).astype(dt).byteswap())


@pytest.mark.parametrize("dt", ["int16", "float32", "complex64"])
def test_byteswap_inplace(dt):
    def f(xp):
        a = xp.arange(12).astype(dt).reshape(3, 4)
        v = a[:, 1::2]
        assert v.byteswap(inplace=True) is v
        return a
    compare(f)


@pytest.mark.parametrize("name", list(VIEWS))
@pytest.mark.parametrize("order", ["C", "F", "A"])
def test_tobytes(name, order):
    compare(lambda xp: VIEWS[name](xp).tobytes(order))


FLAG_NAMES = ["c_contiguous", "f_contiguous", "owndata", "writeable", "aligned", "writebackifcopy",
              "fnc", "forc", "behaved", "carray", "farray"]
FLAG_KEYS = ["C", "F", "O", "W", "A", "X", "FNC", "FORC", "B", "CA", "FA", "CONTIGUOUS", "FORTRAN",
             "BEHAVED", "CARRAY", "FARRAY", "WRITEBACKIFCOPY"]


@pytest.mark.parametrize("name", list(VIEWS))
def test_flags(name):
    e, a = VIEWS[name](numpy), VIEWS[name](cn)
    for f in FLAG_NAMES:
        assert bool(getattr(a.flags, f)) == bool(getattr(e.flags, f)), f
    for k in FLAG_KEYS:
        assert bool(a.flags[k]) == bool(e.flags[k]), k
    # NumPy's layout flags are read-only; an unknown key is its KeyError
    for f in ("c_contiguous", "f_contiguous", "owndata"):
        with pytest.raises(AttributeError):
            setattr(a.flags, f, True)
    with pytest.raises(KeyError):
        a.flags["NOPE"]


@pytest.mark.parametrize("dt", ["float32", "int16", "complex64", "bool"])
@pytest.mark.parametrize("src", ["numpy", "cunum", "scalar"])
def test_fill_with_complex_0d(dt, src):
    # NumPy's ComplexWarning when a 0-d complex value fills a real array
    # (an error under the "error" filter: compare() sees it as raised)
    def f(xp, x):
        v = numpy.complex128(2 + 3j) if src == "scalar" else (numpy if src == "numpy" else xp).asarray(2 + 3j)
        with warnings.catch_warnings():
            warnings.simplefilter("error", numpy.exceptions.ComplexWarning)
            x.fill(v)
        return x
    compare(f, numpy.zeros((2, 3), dt))


@pytest.mark.parametrize("name", list(VIEWS))
@pytest.mark.parametrize("shape", [-1, (-1, 1), (1, -1, 1), 6, (2, 3), (0, 3), (4,)], ids=str)
def test_set_shape(name, shape):
    # x.shape = s reshapes x itself where a view can; else NumPy's
    # AttributeError (a copy would be needed) or ValueError (wrong size)
    def f(xp):
        x = VIEWS[name](xp)
        x.shape = shape
        return x
    compare(f)


def test_set_shape_is_in_place():
    def f(xp):
        a = xp.arange(6.0)
        b = a[::-1][::-1]
        b.shape = (2, 3)
        b[1, 1] = -1                 # still a view of a
        return a, b
    compare(f)


@pytest.mark.parametrize("name", list(VIEWS))
def test_bytes(name):
    compare(lambda xp: bytes(VIEWS[name](xp)))
