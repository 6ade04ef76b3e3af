"""NumPy's dispatch on cunum arrays (__array_ufunc__, __array_function__):
NumPy's functions run in cunum and return cunum arrays with NumPy's values;
what cunum lacks, and NumPy arrays mixed in, raise TypeError (as CuPy)."""
import numpy
import pytest

import cunum as cn
from helpers import assert_same

pytestmark = pytest.mark.skipif(getattr(cn, "__numpy_shim__", False), reason="cunum's own protocols")


def _pair(dtype="float64", shape=(3, 4)):
    a = (numpy.arange(numpy.prod(shape)).reshape(shape) % 5 + 1).astype(dtype)
    return a, cn.asarray(a)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128", "int32"])
def test_ufunc_call(device, dtype):
    a, x = _pair(dtype)
    for f in (numpy.sin, numpy.negative, numpy.sqrt):
        assert_same(f(a), f(x))
    assert_same(numpy.add(a, a), numpy.add(x, x))
    assert_same(numpy.multiply(a, 2), numpy.multiply(x, 2))


def test_ufunc_out_and_methods(device):
    a, x = _pair()
    o = cn.empty_like(x)
    r = numpy.add(x, x, out=o)
    assert r is o
    assert_same(a + a, o)
    r = numpy.add(x, x, out=(o,))
    assert r is o
    assert_same(numpy.add.reduce(a), numpy.add.reduce(x))
    assert_same(numpy.add.reduce(a, axis=1), numpy.add.reduce(x, axis=1))
    assert_same(numpy.multiply.accumulate(a), numpy.multiply.accumulate(x))
    assert_same(numpy.add.outer(a[0], a[1]), numpy.add.outer(x[0], x[1]))
    assert_same(numpy.maximum.reduce(a, axis=0), numpy.maximum.reduce(x, axis=0))
    q, rem = numpy.divmod(x, 3)
    assert_same(numpy.divmod(a, 3)[0], q)
    assert_same(numpy.divmod(a, 3)[1], rem)
    y = x.copy()
    numpy.add.at(y, cn.asarray([0, 0, 1]), 1)
    b = a.copy()
    numpy.add.at(b, [0, 0, 1], 1)
    assert_same(b, y)


def test_functions(device):
    a, x = _pair()
    cases = [
        lambda xp, v: xp.sum(v),
        lambda xp, v: xp.sum(v, axis=0, keepdims=True),
        lambda xp, v: xp.mean(v),
        lambda xp, v: xp.std(v, axis=1),
        lambda xp, v: xp.concatenate([v, v], axis=1),
        lambda xp, v: xp.stack([v, v]),
        lambda xp, v: xp.where(v > 2, v, 0),
        lambda xp, v: xp.reshape(v, (4, 3)),
        lambda xp, v: xp.transpose(v),
        lambda xp, v: xp.cumsum(v, axis=1),
        lambda xp, v: xp.sort(v[:, ::-1], axis=1),
        lambda xp, v: xp.linalg.norm(v),
        lambda xp, v: xp.linalg.norm(v, axis=1),
        lambda xp, v: xp.linalg.svd(v, compute_uv=False),
        lambda xp, v: xp.fft.fft(v),
        lambda xp, v: xp.fft.rfft(v, axis=0),
        lambda xp, v: xp.matmul(v, v.T),
        lambda xp, v: xp.dot(v, v.T),
        lambda xp, v: xp.clip(v, 2, 4),
        lambda xp, v: xp.unique(v),
    ]
    for f in cases:
        r = f(numpy, x)  # NumPy's function on a cunum array
        assert isinstance(r, cn.ndarray)
        assert_same(f(numpy, a), r)


def test_tuple_results(device):
    a, x = _pair()
    for f in (lambda xp, v: xp.split(v, 2, axis=1), lambda xp, v: xp.nonzero(v > 2)):
        expected, got = f(numpy, a), f(numpy, x)
        assert len(expected) == len(got)
        for e, g in zip(expected, got):
            assert_same(e, g)
    q, r = numpy.linalg.qr(x)
    assert isinstance(q, cn.ndarray) and isinstance(r, cn.ndarray)
    numpy.testing.assert_allclose((q @ r).get(), a, atol=1e-12)


def test_what_cunum_lacks_is_a_type_error(device):
    _, x = _pair()
    with pytest.raises(TypeError, match="logn"):
        numpy.lib.scimath.logn(2, x)
    # cunum.lib.stride_tricks has sliding_window_view: NumPy's dispatches to it
    assert_same(numpy.lib.stride_tricks.sliding_window_view(numpy.arange(6.0), 2),
                numpy.lib.stride_tricks.sliding_window_view(cn.arange(6.0), 2))


def test_numpy_arrays_mixed_in_are_refused(device):
    a, x = _pair()
    with pytest.raises(TypeError, match="numpy.ndarray"):
        numpy.add(x, a)
    with pytest.raises(TypeError, match="numpy.ndarray"):
        numpy.add(a, x)
    with pytest.raises(TypeError, match="numpy.ndarray"):
        numpy.concatenate([x, a])
    with pytest.raises(TypeError, match="numpy.ndarray"):
        numpy.add(x, x, out=numpy.empty(x.shape))
    # NumPy scalars, 0-d NumPy arrays and Python numbers are scalars.
    assert_same(numpy.add(a, numpy.float32(2)), numpy.add(x, numpy.float32(2)))
    assert_same(numpy.asarray(3.0) < a, numpy.asarray(3.0) < x)
    assert_same(numpy.multiply(numpy.asarray(2, dtype="int8"), a), numpy.multiply(numpy.asarray(2, dtype="int8"), x))


def test_other_array_types_get_not_implemented():
    class Other:
        def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
            return "other"

        def __array_function__(self, func, types, args, kwargs):
            return "other"

    x = cn.zeros(3, device="cpu")
    assert numpy.add(x, Other()) == "other"
    assert numpy.concatenate([x, Other()]) == "other"


def test_dispatch_is_cached():
    from cunum._routines import dispatch
    x = cn.ones(3, device="cpu")
    numpy.sum(x)
    numpy.sin(x)
    assert dispatch._FUNCTIONS[numpy.sum] is cn.sum
    assert dispatch._UFUNCS[numpy.sin] is cn.sin


def test_like_argument_creates_cunum_arrays(device):
    x = cn.ones(2)
    for f in (lambda xp, **k: xp.zeros(3, **k), lambda xp, **k: xp.asarray([1, 2], **k),
              lambda xp, **k: xp.arange(3, **k), lambda xp, **k: xp.full(2, 7, **k),
              lambda xp, **k: xp.array([1.5], **k)):
        r = f(numpy, like=x)
        assert isinstance(r, cn.ndarray) and r.device == x.device
        assert_same(f(numpy), r)
