"""var, std, nanvar, nanstd, mean (where=), nanmean and the ndarray methods
against NumPy: every dtype, axes (tuples too), keepdims, ddof/correction,
dtype=, out=, where=, mean=, layouts, empty inputs and the errors.

var and std run in one pass (Note [Variance in one pass]); NumPy runs two.
With float32 data far from 0, NumPy's own float32 answer is off by more than
float32's tolerance (its mean is rounded to float32 before the deviations
are taken), so those cases are checked against NumPy on the data in float64,
rounded to float32."""
import warnings

import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, SOME_DTYPES, USING_NUMPY_SHIM, assert_same, compare, dtype_params, make_data)

pytestmark = pytest.mark.usefixtures("device")

NAMES = ["var", "std"]
NAN_NAMES = ["nanvar", "nanstd"]


def tol(dt):
    # NumPy takes float16 deviations from a float16 mean: a few units of its
    # last place off the exact answer, which the one pass computes in float64.
    return 5e-3 if numpy.dtype(dt) == numpy.float16 else None


def data(shape, dt, rng, nans=False):
    a = make_data(shape, dt, rng=rng)
    if nans and a.dtype.kind in "fc" and a.size:
        a.flat[rng.integers(0, a.size, size=max(1, a.size // 4))] = numpy.nan
    return a


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", NAMES + NAN_NAMES)
def test_every_dtype_and_axis(name, dt, rng):
    a = data((3, 4, 5), dt, rng, nans=name.startswith("nan"))
    for axis in (None, 0, 1, 2, -1, (0, 2), (1, 2), (0, 1, 2), ()):
        for keepdims in (False, True):
            compare(lambda xp, x: getattr(xp, name)(x, axis=axis, keepdims=keepdims), a, rtol=tol(dt))


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", NAMES + NAN_NAMES)
def test_ddof_and_correction(name, dt, rng):
    a = data((5, 6), dt, rng, nans=name.startswith("nan"))
    for kw in ({"ddof": 1}, {"ddof": 2.5}, {"correction": 1}, {"ddof": 0, "correction": 2},
               {"ddof": 5, "axis": 0}, {"ddof": 7, "axis": 0}, {"ddof": True}):
        compare(lambda xp, x: getattr(xp, name)(x, **kw), a, rtol=tol(dt))
    compare(lambda xp, x: getattr(xp, name)(x, ddof=1, correction=1), a)  # ValueError


@pytest.mark.parametrize("in_dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
                                   numpy.complex128, numpy.int32, numpy.int8, bool])
@pytest.mark.parametrize("name", NAMES)
def test_dtype_argument(name, in_dt, dtype, rng):
    a = make_data((4, 6), in_dt, kind="small", rng=rng)
    compare(lambda xp, x: getattr(xp, name)(x, axis=1, dtype=dtype), a, rtol=1e-2 if dtype == numpy.float16 else None)


@pytest.mark.parametrize("in_dt", dtype_params([numpy.float32, numpy.float64, numpy.complex64, numpy.int16]))
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex128, numpy.int32])
@pytest.mark.parametrize("name", NAN_NAMES)
def test_nan_dtype_argument(name, in_dt, dtype, rng):
    a = data((4, 6), in_dt, rng, nans=True)
    # NumPy rounds the deviations to a's dtype (np.subtract(arr, avg, out=arr)):
    # a float64 answer from float32 deviations is as good as float32.
    rtol = 1e-6 if numpy.dtype(in_dt).itemsize <= 8 and numpy.dtype(in_dt).kind in "fc" else None
    compare(lambda xp, x: getattr(xp, name)(x, axis=0, dtype=dtype), a, rtol=rtol)


@pytest.mark.parametrize("out_dt", dtype_params([numpy.float16, numpy.float32, numpy.float64,
                                                 numpy.complex128, numpy.int64]))
@pytest.mark.parametrize("name", NAMES + NAN_NAMES)
def test_out(name, out_dt, rng):
    a = make_data((3, 8), numpy.float64, kind="small", rng=rng)

    def f(xp, x, o):
        r = getattr(xp, name)(x, axis=1, out=o)
        assert r is o
        return r
    compare(f, a, numpy.zeros(3, out_dt), rtol=1e-2 if out_dt == numpy.float16 else None)
    compare(lambda xp, x, o: getattr(xp, name)(x, axis=0, out=o, keepdims=True), a, numpy.zeros((1, 8), out_dt),
            rtol=1e-2 if out_dt == numpy.float16 else None)
    with pytest.raises(ValueError):
        getattr(cn, name)(cn.asarray(a), axis=1, out=cn.zeros(4))


@pytest.mark.parametrize("dt", dtype_params([numpy.int32, numpy.float32, numpy.float64, numpy.complex128]))
@pytest.mark.parametrize("name", NAMES + NAN_NAMES + ["mean", "nanmean"])
def test_where(name, dt, rng):
    a = data((4, 5), dt, rng, nans=name.startswith("nan"))
    w = rng.integers(0, 2, size=(4, 5)).astype(bool)
    w[:, 0] = True
    for axis in (None, 0, 1):
        compare(lambda xp, x, m: getattr(xp, name)(x, axis=axis, where=m), a, w)
    compare(lambda xp, x: getattr(xp, name)(x, axis=0, where=[True, False, True, True, False]), a)
    compare(lambda xp, x, m: getattr(xp, name)(x, axis=1, where=m, keepdims=True), a, w)


@pytest.mark.parametrize("dt", dtype_params([numpy.int64, numpy.float32, numpy.float64, numpy.complex64]))
@pytest.mark.parametrize("name", NAMES + NAN_NAMES)
def test_mean_argument(name, dt, rng):
    a = data((4, 5), dt, rng, nans=name.startswith("nan"))
    for axis in (0, 1):
        m = numpy.mean(a, axis=axis, keepdims=True)
        compare(lambda xp, x, mm: getattr(xp, name)(x, axis=axis, mean=mm), a, m)


@pytest.mark.parametrize("name", NAMES + NAN_NAMES)
def test_layouts(name, rng):
    a = data((6, 5, 4), numpy.float64, rng, nans=name.startswith("nan"))
    for v in (lambda x: x.transpose(2, 0, 1), lambda x: x[::-1, :, ::2], lambda x: x[1:, ::-2], lambda x: x.T[::2]):
        for axis in (None, 0, 1, (0, 2)):
            compare(lambda xp, x: getattr(xp, name)(v(x), axis=axis), a)


@pytest.mark.parametrize("name", NAMES + NAN_NAMES + ["mean", "nanmean"])
def test_empty_and_0d(name, rng):
    for shape, axis in (((0,), None), ((0, 3), 0), ((0, 3), 1), ((3, 0), 1), ((), None), ((), 0), ((2, 0), 0)):
        compare(lambda xp, x: getattr(xp, name)(x, axis=axis), numpy.ones(shape))


def test_all_nan_slices(rng):
    a = numpy.array([[numpy.nan, numpy.nan, 1.0], [2.0, numpy.nan, numpy.nan], [1.0, 2.0, 4.0]])
    for name in NAN_NAMES + ["nanmean"]:
        for axis in (None, 0, 1):
            compare(lambda xp, x: getattr(xp, name)(x, axis=axis), a)
        compare(lambda xp, x: getattr(xp, name)(x, axis=1, ddof=1) if name != "nanmean" else xp.nanmean(x), a)


def test_special_values():
    a = numpy.array([[1.0, numpy.inf, 2.0], [numpy.nan, 1.0, 2.0], [-numpy.inf, numpy.inf, 0.0], [3, 3, 3]])
    for name in NAMES + NAN_NAMES:
        compare(lambda xp, x: getattr(xp, name)(x, axis=1), a)


@pytest.mark.parametrize("name", NAMES)
def test_large_mean_float64(name, rng):
    # NumPy's two passes and the one-pass shifted sums agree where both are accurate.
    a = 1e9 + rng.standard_normal((3, 20000))
    compare(lambda xp, x: getattr(xp, name)(x, axis=1), a, rtol=1e-9)
    compare(lambda xp, x: getattr(xp, name)(x), a, rtol=1e-9)
    c = (1e6 + 1e6j) + rng.standard_normal(5000) + 1j * rng.standard_normal(5000)
    compare(lambda xp, x: getattr(xp, name)(x), c, rtol=1e-9)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="NumPy's own float32 answer is the inaccurate one here")
@pytest.mark.parametrize("name", NAMES)
def test_large_mean_float32(name, rng):
    a = (1e4 + rng.standard_normal((4, 30001))).astype(numpy.float32)
    x = cn.asarray(a)
    for axis in (None, 0, 1):
        want = getattr(numpy, name)(a.astype(numpy.float64), axis=axis).astype(numpy.float32)
        assert_same(want, getattr(cn, name)(x, axis=axis))


@pytest.mark.parametrize("name", NAMES)
def test_long_rows(name, rng):
    # Long enough that the GPU splits rows into chunks and merges partials.
    a = rng.standard_normal((2, 1 << 18)) * 3 + 5
    compare(lambda xp, x: getattr(xp, name)(x, axis=1), a)
    compare(lambda xp, x: getattr(xp, name)(x, axis=0), a)
    compare(lambda xp, x: getattr(xp, name)(x), a.astype(numpy.float32))
    if USING_NUMPY_SHIM:  # NumPy's float16 sums overflow here; the answer is float64's, rounded.
        return
    h = a.astype(numpy.float16)
    assert_same(getattr(numpy, name)(h.astype(numpy.float64), axis=1).astype(numpy.float16),
                getattr(cn, name)(cn.asarray(h), axis=1))


def test_methods(rng):
    a = data((4, 5), numpy.float32, rng)
    compare(lambda xp, x: x.var(), a)
    compare(lambda xp, x: x.std(axis=0, ddof=1, keepdims=True), a)
    compare(lambda xp, x: x.var(1, None, None, 1, True), a)
    compare(lambda xp, x: x.std(correction=1), a)  # TypeError: not a method keyword
    compare(lambda xp, x: x.var(mean=x.mean(axis=0, keepdims=True), axis=0), a)
    compare(lambda xp, x: x.var(where=x > 0), a)
    compare(lambda xp, x: x.mean(where=x > 0, axis=0), a)
    compare(lambda xp, x: x.mean(axis=0), a)


def test_errors(rng):
    a = data((3, 4), numpy.float64, rng)
    for name in NAMES + NAN_NAMES + ["mean", "nanmean"]:
        compare(lambda xp, x: getattr(xp, name)(x, axis=2), a)
        compare(lambda xp, x: getattr(xp, name)(x, axis=(0, 0)), a)
        compare(lambda xp, x: getattr(xp, name)(x, axis=1.5), a)
    for name in NAN_NAMES + ["nanmean"]:
        compare(lambda xp, x: getattr(xp, name)(x, dtype=numpy.int32), a)
        compare(lambda xp, x, o: getattr(xp, name)(x, out=o), a, numpy.zeros((), numpy.int64))
    compare(lambda xp, x: xp.var(x, where=numpy.ones((2, 4), bool)), a)


def test_degrees_of_freedom_warning():
    a = cn.ones((3, 2))
    with pytest.warns(RuntimeWarning, match="Degrees of freedom"):
        cn.var(a, axis=1, ddof=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cn.std(a, axis=0, ddof=2)
