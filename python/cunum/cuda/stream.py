"""cunum.cuda.Stream, ExternalStream and Event (CuPy's API).

Every kernel, copy and allocation cunum issues for a device goes on the
calling thread's current stream of that device: the legacy default stream
until ``with stream:`` or ``stream.use()`` changes it.
"""
import threading
import weakref

from .. import _core

_tls = threading.local()
# The Python object of each live stream, so that get_current_stream() returns
# the object the user made current.
_wrappers = weakref.WeakValueDictionary()


def _wrap(s):
    key = (s.device_id, s.ptr)
    obj = _wrappers.get(key)
    if obj is None or obj._s.ptr != s.ptr:
        obj = Stream.__new__(Stream)
        obj._s = s
        _wrappers[key] = obj
    return obj


class _ClassStream:
    """Stream.null / Stream.ptds: the stream of the current device."""

    def __init__(self, make):
        self._make = make

    def __get__(self, obj, cls):
        return _wrap(self._make(-1))


class Stream:
    """A CUDA stream: ``Stream()`` creates one (destroyed once no longer used);
    ``Stream.null`` is the legacy default stream and ``Stream.ptds`` the
    per-thread default stream of the current device."""

    null = _ClassStream(_core._stream_null)
    ptds = _ClassStream(_core._stream_ptds)

    def __init__(self, null=False, non_blocking=False, ptds=False, priority=None):
        if null and ptds:
            raise ValueError("a stream cannot be both null and ptds")
        if null:
            self._s = _core._stream_null(-1)
        elif ptds:
            self._s = _core._stream_ptds(-1)
        else:
            self._s = _core._stream_new(bool(non_blocking), int(priority or 0), -1)
        _wrappers[(self._s.device_id, self._s.ptr)] = self

    @property
    def ptr(self):
        """The cudaStream_t as an int (0 for the legacy default stream)."""
        return self._s.ptr

    @property
    def device_id(self):
        return self._s.device_id

    @property
    def done(self):
        """True when all work queued on the stream has finished."""
        return self._s.done

    def query(self):
        """True when all work queued on the stream has finished (PyTorch's name)."""
        return self._s.done

    def synchronize(self):
        """Waits for all work queued on the stream."""
        self._s.synchronize()

    def record(self, event=None):
        """Records `event` (a new Event when None) on the stream; returns it."""
        if event is None:
            event = Event.__new__(Event)
            event._e = _core._Event(False, False, False, self._s.device_id)
        self._s.record(event._e)
        return event

    def wait_event(self, event):
        """Work queued on the stream from now on waits for `event`."""
        self._s.wait_event(event._e)

    def use(self):
        """Makes this the current stream of its device for the calling thread."""
        _core._set_current_stream(self._s)
        return self

    def __enter__(self):
        stack = getattr(_tls, "stack", None)
        if stack is None:
            stack = _tls.stack = []
        stack.append(_core._current_stream(self._s.device_id))
        _core._set_current_stream(self._s)
        return self

    def __exit__(self, *exc):
        _core._set_current_stream(_tls.stack.pop())
        return False

    def __eq__(self, other):
        return isinstance(other, Stream) and (self.ptr, self.device_id) == (other.ptr, other.device_id)

    def __hash__(self):
        return hash((self.ptr, self.device_id))

    def __repr__(self):
        return f"<{type(self).__name__} {self.ptr:#x} (device {self.device_id})>"


class ExternalStream(Stream):
    """A stream created outside cunum (another library's cudaStream_t);
    cunum uses it but never destroys it."""

    def __init__(self, ptr, device_id=-1):
        self._s = _core._stream_external(int(ptr), int(device_id))
        _wrappers[(self._s.device_id, self._s.ptr)] = self


def get_current_stream(device_id=-1):
    """The calling thread's current stream of the device (current device when -1)."""
    return _wrap(_core._current_stream(int(device_id)))


class Event:
    """A CUDA event: record it on a stream, wait for it, time between two."""

    def __init__(self, block=False, disable_timing=False, interprocess=False):
        self._e = _core._Event(bool(block), bool(disable_timing), bool(interprocess), -1)

    @property
    def ptr(self):
        return self._e.ptr

    @property
    def device_id(self):
        return self._e.device_id

    @property
    def done(self):
        """True when the work before the last record() has finished."""
        return self._e.done

    def query(self):
        """True when the work before the last record() has finished (never blocks)."""
        return self._e.done

    def record(self, stream=None):
        """Records the event on `stream` (the current stream when None)."""
        if stream is None:
            stream = get_current_stream(self._e.device_id)
        self._e.record(stream._s)

    def synchronize(self):
        """Waits until the event has completed."""
        self._e.synchronize()

    def elapsed_time(self, end_event):
        """Milliseconds from this event to `end_event` (PyTorch's spelling)."""
        return get_elapsed_time(self, end_event)

    def __repr__(self):
        return f"<Event {self.ptr:#x} (device {self.device_id})>"


def get_elapsed_time(start_event, end_event):
    """Milliseconds between two recorded events (waits for `end_event`)."""
    return _core._elapsed_time(start_event._e, end_event._e)
