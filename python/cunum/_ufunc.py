"""Python-level methods of cunum.ufunc, attached here and nowhere else (the
type and its __call__ are C++: python/src/bind_ufuncs.cpp)."""
from . import _core
from ._routines.reductions import all, any, max, min, prod, sum

_UFUNC_REDUCE = {"add": sum, "multiply": prod, "maximum": max,
                 "minimum": min, "logical_and": all, "logical_or": any}


def _install():
    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False):
        fn = _UFUNC_REDUCE.get(self.__name__)
        if fn is None:
            raise TypeError(f"reduce is not supported for ufunc {self.__name__!r} yet")
        if self.__name__ in ("add", "multiply"):
            return fn(array, axis, dtype, out, keepdims)
        return fn(array, axis, out, keepdims)
    _core.ufunc.reduce = reduce


_install()
