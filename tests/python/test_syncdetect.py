"""cunumx.allow_synchronize / DeviceSynchronized (CuPy's cupyx names; Note
[Synchronization detection]): a host wait for the device in a block that
disallows it raises before it starts, on both backends at the same places."""
import threading

import numpy
import pytest

import cunum as cn
from helpers import requires_cunum

pytestmark = [pytest.mark.usefixtures("device"), requires_cunum]

READS = {
    "get": lambda a: a.get(),
    "asnumpy": lambda a: cn.asnumpy(a),
    "item": lambda a: a[0].item(),
    "bool": lambda a: bool(a[1]),
    "float": lambda a: float(a[1]),
    "tolist": lambda a: a.tolist(),
    "repr": lambda a: repr(a),
    "nonzero": lambda a: cn.nonzero(a),
}


def _cunumx():
    import cunumx
    return cunumx


@pytest.mark.parametrize("read", list(READS))
def test_disallowed_read_raises(read):
    x = _cunumx()
    a = cn.asarray([2, 3, 0])
    with x.allow_synchronize(False):
        with pytest.raises(x.DeviceSynchronized):
            READS[read](a)
    READS[read](a)  # allowed again after the block


def test_work_without_a_read_goes_on():
    x = _cunumx()
    a = cn.arange(6.0)
    with x.allow_synchronize(False):
        b = (a * 2 + 1).sum()
        c = cn.sort(a[::-1])
    assert b.item() == 36.0
    assert c.get().tolist() == list(numpy.arange(6.0))


def test_nesting_and_restoring():
    x = _cunumx()
    a = cn.asarray([2, 3])
    with x.allow_synchronize(True):
        with x.allow_synchronize(False):
            with pytest.raises(x.DeviceSynchronized):
                a.get()
            with x.allow_synchronize(True):
                assert a.get().tolist() == [2, 3]
            with pytest.raises(x.DeviceSynchronized):
                a.get()
        assert a.get().tolist() == [2, 3]
    # an exception inside the block restores the setting too
    with pytest.raises(ZeroDivisionError):
        with x.allow_synchronize(False):
            1 / 0
    assert a.get().tolist() == [2, 3]


def test_is_a_runtime_error_and_per_thread():
    x = _cunumx()
    assert issubclass(x.DeviceSynchronized, RuntimeError)
    a = cn.asarray([1.5])
    got = []
    with x.allow_synchronize(False):
        t = threading.Thread(target=lambda: got.append(a.get().tolist()))
        t.start()
        t.join()
    assert got == [[1.5]]


def test_synchronize_calls(device):
    # the explicit waits of the CUDA API (the CPU backend has no streams)
    if device != "cuda":
        pytest.skip("streams and events belong to the CUDA backend")
    x = _cunumx()
    e = cn.cuda.Event()
    e.record()
    with x.allow_synchronize(False):
        with pytest.raises(x.DeviceSynchronized):
            cn.cuda.Device().synchronize()
        with pytest.raises(x.DeviceSynchronized):
            cn.cuda.get_current_stream().synchronize()
        with pytest.raises(x.DeviceSynchronized):
            e.synchronize()
    cn.cuda.Device().synchronize()
    e.synchronize()
