"""Reductions with NumPy's signatures. Results are cunum arrays (0-d for a full
reduction), as in CuPy: no host synchronisation.

One function per row of the C++ reduction table (CUNUM_FOR_EACH_REDUCTION in
include/cunum/reduction_list.hpp, exported as ``_core._reductions``), with the
signature NumPy gives its kind:

    sum, prod, nansum, nanprod  (a, axis=None, dtype=None, out=None, keepdims=False)
    max, min                    (a, axis=None, out=None, keepdims=False)
    any, all                    (a, axis=None, out=None, keepdims=False, *, where=True)
    argmax, argmin              (a, axis=None, out=None, *, keepdims=False, dtype=None: CuPy's)
"""
from .. import _core
from ._args import _a, _axis1, _fusion, _ret


def _sum_kind(name, impl):
    def f(a, axis=None, dtype=None, out=None, keepdims=False):
        if type(a) is _fusion.var:
            return a._reduce(name, axis=axis, dtype=dtype, out=out, keepdims=keepdims)
        return _ret(impl(_a(a), axis, bool(keepdims), dtype, out), out)
    return f


def _axes_kind(name, impl):
    def f(a, axis=None, out=None, keepdims=False):
        if type(a) is _fusion.var:
            return a._reduce(name, axis=axis, out=out, keepdims=keepdims)
        return _ret(impl(_a(a), axis, bool(keepdims), None, out), out)
    return f


def _arg_kind(name, impl):
    def f(a, axis=None, out=None, *, keepdims=False, dtype=None):
        if type(a) is _fusion.var:
            return a._reduce(name, axis=axis, out=out, keepdims=keepdims)
        r = impl(_a(a), _axis1(axis), bool(keepdims), out)
        if dtype is not None and out is None:
            # CuPy's dtype= (keyword-only here: NumPy's third argument is out):
            # the indices in that integer type.
            r = r.astype(dtype, copy=False)
        return _ret(r, out)
    return f


def _truth_kind(name, impl):
    def f(a, axis=None, out=None, keepdims=False, *, where=True):
        if type(a) is _fusion.var:
            return a._reduce(name, axis=axis, out=out, keepdims=keepdims)
        a = _a(a)
        if where is not True:
            # NumPy's where=: the elements left out count as False for any and
            # True for all (the reduction's identity), composed on the device
            w = _core._broadcast_to(_a(where), a.shape)
            a = (_core.logical_and(a != 0, w) if name == "any"
                 else _core.logical_or(a != 0, _core.logical_not(w)))
        return _ret(impl(a, axis, bool(keepdims), None, out), out)
    return f


_KINDS = {"sum": _sum_kind, "extremum": _axes_kind, "truth": _truth_kind, "arg": _arg_kind}
__all__ = []
for _name, _kind, _method in _core._reductions:
    if _kind not in _KINDS:  # internal rows ("moment": var/std, statistics.py)
        continue
    _f = _KINDS[_kind](_name, getattr(_core, "_" + _name))
    _f.__name__ = _f.__qualname__ = _name
    _f.__doc__ = f"cunum.{_name}: numpy.{_name} on cunum arrays (a 0-d array for a full reduction)."
    globals()[_name] = _f
    __all__.append(_name)
del _name, _kind, _method, _f

amax = max  # noqa: F821  (defined from the table above)
amin = min  # noqa: F821
__all__ += ["amax", "amin"]
