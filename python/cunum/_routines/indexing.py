"""Indexing routines with NumPy's signatures (NumPy's "Indexing routines"
chapter); the C++ side is python/src/bind_indexing.cpp."""
from .. import _core
from .._convert import asarray as _as
from ._args import _a, _ret

ndarray = _core.ndarray


def take(a, indices, axis=None, out=None, mode="raise"):
    return _ret(_core._take(_a(a), indices, axis, out, mode), out)


def _index_array(x, device):
    """indices= that is not a cunum array or a Python int, as NumPy converts
    it (to intp, same-kind casting): an integer or bool NumPy array or scalar
    keeps its dtype (uint64 wraps in the gather, as NumPy's cast does); a
    float or complex array is NumPy's TypeError; lists, Python floats and
    strings go through int() as NumPy's conversion does. Made on `device`
    (the array's)."""
    import numpy
    if isinstance(x, (numpy.ndarray, numpy.integer, numpy.bool_)):
        x = numpy.asarray(x)
        if x.dtype.kind not in "biu":
            what = "array data" if x.ndim else "scalar"
            raise TypeError(f"Cannot cast {what} from {x.dtype!r} to dtype('int64') "
                            "according to the rule 'same_kind'")
        return _as(x, device=device)
    return _as(numpy.array(x, dtype=numpy.intp), device=device)
