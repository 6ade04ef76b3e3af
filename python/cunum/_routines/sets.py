"""Set routines with NumPy 2's signatures (NumPy's "Set routines" chapter);
the C++ side is python/src/bind_sorting.cpp and src/routines/sets.cpp. The
size of each result depends on the data: every routine here waits for the
device once (the count of unique values), as CuPy's do."""
from collections import namedtuple

from .. import _core
from .._convert import asarray as _as
from ._args import _a

ndarray = _core.ndarray

UniqueAllResult = namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def _b(x, like):
    return x if isinstance(x, ndarray) else _as(x, device=like.device)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    """NumPy's unique (always sorted). The number of unique values is data:
    one synchronisation with the device per call. The inverse has ar's shape
    when axis is None and is 1-d otherwise (NumPy 2)."""
    ar = _a(ar)
    r = _core._unique(ar, bool(return_index), bool(return_inverse), bool(return_counts), axis,
                      bool(equal_nan))
    out = (r[0],) + tuple(x for x, want in zip(r[1:], (return_index, return_inverse, return_counts)) if want)
    return out[0] if len(out) == 1 else out


def unique_all(x):
    v, i, inv, c = _core._unique(_a(x), True, True, True, None, False)
    return UniqueAllResult(v, i, inv, c)


def unique_counts(x):
    v, _, _, c = _core._unique(_a(x), False, False, True, None, False)
    return UniqueCountsResult(v, c)


def unique_inverse(x):
    v, _, inv, _ = _core._unique(_a(x), False, True, False, None, False)
    return UniqueInverseResult(v, inv)


def unique_values(x):
    return _core._unique(_a(x), False, False, False, None, False)[0]


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    element = _a(element)
    test = _b(test_elements, element)
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: {kind!r}. Please use None, 'sort' or 'table'.")
    if kind == "table" and (element.dtype.kind not in "biu" or test.dtype.kind not in "biu"):
        raise ValueError("The 'table' method is only supported for boolean or integer arrays. "
                         "Please select 'sort' or None for kind.")
    return _core._isin(element, test, bool(assume_unique), bool(invert))


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """Deprecated in NumPy 2.0 (and removed in 2.4): isin of ar1 raveled."""
    import warnings
    warnings.warn("`in1d` is deprecated. Use `np.isin` instead.", DeprecationWarning, stacklevel=2)
    return isin(_a(ar1).ravel(), ar2, assume_unique, invert, kind=kind)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    a = _a(ar1)
    v, i1, i2 = _core._intersect1d(a, _b(ar2, a), bool(assume_unique), bool(return_indices))
    return (v, i1, i2) if return_indices else v


def union1d(ar1, ar2):
    a = _a(ar1)
    return _core._union1d(a, _b(ar2, a))


def setdiff1d(ar1, ar2, assume_unique=False):
    a = _a(ar1)
    return _core._setdiff1d(a, _b(ar2, a), bool(assume_unique))


def setxor1d(ar1, ar2, assume_unique=False):
    a = _a(ar1)
    return _core._setxor1d(a, _b(ar2, a), bool(assume_unique))
