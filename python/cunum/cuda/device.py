"""cunum.cuda.Device: a CUDA device (CuPy's API). It is cunum.Device, so it is
also a context manager that makes new arrays land on that device."""
from .. import _core
from .._device import Device as _Device  # installs __enter__/__exit__/use


def Device(device=None):  # noqa: N802  (CuPy's spelling)
    """cunum.cuda.Device(i): CUDA device i (the current one when None)."""
    if device is None:
        d = _core._default_device()
        return d if str(d) != "cpu" else _core.Device("cuda:0")
    if isinstance(device, _Device):
        return device
    return _core.Device(f"cuda:{int(device)}")


def _synchronize(self):
    """Waits for all work cunum queued on this device."""
    _core._synchronize(self)


_Device.synchronize = _synchronize
_Device.compute_capability = property(lambda self: _core._compute_capability(self))


def get_device_id():
    """CuPy's cupy.cuda.device.get_device_id(): the current CUDA device's id."""
    return Device().id


def get_compute_capability():
    """CuPy's cupy.cuda.device.get_compute_capability(): the current CUDA
    device's compute capability as a string ("90"); ValueError where no CUDA
    device is usable."""
    return Device().compute_capability
