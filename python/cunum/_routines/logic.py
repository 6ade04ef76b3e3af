"""Logic functions (NumPy's chapter) beyond the ufuncs, with NumPy's
signatures, and the memory-overlap tests of NumPy's "Miscellaneous
routines". The C++ side is python/src/bind_logic.cpp.

allclose, array_equal and array_equiv return 0-d bool arrays, as CuPy's
(documented there: "A boolean 0-dim array"): the answer stays on the device
and nothing waits for it; ``bool(r)`` or ``r.item()`` waits. NumPy returns
a Python bool."""
import numbers

from .. import _core
from ._args import _a, _ret

_PY_SCALARS = (int, float, complex)


def _operand(x):
    return x if isinstance(x, _PY_SCALARS) else _a(x)


def isclose(a, b, rtol=1.e-5, atol=1.e-8, equal_nan=False):
    return _core._isclose(_operand(a), _operand(b), _operand(rtol), _operand(atol), bool(equal_nan))


def allclose(a, b, rtol=1.e-5, atol=1.e-8, equal_nan=False):
    return _core._allclose(_operand(a), _operand(b), _operand(rtol), _operand(atol), bool(equal_nan))


def array_equal(a1, a2, equal_nan=False):
    return _core._array_equal(_a(a1), _a(a2), bool(equal_nan))


def array_equiv(a1, a2):
    return _core._array_equiv(_a(a1), _a(a2))


def iscomplex(x):
    return _core._iscomplex(_a(x))


def isreal(x):
    return _core._isreal(_a(x))


def _dtype_of(x):
    d = getattr(x, "dtype", None)
    return d if d is not None else _a(x).dtype


def iscomplexobj(x):
    return _dtype_of(x).kind == "c"


def isrealobj(x):
    return not iscomplexobj(x)


def isscalar(element):
    """NumPy's rule: a NumPy scalar, a Python number, str, bytes or memoryview
    (never an array, 0-d included)."""
    if isinstance(element, (numbers.Number, str, bytes, memoryview)):
        return True
    if type(element).__module__ == "numpy":
        import numpy
        return isinstance(element, numpy.generic)
    return False


def isfortran(a):
    f = a.flags
    return bool(f.f_contiguous and not f.c_contiguous)


def _max_work(max_work, default):
    if max_work is None:
        return default
    return int(max_work)


def shares_memory(a, b, max_work=None):
    """Exact by default (a search over the layouts only: no data is read)."""
    if not (isinstance(a, _core.ndarray) and isinstance(b, _core.ndarray)):
        return False
    r = _core._shares_memory(a, b, _max_work(max_work, -1))
    if r < 0:
        from numpy.exceptions import TooHardError
        raise TooHardError("Exceeded max_work")
    return bool(r)


def may_share_memory(a, b, max_work=None):
    if not (isinstance(a, _core.ndarray) and isinstance(b, _core.ndarray)):
        return False
    return _core._shares_memory(a, b, _max_work(max_work, 0)) != 0


def isnat(x, /, out=None, *, where=True, casting="same_kind", order="K", dtype=None, subok=True):
    """NumPy's isnat. NumPy defines it for datetime64 and timedelta64 only and
    raises TypeError for every other dtype; cunum has no datetime dtypes, so
    for every array it can hold the answer is that TypeError (a NumPy
    datetime array is refused by the conversion, with its own TypeError)."""
    _a(x)
    raise TypeError("ufunc 'isnat' is only defined for np.datetime64 and np.timedelta64.")


def isposinf(x, out=None):
    """True where x is +inf (isinf and not the sign bit); complex input is
    NumPy's TypeError."""
    return _ret(_core._isposinf(_a(x), out), out)


def isneginf(x, out=None):
    """True where x is -inf (isinf and the sign bit); complex input is NumPy's
    TypeError."""
    return _ret(_core._isneginf(_a(x), out), out)
