"""cunumx's CuPy extras (docs/cunumx.md): rsqrt, errstate/seterr/geterr
(cunum's NumPy API and cunumx's CuPy API), the pinned-memory arrays and
cunum.cuda's pinned allocator, cunumx.profiler (time_range, profile,
benchmark) and cunum.show_config(), on every device."""
import ctypes
import io
import re
import sys
import threading
from contextlib import redirect_stdout

import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, USING_NUMPY_SHIM, assert_same, cuda_available, make_data

pytestmark = [pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum/cunumx extras"),
              pytest.mark.usefixtures("device")]

if not USING_NUMPY_SHIM:
    import cunumx
    from cunumx import profiler

# ---------------------------------------------------------------- rsqrt

# The loop NumPy would pick for sqrt (rsqrt's loops are sqrt's: e f d F D).
def _loop_dtype(dt):
    return numpy.sqrt(numpy.zeros(1, dt)).dtype


def _rsqrt_numpy(a, dt=None):
    x = a.astype(dt or _loop_dtype(a.dtype))
    with numpy.errstate(all="ignore"):
        return numpy.reciprocal(numpy.sqrt(x))


def test_rsqrt_is_a_ufunc():
    r = cunumx.rsqrt
    assert isinstance(r, cn.ufunc)
    assert (r.nin, r.nout, r.nargs) == (1, 1, 2)
    assert r.types == ["e->e", "f->f", "d->d", "F->F", "D->D"]
    assert r.identity is None


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_rsqrt_every_dtype(dtype):
    a = make_data((4, 33), dtype)
    if dtype.kind in "iu":
        a = numpy.abs(a) if dtype.kind == "i" else a
    want = _rsqrt_numpy(a)
    got = cunumx.rsqrt(cn.asarray(a))
    # float16: NumPy rounds sqrt to half before the reciprocal, cunum once.
    assert_same(want, got, rtol=2e-3 if want.dtype == numpy.float16 else None)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_rsqrt_special_values(dtype):
    a = numpy.array([0.0, -0.0, -1.0, numpy.inf, -numpy.inf, numpy.nan, 4.0, 1e-30, 1e30], dtype)
    assert_same(_rsqrt_numpy(a), cunumx.rsqrt(cn.asarray(a)), exact=True)


def test_rsqrt_complex_special():
    a = numpy.array([-4 + 0j, 1j, -1j, 0j, 3 + 4j, numpy.inf + 0j], "complex128")
    assert_same(_rsqrt_numpy(a), cunumx.rsqrt(cn.asarray(a)))


def test_rsqrt_ufunc_keywords():
    a = numpy.linspace(0.5, 8, 12).reshape(3, 4).astype("f4")
    x = cn.asarray(a)
    out = cn.zeros((3, 4), "f8")
    r = cunumx.rsqrt(x, out=out)
    assert r is out
    assert_same(_rsqrt_numpy(a).astype("f8"), out)
    assert_same(_rsqrt_numpy(a, "f8"), cunumx.rsqrt(x, dtype="f8"))
    mask = numpy.arange(12).reshape(3, 4) % 2 == 0
    o = cn.full((3, 4), -1.0, "f4")
    cunumx.rsqrt(x, out=o, where=cn.asarray(mask))
    assert_same(numpy.where(mask, _rsqrt_numpy(a), numpy.float32(-1)), o)
    assert_same(_rsqrt_numpy(a[:, ::-2].T), cunumx.rsqrt(x[:, ::-2].T))
    assert_same(numpy.float64(0.5), cunumx.rsqrt(4.0))
    with pytest.raises(TypeError):
        cunumx.rsqrt(x, out=cn.zeros((3, 4), "i4"))


# ---------------------------------------------------------------- errstate


@pytest.fixture
def clean_errstate():
    """Each test starts from and leaves NumPy's default settings."""
    old, oldx, oldcall = cn.geterr(), cunumx.geterr(), cn.geterrcall()
    yield
    cn.seterr(**old)
    cunumx.seterr(linalg=oldx["linalg"])
    cn.seterrcall(oldcall)


def test_geterr_defaults_are_numpys(clean_errstate):
    assert cn.geterr() == numpy.geterr() == {"divide": "warn", "over": "warn", "under": "ignore",
                                             "invalid": "warn"}
    assert cunumx.geterr() == {**cn.geterr(), "linalg": "raise"}
    assert cn.geterrcall() is None


def test_seterr_round_trips(clean_errstate):
    old = cn.seterr(all="ignore", over="raise")
    assert old == {"divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn"}
    assert cn.geterr() == {"divide": "ignore", "over": "raise", "under": "ignore", "invalid": "ignore"}
    for mode in ("ignore", "warn", "raise", "call", "print", "log"):
        cn.seterr(divide=mode)
        assert cn.geterr()["divide"] == mode
    assert cn.seterr(**old)["over"] == "raise"
    assert cn.geterr() == old
    assert numpy.geterr() == old  # NumPy's own settings are not cunum's


def test_seterr_errors_are_numpys(clean_errstate):
    before = cn.geterr()
    for kw in ({"divide": "foo"}, {"all": "x"}, {"invalid": 1}, {"over": "Raise"}):
        with pytest.raises(ValueError) as ours:
            cn.seterr(**kw)
        with pytest.raises(ValueError) as theirs:
            numpy.seterr(**kw)
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError):
        cn.seterr(foo="ignore")
    assert cn.geterr() == before  # a bad value changes nothing


def test_errstate_restores_and_decorates(clean_errstate):
    with cn.errstate(divide="ignore", under="raise"):
        assert cn.geterr() == {"divide": "ignore", "over": "warn", "under": "raise", "invalid": "warn"}
        with cn.errstate(all="print"):
            assert set(cn.geterr().values()) == {"print"}
        assert cn.geterr()["under"] == "raise"
    assert cn.geterr() == numpy.geterr()

    @cn.errstate(all="ignore")
    def inner(depth):
        assert set(cn.geterr().values()) == {"ignore"}
        return inner(depth - 1) if depth else cn.geterr()
    assert inner(2)["divide"] == "ignore"
    assert cn.geterr()["divide"] == "warn"

    e = cn.errstate(over="ignore")
    with e:
        with pytest.raises(TypeError, match="twice"):
            e.__enter__()
    with pytest.raises(ValueError, match="invalid error mode 'foo'"):
        with cn.errstate(divide="foo"):
            pass
    with pytest.raises(TypeError):
        cn.errstate(bogus="ignore")
    with cn.errstate(call=print):
        assert cn.geterrcall() is print
    assert cn.geterrcall() is None


def test_errstate_is_per_thread(clean_errstate):
    seen = {}
    with cn.errstate(all="raise"):
        t = threading.Thread(target=lambda: seen.update(cn.geterr()))
        t.start()
        t.join()
    assert seen == {"divide": "warn", "over": "warn", "under": "ignore", "invalid": "warn"}


def test_seterrcall(clean_errstate):
    assert cn.seterrcall(print) is None
    assert cn.geterrcall() is print

    class Log:
        def write(self, msg):
            pass
    log = Log()
    assert cn.seterrcall(log) is print
    assert cn.geterrcall() is log
    with pytest.raises(TypeError) as ours:
        cn.seterrcall(42)
    with pytest.raises(TypeError) as theirs:
        numpy.seterrcall(42)
    assert str(ours.value) == str(theirs.value)
    assert cn.geterrcall() is log
    with pytest.raises(TypeError, match="callable"):
        with cn.errstate(call=42):
            pass


def test_errstate_changes_no_result(clean_errstate):
    """Note [Floating-point error settings]: nothing is trapped, under any
    setting; the values are NumPy's."""
    a = numpy.array([1.0, 0.0, -1.0, 1e308])
    with numpy.errstate(all="ignore"):
        want = (a / 0.0, numpy.sqrt(a), a * 10.0)
    with cn.errstate(all="raise"):
        x = cn.asarray(a)
        got = (x / 0.0, cn.sqrt(x), x * 10.0)
    for w, g in zip(want, got):
        assert_same(w, g)


def test_cunumx_errstate(clean_errstate):
    assert cunumx.seterr(linalg="ignore", divide="raise") == {"divide": "warn", "over": "warn", "under": "ignore",
                                                             "invalid": "warn", "linalg": "raise"}
    assert cunumx.geterr()["linalg"] == "ignore"
    assert cn.geterr()["divide"] == "raise"  # one state, two APIs
    cunumx.seterr(linalg="raise", divide="warn")
    with cunumx.errstate(linalg="ignore"):
        assert cunumx.geterr()["linalg"] == "ignore"
    assert cunumx.geterr()["linalg"] == "raise"
    with pytest.raises(ValueError):
        cunumx.seterr(linalg="warn")
    with pytest.raises(ValueError):
        cunumx.errstate(linalg="print").__enter__()
    with pytest.raises(TypeError):
        cunumx.seterr(all="ignore")  # cupyx.seterr has no `all`
    # linalg="ignore" does not turn cunum's LinAlgError off.
    with cunumx.errstate(linalg="ignore"):
        with pytest.raises(numpy.linalg.LinAlgError):
            cn.linalg.inv(cn.zeros((2, 2))).get()


# ---------------------------------------------------------------- pinned memory


def _is_pinned_array(h):
    """A NumPy array over memory from cunum's pinned allocator."""
    base = h
    while getattr(base, "base", None) is not None:
        base = base.base
    return isinstance(base, ctypes.Array) and isinstance(getattr(base, "_owner", None),
                                                         cn.cuda.PinnedMemory)


@pytest.mark.parametrize("shape, dtype, order", [((3, 4), "f4", "C"), ((3, 4), "c16", "F"), (7, "i2", "C"),
                                                 ((), "f8", "C"), ((2, 0, 3), "u1", "F"), ((2, 3, 4), "bool", "C")])
def test_empty_and_zeros_pinned(shape, dtype, order):
    for make, np_make in ((cunumx.empty_pinned, numpy.empty), (cunumx.zeros_pinned, numpy.zeros)):
        h = make(shape, dtype, order)
        w = np_make(shape, dtype, order)
        assert type(h) is numpy.ndarray
        assert (h.shape, h.dtype, h.strides, h.flags.c_contiguous, h.flags.f_contiguous) == (
            w.shape, w.dtype, w.strides, w.flags.c_contiguous, w.flags.f_contiguous)
        assert h.flags.writeable
        assert _is_pinned_array(h) == cuda_available()
        if np_make is numpy.zeros:
            numpy.testing.assert_array_equal(h, w)
    assert cunumx.empty_pinned(5).dtype == numpy.float64
    with pytest.raises(TypeError, match="subok"):
        cunumx.empty_like_pinned(numpy.ones(3), subok=True)
    with pytest.raises(ValueError):
        cunumx.empty_pinned(3, "f4", "K")
    with pytest.raises(TypeError):
        cunumx.empty_pinned(3, "not a dtype")


@pytest.mark.parametrize("order", ["K", "A", "C", "F"])
def test_like_pinned(order):
    src = numpy.asfortranarray(numpy.arange(24, dtype="f4").reshape(2, 3, 4))
    views = [src, src.transpose(2, 0, 1), src[:, ::2], numpy.arange(6.0)]
    for a in views + [cn.asarray(v) for v in views]:
        for kw in ({}, {"dtype": "i8"}, {"shape": (5, 2)}):
            proto = a.get() if isinstance(a, cn.ndarray) else a
            if isinstance(a, cn.ndarray):  # the layout of the cunum array itself
                proto = numpy.lib.stride_tricks.as_strided(numpy.empty(1, a.dtype), a.shape, a.strides)
            w = numpy.zeros_like(proto, order=order, **kw)
            h = cunumx.zeros_like_pinned(a, order=order, **kw)
            e = cunumx.empty_like_pinned(a, order=order, **kw)
            for x in (h, e):
                assert type(x) is numpy.ndarray
                assert (x.shape, x.dtype, x.strides) == (w.shape, w.dtype, w.strides)
                assert _is_pinned_array(x) == cuda_available()
            numpy.testing.assert_array_equal(h, w)


def test_pinned_layouts_as_on_a_gpu(monkeypatch):
    """The layouts *_pinned build over allocated memory (the GPU's path; here
    over the pageable stand-in when there is no GPU) are NumPy's."""
    monkeypatch.setattr(cn.cuda, "is_available", lambda: True)
    for shape, dt, order in [((3, 4), "f4", "C"), ((3, 4), "c16", "F"), (7, "i2", "C"), ((), "f8", "C"),
                             ((2, 0, 3), "u1", "F"), ((3, 1, 4), "f4", "F")]:
        h, w = cunumx.zeros_pinned(shape, dt, order), numpy.zeros(shape, dt, order)
        assert (h.shape, h.dtype, h.strides) == (w.shape, w.dtype, w.strides)
        assert _is_pinned_array(h) or h.size == 0
        numpy.testing.assert_array_equal(h, w)
    src = numpy.asfortranarray(numpy.arange(24, dtype="f4").reshape(2, 3, 4))
    for a in (src.transpose(2, 0, 1), src[:, ::2], cn.asarray(src[:, ::2]), numpy.zeros((2, 0, 3))):
        for order in "KACF":
            for kw in ({}, {"dtype": "i8"}, {"shape": (5, 2)}, {"shape": (0, 2)}):
                proto = numpy.lib.stride_tricks.as_strided(numpy.empty(1, a.dtype), a.shape, a.strides)
                w = numpy.zeros_like(proto, order=order, **kw)
                h = cunumx.zeros_like_pinned(a, order=order, **kw)
                assert (h.shape, h.dtype, h.strides) == (w.shape, w.dtype, w.strides)
                numpy.testing.assert_array_equal(h, w)


def test_pinned_arrays_carry_data_to_and_from_the_device():
    a = numpy.arange(1000, dtype="f4")
    h = cunumx.empty_pinned(1000, "f4")
    h[...] = a
    x = cn.asarray(h)
    assert_same(a, x)
    out = cunumx.zeros_like_pinned(x)
    (x * 2).get(out=out)
    numpy.testing.assert_array_equal(out, a * 2)


def test_alloc_pinned_memory():
    p = cn.cuda.alloc_pinned_memory(4096)
    assert isinstance(p, cn.cuda.PinnedMemoryPointer)
    assert p.size == 4096 and int(p) == p.ptr != 0 and p.mem.size == 4096
    assert p.mem.pinned == cuda_available()
    h = cn.cuda.pinned_memory._frombuffer(p, "f8", 512)
    h[:] = numpy.arange(512)
    q = p + 8
    assert q.ptr == p.ptr + 8 and q.size == 4088 and q.mem is p.mem
    assert (q - 8).ptr == p.ptr
    numpy.testing.assert_array_equal(cn.cuda.pinned_memory._frombuffer(q, "f8", 1), [1.0])
    if sys.version_info >= (3, 12):  # the buffer protocol of Python classes (PEP 688)
        numpy.testing.assert_array_equal(numpy.frombuffer(p, "f8", 3), [0.0, 1.0, 2.0])
    with pytest.raises(ValueError):
        p + 5000
    with pytest.raises(ValueError):
        cn.cuda.alloc_pinned_memory(-1)
    with pytest.raises(ValueError):
        cn.cuda.get_default_pinned_memory_pool().malloc(-1)
    z = cn.cuda.alloc_pinned_memory(0)
    assert z.size == 0


def test_set_pinned_memory_allocator():
    pool = cn.cuda.get_default_pinned_memory_pool()
    calls = []

    def mine(size):
        calls.append(size)
        return pool.malloc(size)
    try:
        cn.cuda.set_pinned_memory_allocator(mine)
        h = cunumx.zeros_pinned((4, 4), "f4")
        assert h.sum() == 0
        assert calls == ([64] if cuda_available() else [])  # without a GPU: a NumPy array
        p = cn.cuda.alloc_pinned_memory(10)
        assert calls[-1] == 10 and p.size == 10
        cn.cuda.set_pinned_memory_allocator(None)  # cudaHostAlloc per block
        p = cn.cuda.alloc_pinned_memory(100)
        assert p.size == 100 and p.mem.pinned == cuda_available()
        with pytest.raises(TypeError):
            cn.cuda.set_pinned_memory_allocator(42)
    finally:
        cn.cuda.set_pinned_memory_allocator(pool.malloc)
    if cuda_available():
        used = pool.used_bytes()
        p = pool.malloc(1 << 20)
        assert pool.used_bytes() >= used + (1 << 20)
        del p
        assert pool.used_bytes() == used


# ---------------------------------------------------------------- profiler


def test_time_range_context_and_decorator():
    with profiler.time_range("block", color_id=2):
        x = cn.arange(10) * 2
    with profiler.time_range("argb", argb_color=0xFF336699, sync=True):
        x = x + 1

    @profiler.time_range()
    def step(v):
        return v.sum()

    @profiler.time_range("named", sync=True)
    def step2(v):
        return v.max()
    assert_same(numpy.int64(100), step(x))
    assert_same(numpy.int64(19), step2(x))
    assert step.__name__ == "step"
    with pytest.raises(ValueError, match="Only either color_id or argb_color"):
        profiler.time_range("x", color_id=1, argb_color=0xFF000000)
    with pytest.raises(ValueError):
        with profiler.time_range():
            pass


def test_nvtx_library_is_what_time_range_uses():
    lib = profiler._nvtx.nvtx_library()
    if lib is not None:  # the CUDA toolkit's NVTX library (the nesting level, or < 0 without a tool)
        assert isinstance(lib.nvtxRangePushA(b"probe"), int)
        assert isinstance(lib.nvtxRangePop(), int)
        assert "nvToolsExt" in lib._name or "nvtx3interop" in lib._name


def test_profile(device):
    if device == "cuda":
        with profiler.profile():
            y = cn.ones(100) * 3
        assert_same(numpy.full(100, 3.0), y)
    elif not cuda_available():
        with pytest.raises(ValueError, match="CUDA device"):
            with profiler.profile():
                pass


def test_benchmark_result(device):
    x = cn.arange(10000, dtype="f4")
    calls = []

    def f(a, scale=1):
        calls.append(1)
        return cn.sin(a) * scale
    r = profiler.benchmark(f, (x,), {"scale": 2}, n_repeat=20, n_warmup=3)
    assert len(calls) == 23
    assert r.name == "f"
    assert r.cpu_times.shape == (20,) and (r.cpu_times > 0).all()
    ndev = 1 if cuda_available() else 0
    assert r.gpu_times.shape == (ndev, 20)
    if ndev:  # events on the current CUDA device; the CPU backend's work is not on it
        assert (r.gpu_times > 0).all() if device == "cuda" else (r.gpu_times >= 0).all()
    line = r.to_str()
    assert re.fullmatch(r"f {19}:    CPU: *\d+\.\d{3} us   \+/- *\d+\.\d{3} \(min: *\d+\.\d{3} / max: *\d+\.\d{3}\) us",
                        line), line
    full = str(r)
    assert full.startswith(line)
    assert full.count("GPU-") == ndev
    one = profiler.benchmark(f, (x,), n_repeat=1, n_warmup=0, name="one")
    assert re.fullmatch(r"one {17}:    CPU: *\d+\.\d{3} us", one.to_str())


def test_benchmark_limits_and_errors():
    import time as _time
    r = profiler.benchmark(lambda: _time.sleep(0.01), n_repeat=1000, n_warmup=0, max_duration=0.05)
    assert 2 <= r.cpu_times.size < 20
    r = profiler.benchmark(lambda: None, n_repeat=3, devices=())
    assert r.gpu_times.shape == (0, 3) and "GPU" not in str(r)
    for kw, msg in (({"args": [1]}, "args"), ({"kwargs": 1}, "kwargs"), ({"n_repeat": 1.5}, "n_repeat"),
                    ({"name": 3}, "name"), ({"n_warmup": None}, "n_warmup"),
                    ({"max_duration": "1s"}, "max_duration"), ({"devices": [0]}, "devices")):
        with pytest.raises(ValueError, match=msg):
            profiler.benchmark(lambda *a, **k: None, **kw)
    with pytest.raises(ValueError, match="callable"):
        profiler.benchmark(42)


# ---------------------------------------------------------------- show_config


def test_show_config():
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert cn.show_config() is None
    text = buf.getvalue()
    rows = dict(re.match(r"(.+?)\s+: (.*)", line).groups() for line in text.splitlines())
    assert rows["cunum Version"] == cn.__version__
    assert rows["NumPy Version"] == numpy.__version__
    assert rows["Python Version"] == ".".join(map(str, sys.version_info[:3]))
    assert rows["Default Device"] == str(cn.get_default_device())
    assert int(rows["Device Count"]) == cn.cuda.runtime.getDeviceCount()
    if cuda_available():
        assert rows["Device 0 Name"] and re.fullmatch(r"\d+", rows["Device 0 Compute Capability"])
        assert rows["CUDA Driver Version"] != "- (no driver)"
    if rows["CUDA Backend"] == "built":
        assert re.fullmatch(r"\d+\.\d+", rows["CUDA Build Version"])
        assert re.fullmatch(r"\d+\.\d+", rows["NVRTC Version"])  # the NVRTC test compiles with it
