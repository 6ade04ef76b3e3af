"""ravel/flatten order and copies, reshape with any negative extent, NumPy's
error precedence and messages for axes, broadcast_to writability (issue 7,
fuzz findings 10 and 13)."""
import numpy
import pytest

import cunum as cn
from helpers import USING_NUMPY_SHIM, compare, make_rng, requires_cunum

pytestmark = pytest.mark.usefixtures("device")


def _views(xp):
    a = xp.arange(24).reshape(2, 3, 4)
    return {
        "T[::-1]": xp.arange(12).reshape(4, 3).T[::-1], "strided": xp.arange(8)[::2],
        "bcast_row": xp.broadcast_to(xp.arange(4), (3, 4)),
        "bcast_col": xp.broadcast_to(xp.arange(3)[:, None], (3, 4)),
        "bcast_mid": xp.broadcast_to(a[:, :1, :], (2, 3, 4)).transpose(2, 1, 0),
        "T": a.T, "perm": a.transpose(1, 0, 2), "perm2": a.transpose(2, 0, 1), "rev": a[::-1],
        "rev2": a[:, ::-1, ::2], "F": xp.asfortranarray(a), "0d": xp.asarray(5),
        "empty": xp.zeros((0, 3)), "newaxis": a[:, None, :, 1], "slice": a[:, 1:, :],
        "ones": xp.ones((1, 3, 1))[:, ::2], "neg1": xp.arange(6)[::-1],
    }


@pytest.mark.parametrize("name", list(_views(numpy)))
@pytest.mark.parametrize("fn", ["ravel", "flatten"])
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_ravel_flatten_order_and_copy(name, fn, order):
    def f(xp):
        v = _views(xp)[name]
        return getattr(v, fn)(order)
    e, r = compare(f, exact=True)
    if USING_NUMPY_SHIM or e.size < 2:
        return
    v = _views(cn)[name]
    r = getattr(v, fn)(order)
    # a view exactly when NumPy gives one; a copy is contiguous (never stride 0)
    nv = _views(numpy)[name]
    ev = numpy.shares_memory(getattr(nv, fn)(order), nv)
    assert r._shares_memory_with(v) == ev
    assert r.strides == (r.itemsize,)


def test_ravel_of_strided_copies():
    def f(xp):
        a = xp.arange(8)
        r = a[::2].ravel()
        r[0] = 100  # must not write into a
        return a
    compare(f, exact=True)


def test_ravel_k_random_layouts():
    rng = make_rng(3)
    for _ in range(300):
        nd = int(rng.integers(1, 5))
        shape = tuple(int(x) for x in rng.integers(1, 4, nd))
        perm = rng.permutation(nd)
        key = tuple(slice(None, None, int(rng.choice([1, -1, 2]))) for _ in range(nd))
        sub = tuple(slice(0, 1) if rng.random() < 0.3 else slice(None) for _ in range(nd))

        def f(xp):
            a = xp.arange(int(numpy.prod(shape))).reshape(shape)
            return xp.broadcast_to(a[sub], shape).transpose(perm)[key].ravel("K")
        compare(f, exact=True)


@pytest.mark.parametrize("shape", [(-2, 3), (-5, 3), (3, -100), (-7,), (-2**63, 6), (2, -3, 1),
                                   (-2, -1), (-1, -1), (-2, 4), (0, -2), (-2, 0), (4,), (4, 2),
                                   (7, -1), (2, -1, 4), (5, -1, 0), (2**62, 2**62, 0)], ids=str)
def test_reshape_any_negative_is_unknown(shape):
    compare(lambda xp, x: x.reshape(shape), numpy.zeros(6))
    compare(lambda xp, x: xp.reshape(x, shape), numpy.zeros(6))


@pytest.mark.parametrize("call", [
    lambda xp, a: xp.moveaxis(a, 5, 0), lambda xp, a: xp.moveaxis(a, 0, 5),
    lambda xp, a: xp.moveaxis(a, [0, 0], [5, 1]), lambda xp, a: xp.moveaxis(a, [0, 1], [1]),
    lambda xp, a: xp.moveaxis(a, [0, 7], [1]), lambda xp, a: xp.moveaxis(a, [0, 0], [1]),
    lambda xp, a: xp.moveaxis(a, [0, 1], [1, 1]), lambda xp, a: xp.moveaxis(a, [0, 1], [1, 7]),
    lambda xp, a: xp.expand_dims(a, (0, 0, 7)), lambda xp, a: xp.expand_dims(a, (0, 0)),
    lambda xp, a: xp.expand_dims(a, (7, 0, 0)), lambda xp, a: xp.expand_dims(a, 4),
    lambda xp, a: xp.squeeze(a, axis=(0, 0, 5)), lambda xp, a: xp.squeeze(a, axis=(1, 5)),
    lambda xp, a: xp.swapaxes(a, 0, 5), lambda xp, a: xp.swapaxes(a, -3, 0),
    lambda xp, a: a.transpose(1, 1),
])
def test_axis_error_precedence_and_messages(call):
    # AxisError (with NumPy's "source: " / "axis2: " prefixes) before ValueError
    compare(call, numpy.zeros((2, 3)))


@requires_cunum
def test_broadcast_to_is_writable_as_in_cupy():
    # A deliberate departure (docs/architecture.md): NumPy's broadcast_to views
    # are read-only, CuPy's and cunum's are writable views of the source.
    x = cn.zeros(3)
    b = cn.broadcast_to(x, (2, 3))
    assert b.flags.writeable
    b[1, 2] = 7.0
    numpy.testing.assert_array_equal(cn.asnumpy(x), [0.0, 0.0, 7.0])
    assert not numpy.broadcast_to(numpy.zeros(3), (2, 3)).flags.writeable  # the departure
