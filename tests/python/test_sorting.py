"""Sorting and searching (the sort family, Note [Sort plans]): sort, argsort,
partition, argpartition, lexsort, sort_complex, msort, searchsorted,
digitize and the ndarray methods, against NumPy on every device: every
dtype, every axis and None, C/F/transposed/stepped/0-d/empty inputs, NaN,
inf and signed zeros, stability on many equal keys, and NumPy's errors.

argsort is always stable in cunum, so it is compared exactly with NumPy's
kind='stable'. cunum's default (unstable) float sort may put -0.0 before
+0.0 where NumPy's quicksort keeps another arrangement: values are compared
with the zeros' signs dropped there, and exactly with stable=True.
"""
import warnings

import numpy
import pytest

from helpers import (ALL_DTYPES, COMPLEX_DTYPES, FLOAT_DTYPES, SOME_DTYPES, USING_NUMPY_SHIM, assert_raises_like,
                     assert_same, compare, dtype_params, make_data, make_rng, numpy_side)

pytestmark = pytest.mark.usefixtures("device")

LAYOUTS = {
    "c": lambda x: x,
    "f": lambda x: x.copy(order="F") if hasattr(x, "copy") else x,
    "transposed": lambda x: x.T,
    "stepped": lambda x: x[::2, ::-1],
}


def _data(shape, dtype, rng, few=True):
    """Data with many equal keys (few distinct values) for stability."""
    d = numpy.dtype(dtype)
    if d.kind == "b":
        return rng.integers(0, 2, size=shape).astype(d)
    if d.kind in "iu":
        lo = 0 if d.kind == "u" else -3
        return rng.integers(lo, lo + (6 if few else 100), size=shape).astype(d)
    vals = rng.integers(-3, 3, size=shape).astype(numpy.float64) * 0.5
    if d.kind == "c":
        vals = vals + 1j * (rng.integers(-2, 2, size=shape) * 0.5)
    return vals.astype(d)


def _nozero_sign(x):
    return x + 0  # -0.0 + 0 is +0.0 (NumPy and cunum alike)


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("axis", [-1, 0, 1, None])
def test_sort_argsort_every_dtype_and_axis(dtype, axis):
    a = _data((4, 9), dtype, make_rng(1))
    compare(lambda xp, x: xp.argsort(x, axis=axis, kind="stable") if numpy_side(xp) else xp.argsort(x, axis=axis), a)
    compare(lambda xp, x: xp.sort(x, axis=axis), a)
    compare(lambda xp, x: xp.sort(x, axis=axis, stable=True), a)


@pytest.mark.parametrize("dtype", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("axis", [-1, 0])
def test_layouts(dtype, layout, axis):
    a = _data((6, 10), dtype, make_rng(2))
    f = LAYOUTS[layout]
    compare(lambda xp, x: xp.sort(f(x), axis=axis), a)
    compare(lambda xp, x: xp.argsort(f(x), axis=axis, kind="stable"), a)


@pytest.mark.parametrize("shape", [(0,), (3, 0), (0, 4), (1,), (1, 5), (5, 1), (2, 1, 3)])
@pytest.mark.parametrize("axis", [-1, 0, None])
def test_empty_and_size_one_axes(shape, axis):
    a = _data(shape, numpy.float32, make_rng(3))
    compare(lambda xp, x: xp.sort(x, axis=axis), a)
    compare(lambda xp, x: xp.argsort(x, axis=axis, kind="stable"), a)


def test_zero_d():
    a = numpy.array(3.5)
    assert_raises_like(lambda xp, x: xp.sort(x), a)
    compare(lambda xp, x: xp.argsort(x), a)  # NumPy takes a 0-d array as 1-d here
    compare(lambda xp, x: xp.argsort(x, axis=0), a)
    assert_raises_like(lambda xp, x: xp.argsort(x, axis=1), a)
    compare(lambda xp, x: xp.argpartition(x, 0), a)
    compare(lambda xp, x: xp.lexsort([x]), a)
    compare(lambda xp, x: xp.sort(x, axis=None), a)
    compare(lambda xp, x: xp.argsort(x, axis=None), a)
    assert_raises_like(lambda xp, x: x.sort(), a)


@pytest.mark.parametrize("dtype", dtype_params(FLOAT_DTYPES))
def test_special_float_values(dtype):
    rng = make_rng(4)
    special = numpy.array([numpy.nan, -numpy.nan, numpy.inf, -numpy.inf, -0.0, 0.0, 1.0, -1.0, 2.0], dtype)
    a = rng.choice(special, size=(3, 40))
    # argsort is exact: NaNs last (whatever their sign), -0.0 == +0.0 kept in order
    compare(lambda xp, x: xp.argsort(x, axis=-1, kind="stable"), a)
    compare(lambda xp, x: xp.argsort(x, axis=0, kind="stable"), a)
    compare(lambda xp, x: xp.sort(x, axis=-1, kind="stable"), a)
    compare(lambda xp, x: xp.sort(x, axis=None, stable=True), a)
    compare(lambda xp, x: _nozero_sign(xp.sort(x, axis=-1)), a)
    # one segment: the GPU sorts the values themselves (Note [Native sorts]),
    # and NaNs with the sign bit set must still go last
    # and NaNs with the sign bit set must still go last. The oracle is
    # NumPy's stable sort: NumPy 2.4's SIMD float16 quicksort misorders -1.0
    # and -0.0 when NaNs of both signs are present (seen on x86-64).
    def unstable(xp, x, axis=-1):
        return _nozero_sign(xp.sort(x, axis=axis, kind="stable" if numpy_side(xp) else "quicksort"))
    compare(lambda xp, x: unstable(xp, x, None), a)
    big = rng.choice(special, size=100003)
    compare(unstable, big)
    compare(unstable, numpy.full(5000, -numpy.nan, dtype))


@pytest.mark.parametrize("dtype", dtype_params(COMPLEX_DTYPES))
def test_complex_nan_order(dtype):
    nan = numpy.nan
    parts = [0.0, -0.0, 1.0, -1.0, nan, numpy.inf]
    vals = numpy.array([complex(r, i) for r in parts for i in parts], dtype)
    a = numpy.concatenate([vals, vals[::-1], vals[::3]])
    compare(lambda xp, x: xp.argsort(x, kind="stable"), a)
    compare(lambda xp, x: xp.sort(x, stable=True), a)
    b = make_rng(5).permutation(a).reshape(4, -1)
    compare(lambda xp, x: xp.argsort(x, axis=0, kind="stable"), b)


@pytest.mark.parametrize("dtype", dtype_params([numpy.int64, numpy.float32, numpy.uint8, numpy.complex64]))
def test_long_segments_stable(dtype):
    # past the CPU radix sort's split into cache-sized buckets (2^16): stability across buckets
    a = _data((1 << 19) + 7, dtype, make_rng(6))
    compare(lambda xp, x: xp.argsort(x, kind="stable"), a)
    compare(lambda xp, x: xp.sort(x), a)


def test_wide_values_int64_and_uint64():
    rng = make_rng(7)
    a = rng.integers(-2**63, 2**63 - 1, size=(3, 500), dtype=numpy.int64)
    compare(lambda xp, x: xp.sort(x), a)
    compare(lambda xp, x: xp.argsort(x, axis=0, kind="stable"), a)
    compare(lambda xp, x: xp.sort(x), a.view(numpy.uint64))


def test_kind_and_stable_keywords():
    a = _data((3, 8), numpy.int32, make_rng(8))
    for kind in ["quicksort", "mergesort", "heapsort", "stable", None]:
        compare(lambda xp, x: xp.sort(x, kind=kind), a)
        compare(lambda xp, x: xp.argsort(x, kind=kind) if kind in ("stable", "mergesort") or not numpy_side(xp)
                else xp.argsort(x, kind="stable"), a)
    compare(lambda xp, x: xp.sort(x, stable=False), a)
    assert_raises_like(lambda xp, x: xp.sort(x, kind="foo"), a)
    assert_raises_like(lambda xp, x: xp.sort(x, kind="quicksort", stable=True), a)
    assert_raises_like(lambda xp, x: xp.argsort(x, kind="stable", stable=True), a)
    assert_raises_like(lambda xp, x: xp.sort(x, axis=2), a)
    assert_raises_like(lambda xp, x: xp.argsort(x, axis=-3), a)
    assert_raises_like(lambda xp, x: xp.sort(x, axis=1.0), a)


def _check_partition(xp_result_np, a, kth, axis):
    s = numpy.sort(a, axis=axis)
    for k in numpy.atleast_1d(kth):
        k = int(k)
        kv = numpy.take(s, [k], axis=axis)
        r = xp_result_np
        assert (numpy.take(r, [k], axis=axis) == kv).all()
        before = numpy.take(r, range(0, k % a.shape[axis]), axis=axis)
        after = numpy.take(r, range(k % a.shape[axis] + 1, a.shape[axis]), axis=axis)
        assert (before <= kv).all() and (after >= kv).all()


@pytest.mark.parametrize("dtype", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("kth", [0, 3, -1, [1, 5]])
def test_partition_property(dtype, kth):
    import cunum as cn
    a = _data((3, 7), dtype, make_rng(9))
    for axis in (-1, 0):
        if axis == 0 and numpy.max(numpy.abs(numpy.atleast_1d(kth))) >= 3:
            continue
        p = cn.asnumpy(cn.partition(cn.asarray(a), kth, axis=axis))
        assert p.dtype == a.dtype and p.shape == a.shape
        _check_partition(p, a, kth, axis)
        i = cn.asnumpy(cn.argpartition(cn.asarray(a), kth, axis=axis))
        assert i.dtype == numpy.intp
        _check_partition(numpy.take_along_axis(a, i, axis=axis), a, kth, axis)
    flat = cn.asnumpy(cn.partition(cn.asarray(a), kth, axis=None))
    _check_partition(flat, a.ravel(), kth, 0)
    m = cn.asarray(a)
    assert m.partition(kth) is None
    _check_partition(cn.asnumpy(m), a, kth, -1)


def test_partition_errors():
    a = _data((2, 3), numpy.int16, make_rng(10))
    assert_raises_like(lambda xp, x: xp.partition(x, 5), a)
    assert_raises_like(lambda xp, x: xp.partition(x, -5), a)
    assert_raises_like(lambda xp, x: xp.partition(x, [0, 5]), a)
    assert_raises_like(lambda xp, x: xp.partition(x, 1.5), a)
    assert_raises_like(lambda xp, x: xp.argpartition(x, 1, kind="quick"), a)
    assert_raises_like(lambda xp, x: xp.partition(x, 0, axis=3), a)
    assert_raises_like(lambda xp, x: xp.partition(xp.asarray(3), 0), a)


def test_lexsort():
    rng = make_rng(11)
    k1 = rng.integers(0, 3, size=40).astype(numpy.int8)
    k2 = (rng.integers(0, 3, size=40) * 0.5).astype(numpy.float32)
    k3 = rng.integers(0, 2, size=40).astype(bool)
    compare(lambda xp, a, b, c: xp.lexsort((a, b, c)), k1, k2, k3)
    compare(lambda xp, a, b: xp.lexsort([a, b]), k1, k2)
    compare(lambda xp, a: xp.lexsort(a), numpy.stack([k1, k1[::-1]]))
    compare(lambda xp, a: xp.lexsort(a), k1)
    m1, m2 = k1.reshape(5, 8), k2.reshape(5, 8)
    compare(lambda xp, a, b: xp.lexsort((a, b), axis=0), m1, m2)
    compare(lambda xp, a, b: xp.lexsort((a, b), axis=-1), m1, m2)
    assert_raises_like(lambda xp: xp.lexsort([]))
    assert_raises_like(lambda xp, a, b: xp.lexsort([a, b]), k1, k1[:5])


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_every_dtype(dtype, side):
    rng = make_rng(12)
    a = numpy.sort(_data(30, dtype, rng))
    v = _data((3, 5), dtype, rng)
    compare(lambda xp, x, y: xp.searchsorted(x, y, side=side), a, v)
    compare(lambda xp, x, y: x.searchsorted(y, side=side), a, v)
    compare(lambda xp, x: xp.searchsorted(x, x[3:4][0] if x.size > 3 else x, side=side), a)


@pytest.mark.parametrize("dtype", dtype_params(FLOAT_DTYPES + COMPLEX_DTYPES))
def test_searchsorted_nan_and_zeros(dtype):
    a = numpy.sort(numpy.array([-numpy.inf, -1, -0.0, 0.0, 1, numpy.inf, numpy.nan, numpy.nan], dtype))
    v = numpy.array([numpy.nan, 0.0, -0.0, numpy.inf, -2, 5], dtype)
    for side in ("left", "right"):
        compare(lambda xp, x, y: xp.searchsorted(x, y, side=side), a, v)


def test_searchsorted_sorter_mixed_dtypes_and_errors():
    rng = make_rng(13)
    a = _data(20, numpy.int32, rng, few=False)
    order = numpy.argsort(a, kind="stable")
    v = numpy.array([-5, 0, 3.5, 50, 200])
    compare(lambda xp, x, s, y: xp.searchsorted(x, y, sorter=s), a, order, v)
    compare(lambda xp, x, s: xp.searchsorted(x, [1, 2], side="right", sorter=list(s)), a, order)
    compare(lambda xp, x: xp.searchsorted(xp.sort(x), 2.5), a)
    compare(lambda xp, x: xp.searchsorted(x.astype(xp.uint8), -1), numpy.arange(5))
    assert_raises_like(lambda xp, x: xp.searchsorted(x.reshape(4, 5), 1), a)
    assert_raises_like(lambda xp, x: xp.searchsorted(x, 1, side="middle"), a)
    assert_raises_like(lambda xp, x: xp.searchsorted(x, 1, sorter=[0, 1]), a)
    assert_raises_like(lambda xp, x: xp.searchsorted(x, 1, sorter=numpy.zeros(20)), a)


@pytest.mark.parametrize("right", [False, True])
def test_digitize(right):
    x = numpy.array([-1.0, 0.0, 0.5, 1.0, 2.5, 4.0, 10.0, numpy.nan])
    compare(lambda xp, a, b: xp.digitize(a, b, right=right), x, numpy.array([0.0, 1.0, 2.5, 4.0]))
    compare(lambda xp, a, b: xp.digitize(a, b, right=right), x, numpy.array([4.0, 2.5, 1.0, 0.0]))
    compare(lambda xp, a, b: xp.digitize(a, b, right=right), numpy.arange(6), numpy.array([1, 1, 3]))
    compare(lambda xp, a, b: xp.digitize(a, b, right=right), x.reshape(2, 4), numpy.array([1.0]))
    compare(lambda xp, a, b: xp.digitize(a, b, right=right), x, numpy.array([], numpy.float64))
    assert_raises_like(lambda xp, a, b: xp.digitize(a, b), x, numpy.array([1.0, 3.0, 2.0]))
    assert_raises_like(lambda xp, a, b: xp.digitize(a, b), x, numpy.array([[1.0, 3.0]]))
    assert_raises_like(lambda xp, a, b: xp.digitize(a, b), x.astype(complex), numpy.array([1.0, 3.0]))
    # NaN edges: NumPy's monotonicity test never sees them as a step either way.
    nan = numpy.nan
    # (Edges it takes that are not sorted, as [1, nan, 3], leave searchsorted's result undefined.)
    for b in ([1.0, 3.0, 5.0, nan], [nan, nan, nan], [nan, 5.0, 3.0, 1.0], [1.0, 1.0, 3.0, nan, nan],
              [5.0, 5.0, 3.0, 3.0], [2.0, 2.0]):
        compare(lambda xp, a, e: xp.digitize(a, e, right=right), x, numpy.array(b, numpy.float32))
    assert_raises_like(lambda xp, a, e: xp.digitize(a, e), x, numpy.array([nan, 1.0, 3.0, 2.0]))


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_sort_complex(dtype):
    compare(lambda xp, x: xp.sort_complex(x), _data(12, dtype, make_rng(14)))


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="msort is gone from NumPy 2")
def test_msort_warns_and_sorts_axis_0():
    import cunum as cn
    a = _data((5, 3), numpy.float64, make_rng(15))
    with pytest.warns(DeprecationWarning, match="msort is deprecated"):
        r = cn.msort(cn.asarray(a))
    assert_same(numpy.sort(a, axis=0), r)


@pytest.mark.parametrize("dtype", dtype_params(SOME_DTYPES))
def test_methods_sort_in_place(dtype):
    a = _data((5, 8), dtype, make_rng(16))

    def f(xp, x):
        v = x[::2, 1:]
        assert v.sort(axis=0) is None
        x[1].sort()
        return x

    compare(f, a)
    compare(lambda xp, x: x.argsort(axis=0, kind="stable"), a)
    compare(lambda xp, x: x.argsort(stable=True), a)
    compare(lambda xp, x: x.sort(kind="foo"), a)
