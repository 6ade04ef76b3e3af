"""einsum and einsum_path against NumPy on every device: explicit and
implicit subscripts, "..." broadcasting, repeated labels (diagonals and
traces), sums of labels one operand owns, 1 to 4 operands, every dtype
(bool sums as or, integers wrap), optimize on and off, the interleaved
sublist form, out=, dtype= and casting=, and NumPy's errors."""
import numpy
import pytest

from helpers import ALL_DTYPES, SOME_DTYPES, assert_raises_like, compare, dtype_params, make_data, make_rng

pytestmark = pytest.mark.usefixtures("device")

CASES = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,jk", [(3, 4), (4, 5)]),
    ("ij,kj->ik", [(3, 4), (5, 4)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("i,i->", [(6,), (6,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("ii->i", [(4, 4)]),
    ("ii", [(4, 4)]),
    ("ij->ji", [(3, 4)]),
    ("ij->", [(3, 4)]),
    ("ijk->kj", [(2, 3, 4)]),
    ("...ij,...jk->...ik", [(2, 3, 4), (4, 5)]),
    ("...ij,...jk", [(2, 1, 3, 4), (6, 4, 2)]),
    ("ij...,j...->i...", [(3, 4, 2), (4, 2)]),
    ("ijk,jil->kl", [(3, 4, 5), (4, 3, 2)]),
    ("ij,jk,kl->il", [(3, 4), (4, 5), (5, 2)]),
    ("ij,jk,kl,lm->im", [(2, 8), (8, 3), (3, 9), (9, 2)]),
    ("ab,cd,bc->ad", [(2, 3), (4, 5), (3, 4)]),
    ("iij,jk->ik", [(3, 3, 4), (4, 2)]),
    ("ij,ij->i", [(3, 4), (3, 4)]),
    ("ij,ij,ij->j", [(3, 4), (3, 4), (3, 4)]),
    ("i,jk->", [(3,), (4, 5)]),
    ("ij,j", [(3, 0), (0,)]),
]


@pytest.mark.parametrize("subscripts,shapes", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("optimize", [False, True])
def test_einsum_cases(subscripts, shapes, optimize):
    rng = make_rng(1)
    ops = [make_data(s, numpy.float64, kind="unit", rng=rng) for s in shapes]
    compare(lambda xp, *o: xp.einsum(subscripts, *o, optimize=optimize), *ops, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("subscripts,shapes", [("ij,jk->ik", [(3, 4), (4, 2)]), ("ii->", [(3, 3)]),
                                               ("bij,bkj->bik", [(2, 3, 4), (2, 2, 4)]), ("i,i", [(5,), (5,)])])
def test_einsum_dtypes(dtype, subscripts, shapes):
    rng = make_rng(2)
    ops = [make_data(s, dtype, rng=rng) for s in shapes]
    d = numpy.dtype(dtype)
    tol = {"rtol": 1e-2, "atol": 0.1} if d.char == "e" else (
        {"rtol": 1e-5, "atol": 1e-4} if d.char in "fF" else {"rtol": 1e-12, "atol": 1e-12})
    compare(lambda xp, *o: xp.einsum(subscripts, *o), *ops, **(tol if d.kind in "fc" else {}))


def test_einsum_sublists_out_dtype():
    rng = make_rng(3)
    a, b = make_data((3, 4), numpy.float32, rng=rng), make_data((4, 5), numpy.float32, rng=rng)
    compare(lambda xp, x, y: xp.einsum(x, [0, 1], y, [1, 2], [0, 2]), a, b, rtol=1e-5, atol=1e-4)
    compare(lambda xp, x, y: xp.einsum(x, [Ellipsis, 1], y, [1, 2], [Ellipsis, 2]), a, b, rtol=1e-5, atol=1e-4)
    compare(lambda xp, x, y, o: xp.einsum("ij,jk->ik", x, y, out=o), a, b, numpy.zeros((3, 5), numpy.float32),
            rtol=1e-5, atol=1e-4)
    compare(lambda xp, x, y: xp.einsum("ij,jk->ik", x, y, dtype=numpy.float64), a, b, rtol=1e-5, atol=1e-4)
    i = make_data((3, 4), numpy.int32, rng=rng)
    compare(lambda xp, x, y: xp.einsum("ij,jk->ik", x, y), i, b, rtol=1e-5, atol=1e-4)
    assert_raises_like(lambda xp, x, y: xp.einsum("ij,jk->ik", x, y), i, a)
    assert_raises_like(lambda xp, x, y: xp.einsum("ij,jk", x, y), i, a)
    assert_raises_like(lambda xp, x, y: xp.einsum("bij,bjk->bik", x, y), make_data((2, 3, 4), numpy.float32),
                       make_data((3, 4, 2), numpy.float32))



@pytest.mark.parametrize("subscripts,shape", [("ij", (2, 3)), ("ij->ji", (2, 3)), ("iii->i", (3, 3, 3)),
                                              ("jii->ij", (2, 3, 3)), ("...ii->...i", (2, 3, 3)),
                                              ("ij->", (2, 3)), ("iij->j", (3, 3, 2))])
@pytest.mark.parametrize("dtype", [numpy.uint32, numpy.float64])
def test_einsum_one_operand_dtype(subscripts, shape, dtype):
    # A transpose or diagonal of one operand is NumPy's view of it, made before
    # dtype= and casting= are looked at: it keeps the operand's dtype, even
    # under a dtype= it could not be cast to. A sum casts (or raises).
    a = numpy.arange(numpy.prod(shape), dtype=dtype).reshape(shape)
    for dt in (numpy.uint64, numpy.float64, numpy.float16, numpy.int8):
        compare(lambda xp, x: xp.einsum(subscripts, x, dtype=dt), a)
    compare(lambda xp, x, o: xp.einsum(subscripts, x, out=o, dtype=numpy.float64), a,
            numpy.zeros(numpy.einsum(subscripts, a).shape))

def test_einsum_errors():
    rng = make_rng(4)
    a, b = make_data((3, 4), numpy.float64, rng=rng), make_data((4, 5), numpy.float64, rng=rng)
    assert_raises_like(lambda xp, x, y: xp.einsum("ij,jk->ik", x), a, b)
    assert_raises_like(lambda xp, x, y: xp.einsum("ijk,jk->ik", x, y), a, b)
    assert_raises_like(lambda xp, x, y: xp.einsum("ij,jk->iz", x, y), a, b)
    assert_raises_like(lambda xp, x, y: xp.einsum("ij,jk->ii", x, y), a, b)
    assert_raises_like(lambda xp, x: xp.einsum("ii->i", x), a)
    assert_raises_like(lambda xp, x, y: xp.einsum("ij,jk->ik", x, y, dtype=numpy.float32), a, b)
    assert_raises_like(lambda xp, x, y: xp.einsum("i1,jk->ik", x, y), a, b)
    # Dims an input's "..." covers need a "..." in an explicit output.
    for s in ("...->", "i...->i", "...i->", "...i->i"):
        compare(lambda xp, x: xp.einsum(s, x), a)
    compare(lambda xp, x: xp.einsum("...->", x), numpy.float64(3.0))
    compare(lambda xp, x: xp.einsum("i...->i", x), a[:, 0])
    compare(lambda xp, x, y: xp.einsum("...i,...i->i", x, y), a, a)
    # NumPy's (strategy, memory limit) optimize=: the same values.
    compare(lambda xp, x, y: xp.einsum("ij,jk->ik", x, y, optimize=("greedy", 0)), a, b, rtol=1e-12, atol=1e-12)
    compare(lambda xp, x, y: xp.einsum("ij,jk->ik", x, y, optimize=("optimal", 1e6)), a, b, rtol=1e-12,
            atol=1e-12)


@pytest.mark.parametrize("subscripts,shapes", [("ij,jk,kl->il", [(3, 4), (4, 5), (5, 2)]),
                                               ("ij,jk,kl,lm->im", [(2, 8), (8, 3), (3, 9), (9, 2)]),
                                               ("ab,cd,bc->ad", [(2, 3), (4, 5), (3, 4)]),
                                               ("ij,jk->ik", [(3, 4), (4, 5)])])
def test_einsum_path_greedy_matches_numpy(subscripts, shapes):
    import cunum as cn
    ops = [numpy.ones(s) for s in shapes]
    want = numpy.einsum_path(subscripts, *ops, optimize="greedy")[0]
    got = cn.einsum_path(subscripts, *[cn.asarray(o) for o in ops], optimize="greedy")[0]
    assert got == want
