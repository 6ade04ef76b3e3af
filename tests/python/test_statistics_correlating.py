"""correlate, convolve, cov, corrcoef against NumPy: the three modes, either
input longer, complex conjugation, dtypes, rowvar/bias/ddof, fweights and
aweights, dtype= and the errors."""
import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, NUMPY_VERSION, compare, dtype_params, make_data)

pytestmark = pytest.mark.usefixtures("device")

NUM = [d for d in ALL_DTYPES if d.kind != "b"]


def close_compare(fn, *args):
    # BLAS's complex dot leaves ~1e-17 imaginary parts on the diagonal where
    # exact arithmetic (and cunum) has 0: compared with an absolute tolerance.
    want = fn(numpy, *args)
    got = fn(cn, *[cn.asarray(a) for a in args])
    assert got.dtype == want.dtype and got.shape == want.shape
    numpy.testing.assert_allclose(cn.asnumpy(got), want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("dt", dtype_params(NUM))
@pytest.mark.parametrize("name", ["correlate", "convolve"])
def test_modes_and_dtypes(name, dt, rng):
    for la, lv in ((9, 4), (4, 9), (5, 5), (1, 3), (7, 1)):
        a = make_data(la, dt, kind="small", rng=rng)
        v = make_data(lv, dt, kind="small", rng=rng)
        for mode in ("valid", "same", "full", 0, 1, 2):
            compare(lambda xp, x, y: getattr(xp, name)(x, y, mode), a, v,
                    rtol=2e-3 if dt == numpy.float16 else None)


def test_mixed_and_errors(rng):
    a = rng.standard_normal(30)
    v = make_data(6, numpy.complex64, rng=rng)
    for name in ("correlate", "convolve"):
        compare(lambda xp, x, y: getattr(xp, name)(x, y, "same"), a, v)
        compare(lambda xp, x, y: getattr(xp, name)(x, y), numpy.arange(5), numpy.array([0.5, 1.0]))
        compare(lambda xp, x, y: getattr(xp, name)(x, y, "bogus"), a, v)
        compare(lambda xp, x, y: getattr(xp, name)(x, y, 3), a, v)
        compare(lambda xp, x, y: getattr(xp, name)(x, y), numpy.zeros(0), v)
        compare(lambda xp, x, y: getattr(xp, name)(x, y), a, numpy.zeros(0))
    long = rng.standard_normal(3000)
    # sums of 40 products: outputs near 0 after cancellation need an absolute tolerance
    compare(lambda xp, x, y: xp.convolve(x, y), long, rng.standard_normal(40), atol=1e-12)
    compare(lambda xp, x, y: xp.correlate(x, y, "same"), rng.standard_normal(40), long, atol=1e-12)


@pytest.mark.parametrize("dt", dtype_params([numpy.int32, numpy.float32, numpy.float64, numpy.complex128]))
def test_cov(dt, rng):
    # A complex matrix product (NumPy's dot, cunum's matmul) leaves
    # rounding-size imaginary parts on the diagonal where exact arithmetic
    # has 0, which differ between BLAS builds: compared with a tolerance.
    compare_ = close_compare if dt == numpy.complex128 else compare
    m = make_data((3, 8), dt, rng=rng)
    y = make_data((2, 8), dt, rng=rng)
    compare_(lambda xp, x: xp.cov(x), m)
    compare_(lambda xp, x: xp.cov(x, rowvar=False), m)
    compare_(lambda xp, x: xp.cov(x, bias=True), m)
    compare_(lambda xp, x: xp.cov(x, ddof=3), m)
    compare_(lambda xp, x, yy: xp.cov(x, yy), m, y)
    compare_(lambda xp, x: xp.cov(x[0]), m)
    compare_(lambda xp, x: xp.cov(x, dtype=numpy.complex128), m)
    f = rng.integers(0, 4, 8)
    aw = rng.random(8)
    compare_(lambda xp, x, ff: xp.cov(x, fweights=ff), m, f)
    compare_(lambda xp, x, aa: xp.cov(x, aweights=aa), m, aw)
    compare_(lambda xp, x, ff, aa: xp.cov(x, fweights=ff, aweights=aa), m, f, aw)
    compare_(lambda xp, x, ff, aa: xp.cov(x, ddof=0, fweights=ff, aweights=aa), m, f, aw)


@pytest.mark.parametrize("dt", dtype_params([numpy.float16, numpy.float32, numpy.complex64, numpy.int64,
                                             numpy.bool_]))
def test_cov_dtype_keeps_it_or_raises(dt, rng):
    # NumPy subtracts the mean and scales in place: dtype= is the result's
    # dtype without weights (with them, the float64 weights promote it), and
    # an integer or bool dtype= is the in-place subtraction's casting error
    m = make_data((4, 9), numpy.float64, rng=rng)
    aw = rng.random(9)
    rtol = 1e-2 if dt == numpy.float16 else 1e-5
    compare(lambda xp, x: xp.cov(x, dtype=dt), m, rtol=rtol)
    compare(lambda xp, x, a: xp.cov(x, aweights=a, dtype=dt), m, aw, rtol=rtol)


def test_cov_of_many_variables_and_observations(rng):
    # one matrix product (V x N times N x V), not V * V * N products
    m = make_data((120, 3000), numpy.float32, rng=rng)
    compare(lambda xp, x: xp.cov(x), m, rtol=1e-4)
    compare(lambda xp, x: xp.cov(x, rowvar=False, bias=True), m[:, :200], rtol=1e-4)


@pytest.mark.parametrize("dt", dtype_params([numpy.int16, numpy.float32, numpy.float64, numpy.complex128]))
def test_corrcoef(dt, rng):
    compare_ = close_compare if dt == numpy.complex128 else compare
    m = make_data((4, 10), dt, rng=rng)
    compare_(lambda xp, x: xp.corrcoef(x), m)
    compare_(lambda xp, x: xp.corrcoef(x, rowvar=False), m[:, :3])
    compare_(lambda xp, x, y: xp.corrcoef(x, y), m[0], m[1])
    compare_(lambda xp, x: xp.corrcoef(x), m[0])


def test_cov_errors(rng):
    m = rng.standard_normal((3, 5))
    compare(lambda xp, x: xp.cov(x, ddof=1.5), m)
    compare(lambda xp, x: xp.cov(x.reshape(3, 5, 1)), m)
    compare(lambda xp, x: xp.cov(x, fweights=[1, 2, 1.5, 1, 1]), m)
    compare(lambda xp, x: xp.cov(x, fweights=[1, 2, -1, 1, 1]), m)
    compare(lambda xp, x: xp.cov(x, aweights=[1, 2, -1, 1, 1]), m)
    compare(lambda xp, x: xp.cov(x, aweights=[1, 2, 1]), m)
    compare(lambda xp, x: xp.cov(x, fweights=[[1, 2, 1, 1, 1]]), m)
    compare(lambda xp, x: xp.cov(x), numpy.zeros((0, 3)))


@pytest.mark.parametrize("args", [dict(ddof=3), dict(ddof=4), dict(), dict(bias=True), dict(rowvar=False, ddof=2)])
@pytest.mark.parametrize("shape", [(2, 3), (2, 1), (3,), (1, 2)])
def test_cov_degrees_of_freedom_warning(args, shape):
    # NumPy warns when the shapes leave no degrees of freedom (no weights).
    import warnings
    m = numpy.arange(numpy.prod(shape), dtype=numpy.float64).reshape(shape)
    caught = []
    for xp, x in ((numpy, m), (cn, cn.asarray(m))):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            xp.cov(x, **args)
        caught.append(any("Degrees of freedom" in str(i.message) for i in w))
    assert caught[0] == caught[1]
    if shape == (1, 2) and args.get("rowvar") is False and NUMPY_VERSION < (2, 4):
        return  # NumPy 2.0.2 answers this degenerate case with another result type (2.4 as cunum)
    compare(lambda xp, x: xp.cov(x, **args), m)


def test_correlate_needs_1d():
    compare(lambda xp, a, v: xp.correlate(a, v), numpy.float64(2.0), numpy.ones(1))
    compare(lambda xp, a, v: xp.correlate(a, v, mode="full"), numpy.ones(3), numpy.float64(2.0))
    compare(lambda xp, a, v: xp.convolve(a, v), numpy.float64(2.0), numpy.ones(1))
