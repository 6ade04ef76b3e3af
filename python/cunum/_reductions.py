"""Reductions with NumPy's signatures. Results are cunum arrays (0-d for a
full reduction), as in CuPy: no host synchronisation."""
import operator

from . import _core
from ._convert import asarray as _as

ndarray = _core.ndarray


def _a(x):
    return x if isinstance(x, ndarray) else _as(x)


def _ret(r, out):
    # NumPy returns the very `out` object it was given.
    return r if out is None else out


def _axis1(axis):
    return None if axis is None else operator.index(axis)


def sum(a, axis=None, dtype=None, out=None, keepdims=False):
    return _ret(_core._sum(_a(a), axis, bool(keepdims), dtype, out), out)


def prod(a, axis=None, dtype=None, out=None, keepdims=False):
    return _ret(_core._prod(_a(a), axis, bool(keepdims), dtype, out), out)


def max(a, axis=None, out=None, keepdims=False):
    return _ret(_core._max(_a(a), axis, bool(keepdims), None, out), out)


def min(a, axis=None, out=None, keepdims=False):
    return _ret(_core._min(_a(a), axis, bool(keepdims), None, out), out)


amax = max
amin = min


def mean(a, axis=None, dtype=None, out=None, keepdims=False):
    return _ret(_core._mean(_a(a), axis, bool(keepdims), dtype, out), out)


def any(a, axis=None, out=None, keepdims=False):
    return _ret(_core._any(_a(a), axis, bool(keepdims), None, out), out)


def all(a, axis=None, out=None, keepdims=False):
    return _ret(_core._all(_a(a), axis, bool(keepdims), None, out), out)


def argmax(a, axis=None, out=None, *, keepdims=False):
    return _ret(_core._argmax(_a(a), _axis1(axis), bool(keepdims), out), out)


def argmin(a, axis=None, out=None, *, keepdims=False):
    return _ret(_core._argmin(_a(a), _axis1(axis), bool(keepdims), out), out)


_UFUNC_REDUCE = {"add": sum, "multiply": prod, "maximum": max, "minimum": min,
                 "logical_and": all, "logical_or": any}


def _install():
    nd = ndarray
    # sum, prod, mean, max, min, any, all: C++ methods (python/src/bind_functions.cpp).
    nd.argmax = lambda self, axis=None, out=None, *, keepdims=False: argmax(
        self, axis, out, keepdims=keepdims)
    nd.argmin = lambda self, axis=None, out=None, *, keepdims=False: argmin(
        self, axis, out, keepdims=keepdims)

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False):
        fn = _UFUNC_REDUCE.get(self.__name__)
        if fn is None:
            raise TypeError(f"reduce is not supported for ufunc {self.__name__!r} yet")
        if fn in (sum, prod, ):
            return fn(array, axis, dtype, out, keepdims)
        return fn(array, axis, out, keepdims)
    _core.ufunc.reduce = reduce


_install()
