"""cupyx.allow_synchronize and cupyx.DeviceSynchronized (Note [Synchronization
detection] in include/cunum/sync_detect.hpp)."""
import contextlib

from cunum import _core

DeviceSynchronized = _core.DeviceSynchronized


@contextlib.contextmanager
def allow_synchronize(allow):
    """Allows or disallows, in the current thread, host waits for the device
    for the duration of the block (CuPy's cupyx.allow_synchronize). A wait
    that is disallowed raises DeviceSynchronized before it starts: a copy to
    the host (get(), asnumpy, item(), printing), synchronize(),
    Stream/Event.synchronize, and the routines whose output size lives on the
    device (nonzero). The CPU backend checks at the same places, so that a
    program behaves the same on both backends. As in CuPy, detection has
    false negatives: waits outside cunum are not seen."""
    before = _core._set_synchronize_allowed(bool(allow))
    try:
        yield
    finally:
        _core._set_synchronize_allowed(before)
