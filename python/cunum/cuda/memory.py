"""cunum.cuda.memory: device memory pools and allocators (CuPy's API).

New device arrays take their memory from the current allocator:
``MemoryPool().malloc`` (the default: the caching, stream-ordered pool),
``None`` (``cudaMalloc``/``cudaFree`` per array), ``MemoryAsyncPool().malloc``
(``cudaMallocAsync`` on the current stream) or ``malloc_managed`` (unified
memory). Host<->device copies are staged through the pinned memory pool.
"""
import contextlib
import threading

from .. import _core

OutOfMemoryError = _core.OutOfMemoryError

# AllocatorKind in include/cunum/cuda.hpp
_POOL, _DIRECT, _ASYNC, _MANAGED = 0, 1, 2, 3


def _cuda_device(device):
    if device is None:
        return _core._current_cuda_device()
    if isinstance(device, int):
        return device
    if str(device) == "cpu":
        raise ValueError("a memory pool belongs to a CUDA device, not the CPU")
    return device.id


class MemoryPointer:
    """A raw device allocation (``ptr``, ``size``, ``device_id``), freed when
    the object goes away."""

    __slots__ = ("ptr", "size", "device_id", "_kind", "__weakref__")

    def __init__(self, kind, size, device_id):
        self._kind = kind
        self.size = int(size)
        self.device_id = device_id
        self.ptr = _core._raw_malloc(kind, self.size, device_id)

    def __int__(self):
        return self.ptr

    def __del__(self):
        if getattr(self, "ptr", 0):
            _core._raw_free(self._kind, self.ptr, self.device_id)
            self.ptr = 0

    def __repr__(self):
        return f"<MemoryPointer {self.ptr:#x} ({self.size} bytes, device {self.device_id})>"


def _no_cuda():
    """True where this process sees no CUDA device at all: a pool then never
    held memory. Its counts are 0 and freeing it does nothing, so that a CuPy
    program that frees or counts its pools (at the end of a step, in a test's
    teardown) runs unchanged on the CPU backend; allocating from it raises."""
    return _core._cuda_device_count() == 0


def _limit_bytes(size, fraction):
    """A pool's limit in bytes from set_limit's arguments (0: no cap)."""
    if fraction is not None:
        if not 0 <= fraction <= 1:
            raise ValueError("memory limit fraction out of range")
        if _no_cuda():
            raise ValueError("a fraction of the device memory needs a CUDA device")
        from .runtime import memGetInfo
        size = int(fraction * memGetInfo()[1])
    size = int(size or 0)
    if size < 0:
        raise ValueError("memory limit must not be negative")
    return size


class MemoryPool:
    """The stream-ordered caching pool of one CUDA device (best fit, split and
    merge; freed blocks are reused without a cudaMalloc/cudaFree). Without a
    CUDA device (_no_cuda) it is empty: counts 0, freeing a no-op, the limit
    kept for get_limit, malloc raises."""

    def __init__(self, allocator=None, device=None):
        self._device = _cuda_device(device)
        self._limit = 0  # the limit without a CUDA device

    def _stats(self):
        if _no_cuda():
            return (0, 0, 0, 0)
        return _core._pool_stats(_core.Device(self._device))

    def malloc(self, size):
        """A block of `size` bytes from this pool, as a MemoryPointer."""
        return MemoryPointer(_POOL, size, self._device)

    def used_bytes(self):
        return self._stats()[0]

    def total_bytes(self):
        return self._stats()[1]

    def free_bytes(self):
        return self._stats()[2]

    def n_free_blocks(self):
        return self._stats()[3]

    def free_all_blocks(self, stream=None):
        """Returns every entirely free cached segment to the device."""
        if not _no_cuda():
            _core._pool_free_all(_core.Device(self._device))

    def set_limit(self, size=None, fraction=None):
        """Caps the bytes the pool may hold (0 or None: no cap)."""
        size = _limit_bytes(size, fraction)
        if _no_cuda():
            self._limit = size
            return
        _core._pool_set_limit(_core.Device(self._device), size)

    def get_limit(self):
        if _no_cuda():
            return self._limit
        return _core._pool_get_limit(_core.Device(self._device))


class MemoryAsyncPool:
    """The device's stream-ordered ``cudaMallocAsync`` pool (the driver's)."""

    def __init__(self, pool_handles="current", device=None):
        if pool_handles not in ("current", "default"):
            raise ValueError("cunum supports only the device's current (default) cudaMallocAsync pool")
        self._device = _cuda_device(device)
        self._limit = 0  # the limit without a CUDA device (MemoryPool's rules)

    def malloc(self, size):
        """`size` bytes with cudaMallocAsync on the current stream."""
        return MemoryPointer(_ASYNC, size, self._device)

    def _stats(self):
        return (0, 0) if _no_cuda() else _core._async_pool_stats(self._device)

    def used_bytes(self):
        return self._stats()[0]

    def total_bytes(self):
        return self._stats()[1]

    def free_bytes(self):
        used, total = self._stats()
        return max(total - used, 0)

    def free_all_blocks(self, stream=None):
        """Synchronizes the device and trims the driver's pool to what is in use."""
        if not _no_cuda():
            _core._async_pool_free_all(self._device)

    def set_limit(self, size=None, fraction=None):
        size = _limit_bytes(size, fraction)
        if _no_cuda():
            self._limit = size
            return
        _core._async_pool_set_limit(size, self._device)

    def get_limit(self):
        return self._limit if _no_cuda() else _core._async_pool_get_limit(self._device)


def malloc_managed(size):
    """`size` bytes of unified (managed) memory on the current device."""
    return MemoryPointer(_MANAGED, size, _core._current_cuda_device())


class PinnedMemoryPool:
    """The pinned (page-locked) host memory pool that stages host<->device
    copies. One per process."""

    def used_bytes(self):
        return _core._pinned_pool_stats()[0]

    def total_bytes(self):
        return _core._pinned_pool_stats()[1]

    def free_bytes(self):
        used, total, _ = _core._pinned_pool_stats()
        return total - used

    def n_free_blocks(self):
        return _core._pinned_pool_stats()[2]

    def free_all_blocks(self):
        _core._pinned_pool_free_all()

    def malloc(self, size):
        """`size` bytes of pinned host memory from the pool, as a
        PinnedMemoryPointer (cunum.cuda.pinned_memory)."""
        from .pinned_memory import PinnedMemory, PinnedMemoryPointer
        return PinnedMemoryPointer(PinnedMemory(size, pooled=True))


_pools = {}
_async_pools = {}
_pinned_pool = PinnedMemoryPool()


def get_default_memory_pool():
    """The caching pool of the current CUDA device."""
    dev = _core._current_cuda_device()
    if dev not in _pools:
        _pools[dev] = MemoryPool(device=dev)
    return _pools[dev]


def get_default_pinned_memory_pool():
    return _pinned_pool


_allocator = None  # the Python object last given to set_allocator (None: the pool)
_tls = threading.local()  # .allocator: the object given to using_allocator in this thread


def _kind_of(allocator):
    if allocator is None:
        return _DIRECT
    owner = getattr(allocator, "__self__", None)
    name = getattr(allocator, "__name__", None)
    if isinstance(owner, MemoryPool) and name == "malloc":
        return _POOL
    if isinstance(owner, MemoryAsyncPool) and name == "malloc":
        return _ASYNC
    if allocator is malloc_managed:
        return _MANAGED
    raise TypeError("cunum.cuda.set_allocator takes None (cudaMalloc per array), MemoryPool().malloc, "
                    "MemoryAsyncPool().malloc or malloc_managed; got " + repr(allocator))


def set_allocator(allocator=None):
    """Where new device arrays get their memory, for every device and thread
    (using_allocator overrides it per thread): None (cudaMalloc/cudaFree per
    array, the pool bypassed), MemoryPool().malloc (the default),
    MemoryAsyncPool().malloc or malloc_managed."""
    global _allocator
    _core._set_allocator(_kind_of(allocator))
    _allocator = allocator


def get_allocator():
    """The calling thread's allocator (a malloc function, or None for cudaMalloc)."""
    if _core._get_thread_allocator() >= 0:
        return _tls.allocator
    if _core._get_allocator() == _POOL and _allocator is None:
        return get_default_memory_pool().malloc
    return _allocator


@contextlib.contextmanager
def using_allocator(allocator=None):
    """Uses `allocator` in the calling thread inside the with block (other
    threads keep theirs), then restores the previous one."""
    kind = _kind_of(allocator)
    prev_kind, prev = _core._get_thread_allocator(), getattr(_tls, "allocator", None)
    _core._set_thread_allocator(kind)
    _tls.allocator = allocator
    try:
        yield
    finally:
        _core._set_thread_allocator(prev_kind)
        _tls.allocator = prev


def record_stream(array, stream):
    """Work on `stream` uses `array`'s memory: once the array is freed, the
    pool does not reuse that memory before the work queued so far on
    `stream` has finished (PyTorch's Tensor.record_stream)."""
    _core._record_stream(array, stream._s)
