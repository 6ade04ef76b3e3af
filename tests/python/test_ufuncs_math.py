"""The ufuncs of issue 10's math surface (trigonometric, hyperbolic, exponents
and logarithms, floating point, rounding, integers, classification): every
dtype and loop, special values (C99 Annex G for complex arguments), integer
edge cases, out= / where= / dtype=, and the array API aliases. The declared
loops are checked against NumPy's `types` by test_ufunc_model.py."""
import itertools

import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, COMPLEX_DTYPES, FLOAT_DTYPES, INT_DTYPES, SOME_DTYPES,
                     USING_NUMPY_SHIM, compare, dtype_id, dtype_params, make_data, numpy_side,
                     old_integer_rounding, rounding_call, NUMPY_VERSION)


def _call(xp, name, *args):
    """xp.<name>(*args), with NumPy 2.5's float16 nextafter under an older
    oracle: equal arguments give the second (C99, as float32/float64 always
    did); NumPy up to 2.4 gave the first, so nextafter(0.0, -0.0) was +0.0."""
    r = getattr(xp, name)(*args)
    if (numpy_side(xp) and name == "nextafter" and numpy.result_type(*args) == numpy.float16
            and tuple(int(v) for v in numpy.__version__.split(".")[:2]) < (2, 5)):
        p, q = numpy.broadcast_arrays(*args)
        r = numpy.where(p == q, q, r).astype(numpy.float16)
    return r

pytestmark = pytest.mark.usefixtures("device")

UNARY = ["arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "bitwise_count", "cbrt",
         "ceil", "conjugate", "cosh", "deg2rad", "degrees", "exp2", "expm1", "fabs", "floor",
         "isfinite", "isinf", "isnan", "log10", "log1p", "log2", "rad2deg", "radians",
         "reciprocal", "rint", "sign", "signbit", "sinh", "spacing", "square", "tan", "trunc"]
BINARY = ["arctan2", "copysign", "float_power", "fmax", "fmin", "fmod", "gcd", "heaviside", "lcm",
          "logaddexp", "logaddexp2", "nextafter"]
ALIASES = {"acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh",
           "atan": "arctan", "atanh": "arctanh", "atan2": "arctan2", "pow": "power",
           "conj": "conjugate", "bitwise_left_shift": "left_shift",
           "bitwise_right_shift": "right_shift", "bitwise_invert": "invert",
           "bitwise_not": "invert", "abs": "absolute", "mod": "remainder",
           "true_divide": "divide"}

POSITIVE = {"log10", "log1p", "log2", "arccosh"}
UNIT = {"arcsin", "arccos", "arctanh"}


def unary_input(name, dt, shape, rng):
    if dt.kind in "fc" and name in POSITIVE:
        return make_data(shape, dt, kind="positive", rng=rng) + (dt.type(1) if name == "arccosh" else 0)
    if name in UNIT:
        return make_data(shape, dt, kind="unit", rng=rng)
    if name in ("bitwise_count", "square", "sign", "reciprocal", "conjugate"):
        return make_data(shape, dt, kind="full" if dt.kind in "iu" else "default", rng=rng)
    if name in ("exp2", "sinh", "cosh") and dt == numpy.float16:
        return make_data(shape, dt, kind="unit", rng=rng) * dt.type(4)
    return make_data(shape, dt, rng=rng)


def binary_inputs(name, dt, shape, rng):
    if name in ("gcd", "lcm"):
        k = "full" if dt.kind in "iu" else "default"
        return make_data(shape, dt, kind=k, rng=rng), make_data(shape, dt, kind=k, rng=rng)
    if name == "float_power":
        return (make_data(shape, dt, kind="positive", rng=rng),
                make_data(shape, dt, kind="small", rng=rng))
    a = make_data(shape, dt, rng=rng)
    b = make_data(shape, dt, kind="nonzero" if name == "fmod" else "default", rng=rng)
    if name in ("fmax", "fmin", "heaviside", "nextafter", "copysign") and a.size:
        mask = rng.integers(0, 3, size=shape) == 0
        b = numpy.where(mask, a, b).astype(dt)  # ties (and zeros for heaviside)
        if name == "heaviside":
            a = numpy.where(rng.integers(0, 3, size=shape) == 0, dt.type(0), a).astype(dt)
    return a, b


# ---------------------------------------------------------------- objects and aliases


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum's own ufunc objects")
@pytest.mark.parametrize("name", UNARY + BINARY)
def test_is_a_ufunc(name):
    u = getattr(cn, name)
    assert isinstance(u, cn.ufunc)
    assert u.__name__ == getattr(numpy, name).__name__


@pytest.mark.parametrize("alias, target", list(ALIASES.items()))
def test_array_api_aliases(alias, target):
    assert (getattr(cn, alias) is getattr(cn, target)) == (getattr(numpy, alias) is getattr(numpy, target))
    x = numpy.array([0.25, -0.5, 0.75])
    if getattr(numpy, target).nin == 2:
        y = numpy.array([1, 2, 3]) if "shift" in target else numpy.array([0.5, 1.5, -2.0])
        x = numpy.array([3, 5, -7]) if "shift" in target else x
        compare(lambda xp, a, b: getattr(xp, alias)(a, b), x, y)
    else:
        compare(lambda xp, a: getattr(xp, alias)(a), numpy.array([3, 5, -7]) if target == "invert" else x)


# ---------------------------------------------------------------- every ufunc x every dtype


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", UNARY)
def test_unary(name, dt, rng):
    a = unary_input(name, dt, (4, 9), rng)
    compare(lambda xp, x: rounding_call(xp, name, x), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", BINARY)
def test_binary(name, dt, rng):
    a, b = binary_inputs(name, dt, (4, 9), rng)
    compare(lambda xp, x, y: getattr(xp, name)(x, y), a, b)


PAIRS = [pytest.param(a, b, id=f"{dtype_id(a)}-{dtype_id(b)}")
         for a, b in itertools.product(SOME_DTYPES, SOME_DTYPES)]


@pytest.mark.parametrize("dt1, dt2", PAIRS)
@pytest.mark.parametrize("name", ["arctan2", "fmax", "gcd", "copysign", "logaddexp"])
def test_binary_mixed_dtypes(name, dt1, dt2, rng):
    a = binary_inputs(name, dt1, (7,), rng)[0]
    b = binary_inputs(name, dt2, (7,), rng)[1]
    compare(lambda xp, x, y: getattr(xp, name)(x, y), a, b)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", ["arctan2", "fmod", "fmax", "copysign", "gcd", "heaviside"])
def test_binary_with_python_scalars(name, dt, rng):
    a = binary_inputs(name, dt, (6,), rng)[0]
    for s in (2, -3, 1.5, True):
        compare(lambda xp, x: getattr(xp, name)(x, s), a)
        compare(lambda xp, x: getattr(xp, name)(s, x), a)


# ---------------------------------------------------------------- special values

REAL_SPECIALS = [0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0,
                 1e-6, -3e-5, 0.99999, 1.00001, 10.0, -30.0, 100.0, 700.0, -745.0, 1e30, -1e30]


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES))
@pytest.mark.parametrize("name", [n for n in UNARY if n != "bitwise_count"])
def test_real_special_values(name, dt):
    with numpy.errstate(all="ignore"):
        a = numpy.array(REAL_SPECIALS).astype(dt)
    compare(lambda xp, x: getattr(xp, name)(x), a)


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES))
@pytest.mark.parametrize("name", [n for n in BINARY if n not in ("gcd", "lcm")])
def test_real_special_pairs(name, dt):
    vals = [0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 1.0, -1.0, 2.5, -7.0, 1e-3, 60000.0]
    x, y = numpy.array(list(itertools.product(vals, vals))).T
    with numpy.errstate(all="ignore"):
        compare(lambda xp, p, q: _call(xp, name, p, q), x.astype(dt), y.astype(dt))


def _complex_grid(dt):
    big = 1e30 if dt == numpy.complex64 else 1e300
    parts = [0.0, -0.0, 1.0, -1.0, 0.5, -2.0, 1e-20, 3.0, big, -big, numpy.inf, -numpy.inf,
             numpy.nan]
    re, im = numpy.array(list(itertools.product(parts, parts))).T
    out = numpy.empty(re.size, dt)
    out.real, out.imag = re, im
    return out


COMPLEX_UNARY = ["arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "cosh", "sinh",
                 "tan", "exp2", "expm1", "log10", "log1p", "log2", "reciprocal", "sign",
                 "square", "conjugate", "rint", "isfinite", "isinf", "isnan"]


@pytest.mark.parametrize("dt", dtype_params(COMPLEX_DTYPES))
@pytest.mark.parametrize("name", COMPLEX_UNARY)
def test_complex_special_values(name, dt):
    if name in ("arcsin", "arcsinh", "arccosh") and NUMPY_VERSION < (2, 3):
        pytest.skip("NumPy 2.3: complex arcsin/arcsinh/arccosh of nan and inf parts give C99's special values")
    compare(lambda xp, x: getattr(xp, name)(x), _complex_grid(dt))


@pytest.mark.parametrize("dt", dtype_params(COMPLEX_DTYPES))
@pytest.mark.parametrize("name", [n for n in COMPLEX_UNARY if n.startswith("arc")])
def test_complex_inverse_functions_across_the_plane(name, dt, rng):
    # every region of the algorithm: near the branch points +-1 and +-i,
    # along the cuts, tiny and huge moduli
    mags = 10.0 ** rng.uniform(-12 if dt == numpy.complex128 else -6,
                               12 if dt == numpy.complex128 else 6, 400)
    ang = rng.uniform(-numpy.pi, numpy.pi, 400)
    z = mags * numpy.exp(1j * ang)
    near = numpy.array([1 + 1e-9j, 1 - 1e-9j, -1 + 1e-9j, 1e-9 + 1j, 0.999 + 0.001j, 1.001 + 0j,
                        -1.001 - 0j, 0 + 1.5j, 2 + 0j, -2 - 0j, 0.5 + 1e-300j, 1e-300 + 0.5j])
    compare(lambda xp, x: getattr(xp, name)(x), numpy.concatenate([z, near]).astype(dt))


@pytest.mark.parametrize("name", ["nextafter", "spacing", "signbit", "copysign"])
def test_every_float16(name):
    h = numpy.arange(65536, dtype=numpy.uint16).view(numpy.float16)
    if name == "spacing" or name == "signbit":
        compare(lambda xp, x: getattr(xp, name)(x), h)
    else:
        other = numpy.roll(h, 12345)
        compare(lambda xp, x, y: getattr(xp, name)(x, y), h, other)
        compare(lambda xp, x: _call(xp, name, x, -x), h)


@pytest.mark.parametrize("dt", dtype_params([numpy.dtype("float32"), numpy.dtype("float64")]))
def test_nextafter_spacing_at_the_edges(dt):
    fi = numpy.finfo(dt)
    a = numpy.array([0, -0.0, fi.tiny, -fi.tiny, fi.smallest_subnormal, fi.max, -fi.max, 1, -1],
                    dt)
    compare(lambda xp, x: xp.spacing(x), a)
    for t in (0.0, -0.0, numpy.inf, -numpy.inf, 1.0):
        compare(lambda xp, x: xp.nextafter(x, dt.type(t)), a)


# ---------------------------------------------------------------- integers


@pytest.mark.parametrize("dt", dtype_params(INT_DTYPES))
def test_integer_edges(dt):
    info = numpy.iinfo(dt)
    vals = numpy.array(sorted({0, 1, 2, 3, 6, 12, 100, int(info.max), int(info.max) - 1,
                               int(info.min), int(info.min) + 1} |
                              ({-1, -2, -6, -12, -100} if dt.kind == "i" else set())),
                       dtype=object)
    vals = numpy.array([int(v) for v in vals if info.min <= v <= info.max], dt)
    x, y = numpy.array(list(itertools.product(vals, vals)), dt).T
    for name in ("gcd", "lcm", "fmod", "fmax", "fmin"):
        compare(lambda xp, p, q: getattr(xp, name)(p, q), x, y)
    for name in ("bitwise_count", "reciprocal", "sign", "square", "floor", "ceil", "trunc",
                 "conjugate", "isnan", "isinf", "isfinite"):
        compare(lambda xp, p: rounding_call(xp, name, p), vals)


def test_bool_inputs(rng):
    a = numpy.array([True, False, True, False])
    b = numpy.array([True, True, False, False])
    for name in UNARY:
        compare(lambda xp, x: rounding_call(xp, name, x), a)
    for name in BINARY:
        compare(lambda xp, x, y: getattr(xp, name)(x, y), a, b)


# ---------------------------------------------------------------- out= / where= / dtype= / layouts


@pytest.mark.parametrize("dt", dtype_params([numpy.dtype("float32"), numpy.dtype("int16"),
                                             numpy.dtype("complex128")]))
@pytest.mark.parametrize("name", ["arcsinh", "log1p", "sign", "floor", "isnan", "gcd", "fmax",
                                  "arctan2", "logaddexp"])
def test_out_where_dtype(name, dt, rng):
    if old_integer_rounding(name, dt):
        pytest.skip("NumPy 2.1: floor of an integer array keeps its dtype (out= and dtype= rules follow)")
    nin = getattr(numpy, name).nin
    ins = (unary_input(name, dt, (3, 4), rng),) if nin == 1 else binary_inputs(name, dt, (3, 4), rng)
    try:
        with numpy.errstate(all="ignore"):
            res = getattr(numpy, name)(*ins)
    except TypeError:
        compare(lambda xp, *xs: getattr(xp, name)(*xs), *ins)
        return
    mask = rng.integers(0, 2, size=(3, 4)).astype(bool)
    out = numpy.full((3, 4), 5, dtype=res.dtype)
    compare(lambda xp, o, *xs: getattr(xp, name)(*xs, out=o), out, *ins)
    compare(lambda xp, o, m, *xs: getattr(xp, name)(*xs, out=o, where=m), out, mask, *ins)
    compare(lambda xp, o, *xs: getattr(xp, name)(*xs, out=(o[::-1],)), out, *ins)
    for t in (numpy.float64, numpy.complex64, numpy.int32):
        compare(lambda xp, *xs: getattr(xp, name)(*xs, dtype=t), *ins)
    compare(lambda xp, *xs: getattr(xp, name)(*xs, casting="no", dtype=numpy.float16), *ins)


@pytest.mark.parametrize("name", ["arctan", "cbrt", "rint", "spacing", "copysign", "lcm",
                                  "heaviside", "bitwise_count"])
def test_larger_strided(name, rng):
    dt = numpy.dtype(numpy.int32 if name in ("lcm", "bitwise_count") else numpy.float64)
    nin = getattr(numpy, name).nin
    if nin == 1:
        a = unary_input(name, dt, (37, 41, 29), rng)
        compare(lambda xp, x: getattr(xp, name)(x.transpose(2, 0, 1)[::-1, 1::3]), a)
    else:
        a, b = binary_inputs(name, dt, (37, 41, 29), rng)
        compare(lambda xp, x, y: getattr(xp, name)(x[::-2, :, ::3], y[:19, ::-1, 7:17]), a, b)
        compare(lambda xp, x, y: getattr(xp, name)(x, y[0, 0]), a, b)
