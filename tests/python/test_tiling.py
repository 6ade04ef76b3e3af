"""Tiling, repeating, adding and removing elements, rollaxis, meshgrid and
the array helpers (broadcast, require, asarray_chkfinite, fromfunction,
frombuffer, shape/ndim/size, copyto) compared with NumPy on every device:
values, dtype, shape, NumPy's errors, and which results are views."""
import numpy
import pytest

from helpers import (ALL_DTYPES, SOME_DTYPES, assert_raises_like, assert_raises_since, assert_same, compare,
                     dtype_params, make_data, needs_numpy, requires_cunum, NUMPY_VERSION)
import cunum as cn

pytestmark = pytest.mark.usefixtures("device")

# Views made inside the compared function, so both libraries see the same layout.
LAYOUTS = {
    "C": lambda x: x,
    "F": lambda x: x.T.copy().T,
    "T": lambda x: x.T,
    "reversed": lambda x: x[::-1],
    "stepped": lambda x: x[::2],
}


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_tile_every_dtype(dt, rng):
    a = make_data((3, 4), dt, rng=rng)
    for reps in (2, (2, 3), (1, 1), (2, 1, 3), (0, 2), (3,), (1, 1, 1)):
        compare(lambda xp, x: xp.tile(x, reps), a)


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_tile_layouts_and_shapes(layout, rng):
    a = make_data((6, 5), numpy.float32, rng=rng)
    f = LAYOUTS[layout]
    for reps in (3, (2, 2), (2, 1, 2), (1, 3)):
        compare(lambda xp, x: xp.tile(f(x), reps), a)
    compare(lambda xp, x: xp.tile(x[0, 0], (2, 3)), a)      # 0-d
    compare(lambda xp, x: xp.tile(x[0, 0], ()), a)
    compare(lambda xp, x: xp.tile(x[:0], (2, 2)), a)        # empty
    compare(lambda xp, x: xp.tile(x[:1, :1], 4), a)         # size 1
    compare(lambda xp, x: xp.tile(x, [numpy.int64(2), True]), a)


def test_tile_result_is_a_copy(rng):
    a = make_data((2, 3), numpy.int32, rng=rng)

    def f(xp, x):
        t = xp.tile(x, (1, 1))
        t[...] = 0
        return t
    compare(f, a)  # the input is compared afterwards: unchanged


def test_tile_many_axes():
    a = numpy.arange(4).reshape((1,) * 62 + (2, 2))
    compare(lambda xp, x: xp.tile(x, (2,) + (1,) * 61 + (2, 1)), a)   # 64 dims, 3 repeated
    compare(lambda xp, x: xp.tile(x.reshape(2, 2), (1,) * 62 + (3, 1)), a)
    compare(lambda xp, x: xp.tile(x, (1,) * 65), a)                    # 65 dims: NumPy's error


def test_tile_large_blocks():
    # blocks of >= 2^22 elements are copied one by one (Note [Large tiles block by block])
    a = (numpy.arange(2 ** 22) % 251).astype(numpy.uint8).reshape(2048, 2048)
    for reps in ((2, 1), (1, 2), 2, (2, 1, 1)):
        compare(lambda xp, x: xp.tile(x, reps), a)
    compare(lambda xp, x: xp.tile(x.T, (2, 1)), a)
    compare(lambda xp, x: xp.tile(x[::-1], (1, 2)), a)


def test_tile_errors():
    a = numpy.arange(3)
    for reps in (-1, (2, -1), 1.5, None):
        assert_raises_like(lambda xp, x: xp.tile(x, reps), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_repeat_scalar_every_dtype(dt, rng):
    a = make_data((3, 4), dt, rng=rng)
    for r, axis in ((2, None), (3, 0), (2, 1), (0, 1), (1, -1), (2, -2)):
        compare(lambda xp, x: xp.repeat(x, r, axis=axis), a)
    compare(lambda xp, x: x.repeat(2, 1), a)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("rdt", ["int8", "uint8", "int64", "uint32", "bool"])
def test_repeat_per_element(dt, rdt, rng):
    a = make_data((5, 3), dt, rng=rng)
    r5 = numpy.array([2, 0, 1, 3, 1]).astype(rdt)
    r3 = numpy.array([1, 0, 4]).astype(rdt)
    compare(lambda xp, x, r: xp.repeat(x, r, axis=0), a, r5)
    compare(lambda xp, x, r: xp.repeat(x, r, axis=1), a, r3)
    compare(lambda xp, x, r: x.repeat(r, axis=-1), a, r3)
    compare(lambda xp, x, r: xp.repeat(x, r[:1], axis=0), a, r5)  # one count for all


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_repeat_layouts(layout, rng):
    a = make_data((8, 6), numpy.float64, rng=rng)
    f = LAYOUTS[layout]
    compare(lambda xp, x: xp.repeat(f(x), 3, axis=0), a)
    compare(lambda xp, x: xp.repeat(f(x), 2, axis=1), a)
    compare(lambda xp, x: xp.repeat(f(x), 2), a)
    compare(lambda xp, x: xp.repeat(f(x), [1, 2, 0, 3][:f(x).shape[1] % 4] * 0 + [1] * f(x).shape[1],
                                    axis=1), a)


def test_repeat_lists_scalars_and_edges(rng):
    a = make_data((4,), numpy.int16, rng=rng)
    compare(lambda xp, x: xp.repeat(x, [1.5, 2, 1, 0]), a)     # list elements through int()
    compare(lambda xp, x: xp.repeat(x, [True, False, True, True]), a)
    compare(lambda xp, x: xp.repeat(x, 1.5), a)
    compare(lambda xp, x: xp.repeat(x, numpy.uint64(2)), a)
    compare(lambda xp, x: xp.repeat(x, [2]), a)
    compare(lambda xp, x: xp.repeat(x, numpy.array([0, 0, 0, 0])), a)
    compare(lambda xp, x: xp.repeat(x[0], 3), a)                 # 0-d
    compare(lambda xp, x: xp.repeat(x[0], 3, axis=0), a)
    compare(lambda xp, x: xp.repeat(x[0], [3], axis=-1), a)
    compare(lambda xp, x: xp.repeat(x[:0], 3), a)                # empty
    compare(lambda xp, x: xp.repeat(x[:0], []), a)
    compare(lambda xp, x: xp.repeat([[1, 2], [3, 4]], [1, 2], axis=0), a)
    big = numpy.arange(3000, dtype=numpy.float32)
    counts = numpy.random.default_rng(5).integers(0, 4, 3000)
    compare(lambda xp, x, c: xp.repeat(x, c), big, counts)       # many binary-search steps


def test_repeat_errors():
    a = numpy.arange(6).reshape(2, 3)
    cases = [
        lambda xp, x: xp.repeat(x, -1),
        lambda xp, x: xp.repeat(x, [-1]),
        lambda xp, x: xp.repeat(x, [1, 2], axis=1),
        lambda xp, x: xp.repeat(x, [1, -2, 1], axis=1),
        lambda xp, x: xp.repeat(x, 2, axis=2),
        lambda xp, x: xp.repeat(x[0, 0], 2, axis=1),
        lambda xp, x: xp.repeat(x, numpy.array([1, 2, 3], numpy.uint64), axis=1),
        lambda xp, x: xp.repeat(x, numpy.array([1.0, 2, 3]), axis=1),
        lambda xp, x: xp.repeat(x, numpy.ones((1, 3), int), axis=1),
        lambda xp, x: xp.repeat(x, [[1, 2, 3]], axis=1),
        lambda xp, x: xp.repeat(x, 2, axis=1.5),
    ]
    for fn in cases:
        assert_raises_like(fn, a)


def test_rollaxis(rng):
    a = make_data((2, 3, 4, 5), numpy.float32, rng=rng)
    for axis in range(-4, 4):
        for start in range(-4, 5):
            compare(lambda xp, x: xp.rollaxis(x, axis, start), a)

    def view(xp, x):  # a view, as NumPy's
        v = xp.rollaxis(x, 3, 1)
        v[0, 0] = 0
        return v
    compare(view, a)
    for axis, start in ((4, 0), (-5, 0), (0, 5), (0, -5), (1.0, 0)):
        assert_raises_like(lambda xp, x: xp.rollaxis(x, axis, start), a)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_resize_function(dt, rng):
    a = make_data((3, 4), dt, rng=rng)
    for shape in ((2, 3), (5, 7), 30, (3, 4), (0,), (2, 0, 3), (25,), ()):
        compare(lambda xp, x: xp.resize(x, shape), a)
    compare(lambda xp, x: xp.resize(x.T, (5, 5)), a)
    compare(lambda xp, x: xp.resize(x[:0], (2, 2)), a)   # empty input: zeros
    compare(lambda xp, x: xp.resize(x[0, 0], (2, 2)), a)
    compare(lambda xp, x: xp.resize([1, 2, 3], (2, 4)), a)
    for shape in (-1, (2, -1)):
        assert_raises_like(lambda xp, x: xp.resize(x, shape), a)


@requires_cunum
def test_resize_method():
    for shape, args in (((2, 5), ((2, 5),)), ((3,), (3,)), ((2, 2, 2), (2, 2, 2)), ((0,), (0,))):
        n = numpy.arange(6.0).reshape(2, 3).copy()
        c = cn.asarray(n)
        n.resize(*args)
        assert c.resize(*args) is None
        assert_same(n, c)
    c = cn.arange(6)
    v = c[1:]
    with pytest.raises(ValueError):
        v.resize(3)             # does not own its data
    with pytest.raises(ValueError):
        c.resize(3)             # referenced by v
    c.resize(3, refcheck=False)
    assert_same(numpy.arange(3), c)
    with pytest.raises(ValueError):
        cn.arange(3).resize(-1)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_append(dt, rng):
    a, b = make_data((2, 3), dt, rng=rng), make_data((2, 3), dt, rng=rng)
    compare(lambda xp, x, y: xp.append(x, y), a, b)
    compare(lambda xp, x, y: xp.append(x, y, axis=0), a, b)
    compare(lambda xp, x, y: xp.append(x, y, axis=1), a, b)
    compare(lambda xp, x, y: xp.append(x[0], [1, 2]), a, b)
    compare(lambda xp, x, y: xp.append(x[0, 0], 3), a, b)
    compare(lambda xp, x, y: xp.append(x, y[0], axis=0), a, b)   # ndim mismatch
    compare(lambda xp, x, y: xp.append(x, y, axis=2), a, b)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_trim_zeros(dt):
    v = numpy.array([0, 0, 1, 2, 0, 3, 0, 0]).astype(dt)
    for trim in ("fb", "f", "b", "BF", "F"):
        compare(lambda xp, x: xp.trim_zeros(x, trim), v)
    compare(lambda xp, x: xp.trim_zeros(x * 0), v)
    compare(lambda xp, x: xp.trim_zeros(x[:0]), v)


@needs_numpy((2, 2), "trim_zeros takes n-d input and axis=")
@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_trim_zeros_axis(dt):
    v = numpy.array([0, 0, 1, 2, 0, 3, 0, 0]).astype(dt)
    m = numpy.zeros((4, 5), dt)
    m[1, 2] = m[2, 3] = 1
    for trim in ("fb", "f", "b"):
        for axis in (None, 0, 1, -1):
            compare(lambda xp, x: xp.trim_zeros(x, trim, axis=axis), m)
    compare(lambda xp, x: xp.trim_zeros(x * 0, axis=1), m)
    compare(lambda xp, x: xp.trim_zeros(x[2]), v)  # 0-d


def test_trim_zeros_views_lists_and_errors():
    v = numpy.array([0, 1, 2, 0], numpy.float32)

    def view(xp, x):
        t = xp.trim_zeros(x)
        t[0] = 9
        return t
    compare(view, v)
    assert cn.trim_zeros([0, 1, 0, 2, 0]) == [1, 0, 2]      # a list stays a list
    assert cn.trim_zeros((0, 0), "f") == ()
    for trim in ("x", "fbx"):  # NumPy 2.2 checks `trim` (2.0 ignored other characters)
        assert_raises_since((2, 2), "trim_zeros checks trim", ValueError, lambda xp, x: xp.trim_zeros(x, trim), v,
                            match=r"^unexpected character\(s\) in `trim`: ")
    assert_raises_since((2, 2), "trim_zeros takes axis=", numpy.exceptions.AxisError,
                        lambda xp, x: xp.trim_zeros(x.reshape(2, 2), axis=2), v)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_meshgrid(dt, rng):
    x, y, z = (make_data(n, dt, rng=rng) for n in (3, 4, 2))
    for indexing in ("xy", "ij"):
        for sparse in (False, True):
            for copy in (True, False):
                compare(lambda xp, a, b, c: xp.meshgrid(a, b, c, indexing=indexing, sparse=sparse,
                                                          copy=copy), x, y, z)
                compare(lambda xp, a, b, c: xp.meshgrid(a, b, indexing=indexing, sparse=sparse,
                                                          copy=copy), x, y, z)
    compare(lambda xp, a, b, c: xp.meshgrid(a), x, y, z)
    compare(lambda xp, a, b, c: xp.meshgrid(), x, y, z)
    compare(lambda xp, a, b, c: xp.meshgrid(a.reshape(3, 1), b[0]), x, y, z)
    assert_raises_like(lambda xp, a: xp.meshgrid(a, a, indexing="foo"), x)


def test_meshgrid_copy_false_is_a_view():
    x = numpy.arange(3.0)

    def f(xp, a):
        g = xp.meshgrid(a, a, copy=False, sparse=True)
        g[0][0, 1] = 7
        return g
    compare(f, x)


# ---------------------------------------------------------------- array helpers


def test_broadcast_object():
    a, b = numpy.arange(3), numpy.array([[10], [20]])
    n = numpy.broadcast(a, b)
    c = cn.broadcast(cn.asarray(a), cn.asarray(b))
    assert (c.shape, c.nd, c.ndim, c.numiter, c.size, c.index) == (
        n.shape, n.nd, n.ndim, n.numiter, n.size, n.index)
    got, want = list(c), list(n)
    assert [tuple(int(v) for v in t) for t in got] == [tuple(int(v) for v in t) for t in want]
    assert c.index == n.index == 6
    c.reset()
    assert c.index == 0
    next(c)
    assert [int(v) for v in c.iters[0]] == [1, 2, 0, 1, 2]
    c3 = cn.broadcast(c, cn.asarray(5))
    assert c3.shape == (2, 3) and c3.numiter == 3
    with pytest.raises(ValueError):
        cn.broadcast(cn.arange(3), cn.arange(4))


def test_shape_ndim_size():
    a = numpy.zeros((2, 3, 4))
    for fn in (lambda xp, x: xp.shape(x), lambda xp, x: xp.ndim(x), lambda xp, x: xp.size(x),
               lambda xp, x: xp.size(x, 1), lambda xp, x: xp.size(x, -1),
               lambda xp, x: xp.shape([[1, 2, 3]]), lambda xp, x: xp.ndim(5),
               lambda xp, x: xp.size([[1, 2], [3, 4]]), lambda xp, x: xp.size(x, 3)):
        compare(fn, a)


def test_require_and_asanyarray(rng):
    a = make_data((3, 4), numpy.float32, rng=rng)
    for req in (None, "C", "F", ["C", "A"], ("F", "W", "O"), "E", ["OWNDATA"]):
        compare(lambda xp, x: xp.require(x.T, requirements=req), a)
        compare(lambda xp, x: xp.require(x, "float64", req), a)
    r = cn.require(cn.asarray(a).T, requirements="F")
    assert r.flags.f_contiguous
    r = cn.require(cn.asarray(a)[::2], requirements="O")
    assert r.flags.owndata
    assert_raises_like(lambda xp, x: xp.require(x, requirements=["C", "F"]), a)
    compare(lambda xp, x: xp.asanyarray(x), a)
    compare(lambda xp, x: xp.asanyarray([1, 2], dtype="int8"), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_asarray_chkfinite(dt):
    a = numpy.arange(4).astype(dt)
    compare(lambda xp, x: xp.asarray_chkfinite(x), a)
    if numpy.dtype(dt).kind in "fc":
        for bad in (numpy.inf, -numpy.inf, numpy.nan):
            b = a.copy()
            b[2] = bad
            assert_raises_like(lambda xp, x: xp.asarray_chkfinite(x), b)
        if numpy.dtype(dt).kind == "c":
            b = a.copy()
            b[1] = complex(0, numpy.inf)
            assert_raises_like(lambda xp, x: xp.asarray_chkfinite(x), b)
    compare(lambda xp, x: xp.asarray_chkfinite([1.0, 2.0], dtype="float32"), a)


def test_fromfunction_and_frombuffer():
    a = numpy.zeros(1)
    compare(lambda xp, x: xp.fromfunction(lambda i, j: i * 10 + j, (3, 4)), a)
    compare(lambda xp, x: xp.fromfunction(lambda i, j: i + j, (2, 2), dtype=int), a)
    compare(lambda xp, x: xp.fromfunction(lambda i, k=0: i + k, (3,), k=5), a)
    buf = numpy.arange(10, dtype=numpy.int16).tobytes()
    compare(lambda xp, x: xp.frombuffer(buf, dtype=numpy.int16), a)
    compare(lambda xp, x: xp.frombuffer(buf, dtype="int16", count=3, offset=4), a)
    compare(lambda xp, x: xp.frombuffer(b"abc", dtype="int16"), a)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_copyto_where_and_casting(dt, rng):
    d = make_data((3, 4), dt, rng=rng)
    s = make_data((4,), numpy.int16, rng=rng)
    m = make_data((3, 4), numpy.bool_, rng=rng)
    for casting in ("no", "equiv", "safe", "same_kind", "unsafe"):
        def f(xp, dst, src, mask):
            xp.copyto(dst, src, casting=casting, where=mask)
            return dst
        compare(f, d, s, m)
        if casting not in ("no", "equiv") or NUMPY_VERSION >= (2, 1):  # NumPy 2.1: a Python int's casting
            compare(lambda xp, dst, src, mask: xp.copyto(dst, 3, casting=casting), d, s, m)
    compare(lambda xp, dst, src, mask: xp.copyto(dst, src, where=mask[0]), d, s, m)
    compare(lambda xp, dst, src, mask: xp.copyto(dst, src[:3], where=mask), d, s, m)


# ---------------------------------------------------------------- block


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_block(dt, rng):
    a, b = make_data((2, 2), dt, rng=rng), make_data((2, 3), dt, rng=rng)
    c = make_data((1, 5), dt, rng=rng)
    compare(lambda xp, a, b, c: xp.block([[a, b], [c]]), a, b, c)
    compare(lambda xp, a, b, c: xp.block([a, b]), a, b, c)
    compare(lambda xp, a, b, c: xp.block([[a], [b[:, :2]]]), a, b, c)
    compare(lambda xp, a, b, c: xp.block([[[a]], [[a]]]), a, b, c)       # 3 levels: a new axis
    compare(lambda xp, a, b, c: xp.block([c[0], 1, c[0, :2]]), a, b, c)  # 1-d and scalars
    compare(lambda xp, a, b, c: xp.block(a), a, b, c)                     # no list: a copy
    compare(lambda xp, a, b, c: xp.block(3), a, b, c)
    compare(lambda xp, a, b, c: xp.block([[1, 2], [3, 4]]), a, b, c)
    compare(lambda xp, a, b, c: xp.block([a, b.astype("float32")]), a, b, c)


def test_block_errors():
    a = numpy.ones((2, 2))
    cases = [
        lambda xp, x: xp.block([]),
        lambda xp, x: xp.block([[x], []]),
        lambda xp, x: xp.block([[x, x], x]),
        lambda xp, x: xp.block((x, x)),
        lambda xp, x: xp.block([x, (x, x)]),
        lambda xp, x: xp.block([[x, x], [x[:1, :1]]]),
    ]
    for fn in cases:
        assert_raises_like(fn, a)
