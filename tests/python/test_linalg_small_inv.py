"""linalg.inv of small matrices (n <= 16, complex n <= 8, on the GPU), which the GPU inverts with its own
kernel (Note [Small inverse kernel]: Gauss-Jordan with partial pivoting, a
team of lanes per matrix) and the CPU with LAPACK: every order 1..32, every
dtype linalg accepts, pivoting that must move rows, singular members of a
stack (LinAlgError, as NumPy), NaN and infinite entries, non-contiguous and
broadcast inputs, empty stacks, against NumPy."""
import numpy
import pytest

from helpers import linalg_tol, assert_raises_like, compare, dtype_params, make_data, make_rng

import cunum as cn

pytestmark = pytest.mark.usefixtures("device")
FLOATS = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


_tol = linalg_tol


def _well_conditioned(shape, dtype, rng):
    n = shape[-1]
    a = make_data(shape, dtype, kind="unit", rng=rng) + (n + 1) * numpy.eye(n)
    return (a / (n + 1)).astype(dtype)


ORDERS = [pytest.param(d, n, id=f"{numpy.dtype(d).name}-{n}") for d in FLOATS for n in range(1, 33)
          if d in (numpy.float32, numpy.float64) or n in (1, 2, 3, 4, 5, 8, 9, 16, 17, 31, 32)]


@pytest.mark.parametrize("dtype,n", ORDERS)
def test_every_order(dtype, n):
    a = _well_conditioned((7, n, n), dtype, make_rng(n))
    compare(lambda xp, x: xp.linalg.inv(x), a, **_tol(dtype))


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 8, 9, 16, 17, 31, 32, 33])
def test_pivoting_needed(dtype, n):
    # a permutation of a well-conditioned matrix's rows: the diagonal is small,
    # so elimination without row exchanges would lose everything
    rng = make_rng(100 + n)
    a = _well_conditioned((5, n, n), dtype, rng)
    a = a[:, rng.permutation(n), :].copy()
    if n > 1:
        a[:, numpy.arange(n), numpy.arange(n)] *= 1e-3
    compare(lambda xp, x: xp.linalg.inv(x), a, **_tol(dtype))


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
def test_general_random_matrices(dtype):
    # not diagonally dominant: uniform entries in [-5, 5] (well enough
    # conditioned at these sizes for the float32 tolerance)
    for n in (2, 5, 8, 12):
        a = make_data((50, n, n), dtype, rng=make_rng(7 + n))
        cond = numpy.linalg.cond(a.astype(numpy.complex128 if numpy.iscomplexobj(a) else numpy.float64))
        a = a[cond < 200]
        compare(lambda xp, x: xp.linalg.inv(x), a, **_tol(dtype))


def test_ten_thousand_8x8_float64():
    a = _well_conditioned((10000, 8, 8), numpy.float64, make_rng(3))
    compare(lambda xp, x: xp.linalg.inv(x), a, **_tol(numpy.float64))


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
@pytest.mark.parametrize("n", [1, 2, 5, 8, 13, 32])
@pytest.mark.parametrize("where", [0, 6, 39])
def test_singular_member_raises(dtype, n, where):
    a = _well_conditioned((40, n, n), dtype, make_rng(n + where))
    a[where, :, n // 2] = 0  # a zero column: singular in exact arithmetic and in floating point
    assert_raises_like(lambda xp, x: xp.linalg.inv(x), a)


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
def test_singular_by_repeated_rows(dtype):
    a = _well_conditioned((9, 3, 3), dtype, make_rng(11))
    a[4] = [[1, 2, 3], [2, 4, 6], [1, 1, 1]]  # rank 2, eliminated exactly: a zero pivot
    assert_raises_like(lambda xp, x: xp.linalg.inv(x), a)
    b = _well_conditioned((5, 2, 2), dtype, make_rng(12))
    b[0] = [[1, 2], [2, 4]]
    assert_raises_like(lambda xp, x: xp.linalg.inv(x), b)
    assert_raises_like(lambda xp, x: xp.linalg.inv(x), numpy.zeros((3, 4, 4), dtype))
    assert_raises_like(lambda xp, x: xp.linalg.inv(x), numpy.zeros((1, 1), dtype))


def test_the_error_is_numpys():
    a = numpy.zeros((2, 3, 3))
    with pytest.raises(cn.linalg.LinAlgError, match="Singular matrix"):
        cn.linalg.inv(cn.asarray(a))
    assert issubclass(cn.linalg.LinAlgError, numpy.linalg.LinAlgError)


@pytest.mark.parametrize("dtype", dtype_params([numpy.float64, numpy.complex64]))
def test_nan_and_inf_entries_do_not_raise(dtype):
    a = _well_conditioned((4, 5, 5), dtype, make_rng(12))
    a[1, 2, 2] = numpy.nan
    a[2, :, :] = numpy.nan
    with numpy.errstate(all="ignore"):
        expected = numpy.linalg.inv(a)
    got = cn.asnumpy(cn.linalg.inv(cn.asarray(a)))
    # NaNs, no error, and the other matrices of the stack untouched by them
    # (which entries of a matrix with one NaN turn NaN depends on the order
    # of elimination: LAPACK's LU and the GPU's Gauss-Jordan differ)
    assert numpy.isnan(expected[1]).any() and numpy.isnan(got[1]).any()
    assert numpy.isnan(expected[2]).all() and numpy.isnan(got[2]).all()
    numpy.testing.assert_allclose(got[[0, 3]], expected[[0, 3]], **_tol(dtype))


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
def test_non_contiguous_and_broadcast_inputs(dtype):
    rng = make_rng(13)
    a = _well_conditioned((6, 8, 8), dtype, rng)
    compare(lambda xp, x: xp.linalg.inv(xp.swapaxes(x, -1, -2)), a, **_tol(dtype))
    compare(lambda xp, x: xp.linalg.inv(x[::2]), a, **_tol(dtype))
    big = _well_conditioned((3, 16, 16), dtype, rng)
    compare(lambda xp, x: xp.linalg.inv(x[:, ::2, ::2]), big, **_tol(dtype))
    one = _well_conditioned((5, 5), dtype, rng)
    compare(lambda xp, x: xp.linalg.inv(xp.broadcast_to(x, (4, 5, 5))), one, **_tol(dtype))
    compare(lambda xp, x: xp.linalg.inv(x), _well_conditioned((2, 3, 4, 4), dtype, rng), **_tol(dtype))


@pytest.mark.parametrize("dtype", dtype_params([numpy.int64, numpy.int8, numpy.bool_, numpy.float32]))
def test_input_dtypes(dtype):
    # integers and bool are inverted in float64, as NumPy
    a = numpy.array([[[2, 1], [1, 1]], [[1, 0], [0, 1]], [[0, 1], [1, 0]]]).astype(dtype)
    compare(lambda xp, x: xp.linalg.inv(x), a, **_tol(numpy.float32))


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
@pytest.mark.parametrize("shape", [(0, 3, 3), (0, 1, 1), (2, 0, 0, 0), (0, 0), (4, 0, 0)])
def test_empty(dtype, shape):
    compare(lambda xp, x: xp.linalg.inv(x), numpy.zeros(shape, dtype))


def test_single_matrix_and_bad_input():
    compare(lambda xp, x: xp.linalg.inv(x), _well_conditioned((7, 7), numpy.float64, make_rng(14)))
    assert_raises_like(lambda xp, x: xp.linalg.inv(x), numpy.ones((3, 2, 3)))
    assert_raises_like(lambda xp, x: xp.linalg.inv(x), numpy.ones(3))
    assert_raises_like(lambda xp, x: xp.linalg.inv(x), numpy.ones((2, 2), numpy.float16))
