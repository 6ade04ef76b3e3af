"""Sorting and searching with NumPy 2's signatures (NumPy's "Sorting,
searching, and counting" chapter); the C++ side is python/src/bind_sorting.cpp
and src/routines/sorting.cpp, searching.cpp. Sorts are stable radix sorts on
every device: NaNs last, -0.0 equal to +0.0, complex lexicographic with
NumPy's NaN rules."""
import operator

from .. import _core
from .._convert import asarray as _as
from ._args import _a

ndarray = _core.ndarray

_KINDS = {None: False, "quicksort": False, "quick": False, "q": False, "heapsort": False, "heap": False,
          "h": False, "mergesort": True, "merge": True, "m": True, "stable": True, "s": True}


def _stable(kind, stable, order=None):
    """NumPy's kind=/stable= rules: whether the sort must be stable."""
    if order is not None:
        raise ValueError("Cannot sort an array that has no fields (cunum has no structured dtypes)")
    if stable is not None:
        if kind is not None:
            raise ValueError("`kind` and keyword parameters can't be provided at the same time. "
                             "Use only one of them.")
        return bool(stable)
    key = kind.lower() if isinstance(kind, str) else kind
    if key not in _KINDS:
        raise ValueError(f"sort kind must be one of 'quick', 'heap', or 'stable' (got {kind!r})")
    return _KINDS[key]


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    return _core._sort(_a(a), axis, _stable(kind, stable, order))


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    _stable(kind, stable, order)
    return _core._argsort(_a(a), axis)


def msort(a):
    """Removed from NumPy 2: sort(a, axis=0), with a DeprecationWarning."""
    import warnings
    warnings.warn("msort is deprecated, use np.sort(a, axis=0) instead", DeprecationWarning, stacklevel=2)
    return sort(a, axis=0)


def sort_complex(a):
    return _core._sort_complex(_a(a))


def _kth(kth):
    if isinstance(kth, ndarray) or hasattr(kth, "__array__") or isinstance(kth, (list, tuple)):
        import numpy
        k = numpy.asarray(kth.get() if isinstance(kth, ndarray) else kth)
        if k.dtype.kind not in "biu":
            raise TypeError("Partition index must be integer")
        if k.ndim > 1:
            raise ValueError("kth array must have dimension <= 1")
        return [int(v) for v in k.ravel()]
    try:
        return [operator.index(kth)]
    except TypeError:
        raise TypeError("Partition index must be integer") from None


def _select_kind(kind):
    if kind != "introselect":
        raise ValueError(f"select kind must be 'introselect' (got {kind!r})")


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A full sort along the axis: one of the arrangements NumPy allows (every
    element before a kth position is <= it, every one after >=)."""
    _select_kind(kind)
    _stable(None, None, order)
    return _core._partition(_a(a), _kth(kth), axis, False)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    _select_kind(kind)
    _stable(None, None, order)
    return _core._partition(_a(a), _kth(kth), axis, True)


def lexsort(keys, axis=-1):
    if isinstance(keys, ndarray) or hasattr(keys, "__array__") and not isinstance(keys, (list, tuple)):
        k = _a(keys)
        if k.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        keys = [k[i] for i in range(k.shape[0])]
    elif isinstance(keys, (list, tuple)):
        keys = [_a(k) for k in keys]
    else:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    return _core._lexsort(keys, axis)


def _side(side):
    s = side.decode() if isinstance(side, bytes) else side
    if not isinstance(s, str) or not s or s[0].lower() not in "lr":
        raise ValueError(f"search side must be 'left' or 'right' (got {side!r})")
    return s[0].lower() == "r"


def searchsorted(a, v, side="left", sorter=None):
    a = _a(a)
    right = _side(side)
    vv = v if isinstance(v, ndarray) else _as(v, device=a.device)
    if sorter is not None and not isinstance(sorter, ndarray):
        import numpy
        s = numpy.asarray(sorter)
        if s.dtype.kind not in "biu":
            raise TypeError("sorter must only contain integers")
        sorter = _as(s, device=a.device)
    return _core._searchsorted(a, vv, right, sorter)


def digitize(x, bins, right=False):
    x = _a(x)
    b = bins if isinstance(bins, ndarray) else _as(bins, device=x.device)
    return _core._digitize(x, b, bool(right))
