"""Conversions the C++ core calls back into: dtype-likes and array-likes.

NumPy is imported on first need, not by `import cunum` (Note [Lazy NumPy] in
__init__.py): Python's own types and cunum arrays never need it."""
import atexit
import sys

from . import _core

_NAMES = _core._dtype_names()
_NUMPY_DTYPES = []  # numpy.dtype per cunum dtype code, filled by _numpy()
# The cunum code of each dtype-like seen so far. Python's scalar types and
# dtype names are known without NumPy.
_CODES = {float: _NAMES.index("float64"), int: _NAMES.index("int64"), bool: _NAMES.index("bool"),
          complex: _NAMES.index("complex128")}
_CODES.update({n: i for i, n in enumerate(_NAMES)})
_SUPPORTED = ", ".join(_NAMES)


def _numpy():
    """numpy, imported now if need be, with the dtype tables filled in."""
    import numpy
    if not _NUMPY_DTYPES:
        dts = [numpy.dtype(n) for n in _NAMES]
        for i, d in enumerate(dts):
            _CODES[d] = i
        _NUMPY_DTYPES[:] = dts
    return numpy


def dtype_code(obj):
    """The cunum dtype code of anything numpy.dtype() accepts."""
    try:
        return _CODES[obj]
    except (KeyError, TypeError):
        pass
    numpy = _numpy()
    dt = numpy.dtype(obj)
    code = _CODES.get(dt.newbyteorder("=") if dt.byteorder not in "=|" else dt)
    if code is None:
        raise TypeError(f"cunum does not support dtype {dt!r} (supported: {_SUPPORTED})")
    try:
        _CODES[obj] = code
    except TypeError:
        pass
    return code


def numpy_dtypes():
    """The numpy.dtype of each cunum dtype code (imports NumPy)."""
    _numpy()
    return _NUMPY_DTYPES


def to_numpy_dtype(obj):
    code = dtype_code(obj)
    _numpy()
    return _NUMPY_DTYPES[code]


def host_to_device(host, device=None, order="C"):
    """Uploads a numpy array (any layout) as a C-contiguous cunum array, or an
    F-contiguous one with order='F' (one copy either way)."""
    _numpy()
    # (_CODES also caches non-native byte orders for dtype_code: those bytes
    # must be swapped here, so a hit counts only for a native dtype)
    code = _CODES.get(host.dtype)
    if code is None or not host.dtype.isnative:
        if host.dtype.kind in "OUSVMm":
            raise TypeError(f"cunum does not support arrays of dtype {host.dtype!r}")
        host = host.astype(_NUMPY_DTYPES[dtype_code(host.dtype)])
    if order == "F" and host.ndim > 1:
        # the transpose of an F-ordered array is C-ordered: it fills the
        # C-contiguous view (.T) of a fresh F-ordered array
        t = host.T if host.flags.f_contiguous else host.T.copy(order="C")
        r = _core._empty(host.shape, host.dtype, "F", device)
        r.T._copy_from_buffer(t)
        return r
    if not host.flags.c_contiguous:
        host = host.copy(order="C")
    return _core._from_buffer(host, host.shape, host.dtype, device)


def asarray(obj, dtype=None, device=None):
    """Any array-like (NumPy arrays and scalars, nested sequences) as a cunum array."""
    if isinstance(obj, _core.ndarray):
        return obj if dtype is None else obj._astype(dtype, "K", False)
    if isinstance(obj, str) or obj is None:
        raise TypeError(f"cunum cannot make an array from {type(obj).__name__!r}")
    numpy = _numpy()
    host = numpy.asarray(obj) if dtype is None else numpy.asarray(obj, dtype=to_numpy_dtype(dtype))
    return host_to_device(host, device)


_core._set_python_helpers(asarray, dtype_code)


def _at_exit():
    """The C++ side's Python references go while the interpreter is whole
    (Note [Python objects in static storage], python/src/convert.cpp); the
    cunum modules are kept to the teardown's end, which then clears their
    globals (Note [Module globals at teardown])."""
    mods = tuple(m for name, m in list(sys.modules.items())
                 if m is not None and name.partition(".")[0] == "cunum")
    _core._release_python_refs(mods)


atexit.register(_at_exit)
