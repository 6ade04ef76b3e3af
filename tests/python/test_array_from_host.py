"""array/asarray keep NumPy's memory order for host data (an F-ordered NumPy
array stays F-ordered under order 'K'/'A'), ndmin without a copy, fromiter;
against NumPy (found by CuPy's suite)."""
import numpy
import pytest

import cunum as cn
from helpers import SOME_DTYPES, assert_same, compare, dtype_id, requires_cunum, USING_NUMPY_SHIM


def _flags(x):
    return x.flags.c_contiguous, x.flags.f_contiguous


@pytest.mark.parametrize("dt", SOME_DTYPES, ids=dtype_id)
@pytest.mark.parametrize("layout", ["C", "F", "strided", "1d"])
@pytest.mark.parametrize("order", ["K", "A", "C", "F", None])
@pytest.mark.parametrize("fn", ["array", "asarray"])
def test_host_array_order(device, dt, layout, order, fn):
    h = numpy.arange(24).reshape(2, 3, 4).astype(dt)
    h = {"C": h, "F": numpy.asfortranarray(h), "strided": h[:, ::2], "1d": h.ravel()}[layout]
    if order is None and fn == "array":
        order = "K"
    e = getattr(numpy, fn)(h, order=order)
    a = getattr(cn, fn)(h, order=order)
    assert_same(e, a)
    if layout != "strided":  # NumPy keeps a strided view's strides; cunum copies it
        assert _flags(a) == _flags(e)
    if not USING_NUMPY_SHIM:  # cunum uploads: always its own memory (NumPy may return h itself)
        assert a.flags.owndata


def test_host_array_order_with_dtype(device):
    h = numpy.asfortranarray(numpy.arange(12, dtype=numpy.int32).reshape(3, 4))
    a = cn.asarray(h, dtype=numpy.float64)
    assert_same(numpy.asarray(h, dtype=numpy.float64), a)
    assert a.flags.f_contiguous


@pytest.mark.parametrize("copy", [False, None])
@pytest.mark.parametrize("ndmin", [0, 2, 3, 5])
def test_array_ndmin_without_copy(device, copy, ndmin):
    a = cn.arange(6.0).reshape(2, 3)
    b = cn.array(a, copy=copy, ndmin=ndmin)
    e = numpy.array(numpy.arange(6.0).reshape(2, 3), copy=None, ndmin=ndmin)
    assert_same(e, b)
    b[...] = -1  # a view: the original sees the write
    assert_same(numpy.full((2, 3), -1.0), a)


@pytest.mark.parametrize("dt", [numpy.float64, numpy.int32, numpy.complex64, bool], ids=str)
@pytest.mark.parametrize("count", [-1, 0, 3])
def test_fromiter(device, dt, count):
    compare(lambda xp: xp.fromiter((i * i for i in range(5)), dt, count=count))
    compare(lambda xp: xp.fromiter(iter([]), dt, count=count if count <= 0 else -1))


def test_fromiter_errors(device):
    compare(lambda xp: xp.fromiter(iter([1, 2]), float, count=3))  # ValueError: too short


@pytest.mark.parametrize("where", ["int32", "float32", "uint8", "bool", "int0d", "list", "pyint",
                                   "npint"])
def test_copyto_where_must_be_bool(device, where):
    """An array `where` that does not cast safely to bool is NumPy's TypeError."""
    a = numpy.arange(24, dtype=numpy.int32).reshape(2, 3, 4)
    w = {"int32": (a % 2).astype(numpy.int32), "float32": (a % 2).astype(numpy.float32),
         "uint8": (a % 2).astype(numpy.uint8), "bool": a % 2 == 0,
         "int0d": numpy.array(1), "list": [1, 0, 1, 0], "pyint": 1, "npint": numpy.int64(0)}[where]

    def f(xp, x, w):
        xp.copyto(x, x[::-1], where=w)
        return x
    compare(f, a, w)


@requires_cunum
@pytest.mark.parametrize("dt", ["int16", "int32", "uint64", "float32", "float64", "complex128"])
@pytest.mark.parametrize("how", ["array", "asarray", "list", "nested"])
def test_big_endian_host_data(device, dt, how):
    """Big-endian NumPy data is byte-swapped on the way in, every time (a
    dtype lookup of the big-endian dtype must not make a later upload skip it)."""
    big = numpy.dtype(dt).newbyteorder(">")
    h = numpy.arange(24).reshape(2, 3, 4).astype(big)
    cn.zeros(1, dtype=big)  # a dtype lookup that once marked the big-endian dtype uploadable
    for _ in range(2):
        if how == "array":
            a, e = cn.array(h), numpy.array(h)
        elif how == "asarray":
            a, e = cn.asarray(h[:, ::2]), numpy.asarray(h[:, ::2])
        elif how == "list":
            a, e = cn.asarray([h[0], h[1]]), numpy.asarray([h[0], h[1]])
        else:
            a, e = cn.array([[h[0, 0]]]), numpy.array([[h[0, 0]]])
        assert a.dtype.isnative
        assert_same(e.astype(e.dtype.newbyteorder("=")), a)
        assert_same(e + e, a + a)


@requires_cunum
@pytest.mark.parametrize("fn", ["array", "asarray", "asanyarray"])
@pytest.mark.parametrize("blocking", [True, False])
def test_blocking_keyword(device, fn, blocking):
    """CuPy's blocking= keyword: the upload is complete on return either way."""
    h = numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4)
    a = getattr(cn, fn)(h, blocking=blocking)
    h[...] = 0  # the device copy no longer depends on the host buffer
    assert_same(numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4), a)
