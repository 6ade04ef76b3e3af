"""Two GPUs (issue 7: gpu_check.sh's two-GPU mode runs these). Covered:
- arrays moved between cuda:0 and cuda:1 with to_device: every dtype,
  strided and transposed views, sizes past the 8 MiB staging chunk;
- arrays made under `with cn.Device("cuda:1")` compute there: ufuncs,
  reductions, scans, sorts, matmul, random numbers, deferred errors;
- each device has its own streams, events and pool;
- two threads drive the two devices at once;
- operands on different devices raise.
NumPy is the oracle. Skipped unless two CUDA devices are visible."""
import gc
import threading

import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, USING_NUMPY_SHIM, assert_same, dtype_params, make_data

if USING_NUMPY_SHIM:
    pytest.skip("tests cunum's CUDA devices (the NumPy stand-in has none)", allow_module_level=True)

TWO_GPUS = cn.cuda.is_available() and cn.cuda.runtime.getDeviceCount() >= 2
pytestmark = pytest.mark.skipif(not TWO_GPUS, reason="needs two CUDA devices")


def gpu(i):
    return cn.Device(f"cuda:{i}")


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_to_device_between_gpus_every_dtype(dtype, rng):
    h = make_data((37, 29), dtype, "full" if numpy.dtype(dtype).kind in "iu" else "default", rng=rng)
    with gpu(0):
        a = cn.asarray(h)
    assert a.device == gpu(0)
    b = a.to_device("cuda:1")
    assert b.device == gpu(1)
    assert_same(h, b, exact=True)
    assert_same(h, b.to_device("cuda:0"), exact=True)
    for view, expected in ((a[::-2, 1::3], h[::-2, 1::3]), (a.T, h.T), (a[5], h[5]), (a[:0], h[:0])):
        moved = view.to_device("cuda:1")
        assert moved.device == gpu(1)
        assert_same(expected, moved, exact=True)


@pytest.mark.parametrize("nbytes", [1, (8 << 20) + 5, (40 << 20) + 3])
def test_large_copies_between_gpus(nbytes, rng):
    h = rng.integers(0, 256, size=nbytes, dtype=numpy.uint8)
    with gpu(1):
        a = cn.asarray(h)
    b = a.to_device("cuda:0")
    assert b.device == gpu(0)
    numpy.testing.assert_array_equal(b.get(), h)
    numpy.testing.assert_array_equal(b[::-3].to_device("cuda:1").get(), h[::-3])


def test_arrays_on_device_1_compute_there(rng):
    h = rng.standard_normal((64, 48))
    hi = rng.integers(-50, 50, size=1000)
    with gpu(1):
        x = cn.asarray(h)
        assert x.device == gpu(1) and cn.zeros(3).device == gpu(1)
        results = {
            "ufuncs": (numpy.sin(h) * 2 + h, cn.sin(x) * 2 + x),
            "sum": (h.sum(axis=0), x.sum(axis=0)),
            "max": (h.max(axis=1, keepdims=True), x.max(axis=1, keepdims=True)),
            "argmax": (h.argmax(), x.argmax()),
            "cumsum": (numpy.cumsum(hi), cn.cumsum(cn.asarray(hi))),
            "sort": (numpy.sort(h, axis=-1), cn.sort(x, axis=-1)),
            "argsort": (numpy.argsort(hi, kind="stable"), cn.argsort(cn.asarray(hi))),
            "matmul": (h @ h.T, x @ x.T),
        }
        for name, (expected, got) in results.items():
            assert got.device == gpu(1), name
            assert_same(expected, got, rtol=1e-10, err_msg=name)
        cn.cuda.Device(1).synchronize()


def test_current_device_inside_with(rng):
    with cn.cuda.Device(1):
        assert cn.get_default_device() == gpu(1)
        assert cn.cuda.Device().id == 1
        with cn.cuda.Device(0):
            assert cn.zeros(2).device == gpu(0)
        assert cn.zeros(2).device == gpu(1)


def test_random_streams_equal_on_both_devices():
    draws = []
    for i in (0, 1):
        with gpu(i):
            r = cn.random.default_rng(2024).random(100001)
            assert r.device == gpu(i)
            draws.append(r.get())
    assert numpy.array_equal(draws[0].view(numpy.uint64), draws[1].view(numpy.uint64))


def test_deferred_error_on_device_1():
    with gpu(1):
        x = cn.arange(5)
        with pytest.raises(IndexError):
            cn.asnumpy(cn.take(x, cn.asarray([1, 7])))
        assert int(x.sum()) == 10  # usable afterwards
    with gpu(0):
        assert int(cn.arange(4).sum()) == 6  # device 0 saw no error


def test_operands_on_different_devices_raise():
    with gpu(0):
        a = cn.ones(3)
    with gpu(1):
        b = cn.ones(3)
    with pytest.raises(ValueError, match="different devices"):
        cn.add(a, b)
    with pytest.raises(ValueError, match="different devices"):
        cn.multiply(a, 2.0, out=b)
    assert_same(numpy.full(3, 2.0), cn.add(a, b.to_device("cuda:0")))


def test_streams_and_events_per_device(rng):
    h = rng.standard_normal(1 << 20)
    with cn.cuda.Device(0):
        s0 = cn.cuda.Stream()
    with cn.cuda.Device(1):
        s1 = cn.cuda.Stream()
    assert (s0.device_id, s1.device_id) == (0, 1)
    with gpu(0), s0:
        a0 = cn.asarray(h)
        r0 = cn.sqrt(a0 * a0 + 1.0).sum()
        e0 = s0.record()
    with gpu(1), s1:
        s1.wait_event(e0)  # a stream may wait for another device's event
        a1 = cn.asarray(h)
        r1 = (a1 * 3.0).sum()
    assert e0.device_id == 0
    s0.synchronize()
    s1.synchronize()
    assert r0.device == gpu(0) and r1.device == gpu(1)
    numpy.testing.assert_allclose(float(r0), numpy.sqrt(h * h + 1.0).sum(), rtol=1e-12)
    numpy.testing.assert_allclose(float(r1), (h * 3.0).sum(), rtol=1e-12)
    assert cn.cuda.get_current_stream(0).ptr == 0 and cn.cuda.get_current_stream(1).ptr == 0


def test_pools_are_per_device():
    pool0, pool1 = cn.cuda.MemoryPool(device=0), cn.cuda.MemoryPool(device=1)
    gc.collect()
    # used_bytes counts freed blocks still waiting on another stream's event
    # (an earlier test's); once both devices are idle, free_all_blocks
    # retires them, so that the counts below see this test's block alone.
    for i, pool in enumerate((pool0, pool1)):
        cn.cuda.Device(i).synchronize()
        pool.free_all_blocks()
    before0, before1 = pool0.used_bytes(), pool1.used_bytes()
    with gpu(1):
        x = cn.empty(1 << 20, dtype=numpy.float32)
    assert pool1.used_bytes() >= before1 + (4 << 20)
    assert pool0.used_bytes() == before0
    del x
    gc.collect()
    assert pool1.used_bytes() == before1


def test_two_threads_two_devices(rng):
    inputs = [rng.standard_normal(1 << 18) for _ in range(2)]
    out, errors = [None, None], []
    start = threading.Barrier(2)

    def work(i):
        try:
            start.wait()
            with gpu(i):
                x = cn.asarray(inputs[i])
                for _ in range(20):
                    x = cn.sqrt(x * x + 1.0)
                assert x.device == gpu(i)
                assert cn.get_default_device() == gpu(i)  # the other thread's `with` is not seen here
                out[i] = x.get()
        except BaseException as e:  # noqa: BLE001 -- reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for i in range(2):
        expected = inputs[i]
        for _ in range(20):
            expected = numpy.sqrt(expected * expected + 1.0)
        numpy.testing.assert_allclose(out[i], expected, rtol=1e-12)
