"""cupyx.empty_pinned, empty_like_pinned, zeros_pinned, zeros_like_pinned:
NumPy arrays whose memory is pinned (page-locked) host memory, from
cunum.cuda.alloc_pinned_memory (cunum's pinned pool unless
cunum.cuda.set_pinned_memory_allocator says otherwise). Copies between them
and the device run at the full speed of the bus and may be asynchronous.

Without a usable CUDA device (the CPU backend) they are ordinary NumPy
arrays: there is no pinned memory to give, and nothing would gain from it.
"""
import cunum
from cunum._lazy_numpy import LazyNumpy
from cunum.cuda import pinned_memory

numpy = LazyNumpy(globals())  # NumPy at the first call: `import cunumx` stays light


def _pinned_array(shape, dtype, strides):
    shape = tuple(int(n) for n in shape)
    itemsize = dtype.itemsize
    count = 1
    for n in shape:
        count *= n
    mem = pinned_memory.alloc_pinned_memory(count * itemsize)
    flat = pinned_memory._frombuffer(mem, dtype, count)
    return numpy.ndarray(shape, dtype, buffer=flat, strides=strides)


def _shape(shape):
    if isinstance(shape, (int, numpy.integer)):
        return (int(shape),)
    return tuple(int(n) for n in shape)


def empty_pinned(shape, dtype=float, order="C"):
    """numpy.empty(shape, dtype, order) in pinned host memory (CuPy's
    cupyx.empty_pinned); an ordinary NumPy array without a GPU."""
    shape = _shape(shape)
    numpy.empty((0,) * len(shape), dtype, order)  # NumPy's checks and errors for dtype and order
    if not cunum.cuda.is_available():
        return numpy.empty(shape, dtype, order)
    dtype = numpy.dtype(dtype)
    if 0 in shape:  # NumPy's own strides for an empty array (it allocates nothing)
        return _pinned_array(shape, dtype, numpy.empty(shape, dtype, order).strides)
    strides, step = [0] * len(shape), dtype.itemsize
    axes = range(len(shape)) if order in ("F", "f") else reversed(range(len(shape)))
    for i in axes:
        strides[i] = step
        step *= max(shape[i], 1)
    return _pinned_array(shape, dtype, tuple(strides))


def empty_like_pinned(a, dtype=None, order="K", subok=None, shape=None):
    """numpy.empty_like(a, dtype, order, subok, shape) in pinned host memory
    (CuPy's cupyx.empty_like_pinned); `a` may be a NumPy or a cunum array.
    An ordinary NumPy array without a GPU."""
    # A stand-in with a's shape, dtype and strides but no memory of its own:
    # NumPy's empty_like then decides the layout exactly as for `a`.
    if subok is not None:
        raise TypeError("subok is not supported yet")  # CuPy's: the result is always a numpy.ndarray
    a_dtype = numpy.dtype(a.dtype)
    proto = numpy.lib.stride_tricks.as_strided(numpy.empty(1, a_dtype), tuple(a.shape), tuple(a.strides))
    if not cunum.cuda.is_available():
        return numpy.empty_like(proto, dtype, order, shape=shape)
    like = numpy.empty_like(proto, dtype, order, shape=shape)
    return _pinned_array(like.shape, like.dtype, like.strides)


def zeros_pinned(shape, dtype=float, order="C"):
    """numpy.zeros in pinned host memory (cupyx.zeros_pinned)."""
    out = empty_pinned(shape, dtype, order)
    out.fill(0)
    return out


def zeros_like_pinned(a, dtype=None, order="K", subok=None, shape=None):
    """numpy.zeros_like in pinned host memory (cupyx.zeros_like_pinned)."""
    out = empty_like_pinned(a, dtype, order, subok, shape)
    out.fill(0)
    return out
