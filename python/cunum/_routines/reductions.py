"""Reductions with NumPy's signatures. Results are cunum arrays (0-d for a full
reduction), as in CuPy: no host synchronisation.

One function per row of the C++ reduction table (CUNUM_FOR_EACH_REDUCTION in
include/cunum/reduction_list.hpp, exported as ``_core._reductions``), with the
signature NumPy gives its kind:

    sum, prod, nansum, nanprod  (a, axis=None, dtype=None, out=None, keepdims=False)
    max, min, any, all          (a, axis=None, out=None, keepdims=False)
    argmax, argmin              (a, axis=None, out=None, *, keepdims=False)
"""
from .. import _core
from ._args import _a, _axis1, _ret

ndarray = _core.ndarray


def _sum_kind(name, impl):
    def f(a, axis=None, dtype=None, out=None, keepdims=False):
        return _ret(impl(_a(a), axis, bool(keepdims), dtype, out), out)
    return f


def _axes_kind(name, impl):
    def f(a, axis=None, out=None, keepdims=False):
        return _ret(impl(_a(a), axis, bool(keepdims), None, out), out)
    return f


def _arg_kind(name, impl):
    def f(a, axis=None, out=None, *, keepdims=False):
        return _ret(impl(_a(a), _axis1(axis), bool(keepdims), out), out)
    return f


def _arg_method(f):
    def m(self, axis=None, out=None, *, keepdims=False):
        return f(self, axis, out, keepdims=keepdims)
    m.__name__ = m.__qualname__ = f.__name__
    return m


_KINDS = {"sum": _sum_kind, "extremum": _axes_kind, "truth": _axes_kind, "arg": _arg_kind}
__all__ = []
for _name, _kind, _method in _core._reductions:
    _f = _KINDS[_kind](_name, getattr(_core, "_" + _name))
    _f.__name__ = _f.__qualname__ = _name
    _f.__doc__ = f"cunum.{_name}: numpy.{_name} on cunum arrays (a 0-d array for a full reduction)."
    globals()[_name] = _f
    __all__.append(_name)
    if _kind == "arg" and _method:  # the others are bound as methods in C++
        setattr(ndarray, _name, _arg_method(_f))
del _name, _kind, _method, _f

amax = max  # noqa: F821  (defined from the table above)
amin = min  # noqa: F821


__all__ += ["amax", "amin"]

_UFUNC_REDUCE = {"add": sum, "multiply": prod, "maximum": max,  # noqa: F821
                 "minimum": min, "logical_and": all, "logical_or": any}  # noqa: F821


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
