"""Shape manipulation: reshape, ravel, flatten, transpose, swapaxes, moveaxis,
squeeze, expand_dims, broadcast_*, atleast_*.

Views vs copies are checked by writing into the result: ``compare`` also
compares the input afterwards, so a view where NumPy copies (or the reverse)
fails.
"""
import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, SOME_DTYPES, assert_layout, assert_same, assert_strides,
                     compare, dtype_params, make_data)

pytestmark = pytest.mark.usefixtures("device")

# Inputs built by the library itself, so that layouts match NumPy's exactly.
SOURCES = {
    "c": lambda xp: xp.arange(24.0).reshape(2, 3, 4),
    "f": lambda xp: xp.asfortranarray(xp.arange(24.0).reshape(2, 3, 4)),
    "transposed": lambda xp: xp.arange(24.0).reshape(4, 3, 2).T,
    "reversed": lambda xp: xp.arange(24.0).reshape(2, 3, 4)[::-1, :, ::-1],
    "stepped": lambda xp: xp.arange(96.0).reshape(4, 6, 4)[::2, ::2, :],
}


def _mutate(xp, r):
    """Write into a result so that view/copy differences show up in the input."""
    if isinstance(r, (tuple, list)):
        for x in r:
            _mutate(xp, x)
        return
    if r.size:
        r[...] = -1 if r.dtype.kind != "b" else False


def run(fn, src, write=True, layout=True, **kw):
    """compare() fn(xp, SOURCES[src](xp)); optionally write into the result."""
    def f(xp):
        x = SOURCES[src](xp)
        r = fn(xp, x)
        if write:
            _mutate(xp, r)
            return r, x
        return r
    return compare(f, **kw)


@pytest.mark.parametrize("src", list(SOURCES))
@pytest.mark.parametrize("shape", [(24,), (4, 6), (6, -1), (-1,), (2, 3, 4), (4, 3, 2),
                                   (1, 24, 1), (2, 12), (-1, 2, 2), (3, 2, 2, 2)], ids=str)
@pytest.mark.parametrize("order", ["C", "F"])
def test_reshape(src, shape, order):
    run(lambda xp, x: x.reshape(shape, order=order), src)
    run(lambda xp, x: xp.reshape(x, shape, order=order), src)
    run(lambda xp, x: x.reshape(*shape, order=order), src)


@pytest.mark.parametrize("src", list(SOURCES))
def test_reshape_strides(src):
    for shape in [(24,), (6, 4), (2, 12), (4, 3, 2)]:
        for order in ("C", "F"):
            e, a = SOURCES[src](numpy).reshape(shape, order=order), SOURCES[src](cn).reshape(
                shape, order=order)
            assert_same(e, a, exact=True)
            if e.base is not None and not e.flags.owndata:
                # NumPy made a view: cunum must make the same view
                assert_layout(e, a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_reshape_dtypes(dt, rng):
    a = make_data((3, 4), dt, rng=rng)
    compare(lambda xp, x: x.reshape(2, 6), a, exact=True)
    compare(lambda xp, x: x.T.reshape(12), a, exact=True)
    compare(lambda xp, x: x.reshape(-1, order="F"), a, exact=True)


@pytest.mark.parametrize("shape", [(), (1,), (1, 1, 1), (-1,)], ids=str)
def test_reshape_0d_and_size1(shape):
    compare(lambda xp, x: x.reshape(shape), numpy.array(4.5))
    compare(lambda xp, x: x.reshape(shape), numpy.array([4.5]))


def test_reshape_empty():
    a = numpy.zeros((0, 3))
    for shape in [(3, 0), (0,), (0, 1, 3), (2, 0, 5)]:
        compare(lambda xp, x: x.reshape(shape), a)


@pytest.mark.parametrize("shape", [(-1, -1), (5, -1), (0, -1), (25,), (5, 5), (2, 3, 5), (),
                                   (7,)], ids=str)
def test_reshape_errors(shape):
    compare(lambda xp, x: x.reshape(shape), numpy.arange(24))
    compare(lambda xp, x: xp.reshape(x, shape), numpy.arange(24))


def test_reshape_empty_errors():
    compare(lambda xp, x: x.reshape(-1, 0), numpy.zeros((0, 3)))
    compare(lambda xp, x: x.reshape(0, -1), numpy.zeros((0, 3)))


@pytest.mark.parametrize("src", list(SOURCES))
@pytest.mark.parametrize("order", ["C", "F", "K", "A"])
def test_ravel_flatten(src, order):
    run(lambda xp, x: x.ravel(order=order), src)
    run(lambda xp, x: xp.ravel(x, order=order), src)
    run(lambda xp, x: x.flatten(order=order), src)
    run(lambda xp, x: x.ravel(), src)
    run(lambda xp, x: x.flatten(), src)


def test_ravel_0d_and_empty():
    compare(lambda xp, x: x.ravel(), numpy.array(2.0))
    compare(lambda xp, x: x.flatten(), numpy.array(2.0))
    compare(lambda xp, x: x.ravel(), numpy.zeros((2, 0)))


@pytest.mark.parametrize("src", list(SOURCES))
@pytest.mark.parametrize("axes", [None, (0, 1, 2), (2, 0, 1), (1, 0, 2), (-1, -3, -2)], ids=str)
def test_transpose(src, axes):
    e, r = run(lambda xp, x: xp.transpose(x, axes), src)
    run(lambda xp, x: x.transpose(axes), src)
    if axes is not None:
        run(lambda xp, x: x.transpose(*axes), src)
    else:
        run(lambda xp, x: x.transpose(), src)
    ea, ra = SOURCES[src](numpy).transpose(axes), SOURCES[src](cn).transpose(axes)
    assert_layout(ea, ra)


@pytest.mark.parametrize("axes", [(0, 0, 1), (0, 1), (0, 1, 3), (0, 1, 2, 3), (0, 1, -4)],
                         ids=str)
def test_transpose_errors(axes):
    compare(lambda xp, x: x.transpose(axes), numpy.zeros((2, 3, 4)))
    compare(lambda xp, x: xp.transpose(x, axes), numpy.zeros((2, 3, 4)))


def test_transpose_0d_1d():
    compare(lambda xp, x: x.transpose(), numpy.array(1.0))
    compare(lambda xp, x: x.transpose(), numpy.arange(3))
    compare(lambda xp, x: xp.transpose(x, (0,)), numpy.arange(3))


@pytest.mark.parametrize("src", list(SOURCES))
@pytest.mark.parametrize("a1, a2", [(0, 1), (0, 2), (1, 2), (2, 0), (-1, 0), (1, 1), (-3, -1)])
def test_swapaxes(src, a1, a2):
    run(lambda xp, x: x.swapaxes(a1, a2), src)
    run(lambda xp, x: xp.swapaxes(x, a1, a2), src)


@pytest.mark.parametrize("a1, a2", [(0, 3), (-4, 0), (3, 3)])
def test_swapaxes_errors(a1, a2):
    compare(lambda xp, x: xp.swapaxes(x, a1, a2), numpy.zeros((2, 3, 4)))
    compare(lambda xp, x: x.swapaxes(a1, a2), numpy.zeros((2, 3, 4)))


@pytest.mark.parametrize("src", list(SOURCES))
@pytest.mark.parametrize("s, d", [(0, 2), (2, 0), (0, -1), (-1, 1), (1, 1), ([0, 1], [-1, -2]),
                                  ((0, 2), (1, 0)), ([], []), ([0, 1, 2], [2, 0, 1])], ids=str)
def test_moveaxis(src, s, d):
    run(lambda xp, x: xp.moveaxis(x, s, d), src)


@pytest.mark.parametrize("s, d", [(0, 3), (3, 0), ([0, 0], [1, 2]), ([0, 1], [1]),
                                  (-4, 0)], ids=str)
def test_moveaxis_errors(s, d):
    compare(lambda xp, x: xp.moveaxis(x, s, d), numpy.zeros((2, 3, 4)))


SQUEEZE_SHAPES = [(1, 3, 1, 2, 1), (1,), (3,), (1, 1), (), (2, 1, 0)]


@pytest.mark.parametrize("shape", SQUEEZE_SHAPES, ids=str)
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2), 1, (), (0, -1), 5, (0, 0)], ids=str)
def test_squeeze(shape, axis):
    a = numpy.arange(int(numpy.prod(shape)), dtype=numpy.float32).reshape(shape)

    def f(xp, x):
        r = xp.squeeze(x, axis=axis)
        _mutate(xp, r)
        return r
    compare(f, a)

    def g(xp, x):
        r = x.squeeze(axis)
        return r
    compare(g, a)


@pytest.mark.parametrize("axis", [0, 1, 2, 3, -1, -4, (0, 1), (0, -1), (1, 3), (0, 4), 4, -5,
                                  (0, 0), (1, -4)], ids=str)
def test_expand_dims(axis):
    def f(xp, x):
        r = xp.expand_dims(x, axis)
        _mutate(xp, r)
        return r
    compare(f, numpy.arange(6.0).reshape(2, 3)[:, ::-1].copy())
    compare(lambda xp, x: xp.expand_dims(x, axis), numpy.array(1.5))


@pytest.mark.parametrize("shape", [(3,), (2, 3), (4, 2, 3), (2, 1, 3), (0, 3), (1, 1, 2, 3)],
                         ids=str)
def test_broadcast_to(shape):
    compare(lambda xp, x: xp.broadcast_to(x, shape), numpy.arange(3.0))
    compare(lambda xp, x: xp.broadcast_to(x, shape), numpy.arange(3.0).reshape(1, 3))
    compare(lambda xp, x: xp.broadcast_to(x, shape), numpy.array(2))
    e = numpy.broadcast_to(numpy.arange(3.0), shape)
    a = cn.broadcast_to(cn.arange(3.0), shape)
    assert_strides(e, a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_broadcast_to_dtypes(dt, rng):
    a = make_data((3, 1), dt, rng=rng)
    compare(lambda xp, x: xp.broadcast_to(x, (2, 3, 4)), a, exact=True)
    compare(lambda xp, x: xp.broadcast_to(x[::-1], (3, 5)), a, exact=True)


def test_broadcast_to_sees_base_changes():
    def f(xp, x):
        b = xp.broadcast_to(x, (4, 3))
        x[1] = 100
        return b
    compare(f, numpy.arange(3))


@pytest.mark.parametrize("src, shape", [((3,), (4,)), ((2, 3, 4), (2, 3)), ((2, 3, 4), (2, 1, 4)),
                                        ((3,), (3, 2)), ((3,), (-1, 3)), ((2,), ())], ids=str)
def test_broadcast_to_errors(src, shape):
    compare(lambda xp, x: xp.broadcast_to(x, shape), numpy.zeros(src))


@pytest.mark.parametrize("shapes", [[(3,), (2, 1)], [(2, 3), (3,), ()], [(1,), (5,)],
                                    [(4, 1, 3), (2, 1), (1, 1, 1, 1)], [(0, 3), (1, 3)],
                                    [(2, 3)], [(2, 3), (2, 4)], [(3,), (4,)], [(2, 1), (3, 2)]],
                         ids=str)
def test_broadcast_arrays_and_shapes(shapes):
    arrays = [numpy.arange(int(numpy.prod(s)), dtype=numpy.float32).reshape(s) + i
              for i, s in enumerate(shapes)]
    compare(lambda xp, *xs: xp.broadcast_arrays(*xs), *arrays)
    compare(lambda xp: xp.broadcast_shapes(*shapes))
    e = numpy.broadcast_arrays(*arrays) if _ok(shapes) else None
    if e is not None:
        a = cn.broadcast_arrays(*[cn.asarray(x) for x in arrays])
        for ee, aa in zip(e, a):
            assert_strides(ee, aa)


def _ok(shapes):
    try:
        numpy.broadcast_shapes(*shapes)
        return True
    except ValueError:
        return False


def test_broadcast_shapes_misc():
    compare(lambda xp: xp.broadcast_shapes())
    compare(lambda xp: xp.broadcast_shapes(3, (2, 1)))
    compare(lambda xp: xp.broadcast_shapes((0,), (1,)))
    compare(lambda xp: xp.broadcast_shapes((0,), (2,)))


def test_broadcast_arrays_mixed_dtypes():
    a = numpy.arange(3, dtype=numpy.int8)
    b = numpy.ones((2, 1), dtype=numpy.complex64)
    compare(lambda xp, x, y: xp.broadcast_arrays(x, y), a, b)


@pytest.mark.parametrize("fn", ["atleast_1d", "atleast_2d", "atleast_3d"])
@pytest.mark.parametrize("shape", [(), (3,), (2, 3), (2, 3, 4), (2, 1, 3, 1), (0,)], ids=str)
def test_atleast(fn, shape):
    a = numpy.arange(int(numpy.prod(shape)), dtype=numpy.int16).reshape(shape)

    def f(xp, x):
        r = getattr(xp, fn)(x)
        _mutate(xp, r)
        return r
    compare(f, a)
    compare(lambda xp, x, y: getattr(xp, fn)(x, y), a, numpy.array(2.5))


@pytest.mark.parametrize("fn", ["atleast_1d", "atleast_2d", "atleast_3d"])
def test_atleast_strides(fn):
    for mk in (lambda xp: xp.arange(6.0)[::-2], lambda xp: xp.arange(6.0).reshape(2, 3).T):
        e, a = getattr(numpy, fn)(mk(numpy)), getattr(cn, fn)(mk(cn))
        assert_same(e, a, exact=True)
        assert_strides(e, a)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_manipulation_chain_dtypes(dt, rng):
    a = make_data((2, 3, 4), dt, rng=rng)

    def f(xp, x):
        y = xp.moveaxis(x, 0, -1).reshape(3, 8)
        y = xp.expand_dims(y.T, 1).squeeze()
        return xp.broadcast_to(y[::-1], (2, 8, 3)).swapaxes(0, 2).ravel()
    compare(f, a, exact=True)
