"""cunum.cuda.Stream / ExternalStream / Event and transfers on streams.
NumPy is the oracle for every value; these need a GPU (skipped without one)."""
import threading

import numpy
import pytest

import cunum as cn

from helpers import USING_NUMPY_SHIM

if USING_NUMPY_SHIM:
    pytest.skip("tests cunum's own CUDA machinery (the NumPy stand-in has none)",
                allow_module_level=True)

pytestmark = pytest.mark.skipif(not cn.cuda.is_available(), reason="needs a CUDA device")


@pytest.fixture(autouse=True)
def _on_gpu():
    with cn.Device("cuda:0"):
        yield


def test_current_stream_follows_with_blocks_and_nests(rng):
    null = cn.cuda.Stream.null
    assert null.ptr == 0 and cn.cuda.get_current_stream() == null
    s1, s2 = cn.cuda.Stream(), cn.cuda.Stream(non_blocking=True)
    assert s1.ptr not in (0, s2.ptr)
    with s1:
        assert cn.cuda.get_current_stream() is s1
        with s2:
            assert cn.cuda.get_current_stream() is s2
        assert cn.cuda.get_current_stream() is s1
    assert cn.cuda.get_current_stream() == null
    s2.use()
    try:
        assert cn.cuda.get_current_stream() is s2
    finally:
        null.use()
    assert cn.cuda.get_current_stream().ptr == 0


def test_work_on_streams_gives_numpy_values(rng):
    h = rng.standard_normal(1 << 20).astype(numpy.float32)
    s = cn.cuda.Stream(non_blocking=True)
    with s:
        x = cn.asarray(h)
        y = cn.sin(x) * 2 + x
        total = y.sum()
    s.synchronize()
    assert s.done and s.query()
    expected = numpy.sin(h) * 2 + h
    numpy.testing.assert_allclose(y.get(), expected, rtol=1e-6)
    numpy.testing.assert_allclose(float(total), expected.astype(numpy.float64).sum(), rtol=1e-4)


def test_producer_consumer_across_streams_with_events(rng):
    h = rng.standard_normal((512, 1024))
    producer, consumer = cn.cuda.Stream(non_blocking=True), cn.cuda.Stream(non_blocking=True)
    with producer:
        x = cn.asarray(h)
        y = cn.exp(x) - x * x
        ready = producer.record()
    consumer.wait_event(ready)
    with consumer:
        z = y.sum(axis=1)
        cn.cuda.record_stream(y, consumer)
    del y, x
    out = z.get(stream=consumer)
    numpy.testing.assert_allclose(out, (numpy.exp(h) - h * h).sum(axis=1), rtol=1e-12)


def test_current_stream_is_per_thread():
    s = cn.cuda.Stream()
    seen = {}

    def other():
        seen["ptr"] = cn.cuda.get_current_stream(0).ptr

    with s:
        t = threading.Thread(target=other)
        t.start()
        t.join()
        assert cn.cuda.get_current_stream().ptr == s.ptr
    assert seen["ptr"] == 0


def test_ptds_and_external_stream(rng):
    h = rng.integers(-100, 100, size=10000).astype(numpy.int32)
    ptds = cn.cuda.Stream.ptds
    assert ptds.ptr == 2  # cudaStreamPerThread
    owner = cn.cuda.Stream()
    ext = cn.cuda.ExternalStream(owner.ptr)
    assert isinstance(ext, cn.cuda.Stream) and ext == owner
    for s in (ptds, ext):
        with s:
            r = cn.asarray(h) * 3 - 1
        s.synchronize()
        numpy.testing.assert_array_equal(r.get(), h * 3 - 1)


def test_events_time_and_query(rng):
    start, end = cn.cuda.Event(), cn.cuda.Event()
    start.record()
    x = cn.asarray(rng.standard_normal(1 << 22))
    for _ in range(5):
        x = cn.sqrt(x * x + 1.0)
    end.record()
    end.synchronize()
    assert end.done and start.done and end.query() and start.query()
    ms = cn.cuda.get_elapsed_time(start, end)
    assert isinstance(ms, float) and ms >= 0.0
    assert start.elapsed_time(end) == pytest.approx(ms)
    s = cn.cuda.Stream()
    e = s.record()
    e.synchronize()
    assert e.done
    blocking = cn.cuda.Event(block=True)
    blocking.record(s)
    blocking.synchronize()


def test_event_errors():
    with pytest.raises(ValueError):
        cn.cuda.Event(disable_timing=False, interprocess=True)
    a, b = cn.cuda.Event(disable_timing=True), cn.cuda.Event(disable_timing=True)
    a.record()
    b.record()
    with pytest.raises(ValueError):
        cn.cuda.get_elapsed_time(a, b)
    with pytest.raises(ValueError):
        cn.cuda.Stream(null=True, ptds=True)


def test_cuda_array_interface_reports_memory_and_stream(rng):
    h = rng.standard_normal((3, 4)).astype(numpy.float32)
    x = cn.asarray(h)
    cai = x.__cuda_array_interface__
    assert cai["shape"] == (3, 4) and cai["typestr"] == h.dtype.str and cai["version"] == 3
    assert cai["data"][0] == x._data_ptr and cai["strides"] is None and cai["stream"] == 1
    assert x.T.__cuda_array_interface__["strides"] == (4, 16)  # h.T.strides
    with cn.Device("cpu"):
        assert not hasattr(cn.zeros(2), "__cuda_array_interface__")
