"""Indexing routines built on the primitives, with NumPy's signatures (part
of NumPy's "Indexing routines" chapter): where, choose, select, the diagonals
and triangles, index arrays. The C++ side is
python/src/bind_indexing_routines.cpp (cunum/indexing_routines.hpp)."""
import operator

from .. import _core
from .._convert import asarray as _as
from ._args import _a, _fusion, _ret

ndarray = _core.ndarray

_PY_SCALARS = (bool, int, float, complex)


def _operand(x, device=None):
    """An array, or a Python scalar kept weak (NEP 50)."""
    if isinstance(x, ndarray) or type(x) in _PY_SCALARS:
        return x
    return _as(x, device=device)


def where(condition, x=None, y=None, /):
    if x is None and y is None:
        from .. import nonzero  # integer-array indexing's nonzero (issue 9, advanced indexing)
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    if _fusion.var is not None and _fusion.var in (type(condition), type(x), type(y)):
        return _fusion.var._call("where", condition, x, y)  # inside cunum.fuse
    c = _a(condition)
    return _core._where(c, _operand(x, c.device), _operand(y, c.device))


def _int_array(a):
    import numpy
    if isinstance(a, ndarray):
        return a
    if isinstance(a, (numpy.ndarray, numpy.generic)):
        return _as(numpy.asarray(a))
    return _as(numpy.asarray(a))


def choose(a, choices, out=None, mode="raise"):
    a = _int_array(a)
    if isinstance(choices, ndarray):
        choices = [choices[i] for i in range(choices.shape[0])] if choices.ndim else [choices]
    else:
        choices = [_operand(c, a.device) for c in choices]
    return _ret(_core._choose(a, choices, out, mode), out)


def select(condlist, choicelist, default=0):
    conds = [_a(c) for c in condlist]
    choices = [_operand(c) for c in choicelist]
    return _core._select(conds, choices, _operand(default))


def diagonal(a, offset=0, axis1=0, axis2=1):
    return _core._diagonal(_a(a), offset, axis1, axis2)


def diag(v, k=0):
    return _core._diag(_a(v), k)


def diagflat(v, k=0):
    return _core._diagflat(_a(v), k)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return _ret(_core._trace(_a(a), offset, axis1, axis2, dtype, out), out)


def tri(N, M=None, k=0, dtype=float, *, like=None, device=None):
    return _core._tri(N, M, k, dtype, device)


def tril(m, k=0):
    return _core._tril(_a(m), k)


def triu(m, k=0):
    return _core._triu(_a(m), k)


def tril_indices(n, k=0, m=None, *, device=None):
    return tuple(_core._tri_indices(n, k, m, True, device))


def triu_indices(n, k=0, m=None, *, device=None):
    return tuple(_core._tri_indices(n, k, m, False, device))


def _tri_source(arr):
    # NumPy reads arr.ndim first: an int or a list is its AttributeError
    if not hasattr(arr, "ndim"):
        raise AttributeError(f"{type(arr).__name__!r} object has no attribute 'ndim'")
    return _a(arr)


def tril_indices_from(arr, k=0):
    return tuple(_core._tri_indices_from(_tri_source(arr), k, True))


def triu_indices_from(arr, k=0):
    return tuple(_core._tri_indices_from(_tri_source(arr), k, False))


def diag_indices(n, ndim=2, *, device=None):
    return tuple(_core._diag_indices(n, ndim, device))


def diag_indices_from(arr):
    return tuple(_core._diag_indices_from(_a(arr)))


def fill_diagonal(a, val, wrap=False):
    if not isinstance(a, ndarray):
        raise TypeError("fill_diagonal: a must be a cunum array (it is written in place)")
    _core._fill_diagonal(a, _operand(val, a.device), bool(wrap))


def mask_indices(n, mask_func, k=0):
    """NumPy's mask_indices (cunum::mask_indices): mask_func is called once
    on ones((n, n), int) and k."""
    return tuple(_core._mask_indices(operator.index(n), mask_func, k))


def indices(dimensions, dtype=int, sparse=False):
    r = _core._indices(tuple(dimensions), dtype, bool(sparse), None)
    return tuple(r) if sparse else r[0]


def _index_operand(x):
    import numpy
    if isinstance(x, ndarray):
        return x
    h = numpy.asarray(x)
    if h.dtype.kind not in "biu":
        raise TypeError("only int indices permitted")
    return _as(h)


def unravel_index(indices, shape, order="C"):
    if isinstance(shape, int) or not hasattr(shape, "__len__"):
        shape = (operator.index(shape),)
    return tuple(_core._unravel_index(_index_operand(indices), [operator.index(s) for s in shape],
                                      order))


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    if isinstance(dims, int) or not hasattr(dims, "__len__"):
        dims = (operator.index(dims),)
    arrays = [_index_operand(x) for x in multi_index]
    return _core._ravel_multi_index(arrays, [operator.index(s) for s in dims], mode, order)


def ix_(*args):
    import numpy
    out = []
    nd = len(args)
    for k, new in enumerate(args):
        if not isinstance(new, ndarray):
            h = numpy.asarray(new)
            if h.size == 0:
                h = h.astype(numpy.intp)
            new = _as(h)
        if new.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if new.dtype.kind == "b":
            new = _core._flat_true_positions(new)
        out.append(new.reshape((1,) * k + (new.size,) + (1,) * (nd - k - 1)))
    return tuple(out)
