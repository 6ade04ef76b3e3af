"""cunum.Device: where arrays live. Also a context manager that makes new
arrays land on that device (like cupy.cuda.Device)."""
import threading

from . import _core

Device = _core.Device
# The override is per thread (C++ side), so is the stack of the ones that
# `with` replaced: two threads inside `with Device(...)` blocks of different
# devices each get their own back.
_tls = threading.local()


def _saved():
    stack = getattr(_tls, "stack", None)
    if stack is None:
        stack = _tls.stack = []
    return stack


def _enter(self):
    _saved().append(_core._device_override())
    _core._set_device_override(self)
    return self


def _exit(self, *exc):
    _core._set_device_override(_saved().pop())
    return False


def _use(self):
    """Makes this device the current thread's default."""
    _core._set_device_override(self)


Device.__enter__ = _enter
Device.__exit__ = _exit
Device.use = _use


def get_default_device():
    return _core._default_device()
