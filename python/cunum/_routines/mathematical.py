"""Mathematical functions beyond the ufuncs, with NumPy's signatures (NumPy's
"Mathematical functions" chapter): the sums and products along an axis. The
C++ side is python/src/bind_mathematical.cpp."""
from .. import _core
from ._args import _NoValue, _a, _fusion, _ret, _traced


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


# ---------------------------------------------------------------- rounding, clipping
# (C++: src/routines/math_rounding.cpp)
_CLIP_KWARGS = ("where", "dtype", "casting", "order", "subok")


@_traced
def around(a, decimals=0, out=None):
    return _ret(_core._around(_a(a), decimals, out), out)


@_traced
def round(a, decimals=0, out=None):  # noqa: A001  (NumPy's name)
    return _ret(_core._around(_a(a), decimals, out), out)


@_traced
def fix(x, out=None):
    return _ret(_core._fix(_a(x), out), out)


def _clip(a, lo, hi, out, kwargs):
    for k in kwargs:
        if k not in _CLIP_KWARGS:
            raise TypeError(f"'{k}' is an invalid keyword to ufunc 'clip'")
    return _ret(_core._clip(a, lo, hi, out, kwargs.get("where"), kwargs.get("dtype"),
                            kwargs.get("casting")), out)


def clip(a, a_min=_NoValue, a_max=_NoValue, out=None, *, min=_NoValue, max=_NoValue, **kwargs):  # noqa: A002
    if a_min is _NoValue and a_max is _NoValue:
        a_min = None if min is _NoValue else min
        a_max = None if max is _NoValue else max
    elif a_min is _NoValue:
        raise TypeError("clip() missing 1 required positional argument: 'a_min'")
    elif a_max is _NoValue:
        raise TypeError("clip() missing 1 required positional argument: 'a_max'")
    elif min is not _NoValue or max is not _NoValue:
        raise ValueError("Passing `min` or `max` keyword argument when `a_min` and `a_max` are "
                         "provided is forbidden.")
    if _fusion.var is not None and _fusion.var in (type(a), type(a_min), type(a_max)):
        if out is not None or kwargs:
            raise TypeError("cunum.fuse: out= and keywords of clip are not supported in a fused function")
        tracer = next(v._tracer for v in (a, a_min, a_max) if type(v) is _fusion.var)
        return tracer.clip(a, a_min, a_max)  # inside cunum.fuse
    return _clip(_a(a), a_min, a_max, out, kwargs)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    if any(getattr(v, "ndim", 0) > 0 or isinstance(v, (list, tuple)) for v in (nan, posinf, neginf)):
        r = _nan_to_num_arrays(_a(x), copy, nan, posinf, neginf)
    else:
        r = _core._nan_to_num(_a(x), bool(copy), nan, posinf, neginf)
    # copy=False: NumPy returns the very array it was given (a 0-d one as a scalar).
    return x if not copy and isinstance(x, _core.ndarray) and x.ndim else r


def _nan_to_num_arrays(x, copy, nan, posinf, neginf):
    """nan_to_num with arrays of replacements: NumPy's steps, a copyto of
    each (broadcast to x) where x (its real and imaginary parts) is nan, +inf
    or -inf."""
    import numpy
    from .._core import isnan
    from .creation import copyto
    from .logic import isneginf, isposinf
    if copy:
        x = x.copy()
    if x.dtype.kind not in "fc":
        return x
    info = numpy.finfo(x.real.dtype)
    maxf = info.max if posinf is None else posinf
    minf = info.min if neginf is None else neginf
    for d in ((x.real, x.imag) if x.dtype.kind == "c" else (x,)):
        m_nan, m_pos, m_neg = isnan(d), isposinf(d), isneginf(d)
        copyto(d, _a(nan), where=m_nan)
        copyto(d, _a(maxf), where=m_pos)
        copyto(d, _a(minf), where=m_neg)
    return x


# ---------------------------------------------------------------- complex numbers
@_traced
def real(val):
    v = _a(val)
    # NumPy's val.real of a real array is the array itself.
    return v if v is val and v.dtype.kind != "c" else v.real


@_traced
def imag(val):
    return _a(val).imag


@_traced
def angle(z, deg=False):
    return _core._angle(_a(z), bool(deg))


def real_if_close(a, tol=100):
    """Waits for the device: whether every imaginary part is small picks the result's dtype."""
    return _core._real_if_close(_a(a), float(tol))


# ---------------------------------------------------------------- special functions
@_traced
def sinc(x):
    return _core._sinc(_a(x))


@_traced
def i0(x):
    return _core._i0(_a(x))


# ---------------------------------------------------------------- differences, integrals
# (C++: src/routines/math_differences.cpp, math_interp.cpp)
def diff(a, n=1, axis=-1, prepend=_NoValue, append=_NoValue):
    return _core._diff(_a(a), n, axis, None if prepend is _NoValue else _a(prepend),
                       None if append is _NoValue else _a(append))


def ediff1d(ary, to_end=None, to_begin=None):
    return _core._ediff1d(_a(ary), None if to_end is None else _a(to_end),
                          None if to_begin is None else _a(to_begin))


def gradient(f, *varargs, axis=None, edge_order=1):
    """Coordinate arrays always take NumPy's non-uniform formula (NumPy first
    checks them for equal steps, a wait for the device); the two agree up to rounding."""
    f = _a(f)
    spacing = [v if isinstance(v, (int, float, complex)) or v is None else _a(v) for v in varargs]
    r = _core._gradient(f, spacing, axis, edge_order)
    return r[0] if len(r) == 1 else tuple(r)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    return _core._trapezoid(_a(y), None if x is None else _a(x),
                            dx if isinstance(dx, (int, float, complex)) else _a(dx), axis)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    a, b = _a(a), _a(b)
    if a.ndim >= 1 and b.ndim >= 1:
        try:
            na = a.shape[axisa if axis is None else axis]
            nb = b.shape[axisb if axis is None else axis]
        except IndexError:
            na = nb = 3
        if (na in (2, 3) and nb in (2, 3)) and (na == 2 or nb == 2):
            import numpy
            if numpy.lib.NumpyVersion(numpy.__version__) >= "2.5.0":  # NumPy 2.5 removed them
                raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, "
                                 f"but they are {na} and {nb} dimensional instead.")
            import warnings
            warnings.warn("Arrays of 2-dimensional vectors are deprecated. Use arrays of "
                          "3-dimensional vectors instead. (deprecated in NumPy 2.0)",
                          DeprecationWarning, stacklevel=2)
    return _core._cross(a, b, axisa, axisb, axisc, axis)


def unwrap(p, discont=None, axis=-1, *, period=6.283185307179586):
    return _core._unwrap(_a(p), discont, axis, period)


def interp(x, xp, fp, left=None, right=None, period=None):
    """Piecewise-linear interpolation; the intervals are found by a device
    searchsorted. A 0-d array where NumPy returns a scalar (no wait)."""
    return _core._interp(_a(x), _a(xp), _a(fp), left, right, period)
