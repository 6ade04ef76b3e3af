"""Mathematical functions beyond the ufuncs, with NumPy's signatures (NumPy's
"Mathematical functions" chapter): the sums and products along an axis. The
C++ side is python/src/bind_mathematical.cpp."""
from .. import _core
from ._args import _a, _ret


def cumsum(a, axis=None, dtype=None, out=None):
    return _ret(_core._cumsum(_a(a), axis, dtype, out), out)


def cumprod(a, axis=None, dtype=None, out=None):
    return _ret(_core._cumprod(_a(a), axis, dtype, out), out)


def nancumsum(a, axis=None, dtype=None, out=None):
    return _ret(_core._nancumsum(_a(a), axis, dtype, out), out)


def nancumprod(a, axis=None, dtype=None, out=None):
    return _ret(_core._nancumprod(_a(a), axis, dtype, out), out)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    return _ret(_core._cumulative_sum(_a(x), axis, dtype, out, include_initial), out)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    return _ret(_core._cumulative_prod(_a(x), axis, dtype, out, include_initial), out)
