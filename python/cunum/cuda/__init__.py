"""cunum.cuda: CUDA devices, streams, events and memory (CuPy's cupy.cuda)."""
from .. import _core
from . import compiler, device, memory, runtime, stream
from .device import Device
from .memory import (MemoryAsyncPool, MemoryPointer, MemoryPool, OutOfMemoryError, PinnedMemoryPool,
                     get_allocator, get_default_memory_pool, get_default_pinned_memory_pool,
                     malloc_managed, record_stream, set_allocator, using_allocator)
from .stream import Event, ExternalStream, Stream, get_current_stream, get_elapsed_time
from . import pinned_memory
from .pinned_memory import (PinnedMemory, PinnedMemoryPointer, alloc_pinned_memory,
                            get_pinned_memory_allocator, set_pinned_memory_allocator)


def is_available():
    """True when cunum can run arrays on a CUDA device in this process."""
    return _core._cuda_device_count() > 0 and _core._device_available(_core.Device("cuda:0"))


def get_local_runtime_version():
    """CuPy's cuda.get_local_runtime_version: the CUDA runtime's version
    (13000 for 13.0), as runtime.runtimeGetVersion reports it."""
    return runtime.runtimeGetVersion()
