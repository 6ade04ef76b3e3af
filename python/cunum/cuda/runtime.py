"""A few CUDA runtime queries under CuPy's names."""
from .. import _core


def getDeviceCount():
    """Number of CUDA devices the runtime sees (0 without a driver or GPU)."""
    return _core._cuda_device_count()


def memGetInfo():
    """(free, total) bytes of the current CUDA device."""
    return _core._mem_get_info()
