"""dtype objects, promotion (NEP 50), casting rules, finfo/iinfo/issubdtype."""
import itertools

import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, INEXACT_DTYPES, INT_DTYPES, FLOAT_DTYPES, COMPLEX_DTYPES,
                     compare, dtype_params, dtype_id, USING_NUMPY_SHIM)

PAIRS = [pytest.param(a, b, id=f"{dtype_id(a)}-{dtype_id(b)}")
         for a, b in itertools.product(ALL_DTYPES, ALL_DTYPES)]
SCALARS = [True, False, 1, 0, -1, 1.5, 1j, 2**40, 300, -300, 2**63, 2**64]
SCALAR_IDS = ["True", "False", "1", "0", "-1", "1.5", "1j", "2**40", "300", "-300", "2**63",
              "2**64"]
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]

TYPE_NAMES = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
              "uint64", "float16", "float32", "float64", "complex64", "complex128"]


# ---------------------------------------------------------------- dtype objects


@pytest.mark.parametrize("name", TYPE_NAMES)
def test_scalar_types_are_numpy_types(name):
    assert getattr(cn, name) is getattr(numpy, name)


def test_bool_alias():
    assert cn.bool_ is numpy.bool_


def test_dtype_is_numpy_dtype():
    assert cn.dtype is numpy.dtype or cn.dtype("f4") == numpy.dtype("f4")
    assert isinstance(cn.dtype("f4"), numpy.dtype)


@pytest.mark.parametrize("spec", ["f4", "float32", "e", "f2", "float16", "d", "f8", "float64",
                                  "i1", "int8", "i2", "i4", "int32", "i8", "int64", "u1",
                                  "uint8", "u2", "u4", "u8", "uint64", "c8", "complex64", "c16",
                                  "complex128", "?", "b1", "bool", "F", "D"])
def test_dtype_parsing_strings(spec, device):
    expected = numpy.dtype(spec)
    assert cn.dtype(spec) == expected
    x = cn.zeros(3, dtype=spec)
    assert isinstance(x.dtype, numpy.dtype)
    assert x.dtype == expected


@pytest.mark.parametrize("spec, name", [(int, "int64"), (float, "float64"),
                                        (complex, "complex128"), (bool, "bool")])
def test_dtype_parsing_python_types(spec, name, device):
    assert numpy.dtype(spec) == numpy.dtype(name)  # numpy semantics this relies on
    assert cn.dtype(spec) == numpy.dtype(name)
    assert cn.zeros(2, dtype=spec).dtype == numpy.dtype(name)
    assert cn.ones(2, dtype=spec).dtype == numpy.dtype(name)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_dtype_parsing_numpy_objects(dt, device):
    for spec in (dt, dt.type, dt.name, dt.str, dt.char):
        x = cn.empty((2,), dtype=spec)
        assert x.dtype == dt, spec
        assert type(x.dtype) is type(dt)
    assert cn.zeros(2, dtype=dt).dtype.itemsize == dt.itemsize


@pytest.mark.parametrize("spec", ["foo", "f3", "int7", "floaty"])
def test_bad_dtype_string(spec, device):
    compare(lambda xp: xp.zeros(2, dtype=spec))
    compare(lambda xp: xp.dtype(spec))


def test_default_dtypes(device):
    compare(lambda xp: xp.zeros(3))
    compare(lambda xp: xp.ones((2, 2)))
    compare(lambda xp: xp.empty(0))
    compare(lambda xp: xp.asarray([1, 2, 3]))
    compare(lambda xp: xp.asarray([1.0, 2]))
    compare(lambda xp: xp.asarray([True, False]))
    compare(lambda xp: xp.asarray([1, 2j]))
    compare(lambda xp: xp.arange(5))
    compare(lambda xp: xp.arange(5.0))


# ---------------------------------------------------------------- promotion


@pytest.mark.parametrize("a, b", PAIRS)
def test_promote_types(a, b):
    assert cn.promote_types(a, b) == numpy.promote_types(a, b)
    assert cn.promote_types(a.type, b.name) == numpy.promote_types(a, b)


@pytest.mark.parametrize("a, b", PAIRS)
def test_result_type_dtypes(a, b):
    assert cn.result_type(a, b) == numpy.result_type(a, b)


@pytest.mark.parametrize("a, b", PAIRS)
def test_result_type_arrays(a, b, device):
    expected = numpy.result_type(numpy.zeros(2, a), numpy.zeros(3, b))
    assert cn.result_type(cn.zeros(2, a), cn.zeros(3, b)) == expected
    # 0-d arrays are not "weak" under NEP 50
    expected0 = numpy.result_type(numpy.zeros((), a), numpy.zeros(3, b))
    assert cn.result_type(cn.zeros((), a), cn.zeros(3, b)) == expected0
    # mixing arrays and dtypes
    assert cn.result_type(cn.zeros(2, a), b) == numpy.result_type(numpy.zeros(2, a), b)


@pytest.mark.parametrize("a, b", PAIRS)
def test_binary_op_result_dtype(a, b, device):
    expected = (numpy.ones(2, a) * numpy.ones(2, b)).dtype
    assert (cn.ones(2, a) * cn.ones(2, b)).dtype == expected


def test_result_type_three_args():
    for args in [(numpy.int8, numpy.uint8, numpy.float16),
                 (numpy.int16, numpy.float16, numpy.complex64),
                 (numpy.uint64, numpy.int8, numpy.bool_),
                 (numpy.bool_, numpy.bool_, numpy.bool_)]:
        assert cn.result_type(*args) == numpy.result_type(*args)


@pytest.mark.parametrize("args", [(1, 1.5), (1,), (True,), (1j,), (1.5,), (True, 1),
                                  (1j, numpy.float16), (1.5, numpy.int8), (1, numpy.uint8),
                                  (True, numpy.bool_), (2**40, numpy.int8)],
                         ids=repr)
def test_result_type_python_scalars(args):
    assert cn.result_type(*args) == numpy.result_type(*args)


def test_result_type_no_args():
    compare(lambda xp: xp.result_type())


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("scalar", SCALARS, ids=SCALAR_IDS)
def test_result_type_array_with_python_scalar(dt, scalar, device):
    expected = numpy.result_type(numpy.zeros(2, dt), scalar)
    assert cn.result_type(cn.zeros(2, dt), scalar) == expected
    assert cn.result_type(scalar, cn.zeros(2, dt)) == expected
    assert cn.result_type(dt, scalar) == numpy.result_type(dt, scalar)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("scalar", SCALARS, ids=SCALAR_IDS)
def test_array_plus_python_scalar(dt, scalar, device):
    # dtype of the result, values, and OverflowError for out-of-range Python ints
    a = numpy.arange(3).astype(dt)
    compare(lambda xp, x: x + scalar, a)
    compare(lambda xp, x: scalar + x, a)
    compare(lambda xp, x: xp.add(x, scalar), a)


@pytest.mark.parametrize("dt", dtype_params(INT_DTYPES + [numpy.dtype(bool)]))
@pytest.mark.parametrize("scalar", [300, -1, -300, 2**40, 2**63, -(2**63) - 1],
                         ids=["300", "-1", "-300", "2**40", "2**63", "-2**63-1"])
@pytest.mark.parametrize("op", ["eq", "ne", "lt", "le", "gt", "ge"])
def test_comparison_with_out_of_range_python_int(dt, scalar, op, device):
    # NumPy 2 compares exactly with out-of-range Python ints (no OverflowError)
    import operator
    f = getattr(operator, op)
    a = numpy.array([0, 1, 5], dtype=dt)
    compare(lambda xp, x: f(x, scalar), a)
    compare(lambda xp, x: f(scalar, x), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("sc", [numpy.float64(1.5), numpy.float32(2), numpy.int8(3),
                                numpy.uint64(4), numpy.bool_(True), numpy.complex64(1j),
                                numpy.int64(-2)], ids=repr)
def test_array_with_numpy_scalar_is_strong(dt, sc, device):
    a = numpy.arange(3).astype(dt)
    compare(lambda xp, x: x * sc, a)
    compare(lambda xp, x: xp.result_type(x, sc), a)


# ---------------------------------------------------------------- can_cast


@pytest.mark.parametrize("a, b", PAIRS)
def test_can_cast_all_kinds(a, b):
    for casting in CASTINGS:
        assert cn.can_cast(a, b, casting=casting) == numpy.can_cast(a, b, casting=casting), casting
        assert cn.can_cast(a.type, b.name, casting) == numpy.can_cast(a, b, casting), casting
    assert cn.can_cast(a, b) == numpy.can_cast(a, b)  # default: 'safe'


@pytest.mark.parametrize("a, b", PAIRS)
def test_can_cast_from_array(a, b, device):
    for casting in ("safe", "same_kind"):
        expected = numpy.can_cast(numpy.zeros(2, a), b, casting)
        assert cn.can_cast(cn.zeros(2, a), b, casting) == expected
        expected0 = numpy.can_cast(numpy.zeros((), a), b, casting)
        assert cn.can_cast(cn.zeros((), a), b, casting) == expected0


def test_can_cast_errors():
    compare(lambda xp: xp.can_cast(1, xp.int8))
    compare(lambda xp: xp.can_cast(1.5, xp.float32))
    compare(lambda xp: xp.can_cast(xp.int8, xp.int16, casting="bogus"))


# ---------------------------------------------------------------- finfo / iinfo / issubdtype


@pytest.mark.parametrize("dt", dtype_params(INEXACT_DTYPES))
def test_finfo(dt):
    e, a = numpy.finfo(dt), cn.finfo(dt)
    for attr in ("bits", "eps", "epsneg", "max", "min", "tiny", "smallest_normal",
                 "resolution", "precision", "nmant", "nexp", "dtype"):
        assert getattr(a, attr) == getattr(e, attr), attr
    assert cn.finfo(dt.type).eps == e.eps
    assert cn.finfo(dt.name).max == e.max


@pytest.mark.parametrize("dt", dtype_params(INT_DTYPES))
def test_iinfo(dt):
    e, a = numpy.iinfo(dt), cn.iinfo(dt)
    for attr in ("bits", "min", "max", "dtype", "kind"):
        assert getattr(a, attr) == getattr(e, attr), attr
    assert cn.iinfo(dt.type).max == e.max
    assert cn.iinfo(dt.name).min == e.min


@pytest.mark.parametrize("dt", dtype_params(INT_DTYPES + [numpy.dtype(bool)]))
def test_finfo_rejects_non_inexact(dt):
    compare(lambda xp: xp.finfo(dt))


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES + COMPLEX_DTYPES))
def test_iinfo_rejects_inexact(dt):
    compare(lambda xp: xp.iinfo(dt))


ABSTRACT = ["generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact",
            "floating", "complexfloating", "bool_"]


@pytest.mark.parametrize("name", ABSTRACT)
def test_abstract_types_exported(name):
    assert getattr(cn, name) is getattr(numpy, name)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_issubdtype(dt):
    for name in ABSTRACT:
        sup = getattr(numpy, name)
        assert cn.issubdtype(dt, sup) == numpy.issubdtype(dt, sup), name
        assert cn.issubdtype(dt.type, sup) == numpy.issubdtype(dt.type, sup), name
    for other in ALL_DTYPES:
        assert cn.issubdtype(dt, other) == numpy.issubdtype(dt, other)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum-specific")
def test_array_dtype_attribute_is_numpy_dtype(device):
    for dt in ALL_DTYPES:
        x = cn.zeros(2, dt)
        assert isinstance(x.dtype, numpy.dtype)
        assert x.dtype == dt
        assert x.dtype.type is dt.type


@pytest.mark.usefixtures("device")
@pytest.mark.parametrize("value", [0, 255, 256, -1, -129, 2**40, 2**64 - 1, 1.0, 1e10, 1e300, 1j, True,
                                   numpy.float32(3.0), numpy.int64(-7)], ids=repr)
def test_min_scalar_type_of_values(value):
    assert cn.min_scalar_type(value) == numpy.min_scalar_type(value)
    if not isinstance(value, complex) and value < 2**63:
        # a 0-d array: its value decides; a 1-d one: its dtype
        a = numpy.asarray(value)
        assert cn.min_scalar_type(cn.asarray(a)) == numpy.min_scalar_type(a)
        assert cn.min_scalar_type(cn.asarray(a[None])) == numpy.min_scalar_type(a[None])


@pytest.mark.usefixtures("device")
def test_common_type_and_mintypecode():
    for dts in [("int8",), ("int8", "float32"), ("float16", "float32"), ("float32", "complex64"),
                ("uint64", "complex128"), ("float16",)]:
        arrays = [numpy.zeros(2, d) for d in dts]
        assert cn.common_type(*[cn.asarray(a) for a in arrays]) is numpy.common_type(*arrays)
        chars = [cn.asarray(a) for a in arrays] + ["f"]
        assert cn.mintypecode(chars) == numpy.mintypecode([a.dtype.char for a in arrays] + ["f"])
    with pytest.raises(TypeError):
        numpy.common_type(numpy.zeros(2, bool))
    with pytest.raises(TypeError):
        cn.common_type(cn.zeros(2, bool))
    assert cn.typename("F") == numpy.typename("F")
