"""cunum.fft against numpy.fft on every device: every dtype and norm, lengths
with small and large prime factors (1, 2, 7, 16, 60, 97, 1000, 4099: the
last a prime, Bluestein's case on the CPU), n below and above the axis's
length (crop and zero-pad), every axis and layout, the n-d transforms over
trailing, leading, scattered and repeated axes, out=, the helpers and
NumPy's errors. cuFFT's plan cache is tested where there is a GPU (it is a
GPU-only object, as in CuPy).

Transforms are compared in the max norm, relative to the largest output
value: |got - want|_max <= tol * max(1, |want|_max), tol by precision and
scaled by log2(n) (an FFT's rounding error grows with log n; elementwise
relative checks would fail on outputs that are cancellations, where both
libraries return rounding noise)."""
import math
import warnings

import numpy
import pytest

import cunum as cn
from helpers import USING_NUMPY_SHIM, assert_raises_like, compare, requires_cunum, to_cn

pytestmark = pytest.mark.usefixtures("device")

SIZES = [1, 2, 7, 16, 60, 97, 1000, 4099]
NORMS = [None, "backward", "ortho", "forward"]
# bool, integers, float16/32/64, complex64/128: every kind and precision.
DTYPES = [numpy.dtype(c) for c in ("?", "i1", "u2", "i8", "u8", "e", "f", "d", "F", "D")]
REAL_DTYPES = [d for d in DTYPES if d.kind != "c"]
_BASE_TOL = {"e": 2e-3, "f": 2e-6, "F": 2e-6, "d": 1e-13, "D": 1e-13}


def _data(shape, dtype, rng):
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, size=shape).astype(bool)
    if dtype.kind in "iu":
        return rng.integers(0, 100, size=shape).astype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _check(want, got, n):
    """dtype and shape exactly, values in the max norm (module docstring)."""
    assert isinstance(got, cn.ndarray), type(got)
    g = cn.asnumpy(got)
    assert g.shape == want.shape, (g.shape, want.shape)
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    if want.size == 0:
        return
    tol = _BASE_TOL[want.dtype.char] * max(1.0, math.log2(max(n, 2)))
    w = want.astype(numpy.complex128)
    ref = max(1.0, float(numpy.abs(w).max()))
    err = float(numpy.abs(g.astype(numpy.complex128) - w).max())
    assert err <= tol * ref, f"max error {err:.3g} > {tol:.3g} * {ref:.3g}"


def fcompare(fn, *args, n=None):
    """fn(numpy, *args) against fn(cn, *args) (arrays converted); where
    NumPy raises, cunum must raise the same (compare())."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            want = fn(numpy, *args)
        except Exception:  # noqa: BLE001
            return assert_raises_like(fn, *args)
        got = fn(cn, *[to_cn(a) for a in args])
    if n is None:
        n = max([a.size for a in args if isinstance(a, numpy.ndarray)] + [2])
    _check(numpy.asarray(want), got, n)
    return want, got


# ---------------------------------------------------------------- one axis


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("name", ["fft", "ifft"])
def test_c2c_every_dtype_and_size(name, dtype, n, rng):
    x = _data((n,), dtype, rng)
    fcompare(lambda xp, a: getattr(xp.fft, name)(a), x)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
def test_every_norm(name, n, norm, rng):
    dtype = "D" if name in ("fft", "ifft", "irfft", "hfft") else "d"
    if name in ("irfft", "hfft"):  # n outputs from n // 2 + 1 inputs
        x = _data((3, n // 2 + 1), dtype, rng)
        fcompare(lambda xp, a: getattr(xp.fft, name)(a, n, norm=norm), x, n=n)
        return
    x = _data((3, n), dtype, rng)
    fcompare(lambda xp, a: getattr(xp.fft, name)(a, norm=norm), x)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft"])
def test_every_norm_single(name, norm, rng):
    dtype = "F" if name in ("fft", "ifft", "irfft") else "f"
    x = _data((4, 60), dtype, rng)
    fcompare(lambda xp, a: getattr(xp.fft, name)(a, norm=norm), x)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", REAL_DTYPES, ids=str)
def test_rfft_every_dtype_and_size(dtype, n, rng):
    x = _data((n,), dtype, rng)
    fcompare(lambda xp, a: xp.fft.rfft(a), x)
    fcompare(lambda xp, a: xp.fft.ihfft(a), x)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_irfft_every_dtype_and_size(dtype, n, rng):
    # n output points from n // 2 + 1 inputs, even and odd n.
    x = _data((n // 2 + 1,), dtype, rng)
    fcompare(lambda xp, a: xp.fft.irfft(a, n), x, n=n)
    fcompare(lambda xp, a: xp.fft.hfft(a, n), x, n=n)


@pytest.mark.parametrize("m", [1, 2, 5, 8, 31])
def test_irfft_default_length_and_ignored_imaginary_parts(m, rng):
    # n = 2 (m - 1); the imaginary parts of the zero and Nyquist terms are
    # ignored (pocketfft's rule): random data has them nonzero.
    x = _data((m,), "D", rng)
    if m > 1:
        fcompare(lambda xp, a: xp.fft.irfft(a), x)
    for n in (2 * m - 1, 2 * m - 2, 1, 3):
        if n >= 1:
            fcompare(lambda xp, a: xp.fft.irfft(a, n), x)


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
@pytest.mark.parametrize("n", [1, 5, 12, 13, 64, 100, 129])
def test_crop_and_pad(name, n, rng):
    dtype = "d" if name in ("rfft", "ihfft") else "D"
    x = _data((3, 40), dtype, rng)
    fcompare(lambda xp, a: getattr(xp.fft, name)(a, n=n), x, n=n)
    fcompare(lambda xp, a: getattr(xp.fft, name)(a, n=n, axis=0), x, n=n)


LAYOUTS = {
    "c": lambda x: x,
    "f": lambda x: x.copy(order="F"),
    "transposed": lambda x: x.transpose(2, 0, 1),
    "stepped": lambda x: x[::2, ::-1, 1:],
}


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("axis", [0, 1, 2, -1, -2])
@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft"])
def test_every_axis_and_layout(name, axis, layout, rng):
    dtype = "d" if name == "rfft" else "D"
    x = _data((6, 10, 9), dtype, rng)
    f = LAYOUTS[layout]
    fcompare(lambda xp, a: getattr(xp.fft, name)(f(a), axis=axis), x)


@pytest.mark.parametrize("dtype", ["f", "D"])
def test_many_transforms_in_a_batch(dtype, rng):
    # Enough transforms to split over threads, along either axis.
    x = _data((300, 60), dtype, rng)
    fcompare(lambda xp, a: xp.fft.fft(a), x, n=60)
    fcompare(lambda xp, a: xp.fft.fft(a, axis=0), x, n=300)
    fcompare(lambda xp, a: xp.fft.rfft(a.real, axis=0), x, n=300)


def test_large_power_of_two_and_large_prime(rng):
    fcompare(lambda xp, a: xp.fft.fft(a), _data((1 << 16,), "D", rng))
    fcompare(lambda xp, a: xp.fft.ifft(a), _data((65537,), "F", rng))
    fcompare(lambda xp, a: xp.fft.rfft(a), _data((2 * 65537,), "d", rng))


@pytest.mark.parametrize("shape", [(0, 8), (3, 0, 4)])
def test_empty_batches(shape, rng):
    x = numpy.zeros(shape, "D")
    fcompare(lambda xp, a: xp.fft.fft(a), x)
    fcompare(lambda xp, a: xp.fft.rfft(a.real), x)
    fcompare(lambda xp, a: xp.fft.irfft(a, 6), x)
    fcompare(lambda xp, a: xp.fft.fft2(a), x)


def test_round_trip(rng):
    x = _data((5, 97), "d", rng)
    c = cn.asarray(x)
    numpy.testing.assert_allclose(cn.asnumpy(cn.fft.ifft(cn.fft.fft(c))).real, x, rtol=1e-12, atol=1e-12)
    numpy.testing.assert_allclose(cn.asnumpy(cn.fft.irfft(cn.fft.rfft(c), 97)), x, rtol=1e-12, atol=1e-12)


# ---------------------------------------------------------------- several axes


ND_CASES = [
    (None, None),
    (None, (0, 1)),
    (None, (-2, -1)),
    (None, (1, 2)),
    (None, (0, 2)),
    (None, (2, 0)),
    (None, (0,)),
    ((4, 6), (1, 2)),
    ((5, 3, 8), (0, 1, 2)),
    ((7, -1), (0, 2)),
    ((8, 8), (0, 0)),
    (None, (1, 1)),
]


@pytest.mark.parametrize("s,axes", ND_CASES, ids=str)
@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_nd(name, s, axes, rng):
    dtype = "d" if name == "rfftn" else "D"
    x = _data((4, 6, 5), dtype, rng)
    fcompare(lambda xp, a: getattr(xp.fft, name)(a, s=s, axes=axes), x)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name", ["fft2", "ifft2", "rfft2", "irfft2", "fftn", "ifftn", "rfftn", "irfftn"])
def test_nd_norms(name, norm, rng):
    dtype = "f" if name.startswith("rfft") else "F"
    x = _data((3, 8, 12), dtype, rng)
    fcompare(lambda xp, a: getattr(xp.fft, name)(a, norm=norm), x)
    fcompare(lambda xp, a: getattr(xp.fft, name)(a, s=(5, 7), axes=(0, 2), norm=norm), x)


@pytest.fixture
def axis_by_axis():
    """CuPy's config.enable_nd_planning = False for the test (1-d passes)."""
    with pytest.warns(DeprecationWarning, match="enable_nd_planning"):
        before = cn.fft.config.enable_nd_planning
    with pytest.warns(DeprecationWarning, match="enable_nd_planning"):
        cn.fft.config.enable_nd_planning = False
    yield
    with pytest.warns(DeprecationWarning, match="enable_nd_planning"):
        cn.fft.config.enable_nd_planning = before


@requires_cunum
@pytest.mark.parametrize("s,axes", ND_CASES, ids=str)
@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_nd_axis_by_axis(name, s, axes, rng, axis_by_axis):
    dtype = "f" if name == "rfftn" else "D"
    x = _data((4, 6, 5), dtype, rng)
    fcompare(lambda xp, a: getattr(xp.fft, name)(a, s=s, axes=axes), x)
    for norm in NORMS:
        fcompare(lambda xp, a: getattr(xp.fft, name)(a, s=s, axes=axes, norm=norm), x)


@requires_cunum
def test_nd_axis_by_axis_out(rng, axis_by_axis):
    x = _data((4, 6, 5), "D", rng)
    out = numpy.zeros((4, 6, 5), "D")
    fcompare(lambda xp, a, o: xp.fft.fftn(a, out=o), x, out)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("name", ["fft2", "ifft2", "rfft2", "irfft2"])
def test_2d_every_dtype(name, dtype, rng):
    if name == "rfft2" and numpy.dtype(dtype).kind == "c":
        return  # a TypeError: test_errors
    x = _data((4, 7, 6), dtype, rng)
    fcompare(lambda xp, a: getattr(xp.fft, name)(a), x)


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_nd_layouts(layout, rng):
    x = _data((6, 10, 9), "D", rng)
    f = LAYOUTS[layout]
    fcompare(lambda xp, a: xp.fft.fftn(f(a)), x)
    fcompare(lambda xp, a: xp.fft.rfft2(f(a).real), x)
    fcompare(lambda xp, a: xp.fft.irfft2(f(a)), x)


def test_s_without_axes_warns_as_numpy(rng):
    x = _data((4, 6), "D", rng)
    with pytest.warns(DeprecationWarning):
        got = cn.fft.fftn(cn.asarray(x), s=(3, 5))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = numpy.fft.fftn(x, s=(3, 5))
    _check(want, got, 15)


def test_no_axes_returns_the_input(rng):
    x = cn.asarray(_data((3, 4), "d", rng))
    assert cn.fft.fftn(x, axes=()) is x


# ---------------------------------------------------------------- out=


@pytest.mark.parametrize("out_dtype", ["D", "F"])
def test_out(out_dtype, rng):
    x = _data((3, 16), "D", rng)

    def f(xp, a):
        o = xp.zeros((3, 16), out_dtype)
        r = xp.fft.fft(a, out=o)
        assert r is o
        return o
    fcompare(f, x)

    def g(xp, a):
        o = xp.zeros((3, 9), out_dtype)
        assert xp.fft.rfft(a.real, out=o) is o
        return o
    fcompare(g, x)

    def h(xp, a):
        o = xp.zeros((3, 16), out_dtype)
        assert xp.fft.fftn(a, out=o) is o
        return o
    fcompare(h, x)


def test_out_of_irfft_real(rng):
    x = _data((3, 9), "D", rng)

    def f(xp, a):
        o = xp.zeros((3, 16), "d")
        assert xp.fft.irfft(a, out=o) is o
        return o
    fcompare(f, x)


def test_out_errors(rng):
    x = _data((3, 16), "D", rng)
    assert_raises_like(lambda xp, a: xp.fft.fft(a, out=xp.zeros((3, 15), "D")), x)
    assert_raises_like(lambda xp, a: xp.fft.fft(a, out=xp.zeros((3, 16), "d")), x)
    assert_raises_like(lambda xp, a: xp.fft.irfft(a, out=xp.zeros((3, 30), "i4")), x)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
def test_errors_one_axis(name, rng):
    x = _data((3, 4), "d", rng)
    f = lambda xp, *a, **k: getattr(xp.fft, name)(*a, **k)  # noqa: E731
    assert_raises_like(lambda xp, a: f(xp, a, n=0), x)
    assert_raises_like(lambda xp, a: f(xp, a, n=-3), x)
    assert_raises_like(lambda xp, a: f(xp, a, axis=2), x)       # IndexError (a.shape[axis])
    assert_raises_like(lambda xp, a: f(xp, a, n=4, axis=2), x)  # AxisError
    assert_raises_like(lambda xp, a: f(xp, a, norm="bad"), x)
    assert_raises_like(lambda xp, a: f(xp, a, n=2.0), x)
    assert_raises_like(lambda xp, a: f(xp, a[0, 0]), x)          # 0-d


def test_complex_input_to_real_transforms(rng):
    x = _data((4, 6), "D", rng)
    for name in ("rfft", "ihfft", "rfft2", "rfftn"):
        assert_raises_like(lambda xp, a: getattr(xp.fft, name)(a), x)
    assert_raises_like(lambda xp, a: xp.fft.rfft(a, n=5), x)


def test_errors_nd(rng):
    x = _data((3, 4), "D", rng)
    assert_raises_like(lambda xp, a: xp.fft.fftn(a, s=(2, 2, 2), axes=(0, 1)), x)
    assert_raises_like(lambda xp, a: xp.fft.fftn(a, axes=(0, 5)), x)
    assert_raises_like(lambda xp, a: xp.fft.fftn(a, s=(0, 2), axes=(0, 1)), x)
    assert_raises_like(lambda xp, a: xp.fft.irfftn(a, s=(2, 0), axes=(0, 1)), x)
    assert_raises_like(lambda xp, a: xp.fft.fft2(a, norm="ortho "), x)
    assert_raises_like(lambda xp, a: xp.fft.ifft2(a, norm="x"), x)
    assert_raises_like(lambda xp, a: xp.fft.rfftn(a.real, axes=()), x)
    assert_raises_like(lambda xp, a: xp.fft.fft2(a[0]), x)


# ---------------------------------------------------------------- helpers


@pytest.mark.parametrize("n", [1, 2, 5, 8, 11])
@pytest.mark.parametrize("d", [1.0, 0.1, 3])
def test_fftfreq(n, d):
    compare(lambda xp: xp.fft.fftfreq(n, d))
    compare(lambda xp: xp.fft.rfftfreq(n, d))


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum's device= placement")
def test_fftfreq_device_and_errors(device):
    f = cn.fft.fftfreq(8, device=device)
    assert f.device == cn.Device(device)
    numpy.testing.assert_array_equal(cn.asnumpy(f), numpy.fft.fftfreq(8))
    assert_raises_like(lambda xp: xp.fft.fftfreq(0))
    assert_raises_like(lambda xp: xp.fft.rfftfreq(4, 0.0))


@pytest.mark.parametrize("axes", [None, 0, 1, -1, (0, 1), (1,), ()])
@pytest.mark.parametrize("shape", [(5,), (4, 7), (3, 0)])
def test_shifts(shape, axes, rng):
    x = _data(shape, "d", rng)
    if axes is not None and axes != () and len(shape) == 1 and axes not in (0, -1, (0,)):
        assert_raises_like(lambda xp, a: xp.fft.fftshift(a, axes), x)
        return
    compare(lambda xp, a: xp.fft.fftshift(a, axes), x, exact=True)
    compare(lambda xp, a: xp.fft.ifftshift(a, axes), x, exact=True)


# ---------------------------------------------------------------- cuFFT's plan cache


def _gpu_only(device):
    if device != "cuda":
        pytest.skip("cuFFT's plan cache exists on a GPU only (as in CuPy)")


def test_plan_cache_reuses_plans(device, rng):
    _gpu_only(device)
    cache = cn.fft.config.get_plan_cache()
    cache.clear()
    assert cache.get_curr_size() == 0
    x = cn.asarray(_data((8, 1024), "F", rng))
    cn.fft.fft(x)
    assert cache.get_curr_size() == 1
    before = cn.fft.config._core._fft_plan_cache_info(cache._dev)["hits"]
    cn.fft.fft(x)
    cn.fft.ifft(x)  # the same plan, the other direction
    with cn.cuda.Stream():
        _check(numpy.fft.fft(cn.asnumpy(x)), cn.fft.fft(x), 1024)  # and on another stream
    info = cn.fft.config._core._fft_plan_cache_info(cache._dev)
    assert info["hits"] == before + 3
    assert cache.get_curr_size() == 1
    cn.fft.rfft(x.real)
    assert cache.get_curr_size() == 2


def test_plan_cache_limits(device, rng, capsys):
    _gpu_only(device)
    cache = cn.fft.config.get_plan_cache()
    size, memsize = cache.get_size(), cache.get_memsize()
    try:
        cache.clear()
        cache.set_size(2)
        assert cache.size == 2
        for n in (16, 32, 64):
            cn.fft.fft(cn.ones(n, "D"))
        assert cache.get_curr_size() == 2
        cache.size = 0  # disabled: plans live for one call, results stay right
        assert cache.get_curr_size() == 0
        x = _data((3, 50), "D", rng)
        _check(numpy.fft.fft(x), cn.fft.fft(cn.asarray(x)), 50)
        assert cache.get_curr_size() == 0
        cache.size = -1
        cache.memsize = 0
        assert cache.memsize == 0
        _check(numpy.fft.fft(x), cn.fft.fft(cn.asarray(x)), 50)
        assert cache.get_curr_size() == 0
        cache.set_memsize(-1)
        cn.fft.fft(cn.asarray(x))
        assert cache.get_curr_size() == 1
        assert cache.get_curr_memsize() >= 0
        cache.show_info()
        assert "cuFFT plan cache" in capsys.readouterr().out
        with pytest.raises(ValueError):
            cache.set_size(-2)
    finally:
        cache.set_size(size)
        cache.set_memsize(memsize)
        cache.clear()


def test_numpy_functions_dispatch_to_cunum_fft(rng):
    # __array_function__: numpy.fft.fft(cunum array) runs cunum.fft.fft.
    x = _data((4, 8), "D", rng)
    got = numpy.fft.fft(cn.asarray(x))
    _check(numpy.fft.fft(x), got, 8)
    _check(numpy.fft.fftshift(x), numpy.fft.fftshift(cn.asarray(x)), 8)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="NumPy 2.4 ignores out= there")
@pytest.mark.parametrize("name", ["ifft2", "irfft2", "hfft", "ihfft"])
def test_out_where_numpy_24_ignores_it_and_strided_out(name, rng):
    # NumPy 2.4 drops `out` in ifft2, irfft2 and hfft; cunum writes it:
    # compared with NumPy's result, and the very object comes back.
    x = _data((4, 6), "d" if name == "ihfft" else "D", rng)
    want = getattr(numpy.fft, name)(x)
    o = cn.zeros(want.shape[:-1] + (2 * want.shape[-1],), want.dtype)[:, ::2]
    got = getattr(cn.fft, name)(cn.asarray(x), out=o)
    assert got is o
    _check(want, o, 24)
