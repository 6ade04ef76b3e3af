"""average, ptp, amin, amax, nanmin, nanmax, nanargmin, nanargmax against
NumPy: dtypes, axes, keepdims, out=, weights= and returned= (average),
initial= and where= (nanmin/nanmax), NaN slices and the errors."""
import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, USING_NUMPY_SHIM, compare, dtype_params, make_data)

pytestmark = pytest.mark.usefixtures("device")


def with_nans(a, rng):
    a = a.copy()
    if a.dtype.kind in "fc" and a.size:
        a.flat[rng.integers(0, a.size, size=max(1, a.size // 4))] = numpy.nan
    return a


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_average(dt, rng):
    a = make_data((3, 4, 5), dt, kind="small", rng=rng)
    for axis in (None, 0, 2, (0, 2), -1):
        compare(lambda xp, x: xp.average(x, axis=axis), a)
        compare(lambda xp, x: xp.average(x, axis=axis, keepdims=True), a)
        compare(lambda xp, x, w: xp.average(x, axis=axis, weights=w, returned=True), a,
                rng.random((3, 4, 5)) + 0.1)
    compare(lambda xp, x, w: xp.average(x, axis=1, weights=w), a, numpy.arange(1, 5))
    compare(lambda xp, x, w: xp.average(x, axis=(2, 0), weights=w, returned=True), a, rng.random((5, 3)))
    compare(lambda xp, x, w: xp.average(x, axis=(0, 2), weights=w, returned=True, keepdims=True), a,
            rng.integers(1, 4, (3, 5)).astype(numpy.int16))


def test_average_errors(rng):
    a = make_data((3, 4), numpy.float64, rng=rng)
    compare(lambda xp, x, w: xp.average(x, weights=w), a, numpy.ones(4))  # TypeError
    compare(lambda xp, x, w: xp.average(x, axis=0, weights=w), a, numpy.ones(4))  # ValueError
    compare(lambda xp, x, w: xp.average(x, axis=1, weights=w), a, numpy.array([1.0, -1.0, 0.0, 0.0]))
    compare(lambda xp, x, w: xp.average(x, weights=w), a, numpy.zeros((3, 4)))
    compare(lambda xp, x: xp.average(x, axis=2), a)
    compare(lambda xp, x: xp.average(x, axis=(1, 1)), a)
    compare(lambda xp, x: xp.average(x, returned=True), a)


@pytest.mark.parametrize("shape, axis", [((1, 0), 0), ((0, 0), (0, 1)), ((2, 0, 3), 2), ((1, 0), 1), ((0,), None)])
def test_average_of_an_empty_result(shape, axis):
    # NumPy divides a.size by the result's size in Python: an empty result
    # is ZeroDivisionError (found by the fuzzer, stop 25); an empty axis
    # with a non-empty result is NaN
    for returned in (False, True):
        compare(lambda xp, x: xp.average(x, axis=axis, returned=returned), numpy.zeros(shape))
    compare(lambda xp, x, w: xp.average(x, axis=axis, weights=w), numpy.zeros(shape),
            numpy.ones(shape))


@pytest.mark.parametrize("dt", dtype_params([d for d in ALL_DTYPES if d.kind != "b"]))
def test_ptp_amin_amax(dt, rng):
    a = make_data((4, 5), dt, rng=rng)
    for axis in (None, 0, 1, (0, 1)):
        for name in ("ptp", "amin", "amax"):
            compare(lambda xp, x: getattr(xp, name)(x, axis=axis), a)
            compare(lambda xp, x: getattr(xp, name)(x, axis=axis, keepdims=True), a)
    compare(lambda xp, x, o: xp.ptp(x, axis=0, out=o), a, numpy.zeros(5, a.dtype))
    compare(lambda xp, x: xp.ptp(x), numpy.array([True, False]))
    if USING_NUMPY_SHIM:  # NumPy 2 has no ndarray.ptp (CuPy's method)
        return
    r = cn.asarray(a).ptp(axis=1)
    numpy.testing.assert_array_equal(cn.asnumpy(r), numpy.ptp(a, axis=1))


@pytest.mark.parametrize("dt", dtype_params([d for d in ALL_DTYPES if d.kind != "b"]))
@pytest.mark.parametrize("name", ["nanmin", "nanmax", "nanargmin", "nanargmax"])
def test_nan_extrema(name, dt, rng):
    a = with_nans(make_data((4, 6), dt, rng=rng), rng)
    axes = (None, 0, 1, -1) if "arg" in name else (None, 0, 1, (0, 1))
    for axis in axes:
        compare(lambda xp, x: getattr(xp, name)(x, axis=axis), a)
        compare(lambda xp, x: getattr(xp, name)(x, axis=axis, keepdims=True), a)


def test_nan_extrema_special(rng):
    a = numpy.array([[numpy.nan, numpy.nan, numpy.nan], [1.0, numpy.nan, -numpy.inf], [numpy.inf, 2.0, numpy.nan]])
    for name in ("nanmin", "nanmax"):
        for axis in (None, 0, 1):
            compare(lambda xp, x: getattr(xp, name)(x, axis=axis), a)
        compare(lambda xp, x: getattr(xp, name)(x, axis=1, initial=0.5), a)
        compare(lambda xp, x: getattr(xp, name)(x, axis=1, initial=0.5, where=x > 0), a)
        compare(lambda xp, x: getattr(xp, name)(x, axis=1, where=x > 0), a)  # ValueError
        compare(lambda xp, x, o: getattr(xp, name)(x, axis=0, out=o), a, numpy.zeros(3))
    for name in ("nanargmin", "nanargmax"):
        compare(lambda xp, x: getattr(xp, name)(x, axis=1), a)  # ValueError: all-NaN row
        compare(lambda xp, x: getattr(xp, name)(x, axis=0), a[1:])
        compare(lambda xp, x: getattr(xp, name)(x), numpy.full(3, numpy.nan))
        compare(lambda xp, x, o: getattr(xp, name)(x, axis=1, out=o), a[1:], numpy.zeros(2, numpy.int64))
