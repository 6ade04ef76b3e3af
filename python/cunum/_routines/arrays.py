"""Array conversions and broadcasting helpers with NumPy's signatures
(NumPy's "Changing kind of array", "Changing number of dimensions" and the
array creation helpers fromfunction/frombuffer): asanyarray, require,
asarray_chkfinite, fromfunction, frombuffer, the broadcast object, and the
shape/ndim/size functions. All are compositions of cunum's own routines."""
import operator

from .. import _core
from .._convert import asarray as _as
from ._args import _a

ndarray = _core.ndarray


def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, blocking=False):
    from .creation import asarray
    return asarray(a, dtype=dtype, order=order, device=device, copy=copy)


_REQUIREMENTS = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C",
                 "F": "F", "F_CONTIGUOUS": "F", "FORTRAN": "F",
                 "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W",
                 "O": "O", "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E"}


def require(a, dtype=None, requirements=None, *, like=None):
    """NumPy's require: an array of `dtype` with the flags asked for (C, F,
    A, W, O, E); a copy only where a flag does not hold."""
    from .creation import array, asarray
    if not requirements:
        return asarray(a, dtype=dtype)
    if isinstance(requirements, str):
        requirements = [requirements]
    reqs = {_REQUIREMENTS[r.upper()] for r in requirements}
    reqs.discard("E")
    order = "A"
    if reqs >= {"C", "F"}:
        raise ValueError("Cannot specify both C and Fortran contiguous.")
    if "C" in reqs:
        order = "C"
        reqs.discard("C")
    elif "F" in reqs:
        order = "F"
        reqs.discard("F")
    arr = array(a, dtype=dtype, copy=None, order=order)
    if "O" in reqs and not arr._owndata:
        arr = arr.copy(order)
    return arr


def asarray_chkfinite(a, dtype=None, order=None):
    """asarray, then ValueError if a float or complex array holds an
    infinity or a NaN (one synchronisation reads the answer)."""
    from .creation import asarray
    return _core._asarray_chkfinite(asarray(a, dtype=dtype, order=order))


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    from .indexing_routines import indices
    return function(*indices(shape, dtype=dtype), **kwargs)


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None, device=None):
    """NumPy's frombuffer, then the array on the device (a copy: device
    memory cannot alias a host buffer)."""
    import numpy
    host = numpy.frombuffer(buffer, dtype=dtype, count=count, offset=offset)
    return _as(host, device=device)


def fromiter(iter, dtype, count=-1, *, like=None, device=None):
    """NumPy's fromiter: the iterable's items are read on the host by NumPy
    (they are Python objects), then the array goes to the device."""
    import numpy
    return _as(numpy.fromiter(iter, dtype=dtype, count=count), device=device)


def shape(a):
    return a.shape if isinstance(a, ndarray) else _a(a).shape


def ndim(a):
    return a.ndim if isinstance(a, ndarray) else _a(a).ndim


def _axis(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        import numpy
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim if ndim else axis


def size(a, axis=None):
    a = a if isinstance(a, ndarray) else _a(a)
    if axis is None:
        return a.size
    if isinstance(axis, tuple):
        r = 1
        for ax in axis:
            r *= a.shape[_axis(ax, a.ndim)]
        return r
    return a.shape[_axis(axis, a.ndim)]


class broadcast:
    """NumPy's broadcast object: the broadcast shape of its arguments and an
    iterator over tuples of their broadcast elements (read from the device
    once, at the first step of iteration)."""

    def __init__(self, *args):
        if len(args) > 64:
            raise ValueError(f"Need at most 64 array objects, got {len(args)}")
        parts = []
        for x in args:
            if isinstance(x, broadcast):
                parts.extend(x._arrays)
            else:
                parts.append(_a(x))
        from .manipulation import broadcast_shapes
        self._arrays = parts
        self._shape = broadcast_shapes(*[p.shape for p in parts]) if parts else ()
        self._host = None
        self.index = 0

    shape = property(lambda self: self._shape)
    nd = property(lambda self: len(self._shape))
    ndim = property(lambda self: len(self._shape))
    numiter = property(lambda self: len(self._arrays))

    @property
    def size(self):
        n = 1
        for s in self._shape:
            n *= s
        return n

    def _flat(self):
        if self._host is None:
            import numpy
            self._host = [numpy.broadcast_to(p.get(), self._shape).ravel() for p in self._arrays]
        return self._host

    @property
    def iters(self):
        return tuple(iter(h[self.index:]) for h in self._flat())

    def reset(self):
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.index >= self.size:
            raise StopIteration
        flat = self._flat()
        i = self.index
        self.index += 1
        return tuple(h[i] for h in flat)
