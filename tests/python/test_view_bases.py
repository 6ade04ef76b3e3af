"""`ndarray.base` by identity, as NumPy's (Note [View bases] in
python/src/array_bases.cpp): a view made from an array has that array as its
base (`a[1:].base is a`), a view of a view the array that owns the memory;
NumPy is the oracle for which routines give views of their operand."""
import gc

import numpy
import pytest

import cunum as cn
from helpers import USING_NUMPY_SHIM

pytestmark = pytest.mark.usefixtures("device")

VIEWS = {
    "slice": lambda xp, a: a[1:, ::2],
    "int": lambda xp, a: a[1],
    "ellipsis": lambda xp, a: a[..., None],
    "T": lambda xp, a: a.T,
    "mT": lambda xp, a: a.mT,
    "reshape": lambda xp, a: a.reshape(6, 4),
    "reshape function": lambda xp, a: xp.reshape(a, (2, 12)),
    "view": lambda xp, a: a.view(),
    "view dtype": lambda xp, a: a.view(xp.int32),
    "ravel": lambda xp, a: a.ravel(),
    "transpose": lambda xp, a: a.transpose(1, 0),
    "transpose function": lambda xp, a: xp.transpose(a),
    "swapaxes": lambda xp, a: xp.swapaxes(a, 0, 1),
    "moveaxis": lambda xp, a: xp.moveaxis(a, 0, -1),
    "squeeze": lambda xp, a: xp.squeeze(a[:1]),
    "expand_dims": lambda xp, a: xp.expand_dims(a, 0),
    "diagonal": lambda xp, a: xp.diagonal(a),
    "diagonal method": lambda xp, a: a.diagonal(1),
    "flip": lambda xp, a: xp.flip(a),
    "fliplr": lambda xp, a: xp.fliplr(a),
    "flipud": lambda xp, a: xp.flipud(a),
    "rot90": lambda xp, a: xp.rot90(a),
    "broadcast_to": lambda xp, a: xp.broadcast_to(a, (2, 4, 6)),
    "split": lambda xp, a: xp.split(a, 2)[1],
    "array_split": lambda xp, a: xp.array_split(a, 3, axis=1)[2],
    "hsplit": lambda xp, a: xp.hsplit(a, 3)[0],
    "vsplit": lambda xp, a: xp.vsplit(a, 2)[0],
    "einsum transpose": lambda xp, a: xp.einsum("ij->ji", a),
    "einsum diagonal": lambda xp, a: xp.einsum("ii->i", a[:, :4]),
    "einsum empty": lambda xp, a: xp.einsum("ijk->jik", a[:0].reshape(0, 4, 6)),
    "atleast_3d": lambda xp, a: xp.atleast_3d(a),
    "rollaxis": lambda xp, a: xp.rollaxis(a, 1),
    "trim_zeros": lambda xp, a: xp.trim_zeros(a[0]),
}


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="compares cunum's identities with NumPy's")
@pytest.mark.parametrize("name", list(VIEWS))
def test_view_base_is_the_array(name):
    h = numpy.arange(24.0).reshape(4, 6).copy()  # an owner
    a = cn.asarray(h)
    expected = VIEWS[name](numpy, h).base is h
    v = VIEWS[name](cn, a)
    assert (v.base is a) == expected, (name, expected)
    assert v.base is v.base  # one object while it lives
    if expected:
        assert v[...].base is a and v[..., None].base is a  # a view of a view: the owner


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="compares cunum's identities with NumPy's")
def test_real_imag_and_owners():
    c = cn.asarray(numpy.arange(6.0) + 1j)
    assert c.real.base is c and c.imag.base is c
    x = cn.zeros((3, 4))
    assert x.real is x  # NumPy: the array itself
    assert x.base is None and x.copy().base is None
    assert (x + 1).base is None
    assert cn.atleast_2d(x) is x and cn.atleast_1d(x) is x  # NumPy: the array itself
    b = cn.arange(12.0).reshape(3, 4)  # NumPy: the arange array
    assert b.base is not None and b.base.base is None and b.base.shape == (12,)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="tests cunum's identities")
def test_dead_owner_and_many_views():
    """With its owner gone, a view's base is an array over the whole memory
    (NumPy would have kept the owner alive); many short-lived views and owners
    do not make base wrong or slow (stale entries are dropped)."""
    z = cn.arange(10.0)
    w = z[2:]
    del z
    gc.collect()
    assert w.base is not None and w.base.shape == (10,) and w.base.base is None
    numpy.testing.assert_array_equal(cn.asnumpy(w.base), numpy.arange(10.0))
    kept = []
    for i in range(3000):
        a = cn.full(3, float(i))
        v = a[1:]
        assert v.base is a
        if i % 100 == 0:
            kept.append((a, a.T[:2]))
    for a, v in kept:
        assert v.base is a


def test_arrays_are_weak_referenceable():
    """As NumPy's arrays (caches keyed by weak references: functools, Dask)."""
    import weakref
    x = cn.ones(3)
    r = weakref.ref(x)
    assert r() is x
    del x
    gc.collect()
    assert r() is None
