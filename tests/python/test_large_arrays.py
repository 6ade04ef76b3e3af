"""Large arrays and transposing layouts, compared with NumPy.

These take the CPU backend's paths for size and layout (docs/cpu-backend.md):
chunks on several threads (above 2^16 elements), huge pages (blocks of 4 MiB
and more), tiled walks of transposing plans, and the SIMD
transcendentals (special values, tails shorter than a register, strided
operands). The results must not depend on which path ran; on the GPU the same
tests check its ordinary kernels.
"""
import numpy
import numpy.testing as npt
import pytest

import cunum as cn
from helpers import compare, dtype_params, make_data

pytestmark = pytest.mark.usefixtures("device")

BIG = (1 << 22) + 13  # float32: 16 MiB + 52 bytes, above every threshold, odd length
TRANSCENDENTALS = ["sin", "cos", "exp", "log", "tanh", "sqrt"]
FLOATS = [numpy.dtype("float32"), numpy.dtype("float64")]


# ---------------------------------------------------------------- transcendentals


def special_values(dt):
    fi = numpy.finfo(dt)
    vals = [0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 1.0, -1.0, 0.5, numpy.pi,
            numpy.pi / 2, fi.tiny, -fi.tiny, fi.smallest_subnormal, -fi.smallest_subnormal,
            fi.tiny / 3, fi.max, -fi.max, fi.eps, 1e-7, 1e5, 1e6, 65536.0 * numpy.pi, 1e10,
            1e20, 1e30, -1e30,  # sin/cos of huge arguments need a full argument reduction
            88.7, 88.8, -87.3, -103.9, -104.0, 709.7, 710.0, -745.1, -746.0, 20.0, -20.0]
    with numpy.errstate(over="ignore"):
        return numpy.array(vals, dtype=dt)


def assert_close_ulp(expected, got, maxulp):
    """Same NaNs, infinities and signs of zero; finite values within maxulp."""
    assert got.dtype == expected.dtype and got.shape == expected.shape
    npt.assert_array_equal(numpy.isnan(got), numpy.isnan(expected))
    npt.assert_array_equal(numpy.isinf(got), numpy.isinf(expected))
    npt.assert_array_equal(got[numpy.isinf(got)], expected[numpy.isinf(expected)])
    zero = expected == 0
    npt.assert_array_equal(got[zero] == 0, True)
    npt.assert_array_equal(numpy.signbit(got[zero]), numpy.signbit(expected[zero]))
    fin = numpy.isfinite(expected)
    npt.assert_array_max_ulp(got[fin], expected[fin], maxulp=maxulp)


@pytest.mark.parametrize("name", TRANSCENDENTALS)
@pytest.mark.parametrize("dt", dtype_params(FLOATS))
def test_transcendental_special_values(name, dt):
    x = special_values(dt)
    with numpy.errstate(all="ignore"):
        expected = getattr(numpy, name)(x)
    got = cn.asnumpy(getattr(cn, name)(cn.asarray(x)))
    assert_close_ulp(expected, got, maxulp=8)
    # one value at a time: every element also goes through the tail path
    for i in range(x.size):
        one = cn.asnumpy(getattr(cn, name)(cn.asarray(x[i:i + 1])))
        assert_close_ulp(expected[i:i + 1], one, maxulp=8)


@pytest.mark.parametrize("name", TRANSCENDENTALS)
@pytest.mark.parametrize("dt", dtype_params(FLOATS))
@pytest.mark.parametrize("layout", ["contiguous", "strided", "reversed", "transposed"])
def test_transcendental_random(name, dt, layout, rng):
    lo, hi = {"exp": (-80, 80), "tanh": (-20, 20), "log": (1e-30, 1e30),
              "sqrt": (0, 1e30)}.get(name, (-1e5, 1e5))
    if name in ("log", "sqrt"):
        host = numpy.exp(rng.uniform(numpy.log(max(lo, 1e-30)), numpy.log(hi), (301, 457)))
    else:
        host = rng.uniform(lo, hi, (301, 457))
    host = host.astype(dt)
    view = {"contiguous": lambda a: a, "strided": lambda a: a[::2, ::3],
            "reversed": lambda a: a[::-1, ::-1], "transposed": lambda a: a.T}[layout]
    with numpy.errstate(all="ignore"):
        expected = getattr(numpy, name)(view(host))
    got = cn.asnumpy(getattr(cn, name)(view(cn.asarray(host))))
    assert_close_ulp(expected, got, maxulp=8)


@pytest.mark.parametrize("name", TRANSCENDENTALS)
def test_transcendental_large(name, rng):
    x = rng.uniform(0.01, 50, BIG).astype(numpy.float32)
    compare(lambda xp, a: getattr(xp, name)(a), x)


# ---------------------------------------------------------------- threads


@pytest.mark.parametrize("dt", dtype_params(["float32", "float64", "int16", "complex64"]))
def test_large_add_out(dt, rng):
    x, y = make_data(BIG, dt, rng=rng), make_data(BIG, dt, rng=rng)
    compare(lambda xp, a, b, o: xp.add(a, b, out=o), x, y, numpy.zeros(BIG, dt))
    compare(lambda xp, a, b: a * b, x, y)


def test_large_in_place_and_scalar(rng):
    x, y = make_data(BIG, "float32", rng=rng), make_data(BIG, "float32", rng=rng)

    def body(xp, a, b):
        a += b
        a *= 2.5
        return xp.subtract(a, 1.0), xp.negative(a, out=a)
    compare(body, x, y)


def test_large_broadcast_and_slices(rng):
    m = make_data((1031, 4099), "float32", rng=rng)
    row, col = make_data(4099, "float32", rng=rng), make_data((1031, 1), "float32", rng=rng)
    compare(lambda xp, a, r, c: (a + r, a * c, a[:, 1:-1] - a[:, 2:], a[::-2, 7:]), m, row, col)


@pytest.mark.parametrize("src,dst", [("int8", "float32"), ("float64", "float32"),
                                     ("float32", "float32"), ("bool", "complex128")])
def test_large_casts_and_copies(src, dst, rng):
    x = make_data(BIG, src, rng=rng)
    compare(lambda xp, a: a.astype(dst), x)
    compare(lambda xp, a: a[::3].astype(dst), x)
    compare(lambda xp, a, o: xp.copyto(o, a, casting="unsafe"), x, numpy.zeros(BIG, dst))


@pytest.mark.parametrize("dt", dtype_params(["uint8", "int16", "float32", "float64",
                                             "complex128"]))
def test_large_fill(dt):
    compare(lambda xp: xp.full(BIG, 3, dtype=dt))
    compare(lambda xp: xp.zeros((1031, 2053), dtype=dt)[:, ::2])

    def fill_view(xp):
        a = xp.zeros((1031, 2053), dtype=dt)
        a[:, 1::3] = 7
        a.T[5:9] = 2
        return a
    compare(fill_view)


def test_large_where(rng):
    x, y = make_data(BIG, "float32", rng=rng), make_data(BIG, "float32", rng=rng)
    mask = make_data(BIG, "bool", rng=rng)
    compare(lambda xp, a, b, m: xp.copyto(a, b, where=m), x, y, mask)
    compare(lambda xp, a, b, m: xp.add(a, b, out=a, where=m), x, y, mask)


# ---------------------------------------------------------------- transposing plans


@pytest.mark.parametrize("shape", [(4096, 64), (513, 1031), (65, 3000), (2000, 17), (3, 100000)])
@pytest.mark.parametrize("dt", dtype_params(["bool", "int8", "float32", "float64",
                                             "complex128"]))
def test_transposed_copy(shape, dt, rng):
    m = make_data(shape, dt, rng=rng)
    compare(lambda xp, a: xp.ascontiguousarray(a.T), m)
    compare(lambda xp, a: a.T.copy(), m)
    compare(lambda xp, a: a[::-1, 1:].T.copy(), m)
    compare(lambda xp, a: a[::2].T.copy(), m)


@pytest.mark.parametrize("src,dst", [("int16", "float64"), ("float64", "float32"),
                                     ("complex64", "float32"), ("float32", "bool")])
def test_transposed_cast(src, dst, rng):
    m = make_data((777, 1201), src, rng=rng)
    compare(lambda xp, a: a.T.astype(dst), m)
    compare(lambda xp, a, o: xp.copyto(o, a.T, casting="unsafe"), m,
            numpy.zeros((1201, 777), dst))


@pytest.mark.parametrize("axes", [(1, 0, 2), (2, 1, 0), (0, 2, 1), (2, 0, 1), (1, 2, 0)])
def test_permuted_copy_3d(axes, rng):
    a = make_data((67, 130, 129), "float32", rng=rng)
    compare(lambda xp, x: xp.ascontiguousarray(x.transpose(axes)), a)
    compare(lambda xp, x: xp.ascontiguousarray(x[:, ::-1].transpose(axes)), a)


def test_ufunc_with_transposed_operands(rng):
    a = make_data((1023, 2049), "float32", rng=rng)
    b = make_data((2049, 1023), "float32", rng=rng)
    compare(lambda xp, x, y: x + y.T, a, b)
    compare(lambda xp, x, y: xp.multiply(x.T, y, out=xp.empty_like(y)), a, b)
    compare(lambda xp, x, y: xp.maximum(x, y.T, out=x), a, b)
    compare(lambda xp, x: xp.sin(x.T), a)
