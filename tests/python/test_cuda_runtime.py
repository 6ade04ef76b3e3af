"""CUDA backend specifics: the memory pool and the kernel disk cache. These
need a GPU (they are skipped, not faked, on a machine without one)."""
import os
import subprocess
import sys
import textwrap

import numpy
import pytest

import cunum as cn

from helpers import USING_NUMPY_SHIM

if USING_NUMPY_SHIM:
    pytest.skip("tests cunum's own CUDA machinery (the NumPy stand-in has none)",
                allow_module_level=True)

pytestmark = pytest.mark.skipif(not cn.cuda.is_available(), reason="needs a CUDA device")


def test_pool_reuses_and_reports():
    with cn.Device("cuda:0"):
        pool = cn.get_default_memory_pool()
        pool.free_all_blocks()
        before = pool.used_bytes()
        a = cn.empty(1 << 20, dtype=numpy.float32)
        assert pool.used_bytes() >= before + 4 * (1 << 20)
        total = pool.total_bytes()
        del a
        assert pool.used_bytes() == before
        assert pool.total_bytes() == total  # cached, not returned
        b = cn.empty(1 << 20, dtype=numpy.float32)  # reuses the cached block
        assert pool.total_bytes() == total
        del b
        pool.free_all_blocks()
        assert pool.free_bytes() == pool.total_bytes() - pool.used_bytes()


def test_pool_limit_and_out_of_memory():
    with cn.Device("cuda:0"):
        pool = cn.get_default_memory_pool()
        old = pool.get_limit()
        try:
            pool.set_limit(size=pool.total_bytes() + (64 << 20))
            with pytest.raises(cn.cuda.OutOfMemoryError) as info:
                cn.empty(1 << 30, dtype=numpy.float32)
            assert isinstance(info.value, MemoryError)
            assert "4294967296" in str(info.value)
            x = cn.ones(1000)  # the pool is still usable
            assert float(x.sum()) == 1000.0
        finally:
            pool.set_limit(size=old)


_FIRST_CALL = textwrap.dedent("""
    import cunum as cn
    x = cn.arange(10, dtype='float32')
    print(float(cn.tanh(x * 0.25 - 1.0).sum()))
""")


def _run(cache_dir):
    env = dict(os.environ, CUNUM_CACHE_DIR=str(cache_dir), CUNUM_DEVICE="cuda")
    return subprocess.run([sys.executable, "-c", _FIRST_CALL], env=env, capture_output=True, text=True)


def test_disk_cache_cold_warm_corrupt_readonly(tmp_path):
    expected = float(numpy.tanh(numpy.arange(10, dtype=numpy.float32) * 0.25 - 1.0).sum())
    cold = _run(tmp_path)
    assert cold.returncode == 0, cold.stderr
    entries = list(tmp_path.glob("*.cubin"))
    assert entries, "a cold run writes cache entries"
    warm = _run(tmp_path)
    assert warm.returncode == 0, warm.stderr
    for f in entries:  # corrupt every entry: only a miss, never a failure
        f.write_bytes(b"CUNUMK01" + b"\xff" * 64)
    corrupt = _run(tmp_path)
    assert corrupt.returncode == 0, corrupt.stderr
    blocker = tmp_path / "not-a-directory"  # unwritable even for root
    blocker.write_text("x")
    readonly = _run(blocker / "cache")
    assert readonly.returncode == 0, readonly.stderr
    for r in (cold, warm, corrupt, readonly):
        assert abs(float(r.stdout.strip()) - expected) < 1e-4


def test_cuda_device_api():
    d = cn.cuda.Device(0)
    assert d.id == 0 and d == cn.Device("cuda:0")
    assert d.compute_capability.isdigit()
    with cn.cuda.Device(0):
        assert cn.cuda.device.get_compute_capability() == d.compute_capability  # CuPy's module functions
        assert cn.cuda.device.get_device_id() == 0
        x = cn.arange(5)
        assert x.device == d
    d.synchronize()
    cn.cuda.runtime.deviceSynchronize()
    assert cn.cuda.runtime.getDeviceCount() >= 1
    free, total = cn.cuda.runtime.memGetInfo()
    assert 0 < free <= total


def test_argmax_and_sum_past_2_31_elements():
    # 64-bit indexing: the answer is known by construction (index n - 2).
    n = 2**31 + 5
    with cn.Device("cuda:0"):
        x = cn.zeros(n, dtype=numpy.int8)
        x[n - 2] = 7
        assert int(cn.argmax(x)) == n - 2
        assert int(x.sum()) == 7
        del x
        cn.get_default_memory_pool().free_all_blocks()
