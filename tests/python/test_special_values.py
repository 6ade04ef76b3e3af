"""Special values against NumPy: signed zeros, NaNs, infinities, huge and tiny
finite values (issue 7, fuzz findings 7 and 9, and what the old comparison
could not see: -0.0 from negative, the zero that maximum and min return,
sqrt(0 + inf j)).

assert_same (helpers.py) requires NaN positions, infinities and the sign of
every zero to match, so these grids check C99 Annex G's special values as
NumPy (glibc) gives them."""
import itertools

import numpy
import pytest

from helpers import COMPLEX_DTYPES, FLOAT_DTYPES, compare, dtype_params

pytestmark = pytest.mark.usefixtures("device")


def _parts(dt):
    f = numpy.finfo(dt)
    big = {64: 1e10, 32: 1e5, 16: 1e3}[f.bits]
    return [0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, f.max, -f.max, f.tiny, -f.tiny,
            f.smallest_subnormal, 1.0, -1.0, 0.5, -2.5, 3.0, big]


def complex_grid(dt):
    """Every pair of special real parts: ±0, ±inf, nan, ±huge, ±tiny, subnormal, ..."""
    dt = numpy.dtype(dt)
    parts = _parts(dt.char.lower())
    z = numpy.empty(len(parts) ** 2, dt)
    z.real, z.imag = zip(*itertools.product(parts, parts))
    return z


@pytest.mark.parametrize("dt", dtype_params(COMPLEX_DTYPES))
@pytest.mark.parametrize("name", ["sqrt", "log", "exp", "sin", "cos", "tanh", "negative",
                                  "absolute", "positive"])
def test_complex_unary_special_grid(dt, name):
    compare(lambda xp, x: getattr(xp, name)(x), complex_grid(dt), rtol=8 * numpy.finfo(dt).eps)


# power over the grid: the finite results of exp(b * log(a)) for subnormal or
# huge a and large b carry the error of log(a) times |b| in any implementation;
# those are compared with a looser tolerance, everything else tightly.
@pytest.mark.parametrize("dt", dtype_params(COMPLEX_DTYPES))
@pytest.mark.parametrize("name", ["multiply", "true_divide", "power", "add", "subtract"])
def test_complex_binary_special_grid(dt, name, device):
    z = complex_grid(dt)
    a, b = numpy.repeat(z, z.size), numpy.tile(z, z.size)
    rtol = 8 * numpy.finfo(dt).eps
    if name == "power":
        if device != "cpu":
            rtol *= 8  # CUDA's exp/log/sincos, not glibc's (docs/architecture.md)
        f = numpy.finfo(dt)
        ill = (numpy.abs(a) < f.tiny) | (numpy.abs(a) > f.max / 4) | (numpy.abs(b) > 10)
        if device != "cpu":
            # A NaN made by an invalid operation is negative on x86 and
            # positive on CUDA, and glibc's cexp(-inf + nan j) takes the sign
            # of its zeros from it: with a NaN in the input, the zeros'
            # signs are compared after adding +0 (docs/architecture.md).
            nan = numpy.isnan(a) | numpy.isnan(b)
            ill_ok, ill_nan = ~ill & ~nan, ~ill & nan
            compare(lambda xp, x, y: xp.power(x, y), a[ill_ok], b[ill_ok], rtol=rtol)
            compare(lambda xp, x, y: xp.power(x, y) + 0, a[ill_nan], b[ill_nan], rtol=rtol)
        else:
            compare(lambda xp, x, y: xp.power(x, y), a[~ill], b[~ill], rtol=rtol)
        ill_rtol = 1e-9 if f.bits == 64 else 1e-2
        if device != "cpu":
            # There the angle b.im * log|a| + b.re * arg(a) carries the error of
            # CUDA's log times |b| (radians, for the huge ones), so the signs of
            # the parts are another libm's answer: compared by modulus.
            compare(lambda xp, x, y: xp.abs(xp.power(x, y)), a[ill], b[ill], rtol=ill_rtol)
        else:
            compare(lambda xp, x, y: xp.power(x, y), a[ill], b[ill], rtol=ill_rtol)
        return
    compare(lambda xp, x, y: getattr(xp, name)(x, y), a, b, rtol=rtol)


@pytest.mark.parametrize("dt", dtype_params(COMPLEX_DTYPES))
def test_complex_large_finite_no_spurious_overflow(dt):
    f = numpy.finfo(dt)
    z = numpy.array([complex(-f.max, 0), complex(f.max, f.max), complex(-f.max, -f.max),
                     complex(f.max / 3, f.max / 2), complex(f.tiny, f.tiny),
                     complex(f.smallest_subnormal, 0), complex(0, f.smallest_subnormal),
                     complex(1, 1e-8), complex(0.6, 0.8), complex(1 - 1e-7, 1e-5)], dt)
    for name in ("sqrt", "log"):
        compare(lambda xp, x: getattr(xp, name)(x), z, rtol=8 * f.eps)
    assert not numpy.isinf(numpy.sqrt(z[:1])).any()  # the premise: NumPy gives 1.34e154j


@pytest.mark.parametrize("dt", dtype_params(COMPLEX_DTYPES))
@pytest.mark.parametrize("name", ["less", "less_equal", "greater", "greater_equal", "equal",
                                  "not_equal", "maximum", "minimum"])
def test_complex_order_with_nan(dt, name):
    # NumPy: a NaN in either imaginary part makes an order decided by the real
    # parts false (8+0j > nan j is False)
    z = complex_grid(dt)[::5]
    a, b = numpy.repeat(z, z.size), numpy.tile(z, z.size)
    compare(lambda xp, x, y: getattr(xp, name)(x, y), a, b)
    compare(lambda xp: getattr(xp, name)(xp.asarray(numpy.array(8 + 0j, dt)),
                                         complex(0, numpy.nan)))


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES + COMPLEX_DTYPES))
def test_negative_zero(dt):
    compare(lambda xp, x: xp.negative(x), numpy.array([0.0, -0.0, 1.0, numpy.nan], dt))
    compare(lambda xp, x: -x, numpy.array([0.0, -0.0], dt))
    compare(lambda xp, x: xp.subtract(0, x), numpy.array([0.0, -0.0], dt))


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES + COMPLEX_DTYPES))
def test_extrema_of_equal_zeros(dt):
    # Note [Extrema of equal values]: which zero comes out is NumPy's choice
    a = numpy.array([-0.0, 0.0, 0.0, -0.0, -0.0, 0.0], dt)
    b = numpy.array([0.0, -0.0, 0.0, -0.0, -0.0, 0.0], dt)
    for name in ("maximum", "minimum"):
        compare(lambda xp, x, y: getattr(xp, name)(x, y), a, b)
        compare(lambda xp, x: getattr(xp, name)(x, 0.0), a)
        compare(lambda xp, x: getattr(xp, name)(x, -0.0), a)


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES))
@pytest.mark.parametrize("values", [[-0.0, 0.0], [0.0, -0.0], [0.0, -0.0, 0.0],
                                    [-0.0, 0.0, -0.0], [1.0, -0.0, 0.0]], ids=repr)
def test_min_max_of_mixed_zeros(dt, values, device):
    for name in ("min", "max", "amin", "amax"):
        if device == "cpu":
            compare(lambda xp, x: getattr(xp, name)(x), numpy.array(values, dt))
        else:
            # On the GPU the lanes of a warp fold in another order than
            # NumPy's left-to-right loop, so which zero wins is not NumPy's
            # (docs/architecture.md, platform-specific choices); the value is.
            compare(lambda xp, x: xp.abs(getattr(xp, name)(x)), numpy.array(values, dt))


@pytest.mark.parametrize("dt", dtype_params(COMPLEX_DTYPES))
def test_sqrt_of_infinite_imaginary_part(dt):
    z = numpy.array([complex(0, numpy.inf), complex(-0.0, -numpy.inf),
                     complex(numpy.nan, numpy.inf), complex(-numpy.inf, numpy.inf)], dt)
    compare(lambda xp, x: xp.sqrt(x), z)


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES))
def test_real_special_grid(dt):
    # sign of zero, NaN and infinities through the real ufuncs
    p = numpy.array(_parts(dt), dt)
    a, b = numpy.repeat(p, p.size), numpy.tile(p, p.size)
    for name in ("sqrt", "log", "exp", "sin", "cos", "tanh", "negative", "absolute"):
        compare(lambda xp, x: getattr(xp, name)(x), p, rtol=4 * numpy.finfo(dt).eps)
    for name in ("add", "subtract", "multiply", "true_divide", "maximum", "minimum",
                 "less", "greater_equal", "equal"):
        compare(lambda xp, x, y: getattr(xp, name)(x, y), a, b)
