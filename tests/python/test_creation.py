"""Array creation functions and conversion methods."""
import itertools
import os
import subprocess
import sys

import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, INEXACT_DTYPES, SOME_DTYPES, assert_layout, assert_same, compare,
                     dtype_id, cuda_available, dtype_params, make_data, requires_cunum, to_numpy,
                     NUMPY_VERSION)

pytestmark = pytest.mark.usefixtures("device")

SHAPES = [(), (0,), (1,), (5,), (2, 3), (3, 0, 2), (2, 1, 3, 2)]
SHAPE_IDS = [str(s) for s in SHAPES]


# ---------------------------------------------------------------- empty / zeros / ones / full


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("shape", SHAPES, ids=SHAPE_IDS)
def test_zeros_ones(dt, shape):
    compare(lambda xp: xp.zeros(shape, dtype=dt))
    compare(lambda xp: xp.ones(shape, dtype=dt))


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("shape", SHAPES, ids=SHAPE_IDS)
def test_empty(dt, shape):
    e, a = numpy.empty(shape, dtype=dt), cn.empty(shape, dtype=dt)
    assert a.shape == e.shape and a.dtype == e.dtype
    assert_layout(e, a)


@pytest.mark.parametrize("shape", [3, (3,), [2, 3], (2, numpy.int64(2))], ids=repr)
def test_shape_argument_forms(shape):
    compare(lambda xp: xp.zeros(shape))
    compare(lambda xp: xp.ones(shape, dtype="i4"))
    assert cn.empty(shape).shape == numpy.empty(shape).shape


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("fn", ["empty", "zeros", "ones"])
def test_order(fn, order):
    e = getattr(numpy, fn)((2, 3, 4), dtype=numpy.float32, order=order)
    a = getattr(cn, fn)((2, 3, 4), dtype=numpy.float32, order=order)
    assert_layout(e, a)


@pytest.mark.parametrize("bad", [-1, (2, -1), 2.5, (2, 1.5), "3"], ids=repr)
def test_bad_shapes(bad):
    compare(lambda xp: xp.zeros(bad))
    compare(lambda xp: xp.empty(bad))


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("value", [0, 1, -1, 7, 2.5, -3.75, True, 1 + 2j, 300, 2**40],
                         ids=repr)
def test_full(dt, value):
    if (NUMPY_VERSION < (2, 1) and type(value) is int and dt.kind in "iu"
            and not numpy.iinfo(dt).min <= value <= numpy.iinfo(dt).max):
        pytest.skip("NumPy 2.1: full() with a Python int beyond the dtype is an OverflowError (2.0 wrapped)")
    compare(lambda xp: xp.full((2, 3), value, dtype=dt))


@pytest.mark.parametrize("value", [0, 7, -3, 2.5, True, False, 1 + 2j, 2**40], ids=repr)
def test_full_infers_dtype(value):
    compare(lambda xp: xp.full((3,), value))
    compare(lambda xp: xp.full((), value))


def test_full_broadcast_fill_value():
    compare(lambda xp: xp.full((2, 3), [1, 2, 3]))
    compare(lambda xp: xp.full((2, 3), [[1.5], [2.5]], dtype=numpy.float32))
    compare(lambda xp: xp.full((2, 3), [1, 2]))


def test_full_array_fill_value():
    v = numpy.array([1.5, -2.5, 3.5], dtype=numpy.float32)
    compare(lambda xp, v: xp.full((2, 3), v), v)
    compare(lambda xp, v: xp.full((2, 3), v, dtype=numpy.int16), v)
    compare(lambda xp, v: xp.full((2, 3), v[0]), v)


# ---------------------------------------------------------------- *_like


# Sources built with the module under test (layouts are made by the library
# itself, not by converting a non-contiguous NumPy array).
LIKE_SOURCES = {
    "c": lambda xp: xp.arange(24, dtype=numpy.int16).reshape(2, 3, 4),
    "f": lambda xp: xp.asfortranarray(xp.arange(24.0).reshape(2, 3, 4)),
    "transposed": lambda xp: xp.arange(24.0, dtype=numpy.float32).reshape(2, 3, 4).transpose(
        2, 0, 1),
    "strided": lambda xp: xp.arange(24.0).reshape(4, 6)[::-2, 1::2],
    "0d": lambda xp: xp.asarray(3 + 1j),
    "empty": lambda xp: xp.zeros((0, 3), dtype=numpy.uint8),
}


@pytest.mark.parametrize("src", list(LIKE_SOURCES))
@pytest.mark.parametrize("fn", ["zeros_like", "ones_like", "empty_like"])
def test_like(fn, src):
    a = LIKE_SOURCES[src](numpy)
    c = LIKE_SOURCES[src](cn)
    assert_same(a, c)
    e, r = getattr(numpy, fn)(a), getattr(cn, fn)(c)
    if fn == "empty_like":
        assert r.shape == e.shape and r.dtype == e.dtype
    else:
        assert_same(e, r)
    assert_layout(e, r)
    for dt in (numpy.float16, "c8", bool):
        e, r = getattr(numpy, fn)(a, dtype=dt), getattr(cn, fn)(c, dtype=dt)
        assert r.dtype == e.dtype and r.shape == e.shape
    for order in ("C", "F"):
        e, r = getattr(numpy, fn)(a, order=order), getattr(cn, fn)(c, order=order)
        assert_layout(e, r)
    e, r = getattr(numpy, fn)(a, shape=(4, 2)), getattr(cn, fn)(c, shape=(4, 2))
    assert r.shape == e.shape and r.dtype == e.dtype


@pytest.mark.parametrize("src", list(LIKE_SOURCES))
@pytest.mark.parametrize("value", [2.7, -1, True, 1j], ids=repr)
def test_full_like(src, value):
    mk = LIKE_SOURCES[src]
    if value == -1 and mk(numpy).dtype.kind == "u":
        value = 5
    compare(lambda xp: xp.full_like(mk(xp), value))
    compare(lambda xp: xp.full_like(mk(xp), value, dtype=numpy.float64))
    e, r = compare(lambda xp: xp.full_like(mk(xp), 1))
    assert_layout(e, r)


def test_like_does_not_share_memory():
    def f(xp, x):
        y = xp.zeros_like(x)
        y[...] = 9
        return y
    compare(f, numpy.arange(6.0).reshape(2, 3))


# ---------------------------------------------------------------- arange / linspace / logspace


@pytest.mark.parametrize("args", [(5,), (0,), (-3,), (1, 10, 3), (10, 1, -2), (2, 2), (5, 1),
                                  (0, 1, 0.1), (1.5,), (0.5, 4.25, 0.5), (-2.5, 2.5, 1.25),
                                  (10, 0, -0.75), (3, 30, 7), (True,), (1e2,),
                                  (0, 1, 0), (0.0, 1.0, 0.0)],
                         ids=repr)
def test_arange(args):
    compare(lambda xp: xp.arange(*args))


@pytest.mark.parametrize("dt", dtype_params([d for d in ALL_DTYPES if d != numpy.bool_]))
def test_arange_dtype(dt):
    compare(lambda xp: xp.arange(5, dtype=dt))
    compare(lambda xp: xp.arange(1, 12, 3, dtype=dt))
    compare(lambda xp: xp.arange(2.0, dtype=dt))
    if dt.kind in "fc":
        compare(lambda xp: xp.arange(0.5, 3.0, 0.25, dtype=dt))


def test_arange_keywords():
    compare(lambda xp: xp.arange(start=2, stop=9, step=2))
    compare(lambda xp: xp.arange(stop=4))
    compare(lambda xp: xp.arange(-3, 3, dtype=numpy.uint8))
    compare(lambda xp: xp.arange(1.5, dtype=numpy.int8))


@pytest.mark.parametrize("kw", [dict(start=0, stop=1, num=5), dict(start=0, stop=1, num=0),
                                dict(start=0, stop=1, num=1), dict(start=2, stop=7, num=5),
                                dict(start=-1, stop=1, num=7), dict(start=5, stop=-5, num=11),
                                dict(start=0, stop=1, num=5, endpoint=False),
                                dict(start=1, stop=1, num=4),
                                dict(start=0, stop=10, num=4, dtype=numpy.float32),
                                dict(start=-1, stop=1, num=7, dtype=numpy.int8),
                                dict(start=0, stop=100, num=9, dtype=numpy.int64),
                                dict(start=0, stop=1, num=5, dtype=numpy.complex64),
                                dict(start=0, stop=2, num=50),
                                dict(start=0, stop=1, num=-1)],
                         ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()))
def test_linspace(kw):
    compare(lambda xp: xp.linspace(**kw))


def test_linspace_default_num():
    compare(lambda xp: xp.linspace(0, 1))


def test_linspace_endpoint_exact():
    for start, stop in [(0.1, 0.7), (-3.3, 1e-3), (1e10, 1e10 + 7)]:
        e, a = numpy.linspace(start, stop, 13), cn.linspace(start, stop, 13)
        assert_same(e, a)
        assert to_numpy(a)[-1] == stop
        assert to_numpy(a)[0] == start


def test_linspace_retstep():
    e, estep = numpy.linspace(2, 7, 5, retstep=True)
    a, astep = cn.linspace(2, 7, 5, retstep=True)
    assert_same(e, a)
    assert float(astep) == float(estep)
    e, estep = numpy.linspace(0, 1, 4, endpoint=False, retstep=True)
    a, astep = cn.linspace(0, 1, 4, endpoint=False, retstep=True)
    assert_same(e, a)
    assert float(astep) == pytest.approx(float(estep), rel=1e-15)


@pytest.mark.parametrize("kw", [dict(start=0, stop=2, num=3),
                                dict(start=0, stop=2, num=3, base=2.0),
                                dict(start=-2, stop=3, num=6), dict(start=1, stop=2, num=4,
                                                                     endpoint=False),
                                dict(start=0, stop=3, num=4, dtype=numpy.float32),
                                dict(start=0, stop=1, num=0)],
                         ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()))
def test_logspace(kw):
    compare(lambda xp: xp.logspace(**kw))


# ---------------------------------------------------------------- eye / identity


@pytest.mark.parametrize("args", [(3,), (1,), (0,), (3, 4), (4, 2), (3, 4, 1), (3, 4, -1),
                                  (3, 3, 5), (3, 3, -5), (4, None, 2)], ids=repr)
def test_eye(args):
    compare(lambda xp: xp.eye(*args))


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_eye_identity_dtype(dt):
    compare(lambda xp: xp.eye(3, 4, k=1, dtype=dt))
    compare(lambda xp: xp.eye(2, dtype=dt))
    compare(lambda xp: xp.identity(3, dtype=dt))


def test_identity_default():
    compare(lambda xp: xp.identity(4))
    compare(lambda xp: xp.identity(0))


# ---------------------------------------------------------------- array / asarray


NESTED = [
    5, 2.5, True, 1 + 1j, [], [[]], [1, 2, 3], [1.0, 2, 3], [True, False], [True, 2],
    [[1, 2], [3, 4]], [[1, 2], [3, 4.5]], [[[1], [2]], [[3], [4]]], [1, 2j], [2**40, 1],
    [[1.5, -2.5, 3.25]], ([1, 2], [3, 4]), (1, 2.5),
]


@pytest.mark.parametrize("data", NESTED, ids=repr)
def test_array_from_python(data):
    compare(lambda xp: xp.array(data))
    compare(lambda xp: xp.asarray(data))


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("data", [[1, 0, 3], [[1.5, 2.5], [-0.0, 7.25]], 3, [True, False],
                                  [], [1 + 2j, 3]], ids=repr)
def test_array_from_python_with_dtype(data, dt):
    compare(lambda xp: xp.array(data, dtype=dt))


@pytest.mark.parametrize("data, dt", [([1, 300], numpy.uint8), ([1, -1], numpy.uint8),
                                      ([2**63], numpy.int64), ([[1, 2], [3]], None),
                                      ([1 + 1j], numpy.float32), (-1, numpy.uint16)],
                         ids=repr)
def test_array_from_python_errors(data, dt):
    compare(lambda xp: xp.array(data, dtype=dt))


def test_array_ndmin():
    compare(lambda xp: xp.array([1, 2], ndmin=3))
    compare(lambda xp: xp.array(5.0, ndmin=1))


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_array_from_numpy(dt, rng):
    for shape in [(), (4,), (2, 3), (0, 2)]:
        src = make_data(shape, dt, rng=rng)
        assert_same(numpy.array(src), cn.array(src), exact=True)
        assert_same(numpy.asarray(src), cn.asarray(src), exact=True)
    # non-contiguous NumPy source
    src = make_data((4, 6), dt, rng=rng)[::2, ::-3]
    assert_same(src.copy(), cn.asarray(src), exact=True)
    assert_same(src.T.copy(), cn.array(src.T), exact=True)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_array_from_numpy_with_dtype(dt, rng):
    src = make_data((3, 2), numpy.float64, kind="positive", rng=rng)
    assert_same(numpy.asarray(src, dtype=dt), cn.asarray(src, dtype=dt))
    assert_same(numpy.array(src, dtype=dt), cn.array(src, dtype=dt))


def test_array_from_numpy_scalar():
    for s in (numpy.float32(1.5), numpy.int8(-3), numpy.bool_(True), numpy.complex64(2j),
              numpy.uint64(2**64 - 1)):
        assert_same(numpy.array(s), cn.array(s), exact=True)
        assert_same(numpy.asarray(s), cn.asarray(s), exact=True)


def test_array_copies():
    def f(xp, x):
        y = xp.array(x)
        y[...] = 7
        return y
    compare(f, numpy.arange(6.0).reshape(2, 3))  # x must be unchanged

    def g(xp, x):
        y = xp.copy(x)
        y[0] = -1
        return y
    compare(g, numpy.arange(4))


def test_asarray_does_not_copy():
    def f(xp, x):
        y = xp.asarray(x)
        y[...] = 7
        return y
    compare(f, numpy.arange(6.0).reshape(2, 3))  # x is changed too
    x = cn.arange(4)
    assert cn.asarray(x) is x
    assert cn.asarray(x, dtype=x.dtype) is x


def test_asarray_with_other_dtype_copies():
    def f(xp, x):
        y = xp.asarray(x, dtype=numpy.float32)
        y[...] = 7
        return y
    compare(f, numpy.arange(6.0))


@pytest.mark.parametrize("src", list(LIKE_SOURCES))
def test_array_of_cunum_array_layout(src):
    mk = LIKE_SOURCES[src]
    for kw in ({}, {"order": "C"}, {"order": "F"}, {"order": "K"}, {"order": "A"}):
        e, r = compare(lambda xp: xp.array(mk(xp), **kw))
        assert_layout(e, r)


@pytest.mark.parametrize("fn", ["ascontiguousarray", "asfortranarray"])
@pytest.mark.parametrize("src", list(LIKE_SOURCES))
def test_ascontiguous_asfortran(fn, src):
    mk = LIKE_SOURCES[src]
    e, r = compare(lambda xp: getattr(xp, fn)(mk(xp)))
    assert_layout(e, r)
    e, r = compare(lambda xp: getattr(xp, fn)(mk(xp), dtype=numpy.float32))
    assert_layout(e, r)


def test_ascontiguousarray_no_copy_when_contiguous():
    def f(xp, x):
        y = xp.ascontiguousarray(x)
        y[0] = 100
        return y
    compare(f, numpy.arange(5))

    def g(xp, x):
        y = xp.asfortranarray(x.T)
        y[0, 0] = 100
        return y
    compare(g, numpy.arange(6).reshape(2, 3))


LAYOUTS = {
    "c": lambda xp, x: x,
    "f": lambda xp, x: xp.asfortranarray(x),
    "strided": lambda xp, x: xp.asfortranarray(x)[:, ::-1, ::2],
    "transposed": lambda xp, x: x.transpose(1, 0, 2),
    "sliced": lambda xp, x: x[1:, :2],
}


@pytest.mark.parametrize("order", ["C", "F", "K", "A"])
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_copy_function_and_method(order, layout):
    a = numpy.arange(24.0).reshape(2, 3, 4)
    mk = LAYOUTS[layout]
    e, r = compare(lambda xp, x: xp.copy(mk(xp, x), order=order), a)
    assert_layout(e, r)
    e, r = compare(lambda xp, x: mk(xp, x).copy(order=order), a)
    assert_layout(e, r)
    e, r = compare(lambda xp, x: mk(xp, x).copy(), a)
    assert_layout(e, r)
    e, r = compare(lambda xp, x: xp.copy(mk(xp, x)), a)
    assert_layout(e, r)


# order=None is the routine's own default, as NumPy's order converter leaves
# it: 'K' for array, the *_like routines and astype; 'C' for copy, ravel and
# flatten (CuPy's test_astype passes order=None).
ORDER_NONE = {
    "array": lambda xp, x: xp.array(x, order=None),
    "zeros_like": lambda xp, x: xp.zeros_like(x, order=None),
    "full_like": lambda xp, x: xp.full_like(x, 7, order=None),
    "astype": lambda xp, x: x.astype(numpy.float32, order=None),
    "copy": lambda xp, x: x.copy(order=None),
    "ravel": lambda xp, x: x.ravel(order=None),
    "ravel_function": lambda xp, x: xp.ravel(x, order=None),
    "flatten": lambda xp, x: x.flatten(order=None),
}


@pytest.mark.parametrize("name", list(ORDER_NONE))
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_order_none_is_the_default(name, layout):
    a = numpy.arange(24.0).reshape(2, 3, 4)
    e, r = compare(lambda xp, x: ORDER_NONE[name](xp, LAYOUTS[layout](xp, x)), a)
    assert_layout(e, r)


@pytest.mark.parametrize("order", ["k", "f", "X", "CF", 3])
@pytest.mark.parametrize("method", ["astype", "copy", "ravel", "flatten"])
def test_method_order_argument(method, order):
    # lower case is accepted; anything else is NumPy's ValueError or TypeError
    args = (numpy.int16,) if method == "astype" else ()
    compare(lambda xp, x: getattr(x, method)(*args, order=order), numpy.arange(6.0).reshape(2, 3))


def test_copy_is_independent():
    def f(xp, x):
        y = x.copy()
        x[0] = -5
        return y
    compare(f, numpy.arange(5.0))


# ---------------------------------------------------------------- astype


ASTYPE_PAIRS = [pytest.param(a, b, id=f"{dtype_id(a)}->{dtype_id(b)}")
                for a, b in itertools.product(ALL_DTYPES, ALL_DTYPES)]


def _astype_source(src, dst, rng):
    """Data whose conversion src->dst is well defined (no float->int overflow/NaN)."""
    if src.kind in "iub":
        return make_data((3, 5), src, kind="full", rng=rng)
    vals = rng.uniform(0, 100, size=(3, 5))
    if dst.kind == "i" or dst.kind in "fcb":
        vals = vals - 50  # negative values are fine for signed / float targets
    if dst == numpy.int8:
        vals = numpy.clip(vals, -100, 100)
    vals[0, 0] = 0.0
    vals[0, 1] = 3.75
    data = vals.astype(src) if src.kind == "f" else (vals + 1j * vals[::-1]).astype(src)
    return data


@pytest.mark.parametrize("src, dst", ASTYPE_PAIRS)
def test_astype(src, dst, rng):
    a = _astype_source(src, dst, rng)
    compare(lambda xp, x: x.astype(dst), a)
    compare(lambda xp, x: x[::-1, ::2].astype(dst), a)  # strided source


@pytest.mark.parametrize("dt", dtype_params(INEXACT_DTYPES))
def test_astype_special_values_to_bool_and_float(dt):
    a = numpy.array([numpy.nan, numpy.inf, -numpy.inf, -0.0, 0.0, 1e-30], dtype=dt)
    compare(lambda xp, x: x.astype(bool), a)
    for other in INEXACT_DTYPES:
        compare(lambda xp, x: x.astype(other), a)


def test_astype_copy_false_returns_self():
    x = cn.arange(4, dtype=numpy.float32)
    assert x.astype(numpy.float32, copy=False) is x
    y = x.astype(numpy.float32)
    assert y is not x

    def f(xp, x):
        y = x.astype(x.dtype)  # copy=True by default
        y[0] = 99
        return y
    compare(f, numpy.arange(4.0))


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_astype_order(layout):
    a = numpy.arange(24.0).reshape(2, 3, 4)
    mk = LAYOUTS[layout]
    for order in ("C", "F", "K", "A"):
        e, r = compare(lambda xp, x: mk(xp, x).astype(numpy.float32, order=order), a)
        assert_layout(e, r)


# ---------------------------------------------------------------- fill / tolist / item / get


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("value", [0, 1, -1, 2.7, True, 300, 1j], ids=repr)
def test_fill(dt, value):
    def f(xp, x):
        x.fill(value)
        return x
    compare(f, numpy.zeros((2, 3), dt))

    def g(xp, x):
        x[:, ::2].fill(value)  # through a strided view
        return x
    compare(g, numpy.zeros((2, 3), dt))


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("shape", [(), (0,), (3,), (2, 3), (2, 0, 2), (1, 2, 2)], ids=str)
def test_tolist(dt, shape, rng):
    a = make_data(shape, dt, rng=rng)
    compare(lambda xp, x: x.tolist(), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_item(dt, rng):
    a = make_data((2, 3), dt, rng=rng)
    compare(lambda xp, x: x[1, 2].item(), a)
    compare(lambda xp, x: x[1:2, 2:].item(), a)
    compare(lambda xp, x: x.item(4), a)
    compare(lambda xp, x: x.item(-1), a)
    compare(lambda xp, x: x.item(), a)  # ValueError: size 6
    compare(lambda xp, x: x.item(6), a)  # IndexError
    compare(lambda xp: xp.zeros(0, dt).item())


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_asnumpy_and_numpy_asarray(dt, rng):
    a = make_data((3, 4), dt, rng=rng)
    x = cn.asarray(a)
    for conv in (cn.asnumpy, numpy.asarray, numpy.array):
        r = conv(x)
        assert isinstance(r, numpy.ndarray)
        assert r.dtype == a.dtype
        numpy.testing.assert_array_equal(r, a, strict=True)
    r = cn.asnumpy(x[::-1, 1::2])
    numpy.testing.assert_array_equal(r, a[::-1, 1::2], strict=True)


@requires_cunum
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_get(dt, rng):
    a = make_data((3, 4), dt, rng=rng)
    x = cn.asarray(a)
    r = x.get()
    assert isinstance(r, numpy.ndarray)
    numpy.testing.assert_array_equal(r, a, strict=True)
    numpy.testing.assert_array_equal(x.T.get(), a.T, strict=True)
    numpy.testing.assert_array_equal(x[::2, ::-1].get(), a[::2, ::-1], strict=True)


# ---------------------------------------------------------------- devices


@requires_cunum
def test_device_keyword(device):
    for fn in (lambda **kw: cn.zeros(3, **kw), lambda **kw: cn.ones((2, 2), **kw),
               lambda **kw: cn.empty(4, **kw), lambda **kw: cn.full(2, 1.5, **kw),
               lambda **kw: cn.arange(5, **kw), lambda **kw: cn.asarray([1, 2], **kw),
               lambda **kw: cn.eye(3, **kw), lambda **kw: cn.linspace(0, 1, 3, **kw),
               lambda **kw: cn.array([1.0], **kw)):
        x = fn(device=device)
        assert x.device == cn.Device(device)
        y = fn(device=cn.Device(device))
        assert y.device == cn.Device(device)


@requires_cunum
def test_device_context_manager(device):
    x = cn.zeros(3)
    assert x.device == cn.Device(device)
    assert cn.asarray(numpy.arange(3)).device == cn.Device(device)
    assert (x + 1).device == cn.Device(device)
    assert x.sum().device == cn.Device(device)
    with cn.Device("cpu"):
        assert cn.ones(2).device == cn.Device("cpu")
    assert cn.ones(2).device == cn.Device(device)  # restored on exit


@requires_cunum
def test_cuda_is_available_is_bool():
    assert isinstance(cn.cuda.is_available(), bool)


@requires_cunum
def test_cunum_device_env_var():
    # CUNUM_DEVICE=cpu forces new arrays onto the CPU (checked in a fresh process)
    env = dict(os.environ, CUNUM_DEVICE="cpu",
               PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    code = ("import cunum as cn\n"
            "x = cn.zeros(2)\n"
            "print(x.device == cn.Device('cpu'), (x + 1).device == cn.Device('cpu'))")
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True", "True"]


@requires_cunum
def test_device_objects():
    assert cn.Device("cpu") == cn.Device("cpu")
    assert cn.zeros(1, device="cpu").device == cn.Device("cpu")
    if cuda_available():
        assert cn.Device("cuda") != cn.Device("cpu")
