"""The indexing routines on the select and scatter primitives: the nonzero
family (nonzero, flatnonzero, argwhere, where with one argument,
count_nonzero), compress, extract, put, putmask, place, take_along_axis,
put_along_axis, insert, delete, ndarray.flat, the ndarray methods, and
cunumx.scatter_add/max/min, against NumPy on every device."""
import numpy
import pytest

from helpers import (ALL_DTYPES, NUMPY_VERSION, USING_NUMPY_SHIM, assert_raises_like, assert_raises_since, compare,
                     dtype_params, make_data, newer_numpy, numpy_side)

pytestmark = pytest.mark.usefixtures("device")

LAYOUTS = {
    "c": lambda a: a,
    "f": lambda a: a.T.copy().T,
    "reversed": lambda a: a[::-1],
    "stepped": lambda a: a[..., ::2],
}


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("shape", [(7,), (3, 5), (2, 3, 4), (0,), (3, 0, 2)], ids=str)
def test_nonzero_family(dtype, shape):
    x = make_data(shape, dtype)
    if x.size:
        x.reshape(-1)[::3] = 0
    compare(lambda xp, x: (xp.nonzero(x), xp.flatnonzero(x), xp.argwhere(x), xp.where(x), x.nonzero()), x)
    compare(lambda xp, x: xp.asarray(xp.count_nonzero(x)), x)
    for ax in range(len(shape)):
        compare(lambda xp, x: (xp.count_nonzero(x, axis=ax), xp.count_nonzero(x, axis=ax, keepdims=True)), x)
    if len(shape) > 1:
        compare(lambda xp, x: xp.count_nonzero(x, axis=(0, -1)), x)


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_nonzero_views(layout):
    compare(lambda xp: xp.nonzero(LAYOUTS[layout](xp.arange(24).reshape(4, 6) % 3 == 0)))
    compare(lambda xp: xp.argwhere(LAYOUTS[layout](xp.arange(24.0).reshape(4, 6) - 10)))


def test_nonzero_zero_d_and_special_values():
    assert_raises_like(lambda xp: newer_numpy(xp, xp.nonzero, xp.asarray(3)))  # NumPy 2.1: an error
    compare(lambda xp: (xp.argwhere(xp.asarray(3)), xp.argwhere(xp.asarray(0))))
    compare(lambda xp: xp.nonzero(xp.asarray([0.0, -0.0, numpy.nan, numpy.inf, 1e-300])))
    compare(lambda xp: xp.flatnonzero(xp.asarray([0j, 1j, complex(0, -0.0), 2 + 0j])))


def test_nonzero_large(rng):
    m = rng.random((700, 500)) > 0.6
    compare(lambda xp, m: (xp.nonzero(m), xp.flatnonzero(m[::-1]), xp.count_nonzero(m, axis=1)), m)


@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_compress_extract(axis):
    a = numpy.arange(20.0).reshape(4, 5)
    for cond in ([True, False, True, True], [0, 1, 0, 1, 1], [False, True], [], [1, 0, 1, 0, 0, 1]):
        compare(lambda xp, a: xp.compress(cond, a, axis=axis), a)
        compare(lambda xp, a: a.compress(cond, axis=axis), a)
    compare(lambda xp, a: xp.extract(a % 3 == 0, a), a)
    compare(lambda xp, a: xp.extract(a[:, ::-1] > 7, a.T), a)
    compare(lambda xp, a: xp.extract([1, 0, 1], a), a)
    assert_raises_like(lambda xp, a: xp.compress([[True]], a), a)


def test_compress_out():
    def f(xp):
        a = xp.arange(12).reshape(3, 4)
        out = xp.zeros((2, 4), dtype=xp.int64)
        r = xp.compress([True, False, True], a, axis=0, out=out)
        return r, out
    compare(f)


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_put_modes(mode):
    def f(xp):
        a = xp.arange(12.0).reshape(3, 4)
        xp.put(a, [1, -1, 5], [100.0, 200.0, 300.0], mode=mode)  # distinct targets in every mode
        b = xp.arange(12).reshape(3, 4)[:, ::-1]       # not contiguous: written back
        b.put(xp.asarray([1, 7]), -5, mode=mode)
        c = xp.zeros(6)
        xp.put(c, [1, 2, 3, 4, 5], [1.0, 2.0])          # values cycled
        return a, b, c
    compare(f)
    if mode != "raise":
        # 7 and 12 land on one target after wrapping or clipping: the last write wins on the CPU
        # (NumPy's rule); on the GPU which write wins is unspecified (docs/advanced-indexing.md),
        # so there the targets are distinct.
        import cunum as cn
        on_cpu = USING_NUMPY_SHIM or str(cn.get_default_device()) == "cpu"
        ind = [7, -9, 12] if on_cpu else ([7, -9, 13] if mode == "wrap" else [7, -9, 2])
        compare(lambda xp: _put(xp.zeros(5), ind, [1.0, 2.0, 3.0], mode))


def _put(a, ind, v, mode="raise"):
    a.put(ind, v, mode=mode)
    return a


def test_put_errors():
    assert_raises_like(lambda xp: _put(xp.zeros(5), [5], 1.0))
    assert_raises_like(lambda xp: _put(xp.zeros(5), [-6], 1.0))
    assert_raises_like(lambda xp: _put(xp.zeros(0), [0], 1.0))
    compare(lambda xp: _put(xp.zeros(5), [1.5, 3.9], 1.0))  # NumPy casts the indices unsafely


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_putmask_place(dtype):
    a = make_data((3, 4), dtype)
    m = make_data((3, 4), numpy.bool_)
    v = make_data((5,), dtype)

    def f(xp, a, m, v):
        b, c, d = a.copy(), a.copy(), a.copy()
        xp.putmask(b, m, v)
        xp.place(c, m, v)
        xp.putmask(d, m, v[:1])
        return b, c, d
    compare(f, a, m, v)


def test_putmask_place_errors():
    assert_raises_like(lambda xp: xp.putmask(xp.zeros(4), xp.zeros(3, bool), 1.0))
    assert_raises_like(lambda xp: xp.place(xp.zeros(4), xp.ones(4, bool), xp.zeros(0)))


_WRITE_VALUES = [128, 300, -1, [128, 1], 2.5, [2.5], float("nan"), float("inf"), 1e20, True, 1 + 2j, [],
                 numpy.int16(300), numpy.int64(-1), numpy.float64(2.5),
                 numpy.array([300], numpy.int16), numpy.array([2.5]), numpy.array([1], numpy.int8), numpy.array(-1)]


def _write(xp, name, target, v):
    a = xp.zeros(2, target)
    v = xp.asarray(v) if isinstance(v, numpy.ndarray) else v
    mask = xp.asarray([True, False])
    if name == "put":
        xp.put(a, [0], v)
    elif name == "putmask":
        xp.putmask(a, mask, v)
    elif name == "place":
        xp.place(a, mask, v)
    elif name == "flat":
        a.flat[[0]] = v
    else:
        return xp.insert(a, 0, v)
    return a


@pytest.mark.parametrize("v", _WRITE_VALUES, ids=repr)
@pytest.mark.parametrize("target", ["int8", "uint8", "float32", "bool", "complex64"])
@pytest.mark.parametrize("name", ["put", "putmask", "place", "flat", "insert"])
def test_write_values_take_the_targets_dtype(name, target, v):
    """NumPy's conversion of the values: Python scalars and lists take the
    target's dtype with its checks (128 into int8: OverflowError; NaN into
    an integer: ValueError), arrays and NumPy scalars keep theirs (putmask
    and place then need a safe cast). Before stop 24 cunum converted them
    with the default dtype and cast: 128 was stored as -128 without an error."""
    compare(lambda xp: _write(xp, name, target, v))


@pytest.mark.parametrize("name", ["putmask", "place"])
def test_mask_size_is_checked_before_the_values(name):
    assert_raises_like(lambda xp: getattr(xp, name)(xp.zeros(2, "uint8"), xp.asarray([True, False, True]), 300))


@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_take_put_along_axis(axis, rng):
    a = rng.random((4, 5))
    idx = rng.integers(-4, 4, (4, 5)) if axis == 0 else rng.integers(-5, 5, (4, 5))
    if axis is None:
        idx = rng.integers(-20, 20, 7)
    compare(lambda xp, a, i: xp.take_along_axis(a, i, axis), a, idx)
    sub = idx[:2] if axis in (0, None) else idx[:, :2]
    compare(lambda xp, a, i: xp.take_along_axis(a, i, axis), a, sub)

    def put(xp, a, i):
        b = a.copy()
        uniq = i if axis is None else i[:1] if axis in (0,) else i[:, :1]
        xp.put_along_axis(b, uniq, -1.0, axis)
        return b
    compare(put, a, idx)


def test_along_axis_errors():
    assert_raises_like(lambda xp: xp.take_along_axis(xp.zeros((2, 3)), xp.zeros(2, dtype=xp.int64), 1))
    assert_raises_like(lambda xp: xp.take_along_axis(xp.zeros((2, 3)), xp.zeros((2, 1)), 1))
    assert_raises_like(lambda xp: xp.take_along_axis(xp.zeros((2, 3)), xp.full((2, 1), 3), 1))
    assert_raises_like(lambda xp: xp.take_along_axis(xp.zeros((2, 3)), xp.zeros((2, 1), dtype=int), 5))


DELETE_OBJS = [1, -1, slice(1, 4), slice(None, None, 2), [0, 2], [], numpy.array([1, 1, 3]),
               numpy.array([True, False, True, False, False, True]), numpy.array(2)]


@pytest.mark.parametrize("obj", DELETE_OBJS, ids=repr)
def test_delete(obj):
    compare(lambda xp: xp.delete(xp.arange(6) * 2, obj))
    compare(lambda xp: xp.delete(xp.arange(36).reshape(6, 6), obj, axis=1))
    compare(lambda xp: xp.delete(xp.arange(36.0).reshape(6, 6), obj, axis=0))
    compare(lambda xp: xp.delete(xp.arange(36).reshape(6, 6), obj))


@pytest.mark.parametrize("pos", [0, 5, -6, 3])
def test_delete_one_position(pos):
    # one position joins the two sides (no mask): edges, views, every axis
    compare(lambda xp: xp.delete(xp.arange(6.0), pos))
    compare(lambda xp: xp.delete(xp.arange(72).reshape(6, 6, 2).transpose(1, 0, 2)[:, ::-1], pos, axis=0))
    compare(lambda xp: xp.delete(xp.arange(72).reshape(2, 6, 6)[:, :, ::2].astype(xp.float32), pos % 3, axis=-1))
    compare(lambda xp: xp.delete(xp.ones((6, 0)), pos, axis=0))
    compare(lambda xp: xp.delete(xp.asarray([True, False, True, True, False, False]), pos))


def test_delete_errors():
    assert_raises_like(lambda xp: xp.delete(xp.arange(6), 6))
    assert_raises_like(lambda xp: xp.delete(xp.arange(6), [1, -7]))
    assert_raises_like(lambda xp: xp.delete(xp.arange(6), [True, False]))
    assert_raises_like(lambda xp: xp.delete(xp.arange(6), [1.0]))
    assert_raises_like(lambda xp: xp.delete(xp.zeros((2, 3)), 0, axis=2))


INSERT_CASES = [(1, 9), (-1, 9), (6, [7, 8]), ([1, 3], 9), ([4, 1, 1], [7, 8, 9]), (slice(1, 3), [5, 6]),
                ([], 1), (numpy.array([2]), [7, 8]), (numpy.array([True, False, True, False, False, False]), 9)]


@pytest.mark.parametrize("obj,values", INSERT_CASES, ids=repr)
def test_insert(obj, values):
    compare(lambda xp: xp.insert(xp.arange(6), _insert_obj(xp, obj), values))
    compare(lambda xp: xp.insert(xp.arange(6.0), _insert_obj(xp, obj), values))


def _insert_obj(xp, obj):
    # NumPy 2.2: a boolean array `obj` is a mask, the indices flatnonzero(obj)
    # (its docstring says 2.1.2; 2.1.3 still casts); before, a FutureWarning
    # and its values cast to 0 and 1. An older oracle gets those indices.
    if numpy_side(xp) and NUMPY_VERSION < (2, 2) and isinstance(obj, numpy.ndarray) and obj.dtype == bool:
        return numpy.flatnonzero(obj)
    return obj


def test_insert_axes():
    compare(lambda xp: xp.insert(xp.zeros((2, 3)), 1, [1, 2, 3], axis=0))
    compare(lambda xp: xp.insert(xp.zeros((2, 3)), 1, [1, 2], axis=1))
    compare(lambda xp: xp.insert(xp.zeros((2, 3)), [1], [[1], [2]], axis=1))
    compare(lambda xp: xp.insert(xp.zeros((2, 3)), [0, 2], 5, axis=1))
    compare(lambda xp: xp.insert(xp.arange(6).reshape(2, 3), 2, 7))
    assert_raises_like(lambda xp: xp.insert(xp.arange(6), 8, 1))
    compare(lambda xp: xp.insert(xp.arange(6), [1, -8], 1))  # NumPy: -8 + 6 into the new length
    assert_raises_like(lambda xp: xp.insert(xp.arange(6), [1, -15], 1))


def test_insert_delete_obj_errors():
    # NumPy's checks of obj (cunum::insert / cunum::delete_): an array of
    # more than one dim, a boolean array of another rank, an empty float
    # array (an empty list is fine), a cunum array obj.
    assert_raises_like(lambda xp: xp.insert(xp.zeros((2, 3)), numpy.array([[1], [2]]), 9, axis=1))
    # NumPy 2.2 made a boolean obj a mask (2.0 and 2.1 cast it to 0 and 1, with a FutureWarning)
    assert_raises_since((2, 2), "insert's boolean obj is a mask", ValueError,
                        lambda xp: xp.insert(xp.arange(6), numpy.array([[True]]), 1),
                        match="boolean array argument obj to insert must be one dimensional")
    assert_raises_like(lambda xp: xp.insert(xp.arange(6), numpy.array([], dtype=float), 1))
    assert_raises_like(lambda xp: xp.delete(xp.arange(6), numpy.array([], dtype=float)))
    assert_raises_like(lambda xp: xp.delete(xp.arange(6), ["a"]))
    compare(lambda xp: xp.insert(xp.arange(6), [], []))
    compare(lambda xp: xp.delete(xp.arange(12).reshape(3, 4), xp.asarray([3, 0]), axis=1))
    compare(lambda xp: xp.insert(xp.arange(6.0), xp.asarray([4, 0]), xp.asarray([-1.0, -2.0])))
    compare(lambda xp: xp.delete(xp.arange(6), numpy.array([[1, 2], [3, 0]])))  # n-d: flattened
    # uint64 positions past int64's range, a step far past the axis, one float position, a
    # one-element list out of bounds (NumPy prints it as [7])
    # (NumPy's insert of several uint64 positions fails in its own += with a casting error:
    # not compared)
    for obj in (numpy.array([2**64 - 1], numpy.uint64), numpy.array([3, 2**63], numpy.uint64)):
        assert_raises_like(lambda xp: xp.delete(xp.arange(6), obj))
    assert_raises_like(lambda xp: xp.insert(xp.arange(6), numpy.array([2**64 - 1], numpy.uint64), 1))
    for step in (2**63 - 1, -2**63, 4):
        compare(lambda xp: xp.delete(xp.arange(6), slice(1, None, step)))
        compare(lambda xp: xp.insert(xp.arange(6), slice(None, None, step), -1))
    assert_raises_like(lambda xp: xp.insert(xp.arange(6), [1.0], 9))
    assert_raises_like(lambda xp: xp.insert(xp.arange(6), [7], 9))


def test_flat():
    def f(xp):
        a = xp.arange(12.0).reshape(3, 4)
        t = a.T
        r = [a.flat[5], a.flat[2:7], a.flat[[1, 0, 11]], t.flat[[1, 2]], len(t.flat)]
        a.flat[[1, 3]] = [7.0]                    # repeated over the selection
        a.flat[8:] = xp.asarray([-1.0, -2.0])
        t.flat[0] = 100.0                          # a view: writes go to a
        b = xp.zeros((2, 3))
        b.flat = [1.0, 2.0]
        return r + [a, b, xp.asarray([float(v) for v in a.flat])]
    compare(f)


def test_flat_is_its_own_iterator():
    def f(xp):
        a = xp.arange(24).reshape(2, 3, 4)[:, ::2]      # strided: no copy read
        it = a.flat
        assert iter(it) is it
        first = next(it)
        state = (it.index, it.coords)
        rest = [int(v) for v in it]                     # from where next() left it
        assert next(iter(it), None) is None             # exhausted
        return [first, state, rest, it.index, it.copy(), a.flat.index]
    compare(f)


@pytest.mark.parametrize("key", [None, (None,), (0, None)], ids=repr)
def test_flat_has_no_new_axes(key):
    assert_raises_like(lambda xp: xp.arange(6).flat[key])
    assert_raises_like(lambda xp: xp.arange(6).flat.__setitem__(key, 1))


# cunumx: CuPy's cupyx.scatter_* (numpy.add.at and friends as the oracle)

ADD_OK = ["int32", "float16", "float32", "float64", "uint32", "uint64"]
MAXMIN_OK = ["int32", "float32", "float64", "uint32", "uint64"]
cunumx_only = pytest.mark.skipif(
    USING_NUMPY_SHIM, reason="cunumx.scatter_*: CuPy's cupyx API, NumPy has none (the suite is running against NumPy)")


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("op", ["add", "max", "min"])
@cunumx_only
def test_cunumx_scatter(dtype, op, rng):
    import cunum as cn
    import cunumx
    fn = {"add": cunumx.scatter_add, "max": cunumx.scatter_max, "min": cunumx.scatter_min}[op]
    ufunc = {"add": numpy.add, "max": numpy.maximum, "min": numpy.minimum}[op]
    ok = ADD_OK if op == "add" else MAXMIN_OK
    a = make_data((6, 4), dtype, kind="positive" if dtype.kind in "iuf" else "default")
    if dtype.name not in ok:
        with pytest.raises(TypeError):
            fn(cn.asarray(a), cn.asarray([0, 1]), 1)
        return
    idx = numpy.array([1, 5, 1, 1, 0, -1])
    v = make_data((6, 4), dtype, kind="positive")
    want = a.copy()
    ufunc.at(want, idx, v)
    got = cn.asarray(a)
    fn(got, cn.asarray(idx), cn.asarray(v))
    rtol = 1e-2 if dtype == numpy.float16 else 1e-6
    numpy.testing.assert_allclose(cn.asnumpy(got).astype(float), want.astype(float), rtol=rtol)
    # a key with a slice and an int array; a value broadcast
    want2 = a.copy()
    ufunc.at(want2, (slice(None), [3, 3, 0]), v[:, :1].astype(dtype))
    got2 = cn.asarray(a)
    fn(got2, (slice(None), cn.asarray([3, 3, 0])), cn.asarray(v[:, :1]))
    numpy.testing.assert_allclose(cn.asnumpy(got2).astype(float), want2.astype(float), rtol=rtol)


@cunumx_only
def test_cunumx_scatter_nan_and_bounds():
    import cunum as cn
    import cunumx
    a = cn.asarray([1.0, 2.0, 3.0])
    cunumx.scatter_max(a, cn.asarray([0, 0]), cn.asarray([numpy.nan, 5.0]))
    assert numpy.isnan(cn.asnumpy(a)[0])
    with pytest.raises(IndexError, match="index 3 is out of bounds for axis 0 with size 3"):
        b = cn.zeros(3, dtype=cn.float32)
        cunumx.scatter_add(b, cn.asarray([3]), 1.0)
        cn.asnumpy(b)
