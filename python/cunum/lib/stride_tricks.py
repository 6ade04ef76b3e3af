"""numpy.lib.stride_tricks for cunum arrays: as_strided and
sliding_window_view, views of the array's device memory (nothing is copied).

Two differences from NumPy: cunum has no read-only arrays, so a view is
writable whatever `writeable` says (writing through overlapping windows is
undefined, as in NumPy); and as_strided refuses (ValueError) a view that
would reach outside the array's allocation, where NumPy would read whatever
memory lies there."""
from .. import _core
from .._routines.creation import asarray

__all__ = ["as_strided", "sliding_window_view"]


def as_strided(x, shape=None, strides=None, subok=False, writeable=True):
    """A view of x's memory with the given shape and byte strides, starting
    at x's first element (NumPy's defaults: x's own shape and strides)."""
    x = asarray(x)
    shape = x.shape if shape is None else tuple(shape)
    strides = x.strides if strides is None else tuple(strides)
    return _core._as_strided(x, shape, strides)


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """The windows of window_shape along axis (all axes when None) as new
    trailing dimensions of a strided view (NumPy's rules and messages)."""
    import numpy
    from numpy.lib.array_utils import normalize_axis_tuple
    window_shape = tuple(window_shape) if numpy.iterable(window_shape) else (window_shape,)
    x = asarray(x)
    if any(w < 0 for w in window_shape):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None:
        axis = tuple(range(x.ndim))
        if len(window_shape) != len(axis):
            raise ValueError(f"Since axis is `None`, must provide window_shape for all "
                             f"dimensions of `x`; got {len(window_shape)} window_shape "
                             f"elements and `x.ndim` is {x.ndim}.")
    else:
        axis = normalize_axis_tuple(axis, x.ndim, allow_duplicate=True)
        if len(window_shape) != len(axis):
            raise ValueError(f"Must provide matching length window_shape and axis; got "
                             f"{len(window_shape)} window_shape elements and {len(axis)} "
                             f"axes elements.")
    out_strides = x.strides + tuple(x.strides[ax] for ax in axis)
    trimmed = list(x.shape)
    for ax, dim in zip(axis, window_shape):
        if trimmed[ax] < dim:
            raise ValueError("window shape cannot be larger than input array shape")
        trimmed[ax] -= dim - 1
    return _core._as_strided(x, tuple(trimmed) + window_shape, out_strides)
