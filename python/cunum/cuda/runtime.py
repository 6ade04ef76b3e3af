"""A few CUDA runtime queries under CuPy's names."""
from .. import _core

# CuPy's flag for a ROCm build; cunum runs on NVIDIA's CUDA only.
is_hip = False


def runtimeGetVersion():
    """The CUDA runtime's version as CUDA writes it (13000 for 13.0); the
    toolkit cunum was built with where no runtime library is loaded."""
    build, runtime, _driver, _nvrtc = _core._cuda_versions()
    return runtime or build


def driverGetVersion():
    """The newest CUDA version the installed driver supports (13000 for
    13.0); 0 on a machine without an NVIDIA driver (CuPy raises there)."""
    return _core._cuda_versions()[2]


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
