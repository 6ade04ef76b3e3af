"""Matrix and vector products (the GEMM family, Note [Gemm plans]): matmul
and the @ operators, vecdot, matvec, vecmat, dot, vdot, inner, outer,
tensordot, kron, matrix_power, against NumPy on every device: every dtype
(integers wrap as NumPy's; bool is any-of-and), vectors, stacks and
broadcast batch dims, 0-size dims, C/F/transposed/stepped/reversed
operands, out= (every dtype, F order, aliasing an input), dtype=, casting=,
axes=, and NumPy's errors.

Float results are compared with a tolerance for BLAS's summation order:
relative to the dtype, plus an absolute term of k * eps * max|a| * max|b|
(a sum of k products of values up to 5 may cancel to near zero).
"""
import numpy
import pytest

from helpers import (ALL_DTYPES, COMPLEX_DTYPES, FLOAT_DTYPES, INEXACT_DTYPES, SOME_DTYPES, assert_raises_like,
                     assert_same, compare, dtype_params, make_data, make_rng, needs_numpy)

import cunum as cn

pytestmark = pytest.mark.usefixtures("device")


def _tol(dtype, k):
    d = numpy.dtype(dtype)
    if d.kind not in "fc":
        return {}
    eps = numpy.finfo(d).eps
    return {"rtol": max(16 * eps, 1e-12), "atol": 4 * max(k, 1) * eps * 50}


LAYOUTS = {
    "c": lambda xp, x: x,
    "f": lambda xp, x: xp.asfortranarray(x),
    "t": lambda xp, x: xp.ascontiguousarray(x.swapaxes(-1, -2)).swapaxes(-1, -2),  # a transposed view
    "stepped": lambda xp, x: xp.repeat(x, 2, axis=-1)[..., ::2],
    "reversed": lambda xp, x: x[::-1, ::-1, :],  # negative strides: other values, the same in both
}


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("shapes", [((3, 4), (4, 5)), ((4,), (4, 5)), ((3, 4), (4,)), ((4,), (4,)),
                                    ((2, 3, 4), (2, 4, 5)), ((3, 4), (6, 4, 2)), ((2, 1, 3, 4), (5, 4, 2)),
                                    ((1, 1), (1, 1)), ((7, 33), (33, 9))])
def test_matmul_every_dtype_and_shape(dtype, shapes):
    rng = make_rng(1)
    a, b = make_data(shapes[0], dtype, rng=rng), make_data(shapes[1], dtype, rng=rng)
    compare(lambda xp, x, y: xp.matmul(x, y), a, b, **_tol(dtype, shapes[0][-1]))
    compare(lambda xp, x, y: x @ y, a, b, **_tol(dtype, shapes[0][-1]))


@pytest.mark.parametrize("dtype", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("la", list(LAYOUTS))
@pytest.mark.parametrize("lb", list(LAYOUTS))
def test_matmul_layouts(dtype, la, lb):
    rng = make_rng(2)
    a, b = make_data((2, 5, 6), dtype, rng=rng), make_data((2, 6, 3), dtype, rng=rng)
    compare(lambda xp, x, y: LAYOUTS[la](xp, x) @ LAYOUTS[lb](xp, y), a, b, **_tol(dtype, 6))


@pytest.mark.parametrize("dtype", dtype_params(SOME_DTYPES))
def test_matmul_transposed_views(dtype):
    rng = make_rng(3)
    a, b = make_data((6, 5), dtype, rng=rng), make_data((3, 6), dtype, rng=rng)
    compare(lambda xp, x, y: x.T @ y.T, a, b, **_tol(dtype, 6))
    compare(lambda xp, x, y: xp.matmul(x.T, x), a, b, **_tol(dtype, 6))
    s = make_data((4, 6, 5), dtype, rng=rng)
    compare(lambda xp, x: xp.matmul(x.swapaxes(1, 2), x), s, **_tol(dtype, 6))
    compare(lambda xp, x: xp.matmul(x.transpose(1, 0, 2)[:, ::2], x.transpose(1, 2, 0)), s, **_tol(dtype, 5))


@pytest.mark.parametrize("dtype", dtype_params([numpy.int8, numpy.uint8, numpy.int16, numpy.int32,
                                                numpy.int64, numpy.uint64]))
def test_matmul_integers_wrap(dtype):
    a = make_data((5, 40), dtype, kind="full", rng=make_rng(4))
    b = make_data((40, 3), dtype, kind="full", rng=make_rng(5))
    compare(lambda xp, x, y: x @ y, a, b)


def test_matmul_mixed_dtypes():
    rng = make_rng(6)
    for da, db in [(numpy.int8, numpy.uint8), (numpy.int32, numpy.float32), (numpy.bool_, numpy.int16),
                   (numpy.float16, numpy.float32), (numpy.float32, numpy.complex128), (numpy.uint64, numpy.int64)]:
        a, b = make_data((3, 4), da, rng=rng), make_data((4, 2), db, rng=rng)
        compare(lambda xp, x, y: xp.matmul(x, y), a, b, **_tol(numpy.result_type(da, db), 4))


@pytest.mark.parametrize("shapes", [((0, 3), (3, 4)), ((3, 0), (0, 4)), ((3, 4), (4, 0)), ((0, 3, 4), (4, 2)),
                                    ((0,), (0,)), ((2, 0, 5), (2, 5, 3)), ((5, 0), (0,))])
@pytest.mark.parametrize("dtype", dtype_params([numpy.float32, numpy.int32, numpy.complex64, numpy.bool_]))
def test_matmul_zero_size(shapes, dtype):
    a, b = make_data(shapes[0], dtype), make_data(shapes[1], dtype)
    compare(lambda xp, x, y: xp.matmul(x, y), a, b)


def test_matmul_large_batch_of_small_matrices():
    rng = make_rng(7)
    a = make_data((3000, 4, 4), numpy.float32, rng=rng)
    compare(lambda xp, x: x @ x, a, **_tol(numpy.float32, 4))
    compare(lambda xp, x: x @ x[0], a, **_tol(numpy.float32, 4))


@pytest.mark.parametrize("out_dtype", dtype_params([numpy.float64, numpy.float32, numpy.complex128]))
def test_matmul_out(out_dtype):
    rng = make_rng(8)
    a, b = make_data((2, 3, 4), numpy.float32, rng=rng), make_data((4, 5), numpy.float32, rng=rng)
    out = numpy.zeros((2, 3, 5), out_dtype)
    compare(lambda xp, x, y, o: xp.matmul(x, y, out=o), a, b, out, **_tol(numpy.float32, 4))
    outf = numpy.zeros((2, 3, 5), out_dtype, order="F")
    compare(lambda xp, x, y, o: xp.matmul(x, y, out=(o,)), a, b, outf, **_tol(numpy.float32, 4))
    # out with more batch dims than the inputs (NumPy broadcasts the inputs to it)
    big = numpy.zeros((4, 2, 3, 5), out_dtype)
    compare(lambda xp, x, y, o: xp.matmul(x, y, out=o), a, b, big, **_tol(numpy.float32, 4))
    # 1-d operands: out has the squeezed shape
    v = make_data((4,), numpy.float32, rng=rng)
    o1 = numpy.zeros((2, 3), out_dtype)
    compare(lambda xp, x, y, o: xp.matmul(x, y, out=o), a, v, o1, **_tol(numpy.float32, 4))


def test_matmul_out_aliases_input():
    rng = make_rng(9)
    a, b = make_data((4, 4), numpy.float64, rng=rng), make_data((4, 4), numpy.float64, rng=rng)
    compare(lambda xp, x, y: xp.matmul(x, y, out=x), a, b, **_tol(numpy.float64, 4))
    compare(lambda xp, x, y: xp.matmul(x, y, out=y), a, b, **_tol(numpy.float64, 4))
    compare(lambda xp, x: xp.matmul(x, x.T, out=x), a, **_tol(numpy.float64, 4))


def test_imatmul():
    rng = make_rng(10)
    a, b = make_data((3, 4), numpy.float64, rng=rng), make_data((4, 4), numpy.float64, rng=rng)

    def f(xp, x, y):
        x @= y
        return x
    compare(f, a, b, **_tol(numpy.float64, 4))
    compare(f, make_data((4,), numpy.float64, rng=rng), b, **_tol(numpy.float64, 4))
    assert_raises_like(f, a, make_data((4, 5), numpy.float64, rng=rng))
    assert_raises_like(f, a, make_data((4,), numpy.float64, rng=rng))
    assert_raises_like(f, make_data((3, 4), numpy.int64, rng=rng), b)


def test_matmul_with_sequences():
    a = make_data((2, 2), numpy.float64)
    compare(lambda xp, x: x @ [[1.0, 2.0], [3.0, 4.0]], a)
    compare(lambda xp, x: [[1.0, 2.0], [3.0, 4.0]] @ x, a)
    compare(lambda xp, x: [1, 2] @ x, a)


def test_matmul_dtype_and_casting():
    rng = make_rng(11)
    a, b = make_data((3, 4), numpy.int32, rng=rng), make_data((4, 2), numpy.int32, rng=rng)
    compare(lambda xp, x, y: xp.matmul(x, y, dtype=numpy.float64), a, b)
    compare(lambda xp, x, y: xp.matmul(x, y, dtype=numpy.int8, casting="unsafe"), a, b)
    compare(lambda xp, x, y: xp.matmul(x, y, signature="dd->d"), a, b)
    f = make_data((3, 4), numpy.float64, rng=rng)
    assert_raises_like(lambda xp, x, y: xp.matmul(x, y, dtype=numpy.int32), f, b)
    assert_raises_like(lambda xp, x, y: xp.matmul(x, y, out=xp.zeros((3, 2), numpy.int32)), f, b)
    assert_raises_like(lambda xp, x, y: xp.matmul(x, y, casting="no"), f, b)
    compare(lambda xp, x, y: xp.matmul(x, y, casting="unsafe", out=xp.zeros((3, 2), numpy.int32)), f, b)


def test_matmul_errors():
    rng = make_rng(12)
    m = lambda *s: make_data(s, numpy.float64, rng=rng)
    for a, b in [(m(), m(3)), (m(3), m()), (m(4), m(3)), (m(3, 4), m(3, 5)), (m(2, 3, 4), m(3, 4, 5)),
                 (m(5, 2, 3, 4), m(3, 4, 2)), (m(2, 3, 4), m(3, 4)), (m(2, 3, 4), m(3, 4, 2))]:
        assert_raises_like(lambda xp, x, y: xp.matmul(x, y), a, b)
        assert_raises_like(lambda xp, x, y: x @ y, a, b)
    assert_raises_like(lambda xp, x: x @ 2, m(2, 2))
    assert_raises_like(lambda xp, x, o: xp.matmul(x, x, out=o), m(3, 3), m(3, 2))
    assert_raises_like(lambda xp, x, y, o: xp.matmul(x, y, out=o), m(2, 3, 3), m(3, 3), m(3, 3))
    assert_raises_like(lambda xp, x: xp.matmul(x, x, axis=0), m(3, 3))


def test_matmul_axes():
    rng = make_rng(13)
    a, b = make_data((4, 3, 2), numpy.float64, rng=rng), make_data((3, 5, 2), numpy.float64, rng=rng)
    compare(lambda xp, x, y: xp.matmul(x, y, axes=[(0, 1), (0, 1), (0, 1)]), a, b, **_tol(numpy.float64, 3))
    out = numpy.zeros((4, 5, 2))
    compare(lambda xp, x, y, o: xp.matmul(x, y, axes=[(0, 1), (0, 1), (0, 1)], out=o), a, b, out,
            **_tol(numpy.float64, 3))
    v = make_data((3,), numpy.float64, rng=rng)
    compare(lambda xp, x, y: xp.matmul(x, y, axes=[(0, 1), 0, 0]), a, v, **_tol(numpy.float64, 3))


@pytest.mark.parametrize("axes", [[(0, 5), (0, 1), (0, 1)], [(-4, 1), (0, 1), (0, 1)],
                                  [(0, 1), (1, -2), (0, 1)], [(0, 0), (0, 1), (0, 1)],
                                  [(0, 1), (2, -1), (0, 1)]], ids=str)
def test_matmul_axes_errors(axes):
    # NumPy's AxisError (its message, no prefix) and its repeated-axis ValueError
    def f(xp, x):
        try:
            return xp.matmul(x, x, axes=axes)
        except ValueError as e:
            return type(e).__name__, str(e)
    compare(f, numpy.ones((3, 3, 3)))


def test_matmul_ufunc_attributes():
    assert cn.matmul.__name__ == "matmul"
    assert cn.matmul.signature == numpy.matmul.signature
    assert (cn.matmul.nin, cn.matmul.nout) == (2, 1)
    assert cn.vecdot.signature == numpy.vecdot.signature


@needs_numpy((2, 2), "matvec and vecmat are new")
def test_matvec_vecmat_ufunc_attributes():
    assert cn.matvec.signature == numpy.matvec.signature
    assert cn.vecmat.signature == numpy.vecmat.signature


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_vecdot(dtype):
    rng = make_rng(14)
    a, b = make_data((2, 3, 6), dtype, rng=rng), make_data((3, 6), dtype, rng=rng)
    t = _tol(dtype, 6)
    compare(lambda xp, x, y: xp.vecdot(x, y), a, b, **t)
    compare(lambda xp, x, y: xp.vecdot(x, y, axis=0), b.T.copy(), a[0].T.copy(), **t)


@needs_numpy((2, 2), "matvec and vecmat are new")
@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_matvec_vecmat(dtype):
    rng = make_rng(14)
    a, b = make_data((2, 3, 6), dtype, rng=rng), make_data((3, 6), dtype, rng=rng)
    v = make_data((6,), dtype, rng=rng)
    t = _tol(dtype, 6)
    compare(lambda xp, x, y: xp.matvec(x, y), a, v, **t)
    compare(lambda xp, x, y: xp.vecmat(x, y), make_data((3,), dtype, rng=rng), b, **t)
    compare(lambda xp, x, y: xp.vecmat(x, y), v, a.swapaxes(-1, -2), **t)


def test_vecdot_errors():
    rng = make_rng(15)
    m = lambda *s: make_data(s, numpy.float64, rng=rng)
    assert_raises_like(lambda xp, x, y: xp.vecdot(x, y), m(3, 4), m(3, 5))
    assert_raises_like(lambda xp, x, y: xp.vecdot(x, y), m(2, 4), m(3, 4))
    assert_raises_like(lambda xp, x, y: xp.vecdot(x, y), m(), m(3))
    assert_raises_like(lambda xp, x, y: xp.vecdot(x, y, axis=3), m(2, 4), m(2, 4))


@needs_numpy((2, 2), "matvec and vecmat are new")
def test_matvec_vecmat_errors():
    rng = make_rng(15)
    m = lambda *s: make_data(s, numpy.float64, rng=rng)
    assert_raises_like(lambda xp, x, y: xp.matvec(x, y), m(3, 4), m(3))
    assert_raises_like(lambda xp, x, y: xp.matvec(x, y), m(4), m(4))
    assert_raises_like(lambda xp, x, y: xp.vecmat(x, y), m(3), m(4, 3))
    assert_raises_like(lambda xp, x, y: xp.matvec(x, y, axis=0), m(3, 4), m(4))


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_dot(dtype):
    rng = make_rng(16)
    m = lambda *s: make_data(s, dtype, rng=rng)
    t = _tol(dtype, 5)
    for a, b in [(m(5), m(5)), (m(3, 5), m(5)), (m(5), m(5, 2)), (m(3, 5), m(5, 2)), (m(2, 3, 5), m(5)),
                 (m(2, 3, 5), m(4, 5, 2)), (m(3), m()), (m(), m(2, 2)), (m(0, 5), m(5, 2))]:
        compare(lambda xp, x, y: xp.dot(x, y), a, b, **t)
        compare(lambda xp, x, y: x.dot(y) if hasattr(x, "dot") else xp.dot(x, y), a, b, **t)


def test_dot_out_and_errors():
    rng = make_rng(17)
    a, b = make_data((3, 4), numpy.float64, rng=rng), make_data((4, 5), numpy.float64, rng=rng)
    compare(lambda xp, x, y, o: xp.dot(x, y, out=o), a, b, numpy.zeros((3, 5)), **_tol(numpy.float64, 4))
    assert_raises_like(lambda xp, x, y, o: xp.dot(x, y, out=o), a, b, numpy.zeros((3, 5), numpy.float32))
    assert_raises_like(lambda xp, x, y, o: xp.dot(x, y, out=xp.asfortranarray(o)), a, b, numpy.zeros((3, 5)))
    assert_raises_like(lambda xp, x, y: xp.dot(x, y), a, a)
    assert_raises_like(lambda xp, x, y: xp.dot(x, y), a, make_data((5,), numpy.float64, rng=rng))
    # NumPy returns the very out= object; a wrong shape of the right ndim has its own message.
    for xp, to in ((numpy, lambda v: v), (cn, cn.asarray)):
        o = to(numpy.zeros((3, 5)))
        assert xp.dot(to(a), to(b), out=o) is o
        assert xp.outer(to(a), to(b), out=to(numpy.zeros((12, 20)))) is not None
        o = to(numpy.zeros((3, 5)))
        assert xp.einsum("ij,jk", to(a), to(b), out=o) is o
        o = to(numpy.zeros((3, 5)))
        assert xp.linalg.multi_dot([to(a), to(b)], out=o) is o
    compare(lambda xp, x, y, o: xp.dot(x, y, out=o), a, b, numpy.zeros((3, 6)))
    compare(lambda xp, x, y, o: xp.dot(x, y, out=o), a, b, numpy.zeros((15,)))
    compare(lambda xp, x, y, o: xp.linalg.multi_dot([x, y, y.T], out=o), a, b, numpy.zeros((3, 5)))


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_vdot_inner_outer(dtype):
    rng = make_rng(18)
    m = lambda *s: make_data(s, dtype, rng=rng)
    t = _tol(dtype, 12)
    compare(lambda xp, x, y: xp.vdot(x, y), m(3, 4), m(12), **t)
    compare(lambda xp, x, y: xp.vdot(x, y), m(3, 4).T, m(2, 6), **t)
    compare(lambda xp, x, y: xp.inner(x, y), m(3, 4), m(2, 4), **t)
    compare(lambda xp, x, y: xp.inner(x, y), m(2, 3, 4), m(4), **t)
    compare(lambda xp, x, y: xp.inner(x, y), m(4), m(), **t)
    compare(lambda xp, x, y: xp.outer(x, y), m(3), m(2, 2), **t)
    compare(lambda xp, x, y, o: xp.outer(x, y, out=o), m(3), m(4), numpy.zeros((3, 4), dtype), **t)


def test_vdot_inner_errors():
    rng = make_rng(19)
    m = lambda *s: make_data(s, numpy.float64, rng=rng)
    assert_raises_like(lambda xp, x, y: xp.vdot(x, y), m(3, 4), m(3, 5))
    assert_raises_like(lambda xp, x, y: xp.inner(x, y), m(3, 4), m(3, 5))


@pytest.mark.parametrize("dtype", dtype_params(SOME_DTYPES))
def test_tensordot(dtype):
    rng = make_rng(20)
    a, b = make_data((3, 4, 5), dtype, rng=rng), make_data((4, 3, 2), dtype, rng=rng)
    t = _tol(dtype, 12)
    compare(lambda xp, x, y: xp.tensordot(x, y, axes=([0, 1], [1, 0])), a, b, **t)
    compare(lambda xp, x, y: xp.tensordot(x, y, axes=([1], [0])), a, b, **t)
    compare(lambda xp, x, y: xp.tensordot(x, y, axes=(1, 0)), a, b, **t)
    compare(lambda xp, x, y: xp.tensordot(x, y, axes=0), make_data((2, 3), dtype, rng=rng),
            make_data((4,), dtype, rng=rng), **t)
    c = make_data((4, 5, 6), dtype, rng=rng)
    compare(lambda xp, x, y: xp.tensordot(x, y), a, c, **t)
    compare(lambda xp, x, y: xp.tensordot(x, y, 1), a, make_data((5, 2), dtype, rng=rng), **t)


def test_tensordot_errors():
    rng = make_rng(21)
    a, b = make_data((3, 4), numpy.float64, rng=rng), make_data((3, 5), numpy.float64, rng=rng)
    assert_raises_like(lambda xp, x, y: xp.tensordot(x, y), a, b)
    assert_raises_like(lambda xp, x, y: xp.tensordot(x, y, axes=([0, 1], [0, 1])), a, b)
    assert_raises_like(lambda xp, x, y: xp.tensordot(x, y, axes=([0], [0, 1])), a, b)


@pytest.mark.parametrize("dtype", dtype_params(SOME_DTYPES))
def test_kron(dtype):
    rng = make_rng(22)
    m = lambda *s: make_data(s, dtype, rng=rng)
    for a, b in [(m(2, 3), m(3, 2)), (m(3), m(2, 2)), (m(2, 2, 2), m(3)), (m(), m(2)), (m(0, 2), m(2, 2))]:
        compare(lambda xp, x, y: xp.kron(x, y), a, b)


@pytest.mark.parametrize("dtype", dtype_params([numpy.int64, numpy.float64, numpy.complex128, numpy.bool_]))
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 8])
def test_matrix_power(dtype, n):
    a = make_data((2, 3, 3), dtype, kind="unit" if numpy.dtype(dtype).kind in "fc" else "small", rng=make_rng(23))
    compare(lambda xp, x: xp.linalg.matrix_power(x, n), a, **_tol(dtype, 27))


def test_matrix_power_negative_and_errors():
    a = numpy.array([[2.0, 1.0], [1.0, 3.0]])
    compare(lambda xp, x: xp.linalg.matrix_power(x, -3), a, rtol=1e-12, atol=1e-14)
    assert_raises_like(lambda xp, x: xp.linalg.matrix_power(x, 2), numpy.ones(3))
    assert_raises_like(lambda xp, x: xp.linalg.matrix_power(x, 2), numpy.ones((2, 3)))
    assert_raises_like(lambda xp, x: xp.linalg.matrix_power(x, 1.5), a)
    assert_raises_like(lambda xp, x: xp.linalg.matrix_power(x, -1), numpy.zeros((2, 2)))
