"""ReductionKernel over long axes with few outputs (Note [Split user
reductions]): the backends split each output's elements into chunks, fold
each chunk to a partial and fold the partials (GPU: fewer than ~8 blocks per
SM of outputs and at least 4096 elements each; CPU: fewer than 4 outputs per
thread and at least 65536 elements each). Compared with NumPy for every
dtype class, with several outputs, keepdims, axis choices, strided inputs,
post_map applied once per output, identities and none. The values are small
integers, so every order of summation gives NumPy's exact result."""
import numpy
import pytest

from helpers import USING_NUMPY_SHIM, assert_same, dtype_params

import cunum as cn

pytestmark = [pytest.mark.usefixtures("device"),
              pytest.mark.skipif(USING_NUMPY_SHIM, reason="user kernels are cunum's (CuPy's) API, not NumPy's")]

LONG = 70_001  # long enough to split on both backends, and not a multiple of the chunk sizes


def _ints(rng, shape, dtype, hi=3):
    v = rng.integers(0, hi, size=shape)
    if dtype.kind == "c":
        return (v + 1j * rng.integers(0, hi, size=shape)).astype(dtype)
    return v.astype(dtype)


SUM_DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
              "float32", "float64", "complex64", "complex128"]


@pytest.mark.parametrize("dtype", dtype_params([numpy.dtype(d) for d in SUM_DTYPES]))
@pytest.mark.parametrize("nout", [1, 3, 7])
def test_sum_long_axis_every_dtype(dtype, nout, rng):
    # Integer sums wrap in the dtype, as NumPy's sum(dtype=) does.
    k = cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "split_sum")
    x = _ints(rng, (nout, LONG), dtype)
    assert_same(x.sum(axis=1, dtype=dtype), k(cn.asarray(x), axis=1))


def test_total_of_one_long_array(rng):
    k = cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "split_total")
    x = _ints(rng, (2**20 + 3,), numpy.dtype(numpy.int64), hi=1000)
    assert_same(numpy.asarray(x.sum()), k(cn.asarray(x)))
    y = _ints(rng, (4, 300, 301), numpy.dtype(numpy.float64))
    assert_same(numpy.asarray(y.sum()), k(cn.asarray(y)))


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [0, (0, 2), None, -1])
def test_axes_and_keepdims(axis, keepdims, rng):
    k = cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "split_axes")
    x = _ints(rng, (300, 3, 250), numpy.dtype(numpy.float64))
    want = x.sum(axis=axis, keepdims=keepdims)
    assert_same(numpy.asarray(want), k(cn.asarray(x), axis=axis, keepdims=keepdims))


def test_strided_and_transposed_inputs(rng):
    k = cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "split_strided")
    x = _ints(rng, (2 * LONG, 3), numpy.dtype(numpy.int32))
    assert_same(x.sum(axis=0, dtype=numpy.int32), k(cn.asarray(x), axis=0))
    assert_same(x[::2].T.sum(axis=1, dtype=numpy.int32), k(cn.asarray(x)[::2].T, axis=1))
    assert_same(x[::-3, 1].sum(dtype=numpy.int32), k(cn.asarray(x)[::-3, 1]))


def test_post_map_once_per_output(rng):
    # y = a * 2 + 1 applied to every chunk's partial would add 1 per chunk.
    k = cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a * 2 + 1", "0", "split_post")
    x = _ints(rng, (3, LONG), numpy.dtype(numpy.int64))
    assert_same(x.sum(axis=1) * 2 + 1, k(cn.asarray(x), axis=1))
    l2 = cn.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "split_l2")
    f = _ints(rng, (2, LONG), numpy.dtype(numpy.float32))
    assert_same(numpy.sqrt((f.astype(numpy.float64) ** 2).sum(axis=1)).astype(numpy.float32),
                l2(cn.asarray(f), axis=1, keepdims=False), rtol=1e-6)


def test_two_outputs_and_a_scalar(rng):
    k = cn.ReductionKernel("T x, T w", "T y, float64 z", "x * w", "a + b", "y = a; z = (double)a / 2", "0",
                           "split_two")
    x = _ints(rng, (2, LONG), numpy.dtype(numpy.int64))
    y, z = k(cn.asarray(x), 3, axis=1, keepdims=True)
    assert_same((x * 3).sum(axis=1, keepdims=True), y)
    assert_same((x * 3).sum(axis=1, keepdims=True) / 2.0, z)


def test_no_identity_max_and_min(rng):
    kmax = cn.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a", None, "split_max")
    kmin = cn.ReductionKernel("T x", "T y", "x", "min(a, b)", "y = a", None, "split_min")
    for dt in (numpy.float16, numpy.float32, numpy.int16, numpy.uint64):
        x = (rng.random((3, LONG)) * 1000).astype(dt)
        assert_same(x.max(axis=1), kmax(cn.asarray(x), axis=1))
        assert_same(x.min(axis=1), kmin(cn.asarray(x), axis=1))
    # A negative maximum: an identity of 0 would be wrong, none is right.
    x = -(rng.random(LONG * 2) + 1.0)
    assert_same(numpy.asarray(x.max()), kmax(cn.asarray(x)))


def test_product_with_identity_one(rng):
    k = cn.ReductionKernel("T x", "T y", "x", "a * b", "y = a", "1", "split_prod")
    x = numpy.where(rng.random((2, LONG)) < 0.5, -1, 1).astype(numpy.int32)
    assert_same(x.prod(axis=1, dtype=numpy.int32), k(cn.asarray(x), axis=1))


def test_bool_and_float16(rng):
    count = cn.ReductionKernel("T x", "int64 y", "x ? 1 : 0", "a + b", "y = a", "0", "split_count")
    anyk = cn.ReductionKernel("T x", "T y", "x", "a || b", "y = a", "false", "split_any")
    b = rng.random((3, LONG)) < 0.3
    assert_same(b.sum(axis=1), count(cn.asarray(b), axis=1))
    b[1] = False
    assert_same(b.any(axis=1), anyk(cn.asarray(b), axis=1))
    # float16 sums stay exact below 2048.
    h = numpy.zeros((2, LONG), numpy.float16)
    h[:, ::97] = 1
    k = cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "split_h")
    assert_same(h.sum(axis=1), k(cn.asarray(h), axis=1))


def test_many_outputs_and_short_rows_unchanged(rng):
    # Many outputs or short rows take the one-pass path: the same results.
    k = cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "split_many")
    x = _ints(rng, (5000, 50), numpy.dtype(numpy.int64))
    assert_same(x.sum(axis=1), k(cn.asarray(x), axis=1))
    assert_same(x.sum(axis=0), k(cn.asarray(x), axis=0))
