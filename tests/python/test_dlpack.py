"""DLPack both ways, __cuda_array_interface__ and ndarray.data, against NumPy
(and PyTorch / CuPy on a GPU when they are installed): zero copy checked by
pointer, every dtype, malformed capsules refused with clear errors."""
import ctypes
import gc
import weakref

import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, assert_same, dtype_params, needs_numpy

# NumPy 2.1's DLPack 1.0: from_dlpack(device=, copy=), __dlpack__(max_version=,
# dl_device=, copy=), read-only arrays exported with their flag
DLPACK_1 = needs_numpy((2, 1), "NumPy speaks DLPack 1.0 (copy=, device=, max_version=, the read-only flag)")

pytestmark = pytest.mark.skipif(getattr(cn, "__numpy_shim__", False), reason="cunum's own protocols")


def _host_ptr(a):
    return a.__array_interface__["data"][0]


def _capsule_name(cap):
    f = ctypes.pythonapi.PyCapsule_GetName
    f.restype, f.argtypes = ctypes.c_char_p, [ctypes.py_object]
    return f(cap).decode()


def _sample(dtype, shape=(3, 4)):
    a = numpy.arange(int(numpy.prod(shape))).reshape(shape) % 7
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * (a % 3)
    return a.astype(dtype)


# -- NumPy consumes cunum ---------------------------------------------------

@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_numpy_from_cunum_shares_memory(dtype):
    x = cn.asarray(_sample(dtype), device="cpu")
    y = numpy.from_dlpack(x)
    assert y.dtype == dtype and y.shape == x.shape
    assert _host_ptr(y) == x.data.ptr
    numpy.testing.assert_array_equal(y, _sample(dtype))
    x[0, 0] = 1  # a view: the write shows through
    assert y[0, 0] == numpy.asarray(1).astype(dtype)


@pytest.mark.parametrize("view", ["T", "step", "neg", "zero_d", "empty"])
def test_numpy_from_cunum_views(view):
    base = _sample("float32", (4, 6))
    pick = {"T": lambda a: a.T, "step": lambda a: a[::2, 1::3], "neg": lambda a: a[::-1, ::-2],
            "zero_d": lambda a: a[1, 2], "empty": lambda a: a[:0]}[view]
    x = pick(cn.asarray(base, device="cpu"))
    y = numpy.from_dlpack(x)
    numpy.testing.assert_array_equal(y, pick(base))
    if x.size:
        assert _host_ptr(y) == x.data.ptr
        assert y.strides == x.strides


def test_numpy_keeps_the_cunum_array_alive():
    x = cn.arange(1000, dtype="int64", device="cpu")
    y = numpy.from_dlpack(x)
    del x
    gc.collect()
    cn.zeros(1000, dtype="int64", device="cpu")  # would reuse freed memory
    numpy.testing.assert_array_equal(y, numpy.arange(1000))


@DLPACK_1
def test_numpy_from_dlpack_to_the_cpu_copies_from_any_device(device):
    x = cn.arange(12.0).reshape(3, 4)
    y = numpy.from_dlpack(x, device="cpu")
    numpy.testing.assert_array_equal(y, numpy.arange(12.0).reshape(3, 4))
    if device != "cpu":
        with pytest.raises(BufferError):
            numpy.from_dlpack(x, device="cpu", copy=False)


# -- cunum consumes NumPy ---------------------------------------------------

@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_cunum_from_numpy_shares_memory(dtype):
    a = _sample(dtype)
    x = cn.from_dlpack(a)
    assert isinstance(x, cn.ndarray) and str(x.device) == "cpu"
    assert x.data.ptr == _host_ptr(a)
    assert_same(a, x)
    a[1, 1] = 0
    assert_same(a, x)


def test_cunum_from_numpy_strided_and_negative():
    a = _sample("int16", (5, 6))
    for v in (a.T, a[::2, ::-1], a[:, 3], a[::-1]):
        x = cn.from_dlpack(v)
        assert x.data.ptr == _host_ptr(v)
        assert x.strides == v.strides
        assert_same(v, x)
        assert_same(v * 2, x * 2)  # usable by the engine


def test_cunum_keeps_the_numpy_array_alive():
    a = numpy.arange(10.0)
    ref = weakref.ref(a)
    x = cn.from_dlpack(a)
    v = x[2:]
    del a, x
    gc.collect()
    assert ref() is not None  # v still views it
    assert_same(numpy.arange(2.0, 10.0), v)
    del v
    gc.collect()
    assert ref() is None


def test_from_dlpack_copy_and_device():
    a = numpy.arange(6.0)
    c = cn.from_dlpack(a, copy=True)
    assert c.data.ptr != _host_ptr(a)
    assert_same(a, c)
    s = cn.from_dlpack(a, copy=False, device="cpu")
    assert s.data.ptr == _host_ptr(a)
    with pytest.raises(TypeError, match="__dlpack__"):
        cn.from_dlpack([1, 2, 3])


def test_from_dlpack_to_another_device(device):
    a = numpy.arange(6.0)
    x = cn.from_dlpack(a, device=device)
    assert str(x.device).startswith(device)
    assert_same(a, x)
    if device != "cpu":
        with pytest.raises(BufferError):
            cn.from_dlpack(a, device=device, copy=False)


# -- cunum's own producer and consumer ---------------------------------------

@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_round_trip_on_each_device(device, dtype):
    x = cn.asarray(_sample(dtype))[:, ::-1]
    y = cn.from_dlpack(x)
    assert y.data.ptr == x.data.ptr and y.device == x.device and y.strides == x.strides
    assert_same(_sample(dtype)[:, ::-1], y)


def test_dlpack_device(device):
    x = cn.zeros(3)
    kind, idx = x.__dlpack_device__()
    if device == "cpu":
        assert (kind, idx) == (1, 0)
    else:
        assert (kind, idx) == (2, x.device.id)


def test_capsule_versions_and_bare_capsules():
    x = cn.arange(4.0, device="cpu")
    legacy = x.__dlpack__()
    assert _capsule_name(legacy) == "dltensor"
    versioned = x.__dlpack__(max_version=(1, 0))
    assert _capsule_name(versioned) == "dltensor_versioned"
    assert _capsule_name(x.__dlpack__(max_version=(0, 8))) == "dltensor"
    for cap in (legacy, versioned):  # CuPy accepts a capsule itself
        y = cn.from_dlpack(cap)
        assert y.data.ptr == x.data.ptr
        assert _capsule_name(cap).startswith("used_")
        with pytest.raises(BufferError, match="already consumed"):
            cn.from_dlpack(cap)
    del legacy, versioned  # an unconsumed capsule frees its tensor itself
    x.__dlpack__(max_version=(1, 0))
    gc.collect()


@DLPACK_1
def test_dlpack_copy_and_dl_device_arguments():
    x = cn.arange(4.0, device="cpu")
    c = numpy.from_dlpack(x, copy=True)
    assert _host_ptr(c) != x.data.ptr
    numpy.testing.assert_array_equal(c, numpy.arange(4.0))
    same = cn.from_dlpack(x.__dlpack__(max_version=(1, 0), dl_device=(1, 0), copy=False))
    assert same.data.ptr == x.data.ptr
    with pytest.raises(BufferError, match="device type 7"):
        x.__dlpack__(max_version=(1, 0), dl_device=(7, 0))
    # a device that does not exist: NumPy's BufferError (there is one CPU, id 0)
    for dl in ((1, 2**30), (1, 1), (2, 2**30)):
        if dl[0] == 1:
            with pytest.raises(BufferError):
                numpy.ones(3).__dlpack__(dl_device=dl)
        with pytest.raises(BufferError):
            x.__dlpack__(max_version=(1, 0), dl_device=dl)
    with pytest.raises(BufferError, match="stream must be None"):
        x.__dlpack__(stream=1)
    with pytest.raises(ValueError, match="ambiguous"):
        x.__dlpack__(stream=0)


# -- malformed capsules -----------------------------------------------------

class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


def _hand_made_capsule(keep, name=b"dltensor", code=2, bits=64, lanes=1, device_type=1, ndim=1):
    buf = (ctypes.c_double * 4)(1, 2, 3, 4)
    shape = (ctypes.c_int64 * 1)(4)
    t = _DLManagedTensor()
    t.dl_tensor = _DLTensor(ctypes.cast(buf, ctypes.c_void_p), _DLDevice(device_type, 0), ndim,
                            _DLDataType(code, bits, lanes), shape, None, 0)
    keep.extend([buf, shape, t, name])  # no deleter: the test owns the memory
    new = ctypes.pythonapi.PyCapsule_New
    new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    return new(ctypes.addressof(t), name, None)


def test_hand_made_capsules():
    keep = []
    x = cn.from_dlpack(_hand_made_capsule(keep))
    assert_same(numpy.array([1.0, 2, 3, 4]), x)
    for kwargs, match in [({"code": 4, "bits": 16}, "bfloat16"), ({"lanes": 2}, "lanes"),
                          ({"code": 2, "bits": 8}, "unsupported DLPack dtype"),
                          ({"code": 9}, "unsupported DLPack dtype"),
                          ({"device_type": 7}, "device type 7"), ({"ndim": -1}, "negative ndim"),
                          ({"name": b"something"}, "not a DLPack tensor")]:
        with pytest.raises(BufferError, match=match):
            cn.from_dlpack(_hand_made_capsule(keep, **kwargs))
    with pytest.raises(BufferError, match="cannot use|unsupported"):
        cn.from_dlpack(_hand_made_capsule(keep, device_type=2)) if not cn.cuda.is_available() else \
            cn.from_dlpack(_hand_made_capsule(keep, device_type=10))
    del x
    gc.collect()


# -- ndarray.data and __array_priority__ ------------------------------------

def test_data_memory_pointer(device):
    x = cn.arange(10, dtype="int32")
    v = x[3:]
    assert v.data.ptr == x.data.ptr + 12
    assert v.data.mem.ptr == x.data.mem.ptr
    assert v.data.mem.size >= 40 and v.data.size == v.data.mem.size - 12
    assert v.data.device == x.device
    assert int(v.data) == v.data.ptr
    if device == "cpu":
        assert x.data.ptr == _host_ptr(numpy.from_dlpack(x))
    assert cn.ndarray.__array_priority__ > 0


# -- __cuda_array_interface__ -----------------------------------------------

class _CAI:
    """A stand-in producer: another library's array, by its interface alone."""

    def __init__(self, iface, owner=None):
        self.__cuda_array_interface__ = iface
        self.owner = owner


@pytest.mark.skipif(cn.cuda.is_available(), reason="checks the refusal on a machine without a GPU")
def test_cai_without_a_gpu_is_a_clear_error():
    with pytest.raises(ValueError, match="cannot use"):
        cn.asarray(_CAI({"shape": (3,), "typestr": "<f4", "data": (4096, False), "version": 3}))


def _cuda_only(device):
    if device == "cpu":
        pytest.skip("__cuda_array_interface__ describes GPU memory")


@pytest.mark.parametrize("version", [0, 1, 2, 3])
def test_cai_import_is_zero_copy(device, version):
    _cuda_only(device)
    x = cn.arange(12.0).reshape(3, 4)[:, ::2]
    iface = dict(x.__cuda_array_interface__)
    iface["version"] = version
    iface["strides"] = x.strides
    if version < 3:
        iface.pop("stream")
    y = cn.asarray(_CAI(iface, x))
    assert y.data.ptr == x.data.ptr and y.strides == x.strides
    assert_same(numpy.arange(12.0).reshape(3, 4)[:, ::2], y)
    z = cn.array(_CAI(iface, x))  # array() copies
    assert z.data.ptr != x.data.ptr
    assert_same(numpy.arange(12.0).reshape(3, 4)[:, ::2], z)


def test_cai_stream_and_mask(device):
    _cuda_only(device)
    x = cn.ones(5, dtype="int32")
    s = cn.cuda.Stream(non_blocking=True)
    with s:
        x += 1
        iface = x.__cuda_array_interface__
    assert iface["stream"] == s.ptr
    y = cn.asarray(_CAI(iface, x))  # cunum's current stream now waits on s
    assert_same(numpy.full(5, 2, dtype="int32"), y + 0)
    with pytest.raises(ValueError, match="mask"):
        cn.asarray(_CAI(dict(iface, mask=object()), x))
    with pytest.raises(ValueError, match="stream 0"):
        cn.asarray(_CAI(dict(iface, stream=0), x))


def test_cuda_stream_handshake_on_export(device):
    _cuda_only(device)
    x = cn.arange(1 << 20, dtype="float32")
    s = cn.cuda.Stream(non_blocking=True)
    cap = x.__dlpack__(stream=s.ptr, max_version=(1, 0))  # s waits on cunum's current stream
    with s:
        y = cn.from_dlpack(cap) * 2
    s.synchronize()
    assert_same(numpy.arange(1 << 20, dtype="float32") * 2, y)
    x.__dlpack__(stream=-1)  # no synchronisation asked for
    with pytest.raises(ValueError, match="ambiguous"):
        x.__dlpack__(stream=0)


# -- PyTorch and CuPy, where installed ---------------------------------------

def test_torch_both_ways(device):
    torch = pytest.importorskip("torch")
    if device != "cpu" and not torch.cuda.is_available():
        pytest.skip("torch without CUDA")
    x = cn.arange(12, dtype="float32").reshape(3, 4)
    t = torch.from_dlpack(x)
    assert t.data_ptr() == x.data.ptr
    assert t.device.type == ("cpu" if device == "cpu" else "cuda")
    numpy.testing.assert_array_equal(t.cpu().numpy(), numpy.arange(12, dtype="float32").reshape(3, 4))
    src = torch.arange(10, dtype=torch.int64, device="cpu" if device == "cpu" else "cuda")[::2]
    y = cn.from_dlpack(src)
    assert y.data.ptr == src.data_ptr()
    assert_same(numpy.arange(0, 10, 2), y)
    if device != "cpu":
        z = cn.asarray(src)  # through __cuda_array_interface__
        assert z.data.ptr == src.data_ptr()
        assert_same(numpy.arange(0, 10, 2), z)
        bt = torch.ones(3, dtype=torch.bool, device="cuda")
        assert_same(numpy.ones(3, bool), cn.from_dlpack(bt))


def _torch_cuda(device):
    torch = pytest.importorskip("torch")
    if device != "cpu" and not torch.cuda.is_available():
        pytest.skip("torch without CUDA")
    return torch, ("cpu" if device == "cpu" else "cuda")


def test_torch_producer_fast_path(device):
    # Note [PyTorch producer]: an exact torch.Tensor is exported through
    # PyTorch's C functions and cunum makes the stream handshake; every case
    # __dlpack__ would treat differently takes the protocol path.
    torch, where = _torch_cuda(device)
    from cunum import _core
    t = torch.arange(12, dtype=torch.float32, device=where).reshape(3, 4)[:, 1:]
    assert _core._torch_dlpack_fast(t) == all(
        hasattr(torch._C, f) for f in ("_to_dlpack_versioned", "_cuda_getCurrentRawStream",
                                         "_cuda_getDevice", "_has_torch_function_unary"))
    y = cn.from_dlpack(t)
    assert y.data.ptr == t.data_ptr() and y.__dlpack_device__()[0] == (1 if device == "cpu" else 2)
    assert_same(numpy.arange(12, dtype="float32").reshape(3, 4)[:, 1:], y)
    for dt, npdt in [(torch.bool, "bool"), (torch.int8, "int8"), (torch.uint8, "uint8"),
                     (torch.int16, "int16"), (torch.int32, "int32"), (torch.int64, "int64"),
                     (torch.float16, "float16"), (torch.float64, "float64"),
                     (torch.complex64, "complex64"), (torch.complex128, "complex128")]:
        src = torch.ones(5, dtype=dt, device=where)
        assert_same(numpy.ones(5, npdt), cn.from_dlpack(src))
    # What PyTorch refuses to export, it still refuses (its own BufferError).
    with pytest.raises(BufferError, match="require gradient"):
        cn.from_dlpack(torch.ones(3, device=where, requires_grad=True))
    with pytest.raises(BufferError, match="conjugate"):
        cn.from_dlpack(torch.ones(3, dtype=torch.complex64, device=where).conj())
    # A subclass goes through its own __dlpack__.
    class Sub(torch.Tensor):
        pass
    s = torch.arange(4, dtype=torch.int32, device=where).as_subclass(Sub)
    assert not _core._torch_dlpack_fast(s)
    assert_same(numpy.arange(4, dtype="int32"), cn.from_dlpack(s))


def test_torch_producer_stream_handshake(device):
    # PyTorch's work on its own (non-blocking) stream must be done before
    # cunum's stream reads the tensor: cunum makes its stream wait.
    _cuda_only(device)
    torch, _ = _torch_cuda(device)
    n = 1 << 22
    ts = torch.cuda.Stream()
    with torch.cuda.stream(ts):
        t = torch.zeros(n, device="cuda")
        torch.cuda._sleep(20_000_000)  # keeps PyTorch's stream busy for a few ms
        t.fill_(3)
        y = cn.from_dlpack(t)
    assert float((y * 2).min()) == 6.0
    # and onto one of cunum's own streams
    with torch.cuda.stream(ts):
        t2 = torch.zeros(n, device="cuda")
        torch.cuda._sleep(20_000_000)
        t2.fill_(5)
        cs = cn.cuda.Stream(non_blocking=True)
        with cs:
            y2 = cn.from_dlpack(t2)
            m = (y2 + 1).min()
        cs.synchronize()
    assert float(m) == 6.0
    # asarray of a CUDA tensor takes the same path (same view, same ordering)
    with torch.cuda.stream(ts):
        t3 = torch.zeros(n, device="cuda")
        torch.cuda._sleep(20_000_000)
        t3.fill_(7)
        y3 = cn.asarray(t3)
    assert y3.data.ptr == t3.data_ptr()
    assert float((y3 - 1).min()) == 6.0
    ts.synchronize()


def test_cupy_both_ways(device):
    if device == "cpu":
        pytest.skip("CuPy arrays live on a GPU")
    cupy = pytest.importorskip("cupy")
    x = cn.arange(8, dtype="complex64")
    c = cupy.from_dlpack(x)
    assert c.data.ptr == x.data.ptr
    c2 = cupy.asarray(x)  # CuPy reads __cuda_array_interface__
    assert c2.data.ptr == x.data.ptr
    src = cupy.arange(6, dtype="float16").reshape(2, 3).T
    for y in (cn.from_dlpack(src), cn.asarray(src)):
        assert y.data.ptr == src.data.ptr
        assert_same(numpy.arange(6, dtype="float16").reshape(2, 3).T, y)


@DLPACK_1
def test_read_only_producers_are_copied_or_refused():
    a = numpy.arange(5.0)
    a.flags.writeable = False
    x = cn.from_dlpack(a)  # cunum arrays are writeable: NumPy's read-only flag asks for a copy
    assert x.data.ptr != _host_ptr(a)
    assert_same(a, x)
    with pytest.raises(BufferError, match="read-only"):
        cn.from_dlpack(a, copy=False)


class _OldProducer:
    """A producer of the pre-2023 protocol: __dlpack__(stream=None) only."""

    def __init__(self, a):
        self.a = a

    def __dlpack__(self, stream=None):
        return self.a.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self.a.__dlpack_device__()


class _Recorder(_OldProducer):
    def __dlpack__(self, **kwargs):
        self.kwargs = kwargs
        return self.a.__dlpack__(**kwargs)


@DLPACK_1
def test_consumer_protocol():
    a = numpy.arange(6.0)
    old = cn.from_dlpack(_OldProducer(a))
    assert old.data.ptr == _host_ptr(a)
    copied = cn.from_dlpack(_OldProducer(a), copy=True)
    assert copied.data.ptr != _host_ptr(a)
    assert_same(a, copied)
    rec = _Recorder(a)
    cn.from_dlpack(rec)
    assert rec.kwargs == {"stream": None, "max_version": (1, 1), "dl_device": None, "copy": None}
    cn.from_dlpack(rec, device="cpu", copy=False)
    assert rec.kwargs["dl_device"] is None and rec.kwargs["copy"] is False  # already there
    with pytest.raises(TypeError):  # NumPy's signature: from_dlpack(x, /, *, device=None, copy=None)
        cn.from_dlpack(x=a)
    with pytest.raises(TypeError):
        cn.from_dlpack(a, "cpu")
    with pytest.raises(TypeError):
        cn.asarray(a).__dlpack__(None)  # keyword-only


class _CudaRecorder:
    """A CUDA producer (a cunum array underneath) that records what the
    consumer asks for."""

    def __init__(self, a):
        self.a = a

    def __dlpack_device__(self):
        return self.a.__dlpack_device__()

    def __dlpack__(self, **kwargs):
        self.kwargs = kwargs
        return self.a.__dlpack__(**kwargs)


def test_consumer_passes_its_current_stream(device):
    # The fast path reads the current stream's handle (Note [DLPack fast
    # paths]): 1 for the legacy default stream, else the stream's pointer.
    _cuda_only(device)
    x = cn.arange(6, dtype="float32")
    rec = _CudaRecorder(x)
    y = cn.from_dlpack(rec)
    assert rec.kwargs == {"stream": 1, "max_version": (1, 1), "dl_device": None, "copy": None}
    assert y.data.ptr == x.data.ptr
    s = cn.cuda.Stream(non_blocking=True)
    with s:
        y = cn.from_dlpack(rec) + 1
    s.synchronize()
    assert rec.kwargs["stream"] == s.ptr
    assert_same(numpy.arange(1, 7, dtype="float32"), y)
    assert x.__dlpack_device__() == (2, x.device.id)
    assert all(type(v) is int for v in x.__dlpack_device__())


@pytest.mark.parametrize("iface, err, match", [
    ({"shape": (2,), "typestr": ">f4", "data": (0, False), "version": 3}, TypeError, "byte order"),
    ({"shape": (2,), "typestr": "<M8[s]", "data": (0, False), "version": 3}, TypeError, "does not support dtype"),
    ({"shape": (2,), "typestr": "<f4", "data": (0, False), "strides": (4, 4)}, ValueError, "strides"),
    ({"shape": (2,), "typestr": "<f4", "data": (0, False), "mask": 1}, ValueError, "mask"),
])
def test_malformed_cuda_array_interfaces(iface, err, match):
    with pytest.raises(err, match=match):
        cn.asarray(_CAI(iface))


class _CpuOnly(_Recorder):
    """A producer that refuses other devices, as NumPy does (BufferError)."""

    def __dlpack__(self, **kwargs):
        if kwargs.get("dl_device") not in (None, (1, 0)):
            raise BufferError("unsupported device requested")
        return super().__dlpack__(**kwargs)


def test_consumer_moves_what_the_producer_cannot(device):
    a = numpy.arange(6.0)
    x = cn.from_dlpack(_CpuOnly(a), device=device)
    assert str(x.device).startswith(device)
    assert_same(a, x)
    if device != "cpu":
        with pytest.raises(BufferError):
            cn.from_dlpack(_CpuOnly(a), device=device, copy=False)
