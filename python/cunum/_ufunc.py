"""Python-level methods of cunum.ufunc, attached here and nowhere else (the
type and its __call__ are C++: python/src/bind_ufuncs.cpp): reduce,
accumulate, reduceat, outer and at for every ufunc (python/src/bind_ufunc_methods.cpp,
docs/ufunc-methods.md)."""
from . import _core
from ._routines._args import _NoValue, _a
_PY_SCALARS = (int, float, complex, bool)


def _single_out(out, method):
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    if out is not None and not isinstance(out, _core.ndarray):
        raise TypeError("output must be an array")
    return out


def _install():
    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
        out = _single_out(out, "reduce")
        r = _core._ufunc_reduce(self.__name__, _a(array), axis, dtype, out, bool(keepdims),
                                initial is not _NoValue, None if initial is _NoValue else initial,
                                where if where is True else _a(where))
        return r if out is None else out

    def accumulate(self, array, axis=0, dtype=None, out=None):
        out = _single_out(out, "accumulate")
        r = _core._ufunc_accumulate(self.__name__, _a(array), axis, dtype, out)
        return r if out is None else out

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        """Checks the indices on the host (one wait for the device)."""
        out = _single_out(out, "reduceat")
        r = _core._ufunc_reduceat(self.__name__, _a(array), _a(indices), axis, dtype, out)
        return r if out is None else out

    def outer(self, A, B, /, **kwargs):
        _core._ufunc_outer_ok(self.__name__)
        a, b = _a(A), _a(B)
        return self(a.reshape(a.shape + (1,) * b.ndim), b, **kwargs)

    def at(self, a, indices, b=None, /):
        if not isinstance(a, _core.ndarray):
            raise TypeError("first operand must be a cunum array")
        if isinstance(indices, list):
            # one index array, converted as x[list] is (an empty list is intp)
            from ._routines.indexing import _key_array
            indices = _key_array(indices, a.device)
        _core._ufunc_at(self.__name__, a, indices,
                        None if b is None else (b if isinstance(b, _PY_SCALARS) else _a(b)))

    _core.ufunc.reduce = reduce
    _core.ufunc.accumulate = accumulate
    _core.ufunc.reduceat = reduceat
    _core.ufunc.outer = outer
    _core.ufunc.at = at


_install()
