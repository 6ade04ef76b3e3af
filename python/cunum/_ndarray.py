"""cunum.ndarray's methods: every one NumPy has (with NumPy's signatures) and
the Python protocols, attached to the class in _install() below.

Note [ndarray methods in one place]
The type itself is C++: its attributes, indexing and the private helpers the
methods call (python/src/bind_ndarray.cpp), its operators as type slots
(python/src/ndarray_slots.cpp). Every public method is attached here and
nowhere else: no routine module and no binding file sets attributes on the
class (tests/python/test_layers.py checks the sources). A method whose work is
a routine calls the routine's module (cunum/_routines/) or takes the C++
method object its binding file made for speed (the reductions:
_core._reduction_methods, one nanobind call per `x.sum()`). A new method is a
line in _install(), in its chapter's group.
"""
import sys

from . import _core
from ._convert import host_to_device, to_numpy_dtype
from ._routines._args import _order
from ._routines import (array_api, dispatch, indexing, indexing_routines, interop, io, manipulation,
                        mathematical, printing, reductions, sorting, statistics, tiling)

ndarray = _core.ndarray


class Flags:
    """x.flags: the layout flags NumPy users read. Read-only, as NumPy's
    contiguity and ownership flags are (assigning one is its AttributeError);
    cunum arrays are always writeable and aligned."""

    __slots__ = ("_c", "_f", "_own")
    writeable = True
    aligned = True
    writebackifcopy = False
    behaved = True  # aligned and writeable

    def __init__(self, a):
        self._c = a._c_contiguous
        self._f = a._f_contiguous
        self._own = a._owndata

    c_contiguous = property(lambda self: self._c)
    f_contiguous = property(lambda self: self._f)
    owndata = property(lambda self: self._own)
    fnc = property(lambda self: self._f and not self._c)
    forc = property(lambda self: self._f or self._c)
    carray = property(lambda self: self._c)
    # NumPy's farray is true for every behaved array that is not C-contiguous
    farray = property(lambda self: not self._c)

    _KEYS = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "CONTIGUOUS": "c_contiguous",
             "F_CONTIGUOUS": "f_contiguous", "F": "f_contiguous", "FORTRAN": "f_contiguous",
             "OWNDATA": "owndata", "O": "owndata", "WRITEABLE": "writeable", "W": "writeable",
             "ALIGNED": "aligned", "A": "aligned", "WRITEBACKIFCOPY": "writebackifcopy",
             "X": "writebackifcopy", "FNC": "fnc", "FORC": "forc", "BEHAVED": "behaved", "B": "behaved",
             "CARRAY": "carray", "CA": "carray", "FARRAY": "farray", "FA": "farray"}

    def __getitem__(self, key):
        try:
            return getattr(self, self._KEYS[key])
        except KeyError:
            raise KeyError("Unknown flag") from None

    def __repr__(self):
        return (f"  C_CONTIGUOUS : {self.c_contiguous}\n  F_CONTIGUOUS : {self.f_contiguous}\n"
                f"  OWNDATA : {self.owndata}\n  WRITEABLE : True\n  ALIGNED : True\n"
                f"  WRITEBACKIFCOPY : False\n")


def _get(self, stream=None, order="C", out=None, blocking=True):
    """Copies the array to host memory as a numpy.ndarray (CuPy's get()).

    The copy is ordered on `stream` (the current stream when None) and is
    complete when this returns: host memory from NumPy is pageable, for which
    CUDA copies are synchronous anyway, so `blocking=False` changes nothing."""
    import numpy
    if stream is not None and str(self.device) != "cpu":
        with stream:
            return _get(self, None, order, out)
    if out is not None:
        if not isinstance(out, numpy.ndarray):
            raise TypeError("out must be a numpy.ndarray")
        if out.shape != self.shape:
            raise ValueError(f"Shape mismatch: out has shape {out.shape}, array has {self.shape}")
        if out.dtype == self.dtype and out.flags.c_contiguous:
            self._copy_to_buffer(out)
        else:
            out[...] = _get(self, order=order)
        return out
    host = numpy.empty(self.shape, dtype=self.dtype)
    # also when empty: reading back waits for the work that made the array, and
    # that is where its deferred errors surface (Note [Deferred errors])
    self._copy_to_buffer(host)
    if order in ("F", "f"):
        host = numpy.asfortranarray(host)
    return host


def _array(self, dtype=None, copy=None):
    if copy is False:
        raise ValueError("cunum arrays live on a device: converting to NumPy always copies")
    host = _get(self)
    return host if dtype is None else host.astype(dtype, copy=False)


def _repr(self):
    return printing.array_repr(self)


def _str(self):
    return printing.array_str(self)


def _format(self, spec):
    """NumPy's ndarray.__format__: a 0-d array formats as its scalar
    (f"{x:.2f}"); other arrays only with an empty spec (their str)."""
    if self.ndim == 0:
        return format(_get(self)[()], spec)  # NumPy's scalar: float32(0.1) formats as 0.1
    return object.__format__(self, spec)


def _small_host(self):
    """The array on the host if it has at most one element, else a stand-in
    of the same shape class, so NumPy's own conversion rules and errors apply."""
    import numpy
    if self.size <= 1:
        return _get(self)
    return numpy.zeros((2,) * max(self.ndim, 1), dtype=self.dtype)


def _bool(self):
    return bool(_small_host(self))


def _int(self):
    return int(_small_host(self))


def _float(self):
    return float(_small_host(self))


def _complex(self):
    return complex(_small_host(self))


def _index(self):
    if self.ndim != 0 or self.dtype.kind not in "iu":
        raise TypeError("only integer scalar arrays can be converted to a scalar index")
    return int(self._item())


def _rows(self):
    for i in range(self.shape[0]):
        yield self[i]


def _iter(self):
    if self.ndim == 0:
        raise TypeError("iteration over a 0-d array")
    return _rows(self)


def _contains(self, value):
    return bool((self == value).any()._item())


def _item(self, *args):
    if not args:
        return self._item()
    if len(args) == 1:
        idx = args[0]
        if isinstance(idx, tuple):
            if len(idx) != self.ndim:
                raise ValueError("incorrect number of indices for array")
            return self[idx]._item()
        return self._item_at(int(idx))
    if len(args) != self.ndim:
        raise ValueError("incorrect number of indices for array")
    return self[args]._item()


def _tolist(self):
    return _get(self).tolist()


# Note [Pickling arrays]
# A pickled array is its data as a NumPy array (pickle protocol 5 sends its
# buffer out of band, as dask.distributed does between workers) and the kind
# of device it came from. A CPU array unpickles on the CPU; a CUDA array on
# the *current* CUDA device of the unpickling thread (as CuPy's do), not on
# the device number it had: another process numbers its GPUs differently
# (CUDA_VISIBLE_DEVICES per worker), and a worker whose only GPU is cuda:0
# must accept a chunk that was on cuda:1. In a process with no usable GPU a
# CUDA array unpickles on the CPU, so results stay readable anywhere.
_dask_registered = False


def _rebuild(host, device):
    global _dask_registered
    if not _dask_registered and "dask" in sys.modules:  # Note [Dask registrations] in _dask.py
        from . import _dask
        _dask_registered = _dask.register_loaded()
    if device != "cpu":
        if _core._cuda_device_count() > 0 and _core._device_available(_core.Device("cuda:0")):
            device = f"cuda:{_core._current_cuda_device()}"
        else:
            device = "cpu"
    if host.ndim > 1 and host.flags.f_contiguous and not host.flags.c_contiguous:
        # an F-ordered array comes back F-ordered, as NumPy's pickles do
        return _core._array(host_to_device(host.T, _core.Device(device)).T, None, True, "F",
                            None)
    return host_to_device(host, _core.Device(device))


def _reduce(self):
    # NumPy's pickles keep an F-ordered array's order; anything else is C
    order = "F" if self.ndim > 1 and self._f_contiguous and not self._c_contiguous else "C"
    return (_rebuild, (_get(self, order=order), str(self.device)))


def _copy_method(self, order="C"):
    return self._copy(_order(order, "CFAK"))


def _deepcopy(self, memo=None):
    return self._copy("K")


def _astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
    from ._dtypes import can_cast
    order = _order(order, "CFAK", "K")
    if not copy and to_numpy_dtype(dtype) == self.dtype and (
            order in "KA" or (order == "C" and self._c_contiguous)
            or (order == "F" and self._f_contiguous)):
        return self
    if casting != "unsafe" and not can_cast(self.dtype, dtype, casting):
        raise TypeError(f"Cannot cast array data from {self.dtype!r} to "
                        f"{to_numpy_dtype(dtype)!r} according to the rule {casting!r}")
    return self._astype(dtype, order, bool(copy))


def _shape_args(args):
    if len(args) == 1 and not isinstance(args[0], int):
        return args[0]
    return args


def _reshape(self, *shape, order="C", copy=None):
    if not shape:
        raise TypeError("reshape() missing required argument 'shape' (pos 0)")
    if copy is None and order == "C":  # the common case, without the checks below
        return self._reshape(_shape_args(shape), "C")
    from ._routines.manipulation import _reshape as reshape  # order and copy as NumPy's
    return reshape(self, _shape_args(shape), order, copy)


def _transpose(self, *axes):
    if not axes or (len(axes) == 1 and axes[0] is None):
        return self._transpose(None)
    return self._transpose(list(_shape_args(axes)))


def _cuda_array_interface(self):
    """Version 3 of the CUDA array interface (CuPy, PyTorch, Numba read it).
    `stream` is the current stream the array's work was queued on (1: the
    legacy default stream), so a consumer can order its work after it."""
    if str(self.device) == "cpu":
        raise AttributeError("__cuda_array_interface__ is only defined for arrays on a CUDA device")
    from .cuda.stream import get_current_stream
    ptr = get_current_stream(self.device.id).ptr
    return {
        "shape": self.shape,
        "typestr": self.dtype.str,
        "descr": [("", self.dtype.str)],
        "data": (self._data_ptr if self.size else 0, False),
        "strides": None if self._c_contiguous else self.strides,
        "version": 3,
        "stream": ptr if ptr else 1,
    }


def _to_device(self, device, /, *, stream=None):
    """The array on `device` (itself when already there); the copy is ordered
    on `stream` of the source device when given."""
    if isinstance(device, str):
        device = _core.Device(device)
    if stream is not None and str(self.device) != "cpu":
        with stream:
            return self._to_device(device)
    return self._to_device(device)


def _arg_method(f):
    """argmax/argmin as methods: NumPy's keepdims is keyword-only there too."""
    def m(self, axis=None, out=None, *, keepdims=False, dtype=None):  # dtype=: CuPy's
        return f(self, axis, out, keepdims=keepdims, dtype=dtype)
    m.__name__ = m.__qualname__ = f.__name__
    return m


def _sort_method(self, axis=-1, kind=None, order=None, *, stable=None):
    _core._sort_inplace(self, axis, sorting._stable(kind, stable, order))


def _partition_method(self, kth, axis=-1, kind="introselect", order=None):
    sorting._select_kind(kind)
    self[...] = sorting.partition(self, kth, axis, kind, order)

def _resize(self, *new_shape, refcheck=True):
    """NumPy's ndarray.resize: in place, the elements kept in C order and
    zeros after them (NumPy's method, not its resize function)."""
    if not new_shape:
        return
    if len(new_shape) == 1 and (new_shape[0] is None or not isinstance(new_shape[0], int)):
        new_shape = () if new_shape[0] is None else tuple(new_shape[0])
    _core._resize_inplace(self, list(new_shape), bool(refcheck))


def _conj_method(self):
    """NumPy's ndarray.conj: the conjugate of a complex array, else the array itself."""
    return _core.conjugate(self) if self.dtype.kind == "c" else self


def _set_real(self, value):
    _core.ndarray.real.fget(self)[...] = value


def _set_imag(self, value):
    if self.dtype.kind != "c":
        raise TypeError("array does not have imaginary part to set")
    _core.ndarray.imag.fget(self)[...] = value


def _view(self, dtype=None, type=None):
    """NumPy's ndarray.view: the same memory, as another dtype (the last axis
    rescaled when the itemsize differs). `type` may only be cunum.ndarray:
    cunum has no subclasses."""
    if isinstance(dtype, builtins_type) and issubclass(dtype, ndarray):
        dtype, type = None, dtype
    if type is not None and type is not ndarray:
        raise TypeError("Type must be a sub-type of ndarray type")
    if dtype is None:
        return self[...]
    return self._view(to_numpy_dtype(dtype))


builtins_type = type


def _set_shape(self, shape):
    """NumPy's `x.shape = s`: x itself reshaped, which needs a view (no
    copy); otherwise NumPy's AttributeError."""
    view = self.reshape(shape)
    if not view._shares_memory_with(self):
        raise AttributeError("Incompatible shape for in-place modification. Use `.reshape()` to make a "
                             "copy with the desired shape.")
    self._set_layout(view)


def _byteswap(self, inplace=False):
    """NumPy's ndarray.byteswap: the bytes of each element reversed (each of
    the two parts of a complex number on its own); in place, it returns self."""
    import numpy
    dt = numpy.dtype(self.dtype)
    part = dt.itemsize // 2 if dt.kind == "c" else dt.itemsize
    if part == 1:
        return self if inplace else self.copy()
    # the bytes of a C-ordered copy, one row per part, each row reversed
    rows = self.copy().reshape(-1).view(numpy.uint8).reshape(-1, part)
    swapped = rows[:, ::-1].copy().reshape(-1).view(dt).reshape(self.shape)
    if not inplace:
        return swapped
    self[...] = swapped
    return self


def _tobytes(self, order="C"):
    """NumPy's ndarray.tobytes: the raw bytes, read back to the host. The
    host copy is C-ordered, so 'A' (Fortran order for an F-contiguous array)
    is resolved on the device array's flags."""
    if order in ("A", "a"):
        order = "F" if self._f_contiguous and not self._c_contiguous else "C"
    return _get(self).tobytes(order)


def _not_comparable(self, other, ne):
    """`self == other` (`!=` when `ne`) where `other` converts to no cunum
    dtype (the C++ comparison slot calls this on its TypeError). NumPy
    compares such a value as a Python object, element by element: with None,
    a string or an object with the default equality every element differs,
    so the result is all False (all True for !=) in the broadcast shape. For
    any other value (one with its own __eq__) this returns None, and the
    TypeError stands."""
    import numpy
    t = type(other)
    if not (other is None or isinstance(other, (str, bytes))
            or (t.__eq__ is object.__eq__ and t.__ne__ is object.__ne__)):
        return None
    shape = numpy.broadcast_shapes(self.shape, numpy.shape(other))
    from ._routines import creation
    return creation.full(shape, ne, dtype=bool, device=self.device)


def _install():
    nd = ndarray
    # Python protocols and conversions
    nd.flags = property(Flags)
    nd.get = _get
    nd.__array__ = _array
    nd.__repr__ = _repr
    nd.__str__ = _str
    nd.__format__ = _format
    nd.__bool__ = _bool
    nd.__int__ = _int
    nd.__float__ = _float
    nd.__complex__ = _complex
    nd.__index__ = _index
    nd.__iter__ = _iter
    nd.__contains__ = _contains
    nd.__hash__ = None
    nd.__reduce__ = _reduce
    nd.__copy__ = lambda self: self._copy("K")
    nd.__deepcopy__ = _deepcopy
    nd.__array_priority__ = 100.0
    nd.__array_ufunc__ = dispatch.array_ufunc  # Note [NumPy dispatch] (_routines/dispatch.py)
    nd.__array_function__ = dispatch.array_function
    nd.item = _item
    nd.tolist = _tolist
    nd.copy = _copy_method
    nd.astype = _astype
    nd.reshape = _reshape
    nd.transpose = _transpose
    nd.to_device = _to_device
    nd.view = _view
    nd.shape = property(_core.ndarray.shape.fget, _set_shape)
    nd.__bytes__ = _tobytes  # bytes(x): NumPy's buffer, in C order
    nd.byteswap = _byteswap
    nd.tobytes = _tobytes
    nd.__divmod__ = lambda self, other: _core.divmod(self, other)
    nd.__rdivmod__ = lambda self, other: _core.divmod(other, self)
    # Input and output (_routines/io.py)
    nd.tofile = io.tofile
    nd.dump = io.dump
    nd.dumps = io.dumps
    # Products (_routines/linalg.py)
    from ._routines.linalg import dot as _dot
    nd.dot = lambda self, b, out=None: _dot(self, b, out)
    nd.__cuda_array_interface__ = property(_cuda_array_interface)
    # Interchange (_routines/interop.py, docs/interop.md)
    nd.__dlpack__ = _core._dlpack_method  # C++ (Note [DLPack fast paths])
    nd.__dlpack_device__ = _core._dlpack_device_method
    nd.data = property(interop.MemoryPointer)
    nd.__array_namespace__ = array_api.__array_namespace__  # docs/array-api.md
    # Indexing routines (_routines/indexing.py)
    nd.take = lambda self, indices, axis=None, out=None, mode="raise": indexing.take(
        self, indices, axis, out, mode)
    # Mathematical functions (_routines/mathematical.py)
    nd.cumsum = lambda self, axis=None, dtype=None, out=None: mathematical.cumsum(self, axis, dtype, out)
    nd.cumprod = lambda self, axis=None, dtype=None, out=None: mathematical.cumprod(self, axis, dtype, out)
    nd.round = lambda self, decimals=0, out=None: mathematical.around(self, decimals, out)
    nd.clip = lambda self, min=None, max=None, out=None, **kwargs: mathematical._clip(
        self, min, max, out, kwargs)
    nd.conj = nd.conjugate = _conj_method
    nd.real = property(_core.ndarray.real.fget, _set_real)
    nd.imag = property(_core.ndarray.imag.fget, _set_imag)
    # Sorting and searching (_routines/sorting.py); sort and partition sort in place
    nd.sort = _sort_method
    nd.argsort = lambda self, axis=-1, kind=None, order=None, *, stable=None: sorting.argsort(
        self, axis, kind, order, stable=stable)
    nd.partition = _partition_method
    nd.argpartition = lambda self, kth, axis=-1, kind="introselect", order=None: sorting.argpartition(
        self, kth, axis, kind, order)
    nd.searchsorted = lambda self, v, side="left", sorter=None: sorting.searchsorted(self, v, side, sorter)
    # Array manipulation (_routines/manipulation.py)
    nd.nonzero = lambda self: indexing.nonzero(self)
    nd.put = lambda self, indices, values, mode="raise": indexing.put(self, indices, values, mode)
    nd.compress = lambda self, condition, axis=None, out=None: indexing.compress(condition, self, axis, out)
    nd.flat = property(indexing.flatiter, lambda self, value: indexing.flatiter(self).__setitem__(
        slice(None), value))
    nd.choose = lambda self, choices, out=None, mode="raise": indexing_routines.choose(
        self, choices, out, mode)
    nd.diagonal = lambda self, offset=0, axis1=0, axis2=1: indexing_routines.diagonal(
        self, offset, axis1, axis2)
    nd.trace = lambda self, offset=0, axis1=0, axis2=1, dtype=None, out=None: indexing_routines.trace(
        self, offset, axis1, axis2, dtype, out)
    # Array manipulation (_routines/manipulation.py, tiling.py)
    nd.repeat = lambda self, repeats, axis=None: tiling.repeat(self, repeats, axis)
    nd.resize = _resize
    nd.ravel = lambda self, order="C": manipulation.ravel(self, order)
    nd.flatten = lambda self, order="C": _core._flatten(self, _order(order, "CFAK"))
    nd.swapaxes = manipulation.swapaxes
    nd.squeeze = lambda self, axis=None: manipulation.squeeze(self, axis)
    # Reductions: each row of the C++ reduction table that NumPy has as a
    # method (include/cunum/reduction_list.hpp), and mean. sum, prod, max,
    # min, any, all, mean are C++ method objects (bind_reductions.cpp);
    # argmax and argmin wrap their Python functions (_routines/reductions.py).
    for name, fn in _core._reduction_methods.items():
        setattr(nd, name, fn)
    for name, kind, is_method in _core._reductions:
        if kind == "arg" and is_method:
            setattr(nd, name, _arg_method(getattr(reductions, name)))
    # Statistics (_routines/statistics.py): var, std, ptp (CuPy's method;
    # NumPy 2 removed it) (mean, with where=, is bind_statistics.cpp's method above).
    nd.ptp = lambda self, axis=None, out=None, keepdims=False: statistics.ptp(self, axis, out, keepdims)
    # (NumPy's methods take mean= but not correction=.)
    nd.var = lambda self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, \
        mean=statistics._NoValue: statistics.var(self, axis, dtype, out, ddof, keepdims, where=where, mean=mean)
    nd.std = lambda self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True, \
        mean=statistics._NoValue: statistics.std(self, axis, dtype, out, ddof, keepdims, where=where, mean=mean)


_install()
