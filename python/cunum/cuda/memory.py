"""cunum.cuda.memory: the per-device caching memory pool (CuPy's MemoryPool API)."""
from .. import _core

OutOfMemoryError = _core.OutOfMemoryError


class MemoryPool:
    """The stream-ordered caching pool of one CUDA device (best fit, split and
    merge; freed blocks are reused without a cudaMalloc/cudaFree)."""

    def __init__(self, device=None):
        if device is None:
            device = _core._default_device()
            if str(device) == "cpu":
                device = _core.Device("cuda:0")
        elif isinstance(device, int):
            device = _core.Device(device)
        self._device = device

    def _stats(self):
        return _core._pool_stats(self._device)

    def used_bytes(self):
        return self._stats()[0]

    def total_bytes(self):
        return self._stats()[1]

    def free_bytes(self):
        return self._stats()[2]

    def n_free_blocks(self):
        return self._stats()[3]

    def free_all_blocks(self, stream=None):
        _core._pool_free_all(self._device)

    def set_limit(self, size=None, fraction=None):
        if fraction is not None:
            if not 0 <= fraction <= 1:
                raise ValueError("memory limit fraction out of range")
            from .runtime import memGetInfo
            size = int(fraction * memGetInfo()[1])
        _core._pool_set_limit(self._device, int(size or 0))

    def get_limit(self):
        return _core._pool_get_limit(self._device)


_pools = {}


def get_default_memory_pool():
    dev = _core._default_device()
    key = str(dev) if str(dev) != "cpu" else "cuda:0"
    if key not in _pools:
        _pools[key] = MemoryPool(_core.Device(key))
    return _pools[key]
