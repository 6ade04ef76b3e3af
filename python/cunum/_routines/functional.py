"""Functional programming (NumPy's chapter): apply_along_axis and
apply_over_axes. Both call a Python function on cunum arrays (slices of the
input, each a device view), so the data stays on the device; the loop over the
slices runs on the host, as in NumPy."""
import itertools

from .. import _core

ndarray = _core.ndarray


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """func1d applied to the 1-d slices of arr along axis (NumPy's rules:
    the result's axes replace axis, a first call fixes its shape and dtype)."""
    import numpy
    from .creation import asarray, zeros_like
    arr = asarray(arr)
    nd = arr.ndim
    if not -nd <= axis < nd:
        raise numpy.exceptions.AxisError(axis, nd)
    axis %= nd
    in_dims = list(range(nd))
    view = arr.transpose(in_dims[:axis] + in_dims[axis + 1:] + [axis])
    inds = (ind + (Ellipsis,) for ind in itertools.product(*map(range, view.shape[:-1])))
    try:
        ind0 = next(inds)
    except StopIteration:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0") from None
    res = asarray(func1d(view[ind0], *args, **kwargs))
    buff = zeros_like(res, shape=view.shape[:-1] + res.shape)
    buff_dims = list(range(buff.ndim))
    buff_permute = (buff_dims[0:axis] + buff_dims[buff.ndim - res.ndim:buff.ndim]
                    + buff_dims[axis:buff.ndim - res.ndim])
    buff[ind0] = res
    for ind in inds:
        buff[ind] = asarray(func1d(view[ind], *args, **kwargs))
    return buff.transpose(buff_permute)


def apply_over_axes(func, a, axes):
    """func(a, axis) applied over each of axes in turn, a dropped axis put back
    (NumPy's rules: the result keeps a's number of dimensions)."""
    import numpy
    from .creation import asarray
    from .manipulation import expand_dims
    val = asarray(a)
    N = a.ndim
    if (axes.ndim if isinstance(axes, ndarray) else numpy.ndim(axes)) == 0:
        axes = (axes,)
    for axis in axes:
        if axis < 0:
            axis = N + axis
        res = func(val, axis)
        if res.ndim != val.ndim:
            res = expand_dims(res, axis)
            if res.ndim != val.ndim:
                raise ValueError("function is not returning an array of the correct shape")
        val = res
    return val


def piecewise(x, condlist, funclist, *args, **kw):
    """NumPy's piecewise. A scalar in funclist is written where its condition
    holds; a callable gets x[cond] (a boolean index: its size is read back
    from the device, one wait a callable) and its result is written there.
    With one function more than conditions, the last applies where none holds."""
    from .creation import asarray, zeros_like
    from .manipulation import concatenate
    x = asarray(x)
    n2 = len(funclist)
    # NumPy's undocumented rule: one condition (a scalar, or an array of x's
    # elements) is made a list of one
    import numpy
    if numpy.isscalar(condlist) or (not isinstance(condlist[0], (list, ndarray)) and x.ndim != 0):
        condlist = [condlist]
    condlist = asarray(condlist, dtype=bool)
    n = len(condlist)
    if n == n2 - 1:
        import cunum
        condelse = ~cunum.any(condlist, axis=0, keepdims=True)
        condlist = concatenate([condlist, condelse], axis=0)
        n += 1
    elif n != n2:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")
    y = zeros_like(x)
    for cond, func in zip(condlist, funclist):
        if not callable(func):
            y[cond] = func
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return y
