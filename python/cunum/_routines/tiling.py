"""Tiling and repeating, adding and removing elements, rollaxis and meshgrid
(parts of NumPy's "Array manipulation routines") with NumPy's signatures;
the C++ side is python/src/bind_tiling.cpp (cunum/tiling.hpp)."""
import operator

from .. import _core
from .._convert import asarray as _as
from ._args import _a

ndarray = _core.ndarray


def tile(A, reps):
    try:
        tup = tuple(reps)
    except TypeError:
        tup = (reps,)
    return _core._tile(_a(A), [operator.index(r) for r in tup])


def _repeats(repeats, device):
    """repeats= as NumPy converts it (to intp, at most 1-d): a Python int or
    float is one count for all (int() of it); arrays must cast safely to
    int64 (checked in C++); lists go through int() per element."""
    import numpy
    if isinstance(repeats, ndarray):
        return repeats
    if type(repeats) is bool or isinstance(repeats, (int, numpy.integer)):
        return operator.index(repeats)
    if type(repeats) is float:
        return int(repeats)
    if isinstance(repeats, (numpy.ndarray, numpy.generic)):
        host = numpy.asarray(repeats)
    else:
        host = numpy.array(repeats, dtype=numpy.intp, ndmin=0)
        if host.ndim > 1:
            raise ValueError("setting an array element with a sequence. The requested array would "
                             "exceed the maximum number of dimension of 1.")
    return _as(host, device=device)


def repeat(a, repeats, axis=None):
    a = _a(a)
    return _core._repeat(a, _repeats(repeats, a.device), axis)


def rollaxis(a, axis, start=0):
    a = _a(a)
    n = a.ndim
    s = operator.index(start)
    if not 0 <= (s + n if s < 0 else s) < n + 1:
        import numpy
        _core._rollaxis(a, axis, 0)  # NumPy checks axis first
        raise numpy.exceptions.AxisError(
            f"'start' arg requires {-n} <= start < {n + 1}, but {s + n if s < 0 else s} was passed in")
    return _core._rollaxis(a, axis, s)


def resize(a, new_shape):
    if isinstance(new_shape, int) or not hasattr(new_shape, "__len__"):
        new_shape = (operator.index(new_shape),)
    return _core._resize(_a(a), [operator.index(s) for s in new_shape])


def append(arr, values, axis=None):
    arr = _a(arr)
    values = values if isinstance(values, ndarray) else _as(values, device=arr.device)
    return _core._append(arr, values, axis)


def trim_zeros(filt, trim="fb", axis=None):
    if isinstance(filt, ndarray):
        return _core._trim_zeros(filt, str(trim), axis)
    import numpy
    host = numpy.asarray(filt)
    if host.ndim != 1 or isinstance(filt, numpy.ndarray):
        return _core._trim_zeros(_as(host), str(trim), axis)
    # A 1-d sequence: NumPy slices the object itself (a list stays a list).
    t = str(trim).lower()
    if t not in ("fb", "bf", "f", "b"):
        raise ValueError(f"unexpected character(s) in `trim`: {t!r}")
    nz = numpy.flatnonzero(host)
    if nz.size == 0:
        return filt[0:0]
    return filt[(int(nz[0]) if "f" in t else None):(int(nz[-1]) + 1 if "b" in t else None)]


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    arrays = [_a(x) for x in xi]
    return tuple(_core._meshgrid(arrays, bool(copy), bool(sparse), str(indexing)))
