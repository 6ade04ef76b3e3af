"""A few CUDA runtime queries under CuPy's names."""
from .. import _core


def getDeviceCount():
    """Number of CUDA devices the runtime sees (0 without a driver or GPU)."""
    return _core._cuda_device_count()


def memGetInfo():
    """(free, total) bytes of the current CUDA device."""
    return _core._mem_get_info()


def getDevice():
    """The current thread's CUDA device id."""
    d = _core._default_device()
    return 0 if str(d) == "cpu" else d.id


def deviceSynchronize():
    """Waits for all work cunum queued on the current CUDA device."""
    from .device import Device
    _core._synchronize(Device())
