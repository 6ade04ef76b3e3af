"""Math routines (NumPy's "Mathematical functions" beyond the ufuncs and the
scans): around/round, fix, clip, nan_to_num, real, imag, angle,
real_if_close, sinc, i0, diff, ediff1d, gradient, trapezoid, cross, unwrap,
interp and the ndarray methods round, clip, conj, conjugate and the real/imag
setters, against NumPy on every device, every dtype."""
import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, COMPLEX_DTYPES, NUMERIC_DTYPES, REAL_DTYPES, SOME_DTYPES,
                     assert_same, clip_int_bounds, compare, dtype_params, make_data, needs_numpy,
                     rounding_call, NUMPY_VERSION)

pytestmark = pytest.mark.usefixtures("device")


def with_specials(a):
    """Float data with NaN, infinities and halves (round's ties) mixed in."""
    a = a.copy()
    if a.dtype.kind in "fc" and a.size >= 6:
        flat = a.reshape(-1)
        flat[0], flat[1], flat[2] = numpy.nan, numpy.inf, -numpy.inf
        flat[3], flat[4] = 2.5, -0.5
    return a


# ---------------------------------------------------------------- rounding
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_around_every_dtype(dt, rng):
    a = with_specials(make_data((4, 5), dt, "full" if dt.kind in "iu" else "default", rng))
    for d in (0, 1, 2, -1, -2):
        compare(lambda xp, x: xp.around(x, d), a)
        compare(lambda xp, x: xp.round(x, decimals=d), a)
        compare(lambda xp, x: x.round(d), a)


@pytest.mark.parametrize("dt", dtype_params([numpy.float32, numpy.float64, numpy.int16, numpy.complex128]))
def test_around_out(dt, rng):
    dt = numpy.dtype(dt)
    a = make_data((3, 4), dt, rng=rng) * 7
    out = numpy.zeros((3, 4), numpy.result_type(dt, numpy.float32) if dt.kind != "c" else dt)
    compare(lambda xp, x, o: xp.around(x, 1, out=o), a, out)
    compare(lambda xp, x, o: xp.around(x, -1, out=o), a, out)
    compare(lambda xp, x: xp.around(x, 0, out=xp.zeros((3, 4), bool)), a)  # casting error


def test_around_half_to_even_after_scaling():
    a = numpy.array([0.125, 0.375, 2.675, -1.005, 1234.5, 25, 35, 45], numpy.float64)
    for d in (0, 1, 2, -1, -2, 3):
        compare(lambda xp, x: xp.round(x, d), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_fix(dt, rng):
    a = with_specials(make_data((5, 4), dt, rng=rng))
    compare(lambda xp, x: rounding_call(xp, "fix", x), a)
    if dt.kind in "f":
        compare(lambda xp, x, o: xp.fix(x, out=o), a, numpy.zeros((5, 4), dt))


# ---------------------------------------------------------------- clip
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_clip_every_dtype(dt, rng):
    a = with_specials(make_data((4, 6), dt, rng=rng))
    lo, hi = make_data((6,), dt, rng=rng), make_data((4, 1), dt, rng=rng)
    compare(lambda xp, x: xp.clip(x, 1, 4), a)
    compare(lambda xp, x, l, h: xp.clip(x, l, h), a, lo, hi)
    compare(lambda xp, x: xp.clip(x, None, 3), a)
    compare(lambda xp, x: xp.clip(x, 2, None), a)
    compare(lambda xp, x: x.clip(1, 3), a)
    compare(lambda xp, x: x.clip(max=3), a)


@needs_numpy((2, 1), "clip takes min= and max= (the Array API names)")
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_clip_min_max_keywords(dt, rng):
    a = with_specials(make_data((4, 6), dt, rng=rng))
    compare(lambda xp, x: xp.clip(x, min=1), a)
    compare(lambda xp, x: xp.clip(x, max=2.5), a)


def test_clip_semantics(rng):
    a = numpy.array([1.0, numpy.nan, -3.0, 5.0, 0.0, -0.0])
    compare(lambda xp, x: xp.clip(x, numpy.nan, 2), a)
    compare(lambda xp, x: xp.clip(x, 0, numpy.nan), a)
    compare(lambda xp, x: xp.clip(x, 3, 1), a)  # min > max: max wins
    if NUMPY_VERSION >= (2, 1):  # NumPy 2.1: clip with neither bound is allowed (a copy)
        compare(lambda xp, x: xp.clip(x, None, None), a)
    i8 = numpy.arange(-5, 5, dtype=numpy.int8)
    # Python ints beyond int8: dropped (NumPy 2.1; clip_int_bounds on 2.0)
    compare(lambda xp, x: xp.clip(x, *clip_int_bounds(xp, x.dtype, -1000, 300)), i8)
    compare(lambda xp, x: xp.clip(x, 0, 2.5), i8)
    compare(lambda xp, x: xp.clip(x, numpy.int16(-2), 3), i8)
    out = numpy.zeros(10, numpy.float32)
    compare(lambda xp, x, o: xp.clip(x, -2, 2, out=o), i8, out)
    compare(lambda xp, x, o: xp.clip(x, -2, 2, o), i8, out)
    compare(lambda xp, x, o: xp.clip(x, -2, 2, out=o, where=x > 0), i8, out)
    compare(lambda xp, x: xp.clip(x, -2, 2, dtype=numpy.float64), i8)
    compare(lambda xp, x: xp.clip(x, -2, 2, out=xp.zeros(10, numpy.uint8)), i8)  # same_kind
    compare(lambda xp, x: xp.clip(x, -2, 2, out=xp.zeros(10, numpy.uint8), casting="unsafe"), i8)
    compare(lambda xp, x: xp.clip(x, 1), i8)
    if NUMPY_VERSION >= (2, 1):  # NumPy 2.1's min=/max= keywords: both a bound and min= is a ValueError
        compare(lambda xp, x: xp.clip(x, 1, 2, min=0), i8)
    compare(lambda xp, x: xp.clip(x, 1, 2, bogus=0), i8)
    compare(lambda xp, x: xp.clip(x, a_max=2), i8)


# Note [Clip ties]: an item equal to a bound (+-0.0) comes out as the item
# where both bounds are the same for every item, as the bound otherwise
# (float32/float64; float16: the item always). compare() checks the sign of
# every zero.
@needs_numpy((2, 1), "clip with bounds of stride 0 returns the item on ties")
@pytest.mark.parametrize("dt", dtype_params([numpy.dtype(t) for t in ("float16", "float32", "float64")]))
@pytest.mark.parametrize("n", [1, 50])
def test_clip_signed_zero_ties(dt, n):
    x = numpy.tile(numpy.array([-0.0, 0.0], dt), n)[:n]
    x2 = x[::-1].copy()
    z, o = numpy.zeros(n, dt), numpy.ones(n, dt)
    for a in (x, x2):
        compare(lambda xp, v: xp.clip(v, 0.0, 1.0), a)                    # Python floats
        compare(lambda xp, v: xp.clip(v, -1.0, -0.0), a)
        compare(lambda xp, v: xp.clip(v, xp.asarray(0.0, dt), xp.asarray(1.0, dt)), a)  # 0-d arrays
        compare(lambda xp, v: xp.clip(v, xp.zeros(1, dt), xp.ones(1, dt)), a)  # size 1: broadcast when n > 1
        compare(lambda xp, v, lo, hi: xp.clip(v, lo, hi), a, z, o)         # array bounds
        compare(lambda xp, v, hi: xp.clip(v, 0.0, hi), a, o)               # one of each
        compare(lambda xp, v, lo: xp.clip(v, lo, -0.0), a, -o)
        compare(lambda xp, v, out: xp.clip(v, 0.0, 1.0, out=out), a, numpy.full(n, 7, dt))
        compare(lambda xp, v, out: xp.clip(v, -0.0, 0.0, out=out, where=v == 0), a, numpy.full(n, 7, dt))
        compare(lambda xp, v: v.clip(0.0, 0.0), a)


# ---------------------------------------------------------------- nan_to_num
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_nan_to_num(dt, rng):
    a = with_specials(make_data((3, 5), dt, rng=rng))
    if dt.kind == "c":
        a.reshape(-1)[5] = complex(numpy.inf, numpy.nan)
        a.reshape(-1)[6] = complex(-numpy.inf, -numpy.inf)
    compare(lambda xp, x: xp.nan_to_num(x), a)
    compare(lambda xp, x: xp.nan_to_num(x, nan=-1.5, posinf=100, neginf=-100), a)
    compare(lambda xp, x: xp.nan_to_num(x, posinf=1e300), a)
    compare(lambda xp, x: xp.nan_to_num(x, copy=False), a)  # in place: the argument is compared too
    # Arrays of replacements broadcast against x (NumPy's copyto of each).
    col, row = numpy.arange(3.0)[:, None] - 7, numpy.arange(5.0) * 1e3
    compare(lambda xp, x, v: xp.nan_to_num(x, nan=v), a, col)
    compare(lambda xp, x, v: xp.nan_to_num(x, posinf=v, neginf=-v), a, row)
    compare(lambda xp, x, v: xp.nan_to_num(x, nan=v, posinf=1.5), a, numpy.full((3, 5), 9.0))
    compare(lambda xp, x, v: xp.nan_to_num(x, neginf=v), a, numpy.arange(4.0))  # not broadcastable
    compare(lambda xp, x, v: xp.nan_to_num(x, nan=v, copy=False), a, col)
    # copy=False returns the very array given.
    x = cn.asarray(a)
    assert cn.nan_to_num(x, copy=False) is x


# ---------------------------------------------------------------- complex numbers
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_real_imag_angle(dt, rng):
    a = make_data((3, 4), dt, rng=rng)
    compare(lambda xp, x: xp.real(x), a)
    compare(lambda xp, x: xp.imag(x), a)
    compare(lambda xp, x: xp.angle(x), a)
    compare(lambda xp, x: xp.angle(x, deg=True), a)
    compare(lambda xp, x: xp.conj(x), a)
    compare(lambda xp, x: x.conj(), a)
    compare(lambda xp, x: x.conjugate(), a)


def test_real_of_a_real_array_is_itself():
    # numpy.real(x) is x.real, and that of a real array is x itself.
    for dt in (numpy.float32, numpy.int64, numpy.bool_):
        x = cn.asarray(numpy.arange(4).astype(dt))
        assert cn.real(x) is x
    c = cn.asarray(numpy.arange(4) + 1j)
    assert cn.real(c) is not c


@pytest.mark.parametrize("dt", dtype_params(COMPLEX_DTYPES))
def test_real_imag_views_and_setters(dt, rng):
    a = make_data((3, 4), dt, rng=rng)

    def set_real(xp, x):
        x.real = 7
        xp.real(x)[0, 0] = -1  # a view: writes through
        return x

    def set_imag(xp, x):
        x.imag = xp.arange(4)
        x.imag[1] = 0.5
        return x

    compare(set_real, a)
    compare(set_imag, a)


def test_imag_setter_of_real_array():
    compare(lambda xp, x: setattr(x, "imag", 1), numpy.arange(3.0))


@pytest.mark.parametrize("dt", dtype_params([numpy.complex64, numpy.complex128, numpy.float32, numpy.int8]))
def test_real_if_close(dt, rng):
    dt = numpy.dtype(dt)
    a = make_data((6,), dt, rng=rng)
    compare(lambda xp, x: xp.real_if_close(x), a)
    if dt.kind == "c":
        b = a.real.astype(dt) + numpy.asarray(1e-9j if dt == numpy.complex128 else 1e-8j, dt)
        compare(lambda xp, x: xp.real_if_close(x), b)
        compare(lambda xp, x: xp.real_if_close(x, tol=1e-12), b)


# ---------------------------------------------------------------- special functions
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_sinc(dt, rng):
    if dt == numpy.float16 and NUMPY_VERSION < (2, 3):
        pytest.skip("NumPy 2.3: float16 sinc(0) is 1 (before, nan: its 1e-20 stand-in for 0 underflowed)")
    a = make_data((5, 4), dt, rng=rng)
    a.reshape(-1)[0] = 0
    compare(lambda xp, x: xp.sinc(x), a, rtol=None if dt != numpy.float16 else 4e-3)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_i0(dt, rng):
    a = make_data((6, 5), dt, rng=rng) * (3 if dt.kind in "fc" else 1)
    if dt.kind == "f":
        a.reshape(-1)[:4] = [numpy.nan, 8.0, -8.0, 20.0]
    compare(lambda xp, x: xp.i0(x), a)


# ---------------------------------------------------------------- differences
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_diff(dt, rng):
    a = make_data((4, 5, 3), dt, rng=rng)
    for n in (0, 1, 2, 4):
        for axis in (0, 1, -1):
            compare(lambda xp, x: xp.diff(x, n=n, axis=axis), a)
    compare(lambda xp, x: xp.diff(x, axis=1, prepend=0, append=x[:, :2]), a)
    compare(lambda xp, x: xp.diff(x, n=2, prepend=x[..., :1]), a)
    compare(lambda xp, x: xp.diff(x, n=9, axis=0), a)  # longer than the axis: empty


def test_diff_errors():
    a = numpy.arange(6.0).reshape(2, 3)
    compare(lambda xp, x: xp.diff(x, n=-1), a)
    compare(lambda xp, x: xp.diff(x, axis=2), a)
    compare(lambda xp, x: xp.diff(x[0, 0]), a)
    compare(lambda xp, x: xp.diff(x, prepend=xp.zeros((3, 3))), a)


@pytest.mark.parametrize("dt", dtype_params(NUMERIC_DTYPES + [numpy.dtype(bool)]))
def test_ediff1d(dt, rng):
    a = make_data((3, 4), dt, rng=rng)
    compare(lambda xp, x: xp.ediff1d(x), a)
    compare(lambda xp, x: xp.ediff1d(x, to_begin=0, to_end=[1, 2]), a)
    compare(lambda xp, x: xp.ediff1d(x, to_end=numpy.array([1.5])), a)  # same_kind check
    compare(lambda xp, x: xp.ediff1d(x[:1, :1], to_begin=x[0]), a)


@pytest.mark.parametrize("dt", dtype_params(NUMERIC_DTYPES + [numpy.dtype(bool)]))
def test_gradient(dt, rng):
    a = make_data((5, 6), dt, rng=rng)
    compare(lambda xp, x: xp.gradient(x), a)
    compare(lambda xp, x: xp.gradient(x, 2.0), a)
    compare(lambda xp, x: xp.gradient(x, 0.5, 3, edge_order=2), a)
    compare(lambda xp, x: xp.gradient(x, axis=1), a)
    compare(lambda xp, x: xp.gradient(x, axis=(-1, 0), edge_order=2), a)


@pytest.mark.parametrize("dt", dtype_params([numpy.float32, numpy.float64, numpy.complex128, numpy.int32]))
def test_gradient_coordinates(dt, rng):
    dt = numpy.dtype(dt)
    f = make_data((6, 5), dt, rng=rng)
    xs = numpy.array([0.0, 0.5, 1.5, 1.75, 3.0, 4.5])
    ys = numpy.array([0, 1, 3, 4, 8])
    for order in (1, 2):
        compare(lambda xp, a, x, y: xp.gradient(a, x, y, edge_order=order), f, xs, ys, rtol=1e-4)
        compare(lambda xp, a, x: xp.gradient(a, x, 2.0, edge_order=order), f, xs, rtol=1e-4)
        compare(lambda xp, a, y: xp.gradient(a, y, axis=1, edge_order=order), f, ys, rtol=1e-4)


def test_gradient_errors():
    a = numpy.arange(12.0).reshape(3, 4)
    compare(lambda xp, x: xp.gradient(x, 1, 2, 3), a)
    compare(lambda xp, x: xp.gradient(x, xp.ones((2, 2)), 1), a)
    compare(lambda xp, x: xp.gradient(x, xp.ones(5), 1), a)
    compare(lambda xp, x: xp.gradient(x, edge_order=3), a)
    compare(lambda xp, x: xp.gradient(x[:, :2], axis=1, edge_order=2), a)
    compare(lambda xp, x: xp.gradient(x, axis=(0, 0)), a)
    compare(lambda xp, x: xp.gradient(x, axis=2), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_trapezoid(dt, rng):
    y = make_data((4, 5), dt, "small", rng=rng)
    compare(lambda xp, a: xp.trapezoid(a), y)
    compare(lambda xp, a: xp.trapezoid(a, dx=0.5, axis=0), y)
    compare(lambda xp, a, x: xp.trapezoid(a, x), y, numpy.array([0.0, 1, 3, 3.5, 7]))
    compare(lambda xp, a, x: xp.trapezoid(a, x, axis=0), y, numpy.arange(20.0).reshape(4, 5) ** 1.5)
    compare(lambda xp, a: xp.trapezoid(a, axis=2), y)


@pytest.mark.parametrize("dt", dtype_params(NUMERIC_DTYPES + [numpy.dtype(bool)]))
def test_cross(dt, rng):
    a3, b3 = make_data((4, 3), dt, rng=rng), make_data((4, 3), dt, rng=rng)
    a2, b2 = make_data((4, 2), dt, rng=rng), make_data((2,), dt, rng=rng)
    compare(lambda xp, a, b: xp.cross(a, b), a3, b3)
    compare(lambda xp, a, b: xp.cross(a, b), a3, a2)
    compare(lambda xp, a, b: xp.cross(a, b), a2, b3)
    compare(lambda xp, a, b: xp.cross(a, b), a2, b2)
    compare(lambda xp, a, b: xp.cross(a.T, b, axisa=0, axisc=0), a3, b3[1])
    compare(lambda xp, a, b: xp.cross(a.T, b.T, axis=0), a3, b3)


def test_cross_errors():
    a = numpy.ones((3, 4))
    compare(lambda xp, x: xp.cross(x, x), a)
    compare(lambda xp, x: xp.cross(x, x, axisa=2), a)
    compare(lambda xp, x: xp.cross(x[0, 0], x), a)
    compare(lambda xp, x: xp.cross(x, x, axis=0, axisc=5), a)


@pytest.mark.parametrize("dt", dtype_params(REAL_DTYPES + [numpy.dtype(bool)]))
def test_unwrap(dt, rng):
    p = numpy.cumsum(make_data((3, 8), numpy.float64, rng=rng), axis=1).astype(dt)
    compare(lambda xp, x: xp.unwrap(x), p)
    compare(lambda xp, x: xp.unwrap(x, axis=0), p)
    compare(lambda xp, x: xp.unwrap(x, discont=4.0), p)
    compare(lambda xp, x: xp.unwrap(x, period=6), p)
    compare(lambda xp, x: xp.unwrap(x, period=5), p)
    compare(lambda xp, x: xp.unwrap(x, period=360.0), p)


# ---------------------------------------------------------------- interp
@pytest.mark.parametrize("dt", dtype_params(REAL_DTYPES + COMPLEX_DTYPES))
def test_interp_fp_dtypes(dt, rng):
    xp_ = numpy.array([-2.0, -1.0, 0.5, 0.5, 2.0, 4.0])
    fp = make_data((6,), dt, rng=rng)
    x = numpy.array([[-3.0, -2.0, -1.5, 0.0], [0.5, 1.0, 4.0, 5.0], [numpy.nan, 3.9, -1.0, 2.0]])
    compare(lambda xp, a, b, c: xp.interp(a, b, c), x, xp_, fp)
    compare(lambda xp, a, b, c: xp.interp(a, b, c, left=-10, right=10.5), x, xp_, fp)
    # period: sample points distinct after wrapping (NumPy's argsort is not stable)
    compare(lambda xp, a, b, c: xp.interp(a, b, c, period=3.5), x, xp_ * [1, 1, 1, 1.2, 1, 0.9], fp)


def test_interp_special_cases():
    compare(lambda xp, a: xp.interp(a, [1.0], [5.0]), numpy.array([0.0, 1, 2, numpy.nan]))
    compare(lambda xp, a: xp.interp(a, [0.0, 1, 2], [0.0, numpy.inf, 1]), numpy.array([0.5, 1, 1.5]))
    compare(lambda xp, a: xp.interp(a, [0.0, 1, 2], [1.0, 1, numpy.inf]), numpy.array([0.5, 1.5, 2]))
    compare(lambda xp, a: xp.interp(a, [0, 1, 2], [1, 2, 3]), numpy.arange(-1, 4, dtype=numpy.int8))
    compare(lambda xp, a: xp.interp(a, [0.0, 1], [1j, 2]), numpy.array(0.25))
    compare(lambda xp, a: xp.interp(a, [0.0, 1], [1j, 2], left=3j), numpy.array([-1.0, 0.5]))
    x = numpy.linspace(-5, 5, 3000)
    compare(lambda xp, a: xp.interp(a, xp.sort(a[::7]), xp.sin(xp.sort(a[::7]))), x)


def test_interp_errors():
    x = numpy.array([0.5])
    compare(lambda xp, a: xp.interp(a, [[1.0, 2]], [1.0, 2]), x)
    compare(lambda xp, a: xp.interp(a, [1.0, 2], [1.0, 2, 3]), x)
    compare(lambda xp, a: xp.interp(a, [], []), x)
    compare(lambda xp, a: xp.interp(a, [1.0, 2], [1.0, 2], period=0), x)
    compare(lambda xp, a: xp.interp(a, [[1.0, 2]], [1.0, 2], period=1), x)
    compare(lambda xp, a: xp.interp(a + 1j, [1.0, 2], [1.0, 2]), x)
