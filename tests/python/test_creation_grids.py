"""linspace/logspace with array start and stop, mgrid, ogrid and vander
against NumPy (the cases CuPy's suite found missing)."""
import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, NUMERIC_DTYPES, compare, dtype_id, needs_numpy, to_numpy


@pytest.mark.parametrize("dt", NUMERIC_DTYPES, ids=dtype_id)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_linspace_array_start_stop(device, dt, axis):
    start = numpy.array([0, 120], dtype=dt)
    stop = numpy.array([100, 16], dtype=dt)
    compare(lambda xp, a, b: xp.linspace(a, b, num=7, dtype=dt, axis=axis), start, stop)
    compare(lambda xp, a, b: xp.linspace(a, b, num=7, axis=axis), start, stop)


@pytest.mark.parametrize("kw", [dict(num=5), dict(num=5, endpoint=False), dict(num=1),
                                dict(num=0), dict(num=4, dtype=numpy.int32),
                                dict(num=6, dtype=numpy.float32, endpoint=False)], ids=repr)
def test_linspace_mixed_and_lists(device, kw):
    stop = numpy.array([[100.0, -100.0], [3.0, 3.0]])  # a zero step in the second row
    compare(lambda xp, b: xp.linspace(0.0, b, **kw), stop)
    compare(lambda xp, b: xp.linspace(b, 5, **kw), stop)
    compare(lambda xp: xp.linspace([0, 0], [100, 16], **kw))
    compare(lambda xp: xp.linspace([1.0 + 2j, 0], [0, 3j], **kw))


def test_linspace_array_retstep(device):
    e, estep = numpy.linspace([0.0, 1.0], [1.0, 3.0], 5, retstep=True)
    a, astep = cn.linspace(cn.asarray([0.0, 1.0]), cn.asarray([1.0, 3.0]), 5, retstep=True)
    numpy.testing.assert_allclose(to_numpy(a), e)
    numpy.testing.assert_allclose(cn.asnumpy(astep), estep)


@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("dt", [None, numpy.float32, numpy.int64], ids=str)
def test_logspace_array_start_stop(device, axis, dt):
    start = numpy.array([0.0, 1.0])
    stop = numpy.array([2.0, 3.0])
    compare(lambda xp, a, b: xp.logspace(a, b, num=5, dtype=dt, axis=axis), start, stop)
    compare(lambda xp, a, b: xp.logspace(a, b, num=4, base=[2.0, 3.0], axis=axis), start, stop)


@pytest.mark.parametrize("dt_in", [numpy.float16, numpy.float32, numpy.int8], ids=str)
@pytest.mark.parametrize("dt_out", [None, numpy.float32, numpy.float64], ids=str)
def test_logspace_array_dtypes(device, dt_in, dt_out):
    """A scalar base stays a Python scalar: the powers are taken in the samples'
    dtype (float16 samples give float16 powers), as NumPy."""
    start = numpy.array([0, 2], dtype=dt_in)
    stop = numpy.array([2, 0], dtype=dt_in)
    compare(lambda xp, a, b: xp.logspace(a, b, num=5, dtype=dt_out, axis=1), start, stop)
    compare(lambda xp, a, b: xp.logspace(a, b, num=5, base=2, dtype=dt_out), start, stop)


@pytest.mark.parametrize("key", [slice(0, None), slice(-10, 10), slice(-10, 10, 10j),
                                 slice(1, 7, 2), slice(0.5, 3.0, 0.5), slice(2, 3, 1j),
                                 (slice(-10, 10, 10j), slice(-10, 10, 10j)),
                                 (slice(0, 4), slice(1, 7, 2)),
                                 (slice(0, 1, 0.25), slice(-2, 2, 5j), slice(3))], ids=repr)
@pytest.mark.parametrize("grid", ["mgrid", "ogrid"])
def test_nd_grid(device, grid, key):
    compare(lambda xp: getattr(xp, grid)[key])


@pytest.mark.parametrize("grid", ["mgrid", "ogrid"])
def test_nd_grid_array_bounds(device, grid):
    x = numpy.zeros(10)[:, None]
    y = numpy.ones(10)[:, None]
    compare(lambda xp, a, b: getattr(xp, grid)[a:b:10j], x, y)
    compare(lambda xp, a, b: xp.mgrid[a:b:10j, a:b:10j], x, y)


@pytest.mark.parametrize("dt", ALL_DTYPES, ids=dtype_id)
@pytest.mark.parametrize("N", [None, 0, 1, 2, 5])
@pytest.mark.parametrize("increasing", [False, True])
def test_vander(device, dt, N, increasing):
    x = numpy.array([0, 1, 2, 3], dtype=dt) if dt.kind != "b" else numpy.array([0, 1, 1])
    compare(lambda xp, a: xp.vander(a, N=N, increasing=increasing), x)


@pytest.mark.parametrize("x", [[1, 2, 3], (1.5, -2.0), [], [2j, 1 - 1j]], ids=repr)
def test_vander_array_like(device, x):
    compare(lambda xp: xp.vander(x))
    compare(lambda xp: xp.vander(x, 3, increasing=True))


@pytest.mark.parametrize("x", [3, [[1, 2], [3, 4]]], ids=repr)
def test_vander_not_1d(device, x):
    compare(lambda xp: xp.vander(x))  # ValueError


@pytest.mark.parametrize("k", [1, -1, 4, -5, 6, -7, 2**63, -2**63, 2**70], ids=repr)
@pytest.mark.parametrize("M", [None, 4])
def test_eye_any_diagonal(device, k, M):
    compare(lambda xp: xp.eye(5, M, k, dtype=numpy.float32))


@needs_numpy((2, 3), "None as a shape is a TypeError")
@pytest.mark.parametrize("fn", ["empty", "zeros", "ones", "full"])
def test_none_shape(device, fn):
    compare(lambda xp: getattr(xp, fn)(None, *((1,) if fn == "full" else ())))


_PROTOTYPES = {
    "C": lambda x: x,
    "F": lambda x: x.T.copy().T,
    "strided": lambda x: x[:, ::2, :].swapaxes(0, 1),  # neither contiguous nor descending
    "transposed": lambda x: x.transpose(1, 2, 0),
}


@pytest.mark.parametrize("proto", list(_PROTOTYPES))
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
@pytest.mark.parametrize("shape", [None, 4, (4,), (4, 2), (4, 2, 3), (5, 4, 2, 3)], ids=repr)
@pytest.mark.parametrize("fn", ["empty_like", "zeros_like", "full_like"])
def test_like_with_shape_layout(device, proto, order, shape, fn):
    """The memory layout of *_like(order=, shape=) is NumPy's: 'K' keeps the
    prototype's stride order for as many dimensions, and is 'C' otherwise."""
    def f(xp, x):
        p = _PROTOTYPES[proto](x)
        args = (7,) if fn == "full_like" else ()
        r = getattr(xp, fn)(p, *args, order=order, shape=shape)
        r.fill(1)
        return r, r.strides, r.flags.c_contiguous, r.flags.f_contiguous
    compare(f, numpy.arange(24.0).reshape(2, 3, 4))


@pytest.mark.parametrize("call", [
    lambda xp: xp.linspace(0, 1, 5.0), lambda xp: xp.logspace(0, 1, 5.0),
    lambda xp: xp.linspace(xp.asarray([0.0, 1.0]), 2, 3.0), lambda xp: xp.eye(3.0),
    lambda xp: xp.eye(3, 4.0), lambda xp: xp.eye(3, k=1.0), lambda xp: xp.identity(3.0),
    lambda xp: xp.linspace(0, 1, numpy.int16(4)), lambda xp: xp.eye(numpy.int8(3), k=numpy.int64(1))])
def test_integer_arguments_are_integers(device, call):
    compare(call)  # NumPy's TypeError for a float count or diagonal


@pytest.mark.parametrize("order", ["A", "K", "Q", "c", "f", "cc", "", 1, None], ids=repr)
@pytest.mark.parametrize("fn", ["empty", "zeros", "ones", "eye", "empty_like", "full_like",
                                "array", "copy"])
def test_order_argument(device, fn, order):
    calls = {"empty": lambda xp: xp.empty((2, 3), order=order).strides,
             "zeros": lambda xp: xp.zeros((2, 3), order=order),
             "ones": lambda xp: xp.ones((2, 3), order=order),
             "eye": lambda xp: xp.eye(3, order=order),
             "empty_like": lambda xp: xp.empty_like(xp.zeros((2, 3)), order=order).shape,
             "full_like": lambda xp: xp.full_like(xp.zeros((2, 3)), 1, order=order),
             "array": lambda xp: xp.array([[1, 2], [3, 4]], order=order),
             "copy": lambda xp: xp.copy(xp.ones((2, 3)), order=order, subok=False)}
    compare(calls[fn])
