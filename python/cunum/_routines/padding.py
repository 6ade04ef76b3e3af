"""NumPy's pad (its "Padding arrays" chapter) with NumPy's signature; the
C++ side is python/src/bind_tiling.cpp (cunum/padding.hpp). The pad widths,
values and lengths are small host parameters, parsed here with NumPy's rules;
the data never leaves the device."""
import operator

from .. import _core
from .._convert import to_numpy_dtype
from ._args import _a

ndarray = _core.ndarray

_ALLOWED = {
    "empty": (), "edge": (), "wrap": (),
    "constant": ("constant_values",),
    "linear_ramp": ("end_values",),
    "maximum": ("stat_length",), "mean": ("stat_length",),
    "median": ("stat_length",), "minimum": ("stat_length",),
    "reflect": ("reflect_type",), "symmetric": ("reflect_type",),
}


def _pairs(x, ndim, as_index=False):
    """NumPy's rule for pad_width and the per-axis keywords: a scalar, one
    (before, after) pair, or one pair per axis, as a list of ndim pairs
    (rounded to int and checked >= 0 with as_index). As in NumPy, one value
    or one pair stays a NumPy scalar (strong: its dtype counts in linear_ramp
    and its conversion into constant fills is NumPy's); one pair per axis
    becomes Python scalars (weak)."""
    import numpy
    if x is None:
        return [(None, None)] * ndim
    x = numpy.array(x)
    if as_index:
        x = numpy.round(x).astype(numpy.intp, copy=False)
    if x.ndim < 3:
        if x.size == 1:
            x = x.ravel()
            if as_index and x[0] < 0:
                raise ValueError("index can't contain negative values")
            v = x[0].item() if as_index else x[0]
            return [(v, v)] * ndim
        if x.size == 2 and x.shape != (2, 1):
            x = x.ravel()
            if as_index and (x[0] < 0 or x[1] < 0):
                raise ValueError("index can't contain negative values")
            return [(x[0].item(), x[1].item()) if as_index else (x[0], x[1])] * ndim
    if as_index and x.min() < 0:
        raise ValueError("index can't contain negative values")
    return [tuple(p) for p in numpy.broadcast_to(x, (ndim, 2)).tolist()]


def _widths(pad_width, ndim):
    if type(pad_width) is int and pad_width >= 0:  # the common case, without NumPy's parsing
        return [(pad_width, pad_width)] * ndim
    import numpy
    if isinstance(pad_width, dict):
        seq = [(0, 0)] * ndim
        for axis, width in pad_width.items():
            if isinstance(width, int):
                seq[axis] = (width, width)
            elif (isinstance(width, tuple) and len(width) == 2
                  and all(isinstance(v, int) for v in width)):
                seq[axis] = width
            else:
                raise TypeError(f"invalid pad width for axis {axis}: {width!r}")
        pad_width = seq
    pw = numpy.asarray(pad_width)
    if pw.dtype.kind != "i":
        raise TypeError("`pad_width` must be of integral type.")
    return _pairs(pw, ndim, as_index=True)


def _stored(values, dtype, ndim):
    """constant_values as NumPy stores them into the array (its setitem
    rules: out-of-range Python ints and NaN into integers raise), as Python
    scalars already of the array's kind. A NumPy cell on the host does the
    conversion: no device array, no transfer, no synchronisation."""
    import numpy
    pairs = _pairs(values, ndim)
    cell = numpy.empty((), to_numpy_dtype(dtype))
    done = {}  # id -> stored value: one value repeated over the axes converts once
    out = []
    for p in pairs:
        q = []
        for v in p:
            if id(v) not in done:
                cell[()] = v
                done[id(v)] = cell.item()
            q.append(done[id(v)])
        out.append(tuple(q))
    return out


def pad(array, pad_width, mode="constant", **kwargs):
    a = _a(array)
    widths = _widths(pad_width, a.ndim)
    if callable(mode):
        return _pad_callable(a, widths, mode, kwargs)
    try:
        allowed = _ALLOWED[mode]
    except (KeyError, TypeError):
        raise ValueError(f"mode '{mode}' is not supported") from None
    unsupported = set(kwargs) - set(allowed)
    if unsupported:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    constant = end = stat = None
    if mode == "constant":
        constant = _stored(kwargs.get("constant_values", 0), a.dtype, a.ndim)
    elif mode == "linear_ramp":
        end = _pairs(kwargs.get("end_values", 0), a.ndim)
    elif mode in ("maximum", "mean", "median", "minimum"):
        stat = _pairs(kwargs.get("stat_length"), a.ndim, as_index=True)
    odd = mode in ("reflect", "symmetric") and kwargs.get("reflect_type", "even") == "odd"
    return _core._pad(a, widths, mode, constant, end, stat, odd)


def _pad_callable(a, widths, function, kwargs):
    """NumPy's callable mode: the array padded with zeros, then function(vector,
    iaxis_pad_width, iaxis, kwargs) called on every 1-d line along each axis
    in turn, writing into the line (a view)."""
    import itertools
    padded = _core._pad(a, widths, "constant", None, None, None, False)
    for axis in range(padded.ndim):
        view = _core._moveaxis(padded, [axis], [-1])
        for ind in itertools.product(*(range(n) for n in view.shape[:-1])):
            function(view[ind + (Ellipsis,)], widths[axis], axis, kwargs)
    return padded
