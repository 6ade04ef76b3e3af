"""Shape manipulation with NumPy's signatures (all views when NumPy's are)."""
from .. import _core
from ._args import _a, _order

ndarray = _core.ndarray


def _reshape_order(order):
    """NumPy's order argument of reshape: case-insensitive, None is 'C', 'K'
    refused with NumPy's messages."""
    if order is None:
        return "C"
    if not isinstance(order, str):
        raise TypeError(f"order must be str, not {type(order).__name__}")
    o = order.upper()
    if o == "K":
        raise ValueError("order 'K' is not permitted for reshaping")
    if o not in ("C", "F", "A"):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    return o


def _reshape(a, shape, order="C", copy=None):
    """a.reshape(shape, order=order, copy=copy) with NumPy 2's copy keyword:
    True always copies, False raises when no view has the new shape."""
    if isinstance(copy, str):
        raise ValueError("strings are not allowed for 'copy' keyword. "
                         "Use True/False/None instead.")
    order = _reshape_order(order)
    if copy:
        # the copy in the order the elements are read, so the result is a view of it
        if order == "A":
            order = "F" if a._f_contiguous and not a._c_contiguous else "C"
        return a.copy(order)._reshape(shape, order)
    r = a._reshape(shape, order)
    if copy is not None and a.size > 0 and not r._shares_memory_with(a):
        raise ValueError("Unable to avoid creating a copy while reshaping.")
    return r


def reshape(a, shape=None, order="C", *, newshape=None, copy=None):
    if shape is None:
        shape = newshape
    return _reshape(_a(a), shape, order, copy)


def ravel(a, order="C"):
    return _core._ravel(_a(a), _order(order, "CFAK"))


def transpose(a, axes=None):
    return _a(a)._transpose(None if axes is None else list(axes))


def permute_dims(a, axes):
    return transpose(a, axes)


def swapaxes(a, axis1, axis2):
    return _core._swapaxes(_a(a), int(axis1), int(axis2))


def _axes(x):
    return [int(x)] if not isinstance(x, (tuple, list)) else [int(i) for i in x]


def moveaxis(a, source, destination):
    return _core._moveaxis(_a(a), _axes(source), _axes(destination))


def matrix_transpose(x):
    return _a(x).mT


def squeeze(a, axis=None):
    a = _a(a)
    if a.ndim == 0 and type(axis) is int and axis in (0, -1):
        return a[...]  # NumPy accepts a plain 0 or -1 for a 0-d array
    return _core._squeeze(a, axis)


def expand_dims(a, axis):
    return _core._expand_dims(_a(a), axis)


def broadcast_to(array, shape, subok=False):
    return _core._broadcast_to(_a(array), shape)


def broadcast_shapes(*args):
    shapes = [(s,) if isinstance(s, int) else tuple(s) for s in args]
    return tuple(_core._broadcast_shapes([list(s) for s in shapes]))


def broadcast_arrays(*args, subok=False):
    arrays = [_a(x) for x in args]
    shape = broadcast_shapes(*[x.shape for x in arrays])
    return tuple(_core._broadcast_to(x, shape) for x in arrays)


def _atleast(fn, arys):
    res = [fn(_a(x)) for x in arys]
    return res[0] if len(res) == 1 else tuple(res)


def roll(a, shift, axis=None):
    return _core._roll(_a(a), shift, axis)


# cunum::atleast_1d/2d/3d: views, new axes as NumPy's indexing with None makes them.
def atleast_1d(*arys):
    return _atleast(lambda x: _core._atleast_nd(x, 1), arys)


def atleast_2d(*arys):
    return _atleast(lambda x: _core._atleast_nd(x, 2), arys)


def atleast_3d(*arys):
    return _atleast(lambda x: _core._atleast_nd(x, 3), arys)


# ---------------------------------------------------------------- joining
def _seq(arrays):
    """NumPy's sequence of array-likes; an array is iterated along its first axis."""
    if isinstance(arrays, ndarray):
        if arrays.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        return [arrays[i] for i in range(arrays.shape[0])]
    return [_a(x) for x in arrays]  # anything not iterable: Python's own TypeError


def _warn_complex_cast(arrays, r, casting):
    """NumPy's ComplexWarning when complex inputs were cast to a real result
    (only 'unsafe' allows it); raised after the join, as NumPy warns at the cast."""
    # (a cast to bool is a truth test: no warning)
    if casting == "unsafe" and r.dtype.kind not in "cb" and any(a.dtype.kind == "c" for a in arrays):
        import warnings
        from ..exceptions import ComplexWarning
        warnings.warn("Casting complex values to real discards the imaginary part",
                      ComplexWarning, stacklevel=3)
    return r


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    arrays = _seq(arrays)
    return _warn_complex_cast(arrays, _core._concatenate(arrays, axis, out, dtype, casting), casting)


concat = concatenate


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    arrays = _seq(arrays)
    return _warn_complex_cast(arrays, _core._stack(arrays, axis, out, dtype, casting), casting)


def hstack(tup, *, dtype=None, casting="same_kind"):
    tup = _seq(tup)
    return _warn_complex_cast(tup, _core._hstack(tup, dtype, casting), casting)


def vstack(tup, *, dtype=None, casting="same_kind"):
    tup = _seq(tup)
    return _warn_complex_cast(tup, _core._vstack(tup, dtype, casting), casting)


def row_stack(tup, *, dtype=None, casting="same_kind"):
    import warnings
    warnings.warn("`row_stack` alias is deprecated. Use `np.vstack` directly.", DeprecationWarning,
                  stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)


def dstack(tup):
    return _core._dstack(_seq(tup))


def column_stack(tup):
    return _core._column_stack(_seq(tup))


def _block_tree(arrays, index):
    """block's nested lists with cunum arrays at the leaves, as the C++ side
    takes them; NumPy's TypeError for a tuple (the C++ side checks depths
    and empty lists: cunum::block)."""
    if isinstance(arrays, tuple):
        raise TypeError("arrays" + "".join(f"[{i}]" for i in index) + " is a tuple. Only lists can be used to "
                        "arrange blocks, and np.block does not allow implicit conversion from tuple to ndarray.")
    if isinstance(arrays, list):
        return [_block_tree(a, index + [i]) for i, a in enumerate(arrays)]
    return arrays if isinstance(arrays, ndarray) else _a(arrays)


def block(arrays):
    """NumPy's block: nested lists of arrays joined along the last axes,
    the innermost lists along the last one (cunum::block: each leaf raised
    to the result's ndim with leading 1s, then the lists concatenated from
    the inside out, with NumPy's errors)."""
    return _core._block(_block_tree(arrays, []))


# ---------------------------------------------------------------- splitting
def array_split(ary, indices_or_sections, axis=0):
    return _core._array_split(_a(ary), indices_or_sections, axis)


def split(ary, indices_or_sections, axis=0):
    return _core._split(_a(ary), indices_or_sections, axis)


def hsplit(ary, indices_or_sections):
    return _core._hsplit(_a(ary), indices_or_sections)


def vsplit(ary, indices_or_sections):
    return _core._vsplit(_a(ary), indices_or_sections)


def dsplit(ary, indices_or_sections):
    return _core._dsplit(_a(ary), indices_or_sections)


def unstack(x, /, *, axis=0):
    return tuple(_core._unstack(_a(x), axis))


# ---------------------------------------------------------------- rearranging
def flip(m, axis=None):
    return _core._flip(_a(m), axis)


def fliplr(m):
    return _core._fliplr(_a(m))


def flipud(m):
    return _core._flipud(_a(m))


def rot90(m, k=1, axes=(0, 1)):
    return _core._rot90(_a(m), k, list(axes))
