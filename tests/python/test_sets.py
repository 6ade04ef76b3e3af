"""Set routines on the sort family (Note [unique by runs]): unique with every
return flag, axis and equal_nan, the array API's unique_* functions, isin
(invert, assume_unique, kind), in1d (deprecated), intersect1d (with
indices), union1d, setdiff1d and setxor1d, against NumPy on every device."""
import numpy
import pytest

from helpers import (ALL_DTYPES, SOME_DTYPES, USING_NUMPY_SHIM, assert_raises_like, assert_same, compare,
                     dtype_params, make_rng)

pytestmark = pytest.mark.usefixtures("device")


def _data(shape, dtype, rng):
    d = numpy.dtype(dtype)
    if d.kind == "b":
        return rng.integers(0, 2, size=shape).astype(d)
    if d.kind in "iu":
        lo = 0 if d.kind == "u" else -3
        return rng.integers(lo, lo + 7, size=shape).astype(d)
    vals = rng.integers(-3, 3, size=shape) * 0.5
    if d.kind == "c":
        vals = vals + 1j * (rng.integers(-1, 2, size=shape) * 0.5)
    return numpy.asarray(vals).astype(d)


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_unique_every_dtype_every_flag(dtype):
    a = _data((4, 6), dtype, make_rng(1))
    compare(lambda xp, x: xp.unique(x), a)
    compare(lambda xp, x: xp.unique(x, return_index=True, return_inverse=True, return_counts=True), a)
    compare(lambda xp, x: xp.unique(x, return_inverse=True), a)
    compare(lambda xp, x: xp.unique(x.T, return_counts=True, return_index=True), a)


@pytest.mark.parametrize("dtype", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_unique_axis(dtype, axis):
    rng = make_rng(2)
    rows = _data((3, 4), dtype, rng)
    a = rows[rng.integers(0, 3, size=7)]
    a = numpy.moveaxis(numpy.stack([a, a[::-1]], axis=2), 2, 1)  # (7, 2, 4) with repeated slices
    compare(lambda xp, x: xp.unique(x, axis=axis, return_index=True, return_inverse=True, return_counts=True), a)
    compare(lambda xp, x: xp.unique(x, axis=axis), a)


def test_unique_nan_and_zeros():
    nan = numpy.nan
    a = numpy.array([nan, 1.0, -0.0, nan, 0.0, 2.0, nan, 1.0])
    for eq in (True, False):
        compare(lambda xp, x: xp.unique(x + 0, return_index=True, return_inverse=True, return_counts=True,
                                         equal_nan=eq), a)
    c = numpy.array([complex(nan, 1), complex(1, nan), complex(1, 1), complex(nan, nan), complex(1, 1)])
    for eq in (True, False):
        compare(lambda xp, x: xp.unique(x, return_counts=True, equal_nan=eq), c)
    compare(lambda xp, x: xp.unique(x, axis=0, return_counts=True),
            numpy.array([[nan, 1.0], [nan, 1.0], [0.0, 2.0]]))


def test_unique_shapes_and_errors():
    compare(lambda xp, x: xp.unique(x, return_inverse=True, return_counts=True, return_index=True),
            numpy.zeros((0, 3), numpy.int32))
    compare(lambda xp, x: xp.unique(x, return_inverse=True), numpy.array(5))
    compare(lambda xp, x: xp.unique(x, return_inverse=True, axis=0), numpy.ones((5, 1), numpy.int8))
    compare(lambda xp, x: xp.unique(x, return_inverse=True), numpy.arange(24).reshape(2, 3, 4) % 5)
    compare(lambda xp: xp.unique([3, 1, 3, 2]))
    assert_raises_like(lambda xp, x: xp.unique(x, axis=2), numpy.ones((2, 3)))
    assert_raises_like(lambda xp, x: xp.unique(x, axis=-3), numpy.ones((2, 3)))


def test_unique_large():
    rng = make_rng(3)
    a = rng.integers(0, 1000, size=(1 << 19) + 3).astype(numpy.int32)
    compare(lambda xp, x: xp.unique(x, return_index=True, return_inverse=True, return_counts=True), a)


@pytest.mark.parametrize("dtype", dtype_params(SOME_DTYPES))
def test_unique_array_api(dtype):
    a = _data((3, 5), dtype, make_rng(4))
    for name in ("unique_all", "unique_counts", "unique_inverse"):
        compare(lambda xp, x: tuple(getattr(xp, name)(x)), a)
    # NumPy 2.4's unique_values no longer sorts (the array API leaves the order
    # open); cunum's is sorted: compare as sets.
    compare(lambda xp, x: xp.sort(xp.unique_values(x)), a)
    compare(lambda xp, x: xp.unique_all(x)._fields, a)


PAIRS = [("int8", "int8"), ("int32", "int64"), ("uint8", "int16"), ("float32", "float64"), ("bool", "int32"),
         ("float16", "float16"), ("complex64", "float32"), ("uint64", "uint64"), ("int64", "float64"),
         ("bool", "bool"), ("complex128", "complex128"), ("uint16", "uint32")]


@pytest.mark.parametrize("da,db", PAIRS)
def test_isin_dtype_pairs(da, db):
    rng = make_rng(5)
    a, b = _data((3, 4), da, rng), _data(6, db, rng)
    for invert in (False, True):
        compare(lambda xp, x, y: xp.isin(x, y, invert=invert), a, b)
        compare(lambda xp, x, y: xp.isin(x, y, invert=invert, kind="sort"), a, b)
    compare(lambda xp, x, y: xp.isin(x, y, assume_unique=True), numpy.unique(a), numpy.unique(b))


def test_isin_special_cases_and_errors():
    nan = numpy.nan
    compare(lambda xp, x, y: xp.isin(x, y), numpy.array([nan, 0.0, -0.0, 1.0]), numpy.array([0.0, nan]))
    compare(lambda xp, x, y: xp.isin(x, y, invert=True), numpy.array([nan, -0.0]), numpy.array([nan, 0.0]))
    compare(lambda xp, x, y: xp.isin(x, y), numpy.array([1, 2]), numpy.array([], numpy.int64))
    compare(lambda xp, x, y: xp.isin(x, y, invert=True), numpy.array([1, 2]), numpy.array([], numpy.int64))
    compare(lambda xp, x, y: xp.isin(x, y), numpy.array(3), numpy.array([[3, 4]]))
    compare(lambda xp, x, y: xp.isin(x, y, kind="table"), numpy.array([1, 5]), numpy.array([5, 7]))
    compare(lambda xp, x: xp.isin(x, [1, 2]), numpy.arange(4))
    assert_raises_like(lambda xp, x, y: xp.isin(x, y, kind="table2"), numpy.array([1]), numpy.array([2]))
    assert_raises_like(lambda xp, x, y: xp.isin(x, y, kind="table"), numpy.array([1.0]), numpy.array([2.0]))


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="in1d is gone from NumPy 2.4")
def test_in1d_warns():
    import cunum as cn
    a, b = numpy.array([[1, 2], [3, 4]]), numpy.array([2, 4])
    with pytest.warns(DeprecationWarning, match="`in1d` is deprecated"):
        r = cn.in1d(cn.asarray(a), cn.asarray(b))
    assert_same(numpy.isin(a.ravel(), b), r)


@pytest.mark.parametrize("da,db", PAIRS[:8])
def test_set_operations(da, db):
    rng = make_rng(6)
    a, b = _data(10, da, rng), _data((2, 4), db, rng)
    compare(lambda xp, x, y: xp.intersect1d(x, y), a, b)
    compare(lambda xp, x, y: xp.intersect1d(x, y, return_indices=True), a, b)
    compare(lambda xp, x, y: xp.union1d(x, y), a, b)
    compare(lambda xp, x, y: xp.setdiff1d(x, y), a, b)
    compare(lambda xp, x, y: xp.setxor1d(x, y), a, b)
    ua, ub = numpy.unique(a), numpy.unique(b)
    compare(lambda xp, x, y: xp.intersect1d(x, y, assume_unique=True, return_indices=True), ua[::-1], ub)
    compare(lambda xp, x, y: xp.setdiff1d(x, y, assume_unique=True), ua[::-1], ub)
    compare(lambda xp, x, y: xp.setxor1d(x, y, assume_unique=True), ua, ub)


def test_set_operations_nan_and_empty():
    nan = numpy.nan
    a, b = numpy.array([nan, 1.0, 2.0, nan]), numpy.array([nan, 2.0, 3.0])
    for f in ("intersect1d", "union1d", "setdiff1d", "setxor1d"):
        compare(lambda xp, x, y: getattr(xp, f)(x, y), a, b)
        compare(lambda xp, x, y: getattr(xp, f)(x, y), a[:0], b)
        compare(lambda xp, x, y: getattr(xp, f)(x, y), a, b[:0])
    compare(lambda xp: xp.union1d([3, 1], [2.5]))
