"""Statistics (NumPy's chapter): averages and variances, order statistics,
histograms. Composites of the reductions (reductions.py) and ufuncs."""
from .. import _core
from ._args import _a, _ret

__all__ = ["mean"]


def mean(a, axis=None, dtype=None, out=None, keepdims=False):
    return _ret(_core._mean(_a(a), axis, bool(keepdims), dtype, out), out)
