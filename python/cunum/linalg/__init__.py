"""cunum.linalg: NumPy's numpy.linalg on the GPU (cuBLAS, cuSOLVER) and the
CPU (OpenBLAS and its LAPACK); docs/linalg.md.

Routines that can find a singular or non-positive-definite matrix (solve,
inv, cholesky, svd) read LAPACK's info back to raise LinAlgError: one wait
for the device per call, as in CuPy. det and slogdet never wait.
"""
import collections as _collections
import operator as _operator

from .. import _core
from .._routines._args import _a
from .._routines.linalg import matmul, matrix_power, tensordot, vecdot  # noqa: F401
from .._routines.manipulation import matrix_transpose  # noqa: F401
from .._routines.indexing_routines import diagonal as _diagonal

SlogdetResult = _collections.namedtuple("SlogdetResult", ["sign", "logabsdet"])
SVDResult = _collections.namedtuple("SVDResult", ["U", "S", "Vh"])

__all__ = ["LinAlgError", "matmul", "matrix_power", "tensordot", "vecdot", "matrix_transpose", "diagonal",
           "outer", "cross", "multi_dot", "vector_norm", "matrix_norm", "norm", "inv", "solve", "det",
           "slogdet", "cholesky", "svd", "svdvals"]


def __getattr__(name):
    # NumPy's own exception class (as CuPy), imported on first use (Note [Lazy NumPy]).
    if name == "LinAlgError":
        import numpy.linalg
        globals()["LinAlgError"] = numpy.linalg.LinAlgError
        return numpy.linalg.LinAlgError
    raise AttributeError(f"module 'cunum.linalg' has no attribute {name!r}")


def diagonal(x, /, *, offset=0):
    return _diagonal(x, offset, -2, -1)


def outer(x1, x2, /):
    x1, x2 = _a(x1), _a(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f"Input arrays must be one-dimensional, but they are {x1.ndim=} and {x2.ndim=}.")
    return _core._outer(x1, x2, None)


def cross(x1, x2, /, *, axis=-1):
    return _core._cross(_a(x1), _a(x2), _operator.index(axis))


def multi_dot(arrays, *, out=None):
    return _core._multi_dot([_a(x) for x in arrays], out)


def _ord(ord):
    if ord is None or isinstance(ord, str):
        return ord
    return float(ord)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    if isinstance(ord, str):
        raise ValueError(f"Invalid norm order '{ord}' for vectors")
    return _core._vector_norm(_a(x), axis, bool(keepdims), float(ord))


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    return _core._matrix_norm(_a(x), _ord(ord), bool(keepdims))


def norm(x, ord=None, axis=None, keepdims=False):
    if axis is not None and not isinstance(axis, tuple):
        try:
            axis = _operator.index(axis)
        except TypeError:
            raise TypeError("'axis' must be None, an integer or a tuple of integers") from None
    return _core._norm(_a(x), _ord(ord), axis, bool(keepdims))


def inv(a):
    return _core._inv(_a(a))


def solve(a, b):
    return _core._solve(_a(a), _a(b))


def det(a):
    return _core._det(_a(a))


def slogdet(a):
    return SlogdetResult(*_core._slogdet(_a(a)))


def cholesky(a, /, *, upper=False):
    return _core._cholesky(_a(a), bool(upper))


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    u, s, vh = _core._svd(_a(a), bool(full_matrices), bool(compute_uv), bool(hermitian))
    return SVDResult(u, s, vh) if compute_uv else s


def svdvals(x, /):
    return _core._svdvals(_a(x))
