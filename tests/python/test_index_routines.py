"""Indexing routines built on the primitives (where, choose, select, the
diagonals and triangles, index arrays, r_/c_/s_/index_exp) compared with
NumPy on every device: values, dtypes, shapes, views where NumPy gives views,
and NumPy's errors."""
import numpy
import pytest

from helpers import (ALL_DTYPES, SOME_DTYPES, USING_NUMPY_SHIM, assert_raises_like, compare, dtype_params,
                     make_data, requires_cunum)
import cunum as cn

pytestmark = pytest.mark.usefixtures("device")

NUMPY_2_5 = tuple(int(p) for p in numpy.__version__.split(".")[:2]) >= (2, 5)


# ---------------------------------------------------------------- where, choose, select


@pytest.mark.parametrize("dt1", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("dt2", dtype_params(SOME_DTYPES))
def test_where_dtype_pairs(dt1, dt2, rng):
    c = make_data((3, 4), numpy.bool_, rng=rng)
    x, y = make_data((3, 4), dt1, rng=rng), make_data((4,), dt2, rng=rng)
    compare(lambda xp, c, x, y: xp.where(c, x, y), c, x, y)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_where_scalars_conditions_layouts(dt, rng):
    x = make_data((4, 5), dt, rng=rng)
    cond = make_data((4, 5), dt, rng=rng)  # any dtype: its truth value
    compare(lambda xp, c, x: xp.where(c, x, 0), cond, x)
    compare(lambda xp, c, x: xp.where(c, 2.5, x), cond, x)
    compare(lambda xp, c, x: xp.where(c, x.T[::-1].T, x[:, ::-1]), cond, x)
    compare(lambda xp, c, x: xp.where(c[0], x, x[:1]), cond, x)
    compare(lambda xp, c, x: xp.where(c[0, 0], x[0, 0], 1), cond, x)   # 0-d
    compare(lambda xp, c, x: xp.where(c[:0], x[:0], 1), cond, x)       # empty
    compare(lambda xp, c, x: xp.where(True, x, 1j), cond, x)
    compare(lambda xp, c, x: xp.where([True, False, True, False, True], x, x.T[0:1].T), cond, x)


def test_where_weak_scalars_and_errors():
    a = numpy.array([1, 2], numpy.int8)
    # A Python int must fit the result's dtype (NumPy 2.5; NumPy 2.4 wrapped 300 into int8).
    for f in (lambda xp, x: xp.where(x > 1, x, 300), lambda xp, x: xp.where(x > 1, numpy.int8(1), 300)):
        if NUMPY_2_5:
            compare(f, a)
        elif not USING_NUMPY_SHIM:
            with pytest.raises(OverflowError, match="Python integer 300 out of bounds for int8"):
                f(cn, cn.asarray(a))
    compare(lambda xp, x: xp.where(x > 1, 1, 2.5), a)
    compare(lambda xp, x: xp.where(x > 1, numpy.float32(1), 2), a)
    assert_raises_like(lambda xp, x: xp.where(x, x), a)
    assert_raises_like(lambda xp, x: xp.where(x, y=x), a)
    assert_raises_like(lambda xp, x: xp.where(xp.ones(2, bool), xp.ones(3), xp.ones(4)), a)


@pytest.mark.skipif(not hasattr(cn, "nonzero"), reason="one-argument where is nonzero (advanced indexing)")
def test_where_one_argument():
    compare(lambda xp, x: xp.where(x), numpy.array([[0, 1], [2, 0]]))


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_choose(dt, rng):
    choices = [make_data((3, 4), dt, rng=rng) for _ in range(3)]
    idx = numpy.array([[0, 1, 2, 1], [2, 2, 0, 0], [1, 0, 1, 2]])
    compare(lambda xp, i, c: xp.choose(i, c), idx, choices)
    compare(lambda xp, i, c: xp.choose(i[0], c), idx, choices)                   # broadcast
    compare(lambda xp, i, c: xp.choose(i, [c[0], 7, c[2][0]]), idx, choices)     # scalars, rows
    compare(lambda xp, i, c: xp.choose(i.astype("uint8"), c), idx, choices)
    compare(lambda xp, i, c: i.astype("int16").choose(c), idx, choices)
    compare(lambda xp, i, c: i.choose(c, mode="clip"), idx, choices)
    for mode in ("wrap", "clip"):
        compare(lambda xp, i, c: xp.choose(i * 3 - 4, c, mode=mode), idx, choices)
    compare(lambda xp, i, c: xp.choose(i, xp.stack(c)), idx, choices)           # an array of choices

    def with_out(xp, i, c):
        o = xp.zeros((3, 4), "float64")
        r = xp.choose(i, c, out=o)
        assert r is o
        return o
    compare(with_out, idx, choices)
    compare(lambda xp, i, c: xp.choose(i[0, 0], c), idx, choices)                # 0-d index


def test_choose_errors():
    i = numpy.array([0, 1])
    c = [numpy.array([1, 2]), numpy.array([3, 4])]
    cases = [
        lambda xp, i, c: xp.choose(i + 2, c),
        lambda xp, i, c: xp.choose(i - 1, c),
        lambda xp, i, c: xp.choose(i, c, mode="foo"),
        lambda xp, i, c: xp.choose(i.astype(float), c),
        lambda xp, i, c: xp.choose(i, []),
        lambda xp, i, c: xp.choose(i, c, out=xp.zeros(3)),
        lambda xp, i, c: xp.choose(i, [c[0], xp.ones(3)]),
        lambda xp, i, c: xp.choose(i.astype("uint64"), c),
    ]
    for fn in cases:
        assert_raises_like(fn, i, c)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_select(dt, rng):
    x = make_data((3, 4), dt, rng=rng)
    y = make_data((3, 4), dt, rng=rng)
    c1, c2 = make_data((3, 4), numpy.bool_, rng=rng), make_data((4,), numpy.bool_, rng=rng)
    compare(lambda xp, x, y, a, b: xp.select([a, b], [x, y]), x, y, c1, c2)
    compare(lambda xp, x, y, a, b: xp.select([a, b], [x, y], default=-1), x, y, c1, c2)
    compare(lambda xp, x, y, a, b: xp.select([a, b], [x[0], 5]), x, y, c1, c2)
    compare(lambda xp, x, y, a, b: xp.select([b], [2.5], default=x), x, y, c1, c2)
    compare(lambda xp, x, y, a, b: xp.select([a[0, 0]], [1]), x, y, c1, c2)


def test_select_errors():
    a = numpy.array([1, 0])
    cases = [
        lambda xp, x: xp.select([], []),
        lambda xp, x: xp.select([x > 0], []),
        lambda xp, x: xp.select([x], [x]),
        lambda xp, x: xp.select([x > 0, xp.ones(3, bool)], [x, x]),
        lambda xp, x: xp.select([x > 0], [xp.ones(3)]),
    ]
    for fn in cases:
        assert_raises_like(fn, a)


# ---------------------------------------------------------------- diagonals and triangles


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_diagonal_diag_diagflat_trace(dt, rng):
    m = make_data((4, 6), dt, rng=rng)
    for k in (-5, -1, 0, 2, 6, 9):
        compare(lambda xp, x: xp.diagonal(x, k), m)
        compare(lambda xp, x: x.diagonal(k), m)
        compare(lambda xp, x: xp.diag(x, k), m)
        compare(lambda xp, x: xp.diag(x[0], k), m)
        compare(lambda xp, x: xp.diagflat(x[:2, :2], k), m)
    compare(lambda xp, x: xp.diagflat(x[0, 0]), m)
    compare(lambda xp, x: xp.diag(x[0, :0]), m)
    if numpy.dtype(dt).kind != "b":
        compare(lambda xp, x: xp.trace(x), m)
        compare(lambda xp, x: x.trace(1), m)
        compare(lambda xp, x: xp.trace(x, -2, dtype="float64"), m)


@requires_cunum
def test_diagonal_is_a_view(rng):
    x = cn.asarray(make_data((3, 4), numpy.float32, rng=rng))
    d = cn.diagonal(x, 1)    # a view (writable here; NumPy's is read-only)
    assert d.base is not None and d._shares_memory_with(x)
    d[...] = 0
    assert float(cn.abs(cn.diagonal(x, 1)).sum()) == 0


def test_diagonal_axes_views_and_errors(rng):
    a = make_data((3, 4, 5), numpy.float32, rng=rng)
    for off in (-2, 0, 1, 4):
        for ax1, ax2 in ((0, 1), (1, 0), (0, 2), (2, 1), (-1, -3)):
            compare(lambda xp, x: xp.diagonal(x, off, ax1, ax2), a)
            compare(lambda xp, x: xp.trace(x, off, ax1, ax2), a)
    compare(lambda xp, x: xp.diagonal(x.T[::-1], 1, 0, 2), a)


    def out(xp, x):
        o = xp.zeros(5, "float64")
        r = xp.trace(x, 0, 0, 1, out=o)
        assert r is o
        return o
    compare(out, a)
    cases = [
        lambda xp, x: xp.diagonal(x[0, 0]),
        lambda xp, x: xp.diagonal(x, 0, 1, 1),
        lambda xp, x: xp.diagonal(x, 0, 0, 3),
        lambda xp, x: xp.diagonal(x, 0, -4, 0),
        lambda xp, x: xp.diag(x),
        lambda xp, x: xp.diag(x[0, 0, 0]),
        lambda xp, x: xp.trace(x[0, 0]),
    ]
    for fn in cases:
        assert_raises_like(fn, a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_tri_tril_triu(dt, rng):
    m = make_data((2, 4, 5), dt, rng=rng)
    for k in (-4, -1, 0, 1, 3, 7):
        compare(lambda xp, x: xp.tril(x, k), m)
        compare(lambda xp, x: xp.triu(x, k), m)
        compare(lambda xp, x: xp.tril(x[0, 0], k), m)      # 1-d: a square matrix
        compare(lambda xp, x: xp.triu(x[0].T, k), m)
        compare(lambda xp, x: xp.tri(3, 5, k, dtype=dt), m)
    compare(lambda xp, x: xp.tril(x[:, :0]), m)
    compare(lambda xp, x: xp.tri(4), m)
    compare(lambda xp, x: xp.tri(0, 3), m)
    assert_raises_like(lambda xp, x: xp.tril(x[0, 0, 0]), m)
    compare(lambda xp, x: xp.tri(-1), m)
    compare(lambda xp, x: xp.tri(2, -3), m)
    compare(lambda xp, x: xp.tril_indices(-2), m)


def test_triangle_and_diagonal_indices():
    a = numpy.zeros((4, 6))
    for n, k, m in ((4, 0, None), (4, 1, 6), (5, -2, 3), (3, 5, None), (3, -5, 2), (0, 0, None), (1, 0, 1)):
        compare(lambda xp, x: xp.tril_indices(n, k, m), a)
        compare(lambda xp, x: xp.triu_indices(n, k, m), a)
    for k in (-2, 0, 3):
        compare(lambda xp, x: xp.tril_indices_from(x, k), a)
        compare(lambda xp, x: xp.triu_indices_from(x, k), a)
    compare(lambda xp, x: xp.diag_indices(4), a)
    compare(lambda xp, x: xp.diag_indices(3, 4), a)
    compare(lambda xp, x: xp.diag_indices_from(xp.zeros((3, 3, 3))), a)
    big = numpy.zeros((300, 200))
    compare(lambda xp, x: xp.triu_indices_from(x, 7), big)
    cases = [
        lambda xp, x: xp.tril_indices_from(x[0]),
        lambda xp, x: xp.triu_indices_from(x[None]),
        lambda xp, x: xp.diag_indices_from(x),
        lambda xp, x: xp.diag_indices_from(x[0]),
        lambda xp, x: xp.tril_indices_from(4, k=1),        # NumPy reads .ndim: AttributeError
        lambda xp, x: xp.triu_indices_from([[1, 2], [3, 4]]),
    ]
    for fn in cases:
        assert_raises_like(fn, a)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_fill_diagonal(dt, rng):
    for shape, wrap in (((4, 4), False), ((7, 3), False), ((7, 3), True), ((3, 7), True),
                        ((3, 3, 3), False), ((2, 2, 2, 2), True), ((0, 3), False)):
        a = make_data(shape, dt, rng=rng)

        def f(xp, x, val):
            xp.fill_diagonal(x, val, wrap=wrap)
            return x
        compare(f, a, 1)
        compare(f, a, make_data((2,), dt, rng=rng))                  # values repeated in turn
        compare(f, a, make_data((20,), dt, rng=rng))
    t = make_data((5, 4), dt, rng=rng)

    def strided(xp, x):
        v = x.T
        xp.fill_diagonal(v, 0)       # not C-contiguous: through a copy written back
        return x
    compare(strided, t)
    assert_raises_like(lambda xp, x: xp.fill_diagonal(x[0], 0), t)
    assert_raises_like(lambda xp, x: xp.fill_diagonal(xp.zeros((2, 3, 3)), 0), t)


def test_mask_indices():
    a = numpy.zeros(1)
    for k in (-1, 0, 2):
        compare(lambda xp, x: xp.mask_indices(4, xp.triu, k), a)
        compare(lambda xp, x: xp.mask_indices(5, xp.tril, k), a)
    compare(lambda xp, x: xp.mask_indices(0, xp.triu), a)
    # k reaches mask_func as given (NumPy passes it through)
    compare(lambda xp, x: xp.mask_indices(4, lambda m, k: xp.triu(m, int(k * 2)), 0.5), a)


# ---------------------------------------------------------------- index arrays


@pytest.mark.parametrize("dt", dtype_params(["int64", "int8", "uint16", "float32", "complex64"]))
def test_indices(dt):
    a = numpy.zeros(1)
    for dims in ((2, 3), (4,), (), (2, 0, 3), (1, 2, 3, 2)):
        compare(lambda xp, x: xp.indices(dims, dtype=dt), a)
        compare(lambda xp, x: xp.indices(dims, dtype=dt, sparse=True), a)
    compare(lambda xp, x: xp.indices((2, 3)), a)
    assert_raises_like(lambda xp, x: xp.indices((2, -3)), a)


def test_unravel_index():
    a = numpy.array([[0, 5, 11], [7, 3, 2]])
    for order in ("C", "F"):
        compare(lambda xp, x: xp.unravel_index(x, (3, 4), order=order), a)
        compare(lambda xp, x: xp.unravel_index(x.astype("uint8"), (2, 3, 2), order=order), a)
        compare(lambda xp, x: xp.unravel_index(x[0, 1], (12,), order=order), a)
        compare(lambda xp, x: xp.unravel_index(7, (3, 4), order=order), a)
        compare(lambda xp, x: xp.unravel_index([1, 2], 12, order=order), a)
    compare(lambda xp, x: xp.unravel_index(x[:0], (3, 4)), a)
    cases = [
        lambda xp, x: xp.unravel_index(x, (3, 3)),
        lambda xp, x: xp.unravel_index(-1, (3, 4)),
        lambda xp, x: xp.unravel_index(1.5, (3, 4)),
        lambda xp, x: xp.unravel_index(x.astype(float), (3, 4)),
        lambda xp, x: xp.unravel_index(x, (3, 4), order="X"),
    ]
    for fn in cases:
        assert_raises_like(fn, a)


def test_ravel_multi_index():
    r, c = numpy.array([[0, 2], [1, 3]]), numpy.array([[4, 0], [2, 1]])
    for order in ("C", "F"):
        compare(lambda xp, r, c: xp.ravel_multi_index((r, c), (4, 5), order=order), r, c)
        compare(lambda xp, r, c: xp.ravel_multi_index((r, c[0]), (4, 5), order=order), r, c)
        compare(lambda xp, r, c: xp.ravel_multi_index((1, 2), (4, 5), order=order), r, c)
        for mode in ("wrap", "clip", ("wrap", "clip"), ["clip", "raise"]):
            compare(lambda xp, r, c: xp.ravel_multi_index((r * 3 - 2, c), (4, 5), mode=mode,
                                                          order=order), r, c)
    compare(lambda xp, r, c: xp.ravel_multi_index((r.astype("int8"), c.astype("uint32")), (4, 5)), r, c)
    cases = [
        lambda xp, r, c: xp.ravel_multi_index((r, c), (2, 5)),
        lambda xp, r, c: xp.ravel_multi_index((r - 1, c), (4, 5)),
        lambda xp, r, c: xp.ravel_multi_index((r,), (4, 5)),
        lambda xp, r, c: xp.ravel_multi_index((r, c.astype(float)), (4, 5)),
        lambda xp, r, c: xp.ravel_multi_index((r, c), (4, -5)),
        lambda xp, r, c: xp.ravel_multi_index((r, c), (2 ** 40, 2 ** 40)),
        lambda xp, r, c: xp.ravel_multi_index((r, c), (4, 5), mode="foo"),
        lambda xp, r, c: xp.ravel_multi_index((r, c[0, :1].repeat(3)), (4, 5)),
    ]
    for fn in cases:
        assert_raises_like(fn, r, c)


def test_ix_():
    a = numpy.arange(20).reshape(4, 5)
    compare(lambda xp, x: xp.ix_([0, 2], [1, 3, 4]), a)
    compare(lambda xp, x: xp.ix_(xp.asarray([True, False, True, True]), [4]), a)
    compare(lambda xp, x: xp.ix_(x[0] > 2), a)
    compare(lambda xp, x: xp.ix_([], [1]), a)
    compare(lambda xp, x: xp.ix_(), a)
    compare(lambda xp, x: xp.ix_(x[:, 0].astype("int8"), x[0, :2]), a)
    assert_raises_like(lambda xp, x: xp.ix_(x), a)
    assert_raises_like(lambda xp, x: xp.ix_([[1]]), a)


@requires_cunum
def test_r_matrix_directives_are_not_supported():
    with pytest.raises(NotImplementedError):
        cn.r_["r", [1, 2]]
    with pytest.raises(NotImplementedError):
        cn.c_["1, 2; 3, 4"]


def test_r_c_s_index_exp():
    a = numpy.arange(6).reshape(2, 3)
    compare(lambda xp, x: xp.r_[1:5, 0, 7], a)
    compare(lambda xp, x: xp.r_[0:1:5j, x[0]], a)
    compare(lambda xp, x: xp.r_[x, x], a)
    compare(lambda xp, x: xp.r_["-1", x, x], a)
    compare(lambda xp, x: xp.r_["0,2", x[0], [1, 2, 3]], a)
    compare(lambda xp, x: xp.r_["0,2,0", [1, 2, 3], [4, 5, 6]], a)
    compare(lambda xp, x: xp.r_["1,3,-1", x, x], a)
    compare(lambda xp, x: xp.r_[-1:1:6j, [0] * 3, 5, 6], a)
    compare(lambda xp, x: xp.r_[numpy.int8(3), x[0].astype("int8")], a)
    compare(lambda xp, x: xp.r_[2.5, x[0]], a)
    compare(lambda xp, x: xp.c_[x[0], x[1]], a)
    compare(lambda xp, x: xp.c_[x, x], a)
    compare(lambda xp, x: xp.c_[[1, 2], [3, 4], 5 * xp.ones((2, 1), int)], a)
    assert_raises_like(lambda xp, x: xp.r_[x, "0"], a)
    assert_raises_like(lambda xp, x: xp.r_["a,b", x], a)
    assert_raises_like(lambda xp, x: xp.r_["foo", x], a)
    assert cn.s_[1:2, ::3, ...] == numpy.s_[1:2, ::3, ...]
    assert cn.s_[3] == numpy.s_[3]
    assert cn.index_exp[3] == numpy.index_exp[3] == (3,)
    assert cn.index_exp[1:, None] == numpy.index_exp[1:, None]
    assert len(cn.r_) == 0
