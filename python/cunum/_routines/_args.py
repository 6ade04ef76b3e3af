"""What the routine modules share: NumPy's conventions for array-like
arguments, out= and single axes (the Python side of python/src/args.hpp)."""
import functools
import operator

from .. import _core
from .._convert import asarray as _as

ndarray = _core.ndarray


class _fusion:
    """The proxy class of cunum.fuse's tracer (cunum/_fusion.py sets it): a
    reduction called on one records itself instead of running."""
    var = None


def _traced(f):
    """A routine that cunum.fuse's tracer records as a call when a positional
    argument is one of its values (the routine then runs as eager code
    between the graphs, on materialised values: _fusion._Tracer.call)."""
    @functools.wraps(f)
    def g(*args, **kwargs):
        var = _fusion.var
        if var is not None and any(type(a) is var for a in args):
            return var._call(f, *args, **kwargs)
        return f(*args, **kwargs)
    return g


def _a(x):
    return x if isinstance(x, ndarray) else _as(x)


def _ret(r, out):
    # NumPy returns the very `out` object it was given.
    return r if out is None else out


def _order(order, allowed="CF", default="C"):
    """NumPy's order argument: case-insensitive, NumPy's errors (a creation
    routine without a prototype takes only 'C' or 'F'). None is the
    routine's own default, as NumPy's converter leaves it: 'K' for array,
    the *_like routines and astype, 'C' elsewhere."""
    if order is None:
        return default
    if not isinstance(order, str):
        raise TypeError(f"order must be str, not {type(order).__name__}")
    o = order.upper()
    if o not in ("C", "F", "A", "K"):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    if o not in allowed:
        raise ValueError("only 'C' or 'F' order is permitted")
    return o


def _axis1(axis):
    return None if axis is None else operator.index(axis)


class _NoValueType:
    """The default of arguments whose absence differs from None (NumPy's _NoValue)."""

    def __repr__(self):
        return "<no value>"


_NoValue = _NoValueType()
