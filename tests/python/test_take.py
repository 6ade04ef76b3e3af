"""take: the first routine on the gather primitive (docs/adding-an-op.md, "A
new backend primitive"), NumPy's full semantics: every dtype, index arrays of
every integer dtype, shape and layout, every axis and axis=None, scalar
indices (one dim fewer), the three modes, out= (NumPy's casting rule, any
layout, overlapping the input), empty and 0-d arrays, and NumPy's errors.

An index out of bounds raises at once on the CPU and at the first read of a
result on the GPU (Note [Deferred errors]); compare() reads the results
inside its raises block. On the GPU the index an IndexError names is the
first one a kernel found, so the error cases here have one bad index value.
"""
import numpy
import pytest

from helpers import (ALL_DTYPES, INT_DTYPES, USING_NUMPY_SHIM, assert_raises_like, assert_same, compare,
                     dtype_params, make_data, numpy_side, requires_cunum, needs_numpy,
                     NUMPY_VERSION)

pytestmark = pytest.mark.usefixtures("device")

# NumPy 2.5 writes take's items into an out= of any dtype (an unsafe cast);
# NumPy up to 2.4 first required out's dtype to cast safely to a's (gh-25588).
# cunum follows 2.5; under an older oracle the expected values are NumPy's
# take followed by that unsafe cast.
SAME_KIND = "NumPy 2.1: take casts indices with 'same_kind' (2.0: 'safe', refusing uint64; the message names the rule)"
NUMPY_TAKE_OUT_ANY_DTYPE = tuple(int(p) for p in numpy.__version__.split(".")[:2]) >= (2, 5)

INDEX_DTYPES = INT_DTYPES + [numpy.dtype(bool)]

# Inputs built by the library itself, so that layouts match NumPy's exactly.
SOURCES = {
    "c": lambda xp: xp.arange(60).reshape(3, 4, 5),
    "f": lambda xp: xp.asfortranarray(xp.arange(60).reshape(3, 4, 5)),
    "transposed": lambda xp: xp.arange(60).reshape(5, 4, 3).T,
    "reversed": lambda xp: xp.arange(60).reshape(3, 4, 5)[::-1, :, ::-1],
    "stepped": lambda xp: xp.arange(240).reshape(6, 8, 5)[::2, ::2, :],
}

# Index arrays valid for every axis of a (3, 4, 5) array (and the 60 of axis=None).
INDICES = [
    [0], [2, 0, 1, 1], [-1, -3, 2], [[0, 1], [2, -2]], [[[1]], [[0]]], [],
    numpy.zeros((0, 2), numpy.int64), numpy.array(1), numpy.array([2, -1], numpy.int8),
]


def _run(fn, *args):
    """compare(), and the result must be a new array: writing it leaves the input alone."""
    def f(xp, *a):
        r = fn(xp, *a)
        if getattr(r, "ndim", 0) and r.size:  # (NumPy returns a scalar for one index)
            r[...] = 0
        return r
    return compare(f, *args)


@pytest.mark.parametrize("src", list(SOURCES))
@pytest.mark.parametrize("axis", [None, 0, 1, 2, -1, -3])
@pytest.mark.parametrize("idx", INDICES, ids=repr)
def test_take_layouts_axes_index_shapes(src, axis, idx):
    _run(lambda xp, x: xp.take(SOURCES[src](xp), x if not isinstance(x, list) else xp.asarray(
        x, dtype=xp.int64), axis=axis), numpy.asarray(idx) if not isinstance(idx, list) else idx)


@pytest.mark.parametrize("idx", INDICES[:5], ids=repr)
def test_take_index_given_as_list(idx):
    """Lists (and tuples) of Python ints are converted as NumPy converts them."""
    compare(lambda xp, a: xp.take(a, idx, axis=1), numpy.arange(60).reshape(3, 4, 5))
    compare(lambda xp, a: xp.take(a, tuple(idx), axis=0), numpy.arange(60).reshape(3, 4, 5))


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_take_dtypes(dt, rng):
    a = make_data((6, 7), dt, rng=rng)
    idx = numpy.array([[5, 0, -1], [2, 2, -6]])
    for axis in (None, 0, 1, -1):
        compare(lambda xp, x, i: xp.take(x, i, axis=axis), a, idx, exact=True)
    compare(lambda xp, x, i: xp.take(x.T, i, axis=0), a, idx, exact=True)
    compare(lambda xp, x, i: xp.take(x[::-2, 1::3], i % 2, axis=1), a, idx, exact=True)
    compare(lambda xp, x: xp.take(x, 3, axis=1), a, exact=True)
    b = make_data((3, 40, 9), dt, rng=rng)  # rows of 9 items: no wide items past 1 byte
    compare(lambda xp, x, i: xp.take(x, i, axis=1), b, rng.integers(-40, 40, 100), exact=True)


@pytest.mark.parametrize("idt", dtype_params(INDEX_DTYPES))
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_take_index_dtypes(idt, mode, rng):
    if idt == numpy.uint64 and NUMPY_VERSION < (2, 1):
        pytest.skip(SAME_KIND)
    """Indices read in their own dtype: negative ones count from the end
    (raise, wrap) or clip to 0; uint64 beyond int64 wraps to a negative
    index as NumPy's cast to intp does."""
    a = numpy.arange(200, dtype=numpy.float32).reshape(2, 100)
    if idt.kind == "b":
        idx = numpy.array([True, False, True])
    elif mode == "raise":
        lo = -100 if idt.kind == "i" else 0
        idx = make_data((4, 5), idt, rng=rng).astype(numpy.int64).clip(lo, 99).astype(idt)
    elif mode == "clip" or idt.itemsize < 4:
        idx = make_data((4, 5), idt, "full", rng=rng)
    else:  # NumPy wraps by adding or subtracting the length in a loop: keep it short
        idx = (make_data((4, 5), numpy.int16, "full", rng=rng) * 3).astype(idt)
    compare(lambda xp, x, i: xp.take(x, i, axis=1, mode=mode), a, idx)
    compare(lambda xp, x, i: xp.take(x, i, axis=0, mode=mode), a, idx if mode != "raise" else idx % 2)
    if idt == numpy.uint64:
        compare(lambda xp, x, i: xp.take(x, i, axis=1, mode=mode), a,
                numpy.array([2**64 - 1, 2**64 - 100, 2**63], numpy.uint64) if mode == "clip"
                else numpy.array([2**64 - 1, 2**64 - 100], numpy.uint64))


@pytest.mark.parametrize("mode", ["wrap", "clip"])
@pytest.mark.parametrize("axis", [None, 0, 1, 2])
def test_take_out_of_range_modes(mode, axis):
    idx = [0, 5, -6, 59, 60, 61, -60, -61, 1234, -4321, 17]
    compare(lambda xp: xp.take(SOURCES["transposed"](xp), idx, axis=axis, mode=mode))
    compare(lambda xp: xp.take(SOURCES["c"](xp), 123457, axis=axis, mode=mode))
    compare(lambda xp: xp.take(SOURCES["reversed"](xp), -7, axis=axis, mode=mode))


@pytest.mark.parametrize("axis", [None, 0, 1, 2])
@pytest.mark.parametrize("as_array", [False, True])
def test_take_huge_indices(axis, as_array):
    """Indices far outside the axis: clip compared with NumPy; wrap with the
    indices reduced modulo the length first (NumPy's wrap loop adds the
    length one at a time: hours for 2**62)."""
    import cunum as cn
    idx = [2**40, -2**40, 2**63 - 1, -2**63, 2**62 + 3, -7]
    arg = numpy.array(idx, numpy.int64) if as_array else idx
    compare(lambda xp: xp.take(SOURCES["c"](xp), arg, axis=axis, mode="clip"))
    if USING_NUMPY_SHIM:
        return  # NumPy's own wrap would not return
    n = 60 if axis is None else (3, 4, 5)[axis]
    want = numpy.take(SOURCES["c"](numpy), [i % n for i in idx], axis=axis)
    assert_same(want, cn.take(SOURCES["c"](cn), arg if not as_array else cn.asarray(arg), axis=axis, mode="wrap"))
    assert_same(numpy.take(SOURCES["f"](numpy), 2**62 % n, axis=axis),
                cn.take(SOURCES["f"](cn), 2**62, axis=axis, mode="wrap"))


@pytest.mark.parametrize("axis,idx", [
    (None, [1, 60, 2]), (None, [-61]), (0, [3]), (0, [[0, 1], [1, -4]]), (1, [4, 4, 4]),
    (2, [1, 2, 5]), (2, [-6]), (-1, [9]), (1, numpy.array([200], numpy.uint8)),
    (1, numpy.array([2**64 - 10], numpy.uint64)), (2, 5), (0, -4), (None, 2**62), (1, 2**63 - 1),
], ids=repr)
def test_take_raise(axis, idx):
    if isinstance(idx, numpy.ndarray) and idx.dtype == numpy.uint64 and NUMPY_VERSION < (2, 1):
        pytest.skip(SAME_KIND)
    """NumPy's IndexError, its message carrying the index, axis and size (on
    the GPU through the deferred error word)."""
    assert_raises_like(lambda xp: xp.take(SOURCES["c"](xp), idx, axis=axis))
    assert_raises_like(lambda xp: xp.take(SOURCES["transposed"](xp), idx, axis=axis, mode="raise"))


def test_take_raise_then_next_call_is_clean():
    """An error is raised once: later calls and reads do not raise it again."""
    compare(lambda xp: xp.take(xp.arange(5), [1, 7]))
    compare(lambda xp: xp.take(xp.arange(5), [1, 4]))


@pytest.mark.parametrize("shape,axis,idx", [
    ((0,), None, []), ((0,), 0, numpy.zeros((2, 0), numpy.int64)), ((3, 0), 1, []), ((0, 4), 1, [1, 2]),
    ((0, 4), 1, [7]), ((0, 4), 1, 7), ((0, 5, 0), 1, [7]), ((2, 0, 3), 2, [1]), ((2, 0, 3), 1, []),
    ((3, 5, 0), 1, [2]), ((3, 5, 0), 1, [7]), ((2, 0, 0), 1, [7]), ((2, 0, 0), 1, 7),
    ((3, 0), 1, [1]), ((3, 0), 1, 0), ((0,), None, [0]), ((0, 0), 1, [1]), ((4, 0), 0, [5]),
], ids=repr)
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_take_empty(shape, axis, idx, mode):
    """Empty inputs and indices; NumPy's IndexError for a non-empty take from
    an empty axis, and its rule that mode raise checks the indices whenever
    the dims before the axis are not empty, even if nothing is written."""
    a = numpy.ones(shape, numpy.float32)
    ax = 0 if axis is None else axis
    if (mode == "wrap" and numpy.size(idx) and shape[ax] == 0 and numpy.prod(shape[:ax]) > 0
            and numpy.prod(shape[ax + 1:]) == 0):
        # NumPy's wrap loop never ends on an empty axis (it adds the length,
        # 0, until the index is in range); cunum writes nothing, as clip does.
        if USING_NUMPY_SHIM:
            pytest.skip("NumPy itself never returns here")
        import cunum as cn
        assert_same(numpy.take(a, idx, axis=axis, mode="clip"), cn.take(cn.asarray(a), idx, axis=axis, mode=mode))
        return
    compare(lambda xp, x: xp.take(x, idx, axis=axis, mode=mode), a)


@pytest.mark.parametrize("axis", [None, 0, -1, 1, -2])
@pytest.mark.parametrize("idx", [0, -1, [0, 0, -1], [[0]], numpy.array(0), 3, [2]], ids=repr)
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_take_0d(axis, idx, mode):
    """A 0-d array is taken from as a 1-d one (axis 0 or -1, else AxisError)."""
    compare(lambda xp, a: xp.take(a, idx, axis=axis, mode=mode), numpy.array(7.5))


@pytest.mark.parametrize("idx", [
    1, -1, True, False, numpy.int8(-2), numpy.uint64(2**64 - 1), numpy.int64(3), numpy.bool_(True),
    2**63, -2**63 - 1, 2**64, 1.0, 2.7, numpy.float32(1.9), numpy.float64(-1.0), "2", "x", None, 1j,
    [1.5, 2.5], [True, False], ["1", 0], [[1, 2], [3]], [2**63], [numpy.nan],
    numpy.array([1.0]), numpy.array(1.0), numpy.array([1, 2], numpy.float16), numpy.array([1j]),
], ids=repr)
def test_take_index_types(idx):
    if isinstance(idx, numpy.ndarray) and idx.dtype.kind in "fc" and NUMPY_VERSION < (2, 1):
        pytest.skip(SAME_KIND)
    """Whatever NumPy accepts as indices (int() of scalars and of list
    items, integer and bool arrays) and its errors for the rest."""
    compare(lambda xp, a: xp.take(a, idx, axis=1), numpy.arange(15).reshape(3, 5))


@needs_numpy((2, 1), "take casts indices with 'same_kind' (the TypeError's message names the rule)")
@pytest.mark.parametrize("dt", ["float32", "float64", "complex64", "float16"])
def test_take_float_index_arrays_of_cunum(dt):
    """A cunum array of a non-integer dtype is NumPy's TypeError."""
    compare(lambda xp, a, i: xp.take(a, i), numpy.arange(5), numpy.array([1, 2], dt))
    compare(lambda xp, a, i: xp.take(a, i), numpy.arange(5), numpy.array(1, dt))


def test_take_index_arrays_of_any_layout(rng):
    """Index arrays that are views: reversed, stepped, transposed (not one
    strided run: copied first), broadcast (stride 0)."""
    a = make_data((50, 3), numpy.float64, rng=rng)
    base = rng.integers(-50, 50, size=(6, 8))
    compare(lambda xp, x, i: xp.take(x, i[::-1, ::-2], axis=0), a, base)
    compare(lambda xp, x, i: xp.take(x, i.T, axis=0), a, base)
    compare(lambda xp, x, i: xp.take(x, i[2], axis=0), a, base)
    compare(lambda xp, x, i: xp.take(x, i[:, 3], axis=0), a, base)
    compare(lambda xp, x, i: xp.take(x, xp.broadcast_to(i[0, :1], (4, 5)), axis=0), a, base)
    compare(lambda xp, x, i: xp.take(x, i.astype(xp.int16)[1:5:2, ::3], axis=0), a, base)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_take_out(dt, rng):
    """out= of a's dtype: C-contiguous (written directly), F-ordered and
    strided (through a temporary); the very object is returned."""
    a = make_data((5, 6), dt, rng=rng)
    idx = numpy.array([[4, 0], [-1, 2], [3, 3]])

    def f(xp, x, i, order):
        o = xp.zeros((3, 2, 6), dtype=x.dtype, order=order)
        r = xp.take(x, i, axis=0, out=o)
        assert r is o
        return o

    compare(f, a, idx, "C", exact=True)
    compare(f, a, idx, "F", exact=True)

    def g(xp, x, i):
        o = xp.zeros((5, 3, 4), dtype=x.dtype)
        r = xp.take(x, i, axis=1, out=o[:, :, ::2])
        assert r.base is not None
        return o

    compare(g, a, numpy.array([[5, 0], [-1, 2], [3, 3]]).ravel()[:3], exact=True)
    compare(lambda xp, x: x.take(numpy.int64(2), 1, xp.empty(5, dt)), a, exact=True)


@pytest.mark.parametrize("a_dt,out_dt", [
    ("float64", "int64"), ("float64", "float32"), ("float32", "int16"), ("complex128", "float64"),
    ("int64", "bool"), ("float16", "uint8"), ("int8", "int8"), ("int64", "float64"),
    ("float32", "int32"), ("bool", "int8"), ("float64", "complex128"), ("uint8", "int8"),
], ids=str)
def test_take_out_casting(a_dt, out_dt, rng):
    """NumPy 2.5's rule: out= may have any dtype; the items are written into
    it unsafely (complex to real drops the imaginary part)."""
    a = make_data((4, 5), a_dt, "full" if a_dt[0] in "iu" else "default", rng=rng)
    for axis, idx in ((0, [3, 1]), (None, [[0, 19, -1]]), (1, 2)):
        shape = numpy.take(a, idx, axis=axis).shape
        def f(xp, x):
            out = xp.zeros(shape, out_dt)
            if numpy_side(xp) and not NUMPY_TAKE_OUT_ANY_DTYPE:
                out[...] = numpy.take(x, idx, axis=axis).astype(out_dt, casting="unsafe")
                return out
            return xp.take(x, idx, axis=axis, out=out)
        compare(f, a)


def test_take_out_overlapping_input():
    """out= sharing memory with the input (NumPy buffers it)."""
    def f(xp):
        x = xp.arange(10.0)
        xp.take(x, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0], out=x)
        y = xp.arange(24).reshape(4, 6)
        xp.take(y, [1, 0, 3], axis=1, out=y[:, 3:])
        z = xp.arange(20).reshape(4, 5)
        xp.take(z[:, ::-1], [3, 0, 1], axis=0, out=z[1:])
        return x, y, z
    compare(f)


def test_take_out_indices_alias():
    """out= being the index array itself."""
    def f(xp):
        i = xp.asarray([3, 0, 2, 1])
        xp.take(xp.asarray([10, 20, 30, 40]), i, out=i)
        return i
    compare(f)


@pytest.mark.parametrize("out_shape", [(3,), (2, 1), (1, 2), (2,) * 3], ids=str)
def test_take_out_bad_shape(out_shape):
    assert_raises_like(lambda xp, a: xp.take(a, [1, 2], out=xp.zeros(out_shape)), numpy.arange(5.0))


def test_take_out_errors():
    a = numpy.arange(5)
    if NUMPY_TAKE_OUT_ANY_DTYPE:
        compare(lambda xp, x: xp.take(x, [1, 2], out=xp.zeros(2)), a)  # int64 items into float64
    assert_raises_like(lambda xp, x: xp.take(x, [1, 2], out=[0, 0]), a)
    assert_raises_like(lambda xp, x: xp.take(x, [1, 9], out=xp.zeros(3, xp.int64)), a)  # shape first
    assert_raises_like(lambda xp, x: xp.take(x, [1.5], out=xp.zeros(1, xp.int64), axis=3), a)


@requires_cunum
def test_take_out_numpy_array():
    """out= must be a cunum array (a NumPy one is NumPy's TypeError for a non-array)."""
    import cunum as cn
    with pytest.raises(TypeError, match="output must be an array"):
        cn.take(cn.arange(5), [1, 2], out=numpy.zeros(2, numpy.int64))


def test_take_out_untouched_on_error_cpu():
    """NumPy writes nothing into out= when an index is out of bounds; so does
    the CPU backend (it checks every index first)."""
    import cunum as cn
    if not USING_NUMPY_SHIM and str(cn.get_default_device()) != "cpu":
        pytest.skip("on the GPU the error surfaces later and out= may have been written")
    compare(lambda xp: _take_into(xp))


def _take_into(xp):
    o = xp.full((3, 2), -1.0)
    try:
        xp.take(xp.ones((3, 5)), [1, 9], axis=1, out=o)
    except IndexError:
        pass
    return o


@pytest.mark.parametrize("mode", [
    "raise", "wrap", "clip", None, b"wrap", 0, 1, 2, numpy.int64(1), "foo", "", "r", "W", "CLIP",
    "clipper", b"x", 5, -1, True, 1.0, [1], "raise\0",
], ids=repr)
def test_take_modes_parsing(mode):
    if (isinstance(mode, str) and mode not in ("raise", "wrap", "clip") and mode[:1].lower() in ("r", "w", "c")
            and NUMPY_VERSION < (2, 2)):
        pytest.skip("NumPy 2.2: mode= strings are compared whole (before, by their first letter)")
    """mode=: NumPy's clipmode converter (strings, bytes, 0 1 2, None) and its
    errors. (NumPy raises its ValueError for an integer out of 0-2 only after
    the take: an IndexError of the take comes first. cunum raises the
    ValueError first; the indices here are in bounds.)"""
    compare(lambda xp, a: xp.take(a, [1, 3, -2], axis=1, mode=mode), numpy.arange(10).reshape(2, 5))


@pytest.mark.parametrize("axis", [
    0, 1, -1, -2, 2, -3, 5, None, True, False, 1.0, "1", (1,), [0], numpy.int8(1), numpy.array(1),
    2**63, 2**70,
], ids=repr)
def test_take_axis_parsing(axis):
    compare(lambda xp, a: xp.take(a, [1, 0], axis=axis), numpy.arange(10).reshape(2, 5))


@needs_numpy((2, 1), "take casts indices with 'same_kind' (the TypeError's message names the rule)")
def test_take_error_order():
    """NumPy's order of checks: argument types (axis, out, mode), the axis's
    range, the indices' dtype, out's shape and dtype, an empty axis, the
    indices' bounds."""
    a = numpy.ones((3, 5))
    for args in [dict(indices=[1], axis=9, mode="foo"), dict(indices=numpy.array([1.5]), axis=9),
                 dict(indices=numpy.array([1.5]), axis=1, out=numpy.zeros(7)),
                 dict(indices=[9], axis=1, out=numpy.zeros((3, 2))),
                 *([dict(indices=[9], axis=1, out=numpy.zeros((3, 1), numpy.complex128))]
                   if NUMPY_TAKE_OUT_ANY_DTYPE else []),
                 dict(indices=numpy.array([1.5]), axis=1.0), dict(indices=[9], axis=1, out=[0])]:
        def f(xp, x, kw=args):
            kw = dict(kw)
            if isinstance(kw.get("out"), numpy.ndarray) and xp is not numpy:
                kw["out"] = xp.asarray(kw["out"])
            if isinstance(kw.get("indices"), numpy.ndarray) and xp is not numpy:
                kw["indices"] = xp.asarray(kw["indices"])
            return xp.take(x, **kw)
        assert_raises_like(f, a)


def test_take_method():
    """ndarray.take with NumPy's signature, positional and keyword."""
    a = numpy.arange(24).reshape(2, 3, 4)
    compare(lambda xp, x: x.take([1, 0]), a)
    compare(lambda xp, x: x.take([2, 0], 1), a)
    compare(lambda xp, x: x.take(indices=[[3]], axis=-1, mode="clip"), a)
    compare(lambda xp, x: x.take([5], 2, None, "wrap"), a)
    compare(lambda xp, x: x.take(1, axis=0), a)
    compare(lambda xp, x: x.take([9], 0), a)


def test_take_array_like_input():
    compare(lambda xp: xp.take([[1, 2, 3], [4, 5, 6]], [2, 0], axis=1))
    compare(lambda xp: xp.take(5, [0, 0]))
    compare(lambda xp: xp.take((1.5, 2.5, 3.5), -1))


@pytest.mark.parametrize("dt", dtype_params(["int8", "float16", "float32", "float64", "complex128"]))
def test_take_large(dt, rng):
    """Past the CPU's thread grain, in every item width: rows of contiguous
    items gathered as 16-byte items, single items (the 1-d gather), rows whose
    bytes do not split evenly, and misaligned views."""
    a = make_data((3000, 40), dt, rng=rng)
    rows = rng.integers(-3000, 3000, size=5000)
    compare(lambda xp, x, i: xp.take(x, i, axis=0), a, rows, exact=True)
    compare(lambda xp, x, i: xp.take(x[:, 1:], i, axis=0), a, rows, exact=True)
    compare(lambda xp, x, i: xp.take(x[:, 3:8], i, axis=0, mode="wrap"), a, rows * 7, exact=True)
    compare(lambda xp, x, i: xp.take(x.T, i % 40, axis=0), a, rows[:300], exact=True)
    compare(lambda xp, x, i: xp.take(x, i % 40, axis=1), a, rows[:50], exact=True)
    flat = make_data((300001,), dt, rng=rng)
    compare(lambda xp, x, i: xp.take(x, i), flat, rng.integers(-300001, 300001, size=400000), exact=True)
    compare(lambda xp, x, i: xp.take(x[::-3], i, mode="clip"), flat,
            rng.integers(-10, 100010, size=200000).astype(numpy.int32), exact=True)


@requires_cunum
def test_take_on_another_device_index():
    """An index array on the CPU gathers from an array on the current device."""
    import cunum as cn
    a = cn.arange(10) * 3
    with cn.Device("cpu"):
        i = cn.asarray(numpy.array([9, 0, -2]))
    r = cn.take(a, i)
    assert str(r.device) == str(a.device)
    assert_same(numpy.array([27, 0, 24]), r)
