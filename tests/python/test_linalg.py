"""cunum.linalg against numpy.linalg on every device: multi_dot, cross,
outer, diagonal, matrix_transpose, the norms (every ord, axis, keepdims),
solve, inv, det, slogdet, cholesky, svd and svdvals, batched, with every
dtype NumPy's linalg takes (integers and bool computed in float64, float16
a TypeError), empty matrices, and NumPy's errors (LinAlgError for singular
and non-positive-definite input).

Tolerances: the factorizations run in the input's precision (float32 in
float32; NumPy computes it in float64 and rounds), on well-conditioned
matrices (a random matrix plus n on its diagonal), so results agree to a
few hundred ulps of the dtype.
"""
import numpy
import pytest

from helpers import (ALL_DTYPES, NUMPY_VERSION, SOME_DTYPES, assert_raises_like, assert_same, compare, dtype_params,
                     linalg_tol, make_data, make_rng, numpy_side)

import cunum as cn

pytestmark = pytest.mark.usefixtures("device")

LINALG_DTYPES = [numpy.dtype(d) for d in ("int64", "bool", "float32", "float64", "complex64", "complex128")]


_tol = linalg_tol


def _well_conditioned(shape, dtype, rng):
    n = shape[-1]
    a = make_data(shape, dtype, kind="unit", rng=rng)
    if numpy.dtype(dtype).kind == "b":
        return (a | numpy.eye(n, dtype=bool)).astype(bool)
    return (a + (n + 1) * numpy.eye(n, dtype=dtype)).astype(dtype)


def _spd(shape, dtype, rng):
    a = make_data(shape, dtype, kind="unit", rng=rng)
    n = shape[-1]
    h = a @ numpy.conj(numpy.swapaxes(a, -1, -2)) + n * numpy.eye(n)
    return h.astype(dtype)


def test_linalg_error_is_numpys():
    assert cn.linalg.LinAlgError is numpy.linalg.LinAlgError


@pytest.mark.parametrize("dtype", dtype_params(SOME_DTYPES))
def test_multi_dot(dtype):
    rng = make_rng(1)
    m = lambda *s: make_data(s, dtype, kind="unit", rng=rng)
    tol = _tol(dtype) if numpy.dtype(dtype).kind in "fc" else {}
    compare(lambda xp, a, b, c: xp.linalg.multi_dot([a, b, c]), m(3, 10), m(10, 2), m(2, 7), **tol)
    compare(lambda xp, a, b, c, d: xp.linalg.multi_dot([a, b, c, d]), m(10), m(10, 2), m(2, 7), m(7), **tol)
    compare(lambda xp, a, b, c: xp.linalg.multi_dot([a, b, c]), m(4), m(4, 3), m(3, 5), **tol)
    compare(lambda xp, a, b: xp.linalg.multi_dot([a, b]), m(4, 3), m(3), **tol)
    out = numpy.zeros((3, 7), dtype)
    compare(lambda xp, a, b, c, o: xp.linalg.multi_dot([a, b, c], out=o), m(3, 10), m(10, 2), m(2, 7), out, **tol)


def test_multi_dot_errors():
    m = lambda *s: make_data(s, numpy.float64)
    assert_raises_like(lambda xp, a: xp.linalg.multi_dot([a]), m(3, 3))
    assert_raises_like(lambda xp, a, b, c: xp.linalg.multi_dot([a, b, c]), m(3, 3), m(2, 3, 3), m(3, 3))
    assert_raises_like(lambda xp, a, b, c: xp.linalg.multi_dot([a, b, c]), m(3, 3), m(4, 3), m(3, 3))


@pytest.mark.parametrize("dtype", dtype_params([numpy.int32, numpy.float32, numpy.float64, numpy.complex128]))
def test_cross_outer_diagonal_transpose(dtype):
    rng = make_rng(2)
    m = lambda *s: make_data(s, dtype, rng=rng)
    compare(lambda xp, a, b: xp.linalg.cross(a, b), m(4, 3), m(3))
    compare(lambda xp, a, b: xp.linalg.cross(a, b, axis=0), m(3, 4), m(3, 4))
    compare(lambda xp, a, b: xp.linalg.outer(a, b), m(4), m(3))
    compare(lambda xp, a: xp.linalg.diagonal(a), m(2, 3, 4))
    compare(lambda xp, a: xp.linalg.diagonal(a, offset=1), m(2, 4, 4))
    compare(lambda xp, a: xp.linalg.matrix_transpose(a), m(2, 3, 4))
    assert_raises_like(lambda xp, a, b: xp.linalg.cross(a, b), m(4, 2), m(2))
    assert_raises_like(lambda xp, a, b: xp.linalg.outer(a, b), m(4, 2), m(2))


NORM_CASES = [
    ((5,), None, None), ((5,), 1, None), ((5,), 3, None), ((5,), 0, None), ((5,), numpy.inf, None),
    ((5,), -numpy.inf, None), ((5,), -1, None), ((5,), 0.5, None), ((5,), 2, 0),
    ((3, 4), None, None), ((3, 4), "fro", None), ((3, 4), "nuc", None), ((3, 4), 1, None), ((3, 4), -1, None),
    ((3, 4), 2, None), ((3, 4), -2, None), ((3, 4), numpy.inf, None), ((3, 4), -numpy.inf, None),
    ((2, 3, 4), None, (0, 2)), ((2, 3, 4), 1, (2, 0)), ((2, 3, 4), numpy.inf, (1, 2)), ((2, 3, 4), 2, (0, 1)),
    ((2, 3, 4), "nuc", (2, 1)), ((2, 3, 4), 3, 1), ((2, 3, 4), None, -1), ((2, 3, 4), None, None),
]


@pytest.mark.parametrize("dtype", dtype_params([numpy.int32, numpy.float32, numpy.float64, numpy.complex64,
                                                numpy.complex128]))
@pytest.mark.parametrize("shape,ord,axis", NORM_CASES)
@pytest.mark.parametrize("keepdims", [False, True])
def test_norm(dtype, shape, ord, axis, keepdims):
    a = make_data(shape, dtype, rng=make_rng(3))
    compare(lambda xp, x: xp.linalg.norm(x, ord, axis, keepdims), a, **_tol(dtype))


def test_norm_errors():
    a = make_data((2, 3, 4), numpy.float64)
    assert_raises_like(lambda xp, x: xp.linalg.norm(x, "fro", 0), a)
    assert_raises_like(lambda xp, x: xp.linalg.norm(x, 3, (0, 1)), a)
    assert_raises_like(lambda xp, x: xp.linalg.norm(x, 2), a)
    assert_raises_like(lambda xp, x: xp.linalg.norm(x, None, (0, 0)), a)
    assert_raises_like(lambda xp, x: xp.linalg.norm(x, None, (0, 1, 2)), a)


@pytest.mark.parametrize("dtype", dtype_params([numpy.int64, numpy.float32, numpy.float64, numpy.complex128]))
@pytest.mark.parametrize("ord", [2, 1, numpy.inf, -numpy.inf, 0, 3])
def test_vector_norm(dtype, ord):
    a = make_data((2, 3, 4), dtype, rng=make_rng(4))
    compare(lambda xp, x: xp.linalg.vector_norm(x, ord=ord), a, **_tol(dtype))
    compare(lambda xp, x: xp.linalg.vector_norm(x, ord=ord, axis=(0, 2), keepdims=True), a, **_tol(dtype))
    compare(lambda xp, x: xp.linalg.vector_norm(x, ord=ord, axis=1), a, **_tol(dtype))
    compare(lambda xp, x: xp.linalg.vector_norm(x, ord=ord, keepdims=True), a, **_tol(dtype))


@pytest.mark.parametrize("dtype", dtype_params([numpy.float32, numpy.float64, numpy.complex128]))
@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, numpy.inf, -numpy.inf])
def test_matrix_norm(dtype, ord):
    a = make_data((2, 3, 4), dtype, rng=make_rng(5))
    compare(lambda xp, x: xp.linalg.matrix_norm(x, ord=ord), a, **_tol(dtype))
    compare(lambda xp, x: xp.linalg.matrix_norm(x, ord=ord, keepdims=True), a, **_tol(dtype))


@pytest.mark.parametrize("dtype", dtype_params(LINALG_DTYPES))
@pytest.mark.parametrize("shapes", [((4, 4), (4,)), ((4, 4), (4, 3)), ((2, 4, 4), (2, 4, 1)), ((2, 4, 4), (4,)),
                                    ((3, 1, 4, 4), (2, 4, 2)), ((0, 4, 4), (4,)), ((0, 0), (0,)), ((3, 3), (3, 0))])
def test_solve(dtype, shapes):
    rng = make_rng(6)
    a = _well_conditioned(shapes[0], dtype, rng)
    b = make_data(shapes[1], dtype, rng=rng)
    compare(lambda xp, x, y: _solve(xp, x, y), a, b, **_tol(dtype))


def _solve(xp, a, b):
    # NumPy 2.4 factors `a` even when `b` has no columns: a singular `a` raises
    # LinAlgError (before, an empty result). An older oracle factors it with
    # a one-column `b` first.
    if numpy_side(xp) and NUMPY_VERSION < (2, 4) and b.size == 0 and a.size:
        xp.linalg.solve(a, xp.ones(a.shape[:-1] + (1,), a.dtype))
    return xp.linalg.solve(a, b)


@pytest.mark.parametrize("dtype", dtype_params(LINALG_DTYPES))
@pytest.mark.parametrize("shape", [(5, 5), (3, 2, 2), (1, 1), (0, 0), (2, 0, 0)])
def test_inv_det_slogdet(dtype, shape):
    a = _well_conditioned(shape, dtype, make_rng(7))
    # The sign of an exact zero in an inverse is the algorithm's (LAPACK's getri
    # against the GPU's Gauss-Jordan kernel, Note [Small inverse kernel]): zeros
    # are compared as +0.0 (docs/linalg.md); every other value as it is.
    compare(lambda xp, x: xp.linalg.inv(x) + 0.0, a, **_tol(dtype))
    compare(lambda xp, x: xp.linalg.det(x), a, **_tol(dtype))
    compare(lambda xp, x: tuple(xp.linalg.slogdet(x)), a, **_tol(dtype))


def test_det_slogdet_of_singular_and_permuted():
    s = numpy.array([[[1.0, 2.0], [2.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]])
    compare(lambda xp, x: xp.linalg.det(x), s)
    compare(lambda xp, x: tuple(xp.linalg.slogdet(x)), s)
    c = numpy.array([[0.0, 1j], [2.0, 1.0]])
    compare(lambda xp, x: tuple(xp.linalg.slogdet(x)), c, rtol=1e-12, atol=1e-14)


def test_solve_inv_errors():
    sing = numpy.array([[1.0, 2.0], [2.0, 4.0]])
    assert_raises_like(lambda xp, a: xp.linalg.inv(a), sing)
    assert_raises_like(lambda xp, a, b: xp.linalg.solve(a, b), sing, numpy.ones(2))
    assert_raises_like(lambda xp, a: xp.linalg.inv(a), numpy.ones((2, 3)))
    assert_raises_like(lambda xp, a: xp.linalg.inv(a), numpy.ones(3))
    assert_raises_like(lambda xp, a: xp.linalg.inv(a), numpy.ones((2, 2), numpy.float16))
    assert_raises_like(lambda xp, a: xp.linalg.det(a), numpy.ones((2, 3)))
    assert_raises_like(lambda xp, a, b: xp.linalg.solve(a, b), numpy.eye(3), numpy.ones(2))
    assert_raises_like(lambda xp, a, b: xp.linalg.solve(a, b), numpy.eye(3), numpy.ones((2, 2)))


@pytest.mark.parametrize("dtype", dtype_params([numpy.float32, numpy.float64, numpy.complex64, numpy.complex128,
                                                numpy.int64]))
@pytest.mark.parametrize("shape", [(4, 4), (2, 3, 3), (0, 0), (1, 1)])
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(dtype, shape, upper):
    if numpy.dtype(dtype).kind == "i":
        a = numpy.broadcast_to(numpy.array([[4, 2], [2, 3]]) if shape[-1] else numpy.zeros((0, 0), int),
                               shape[:-2] + ((2, 2) if shape[-1] else (0, 0))).astype(dtype)
    else:
        a = _spd(shape, dtype, make_rng(8))
    compare(lambda xp, x: xp.linalg.cholesky(x, upper=upper), a, **_tol(dtype))


def test_cholesky_errors():
    assert_raises_like(lambda xp, a: xp.linalg.cholesky(a), numpy.array([[1.0, 2.0], [2.0, 1.0]]))
    assert_raises_like(lambda xp, a: xp.linalg.cholesky(a), numpy.ones((2, 3)))


def _check_svd(a, full, dtype):
    u, s, vh = cn.linalg.svd(cn.asarray(a), full_matrices=full)
    nu, ns, nvh = numpy.linalg.svd(a, full_matrices=full)
    tol = _tol(dtype)
    assert_same(ns, s, **tol)
    assert u.shape == nu.shape and vh.shape == nvh.shape
    assert u.dtype == nu.dtype and vh.dtype == nvh.dtype
    k = ns.shape[-1]
    un, vn = cn.asnumpy(u), cn.asnumpy(vh)
    rec = (un[..., :, :k] * cn.asnumpy(s)[..., None, :]) @ vn[..., :k, :]
    npt_tol = 100 * numpy.finfo(numpy.result_type(dtype, numpy.float32)).eps * max(1, numpy.abs(a).max()) * 10
    assert numpy.allclose(rec, a, atol=npt_tol, rtol=0), numpy.abs(rec - a).max()
    eye_u = numpy.conj(numpy.swapaxes(un, -1, -2)) @ un
    assert numpy.allclose(eye_u, numpy.broadcast_to(numpy.eye(eye_u.shape[-1]), eye_u.shape), atol=npt_tol)


@pytest.mark.parametrize("dtype", dtype_params([numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]))
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (4, 4), (2, 5, 3), (2, 3, 5)])
@pytest.mark.parametrize("full", [True, False])
def test_svd(dtype, shape, full):
    a = make_data(shape, dtype, rng=make_rng(9))
    _check_svd(a, full, dtype)
    compare(lambda xp, x: xp.linalg.svd(x, compute_uv=False), a, **_tol(dtype))
    compare(lambda xp, x: xp.linalg.svdvals(x), a, **_tol(dtype))


@pytest.mark.parametrize("dtype", dtype_params([numpy.float32, numpy.float64, numpy.complex64]))
@pytest.mark.parametrize("shape", [(40, 40), (64, 48), (48, 64), (100, 40), (2, 70, 36)])
@pytest.mark.parametrize("full", [True, False])
def test_svd_larger_matrices(dtype, shape, full):
    # above the batched routines' 32: on the GPU, real matrices with m <= 2n
    # (either way round) take the Jacobi SVD (Note [Jacobi SVD]), the tall
    # 100 x 40 and complex ones gesvd
    a = make_data(shape, dtype, rng=make_rng(19))
    _check_svd(a, full, dtype)
    compare(lambda xp, x: xp.linalg.svdvals(x), a, **_tol(dtype))


@pytest.mark.parametrize("shape", [(3, 3), (40, 40), (50, 30)])
def test_svd_nan_input_does_not_converge(shape):
    # LAPACK's SVD fails on NaN input and NumPy raises; so does cunum on every
    # path, the GPU's Jacobi SVD included
    a = make_data(shape, numpy.float64, rng=make_rng(20))
    a[1, 2] = numpy.nan
    for fn in (lambda xp, x: xp.linalg.svd(x), lambda xp, x: xp.linalg.svd(x, compute_uv=False)):
        with pytest.raises(numpy.linalg.LinAlgError, match="SVD did not converge"):
            fn(numpy, a)
        with pytest.raises(numpy.linalg.LinAlgError, match="SVD did not converge"):
            fn(cn, cn.asarray(a))


def test_svd_int_input():
    a = make_data((4, 3), numpy.int64, rng=make_rng(10))
    compare(lambda xp, x: xp.linalg.svdvals(x), a, rtol=1e-12, atol=1e-12)
    assert_raises_like(lambda xp, x: xp.linalg.svd(x), numpy.ones(3))


def _herm(shape, dtype, rng):
    a = make_data(shape, dtype, kind="unit", rng=rng)
    return ((a + numpy.conj(numpy.swapaxes(a, -1, -2))) / 2).astype(dtype)


@pytest.mark.parametrize("dtype", dtype_params([numpy.float32, numpy.float64, numpy.complex64, numpy.complex128,
                                                numpy.int64]))
@pytest.mark.parametrize("shape", [(4, 4), (2, 3, 3), (1, 1), (0, 0)])
@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh_eigvalsh(dtype, shape, uplo):
    rng = make_rng(11)
    a = _herm(shape, dtype, rng) if numpy.dtype(dtype).kind != "i" else (
        make_data(shape, dtype, rng=rng) + numpy.swapaxes(make_data(shape, dtype, rng=rng), -1, -2)).astype(dtype)
    if numpy.dtype(dtype).kind != "i":
        a = numpy.tril(a) + numpy.triu(make_data(shape, dtype, rng=rng), 1) if uplo == "L" else (
            numpy.triu(a) + numpy.tril(make_data(shape, dtype, rng=rng), -1))  # the other triangle is ignored
        a = a.astype(dtype)
    compare(lambda xp, x: xp.linalg.eigvalsh(x, UPLO=uplo), a, **_tol(dtype))
    w, v = cn.linalg.eigh(cn.asarray(a), UPLO=uplo)
    nw, nv = numpy.linalg.eigh(a, UPLO=uplo)
    assert_same(nw, w, **_tol(dtype))
    assert v.shape == nv.shape and v.dtype == nv.dtype
    vv = cn.asnumpy(v)
    full = numpy.tril(a) + numpy.conj(numpy.swapaxes(numpy.tril(a, -1), -1, -2)) if uplo == "L" else (
        numpy.triu(a) + numpy.conj(numpy.swapaxes(numpy.triu(a, 1), -1, -2)))
    rec = (vv * cn.asnumpy(w)[..., None, :]) @ numpy.conj(numpy.swapaxes(vv, -1, -2))
    assert numpy.allclose(rec, full, atol=_tol(dtype)["atol"] * 10)


@pytest.mark.parametrize("dtype", dtype_params([numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]))
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (4, 4), (2, 5, 3), (2, 3, 5)])
@pytest.mark.parametrize("mode", ["reduced", "complete", "r", "raw"])
def test_qr(dtype, shape, mode):
    a = make_data(shape, dtype, rng=make_rng(12))
    if mode == "raw":
        if len(shape) > 2:
            return  # NumPy's raw mode takes one matrix only
        compare(lambda xp, x: xp.linalg.qr(x, mode="raw"), a, **_tol(dtype))
        return
    if mode == "r":
        compare(lambda xp, x: xp.linalg.qr(x, mode="r"), a, **_tol(dtype))
        return
    compare(lambda xp, x: tuple(xp.linalg.qr(x, mode=mode)), a, **_tol(dtype))


def test_qr_errors():
    assert_raises_like(lambda xp, x: xp.linalg.qr(x, mode="bad"), numpy.ones((3, 3)))
    assert_raises_like(lambda xp, x: xp.linalg.qr(x), numpy.ones(3))


@pytest.mark.parametrize("dtype", dtype_params([numpy.float32, numpy.float64, numpy.complex128, numpy.int64]))
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)])
def test_pinv_matrix_rank_cond(dtype, shape):
    a = make_data(shape, dtype, rng=make_rng(13))
    compare(lambda xp, x: xp.linalg.pinv(x), a, **_tol(dtype))
    compare(lambda xp, x: xp.linalg.matrix_rank(x), a)
    compare(lambda xp, x: xp.linalg.cond(x), a, **_tol(dtype))
    low = (make_data(shape[:-1] + (1,), dtype, rng=make_rng(14)) * make_data(shape[:-2] + (1, shape[-1]), dtype,
                                                                             rng=make_rng(15))).astype(dtype)
    compare(lambda xp, x: xp.linalg.matrix_rank(x), low)
    compare(lambda xp, x: xp.linalg.matrix_rank(x, tol=0.5), a)
    if shape[-1] == shape[-2]:
        for p in [1, -1, numpy.inf, -numpy.inf, "fro", 2, -2]:
            compare(lambda xp, x: _cond(xp, x, p), a, **_tol(dtype))


def test_pinv_empty_and_rcond_per_matrix():
    # An empty matrix's pinv keeps its dtype (no SVD); an rcond array is one
    # cut-off per matrix of the stack.
    for shape in [(0, 3), (3, 0), (2, 0, 0), (4, 0, 2)]:
        for dt in (numpy.int32, numpy.float32, numpy.complex64):
            compare(lambda xp, x: xp.linalg.pinv(x), numpy.zeros(shape, dt))
    a = make_data((3, 4, 5), numpy.float64, rng=make_rng(16))
    a[1, :, 2] = a[1, :, 0] * 1e-9
    for rcond in ([1e-15, 1e-3, 0.5], numpy.array([1e-15, 1e-3, 0.5]), numpy.array([[0.1], [1e-15], [0.4]])):
        compare(lambda xp, x: xp.linalg.pinv(x, rcond=rcond), a, rtol=1e-9, atol=1e-9)
    compare(lambda xp, x: xp.linalg.pinv(x, rcond=[0.1, 0.2]), a)  # NumPy's broadcast error
    h = a[:, :4, :4] + numpy.swapaxes(a[:, :4, :4], -1, -2)
    compare(lambda xp, x: xp.linalg.pinv(x, rcond=[1e-15, 0.3, 0.9], hermitian=True), h, rtol=1e-9, atol=1e-9)


def _cond(xp, x, p):
    # NumPy 2.3.x (gh-29333, in 2.3.5, not 2.2.6): cond of a complex matrix is
    # real for every p; before, complex (a zero imaginary part) for p other
    # than None and +-2. An older oracle's result is taken as its real part.
    r = xp.linalg.cond(x, p)
    if numpy_side(xp) and numpy.iscomplexobj(r):
        r = r.real
    return r


def test_cond_singular_and_rank_of_vectors():
    compare(lambda xp, x: xp.linalg.cond(x, 1), numpy.array([[1.0, 2.0], [2.0, 4.0]]))
    compare(lambda xp, x: xp.linalg.matrix_rank(x), numpy.zeros(3))
    compare(lambda xp, x: xp.linalg.matrix_rank(x), numpy.array([0.0, 1.0]))


@pytest.mark.parametrize("dtype", dtype_params([numpy.float32, numpy.float64, numpy.complex128]))
@pytest.mark.parametrize("shapes", [((6, 3), (6,)), ((6, 3), (6, 2)), ((3, 6), (3,)), ((4, 4), (4, 2))])
def test_lstsq(dtype, shapes):
    rng = make_rng(16)
    a, b = make_data(shapes[0], dtype, rng=rng), make_data(shapes[1], dtype, rng=rng)
    compare(lambda xp, x, y: xp.linalg.lstsq(x, y), a, b, **_tol(dtype))
    assert_raises_like(lambda xp, x, y: xp.linalg.lstsq(x, y), a, make_data((shapes[0][0] + 1,), dtype, rng=rng))


def test_tensorsolve_tensorinv():
    rng = make_rng(17)
    a = numpy.eye(24).reshape(6, 4, 2, 3, 4) * 3 + make_data((6, 4, 2, 3, 4), numpy.float64, kind="unit", rng=rng) / 10
    b = make_data((6, 4), numpy.float64, rng=rng)
    compare(lambda xp, x, y: xp.linalg.tensorsolve(x, y), a, b, rtol=1e-10, atol=1e-10)
    a2 = numpy.eye(24).reshape(4, 6, 8, 3) * 3 + make_data((4, 6, 8, 3), numpy.float64, kind="unit", rng=rng) / 10
    compare(lambda xp, x: xp.linalg.tensorinv(x, ind=2), a2, rtol=1e-10, atol=1e-10)
    a3 = numpy.eye(24).reshape(24, 8, 3) * 3 + make_data((24, 8, 3), numpy.float64, kind="unit", rng=rng) / 10
    compare(lambda xp, x: xp.linalg.tensorinv(x, ind=1), a3, rtol=1e-10, atol=1e-10)
    assert_raises_like(lambda xp, x: xp.linalg.tensorinv(x, ind=0), a3)


@pytest.mark.parametrize("dtype", dtype_params([numpy.float32, numpy.float64, numpy.complex64, numpy.complex128,
                                                numpy.int64]))
@pytest.mark.parametrize("shape", [(4, 4), (2, 3, 3), (1, 1)])
def test_eig_eigvals(dtype, shape):
    rng = make_rng(18)
    a = make_data(shape, dtype, rng=rng)
    nw = numpy.linalg.eigvals(a)
    w = cn.linalg.eigvals(cn.asarray(a))
    assert w.dtype == nw.dtype and w.shape == nw.shape
    key = lambda x: numpy.sort_complex(x.reshape(-1, x.shape[-1])) if x.dtype.kind == "c" else numpy.sort(
        x.reshape(-1, x.shape[-1]))
    assert_same(key(nw), cn.asarray(key(cn.asnumpy(w))), **_tol(dtype))
    w2, v = cn.linalg.eig(cn.asarray(a))
    ww, vv = cn.asnumpy(w2), cn.asnumpy(v)
    assert vv.dtype == numpy.linalg.eig(a)[1].dtype
    # A v = v diag(w), columns of unit norm
    assert numpy.allclose(a @ vv, vv * ww[..., None, :], atol=_tol(dtype)["atol"] * 20)
    assert numpy.allclose(numpy.linalg.norm(vv, axis=-2), 1, atol=_tol(dtype)["atol"] * 20)


def test_eig_real_eigenvalues_give_real_arrays():
    # NumPy 2.4's rule (2.5 gives complex results always; cunum follows the
    # NumPy installed, and test_eig_eigvals compares with it)
    a = numpy.array([[2.0, 1.0], [1.0, 3.0]])
    w, v = cn.linalg.eig(cn.asarray(a))
    want = numpy.float64 if numpy.lib.NumpyVersion(numpy.__version__) < "2.5.0" else numpy.complex128
    assert w.dtype == want and v.dtype == want
    r = numpy.array([[0.0, -1.0], [1.0, 0.0]])
    assert cn.linalg.eigvals(cn.asarray(r)).dtype == numpy.complex128
