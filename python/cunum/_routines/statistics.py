"""Statistics (NumPy's chapter): averages and variances, order statistics,
histograms, correlating. The work is in C++ (include/cunum/statistics.hpp,
src/routines/statistics_*.cpp); this module keeps NumPy's signatures and
keywords, and the warnings NumPy gives from the shapes alone.

Results are cunum arrays (0-d for a full reduction), as in CuPy: no host
synchronisation, so the warnings NumPy derives from the data (a NaN-only
slice of nanvar, a where= selecting fewer than ddof + 1 elements) are not
given."""
import math
import operator
import warnings

from .. import _core
from .._lazy_numpy import LazyNumpy
from ._args import _a, _fusion, _ret

__all__ = ["mean", "var", "std", "nanvar", "nanstd", "nanmean", "median", "nanmedian", "quantile",
           "percentile", "nanquantile", "nanpercentile", "bincount", "histogram", "histogram_bin_edges",
           "histogram2d", "histogramdd", "average", "ptp", "nanmin", "nanmax", "nanargmin", "nanargmax",
           "correlate", "convolve", "cov", "corrcoef"]

_NoValue = object()  # NumPy's <no value>: "not given"


# NumPy at the first use of a routine that needs it: `import cunum` must not
# import it (Note [Lazy NumPy] in cunum/__init__.py)
numpy = LazyNumpy(globals())


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
    if type(a) is _fusion.var:
        return a._reduce("mean", axis=axis, dtype=dtype, out=out, keepdims=keepdims, where=where)
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


# ---------------------------------------------------------------- order statistics


def _q_values(q, percent):
    # q's few values go to the device from the host; a cunum q is read back
    # (one synchronisation: NumPy checks q's range before any work). NumPy
    # computes the indices in q's dtype (percentile: of q / 100), float64
    # for a Python or integer q.
    weak = type(q) in (int, float)
    if isinstance(q, _core.ndarray):
        q = q.get()
    qa = numpy.asarray(q)
    if qa.dtype.kind == "c":
        raise TypeError("a must be an array of real numbers")
    qdt = qa.dtype if qa.dtype.kind == "f" and not weak else numpy.dtype(numpy.float64)
    integer = qa.dtype.kind in "iub" and not percent
    return qa.astype(numpy.float64).ravel().tolist(), list(qa.shape), weak, integer, qdt


def _quantile(kind, a, q, axis, out, method, keepdims, weights):
    a = _a(a)
    qv, qs, weak, integer, qdt = _q_values(q, kind in (1, 3))
    w = None if weights is None else _a(weights)
    keep = False if keepdims is _NoValue else bool(keepdims)
    return _ret(_core._quantile(a, qv, qs, axis, out, str(method), keep, w, weak, integer, qdt, kind), out)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None):
    """numpy.quantile, on the device: a sort along the reduced axes, then per q
    an index, a weight and a gather (docs/statistics.md). overwrite_input is
    accepted and `a` left as it is. A cunum q is read back to the host (one
    synchronisation); weights= reads back one flag (NumPy's checks)."""
    return _quantile(0, a, q, axis, out, method, keepdims, weights)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
               weights=None):
    """numpy.percentile: quantile of q / 100."""
    return _quantile(1, a, q, axis, out, method, keepdims, weights)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=_NoValue, *,
                weights=None):
    """numpy.nanquantile: quantile of each slice's non-NaN elements (NaN for
    a slice without any, without NumPy's warning: that needs the data)."""
    return _quantile(2, a, q, axis, out, method, keepdims, weights)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=_NoValue, *,
                  weights=None):
    """numpy.nanpercentile: nanquantile of q / 100."""
    return _quantile(3, a, q, axis, out, method, keepdims, weights)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """numpy.median: the mean of the middle elements of each sorted slice."""
    return _ret(_core._median(_a(a), axis, out, bool(keepdims), False), out)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=_NoValue):
    """numpy.nanmedian: median of each slice's non-NaN elements."""
    keep = False if keepdims is _NoValue else bool(keepdims)
    return _ret(_core._median(_a(a), axis, out, keep, True), out)


# ---------------------------------------------------------------- histograms


def bincount(x, /, weights=None, minlength=0):
    """numpy.bincount: the counts (or summed weights) by the scatter primitive
    with accumulation. The output's length is max(x) + 1: one host
    synchronisation reads it (with min(x), for NumPy's error)."""
    listed = not isinstance(x, _core.ndarray) and not hasattr(x, "__array__")
    x = _a(x)
    if listed and x.size == 0 and x.dtype.kind == "f":
        # NumPy accepts an empty list (float64 as an array); an empty float
        # array is refused, as any float array (NumPy 2.4).
        x = x.astype("int64")
    if minlength is None:
        raise TypeError("'NoneType' object cannot be interpreted as an integer")
    w = None if weights is None else _a(weights)
    return _core._bincount(x, w, operator.index(minlength))


def _bins(bins):
    if isinstance(bins, str):
        return bins
    if isinstance(bins, _core.ndarray) or numpy.ndim(bins) > 0:
        return _a(bins)
    try:
        return operator.index(bins)
    except TypeError:
        raise TypeError("`bins` must be an integer, a string, or an array") from None


def _range(r):
    if r is None:
        return None
    lo, hi = r
    first, last = float(lo), float(hi)
    # NumPy's checks, in its order and words (the bounds printed as the user
    # gave them), before the C++ call makes the same checks.
    if first > last:
        raise ValueError("max must be larger than min in range parameter.")
    if not (math.isfinite(first) and math.isfinite(last)):
        raise ValueError(f"supplied range of [{lo}, {hi}] is not finite")
    return first, last


def histogram(a, bins=10, range=None, density=None, weights=None):
    """numpy.histogram: bin indices by ufuncs, counts by the scatter primitive
    with accumulation. Without `range` the data's min and max are read back
    (one synchronisation: they decide the edges); a string rule reads its
    statistics; given edges are checked with one flag read back."""
    a = _a(a)
    w = None if weights is None else _a(weights)
    h, e = _core._histogram(a, _bins(bins), _range(range), bool(density), w, False)
    return h, e


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    """numpy.histogram_bin_edges (the edges histogram would use)."""
    a = _a(a)
    w = None if weights is None else _a(weights)
    return _core._histogram(a, _bins(bins), _range(range), False, w, True)


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """numpy.histogramdd: float64 counts of D-dimensional points, by one
    scatter with accumulation over the raveled multi-index."""
    cols, blist, ranges, w = _dd_args(sample, bins, range, weights)
    h, e = _core._histogramdd(cols, blist, ranges, bool(density), w)
    return h, tuple(e)


def _dd_args(sample, bins, range, weights):
    """histogramdd's arguments as the C++ side takes them: the coordinate
    columns, one bins entry per column, the ranges, the weights."""
    if isinstance(sample, _core.ndarray) and sample.ndim == 2:
        cols = [sample[:, i] for i in builtins_range(sample.shape[1])]
    else:
        s = sample if isinstance(sample, (list, tuple)) else [sample]
        if isinstance(sample, _core.ndarray) or isinstance(sample, numpy.ndarray):
            s = _a(sample)
            s = [s] if s.ndim <= 1 else [s[:, i] for i in builtins_range(s.shape[1])]
        cols = [_a(c) for c in s]
    D = len(cols)
    try:
        M = len(bins)
        if isinstance(bins, str):
            raise TypeError
        if M != D:
            raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
        blist = list(bins)
    except TypeError:
        blist = D * [bins]
    blist = [_a(b) if (isinstance(b, _core.ndarray) or numpy.ndim(b) > 0) else b for b in blist]
    for i, b in enumerate(blist):
        if not isinstance(b, _core.ndarray) and not isinstance(b, str):
            try:
                blist[i] = operator.index(b)
            except TypeError:
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from None
    ranges = [] if range is None else [None if r is None else _range(r) for r in range]
    w = None if weights is None else _a(weights)
    return cols, blist, ranges, w


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    """numpy.histogram2d: histogramdd of (x, y) (cunum::histogram2d)."""
    try:
        N = len(bins)
    except TypeError:
        N = 1
    if N != 1 and N != 2 and not isinstance(bins, str):
        edges = _a(bins)
        bins = [edges, edges]
    cols, blist, ranges, w = _dd_args([x, y], bins, range, weights)
    return tuple(_core._histogram2d(cols[0], cols[1], blist, ranges, bool(density), w))


builtins_range = __builtins__["range"] if isinstance(__builtins__, dict) else __builtins__.range


# ---------------------------------------------------------------- average, extrema


def average(a, axis=None, weights=None, returned=False, *, keepdims=_NoValue):
    """numpy.average. With weights, a slice whose weights sum to 0 raises
    ZeroDivisionError: one flag is read back from the device for it."""
    a = _a(a)
    w = None if weights is None else _a(weights)
    keep = False if keepdims is _NoValue else bool(keepdims)
    avg, scl = _core._average(a, axis, w, keep)
    return (avg, scl) if returned else avg


def ptp(a, axis=None, out=None, keepdims=_NoValue):
    """numpy.ptp: max - min along axis."""
    keep = False if keepdims is _NoValue else bool(keepdims)
    return _ret(_core._ptp(_a(a), axis, out, keep), out)


def _nanext(a, axis, out, keepdims, initial, where, is_max):
    a = _a(a)
    keep = False if keepdims is _NoValue else bool(keepdims)
    init = None if initial is _NoValue else initial
    return _ret(_core._nanextremum(a, axis, out, keep, init, _where(where, a), is_max), out)


def nanmin(a, axis=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):
    """numpy.nanmin: NaN ignored; a slice of NaN only gives NaN (without
    NumPy's warning: that needs the data)."""
    return _nanext(a, axis, out, keepdims, initial, where, False)


def nanmax(a, axis=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):
    """numpy.nanmax: NaN ignored; a slice of NaN only gives NaN."""
    return _nanext(a, axis, out, keepdims, initial, where, True)


def nanargmin(a, axis=None, out=None, *, keepdims=_NoValue):
    """numpy.nanargmin: ValueError for a slice of NaN only (one flag read back)."""
    keep = False if keepdims is _NoValue else bool(keepdims)
    return _ret(_core._nanarg(_a(a), axis, out, keep, False), out)


def nanargmax(a, axis=None, out=None, *, keepdims=_NoValue):
    """numpy.nanargmax: ValueError for a slice of NaN only (one flag read back)."""
    keep = False if keepdims is _NoValue else bool(keepdims)
    return _ret(_core._nanarg(_a(a), axis, out, keep, True), out)


# ---------------------------------------------------------------- correlating

_MODES = {"valid": 0, "same": 1, "full": 2}


def _mode(mode):
    if isinstance(mode, str):
        if mode not in _MODES:
            raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")
        return _MODES[mode]
    if isinstance(mode, bool) or not isinstance(mode, int):
        raise ValueError("Use one of 'valid', 'same', or 'full' for convolve/correlate mode")
    return mode


def correlate(a, v, mode="valid"):
    """numpy.correlate: sum_n a[n + k] * conj(v[n]), by gathered windows on the device."""
    a, v = _a(a), _a(v)
    if a.ndim == 0 or v.ndim == 0:  # NumPy's correlate takes 1-d arrays only (convolve makes them 1-d)
        raise ValueError("object of too small depth for desired array")
    return _core._correlate(a, v, _mode(mode), False)


def convolve(a, v, mode="full"):
    """numpy.convolve (correlate of v reversed)."""
    return _core._correlate(_a(a), _a(v), _mode(mode), True)


def _weights_1d(w, n, name):
    if w is None:
        return None
    w = _a(w)
    if w.ndim > 1:
        raise RuntimeError(f"cannot handle multidimensional {name}")
    if w.ndim == 0 or w.shape[0] != n:
        raise RuntimeError(f"incompatible numbers of samples and {name}")
    return w


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    """numpy.cov (weights' values checked as NumPy does: one flag read back each)."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = _a(m)
    y = None if y is None else _a(y)
    if m.ndim <= 2 and (y is None or y.ndim <= 2):
        n = (m.shape[-1] if rowvar or m.ndim == 1 else m.shape[0]) if m.ndim else 1
        if m.ndim == 2 and m.shape[0 if rowvar else 1] == 0:
            n = None
        if n is not None:
            fweights = _weights_1d(fweights, n, "fweights")
            aweights = _weights_1d(aweights, n, "aweights")
    r = _core._cov(m, y, bool(rowvar), bool(bias), None if ddof is None else float(ddof),
                   None if fweights is None else _a(fweights), None if aweights is None else _a(aweights), dtype)
    # NumPy's warning when the shapes decide it (no weights; weighted: data-decided, none).
    if fweights is None and aweights is None and m.ndim <= 2 and (m.ndim < 2 or m.shape[0 if rowvar else 1]):
        n = (m.shape[-1] if rowvar or m.ndim == 1 else m.shape[0]) if m.ndim else 1
        if n - (ddof if ddof is not None else (0 if bias else 1)) <= 0:
            warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
    return r


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """numpy.corrcoef."""
    return _core._corrcoef(_a(x), None if y is None else _a(y), bool(rowvar), dtype)
