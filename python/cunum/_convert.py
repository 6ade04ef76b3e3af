"""Conversions the C++ core calls back into: dtype-likes and array-likes."""
import numpy

from . import _core

_NUMPY_DTYPES = [numpy.dtype(n) for n in _core._dtype_names()]
_CODES = {d: i for i, d in enumerate(_NUMPY_DTYPES)}
_SUPPORTED = ", ".join(d.name for d in _NUMPY_DTYPES)


def dtype_code(obj):
    """The cunum dtype code of anything numpy.dtype() accepts."""
    try:
        return _CODES[obj]
    except (KeyError, TypeError):
        pass
    dt = numpy.dtype(obj)
    code = _CODES.get(dt.newbyteorder("=") if dt.byteorder not in "=|" else dt)
    if code is None:
        raise TypeError(f"cunum does not support dtype {dt!r} (supported: {_SUPPORTED})")
    try:
        _CODES[obj] = code
    except TypeError:
        pass
    return code


def to_numpy_dtype(obj):
    return _NUMPY_DTYPES[dtype_code(obj)]


def host_to_device(host, device=None):
    """Uploads a numpy array (any layout) as a C-contiguous cunum array."""
    code = _CODES.get(host.dtype)
    if code is None:
        if host.dtype.kind in "OUSVMm":
            raise TypeError(f"cunum does not support arrays of dtype {host.dtype!r}")
        host = host.astype(_NUMPY_DTYPES[dtype_code(host.dtype)])
    if not host.flags.c_contiguous:
        host = host.copy(order="C")
    return _core._from_buffer(host, host.shape, host.dtype, device)


def asarray(obj, dtype=None, device=None):
    """Any array-like (NumPy arrays and scalars, nested sequences) as a cunum array."""
    if isinstance(obj, _core.ndarray):
        return obj if dtype is None else obj._astype(dtype, "K", False)
    if isinstance(obj, str) or obj is None:
        raise TypeError(f"cunum cannot make an array from {type(obj).__name__!r}")
    host = numpy.asarray(obj) if dtype is None else numpy.asarray(obj, dtype=to_numpy_dtype(dtype))
    return host_to_device(host, device)


_core._set_python_helpers(asarray, dtype_code)
