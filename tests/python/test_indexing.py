"""Basic indexing (ints, slices, None, Ellipsis): views, setitem, errors."""
import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, SOME_DTYPES, assert_same, assert_strides, compare, dtype_params,
                     make_data)

pytestmark = pytest.mark.usefixtures("device")

E = Ellipsis
KEYS_3D = [
    0, 1, -1, -2, (0,), (1, 2), (1, 2, 3), (-1, -1, -1), (0, slice(None)),
    slice(None), slice(1, None), slice(None, 1), slice(None, None, -1), slice(None, None, 2),
    slice(-1, None), slice(1, 100), slice(-100, 100), slice(5, 1), slice(2, 0, -1),
    slice(None, None, -2), slice(10, None, -3), slice(0, 0),
    (slice(None), 1), (slice(None), slice(None), 2),
    (slice(None), slice(1, 3), slice(None, None, -2)),
    (1, slice(None, None, -1), slice(1, None, 2)),
    (slice(None, None, -1), -1, slice(None, None, 3)),
    (slice(None), -1, slice(-1, -5, -1)),
    E, (E,), (E, 0), (0, E), (E, 1, 2), (0, E, 3), (E, slice(None, None, -1)),
    (1, E, slice(None, None, 2)), (0, 1, 2, E),
    None, (None,), (None, 0), (0, None), (None, E, None), (E, None), (slice(None), None, 1),
    (None, None, 1, None, slice(None, None, -1)), (E, 1, None), (None, 0, 1, 2),
    (), (numpy.int8(1),), (numpy.int64(-1), numpy.uint8(2)), (slice(numpy.int32(1), None),),
]


def _kid(k):
    return repr(k).replace("slice", "s").replace("Ellipsis", "E")


@pytest.mark.parametrize("key", KEYS_3D, ids=_kid)
def test_getitem_3d(key):
    a = numpy.arange(24.0).reshape(2, 3, 4)
    e, r = compare(lambda xp, x: x[key], a, exact=True)
    if isinstance(e, numpy.ndarray) and e.ndim > 0:
        assert_strides(e, r)


@pytest.mark.parametrize("key", KEYS_3D, ids=_kid)
def test_getitem_is_view(key):
    if isinstance(numpy.arange(24.0).reshape(2, 3, 4)[key], numpy.generic):
        pytest.skip("NumPy returns a scalar here")

    def f(xp, x):
        v = x[key]
        v[...] = -7
        return x
    compare(f, numpy.arange(24.0).reshape(2, 3, 4), exact=True)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_getitem_dtypes(dt, rng):
    a = make_data((4, 5), dt, rng=rng)
    for key in (1, (2, 3), (slice(None, None, -1), slice(1, None, 2)), (E, None, 0), -1,
                (slice(None), 4)):
        compare(lambda xp, x: x[key], a, exact=True)


@pytest.mark.parametrize("key", [(), E, None, (E, None), (None, None)], ids=_kid)
def test_getitem_0d(key):
    compare(lambda xp, x: x[key], numpy.array(3.5), exact=True)


def test_getitem_full_integer_index_returns_0d_array():
    # CuPy convention: indexing every axis with an integer gives a 0-d array
    a = cn.arange(6).reshape(2, 3)
    r = a[1, 2]
    assert_same(numpy.arange(6).reshape(2, 3)[1, 2], r, exact=True)


def test_chained_views():
    def f(xp, x):
        v = x[1:][::-1][:, None, ::2][..., 1:]
        v[...] = 0
        return v
    compare(f, numpy.arange(40).reshape(5, 8), exact=True)


@pytest.mark.parametrize("key", [2, -3, (0, 3), (0, 0, 4), (0, 0, 0, 0), (0, 0, -5),
                                 (E, 0, 0, 0, 0), (None, 0, 0, 0, 0), (E, E), 0.5, "x",
                                 (0, 1.0), slice(None, None, 0), (slice(0, 2, 0),)],
                         ids=_kid)
def test_getitem_errors(key):
    compare(lambda xp, x: x[key], numpy.arange(24).reshape(2, 3, 4))


@pytest.mark.parametrize("key", [0, (0,), -1], ids=_kid)
def test_getitem_0d_errors(key):
    compare(lambda xp, x: x[key], numpy.array(1.0))


def test_getitem_empty_axis():
    a = numpy.zeros((0, 3))
    compare(lambda xp, x: x[:, 1], a)
    compare(lambda xp, x: x[0], a)
    compare(lambda xp, x: x[::-1], a)


# ---------------------------------------------------------------- setitem


SET_CASES = [
    (1, 5), (slice(None), 2.5), (E, -1), (slice(None, None, -1), 3),
    ((slice(None), 1), 9), ((E, 0), 4), ((0, 1, 2), 8), ((None, 0), 1),
    (E, "row"), (1, "row"), ((slice(None), slice(None, None, -2)), "col2"),
    ((slice(None, None, -1)), "full"), ((E, slice(1, 3)), "col2"),
    (E, "leading1"), ((0, slice(None)), "row1"),
]


def _value(kind, xp, dt):
    if not isinstance(kind, str):
        return kind
    shapes = {"row": (4,), "col2": (2, 3, 1), "full": (2, 3, 4), "leading1": (1, 1, 3, 4),
              "row1": (1, 4)}
    if kind == "col2":
        shape = (2, 3, 2)
        return xp.asarray(numpy.arange(12).reshape(shape)[..., :2] % 5).astype(dt)[..., :2]
    return xp.asarray(numpy.arange(numpy.prod(shapes[kind])).reshape(shapes[kind]) % 7).astype(dt)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("key, value", SET_CASES,
                         ids=[_kid(k) + "=" + str(v) for k, v in SET_CASES])
def test_setitem(key, value, dt):
    def f(xp, x):
        x[key] = _value(value, xp, dt)
        return x
    compare(f, numpy.zeros((2, 3, 4), dt), exact=True)


@pytest.mark.parametrize("src", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("dst", dtype_params(ALL_DTYPES))
def test_setitem_casting(src, dst, rng):
    # setitem casts unsafely (float -> int truncates, complex -> real drops imag)
    if src.kind in "fc":
        # small values: float -> int conversion is well defined
        v = make_data((3,), src, kind="positive" if dst.kind == "u" else "default", rng=rng)
    else:
        v = make_data((3,), src, kind="full", rng=rng)

    def f(xp, x, v):
        x[1] = v
        x[2, ::-1] = v
        return x
    compare(f, numpy.zeros((3, 3), dst), v)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("value", [0, 1, -1, 1.9, -2.5, True, 255, 256, 300, -129, 2**40,
                                   2**63 - 1, 2**63, 2**64 - 1, 2**64, 1e6, 1e300, 1j, 2 + 0j],
                         ids=repr)
def test_setitem_python_scalar(dt, value):
    if dt.kind == "u" and isinstance(value, float) and value < 0:
        pytest.skip("negative float -> unsigned is undefined")
    if dt.kind in "iu" and isinstance(value, float) and abs(value) > 1e5:
        pytest.skip("out-of-range float -> int is undefined")

    def f(xp, x):
        x[0] = value
        x[1:, 1] = value
        return x
    compare(f, numpy.zeros((3, 2), dt))


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_setitem_numpy_scalar_and_0d(dt):
    def f(xp, x):
        x[0] = numpy.float64(1.5)
        x[1] = xp.asarray(3, dtype=numpy.int8)
        x[2] = numpy.uint8(200)
        return x
    compare(f, numpy.zeros(4, dt))


def test_setitem_from_python_list():
    def f(xp, x):
        x[0] = [1, 2, 3]
        x[1:, :] = [[4], [5]]
        x[:, 0] = [7.5, 8.5, 9.5]
        return x
    compare(f, numpy.zeros((3, 3), numpy.float32))


def test_setitem_from_numpy_array():
    v = numpy.arange(4.0) * 1.5
    a = cn.zeros((2, 4))
    a[1] = v
    e = numpy.zeros((2, 4))
    e[1] = v
    assert_same(e, a)


@pytest.mark.parametrize("key, shape", [((E,), (2,)), ((0,), (2, 4)), ((slice(None), 0), (2, 1)),
                                        ((E,), (2, 1, 3, 4)), ((E,), (3, 4, 1)),
                                        ((1, 1), (5,))],
                         ids=str)
def test_setitem_bad_broadcast(key, shape):
    def f(xp, x):
        x[key] = xp.ones(shape)
        return x
    compare(f, numpy.zeros((2, 3, 4)))


@pytest.mark.parametrize("key", [5, (0, 3), (0, 0, 0, 0), -3, (E, E), 1.5], ids=_kid)
def test_setitem_index_errors(key):
    def f(xp, x):
        x[key] = 1
        return x
    compare(f, numpy.zeros((2, 3, 4)))


def test_setitem_overlapping_self():
    def f(xp, x):
        x[1:] = x[:-1]
        return x
    compare(f, numpy.arange(10), exact=True)

    def g(xp, x):
        x[...] = x[::-1]
        return x
    compare(g, numpy.arange(10), exact=True)

    def h(xp, x):
        x[...] = x.T
        return x
    compare(h, numpy.arange(16).reshape(4, 4), exact=True)


def test_setitem_0d():
    def f(xp, x):
        x[()] = 4
        return x
    compare(f, numpy.array(1.5))

    def g(xp, x):
        x[...] = 2.5
        return x
    compare(g, numpy.array(1))


def test_setitem_empty():
    def f(xp, x):
        x[...] = 3
        x[:, 1:1] = xp.ones((0, 0))
        return x
    compare(f, numpy.zeros((0, 3)))
