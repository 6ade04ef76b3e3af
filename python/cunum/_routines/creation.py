"""Array creation with NumPy's signatures."""
import operator

from .. import _core
from .._convert import asarray as _asarray_any, host_to_device, to_numpy_dtype
from ._args import _order, _traced
from .interop import foreign_array as _foreign_array

ndarray = _core.ndarray


def _device(device):
    if device is None or isinstance(device, _core.Device):
        return device
    return _core.Device(device)


def _none_shape():
    # NumPy 2.3's error (a 0-d array with a DeprecationWarning before)
    raise TypeError("Use () not None as shape arguments")


def empty(shape, dtype=float, order="C", *, device=None):
    if shape is None:
        _none_shape()
    return _core._empty(shape, dtype, _order(order), _device(device))


def zeros(shape, dtype=float, order="C", *, device=None):
    if shape is None:
        _none_shape()
    # dtype=None means float64 (NumPy), not the dtype of the fill value 0
    return _core._full(shape, 0, float if dtype is None else dtype, _order(order),
                       _device(device))


def ones(shape, dtype=float, order="C", *, device=None):
    if shape is None:
        _none_shape()
    return _core._full(shape, 1, float if dtype is None else dtype, _order(order),
                       _device(device))


def full(shape, fill_value, dtype=None, order="C", *, device=None):
    if shape is None:
        _none_shape()
    return _core._full(shape, fill_value, dtype, _order(order), _device(device))


def _like(a):
    return a if isinstance(a, ndarray) else _asarray_any(a)


def empty_like(prototype, dtype=None, order="K", subok=None, shape=None, *, device=None):
    return _core._empty_like(_like(prototype), dtype, _order(order, "CFAK", "K"), shape,
                             _device(device))


def full_like(a, fill_value, dtype=None, order="K", subok=None, shape=None, *, device=None):
    r = empty_like(a, dtype, order, subok, shape, device=device)
    _core._copyto(r, fill_value, "unsafe", None)
    return r


def zeros_like(a, dtype=None, order="K", subok=None, shape=None, *, device=None):
    return full_like(a, 0, dtype, order, subok, shape, device=device)


def ones_like(a, dtype=None, order="K", subok=None, shape=None, *, device=None):
    return full_like(a, 1, dtype, order, subok, shape, device=device)


def arange(start=None, stop=None, step=None, dtype=None, *, device=None):
    if stop is None:
        if start is None:
            raise TypeError("arange() requires stop to be specified.")
        start, stop = 0, start
    elif start is None:
        start = 0
    if step is None:
        step = 1
    return _core._arange(start, stop, step, dtype, _device(device))


def _is_scalar(x):
    import numpy
    return isinstance(x, (bool, int, float, complex, numpy.generic))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *, device=None):
    import numpy
    num = operator.index(num)  # NumPy's: a float num is a TypeError
    if not (_is_scalar(start) and _is_scalar(stop)):
        return _linspace_arrays(start, stop, num, endpoint, retstep, dtype, axis, device)
    r = _core._linspace(start, stop, num, bool(endpoint), dtype, _device(device))
    if axis not in (0, -1):
        raise numpy.exceptions.AxisError(axis, 1)
    if retstep:
        div = (num - 1) if endpoint else num
        step = (stop - start) / div if div > 0 else float("nan")
        return r, step
    return r


def _linspace_arrays(start, stop, num, endpoint, retstep, dtype, axis, device):
    """linspace with array start/stop: NumPy's algorithm composed of device
    operations (the samples run along a new axis, moved to `axis`)."""
    import numpy
    from .indexing_routines import where
    from .manipulation import moveaxis
    from .. import _core as c
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    div = (num - 1) if endpoint else num
    start, stop = (x if _is_scalar(x) else asarray(x, device=device) for x in (start, stop))
    # NumPy's result type: Python scalars weak (NEP 50), integers become float64
    dt = numpy.result_type(*(x if _is_scalar(x) else x.dtype for x in (start, stop)), 1.0)
    integer_dtype = dtype is not None and numpy.issubdtype(numpy.dtype(dtype), numpy.integer)
    if dtype is None:
        dtype = dt
    start_a = asarray(start, dtype=dt, device=device)
    delta = c.subtract(asarray(stop, dtype=dt, device=device), start_a, dtype=dt)
    y = arange(0, num, dtype=dt, device=device).reshape((-1,) + (1,) * delta.ndim)
    if div > 0:
        step = delta / div
        # NumPy takes y / div * delta for every column when any step is 0
        # (chosen on the device, without reading the flag back)
        y = where((step == 0).any(), y / div * delta, y * step)
    else:
        step = float("nan")
        y = y * delta
    y = y + start_a
    if endpoint and num > 1:
        y[-1, ...] = stop
    if axis != 0:
        y = moveaxis(y, 0, axis)
    if integer_dtype:
        y = c.floor(y)
    y = y.astype(dtype, copy=False)
    return (y, step) if retstep else y


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0, *, device=None):
    import numpy
    if not (_is_scalar(start) and _is_scalar(stop) and _is_scalar(base)):
        # NumPy's order: an array base is broadcast against start and stop and
        # takes the samples' axis; a scalar base stays a (weak) Python scalar
        if base.ndim if isinstance(base, ndarray) else numpy.ndim(base):
            from .manipulation import expand_dims
            start, stop, base = (x if _is_scalar(x) else asarray(x, device=device)
                                 for x in (start, stop, base))
            ndmax = max(0 if _is_scalar(x) else x.ndim for x in (start, stop, base))
            start, stop, base = (array(x, copy=None, ndmin=ndmax, device=device)
                                 for x in (start, stop, base))
            base = expand_dims(base, axis=axis)
        y = _core.power(base, linspace(start, stop, num=num, endpoint=endpoint, axis=axis,
                                       device=device))
        return y if dtype is None else y.astype(dtype, copy=False)
    if axis not in (0, -1):
        raise numpy.exceptions.AxisError(axis, 1)
    return _core._logspace(start, stop, operator.index(num), bool(endpoint), base, dtype,
                           _device(device))


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None):
    N = operator.index(N)  # NumPy's: floats are a TypeError
    M = None if M is None else operator.index(M)
    # a diagonal past the last column or below the last row is empty, for any
    # Python int (NumPy takes k = 2**63)
    k = max(-N, min(operator.index(k), N if M is None else M))
    return _core._eye(N, M, k, dtype, _order(order), _device(device))


def identity(n, dtype=None, *, device=None):
    return eye(n, dtype=float if dtype is None else dtype, device=device)


# NumPy 2's message: copy=False means "never copy" (the array API's meaning too).
_NO_COPY = "Unable to avoid copy while creating an array as requested."


def array(obj, dtype=None, copy=True, order="K", subok=False, ndmin=0, *, device=None,
          blocking=False):
    """NumPy's array. `blocking` is CuPy's: whether a copy from host memory is
    complete on return; cunum's uploads from NumPy's (pageable) memory always
    are, so both values behave alike."""
    import numpy
    order = _order(order, "CFAK", "K")
    dev = _device(device)
    if not isinstance(obj, ndarray) and not isinstance(obj, (list, tuple, int, float, complex, bool)):
        foreign = _foreign_array(obj)  # a view of GPU memory (__cuda_array_interface__) or None
        if foreign is not None:
            obj = foreign
    if isinstance(obj, ndarray):
        if not copy and (dtype is None or to_numpy_dtype(dtype) == obj.dtype) and (
                dev is None or dev == obj.device) and (
                order in "KA" or (order == "C" and obj._c_contiguous)
                or (order == "F" and obj._f_contiguous)):
            # ndmin adds leading axes to a view, as NumPy's copy=False/None do
            return obj if ndmin <= obj.ndim else obj.reshape((1,) * (ndmin - obj.ndim) + obj.shape)
        if copy is False:
            raise ValueError(_NO_COPY)
        r = _core._array(obj, dtype, True, order, dev)
    else:
        if copy is False:  # host data always moves to a new device array
            raise ValueError(_NO_COPY)
        if isinstance(obj, (list, tuple)) and any(isinstance(x, ndarray) for x in obj):
            obj = [numpy.asarray(x) if isinstance(x, ndarray) else x for x in obj]
        host = numpy.asarray(obj) if dtype is None else numpy.asarray(
            obj, dtype=numpy.dtype(dtype))
        # NumPy's order: 'F', or 'K'/'A' keeping an F-ordered array's order
        f = order == "F" or (order in "KA" and host.flags.f_contiguous
                             and not host.flags.c_contiguous)
        r = host_to_device(host, dev, "F" if f else "C")
    if ndmin > r.ndim:
        r = r.reshape((1,) * (ndmin - r.ndim) + r.shape)
    return r


def asarray(a, dtype=None, order=None, *, device=None, copy=None, blocking=False):
    return array(a, dtype=dtype, copy=copy if copy is not None else None,
                 order="K" if order is None else order, device=device)


def ascontiguousarray(a, dtype=None, *, device=None):
    r = array(a, dtype=dtype, copy=None, order="C", device=device)
    if not r._c_contiguous:
        r = r.copy("C")
    return r.reshape(1) if r.ndim == 0 else r


def asfortranarray(a, dtype=None, *, device=None):
    r = array(a, dtype=dtype, copy=None, order="F", device=device)
    if not r._f_contiguous:
        r = _core._array(r, None, True, "F", None)
    return r.reshape(1) if r.ndim == 0 else r


def copy(a, order="K", subok=False):
    return array(a, copy=True, order=order)


def asnumpy(a, stream=None, order="C", out=None, *, blocking=True):
    """The array as a numpy.ndarray (copies device data to the host, ordered
    on `stream` when given)."""
    import numpy
    if isinstance(a, ndarray):
        return a.get(stream=stream, order=order, out=out, blocking=blocking)
    r = numpy.asarray(a, order=order)
    if out is not None:
        out[...] = r
        return out
    return r


def _check_scalar_casting(dst_dtype, src, casting):
    """NumPy 2's casting check for a Python scalar copied into an array: the
    scalar takes result_type(dst, scalar) (NEP 50; a bool is its own dtype)
    and that dtype must cast to dst's under `casting`; a scalar of dst's kind passes
    'equiv' only when dst has the scalar's default dtype (NumPy's own rule)."""
    import numpy
    if casting == "unsafe":
        return
    dst_dtype = numpy.dtype(dst_dtype)
    resolved = numpy.dtype(bool) if type(src) is bool else numpy.result_type(dst_dtype, src)
    if resolved != dst_dtype or type(src) is bool:
        if not numpy.can_cast(resolved, dst_dtype, casting):
            raise TypeError(f"Cannot cast scalar from {resolved!r} to {dst_dtype!r} "
                            f"according to the rule '{casting}'")
    elif casting == "equiv" and numpy.asarray(src).dtype != dst_dtype:
        raise TypeError(f"cannot cast Python {type(src).__name__} to {dst_dtype} "
                        f"under the casting rule 'equiv'")


def _is_array(x):
    """x is a cunum or NumPy array (not a NumPy scalar)."""
    return isinstance(x, ndarray) or (type(x).__name__ == "ndarray"
                                      and type(x).__module__ == "numpy")


@_traced
def copyto(dst, src, casting="same_kind", where=True):
    if type(src) in (bool, int, float, complex) and isinstance(dst, ndarray):
        _check_scalar_casting(dst.dtype, src, casting)
    if where is not True and _is_array(where) and where.dtype.kind != "b":
        # NumPy casts an array `where` to bool under 'safe' (scalars, Python
        # values and lists are converted as bool)
        what = "scalar" if where.ndim == 0 else "array data"
        raise TypeError(f"Cannot cast {what} from {where.dtype!r} to dtype('bool') "
                        f"according to the rule 'safe'")
    _core._copyto(dst, src, casting, None if where is True else where)


def vander(x, N=None, increasing=False):
    """NumPy's Vandermonde matrix: the powers of x as columns, as a running
    product along the columns (NumPy's multiply.accumulate) on the device."""
    import numpy
    from .mathematical import cumprod
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    if N is None:
        N = len(x)
    v = empty((len(x), N), dtype=numpy.promote_types(x.dtype, int), device=x.device)
    tmp = v if increasing else v[:, ::-1]
    if N > 0:
        tmp[:, 0] = 1
    if N > 1:
        tmp[:, 1:] = x[:, None]
        tmp[:, 1:] = cumprod(tmp[:, 1:], axis=1)
    return v
