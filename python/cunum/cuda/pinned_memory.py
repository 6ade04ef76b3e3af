"""Pinned (page-locked) host memory for the user, as CuPy's
cupy.cuda.pinned_memory: alloc_pinned_memory, set_pinned_memory_allocator,
PinnedMemory, PinnedMemoryPointer (and PinnedMemoryPool.malloc in memory.py).

    buf = cunum.cuda.alloc_pinned_memory(x.nbytes)
    h = numpy.frombuffer(buf, x.dtype, x.size).reshape(x.shape)
    x.get(out=h)                      # device -> pinned host

Blocks come from cunum's pinned pool, the one that stages cunum's own
host<->device copies (src/backend/cuda/pinned_pool.hpp), or from
cudaHostAlloc per block after set_pinned_memory_allocator(None). A block is
returned when its last PinnedMemoryPointer (or NumPy array over it) goes
away; as with CuPy, the program must not drop it while an asynchronous copy
still uses it.

Without a usable CUDA device (the CPU backend), alloc_pinned_memory gives
ordinary (pageable) host memory of the same size, `PinnedMemory.pinned`
False, so a program that stages its own copies runs there unchanged.
"""
import ctypes

from .. import _core


def _cuda_usable():
    return _core._cuda_device_count() > 0 and _core._device_available(_core.Device("cuda:0"))


class PinnedMemory:
    """One block of host memory: `ptr`, `size`, and `pinned` (False for the
    pageable stand-in without a GPU). Freed when the object goes away."""

    __slots__ = ("ptr", "size", "pinned", "_pooled", "_host", "__weakref__")

    def __init__(self, size, pooled=True):
        self.ptr = 0
        self.size = int(size)
        if self.size < 0:
            raise ValueError(f"negative size: {self.size}")
        self._pooled = pooled
        self._host = None
        self.pinned = _cuda_usable()
        if self.size == 0:
            self.ptr = 0
        elif self.pinned:
            self.ptr = _core._pinned_malloc(self.size, pooled)
        else:
            import numpy
            self._host = numpy.empty(self.size, numpy.uint8)
            self.ptr = self._host.ctypes.data

    def __int__(self):
        return self.ptr

    def __del__(self):
        if getattr(self, "ptr", 0) and self.pinned:
            _core._pinned_free(self.ptr, self._pooled)
        self.ptr = 0


class PinnedMemoryPointer:
    """A pointer into a PinnedMemory block (CuPy's class): `mem`, `ptr`,
    `size` (bytes from ptr to the block's end); supports `+`/`-` of byte
    offsets and the buffer protocol through `numpy.frombuffer(p, dtype,
    count)`."""

    __slots__ = ("mem", "ptr", "_offset", "_buf")

    def __init__(self, mem, offset=0):
        offset = int(offset)
        if not 0 <= offset <= mem.size:
            raise ValueError(f"offset {offset} outside a block of {mem.size} bytes")
        self.mem = mem
        self._offset = offset
        self.ptr = mem.ptr + offset if mem.ptr else 0
        self._buf = None

    @property
    def size(self):
        return self.mem.size - self._offset

    def __int__(self):
        return self.ptr

    def __add__(self, offset):
        return PinnedMemoryPointer(self.mem, self._offset + int(offset))

    def __sub__(self, offset):
        return PinnedMemoryPointer(self.mem, self._offset - int(offset))

    __iadd__ = __add__
    __isub__ = __sub__

    def _buffer(self):
        """A ctypes array over [ptr, ptr + size) that keeps the block alive:
        what numpy.frombuffer reads."""
        if self._buf is None:
            n = self.size
            buf = (ctypes.c_char * n).from_address(self.ptr) if n else (ctypes.c_char * 0)()
            buf._owner = self.mem
            self._buf = buf
        return self._buf

    def __buffer__(self, flags):  # Python 3.12+: the buffer protocol (PEP 688)
        return memoryview(self._buffer())

    def __repr__(self):
        return f"<PinnedMemoryPointer {self.ptr:#x} ({self.size} bytes{'' if self.mem.pinned else ', pageable'})>"


def _pool_malloc(size):
    return PinnedMemoryPointer(PinnedMemory(size, pooled=True))


def _direct_malloc(size):
    return PinnedMemoryPointer(PinnedMemory(size, pooled=False))


_allocator = _pool_malloc


def set_pinned_memory_allocator(allocator=None):
    """Where alloc_pinned_memory (and cunumx.empty_pinned & co.) get host
    memory: None (cudaHostAlloc/cudaFreeHost per block, no pool), a pinned
    pool's `malloc` (the default: cunum.cuda.PinnedMemoryPool().malloc), or
    any callable that takes a size in bytes and returns a
    PinnedMemoryPointer. cunum's own staging copies keep using its pool."""
    global _allocator
    if allocator is None:
        _allocator = _direct_malloc
    elif callable(allocator):
        _allocator = allocator
    else:
        raise TypeError(f"allocator must be callable or None, not {type(allocator).__name__}")


def get_pinned_memory_allocator():
    return _allocator


def alloc_pinned_memory(size):
    """`size` bytes of pinned host memory from the current pinned allocator,
    as a PinnedMemoryPointer (pageable memory without a usable GPU)."""
    size = int(size)
    if size < 0:
        raise ValueError(f"negative size: {size}")
    return _allocator(size)


def _frombuffer(ptr, dtype, count):
    """numpy.frombuffer(ptr, dtype, count) also before Python 3.12 (no
    __buffer__ there): a NumPy array that keeps the memory alive."""
    import numpy
    return numpy.frombuffer(ptr._buffer(), dtype, count)
