"""Scans (the scan primitive, Note [Scan plans]): cumsum, cumprod, nancumsum,
nancumprod, cumulative_sum, cumulative_prod and the ndarray methods, against
NumPy: every dtype, every axis and layout, NumPy's accumulation dtypes,
dtype= and out=, include_initial, empty and 0-d inputs, long axes that span
many GPU tiles, and the errors.

Float data is chosen so that the order of accumulation does not matter
beyond the tolerance (the GPU groups partial sums by tiles, NumPy adds left
to right): positive values for sums, short axes for products, and small
integers in float16 (exact in any order)."""
import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, SOME_DTYPES, compare, dtype_params, make_data)

pytestmark = pytest.mark.usefixtures("device")

CUM = ["cumsum", "cumprod", "nancumsum", "nancumprod"]


def _cum(xp, name):
    """xp.cumulative_sum / xp.cumulative_prod. NumPy 2.1 added them; under an
    older NumPy the oracle is their documented definition on NumPy's own
    ufunc.accumulate (0-d taken as 1-d, `axis` required past 1-d, the
    identity first when include_initial), so the cases still run there."""
    if xp is not numpy or hasattr(numpy, name):
        return getattr(xp, name)
    ufunc = numpy.add if name == "cumulative_sum" else numpy.multiply

    def cumulative(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
        x = numpy.atleast_1d(x)
        if axis is None:
            if x.ndim >= 2:
                raise ValueError("For arrays which have more than one dimension ``axis`` argument is required.")
            axis = 0
        if out is not None and include_initial:
            item = [slice(None)] * x.ndim
            item[axis] = slice(1, None)
            ufunc.accumulate(x, axis=axis, dtype=dtype, out=out[tuple(item)])
            item[axis] = 0
            out[tuple(item)] = ufunc.identity
            return out
        res = ufunc.accumulate(x, axis=axis, dtype=dtype, out=out)
        if include_initial:
            shape = list(x.shape)
            shape[axis] = 1
            res = numpy.concatenate([numpy.full_like(res, ufunc.identity, shape=shape), res], axis=axis)
        return res
    return cumulative


def scan_data(shape, dt, rng, product=False, nans=False):
    dt = numpy.dtype(dt)
    if dt == numpy.float16 or dt.kind in "iub":
        a = (rng.integers(0, 3 if product else 5, size=shape) if dt.kind in "ub" or product
             else rng.integers(-4, 5, size=shape)).astype(dt)
    else:
        a = make_data(shape, dt, kind="positive", rng=rng)
    if nans and dt.kind in "fc" and a.size:
        a.flat[rng.integers(0, a.size, size=max(1, a.size // 5))] = numpy.nan
    return a


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", CUM)
def test_every_dtype_and_axis(name, dt, rng):
    prod = "prod" in name
    a = scan_data((3, 4, 5), dt, rng, product=prod, nans=name.startswith("nan"))
    for axis in (None, 0, 1, 2, -1):
        compare(lambda xp, x: getattr(xp, name)(x, axis=axis), a)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", ["cumsum", "cumprod"])
def test_layouts(name, dt, rng):
    a = scan_data((6, 5, 4), dt, rng, product=name == "cumprod")
    views = [lambda x: x.transpose(2, 0, 1), lambda x: x[::-1, :, ::2], lambda x: x[1:, ::-2],
             lambda x: x.T[::2]]
    for v in views:
        for axis in (None, 0, 1, 2):
            compare(lambda xp, x: getattr(xp, name)(v(x), axis=axis), a)


@pytest.mark.parametrize("in_dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint32, numpy.int64, numpy.float16,
                                   numpy.float32, numpy.float64, numpy.complex64, bool])
def test_dtype_argument(in_dt, dtype, rng):
    a = scan_data((4, 6), in_dt, rng, product=True)
    compare(lambda xp, x: xp.cumsum(x, axis=1, dtype=dtype), a)
    compare(lambda xp, x: xp.cumprod(x, axis=0, dtype=dtype), a)
    compare(lambda xp, x: _cum(xp, "cumulative_sum")(x, axis=1, dtype=dtype), a)


@pytest.mark.parametrize("out_dt", dtype_params(SOME_DTYPES))
def test_out(out_dt, rng):
    a = scan_data((4, 6), numpy.int16, rng, product=True)
    f = scan_data((4, 6), numpy.float64, rng)
    for x in (a, f):
        def g(xp, o, x):
            r = xp.cumsum(x, axis=1, out=o)
            assert r is o
            return r
        compare(g, numpy.zeros((4, 6), out_dt), x)
        compare(lambda xp, o, x: xp.cumprod(x, axis=0, out=o[::-1]), numpy.zeros((4, 6), out_dt), x)
        compare(lambda xp, o, x: xp.cumsum(x, out=o), numpy.zeros(24, out_dt), x)
        compare(lambda xp, o, x: xp.nancumsum(x, axis=0, out=o, dtype=numpy.float32),
                numpy.zeros((4, 6), out_dt), x)


def test_out_in_place_and_overlapping(rng):
    a = scan_data((5, 7), numpy.float64, rng)

    def in_place(xp, x):
        xp.cumsum(x, axis=1, out=x)
        return x
    compare(in_place, a)

    def shifted(xp, x):
        xp.cumsum(x[:, :-1], axis=1, out=x[:, 1:])
        return x
    compare(shifted, a)

    def method(xp, x):
        x.cumprod(axis=0, out=x)
        return x
    compare(method, a)


def test_out_errors(rng):
    a = scan_data((4, 6), numpy.float64, rng)
    compare(lambda xp, x: xp.cumsum(x, axis=1, out=xp.zeros((4, 5))), a)
    compare(lambda xp, x: xp.cumsum(x, out=xp.zeros((4, 6))), a)
    compare(lambda xp, x: _cum(xp, "cumulative_sum")(x, axis=0, out=xp.zeros((4, 6)), include_initial=True), a)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
def test_cumulative(name, dt, rng):
    prod = "prod" in name
    a = scan_data((3, 5), dt, rng, product=prod)
    v = scan_data((7,), dt, rng, product=prod)
    for inc in (False, True):
        compare(lambda xp, x: _cum(xp, name)(x, include_initial=inc), v)
        for axis in (0, 1, -1):
            compare(lambda xp, x: _cum(xp, name)(x, axis=axis, include_initial=inc), a)
        compare(lambda xp, x: _cum(xp, name)(x, axis=0, include_initial=inc,
                                                 out=xp.zeros((4 if inc else 3, 5))), a)
    compare(lambda xp, x: _cum(xp, name)(x), a)  # ValueError: axis required


def test_empty_and_0d(rng):
    for shape in [(0,), (0, 3), (3, 0), (2, 0, 4)]:
        a = numpy.zeros(shape, numpy.float32)
        for axis in [None] + list(range(len(shape))):
            compare(lambda xp, x: xp.cumsum(x, axis=axis), a)
            compare(lambda xp, x: xp.cumprod(x, axis=axis, dtype=numpy.int16), a)
            if axis is not None:
                compare(lambda xp, x: _cum(xp, "cumulative_sum")(x, axis=axis, include_initial=True), a)
                compare(lambda xp, x: _cum(xp, "cumulative_prod")(x, axis=axis, include_initial=True), a)
    s = numpy.array(5, numpy.int8)
    for f in (lambda xp, x: xp.cumsum(x), lambda xp, x: xp.cumsum(x, axis=0),
              lambda xp, x: xp.cumsum(x, axis=-1), lambda xp, x: xp.cumsum(x, axis=1),
              lambda xp, x: _cum(xp, "cumulative_sum")(x), lambda xp, x: _cum(xp, "cumulative_prod")(x, include_initial=True),
              lambda xp, x: x.cumprod()):
        compare(f, s)


def test_axis_errors(rng):
    a = scan_data((3, 4), numpy.int32, rng)
    for name in CUM:
        compare(lambda xp, x: getattr(xp, name)(x, axis=2), a)
        compare(lambda xp, x: getattr(xp, name)(x, axis=-3), a)
        compare(lambda xp, x: getattr(xp, name)(x, axis=1.0), a)
    compare(lambda xp, x: _cum(xp, "cumulative_sum")(x, axis=5), a)


def test_nan_handling(rng):
    a = numpy.array([[1.0, numpy.nan, 2.0, numpy.inf], [numpy.nan, numpy.nan, -1.0, 3.0]])
    for name in CUM:
        for axis in (None, 0, 1):
            compare(lambda xp, x: getattr(xp, name)(x, axis=axis), a)
    compare(lambda xp, x: xp.nancumsum(x, dtype=numpy.int32), a)  # NaN is 0 before the conversion
    compare(lambda xp, x: xp.nancumprod(x, axis=1, dtype=numpy.int64), a)
    z = numpy.array([1 + 1j, complex(numpy.nan, 1), complex(2, numpy.nan), 3j])
    compare(lambda xp, x: xp.nancumsum(x), z)
    compare(lambda xp, x: xp.nancumsum(x, dtype=numpy.float64), z)
    compare(lambda xp, x: xp.nancumprod(x), z)
    compare(lambda xp, x: xp.nancumsum(x), numpy.arange(5, dtype=numpy.uint8))


# A sum starts from its first element, as NumPy's accumulate does: a run of
# -0.0 sums to -0.0 (an identity of +0.0 made it +0.0), and nancumsum's NaN
# counts as +0.0. compare() checks the sign of every zero. Lengths cross the
# CPU's chunks and the GPU's tiles (the look-back carries -0.0 too). The
# complex products are left out: the sign of a zero in a complex product
# depends on the grouping (the H200 gave (0+0j) where NumPy's left-to-right
# order gives (0-0j)), and the GPU groups by tiles (Note [Scan descriptors]).
@pytest.mark.parametrize("dt", dtype_params([numpy.dtype(n) for n in
                                             ("float16", "float32", "float64", "complex64", "complex128")]))
@pytest.mark.parametrize("n", [1, 7, 4097, 100_003])
def test_signed_zeros(n, dt, rng):
    a = numpy.full(n, -0.0, dt)
    mixed = a.copy()
    mixed[rng.integers(0, n, size=max(1, n // 5))] = numpy.nan
    mixed[::3] = 0.0
    for name in CUM if dt.kind == "f" else ["cumsum", "nancumsum"]:
        compare(lambda xp, x: getattr(xp, name)(x), a)
        compare(lambda xp, x: getattr(xp, name)(x), mixed)
    compare(lambda xp, x: xp.cumsum(x[::-2]), a)
    m = numpy.full((3, n), -0.0, dt)
    compare(lambda xp, x: xp.cumsum(x, axis=0), m)
    compare(lambda xp, x: xp.cumsum(x, axis=1), m)
    compare(lambda xp, x: xp.add.accumulate(x, axis=1), m)


def test_methods_and_array_likes(rng):
    a = scan_data((4, 5), numpy.int32, rng)
    compare(lambda xp, x: x.cumsum(), a)
    compare(lambda xp, x: x.cumsum(1), a)
    compare(lambda xp, x: x.cumprod(axis=0, dtype=numpy.float32), a)
    compare(lambda xp, x: xp.cumsum([1, 2, 3]), a)
    compare(lambda xp, x: xp.cumprod([[1.5, 2], [3, 4]], axis=1), a)


@pytest.mark.parametrize("dt", dtype_params([numpy.dtype(n) for n in
                                             ("int32", "int64", "uint8", "float64", "float32",
                                              "complex128", "float16")]))
@pytest.mark.parametrize("n", [255, 257, 4096, 4097, 100_003])
def test_long_axes(n, dt, rng):
    # crosses the CPU's 256-element chunks and many GPU tiles (look-back)
    if dt == numpy.float16:
        a = rng.integers(-1, 2, size=n).astype(dt)  # partial sums stay below 2048: exact
    elif dt.kind == "f":
        a = rng.integers(0, 3, size=n).astype(dt)  # exact sums in any order
    else:
        a = scan_data((n,), dt, rng)
    compare(lambda xp, x: xp.cumsum(x), a)
    compare(lambda xp, x: xp.cumsum(x[::-3]), a)


@pytest.mark.parametrize("shape, axis", [((300, 2000), 0), ((300, 2000), 1), ((2000, 3), 0),
                                         ((3, 9000), 1), ((64, 50, 40), 1), ((5000, 40), 0),
                                         ((7, 3, 2000), 2)])
def test_large_2d_and_3d(shape, axis, rng):
    a = rng.integers(-3, 4, size=shape).astype(numpy.int32)
    compare(lambda xp, x: xp.cumsum(x, axis=axis), a)
    compare(lambda xp, x: xp.cumsum(x.T, axis=0), a)
    f = rng.integers(0, 3, size=shape).astype(numpy.float32)
    compare(lambda xp, x: xp.cumsum(x, axis=axis, dtype=numpy.float64), f)
    compare(lambda xp, x: xp.nancumsum(x, axis=axis), f)


@pytest.mark.parametrize("dt", dtype_params([numpy.dtype("int32"), numpy.dtype("float32")]))
def test_many_tiles(dt, rng):
    # hundreds of GPU tiles: the look-back walks past 32 predecessors at times
    a = rng.integers(0, 3, size=2**20 + 3).astype(dt)
    compare(lambda xp, x: xp.cumsum(x), a)
    compare(lambda xp, x: xp.cumsum(x.reshape(4, -1)[:, :-1], axis=1, dtype=numpy.int64), a[:-3])


@pytest.mark.parametrize("dt", dtype_params([numpy.dtype(n) for n in
                                             ("float32", "float64", "int32", "float16", "complex64", "int8")]))
def test_vector_tiles(dt, rng):
    # The GPU loads and stores full tiles of a contiguous, 16-byte aligned
    # axis as 16-byte vectors (Note [Scan kernels]); views starting off that
    # alignment, rows whose stride breaks it, partial last tiles and other
    # output dtypes take the scalar path for some tiles or all.
    n = 3 * 4096 + 17
    a = rng.integers(-1, 2, size=n).astype(dt)  # partial sums stay small: exact in any order
    compare(lambda xp, x: xp.cumsum(x), a)
    compare(lambda xp, x: xp.cumsum(x[1:]), a)
    compare(lambda xp, x: xp.cumsum(x[8:]), a)
    compare(lambda xp, x: xp.cumsum(x[: 4 * 2048].reshape(4, 2048), axis=1), a)
    compare(lambda xp, x: xp.cumsum(x[: 3 * 2049].reshape(3, 2049), axis=1), a)
    compare(lambda xp, x: xp.cumsum(x, dtype=numpy.float64), a)
    compare(lambda xp, x: xp.cumprod(numpy.abs(x[:5000]) if xp is numpy else xp.abs(x[:5000])), a)
    out = numpy.zeros(n, numpy.complex128)
    compare(lambda xp, x, o: xp.cumsum(x, out=o), a, out)
