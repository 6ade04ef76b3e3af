"""median, quantile, percentile and their nan forms against NumPy: every
method, q as a Python scalar, a list, integers and arrays, axes (tuples
too), keepdims, out=, weights= (inverted_cdf), NaN slices, every real dtype
and the errors."""
import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, NUMPY_VERSION, SOME_DTYPES, assert_raises_since, compare, dtype_params, make_data,
                     numpy_side, requires_cunum)

pytestmark = pytest.mark.usefixtures("device")

METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf",
           "hazen", "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher",
           "midpoint", "nearest"]
REAL = [d for d in ALL_DTYPES if d.kind != "c"]


def with_nans(a, rng):
    a = a.copy()
    if a.dtype.kind == "f" and a.size:
        a.flat[rng.integers(0, a.size, size=max(1, a.size // 4))] = numpy.nan
    return a


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("name", ["quantile", "nanquantile"])
def test_every_method(name, method, rng):
    a = make_data((5, 9), numpy.float64, rng=rng)
    if name == "nanquantile":
        a = with_nans(a, rng)
    for q in (0.0, 0.3, 1.0, [0.0, 0.1, 0.5, 0.75, 1.0], numpy.linspace(0, 1, 7)):
        for axis in (None, 0, 1):
            compare(lambda xp, x: getattr(xp, name)(x, q, axis=axis, method=method), a)


@pytest.mark.parametrize("method", ["linear", "lower", "nearest", "hazen", "inverted_cdf", "midpoint"])
@pytest.mark.parametrize("dt", dtype_params([d for d in REAL if d != numpy.bool_]))
def test_dtypes(dt, method, rng):
    a = make_data((4, 6), dt, rng=rng)
    for q in (0.4, [0.25, 0.5], numpy.float32(0.5), 1, [0, 1]):
        # NumPy 2.4 (gh-29105): a Python float or int q stays float64 for the
        # virtual index and weight; before, it was cast to the data's float
        # dtype, and float16's error moves linear/hazen results by up to a
        # percent. No older oracle has the newer weights: not compared there.
        if not (NUMPY_VERSION < (2, 4) and numpy.dtype(dt) == numpy.float16 and type(q) in (int, float)
                and method in ("linear", "hazen")):
            compare(lambda xp, x: xp.quantile(x, q, axis=1, method=method), a)
        compare(lambda xp, x: xp.percentile(x, numpy.multiply(q, 100), axis=0, method=method), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", ["median", "nanmedian"])
def test_median_dtypes(name, dt, rng):
    a = make_data((4, 5, 6), dt, rng=rng)
    if name == "nanmedian":
        a = with_nans(a, rng)
    for axis in (None, 0, 1, 2, (0, 2), (1, 2), -1):
        for keepdims in (False, True):
            compare(lambda xp, x: getattr(xp, name)(x, axis=axis, keepdims=keepdims), a,
                    rtol=2e-3 if dt == numpy.float16 else None)


def test_median_nan_and_empty(rng):
    a = numpy.array([[1.0, numpy.nan, 3.0], [2.0, 5.0, 1.0], [numpy.nan] * 3, [4.0, 4.0, numpy.inf]])
    for name in ("median", "nanmedian"):
        for axis in (None, 0, 1):
            compare(lambda xp, x: getattr(xp, name)(x, axis=axis), a)
    compare(lambda xp, x: xp.median(x), numpy.zeros(0))
    compare(lambda xp, x: xp.median(x, axis=0), numpy.zeros((0, 3)))
    compare(lambda xp, x: xp.median(x), numpy.float32(3.5).reshape(()))


@requires_cunum  # a departure from NumPy
@pytest.mark.parametrize("shape", [(0,), (0, 3), (2, 0)])
def test_empty_axis_tuple_is_elementwise(shape):
    # A deliberate departure (docs/statistics.md): NumPy's median and
    # percentile with axis=() of an empty array fail inside NumPy ("cannot
    # reshape array of size 0 into shape (0,newaxis)"); nanmedian, and every
    # non-empty array, take axis=() as "reduce nothing": the elements, as
    # float64. cunum does that for the empty array too.
    a = numpy.zeros(shape, numpy.int8)
    with pytest.raises(ValueError, match="cannot reshape"):
        numpy.median(a, axis=())
    for got in (cn.median(cn.asarray(a), axis=()), cn.percentile(cn.asarray(a), 50, axis=())):
        assert got.shape == shape and got.dtype == numpy.float64
    assert cn.percentile(cn.asarray(a), [10, 50], axis=()).shape == (2,) + shape
    assert numpy.nanmedian(a.astype(float), axis=()).shape == shape  # NumPy's own nan form agrees


@requires_cunum  # a departure from NumPy
@pytest.mark.filterwarnings("ignore:Mean of empty slice")
def test_empty_kept_dims_with_an_axis_tuple():
    # The same NumPy failure for a tuple of axes whose kept dims hold nothing:
    # cunum gives the empty result of the kept shape (here (0,)), as NumPy does
    # for the same reduction written with one integer axis.
    a = numpy.zeros((1, 0, 0))
    with pytest.raises(ValueError, match="cannot reshape"):
        numpy.median(a, axis=(0, 1))
    got = cn.median(cn.asarray(a), axis=(0, 1))
    assert got.shape == numpy.median(a[0], axis=0).shape == (0,) and got.dtype == numpy.float64


@requires_cunum  # a departure from NumPy
@pytest.mark.parametrize("dt", ["bool", "int8", "uint64", "float16", "float64"])
def test_empty_raises_index_error(dt):
    # NumPy raises IndexError for an empty axis from wherever its own code
    # first indexes the data: the message's index depends on the dtype, the
    # method and q (found by test_fuzz.py's plumbing property), so only the
    # type is compared (a documented departure: docs/statistics.md)
    a = numpy.zeros((0, 2), dt)
    for method in METHODS:
        for q in ([0, 50], 25):
            for axis in (None, 0):
                with pytest.raises(IndexError):
                    numpy.percentile(a, q, axis=axis, method=method)
                with pytest.raises(IndexError, match="out of bounds for axis 0 with size 0"):
                    cn.percentile(cn.asarray(a), q, axis=axis, method=method)


@pytest.mark.parametrize("dt", ["bool", "int16", "float32", "float64"])
def test_nan_forms_of_empty_are_nanmean(dt):
    # NumPy's nan forms answer an empty array with nanmean(a, axis, out,
    # keepdims): NaN, float64 for integers, and q's dimension dropped
    for shape in ((0,), (0, 2), (3, 0)):
        a = numpy.zeros(shape, dt)
        for axis in (None, 0, -1):
            for keepdims in (False, True):
                for q in (0.5, [0.1, 0.9]):
                    compare(lambda xp, x: xp.nanquantile(x, q, axis=axis, keepdims=keepdims), a)
                    compare(lambda xp, x: xp.nanpercentile(x, numpy.multiply(q, 100), axis=axis), a)
                compare(lambda xp, x: xp.nanmedian(x, axis=axis, keepdims=keepdims), a)
        compare(lambda xp, x: xp.nanquantile(x, [[0.5]]), a)  # q's rank not checked first
        compare(lambda xp, x: xp.nanmedian(x, axis=3), a)      # nanmean's AxisError


def test_nan_quantiles(rng):
    a = numpy.array([[1.0, numpy.nan, 3.0, 0.5], [numpy.nan] * 4, [2.0, 5.0, 1.0, numpy.nan]])
    for name in ("quantile", "nanquantile", "percentile", "nanpercentile"):
        q = [10, 50, 90] if "percentile" in name else [0.1, 0.5, 0.9]
        for method in ("linear", "lower", "inverted_cdf", "weibull"):
            compare(lambda xp, x: getattr(xp, name)(x, q, axis=1, method=method), a)
            compare(lambda xp, x: getattr(xp, name)(x, q[1], method=method), a)


@pytest.mark.parametrize("name", ["quantile", "percentile", "nanquantile", "nanpercentile"])
def test_axes_keepdims_out(name, rng):
    a = make_data((3, 4, 5), numpy.float32, rng=rng)
    q = [5.0, 60.0] if "percentile" in name else [0.05, 0.6]
    for axis in (None, 0, (0, 2), (2, 1), -1):
        for keepdims in (False, True):
            compare(lambda xp, x: getattr(xp, name)(x, q, axis=axis, keepdims=keepdims), a)
    compare(lambda xp, x, o: getattr(xp, name)(x, q, axis=1, out=o), a, numpy.zeros((2, 3, 5), numpy.float64))
    compare(lambda xp, x, o: getattr(xp, name)(x, q[0], axis=(0, 1), out=o), a, numpy.zeros(5, numpy.float32))


@pytest.mark.parametrize("name", ["quantile", "nanquantile"])
def test_weights(name, rng):
    a = make_data((4, 7), numpy.float64, rng=rng)
    if name == "nanquantile":
        a = with_nans(a, rng)
    w1 = rng.integers(0, 4, size=7).astype(float)
    w1[0] = 0.0
    w2 = rng.random((4, 7))
    for q in (0.0, 0.5, [0.1, 0.5, 1.0]):
        if name == "quantile":  # (NumPy's nanquantile fails on weights of the axis's shape: IndexError)
            compare(lambda xp, x, w: getattr(xp, name)(x, q, axis=1, method="inverted_cdf", weights=w), a, w1)
        compare(lambda xp, x, w: getattr(xp, name)(x, q, axis=0, method="inverted_cdf", weights=w), a, w2)
        compare(lambda xp, x, w: getattr(xp, name)(x, q, method="inverted_cdf", weights=w), a, w2)
    compare(lambda xp, x, w: xp.quantile(x, 0.5, method="inverted_cdf", weights=w), a, w1)  # TypeError
    compare(lambda xp, x, w: xp.quantile(x, 0.5, axis=0, method="inverted_cdf", weights=w), a, w1)  # ValueError
    compare(lambda xp, x, w: xp.quantile(x, 0.5, axis=1, weights=w), a, w1)  # only inverted_cdf
    compare(lambda xp, x, w: xp.quantile(x, 0.5, axis=1, method="inverted_cdf", weights=-w), a, w1 + 1)
    assert_raises_since((2, 4), "weights all zero, NaN or inf are a ValueError (gh-28595)", ValueError,
                        lambda xp, x, w: xp.quantile(x, 0.5, axis=1, method="inverted_cdf", weights=w), a, 0 * w1,
                        match="^Weights included NaN, inf or were all zero")
    # NumPy 2.4 (gh-30070) merges the weights' reduced axes as the data's for a
    # tuple axis; before, the weights were not moved along (a wrong result). An
    # older oracle reduces every axis as axis=None does, the same here.
    compare(lambda xp, x, w: xp.percentile(x, 50, axis=None if _old_numpy(xp, (2, 4)) else (0, 1),
                                           method="inverted_cdf", weights=w), a, w2)


def _old_numpy(xp, version):
    return numpy_side(xp) and NUMPY_VERSION < version


def test_errors(rng):
    a = make_data((3, 4), numpy.float64, rng=rng)
    compare(lambda xp, x: xp.quantile(x, 1.5), a)
    compare(lambda xp, x: xp.quantile(x, [-0.1, 0.5]), a)
    compare(lambda xp, x: xp.percentile(x, 101), a)
    compare(lambda xp, x: xp.quantile(x, 0.5, method="bogus"), a)
    compare(lambda xp, x: xp.quantile(x, 0.5, axis=2), a)
    compare(lambda xp, x: xp.quantile(x.astype(complex), 0.5), a)
    compare(lambda xp, x: xp.quantile(x, 0.5), numpy.zeros(0))
    compare(lambda xp, x: xp.quantile(x, 0.5), numpy.array([True, False]))
    compare(lambda xp, x: xp.median(x, axis=3), a)
    compare(lambda xp, x: xp.nanquantile(x, [[[0.5]]]), a)


def test_large_rows(rng):
    a = rng.standard_normal((3, 5000)).astype(numpy.float32)
    compare(lambda xp, x: xp.median(x, axis=1), a)
    compare(lambda xp, x: xp.quantile(x, [0.01, 0.99], axis=1, method="hazen"), a)
    compare(lambda xp, x: xp.nanpercentile(x, 37.5), with_nans(a, rng))


@pytest.mark.filterwarnings("ignore:Mean of empty slice")
def test_empty_complex_median_and_repeated_axes():
    # found by test_fuzz.py's plumbing property: NumPy's mean of nothing is
    # nan+nanj for complex; its median and quantiles name a repeated axis
    # "repeated axis" (after the AxisError of an axis out of range)
    for shape, axis in (((2, 0), 1), ((0,), None), ((0, 3), 0)):
        compare(lambda xp, x: xp.median(x, axis=axis), numpy.zeros(shape, numpy.complex64))
    b = numpy.arange(12.0).reshape(3, 4)
    for axis in ((0, 0), (1, -1), (0, 5), (5, 5)):
        compare(lambda xp, x: xp.median(x, axis=axis), b)
        compare(lambda xp, x: xp.quantile(x, 0.3, axis=axis), b)
        compare(lambda xp, x: xp.nanpercentile(x, [5, 50], axis=axis), b)


@pytest.mark.parametrize("method", ["lower", "higher", "nearest", "linear", "inverted_cdf"])
@pytest.mark.parametrize("axis", [-1, (0, 1, 2), 1, None])
def test_quantile_result_is_c_contiguous(method, axis, rng):
    # A new array in C order, as NumPy's, whatever gathers made it.
    a = make_data((4, 3, 5, 2), numpy.float64, rng=rng)
    q = numpy.array([10.0, 50.0, 90.0])
    compare(lambda xp, x: xp.percentile(x, q, axis=axis, method=method), a)
    r = cn.percentile(cn.asarray(a), q, axis=axis, method=method)
    assert r.flags.c_contiguous == numpy.percentile(a, q, axis=axis, method=method).flags.c_contiguous
