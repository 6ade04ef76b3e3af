"""cunum.Device: where arrays live. Also a context manager that makes new
arrays land on that device (like cupy.cuda.Device)."""
from . import _core

Device = _core.Device


def _enter(self):
    prev = _core._device_override()
    _saved.append(prev)
    _core._set_device_override(self)
    return self


def _exit(self, *exc):
    _core._set_device_override(_saved.pop())
    return False


def _use(self):
    """Makes this device the current thread's default."""
    _core._set_device_override(self)


_saved = []
Device.__enter__ = _enter
Device.__exit__ = _exit
Device.use = _use


def get_default_device():
    return _core._default_device()
