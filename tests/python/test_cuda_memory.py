"""Transfers (pinned staging, get(stream=, out=), to_device) and allocators
(set_allocator, MemoryAsyncPool, malloc_managed, record_stream). NumPy is the
oracle for values; these need a GPU (skipped without one)."""
import gc
import threading

import numpy
import pytest

import cunum as cn

from helpers import USING_NUMPY_SHIM

if USING_NUMPY_SHIM:
    pytest.skip("tests cunum's own CUDA machinery (the NumPy stand-in has none)",
                allow_module_level=True)

pytestmark = pytest.mark.skipif(not cn.cuda.is_available(), reason="needs a CUDA device")
TWO_GPUS = cn.cuda.is_available() and cn.cuda.runtime.getDeviceCount() >= 2


@pytest.fixture(autouse=True)
def _on_gpu():
    with cn.Device("cuda:0"):
        yield


# Sizes around the 8 MiB staging chunk: one chunk, exactly two, two and a bit.
@pytest.mark.parametrize("nbytes", [0, 1, 4096 + 3, 8 << 20, (16 << 20), (16 << 20) + 5, (40 << 20) + 1])
def test_round_trip_through_pinned_staging(rng, nbytes):
    h = rng.integers(0, 256, size=nbytes, dtype=numpy.uint8)
    x = cn.asarray(h)
    assert x.device == cn.Device("cuda:0") and x.dtype == h.dtype and x.shape == h.shape
    numpy.testing.assert_array_equal(x.get(), h)
    numpy.testing.assert_array_equal(cn.asnumpy(x), h)


def test_host_source_may_change_right_after_asarray(rng):
    busy = cn.ones(1 << 26, dtype=numpy.float32)
    for _ in range(20):  # milliseconds of queued work: the upload's DMAs wait behind it
        busy = cn.sin(busy)
    h = rng.standard_normal(5 << 20)  # 40 MiB: five staging chunks, more than are kept in flight
    keep = h.copy()
    x = cn.asarray(h)
    h[:] = -1.0  # the copy was staged: the device array is unaffected
    numpy.testing.assert_array_equal(x.get(), keep)
    assert numpy.isfinite(float(busy[0]))


def test_pinned_pool_is_used_and_can_be_emptied(rng):
    pool = cn.get_default_pinned_memory_pool()
    assert pool is cn.cuda.get_default_pinned_memory_pool()
    cn.asarray(rng.standard_normal(1 << 20)).get()
    assert pool.total_bytes() > 0
    cn.cuda.Device(0).synchronize()
    pool.free_all_blocks()
    assert pool.used_bytes() == 0
    assert pool.free_bytes() == pool.total_bytes() - pool.used_bytes()


def test_get_with_stream_out_and_order(rng):
    h = rng.standard_normal((64, 33)).astype(numpy.float32)
    x = cn.asarray(h)  # queued on the null stream; the host does not wait for it
    s = cn.cuda.Stream()  # a blocking stream is ordered after the null stream's work
    numpy.testing.assert_array_equal(x.get(stream=s), h)
    nb = cn.cuda.Stream(non_blocking=True)  # not ordered after it: wait on an event first
    y = cn.asarray(h * 2)
    nb.wait_event(cn.cuda.Stream.null.record())
    numpy.testing.assert_array_equal(y.get(stream=nb), h * 2)
    out = numpy.empty_like(h)
    assert x.get(out=out) is out
    numpy.testing.assert_array_equal(out, h)
    f = x.get(order="F")
    assert f.flags.f_contiguous
    numpy.testing.assert_array_equal(f, h)
    out64 = numpy.empty(h.shape)  # another dtype: NumPy's casting assignment
    numpy.testing.assert_array_equal(cn.asnumpy(x, out=out64, stream=s), h.astype(numpy.float64))
    with pytest.raises(ValueError):
        x.get(out=numpy.empty((2, 2), numpy.float32))
    with pytest.raises(TypeError):
        x.get(out=[0.0])


def test_to_device_between_cpu_and_gpu(rng):
    h = rng.standard_normal((5, 7))
    with cn.Device("cpu"):
        c = cn.asarray(h)
    g = c.to_device("cuda:0")
    assert g.device == cn.Device("cuda:0")
    back = g.T.to_device("cpu", stream=cn.cuda.Stream())
    assert back.device == cn.Device("cpu")
    numpy.testing.assert_array_equal(back.get(), h.T)


@pytest.mark.skipif(not TWO_GPUS, reason="needs two CUDA devices")
def test_copy_between_two_gpus(rng):
    h = rng.standard_normal((300, 200)).astype(numpy.float32)
    a = cn.asarray(h)
    b = a[:, ::2].to_device("cuda:1")
    assert b.device == cn.Device("cuda:1")
    numpy.testing.assert_array_equal(b.get(), h[:, ::2])
    with cn.Device("cuda:1"):
        c = cn.array(b.astype(numpy.float64), copy=True)
    back = c.to_device("cuda:0")
    numpy.testing.assert_array_equal(back.get(), h[:, ::2].astype(numpy.float64))


@pytest.mark.parametrize("which", ["direct", "async", "managed"])
def test_other_allocators_give_numpy_values(rng, which):
    allocator = {"direct": None, "async": cn.cuda.MemoryAsyncPool().malloc,
                 "managed": cn.cuda.malloc_managed}[which]
    pool = cn.get_default_memory_pool()
    h = rng.standard_normal(100000)
    gc.collect()  # no earlier pool array is freed while `before` is compared
    with cn.cuda.using_allocator(allocator):
        assert cn.cuda.get_allocator() is allocator
        before = pool.used_bytes()
        x = cn.asarray(h)
        y = cn.tanh(x) * x
        total = y.sum()
        assert pool.used_bytes() == before  # the caching pool was bypassed
        if which == "async":
            assert cn.cuda.MemoryAsyncPool().used_bytes() >= h.nbytes
        numpy.testing.assert_allclose(y.get(), numpy.tanh(h) * h, rtol=1e-12)
        numpy.testing.assert_allclose(float(total), (numpy.tanh(h) * h).sum(), rtol=1e-9)
        del x, y, total
    assert cn.cuda.get_allocator() == pool.malloc
    z = cn.ones(10)  # back on the pool
    assert pool.used_bytes() > before
    assert float(z.sum()) == 10.0


def test_memory_pointers_and_async_pool():
    pool = cn.get_default_memory_pool()
    before = pool.used_bytes()
    p = pool.malloc(1 << 20)
    assert p.ptr != 0 and p.size == 1 << 20 and int(p) == p.ptr
    assert pool.used_bytes() >= before + (1 << 20)
    del p
    assert pool.used_bytes() == before
    ap = cn.cuda.MemoryAsyncPool()
    q = ap.malloc(1 << 20)
    assert q.ptr != 0 and ap.used_bytes() >= 1 << 20 and ap.total_bytes() >= ap.used_bytes()
    del q
    ap.free_all_blocks()
    m = cn.cuda.malloc_managed(4096)
    assert m.ptr != 0
    del m


def test_async_pool_limit_and_bad_allocators():
    ap = cn.cuda.MemoryAsyncPool()
    old = ap.get_limit()
    try:
        ap.set_limit(size=1 << 20)
        with pytest.raises(cn.cuda.OutOfMemoryError) as info:
            ap.malloc(2 << 20)
        assert isinstance(info.value, MemoryError) and str(2 << 20) in str(info.value)
    finally:
        ap.set_limit(size=old)
    with pytest.raises(TypeError):
        cn.cuda.set_allocator(lambda n: None)
    with pytest.raises(ValueError):
        cn.cuda.MemoryAsyncPool(pool_handles="other")


def test_record_stream_keeps_a_freed_block_until_the_stream_is_done(rng):
    pool = cn.get_default_memory_pool()
    s = cn.cuda.Stream(non_blocking=True)
    x = cn.asarray(rng.standard_normal(1 << 20))  # 8 MiB, allocated on the null stream
    with s:
        y = (x * 2).sum()
    cn.cuda.record_stream(x, s)
    used = pool.used_bytes()
    del x  # freed on the null stream while s may still read it: held back
    assert pool.used_bytes() == used
    s.synchronize()
    cn.empty(16)  # the next allocation polls the events and frees the block
    assert pool.used_bytes() <= used - (8 << 20) + 512
    assert numpy.isfinite(float(y))


def test_using_allocator_is_per_thread():
    pool = cn.get_default_memory_pool()
    seen = {}

    def other():
        seen["allocator"] = cn.cuda.get_allocator()

    with cn.cuda.using_allocator(None):
        t = threading.Thread(target=other)
        t.start()
        t.join()
        assert cn.cuda.get_allocator() is None
    assert seen["allocator"] == pool.malloc


def test_per_thread_default_streams_do_not_share_freed_blocks(rng):
    # Each thread's per-thread default stream is a different stream: a block
    # one thread frees must not be refilled by another before its work is done.
    h = rng.standard_normal(1 << 22).astype(numpy.float32)
    errors = []

    def worker(k):
        with cn.Device("cuda:0"), cn.cuda.Stream.ptds:
            x = cn.asarray(h)
            for _ in range(10):
                y = cn.sin(x) * 3
                del y  # freed while sin may still run on this thread's stream
                z = cn.empty_like(x)
                z.fill(float(k))
                if float(z.max()) != k or float(z.min()) != k:
                    errors.append(k)

    threads = [threading.Thread(target=worker, args=(k,)) for k in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_async_allocator_block_freed_on_another_stream(rng):
    h = rng.standard_normal(1 << 22)
    s = cn.cuda.Stream(non_blocking=True)
    with cn.cuda.using_allocator(cn.cuda.MemoryAsyncPool().malloc):
        with s:
            x = cn.asarray(h)
            y = x
            for _ in range(10):
                y = cn.sqrt(y * y + 1.0)
        del x  # freed on the null stream, which must first wait for s
        z = cn.zeros(h.shape)
        s.synchronize()
        expected = h
        for _ in range(10):
            expected = numpy.sqrt(expected * expected + 1.0)
        numpy.testing.assert_allclose(y.get(stream=s), expected, rtol=1e-12)
        assert float(z.sum()) == 0.0


@pytest.mark.skipif(not TWO_GPUS, reason="needs two CUDA devices")
def test_streams_nest_across_devices():
    with cn.cuda.Device(0):
        s0 = cn.cuda.Stream()
    with cn.cuda.Device(1):
        s1 = cn.cuda.Stream()
    with s0, s1:
        assert cn.cuda.get_current_stream(0) is s0 and cn.cuda.get_current_stream(1) is s1
        e = s1.record()  # the event lives on s1's device
        assert e.device_id == 1
    assert cn.cuda.get_current_stream(0).ptr == 0 and cn.cuda.get_current_stream(1).ptr == 0


@pytest.mark.parametrize("which", ["pool", "async"])
def test_blocks_outlive_the_streams_that_used_them(rng, which):
    # Freed after the stream that allocated or used them is gone: nothing may
    # be recorded on the destroyed stream (Note [Retired streams]).
    allocator = cn.get_default_memory_pool().malloc if which == "pool" else cn.cuda.MemoryAsyncPool().malloc
    h = rng.standard_normal(1 << 20)
    with cn.cuda.using_allocator(allocator):
        s = cn.cuda.Stream(non_blocking=True)
        with s:
            y = cn.asarray(h) * 2
        x = cn.ones(1 << 20)
        cn.cuda.record_stream(x, s)
        out = y.get(stream=s)
        del s
        del x, y
        z = cn.asarray(h) + 1
        numpy.testing.assert_array_equal(out, h * 2)
        numpy.testing.assert_array_equal(z.get(), h + 1)
