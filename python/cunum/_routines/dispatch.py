"""NumPy's dispatch protocols on cunum.ndarray (NEP 13 __array_ufunc__, NEP 18
__array_function__): `np.sin(x)`, `np.mean(x)`, `np.linalg.norm(x)` on cunum
arrays run in cunum and return cunum arrays (docs/interop.md).

Note [NumPy dispatch]
A NumPy function or ufunc is mapped to cunum's of the same name in the
cunum module of the same path (numpy.linalg.norm -> cunum.linalg.norm), once:
the result is cached in a dict keyed by the NumPy object, so a call costs a
dict lookup on top of cunum's own call. What cunum lacks raises TypeError
naming the function: the array is never copied to the host behind the
user's back. As in CuPy, NumPy arrays mixed with cunum arrays are refused
with a TypeError (an implicit host-to-device copy per call would hide a slow
path); convert them with cunum.asarray first. Other array types get
NotImplemented, so their own protocol may answer.
"""
import functools

from .. import _core

ndarray = _core.ndarray
_FUNCTIONS = {}  # numpy function -> cunum function, or None when cunum lacks it
_UFUNCS = {}     # numpy ufunc -> cunum ufunc, or None
_numpy_ndarray = None


def _np_ndarray():
    global _numpy_ndarray
    if _numpy_ndarray is None:
        import numpy
        _numpy_ndarray = numpy.ndarray
    return _numpy_ndarray


def _resolve_function(func):
    import cunum
    path = (getattr(func, "__module__", None) or "").split(".")
    if not path or path[0] != "numpy":
        return None
    try:
        ns = functools.reduce(getattr, path[1:], cunum)
    except AttributeError:
        return None
    impl = getattr(ns, getattr(func, "__name__", ""), None)
    if impl is None or impl is func or not callable(impl):
        return None
    return impl


def _mixed(name, types):
    """TypeError (numpy arrays mixed in) or NotImplemented (another library's type)."""
    np_nd = _np_ndarray()
    for t in types:
        if not issubclass(t, ndarray):
            if issubclass(t, np_nd):
                return TypeError(f"{name}: a numpy.ndarray was passed with cunum arrays; cunum does not "
                                 "copy host arrays implicitly (as CuPy): convert it with cunum.asarray()")
            return NotImplemented
    return None


def array_function(self, func, types, args, kwargs):
    try:
        impl = _FUNCTIONS[func]
    except KeyError:
        impl = _FUNCTIONS[func] = _resolve_function(func)
    for t in types:
        if t is not ndarray:
            r = _mixed(f"numpy.{func.__name__}", types)
            if r is NotImplemented:
                return r
            if r is not None:
                raise r
            break
    if impl is None:
        raise TypeError(f"cunum has no implementation of {func.__module__}.{func.__name__}; it does not "
                        "copy arrays to the host implicitly (convert with x.get() to use NumPy's)")
    return impl(*args, **kwargs)


def _resolve_ufunc(ufunc):
    import cunum
    impl = getattr(cunum, ufunc.__name__, None)
    # A cunum ufunc, or a function where cunum's is not one (matmul, vecdot):
    # those serve calls, and their missing methods are TypeErrors below.
    return impl if callable(impl) and impl is not ufunc else None


def _foreign(inputs, kwargs):
    """The types of the array operands (inputs and out=) that are not cunum's.
    A 0-d NumPy array among the inputs counts as a scalar, as a NumPy scalar
    does (NumPy makes them everywhere: `numpy.asarray(3) < x`)."""
    np_nd = _np_ndarray()
    found = [type(x) for x in inputs if type(x) is not ndarray and hasattr(type(x), "__array_ufunc__")
             and not (isinstance(x, np_nd) and x.ndim == 0)]
    out = kwargs.get("out")
    if out is not None:
        found.extend(type(x) for x in (out if isinstance(out, tuple) else (out,))
                     if x is not None and type(x) is not ndarray)
    return found


def array_ufunc(self, ufunc, method, *inputs, **kwargs):
    try:
        impl = _UFUNCS[ufunc]
    except KeyError:
        impl = _UFUNCS[ufunc] = _resolve_ufunc(ufunc)
    foreign = _foreign(inputs, kwargs) if kwargs or len(inputs) != 1 else ()
    if foreign:
        r = _mixed(_ufunc_name(ufunc, method), foreign)
        if r is not None:
            if r is NotImplemented:
                return r
            raise r
    if impl is None:
        raise TypeError(f"cunum has no ufunc {ufunc.__name__!r} ({_ufunc_name(ufunc, method)} on a cunum "
                        "array); it does not copy arrays to the host implicitly")
    if kwargs:
        out = kwargs.get("out")
        if isinstance(out, tuple) and len(out) == 1:  # NumPy always passes out= as a tuple
            kwargs["out"] = out[0]
    if method == "__call__":
        return impl(*inputs, **kwargs)
    m = getattr(impl, method, None)
    if m is None:
        raise TypeError(f"cunum has no {_ufunc_name(ufunc, method)}")
    return m(*inputs, **kwargs)


def _ufunc_name(ufunc, method):
    return f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
