"""Statistics (NumPy's chapter): averages and variances, order statistics,
histograms, correlating. The work is in C++ (include/cunum/statistics.hpp,
src/routines/statistics_*.cpp); this module keeps NumPy's signatures and
keywords, and the warnings NumPy gives from the shapes alone.

Results are cunum arrays (0-d for a full reduction), as in CuPy: no host
synchronisation, so the warnings NumPy derives from the data (a NaN-only
slice of nanvar, a where= selecting fewer than ddof + 1 elements) are not
given."""
import operator
import warnings

from .. import _core
from ._args import _a, _ret

__all__ = ["mean", "var", "std", "nanvar", "nanstd", "nanmean"]

_NoValue = object()  # NumPy's <no value>: "not given"


def _where(where, a):
    # where=True (NumPy's default) selects everything: the one-pass path.
    if where is _NoValue or where is True:
        return None
    w = _a(where)
    return w if w.dtype == bool else w.astype(bool)


def _reduced_count(a, axis):
    if axis is None or a.ndim == 0:
        return a.size if axis is None else 1
    axes = axis if isinstance(axis, tuple) else (axis,)
    n = 1
    for ax in axes:
        n *= a.shape[operator.index(ax)]
    return n


def _ddof(ddof, correction):
    if correction is not _NoValue:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        ddof = correction
    return float(operator.index(ddof)) if isinstance(ddof, bool) else float(ddof)


def _moment(kind, a, axis, dtype, out, ddof, keepdims, where, mean, correction):
    a = _a(a)
    d = _ddof(ddof, correction)
    w = _where(where, a)
    m = None if mean is _NoValue or mean is None else _a(mean)
    keep = False if keepdims is _NoValue else bool(keepdims)
    r = _core._var(a, axis, dtype, out, d, keep, w, m, kind)
    # NumPy's warning for var/std, decided by the shapes (nanvar's by the data: none).
    if kind < 2 and w is None and d >= _reduced_count(a, axis):
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=3)
    return _ret(r, out)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NoValue, *, where=_NoValue, mean=_NoValue,
        correction=_NoValue):
    """numpy.var: one pass over `a` (docs/statistics.md); a 0-d array for a
    full reduction."""
    return _moment(0, a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NoValue, *, where=_NoValue, mean=_NoValue,
        correction=_NoValue):
    """numpy.std: sqrt(var), one pass over `a`."""
    return _moment(1, a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NoValue, *, where=_NoValue, mean=_NoValue,
           correction=_NoValue):
    """numpy.nanvar: var of the non-NaN elements; NaN where a slice has no
    more than ddof of them (without NumPy's warning: that needs the data)."""
    return _moment(2, a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NoValue, *, where=_NoValue, mean=_NoValue,
           correction=_NoValue):
    """numpy.nanstd: sqrt(nanvar)."""
    return _moment(3, a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def mean(a, axis=None, dtype=None, out=None, keepdims=_NoValue, *, where=_NoValue):
    """numpy.mean; a 0-d array for a full reduction."""
    a = _a(a)
    keep = False if keepdims is _NoValue else bool(keepdims)
    w = _where(where, a)
    if w is None:
        return _ret(_core._mean(a, axis, keep, dtype, out), out)
    return _ret(_core._mean_where(a, axis, dtype, out, keep, w, False), out)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=_NoValue, *, where=_NoValue):
    """numpy.nanmean: the mean of the non-NaN elements (NaN for a slice
    without any, without NumPy's warning: that needs the data)."""
    a = _a(a)
    keep = False if keepdims is _NoValue else bool(keepdims)
    return _ret(_core._mean_where(a, axis, dtype, out, keep, _where(where, a), True), out)
