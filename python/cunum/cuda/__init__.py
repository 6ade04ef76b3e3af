"""cunum.cuda: CUDA devices (the CuPy-compatible part grows with the CUDA backend)."""
from .. import _core
from . import device, memory, runtime
from .device import Device
from .memory import MemoryPool, OutOfMemoryError, get_default_memory_pool


def is_available():
    """True when cunum can run arrays on a CUDA device in this process."""
    return _core._cuda_device_count() > 0 and _core._device_available(_core.Device("cuda:0"))
