"""What the routine modules share: NumPy's conventions for array-like
arguments, out= and single axes (the Python side of python/src/args.hpp)."""
import operator

from .. import _core
from .._convert import asarray as _as

ndarray = _core.ndarray


class _fusion:
    """The proxy class of cunum.fuse's tracer (cunum/_fusion.py sets it): a
    reduction called on one records itself instead of running."""
    var = None


def _a(x):
    return x if isinstance(x, ndarray) else _as(x)


def _ret(r, out):
    # NumPy returns the very `out` object it was given.
    return r if out is None else out


def _axis1(axis):
    return None if axis is None else operator.index(axis)


class _NoValueType:
    """The default of arguments whose absence differs from None (NumPy's _NoValue)."""

    def __repr__(self):
        return "<no value>"


_NoValue = _NoValueType()
