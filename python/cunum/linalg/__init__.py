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
from .._routines.array_api import linalg_trace as trace  # noqa: F401  (the array API's: last two axes)
from .._routines.indexing_routines import diagonal as _diagonal

SlogdetResult = _collections.namedtuple("SlogdetResult", ["sign", "logabsdet"])
SVDResult = _collections.namedtuple("SVDResult", ["U", "S", "Vh"])

__all__ = ["LinAlgError", "matmul", "matrix_power", "tensordot", "vecdot", "matrix_transpose", "diagonal",
           "outer", "cross", "multi_dot", "vector_norm", "matrix_norm", "norm", "inv", "solve", "det",
           "slogdet", "cholesky", "svd", "svdvals", "eigh", "eigvalsh", "qr", "pinv", "matrix_rank", "cond",
           "lstsq", "tensorsolve", "tensorinv", "eig", "eigvals", "trace"]

EigResult = _collections.namedtuple("EigResult", ["eigenvalues", "eigenvectors"])
EighResult = _collections.namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
QRResult = _collections.namedtuple("QRResult", ["Q", "R"])
_NoValue = object()


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
    # NumPy returns the very `out` object it was given.
    r = _core._multi_dot([_a(x) for x in arrays], out)
    return r if out is None else out


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


def _uplo(UPLO):
    u = str(UPLO).upper()
    if u not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return u == "L"


def eigh(a, UPLO="L"):
    w, v = _core._eigh(_a(a), _uplo(UPLO), True)
    return EighResult(w, v)


def eigvalsh(a, UPLO="L"):
    return _core._eigh(_a(a), _uplo(UPLO), False)[0]


def qr(a, mode="reduced"):
    q, r = _core._qr(_a(a), str(mode))
    if mode == "r":
        return r
    if mode == "raw":
        return q, r
    return QRResult(q, r)


def _real_scalar(x, name):
    try:
        return float(x)
    except TypeError:
        raise TypeError(f"cunum: {name} must be a real number (an array of {name} is not supported)") from None


def pinv(a, rcond=None, hermitian=False, *, rtol=_NoValue):
    a = _a(a)
    if rcond is None:
        if rtol is _NoValue:
            rcond = 1e-15
        elif rtol is None:
            import numpy
            rcond = max(a.shape[-2:]) * numpy.finfo(numpy.result_type(a.dtype, numpy.float64)
                                                    if a.dtype.kind not in "fc" else a.dtype).eps
        else:
            rcond = rtol
    elif rtol is not _NoValue:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    if a.ndim >= 2 and a.shape[-1] * a.shape[-2] == 0:
        # NumPy: the empty (n, m) stack in a's own dtype, no SVD.
        from .._routines.creation import empty
        return empty(a.shape[:-2] + (a.shape[-1], a.shape[-2]), dtype=a.dtype, device=a.device)
    if _is_array(rcond):
        return _pinv_rcond_array(a, _a(rcond), hermitian)
    return _core._pinv(a, _real_scalar(rcond, "rcond"), bool(hermitian))


def _is_array(x):
    # An rcond of one value per matrix of the stack (ndim >= 1), not a scalar.
    return getattr(x, "ndim", 0) > 0 or isinstance(x, (list, tuple))


def _shape_str(shape):
    return "(" + ",".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def _pinv_rcond_array(a, rcond, hermitian):
    """pinv with one cut-off per matrix, NumPy's steps composed: singular
    values at most rcond * max(s) count as zero."""
    from .._routines.indexing_routines import where
    from .._routines.manipulation import swapaxes
    u, s, vt = svd(a.conj(), full_matrices=False, hermitian=hermitian)
    large = s > rcond[..., None] * s.max(axis=-1, keepdims=True)
    if large.shape != s.shape:  # NumPy divides into s in place
        raise ValueError(f"non-broadcastable output operand with shape {_shape_str(s.shape)} doesn't match the "
                         f"broadcast shape {_shape_str(large.shape)}")
    s = where(large, 1 / where(large, s, 1), 0).astype(s.dtype)
    return matmul(swapaxes(vt, -1, -2), s[..., None] * swapaxes(u, -1, -2))


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    A = _a(A)
    r = _core._matrix_rank(A, None if tol is None else _real_scalar(tol, "tol"), bool(hermitian),
                           None if rtol is None else _real_scalar(rtol, "rtol"))
    return int(r) if A.ndim < 2 else r  # NumPy's Python int for a vector (one wait)


def cond(x, p=None):
    return _core._cond(_a(x), _ord(p))


def lstsq(a, b, rcond=None):
    """NumPy's lstsq on the SVD. The number of residuals depends on the rank,
    so the call waits for the device once; the rank is a 0-d int32 array
    (NumPy's is an int32 scalar; CuPy's a 0-d array)."""
    from .._routines.creation import asarray
    x, res, rank, s = _core._lstsq(_a(a), _a(b), None if rcond is None else _real_scalar(rcond, "rcond"))
    return x, res, asarray(rank, dtype="int32", device=x.device), s


def tensorsolve(a, b, axes=None):
    return _core._tensorsolve(_a(a), _a(b), axes)


def tensorinv(a, ind=2):
    return _core._tensorinv(_a(a), _operator.index(ind))


def _real_if_real():
    # NumPy before 2.5 returns real results for real input whose eigenvalues
    # are all real; 2.5 always complex ones. cunum follows the NumPy installed
    # (the older rule waits for the device once to decide).
    import numpy
    return numpy.lib.NumpyVersion(numpy.__version__) < "2.5.0"


def eig(a):
    """NumPy's eig (complex results; real ones for real input with real
    eigenvalues under NumPy < 2.5, which waits for the device once)."""
    w, v = _core._eig(_a(a), True, _real_if_real())
    return EigResult(w, v)


def eigvals(a):
    return _core._eig(_a(a), False, _real_if_real())[0]
