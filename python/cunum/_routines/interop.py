"""Interchange with other libraries without a copy (docs/interop.md): DLPack
both ways (ndarray.__dlpack__, __dlpack_device__, from_dlpack), arrays of
other libraries through __cuda_array_interface__, and ndarray.data.

The C++ side (cunum/interop.hpp, python/src/bind_interop.cpp) makes and reads
the capsules; this module holds the protocol: versions, copy= and dl_device=,
and the stream handshake.

Note [DLPack stream handshake]
A CUDA array's producer may still be writing it on its own stream when a
consumer asks for it. The DLPack standard has the consumer pass the stream it
will use (`stream=`: None or 1 the legacy default stream, 2 the per-thread
default stream, any other integer a cudaStream_t, -1 "do not synchronise",
0 refused as ambiguous), and the producer make that stream wait for the
producer's pending work: cunum records an event on its current stream of the
array's device and has the consumer's stream wait on it. Nothing blocks the
host. The same holds the other way: cunum.from_dlpack passes its own current
stream. __cuda_array_interface__ (v3) names the producer's stream instead,
and cunum's current stream waits on an event recorded there.
"""
from .. import _core

ndarray = _core.ndarray

# DLDeviceType values (the DLPack standard).
kDLCPU = 1
kDLCUDA = 2
kDLCUDAHost = 3
kDLCUDAManaged = 13
_MAX_VERSION = (1, 1)


def _dl_device_of(device):
    """(device_type, device_id) of a cunum Device."""
    return (kDLCPU, 0) if device.kind == "cpu" else (kDLCUDA, device.id)


def _device_from_dl(dl_device, err=BufferError):
    """The cunum Device of a DLPack (device_type, device_id)."""
    try:
        kind, dev_id = (int(v) for v in dl_device)
    except (TypeError, ValueError):
        raise TypeError(f"dl_device must be a (device_type, device_id) pair, got {dl_device!r}") from None
    # A device that does not exist is the consumer's error: NumPy's BufferError
    # for a CPU device id other than 0, the same for a CUDA device cunum cannot use.
    if kind in (kDLCPU, kDLCUDAHost):
        if dev_id != 0:
            raise err(f"unsupported device requested: there is one CPU device (id 0), not {dev_id}")
        return _core.Device("cpu")
    if kind == kDLCUDA:
        if not 0 <= dev_id < _core._cuda_device_count() or not _core._device_available(
                _core.Device(f"cuda:{dev_id}")):
            raise err(f"unsupported device requested: CUDA device {dev_id} is not available")
        return _core.Device(f"cuda:{dev_id}")
    raise err(f"cunum has no device of DLPack device type {kind} (it reads kDLCPU=1, kDLCUDA=2, "
              "kDLCUDAHost=3)")


# -- the stream handshake (Note [DLPack stream handshake]) ------------------

def _stream_of(ptr, device_id):
    """A cunum.cuda.Stream for a DLPack/CAI stream integer (not None, 0, -1)."""
    from ..cuda import stream as st
    if ptr == 1:
        return st._wrap(_core._stream_null(device_id))
    if ptr == 2:
        return st._wrap(_core._stream_ptds(device_id))
    return st.ExternalStream(ptr, device_id)


def _wait(waiter, signaller, device_id):
    """Work queued on `waiter` from now on waits for what `signaller` holds now."""
    from ..cuda import stream as st
    ev = st.Event.__new__(st.Event)
    ev._e = _core._Event(False, True, False, device_id)
    signaller.record(ev)
    waiter.wait_event(ev)


def _check_stream(stream):
    if stream is None or stream == -1:
        return
    if not isinstance(stream, int) or isinstance(stream, bool):
        raise TypeError(f"stream must be None or an int, got {type(stream).__name__}")
    if stream == 0:
        raise ValueError("stream=0 is ambiguous (DLPack): pass 1 for the legacy default stream, "
                         "2 for the per-thread default stream")


def _producer_handshake(device, stream):
    """Makes the consumer's `stream` wait for the work queued so far on
    cunum's current stream of `device` (a CUDA device)."""
    if stream == -1:
        return
    from ..cuda import stream as st
    ours = st.get_current_stream(device.id)
    consumer = 1 if stream is None else stream
    if (ours.ptr or 1) == consumer:
        return
    _wait(_stream_of(consumer, device.id), ours, device.id)


# -- export ----------------------------------------------------------------

def _dlpack_slow(self, stream, max_version, dl_device, copy):
    """ndarray.__dlpack__(*, stream=None, max_version=None, dl_device=None,
    copy=None), a C++ method (`_core._dlpack_method`), takes its common case
    itself (Note [DLPack fast paths]) and every other call here.

    A versioned capsule ("dltensor_versioned") when the consumer's
    `max_version` is (1, x) or later, else a legacy one ("dltensor").
    `dl_device` other than the array's device copies (a BufferError with
    copy=False); copy=True always copies (the IS_COPIED flag is set). On a
    CUDA array, `stream` is the consumer's stream: it is made to wait for
    cunum's pending work on the array (Note [DLPack stream handshake])."""
    _check_stream(stream)
    dev = self.device
    on_cpu = dev.kind == "cpu"
    if on_cpu and stream not in (None, -1):
        raise BufferError("stream must be None for an array on the CPU (DLPack)")
    src, copied = self, False
    if dl_device is not None:
        target = _device_from_dl(dl_device)
        if target != dev:
            if copy is False:
                raise BufferError(f"exporting to {target} needs a copy of an array on {dev}, and copy=False")
            src, copied = self.to_device(target), True
    if copy and not copied:
        src, copied = self.copy(), True
    isz = src.itemsize
    if any(s % isz for s in src.strides):
        raise BufferError(f"strides {src.strides} are not multiples of the itemsize {isz}: DLPack counts "
                          "strides in elements")
    if not on_cpu:
        _producer_handshake(dev, stream)
    versioned = max_version is not None and int(max_version[0]) >= 1
    return _core._to_dlpack(src, versioned, False, copied)



# -- import ----------------------------------------------------------------

def _is_capsule(x):
    return type(x).__name__ == "PyCapsule"


def _consumer_stream(dl_type, dev_id):
    """The stream cunum passes to a CUDA producer: its current stream there."""
    if dl_type != kDLCUDA:
        return None
    from ..cuda import stream as st
    ptr = st.get_current_stream(dev_id).ptr
    return ptr if ptr else 1


def _import_capsule(cap, copy=None):
    try:
        return _core._from_dlpack_capsule(cap, copy is not False)
    except ValueError as e:
        raise BufferError(str(e)) from None


# cunum.from_dlpack(x, /, *, device=None, copy=None) is a C++ function that
# takes the common call itself (Note [DLPack fast paths]) and hands every
# other one to _from_dlpack_slow: no copy unless `device` differs from where
# `x` lives or copy=True (copy=False then raises BufferError); the result
# keeps the producer's memory alive; a CUDA producer is passed cunum's current
# stream, which it makes wait for its pending work (Note [DLPack stream
# handshake]).
from_dlpack = _core.from_dlpack


def _from_dlpack_slow(x, device, copy):
    """cunum.from_dlpack's calls that the C++ fast path declines."""
    dev = None if device is None else (device if isinstance(device, _core.Device) else _core.Device(device))
    if _is_capsule(x):
        a = _import_capsule(x, copy)
    else:
        if not hasattr(x, "__dlpack__"):
            raise TypeError(f"from_dlpack: {type(x).__name__!r} has no __dlpack__ method")
        dl_type, dev_id = x.__dlpack_device__()
        dl_type, dev_id = int(dl_type), int(dev_id)
        want = None if dev is None else _dl_device_of(dev)
        # A copy to the CPU is complete when __dlpack__ returns: no stream to pass.
        stream = None if want == (kDLCPU, 0) else _consumer_stream(dl_type, dev_id)
        if want == (int(dl_type), dev_id) or (want == (kDLCPU, 0) and dl_type == kDLCUDAHost):
            want = None
        try:
            try:
                cap = x.__dlpack__(stream=stream, max_version=_MAX_VERSION, dl_device=want, copy=copy)
            except BufferError:
                if want is None or copy is False:
                    raise
                # The producer cannot put it on `device` (NumPy cannot reach a GPU):
                # take it where it is, and move it below.
                stream = _consumer_stream(dl_type, dev_id)
                cap = x.__dlpack__(stream=stream, max_version=_MAX_VERSION, copy=copy)
            done = True
        except TypeError:  # a producer of the pre-2023 protocol: no max_version, dl_device, copy
            cap = x.__dlpack__(stream=stream) if stream is not None else x.__dlpack__()
            done = False
        a = _import_capsule(cap, copy)
        if not done and copy:
            a = a.copy()
    if dev is not None and a.device != dev:
        if copy is False:
            raise BufferError(f"moving the array from {a.device} to {dev} needs a copy, and copy=False")
        a = a.to_device(dev)
    return a


# -- __cuda_array_interface__ ----------------------------------------------

def from_cuda_array_interface(obj, cai=None):
    """A cunum array viewing the GPU memory described by obj's
    __cuda_array_interface__ (versions 0-3), keeping `obj` alive. A v3
    `stream` (the producer's) is waited on by cunum's current stream with an
    event (no host block); a `mask` is refused."""
    if cai is None:
        cai = obj.__cuda_array_interface__
    from .._convert import to_numpy_dtype
    version = int(cai.get("version", 0))
    if cai.get("mask") is not None:
        raise ValueError("cunum does not support masked arrays (__cuda_array_interface__ 'mask' is set)")
    shape = tuple(int(s) for s in cai["shape"])
    typestr = cai["typestr"]
    import numpy
    dt = numpy.dtype(typestr)
    if not dt.isnative:
        raise TypeError(f"cunum does not support non-native byte order ({typestr!r})")
    dtype = to_numpy_dtype(dt)
    ptr, _read_only = cai["data"]
    ptr = int(ptr or 0)
    strides = cai.get("strides")
    if strides is not None:
        strides = tuple(int(s) for s in strides)
        if len(strides) != len(shape):
            raise ValueError(f"__cuda_array_interface__: strides {strides} do not match shape {shape}")
    dev_id = _core._pointer_device(ptr) if ptr else -1
    if dev_id < 0:
        if ptr and _core._cuda_device_count() > 0:
            raise ValueError(f"__cuda_array_interface__: {ptr:#x} is not device memory CUDA knows")
        dev_id = _core._default_device().id if _core._default_device().kind == "cuda" else 0
    device = _core.Device(f"cuda:{dev_id}")
    if not _core._device_available(device):
        raise ValueError(f"__cuda_array_interface__: the memory is on {device}, which this process cannot use")
    stream = cai.get("stream") if version >= 3 else None
    if stream is not None:
        stream = int(stream)
        if stream == 0:
            raise ValueError("__cuda_array_interface__: stream 0 is not allowed (ambiguous)")
        from ..cuda import stream as st
        _wait(st.get_current_stream(dev_id), _stream_of(stream, dev_id), dev_id)
    return _core._from_pointer(ptr, shape, strides, dtype, device, obj)


def foreign_array(obj):
    """obj as a cunum array without a copy when it exposes
    __cuda_array_interface__; None otherwise. An exact torch.Tensor on a
    CUDA device takes cunum.from_dlpack's PyTorch path (Note [PyTorch
    producer]): the same view and the same stream ordering as its
    __cuda_array_interface__ (a Python property of ~10 us)."""
    if type(obj).__name__ == "Tensor" and getattr(obj, "is_cuda", False):
        try:
            r = _core._from_torch_fast(obj)
        except Exception:  # e.g. bfloat16: the interface path below says it as before
            r = None
        if r is not None:
            return r
    try:
        cai = obj.__cuda_array_interface__
    except AttributeError:
        return None
    except Exception:  # e.g. a CPU torch tensor raises from the property
        return None
    return from_cuda_array_interface(obj, cai)


# -- ndarray.data ----------------------------------------------------------

class Memory:
    """The allocation an array views (CuPy's BaseMemory): `ptr`, `size`, `device`."""

    __slots__ = ("ptr", "size", "device")

    def __init__(self, ptr, size, device):
        self.ptr, self.size, self.device = ptr, size, device

    @property
    def device_id(self):
        return self.device.id if self.device.kind == "cuda" else -1

    def __int__(self):
        return self.ptr

    def __repr__(self):
        return f"<cunum Memory {self.ptr:#x} ({self.size} bytes on {self.device})>"


class MemoryPointer:
    """x.data: a pointer into an allocation (CuPy's MemoryPointer). `ptr` is
    the address of the array's first element (a host address on the CPU),
    `mem` the allocation, `size` the bytes from `ptr` to its end."""

    __slots__ = ("ptr", "mem", "_array")

    def __init__(self, array):
        base, nbytes = _core._storage_span(array)
        self.ptr = array._data_ptr
        self.mem = Memory(base, nbytes, array.device)
        self._array = array  # keeps the memory alive while the pointer is held

    @property
    def device(self):
        return self.mem.device

    @property
    def device_id(self):
        return self.mem.device_id

    @property
    def size(self):
        return self.mem.size - (self.ptr - self.mem.ptr)

    def __int__(self):
        return self.ptr

    def __repr__(self):
        return f"<cunum MemoryPointer {self.ptr:#x} on {self.mem.device}>"
