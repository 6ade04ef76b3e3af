"""Joining, splitting and rearranging (NumPy's chapters of the same names),
compared with NumPy on every device: values, dtype, shape, and which results
are views (a piece of split, flip, rot90 written through must change the
input exactly as NumPy's does)."""
import numpy
import pytest

from helpers import ALL_DTYPES, SOME_DTYPES, compare, dtype_params, make_data

pytestmark = pytest.mark.usefixtures("device")

SHAPES_2D = [(2, 3), (0, 3), (1, 1)]


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_concatenate_every_dtype_and_axis(dt, rng):
    a, b = make_data((2, 3, 4), dt, rng=rng), make_data((2, 5, 4), dt, rng=rng)
    for axis in (1, -2):
        compare(lambda xp, x, y: xp.concatenate([x, y], axis=axis), a, b)
    compare(lambda xp, x, y: xp.concatenate((x, x, x), axis=0), a, b)
    compare(lambda xp, x, y: xp.concatenate([x, y], axis=None), a, b)
    compare(lambda xp, x, y: xp.concat([x, y[:, :3]], axis=2), a, b)


@pytest.mark.parametrize("dt1", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("dt2", dtype_params(SOME_DTYPES))
def test_concatenate_mixed_dtypes_promote(dt1, dt2, rng):
    a, b = make_data((3,), dt1, rng=rng), make_data((2,), dt2, rng=rng)
    compare(lambda xp, x, y: xp.concatenate([x, y]), a, b)
    compare(lambda xp, x, y: xp.stack([x[:2], y]), a, b)


def test_concatenate_layouts_and_views(rng):
    m = make_data((4, 6), numpy.float32, rng=rng)
    compare(lambda xp, x: xp.concatenate([x.T, x[::-1].T], axis=1), m)
    compare(lambda xp, x: xp.concatenate([x[:, ::2], x[:, 1::2]], axis=0), m)
    compare(lambda xp, x: xp.concatenate([x[:0], x, x[:0]]), m)
    # the inputs themselves may overlap the output of a later call
    compare(lambda xp, x: xp.concatenate([x, x], out=xp.zeros((8, 6), numpy.float32)), m)


@pytest.mark.parametrize("dt", dtype_params(["int8", "float32", "complex128", "bool"]))
def test_concatenate_dtype_out_casting(dt, rng):
    a = make_data((2, 3), dt, rng=rng)
    for to in ("float64", "int16", "bool", "complex64"):
        for casting in ("no", "equiv", "safe", "same_kind", "unsafe"):
            compare(lambda xp, x: xp.concatenate([x, x], dtype=to, casting=casting), a)
            compare(lambda xp, x: xp.concatenate([x, x], out=xp.zeros((4, 3), to), casting=casting), a)


def test_concatenate_errors():
    a = numpy.ones((2, 3))
    cases = [
        lambda xp, x: xp.concatenate([]),
        lambda xp, x: xp.concatenate([x, x[0]]),
        lambda xp, x: xp.concatenate([x, x[:, :2]], axis=0),
        lambda xp, x: xp.concatenate([x, x], axis=2),
        lambda xp, x: xp.concatenate([x[0, 0], x[0, 0]]),
        lambda xp, x: xp.concatenate([x, x], out=xp.zeros((4, 3)), dtype="float64"),
        lambda xp, x: xp.concatenate([x, x], out=xp.zeros((5, 3))),
        lambda xp, x: xp.concatenate([x, x], out=xp.zeros((12,))),
        lambda xp, x: xp.concatenate([x, x], dtype="int64"),
        lambda xp, x: xp.concatenate(x[0, 0]),
        lambda xp, x: xp.stack([x, x[:1]]),
        lambda xp, x: xp.stack([x, x], axis=3),
        lambda xp, x: xp.stack([]),
    ]
    for fn in cases:
        compare(fn, a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_stacks(dt, rng):
    a, b = make_data((3, 4), dt, rng=rng), make_data((3, 4), dt, rng=rng)
    for axis in (0, 1, 2, -1, -3):
        compare(lambda xp, x, y: xp.stack([x, y, x], axis=axis), a, b)
    compare(lambda xp, x, y: xp.stack(x), a, b)  # an array is a sequence of its rows
    for name in ("hstack", "vstack", "dstack", "column_stack"):
        compare(lambda xp, x, y: getattr(xp, name)([x, y]), a, b)
        compare(lambda xp, x, y: getattr(xp, name)((x[0], y[1])), a, b)
        compare(lambda xp, x, y: getattr(xp, name)([x[0, 0], y[1, 1]]), a, b)


def test_stack_dtype_and_out(rng):
    a = make_data((2, 3), numpy.int16, rng=rng)
    compare(lambda xp, x: xp.stack([x, x], axis=1, dtype="float32"), a)
    compare(lambda xp, x: xp.stack([x, x], out=xp.zeros((2, 2, 3), "int64")), a)
    compare(lambda xp, x: xp.hstack([x, x], dtype="float64"), a)
    compare(lambda xp, x: xp.vstack([x, x], dtype="int8", casting="unsafe"), a)
    compare(lambda xp, x: xp.vstack([x, x], dtype="int8"), a)


SPLITS = [3, [1, 4], [4, 1], [-2], [0, 0, 7], [10], [], numpy.array([2, 5])]


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_array_split_and_split(dt, rng):
    a = make_data((7, 6), dt, rng=rng)
    for spec in SPLITS + [1, 2, 7, 9]:
        for axis in (0, 1, -1):
            compare(lambda xp, x: xp.array_split(x, spec, axis=axis), a)
            compare(lambda xp, x: xp.split(x, spec, axis=axis), a)


def test_split_errors_and_family(rng):
    a = make_data((4, 6, 2), numpy.float64, rng=rng)
    cases = [
        lambda xp, x: xp.split(x, 0),
        lambda xp, x: xp.array_split(x, -1),
        lambda xp, x: xp.split(x, 5),
        lambda xp, x: xp.split(x, 2, axis=3),
        lambda xp, x: xp.hsplit(x, 3), lambda xp, x: xp.hsplit(x[0, 0], 2),
        lambda xp, x: xp.hsplit(x[0, 0, 0], 1),
        lambda xp, x: xp.vsplit(x, [1, 3]), lambda xp, x: xp.vsplit(x[0, 0], 2),
        lambda xp, x: xp.dsplit(x, 2), lambda xp, x: xp.dsplit(x[0], 2),
    ]
    for fn in cases:
        compare(fn, a)


def test_split_pieces_are_views(rng):
    a = make_data((6, 4), numpy.float32, rng=rng)

    def f(xp, x):
        parts = xp.split(x, 3)
        parts[1][...] = 7
        xp.array_split(x, [1], axis=1)[1][0] = -1
        return parts[2]
    compare(f, a)


@pytest.mark.skipif(not hasattr(numpy, "unstack"), reason="NumPy < 2.1 has no unstack")
@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_unstack(dt, rng):
    a = make_data((2, 3, 4), dt, rng=rng)
    for axis in (0, 1, 2, -1):
        compare(lambda xp, x: xp.unstack(x, axis=axis), a)
    compare(lambda xp, x: xp.unstack(x, axis=3), a)
    compare(lambda xp, x: xp.unstack(x[0, 0, 0]), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_flips(dt, rng):
    a = make_data((2, 3, 4), dt, rng=rng)
    for axis in (None, 0, 1, -1, (0, 2), (), [1, 2]):
        compare(lambda xp, x: xp.flip(x, axis), a)
    compare(lambda xp, x: xp.fliplr(x), a)
    compare(lambda xp, x: xp.flipud(x), a)
    compare(lambda xp, x: xp.flip(x[0, 0, 0]), a)


def test_flip_errors_and_views(rng):
    a = make_data((2, 3), numpy.int32, rng=rng)
    for fn in (lambda xp, x: xp.flip(x, 2), lambda xp, x: xp.flip(x, (0, 0)),
               lambda xp, x: xp.fliplr(x[0]), lambda xp, x: xp.flipud(x[0, 0])):
        compare(fn, a)

    def write(xp, x):
        xp.flip(x, 1)[0, 0] = 99
        xp.flipud(x)[0, 1] = -5
        return xp.fliplr(x)
    compare(write, a)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_rot90(dt, rng):
    a = make_data((2, 3, 4), dt, rng=rng)
    for k in range(-5, 6):
        for axes in ((0, 1), (1, 0), (1, 2), (2, 0), (-1, -2)):
            compare(lambda xp, x: xp.rot90(x, k, axes), a)
    for axes in ((0,), (0, 0), (0, 3), (0, -3), (1, -2), (0, 1, 2)):
        compare(lambda xp, x: xp.rot90(x, 1, axes), a)
    compare(lambda xp, x: xp.rot90(x[0, 0]), a)
