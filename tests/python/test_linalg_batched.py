"""Stacks of small matrices (Note [Batched cuSOLVER], Note [Batched small
LU]): cholesky, eigh/eigvalsh, svd/svdvals, inv, det, solve over stacks on
both sides of the batched routines' size limits (n <= 32), against NumPy,
for float32/float64/complex64/complex128, with a singular or indefinite
member raising NumPy's LinAlgError. On the GPU these run cuSOLVER's
potrfBatched / syevjBatched / gesvdjBatched and cuBLAS's batched LU; on the
CPU the LAPACK loop."""
import numpy
import pytest

from helpers import linalg_tol, assert_raises_like, assert_same, compare, dtype_params, make_data, make_rng

import cunum as cn

pytestmark = pytest.mark.usefixtures("device")
FLOATS = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


_tol = linalg_tol


def _spd(shape, dtype, rng):
    a = make_data(shape, dtype, kind="unit", rng=rng)
    n = shape[-1]
    return (a @ numpy.conj(numpy.swapaxes(a, -1, -2)) + n * numpy.eye(n)).astype(dtype)


def _herm(shape, dtype, rng):
    a = make_data(shape, dtype, kind="unit", rng=rng)
    return ((a + numpy.conj(numpy.swapaxes(a, -1, -2))) / 2).astype(dtype)


SHAPES = [(64, 8, 8), (5, 1, 1), (3, 32, 32), (2, 33, 33), (4, 3, 2, 2)]


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_stacks(dtype, shape, upper):
    a = _spd(shape, dtype, make_rng(1))
    compare(lambda xp, x: xp.linalg.cholesky(x, upper=upper), a, **_tol(dtype))


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
def test_cholesky_stack_with_an_indefinite_member(dtype):
    a = _spd((16, 6, 6), dtype, make_rng(2))
    a[11] = -a[11]
    assert_raises_like(lambda xp, x: xp.linalg.cholesky(x), a)


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh_stacks(dtype, shape, uplo):
    rng = make_rng(3)
    h = _herm(shape, dtype, rng)
    junk = make_data(shape, dtype, rng=rng)  # the ignored triangle holds anything
    a = (numpy.tril(h) + numpy.triu(junk, 1) if uplo == "L" else numpy.triu(h) + numpy.tril(junk, -1)).astype(dtype)
    compare(lambda xp, x: xp.linalg.eigvalsh(x, UPLO=uplo), a, **_tol(dtype))
    w, v = cn.linalg.eigh(cn.asarray(a), UPLO=uplo)
    nw, nv = numpy.linalg.eigh(a, UPLO=uplo)
    assert_same(nw, w, **_tol(dtype))
    assert v.shape == nv.shape and v.dtype == nv.dtype
    vv = cn.asnumpy(v)
    rec = (vv * cn.asnumpy(w)[..., None, :]) @ numpy.conj(numpy.swapaxes(vv, -1, -2))
    assert numpy.allclose(rec, h, atol=_tol(dtype)["atol"] * 10 * shape[-1])


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
@pytest.mark.parametrize("shape", [(64, 8, 8), (6, 32, 20), (6, 20, 32), (3, 33, 5), (2, 3, 4, 4), (7, 1, 3)])
@pytest.mark.parametrize("full", [True, False])
def test_svd_stacks(dtype, shape, full):
    a = make_data(shape, dtype, rng=make_rng(4))
    u, s, vh = cn.linalg.svd(cn.asarray(a), full_matrices=full)
    nu, ns, nvh = numpy.linalg.svd(a, full_matrices=full)
    assert_same(ns, s, **_tol(dtype))
    assert u.shape == nu.shape and vh.shape == nvh.shape and u.dtype == nu.dtype and vh.dtype == nvh.dtype
    un, vn = cn.asnumpy(u), cn.asnumpy(vh)
    k = ns.shape[-1]
    rec = (un[..., :, :k] * cn.asnumpy(s)[..., None, :]) @ vn[..., :k, :]
    tol = 1000 * numpy.finfo(numpy.result_type(dtype, numpy.float32)).eps * max(1, numpy.abs(a).max())
    assert numpy.allclose(rec, a, atol=tol, rtol=0), numpy.abs(rec - a).max()
    for q in (un, numpy.swapaxes(vn, -1, -2)):  # orthonormal columns (all of them when full)
        g = numpy.conj(numpy.swapaxes(q, -1, -2)) @ q
        assert numpy.allclose(g, numpy.broadcast_to(numpy.eye(g.shape[-1]), g.shape), atol=tol)
    compare(lambda xp, x: xp.linalg.svd(x, compute_uv=False), a, **_tol(dtype))


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
@pytest.mark.parametrize("shape", [(10000, 8, 8), (64, 32, 32), (3, 33, 33), (2, 3, 5, 5)])
def test_inv_det_solve_stacks(dtype, shape):
    rng = make_rng(5)
    n = shape[-1]
    # scaled to a diagonal near 1: determinants stay finite in float32
    a = ((make_data(shape, dtype, kind="unit", rng=rng) + (n + 1) * numpy.eye(n)) / (n + 1)).astype(dtype)
    b = make_data(shape[:-1] + (2,), dtype, rng=rng)
    compare(lambda xp, x: xp.linalg.inv(x), a, **_tol(dtype))
    compare(lambda xp, x: xp.linalg.det(x), a, **_tol(dtype))
    compare(lambda xp, x, y: xp.linalg.solve(x, y), a, b, **_tol(dtype))


@pytest.mark.parametrize("dtype", dtype_params(FLOATS))
def test_inv_solve_stack_with_a_singular_member(dtype):
    a = (make_data((32, 8, 8), dtype, kind="unit", rng=make_rng(6)) + 9 * numpy.eye(8)).astype(dtype)
    a[17, :, 3] = 0  # one singular member
    assert_raises_like(lambda xp, x: xp.linalg.inv(x), a)
    assert_raises_like(lambda xp, x, y: xp.linalg.solve(x, y), a, numpy.ones((32, 8), dtype))
    compare(lambda xp, x: xp.linalg.det(x), a, **_tol(dtype))  # det of the stack: no error, a zero
