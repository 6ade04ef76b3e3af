"""Shape manipulation with NumPy's signatures (all views when NumPy's are)."""
from .. import _core
from ._args import _a

ndarray = _core.ndarray


def reshape(a, shape=None, order="C", *, newshape=None, copy=None):
    if shape is None:
        shape = newshape
    r = _a(a)._reshape(shape, str(order).upper())
    return r.copy() if copy else r


def ravel(a, order="C"):
    return _core._ravel(_a(a), str(order).upper())


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


def atleast_1d(*arys):
    return _atleast(lambda x: x if x.ndim >= 1 else x.reshape(1), arys)


# New axes come from indexing with None (stride 0), exactly as NumPy does it.
def atleast_2d(*arys):
    def f(x):
        if x.ndim >= 2:
            return x
        return x[None, :] if x.ndim == 1 else x.reshape(1, 1)
    return _atleast(f, arys)


def atleast_3d(*arys):
    def f(x):
        if x.ndim >= 3:
            return x
        if x.ndim == 2:
            return x[:, :, None]
        if x.ndim == 1:
            return x[None, :, None]
        return x.reshape(1, 1, 1)
    return _atleast(f, arys)
