"""NumPy's conversions of the random API's arguments: `size`, integer
parameters and population sizes, with NumPy's exceptions (found by a sweep of
bad arguments against NumPy, stop 31: tests/python/test_random_bad_args.py)."""
import operator

import numpy

import cunum

_I64_MAX = 2**63 - 1


def shape_of(size):
    """`size` as a shape tuple (None stays None): NumPy refuses a bool
    (TypeError) and a dimension beyond int64 (ValueError)."""
    if size is None:
        return None
    if isinstance(size, (bool, numpy.bool_)):
        raise TypeError(f"expected a sequence of integers or a single integer, got '{size}'")
    try:
        dims = (operator.index(size),)
    except TypeError:
        dims = tuple(operator.index(s) for s in size)
    if any(abs(d) > _I64_MAX for d in dims):
        raise ValueError("Maximum allowed dimension exceeded")
    return dims


I64_MAX = _I64_MAX


def int64_param(value):
    """An integer parameter (binomial's n, hypergeometric's counts,
    multinomial's n) as NumPy reads it into int64: arrays, sequences and
    NumPy scalars as they are, after NumPy's 'safe' cast check (a float array
    raises TypeError); a Python number as python_int gives it."""
    if isinstance(value, (list, tuple)):
        return value
    if isinstance(value, (cunum.ndarray, numpy.ndarray, numpy.generic)):
        dt = numpy.dtype(value.dtype)
        if not numpy.can_cast(dt, numpy.int64, "safe"):
            what = "scalar" if value.ndim == 0 else "array data"
            raise TypeError(f"Cannot cast {what} from {dt!r} to dtype('int64') according to the rule 'safe'")
        return value
    return python_int(value)


def python_int(value):
    """int(value) as NumPy's scalar paths take it (a float truncates, NaN and
    infinities raise as int() does), within int64."""
    n = int(value)
    if not -_I64_MAX - 1 <= n <= _I64_MAX:
        raise OverflowError("Python int too large to convert to C long")
    return n
