"""Reductions: sum, prod, min/max (amin/amax), argmin/argmax, mean, any, all,
nansum, nanprod.

cunum reductions return 0-d cunum arrays where NumPy returns scalars (CuPy
convention); ``assert_same`` compares them with ``numpy.asarray(expected)``
and checks the result is a cunum ndarray.
"""
import warnings

import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, FLOAT_DTYPES, INT_DTYPES, SOME_DTYPES, assert_same, compare,
                     dtype_params, make_data, requires_cunum, to_numpy)

pytestmark = pytest.mark.usefixtures("device")

REDUCTIONS = ["sum", "prod", "min", "max", "amin", "amax", "argmin", "argmax", "mean", "any",
              "all", "nansum", "nanprod"]
METHODS = {"sum", "prod", "min", "max", "argmin", "argmax", "mean", "any", "all"}
AXES = [None, 0, 1, -1, (0, 2), (), (2, 0, 1), -3]


def _axis_id(a):
    return "None" if a is None else str(a).replace(" ", "")


def reduction_input(name, dt, shape, rng):
    """Data for which the reduction is well defined and numerically benign."""
    dt = numpy.dtype(dt)
    if name in ("nansum", "nanprod"):
        x = reduction_input(name[3:], dt, shape, rng)
        if dt.kind in "fc" and x.size:
            nan = rng.uniform(size=shape) < 0.2
            x[nan] = numpy.nan
            if dt.kind == "c" and x.size >= 2:  # a NaN in one part only is a NaN too
                flat = x.reshape(-1)
                flat[:2] = [complex(1.0, numpy.nan), complex(numpy.nan, 1.0)]
        return x
    if name in ("sum", "prod"):
        if dt.kind in "iu":
            return make_data(shape, dt, kind="full", rng=rng)  # wraps identically
        if dt.kind == "f":
            lo, hi = (0.5, 5.0) if name == "sum" else (0.7, 1.4)
            return rng.uniform(lo, hi, shape).astype(dt)
        if dt.kind == "c":
            lo, hi = (0.5, 5.0) if name == "sum" else (0.7, 1.2)
            out = numpy.empty(shape, dt)
            out.real = rng.uniform(lo, hi, shape)
            out.imag = rng.uniform(-0.3, 0.3, shape) if name == "prod" else rng.uniform(
                lo, hi, shape)
            return out
        return make_data(shape, dt, rng=rng)
    if name == "mean":
        return make_data(shape, dt, kind="positive" if dt.kind in "fc" else "default", rng=rng)
    if name in ("any", "all"):
        x = make_data(shape, dt, kind="nonzero", rng=rng)
        zero = rng.uniform(size=shape) < 0.25
        x[zero] = 0
        return x
    return make_data(shape, dt, rng=rng)  # min/max/argmin/argmax: ties included


def _rtol(name, dt):
    dt = numpy.dtype(dt)
    if name in ("sum", "prod", "mean", "nansum", "nanprod") and dt.char in "e":
        return 1e-2  # float16 accumulation order differs between implementations
    return None


def _call(xp, name, x, method, **kw):
    if method:
        return getattr(x, name)(**kw)
    return getattr(xp, name)(x, **kw)


@pytest.mark.parametrize("keepdims", [False, True], ids=["", "keepdims"])
@pytest.mark.parametrize("axis", AXES, ids=_axis_id)
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction(name, dt, axis, keepdims, rng):
    x = reduction_input(name, dt, (2, 3, 4), rng)
    rtol = _rtol(name, dt)
    compare(lambda xp, a: _call(xp, name, a, False, axis=axis, keepdims=keepdims), x,
            rtol=rtol)
    if name in METHODS:
        compare(lambda xp, a: _call(xp, name, a, True, axis=axis, keepdims=keepdims), x,
                rtol=rtol)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction_defaults_and_positional_axis(name, dt, rng):
    x = reduction_input(name, dt, (3, 5), rng)
    rtol = _rtol(name, dt)
    compare(lambda xp, a: getattr(xp, name)(a), x, rtol=rtol)
    compare(lambda xp, a: getattr(xp, name)(a, 1), x, rtol=rtol)
    if name in METHODS:
        compare(lambda xp, a: getattr(a, name)(), x, rtol=rtol)
        compare(lambda xp, a: getattr(a, name)(0), x, rtol=rtol)


@pytest.mark.parametrize("layout", ["T", "reversed", "stepped", "transposed3d"])
@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction_strided_input(name, dt, layout, rng):
    x = reduction_input(name, dt, (6, 8), rng)
    view = {"T": lambda a: a.T, "reversed": lambda a: a[::-1, ::-1],
            "stepped": lambda a: a[1::2, ::-3],
            "transposed3d": lambda a: a.reshape(2, 3, 8).transpose(2, 0, 1)}[layout]
    rtol = _rtol(name, dt)
    for axis in (None, 0, -1):
        compare(lambda xp, a: getattr(xp, name)(view(a), axis=axis), x, rtol=rtol)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction_0d(name, dt, rng):
    x = reduction_input(name, dt, (), rng)
    compare(lambda xp, a: getattr(xp, name)(a), x)
    compare(lambda xp, a: getattr(xp, name)(a, axis=None, keepdims=True), x)
    compare(lambda xp, a: getattr(xp, name)(a, axis=()), x)
    compare(lambda xp, a: getattr(xp, name)(a, axis=1), x)  # AxisError


def test_reduction_0d_axis_0_legacy():
    # NumPy accepts axis=0 / -1 on 0-d arrays in reductions
    x = numpy.array(5.0)
    for name in REDUCTIONS:
        compare(lambda xp, a: getattr(xp, name)(a, axis=0), x)
        compare(lambda xp, a: getattr(xp, name)(a, axis=-1), x)


@requires_cunum
@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction_returns_0d_cunum_array(name):
    x = cn.arange(1, 7).reshape(2, 3)
    r = getattr(cn, name)(x)
    assert type(r) is cn.ndarray
    assert r.ndim == 0 and r.shape == ()
    if name in METHODS:
        r = getattr(x, name)()
        assert type(r) is cn.ndarray and r.shape == ()


# ---------------------------------------------------------------- dtype=


@pytest.mark.parametrize("out_dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("in_dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", ["sum", "prod", "mean", "nansum", "nanprod"])
def test_reduction_dtype(name, in_dt, out_dt, rng):
    x = reduction_input(name, in_dt, (3, 4), rng)
    if in_dt.kind in "iu":
        x = make_data((3, 4), in_dt, kind="small", rng=rng)  # no float overflow
    if in_dt.kind in "fc" and out_dt.kind in "iub":
        x = make_data((3, 4), in_dt, kind="positive", rng=rng)  # defined float->int casts
    rtol = _rtol(name, out_dt) or (1e-3 if in_dt.char == "e" else None)
    for axis in (None, 0, 1):
        compare(lambda xp, a: getattr(xp, name)(a, axis=axis, dtype=out_dt), x, rtol=rtol)
    compare(lambda xp, a: getattr(a, name)(dtype=out_dt), x, rtol=rtol)


# ---------------------------------------------------------------- out=


@pytest.mark.parametrize("out_dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction_out(name, out_dt, rng):
    x = reduction_input(name, numpy.float64 if name not in ("any", "all") else numpy.int32,
                        (3, 4), rng)
    if out_dt.kind in "iub" and x.dtype.kind == "f":
        # non-negative integral values: the unsafe cast to out_dt is well defined
        x = numpy.round(numpy.abs(x))  # sums stay < 128

    def f(xp, a, o):
        r = getattr(xp, name)(a, axis=0, out=o)
        assert r is o
        return r
    compare(f, x, numpy.full(4, 9, dtype=out_dt))

    def g(xp, a, o):
        r = getattr(xp, name)(a, axis=1, keepdims=True, out=o)
        assert r is o
        return r
    compare(g, x, numpy.full((3, 1), 9, dtype=out_dt))

    def h(xp, a, o):
        getattr(xp, name)(a, axis=None, out=o[1, ...])  # 0-d view of a larger array
        return o
    compare(h, x, numpy.full(3, 9, dtype=out_dt))

    def k(xp, a, o):
        getattr(xp, name)(a, axis=0, out=o[::-2])  # strided out
        return o
    compare(k, x, numpy.full(8, 9, dtype=out_dt))


@pytest.mark.parametrize("name", REDUCTIONS)
@pytest.mark.parametrize("shape", [(2,), (1, 4), (4, 1), (5,), ()], ids=str)
def test_reduction_out_bad_shape(name, shape):
    x = numpy.arange(12.0).reshape(3, 4)
    compare(lambda xp, a, o: getattr(xp, name)(a, axis=0, out=o), x, numpy.zeros(shape))


# ---------------------------------------------------------------- NaN / special values


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES))
@pytest.mark.parametrize("name", ["min", "max", "argmin", "argmax", "amin", "amax", "sum",
                                  "prod", "mean", "any", "all", "nansum", "nanprod"])
def test_nan_propagation(name, dt):
    x = numpy.array([[1.0, numpy.nan, 3.0, -2.0],
                     [numpy.nan, 5.0, numpy.nan, 0.5],
                     [2.0, 4.0, -1.0, 7.0]], dtype=dt)
    for axis in (None, 0, 1):
        compare(lambda xp, a: getattr(xp, name)(a, axis=axis), x)


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES))
def test_min_max_infinities_and_signed_zero(dt):
    x = numpy.array([[numpy.inf, -numpy.inf, 0.0], [-0.0, 3.0, -numpy.inf]], dtype=dt)
    for name in ("min", "max", "argmin", "argmax", "sum"):
        for axis in (None, 0, 1):
            compare(lambda xp, a: getattr(xp, name)(a, axis=axis), x)


@pytest.mark.parametrize("dt", dtype_params(INT_DTYPES))
def test_min_max_extremes(dt):
    info = numpy.iinfo(dt)
    x = numpy.array([[0, info.max, info.min], [info.min, 1, info.max]], dtype=dt)
    for name in ("min", "max", "argmin", "argmax"):
        for axis in (None, 0, 1):
            compare(lambda xp, a: getattr(xp, name)(a, axis=axis), x)


def test_argmin_argmax_first_occurrence():
    x = numpy.array([[3, 1, 3, 1], [2, 2, 2, 2], [0, 5, 5, 0]])
    for dt in ALL_DTYPES:
        for name in ("argmin", "argmax"):
            for axis in (None, 0, 1):
                compare(lambda xp, a: getattr(xp, name)(a, axis=axis), x.astype(dt))


@requires_cunum
@pytest.mark.parametrize("rdt", [numpy.int8, numpy.int16, numpy.int32, numpy.int64])
def test_argmin_argmax_dtype_keyword(rdt):
    # CuPy's dtype= (keyword-only): NumPy's indices in that type.
    x = numpy.array([[3, 1, 3, 1], [2, 2, 7, 2], [0, 5, 5, 0]], numpy.float32)
    for name in ("argmin", "argmax"):
        for axis in (None, 0, 1):
            expected = getattr(numpy, name)(x, axis=axis).astype(rdt)
            assert_same(numpy.asarray(expected), getattr(cn, name)(cn.asarray(x), axis=axis, dtype=rdt))
            assert_same(numpy.asarray(expected), getattr(cn.asarray(x), name)(axis=axis, dtype=rdt))


def test_complex_min_max_lexicographic():
    x = numpy.array([1 + 1j, 1 + 2j, 0 + 5j, 1 - 3j, -1 + 0j, 1 + 2j])
    for dt in ("c8", "c16"):
        for name in ("min", "max", "argmin", "argmax"):
            compare(lambda xp, a: getattr(xp, name)(a), x.astype(dt))
            compare(lambda xp, a: getattr(xp, name)(a.reshape(2, 3), axis=1), x.astype(dt))


# ---------------------------------------------------------------- empty arrays


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", REDUCTIONS)
def test_empty(name, dt):
    # sum -> 0, prod -> 1, any -> False, all -> True, mean -> nan (RuntimeWarning),
    # min/max/argmin/argmax -> ValueError
    x = numpy.zeros((0, 3), dtype=dt)
    for axis in (None, 0, 1):
        compare(lambda xp, a: getattr(xp, name)(a, axis=axis), x)
        compare(lambda xp, a: getattr(xp, name)(a, axis=axis, keepdims=True), x)
    compare(lambda xp: getattr(xp, name)(xp.zeros(0, dtype=dt)))


def test_mean_of_empty_warns_like_numpy():
    with pytest.warns(RuntimeWarning):
        e = numpy.mean(numpy.zeros(0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        r = cn.mean(cn.zeros(0))
    assert_same(e, r)


# ---------------------------------------------------------------- accuracy


def test_float32_sum_large_pairwise_accuracy():
    rng = numpy.random.default_rng(1234)
    x = rng.uniform(0.0, 1.0, 10**6).astype(numpy.float32)
    exact = x.astype(numpy.float64).sum()
    e = numpy.sum(x)
    assert abs(float(e) - exact) / exact < 1e-6  # NumPy itself is accurate here
    r = cn.sum(cn.asarray(x))
    assert_same(e, r, rtol=1e-6, atol=0)
    r = cn.asarray(x).sum()
    assert_same(e, r, rtol=1e-6, atol=0)
    r = cn.mean(cn.asarray(x))
    assert_same(numpy.mean(x), r, rtol=1e-6, atol=0)


def test_float32_sum_large_along_axis():
    rng = numpy.random.default_rng(99)
    x = rng.uniform(0.0, 1.0, (4, 250000)).astype(numpy.float32)
    assert_same(numpy.sum(x, axis=1), cn.sum(cn.asarray(x), axis=1), rtol=1e-6, atol=0)
    assert_same(numpy.sum(x.T, axis=0), cn.sum(cn.asarray(x).T, axis=0), rtol=1e-6, atol=0)


def test_large_int_sum_and_minmax():
    rng = numpy.random.default_rng(7)
    x = rng.integers(-1000, 1000, size=200001).astype(numpy.int32)
    for name in ("sum", "min", "max", "argmin", "argmax", "any", "all"):
        compare(lambda xp, a: getattr(xp, name)(a), x)
    compare(lambda xp, a: xp.mean(a), x)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("name", REDUCTIONS)
@pytest.mark.parametrize("axis", [3, -4, (0, 3), (0, 0), (0, -3), 1.0, (1.5,)], ids=_axis_id)
def test_bad_axis(name, axis):
    compare(lambda xp, a: getattr(xp, name)(a, axis=axis), numpy.arange(24.0).reshape(2, 3, 4))


def test_bad_axis_is_axis_error():
    # AxisError subclasses both ValueError and IndexError
    x = cn.zeros((2, 3))
    for name in REDUCTIONS:
        with pytest.raises(numpy.exceptions.AxisError):
            getattr(cn, name)(x, axis=2)
        with pytest.raises(numpy.exceptions.AxisError):
            getattr(cn, name)(x, axis=-3)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", ["sum", "min", "max", "argmin", "argmax", "mean", "any", "all",
                                  "nansum"])
def test_larger_arrays(name, dt, rng):
    # sizes that reach vectorised / blocked / threaded reduction paths, with ties
    if dt.char == "e" and name in ("sum", "mean", "nansum"):
        pytest.skip("float16 accumulation order differs between implementations")
    x = reduction_input(name, dt, (67, 1031), rng)
    if name in ("min", "max", "argmin", "argmax") and dt.kind in "iu":
        x = make_data((67, 1031), dt, kind="full", rng=rng)
        x[5, 100] = x[60, 3] = numpy.iinfo(dt).max  # ties at the extreme
        x[7, 1000] = x[7, 1] = numpy.iinfo(dt).min
    for axis in (None, 0, 1):
        compare(lambda xp, a: getattr(xp, name)(a, axis=axis), x)
    compare(lambda xp, a: getattr(xp, name)(a.T[::-1], axis=0), x)
    compare(lambda xp, a: getattr(xp, name)(a[::3, ::-7], axis=1), x)


# ---------------------------------------------------------------- GPU strategies
# Shapes that reach each reduction strategy of the CUDA backend (Note [Reduction
# strategies]): a warp per row, a block per row with chunks merged by a thread
# or a block per output, column reductions with vector loads (or not), with
# and without chunks, misaligned rows and negative strides. On the CPU they are
# only more data.
STRATEGY_CASES = [
    ("rows-warp", (2200, 3000), lambda a: a, 1),
    ("rows-warp-tail", (2300, 77), lambda a: a, 1),
    ("rows-block", (2200, 5000), lambda a: a, 1),
    ("few-rows-chunked", (5, 300001), lambda a: a, 1),
    ("full", (2000003,), lambda a: a, None),
    ("misaligned-rows", (7, 100003), lambda a: a[:, 1:], 1),
    ("cols-vec-chunked", (5000, 512), lambda a: a, 0),
    ("cols-vec-few-chunks", (4096, 2048), lambda a: a, 0),
    ("cols-scalar", (20000, 130), lambda a: a, 0),
    ("cols-short", (3, 100000), lambda a: a, 0),
    ("reversed", (3000, 1001), lambda a: a[::-1, ::-2], 0),
    ("reversed-rows", (3000, 1001), lambda a: a[::-1, ::-2], 1),
    ("middle-axis", (64, 5000, 8), lambda a: a, 1),
    ("short-rows", (40000, 64), lambda a: a, 1),
    ("tiny-rows", (100000, 3), lambda a: a, 1),
    ("short-cols", (40000, 64), lambda a: a, 0),
    ("two-cols", (100000, 2), lambda a: a, 0),
    ("strided-both", (2000, 3001), lambda a: a[::2, ::3], 1),
    ("strided-full", (3000001,), lambda a: a[::3], None),
]
STRATEGY_DTYPES = ["float32", "float64", "int8", "uint16", "int64", "float16", "complex64", "bool"]


@pytest.mark.parametrize("dt", STRATEGY_DTYPES)
@pytest.mark.parametrize("name", ["sum", "max", "min", "argmax", "argmin", "any", "all", "mean",
                                  "nansum"])
@pytest.mark.parametrize("case", STRATEGY_CASES, ids=[c[0] for c in STRATEGY_CASES])
def test_reduction_strategies(case, name, dt, rng):
    _, shape, view, axis = case
    dt = numpy.dtype(dt)
    if dt.char == "e" and name in ("sum", "mean", "nansum"):
        pytest.skip("float16 accumulation order differs between implementations")
    if dt.kind == "b" and name in ("sum", "mean", "nansum"):
        pytest.skip("covered by the integer sums")
    if name in ("min", "max", "argmin", "argmax"):
        x = make_data(shape, dt, kind="full" if dt.kind in "iu" else "default", rng=rng)
        # plant ties at the extremum, in different chunks of the reduced runs
        flat = x.reshape(-1)
        m = flat.max() if name in ("max", "argmax") else flat.min()
        flat[[3, flat.size // 3, flat.size // 2, flat.size - 2]] = m
    else:
        x = reduction_input(name, dt, shape, rng)
    rtol = 1e-5 if dt.kind in "fc" and name in ("sum", "mean", "nansum") else None
    if dt == numpy.float32 and name in ("sum", "mean", "nansum"):
        rtol = 1e-4  # float32 sums of ~1e6 terms: NumPy's pairwise order vs ours
    compare(lambda xp, a: getattr(xp, name)(view(a), axis=axis), x, rtol=rtol)


@pytest.mark.parametrize("name", ["argmax", "argmin", "max", "min"])
def test_reduction_strategies_nan(name, rng):
    # The first NaN wins (NumPy), also when it sits in a later chunk or column.
    for shape, axis in (((2000003,), None), ((5000, 512), 0), ((5, 300001), 1), ((2200, 3000), 1)):
        x = rng.uniform(-1, 1, shape).astype(numpy.float32)
        flat = x.reshape(-1)
        flat[[flat.size // 2, flat.size - 5, 7]] = numpy.nan
        compare(lambda xp, a: getattr(xp, name)(a, axis=axis), x)


# ---------------------------------------------------------------- loop dtypes (Note [Reduction dtypes])


def test_out_of_another_dtype_sets_the_loop():
    # NumPy reduces in promote_types(out, input) (issue 7, item 8)
    def prod(xp, a, o):
        r = xp.prod(a, out=o)
        assert float(r) == 1.8446744073709552e19
        return r
    compare(prod, numpy.array([2**32, 2**32], numpy.uint64), numpy.zeros(()))

    def max_(xp, a, o):
        r = xp.max(a, out=o)
        assert int(r) == 4294967293  # -3 reaches the loop through out's dtype, as in NumPy
        return r
    compare(max_, numpy.array([-3, 5], numpy.int16), numpy.zeros((), numpy.uint32))
    # [300, 100] -> int8: NumPy starts from 300 as int8 (44), so the maximum is 100
    compare(lambda xp, a, o: xp.max(a, out=o), numpy.array([300, 100], numpy.int16),
            numpy.zeros((), numpy.int8))
    # float64 loop, then the unsafe cast: 1.5 - 2.7 + 0.6 -> -0.6 -> 0 (an int32 loop gives -1)
    compare(lambda xp, a, o: xp.sum(a, out=o), numpy.array([1.5, -2.7, 0.6]),
            numpy.zeros((), numpy.int32))


def _out_matrix_input(name, dt, rng):
    """Small values whose every conversion is defined (no float -> int overflow)."""
    dt = numpy.dtype(dt)
    if dt.kind in "iu":
        lo = 0 if dt.kind == "u" else -5
        return rng.integers(lo, lo + 10, (3, 4)).astype(dt)
    if dt.kind == "b":
        return rng.uniform(size=(3, 4)) < 0.6
    x = rng.uniform(-1.6, 1.6, (3, 4))
    if dt.kind == "c":
        x = x + 1j * rng.uniform(-1.6, 1.6, (3, 4))
    x = x.astype(dt)
    x[1, 2] = 0
    if name.startswith("nan") and dt.kind in "fc":
        x[0, 1] = x[2, 3] = numpy.nan
    return x


@pytest.mark.parametrize("out_dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("in_dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "any", "all", "nansum", "nanprod"])
def test_out_dtype_matrix(name, in_dt, out_dt, rng, device):
    x = _out_matrix_input(name, in_dt, rng)
    complex_prod = name.endswith("prod") and "c" in (x.dtype.kind, numpy.dtype(out_dt).kind)
    if complex_prod:
        # A zero in a complex product makes the signs of the result's zeros
        # depend on the order of the multiplications.
        x[x == 0] = 1
    # On the GPU the order is a tree, not NumPy's left to right, so even the
    # zero imaginary parts of real factors can come out -0.0 where NumPy's are
    # +0.0: compared there after adding +0 (which keeps everything else).
    loose = complex_prod and device != "cpu"
    norm = (lambda r: r + 0) if loose else (lambda r: r)
    for axis, shape in ((None, ()), (0, (4,)), (1, (3,))):
        compare(lambda xp, a, o: norm(getattr(xp, name)(a, axis=axis, out=o)), x,
                numpy.zeros(shape, out_dt), check_args=not loose)


@pytest.mark.parametrize("dt", dtype_params(["float32", "float64", "complex64"]))
@pytest.mark.parametrize("name", ["nansum", "nanprod"])
def test_nan_reductions_with_a_loop_without_nan(name, dt, rng):
    # NumPy replaces NaN before converting to dtype= (Note [NaN before conversion])
    x = _out_matrix_input(name, dt, rng)
    for to in ("int32", "int64", "bool", "float64", "uint8"):
        for axis in (None, 0, 1):
            compare(lambda xp, a: getattr(xp, name)(a, axis=axis, dtype=to), x)


def test_sum_of_small_ints_converts_in_registers(rng):
    # int8 input, int64 loop: no wrap at int8, whatever the layout
    x = rng.integers(100, 128, (300, 70)).astype(numpy.int8)
    for view in (lambda a: a, lambda a: a.T, lambda a: a[::-2, 1::3]):
        for axis in (None, 0, 1):
            compare(lambda xp, a: xp.sum(view(a), axis=axis), x)
            compare(lambda xp, a: xp.mean(view(a), axis=axis), x)


# ---------------------------------------------------------------- errors (issue 7)

_AXES_REDUCTIONS = [n for n in REDUCTIONS if n not in ("argmin", "argmax")]


@pytest.mark.parametrize("name", _AXES_REDUCTIONS)
def test_0d_tuple_axis_is_axis_error(name):
    # NumPy's legacy 0-d rule takes an integer axis 0 / -1, not a tuple
    x = numpy.asarray(1.0)
    for axis in ((0,), (-1,), (0, 0)):
        compare(lambda xp, a: getattr(xp, name)(a, axis=axis), x)
        with pytest.raises(numpy.exceptions.AxisError):
            getattr(cn, name)(cn.asarray(x), axis=axis)


@pytest.mark.parametrize("name", _AXES_REDUCTIONS)
@pytest.mark.parametrize("axis", [(0, 0, 5), (0, 5, 0), (5, 0, 0), (-3, 1, 1), (1, -1)],
                         ids=_axis_id)
def test_axis_error_before_duplicate_error(name, axis):
    # NumPy checks every axis against the rank (AxisError) before looking for
    # duplicates (ValueError); AxisError is a ValueError, so compare exact types.
    x = numpy.zeros((2, 3))
    with pytest.raises(ValueError) as expected:
        getattr(numpy, name)(x, axis=axis)
    with pytest.raises(ValueError) as actual:
        getattr(cn, name)(cn.asarray(x), axis=axis)
    assert type(actual.value) is type(expected.value)
    assert str(actual.value) == str(expected.value)


@pytest.mark.parametrize("name", _AXES_REDUCTIONS)
def test_list_axis_is_type_error(name):
    compare(lambda xp, a: getattr(xp, name)(a, axis=[0]), numpy.zeros((2, 3)))


@pytest.mark.parametrize("name", ["max", "min", "amax", "amin", "argmax", "argmin"])
@pytest.mark.parametrize("shape,axis", [((0, 0), 0), ((0, 0), 1), ((0, 0), None), ((2, 0, 0), 1),
                                        ((0, 3), 1), ((3, 0), 0), ((0, 0), ()), ((2, 0), 1)],
                         ids=str)
def test_empty_reduction_without_identity(name, shape, axis):
    # ValueError whenever the reduced extent is zero, even with no outputs:
    # zeros((0, 0)).max(axis=0) raises (issue 7, item 11)
    if axis == () and name.startswith("arg"):
        pytest.skip("argmin/argmax take one axis")
    compare(lambda xp, a: getattr(xp, name)(a, axis=axis), numpy.zeros(shape))
    compare(lambda xp, a: getattr(xp, name)(a, axis=axis, keepdims=True), numpy.zeros(shape))


# ---------------------------------------------------------------- deliberate departures


@requires_cunum
def test_float_product_order_is_cunums():
    # docs/architecture.md: a float reduction combines its elements in cunum's
    # order: on the CPU in the memory order of the reduced elements (the
    # planner walks the axes by their strides, as NumPy's iterator does), on
    # the GPU by blocks and warp lanes. Where a partial product leaves the
    # float range in one order and not in another, the answers differ. Here
    # memory order meets 1e20 * 1e20 (inf) first, the logical order
    # 1e20 * 1e-10. (Until stop 26 `asarray` copied this F-ordered array to C
    # order, so the CPU multiplied in the logical order.)
    x = numpy.array([[1e20, 1e20], [1e-10, 1e-10]], numpy.float32).T  # memory: 1e20 1e20 1e-10 1e-10
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        theirs = numpy.prod(x)
    assert numpy.isinf(theirs), "NumPy no longer multiplies in memory order: the departure may be gone"
    logical = numpy.float32(1)
    for v in x.ravel(order="C"):  # 1e20 1e-10 1e20 1e-10
        logical = numpy.float32(logical * v)
    assert numpy.isfinite(logical)
    for view in (cn.asarray(x), cn.asarray(numpy.ascontiguousarray(x.T)).T):  # both F-ordered
        got = to_numpy(cn.prod(view))
        assert got.dtype == numpy.float32 and got.shape == ()
        if str(cn.get_default_device()).startswith("cpu"):
            assert numpy.isposinf(got), got
        else:  # the GPU's tree pairs them its own way: inf, or 1e20 to rounding
            assert numpy.isposinf(got) or abs(float(got) / 1e20 - 1) < 1e-6, got
    # a C-ordered copy: memory order is the logical order on the CPU
    got = to_numpy(cn.prod(cn.ascontiguousarray(cn.asarray(x))))
    if str(cn.get_default_device()).startswith("cpu"):
        assert got == logical
    # Within the float range every order gives the product to rounding.
    y = numpy.array([[2.0, 3.0], [0.5, 0.25]], numpy.float32).T
    assert_same(numpy.prod(y), cn.prod(cn.asarray(y)))



@requires_cunum
def test_float16_axis_sum_accumulates_in_float32():
    # docs/architecture.md: float16 sums accumulate in float32 along every
    # axis. NumPy does so only for the contiguous (pairwise) case; its sum over
    # a strided axis adds in float16 and drifts (about 12300 against an exact
    # 13850 here), cunum stays within float16's rounding of the exact sum.
    rng = numpy.random.default_rng(0)
    x = rng.uniform(0.0, 5.5, (5000, 512)).astype(numpy.float16)
    exact = x.astype(numpy.float64).sum(axis=0)
    got = to_numpy(cn.sum(cn.asarray(x), axis=0))
    assert got.dtype == numpy.float16
    numpy.testing.assert_allclose(got.astype(numpy.float64), exact, rtol=1e-3)
    drift = numpy.abs(numpy.sum(x, axis=0).astype(numpy.float64) - exact) / exact
    assert drift.max() > 0.05, "NumPy no longer drifts here: the departure may be gone"
    # The contiguous axis: both accumulate in float32, and agree closely.
    y = numpy.ascontiguousarray(x.T)
    assert_same(numpy.sum(y, axis=1), cn.sum(cn.asarray(y), axis=1), rtol=1e-3)
    assert_same(numpy.mean(y, axis=1), cn.mean(cn.asarray(y), axis=1), rtol=1e-3)
