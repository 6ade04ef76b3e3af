"""Advanced indexing (issue 9): x[key] and x[key] = v with integer arrays
(every integer dtype, negative, broadcast against each other), boolean masks
of any rank, and every mix with slices, integers, None and ..., including
NumPy's rule for where the advanced dims go (adjacent vs separated), on the
gather, scatter and select primitives (docs/advanced-indexing.md).

Inputs are built by the library itself in several layouts (C, F, transposed,
reversed, stepped views), so that a path which reads the wrong strides fails.
An index out of bounds raises at once on the CPU and at the first read on the
GPU (compare() reads results inside its raises block); error cases have one
bad index value, as the GPU names the first one a kernel finds.
"""
import numpy
import pytest

from helpers import (ALL_DTYPES, INT_DTYPES, USING_NUMPY_SHIM, assert_raises_like, compare, dtype_params, make_data,
                     newer_numpy)

pytestmark = pytest.mark.usefixtures("device")

SOURCES = {
    "c": lambda xp: xp.arange(60).reshape(3, 4, 5),
    "f": lambda xp: xp.asfortranarray(xp.arange(60).reshape(3, 4, 5)),
    "transposed": lambda xp: xp.arange(60).reshape(5, 4, 3).T,
    "reversed": lambda xp: xp.arange(60).reshape(3, 4, 5)[::-1, :, ::-1],
    "stepped": lambda xp: xp.arange(240).reshape(6, 8, 5)[::2, ::2, :],
}

A = numpy.array
M3 = numpy.arange(3) % 2 == 0             # a mask of axis 0
M4 = A([True, False, True, True])         # of axis 1
M34 = (numpy.arange(12).reshape(3, 4) % 3) == 1
M345 = (numpy.arange(60).reshape(3, 4, 5) % 7) < 3
S = slice(None)

# Keys for a (3, 4, 5) array: NumPy arrays inside are handed over as arrays of
# the library under test (see _key), lists stay lists.
KEYS = [
    (A([0, 2]),), (A([-1, 0, -3]),), (A([[0, 1], [2, 2]]),), ([2, 0],), ([[0], [1]],),
    (S, A([1, 3])), (S, S, A([4, -5, 0])), (Ellipsis, A([1, 4])), (A([0, 1]), Ellipsis),
    (A([0, 1]), A([1, 2])), (A([0, 2]), A([3]), A([4, 0])),           # broadcast among arrays
    (A([[0], [2]]), A([1, 3])),                                        # (2, 1) x (2,) -> (2, 2)
    (A([0, 1]), S, A([1, 2])),                                         # separated: B first
    (0, S, A([1, 2])),                                                 # an int counts as advanced
    (S, 0, A([1, 2])),                                                 # adjacent int and array
    (A([1]), S, 0),                                                    # separated by a slice
    (None, A([0, 1]), None, A([2, 0])),
    (A([0, 1]), None, A([2, 3])),                                      # None separates
    (S, A([[1, 2], [0, 3]]), S), (S, A([0, 1]), A([2, 3])),
    (slice(None, None, -1), A([1, 0])), (slice(1, None), A([0, 0, 3]), slice(None, None, 2)),
    (M3,), (M345,), (M34,), (M34, S), (S, M4), (S, M4, 1), (M3, 1, A([0, 4])),
    (Ellipsis, A([1, 0, 1, 1, 0], bool)),
    (M3, S, A([1])), (S, M4, A([0, 1, 2])), (A([0, 2]), M4[:4].nonzero()[0][:2]),
    (True,), (False,), (0, True), (A([0]), True, A([0])), (A(True), A([1, 2])), (None, M34),
    ([],), (A([], dtype=numpy.int64), S), (A([[]], dtype=numpy.int64),), (numpy.zeros(3, bool),),
    (numpy.int8(1), A([1])), (A([2], dtype=numpy.uint8), A([1], dtype=numpy.int16), 2),
]


def _key(xp, key):
    """The key with its NumPy arrays as arrays of xp."""
    return tuple(xp.asarray(k) if isinstance(k, numpy.ndarray) else k for k in key)


def _fresh(r):
    # The result of an advanced index is a new array: writing it must not
    # change the source (a view where NumPy copies fails the check of args).
    if getattr(r, "ndim", 0) and r.size:
        r[...] = 0
    return r


@pytest.mark.parametrize("src", list(SOURCES))
@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_getitem_keys_layouts(src, key):
    compare(lambda xp: _fresh(SOURCES[src](xp)[_key(xp, key)]))


@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_getitem_keys_as_numpy_arrays_and_lists(key):
    """NumPy arrays and lists inside the key are converted as NumPy converts them."""
    compare(lambda xp: xp.arange(60).reshape(3, 4, 5)[key])
    listed = tuple(k.tolist() if isinstance(k, numpy.ndarray) and k.ndim else k for k in key)
    compare(lambda xp: xp.arange(60).reshape(3, 4, 5)[listed])


@pytest.mark.parametrize("src", list(SOURCES))
@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_setitem_scalar_and_broadcast_values(src, key):
    def f(xp):
        x = SOURCES[src](xp).copy() if src == "c" else SOURCES[src](xp)
        k = _key(xp, key)
        shape = numpy.arange(60).reshape(3, 4, 5)[key].shape
        x[k] = -7
        if len(shape):
            x[k] = xp.arange(shape[-1]) * 10          # broadcast along the last dim
        n = int(numpy.prod(shape))
        x[k] = xp.arange(n).reshape(shape) + 100 if n else xp.zeros(shape, dtype=x.dtype)
        return x
    # unique positions only (repeated ones are tested on their own below)
    flat = numpy.arange(60).reshape(3, 4, 5)[key].ravel()
    if len(numpy.unique(flat)) != flat.size:
        pytest.skip("repeated positions")
    compare(f)


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_every_dtype_get_and_set(dtype):
    x = make_data((4, 6), dtype)
    m = make_data((4, 6), numpy.bool_)
    v = make_data((3,), dtype)

    def f(xp, x, m, v):
        out = [x[xp.asarray([3, 0, -1])], x[:, xp.asarray([5, 1])], x[xp.asarray([1, 2]), xp.asarray([0, 4])],
               x[m], x[m[:, 0]], x[xp.asarray([0, 2]), 1:4:2]]
        y = x.copy()
        y[xp.asarray([0, 2, 3]), xp.asarray([1, 1, 5])] = v
        y[m] = v[0]
        y[xp.asarray([1])] = v[:1]
        return out + [y]
    compare(f, x, m, v)


@pytest.mark.parametrize("idtype", dtype_params(INT_DTYPES))
def test_every_index_dtype(idtype):
    i = numpy.array([3, 0, 2, 2], dtype=idtype)
    j = numpy.array([1, 4, 0, 1], dtype=idtype)
    neg = numpy.array([-1, -4], dtype=idtype) if numpy.dtype(idtype).kind == "i" else numpy.array([1], idtype)

    def f(xp, i, j, neg):
        x = xp.arange(20.0).reshape(4, 5)
        y = x.copy()
        y[i, j] = xp.asarray([1.0, 2.0, 3.0, 3.0])
        return x[i], x[i, j], x[:, j], x[neg], y
    compare(f, i, j, neg)


@pytest.mark.parametrize("value_dtype", dtype_params([numpy.float64, numpy.int64, numpy.complex128,
                                                      numpy.bool_, numpy.float16, numpy.uint8]))
@pytest.mark.parametrize("target", dtype_params([numpy.int16, numpy.float32, numpy.uint8, numpy.bool_]))
def test_setitem_casts_the_value(value_dtype, target):
    v = make_data((3,), value_dtype, kind="positive" if value_dtype != numpy.bool_ else "default")

    def f(xp, v):
        x = xp.zeros(6, dtype=target)
        x[xp.asarray([4, 0, 2])] = v
        x[xp.asarray([True, False, False, False, False, True])] = v[:1]
        return x
    compare(f, v)


def test_setitem_python_values_keep_numpy_rules():
    compare(lambda xp: _set(xp.zeros(4, dtype=xp.uint8), [0, 1], 300))      # OverflowError
    compare(lambda xp: _set(xp.zeros(4, dtype=xp.int8), [0, 1], [1, -128]))
    compare(lambda xp: _set(xp.zeros(4), [0, 3], [1.5, 2.5]))
    compare(lambda xp: _set(xp.zeros(4), xp.arange(4) > 1, numpy.array([7.0, 8.0])))
    compare(lambda xp: _set(xp.zeros((2, 3)), ([0, 1], [2, 0]), True))


def _set(x, key, v):
    x[key] = v
    return x


def test_setitem_error_order():
    # NumPy's order: the index's items (types, count, boolean shapes, integer
    # bounds), then the value's conversion, then the index arrays' broadcast
    # and bounds (found by the long fuzz profile: the first two raised
    # IndexError where NumPy raises OverflowError)
    i8 = lambda xp, shape: xp.zeros(shape, dtype=xp.int8)  # noqa: E731
    compare(lambda xp: _set(i8(xp, (1, 1, 1)), (xp.asarray([False]), xp.asarray([0, -1])), 128))
    compare(lambda xp: _set(i8(xp, 1), [5], 128))                   # OverflowError, not the bounds
    compare(lambda xp: _set(i8(xp, (2, 2)), ([0, 1], [0, 1, 1]), 128))  # OverflowError, not the broadcast
    compare(lambda xp: _set(i8(xp, (2, 2)), ([0, 1], [0, 1, 1]), 1.5j))  # TypeError
    compare(lambda xp: _set(i8(xp, (2, 2)), ([0, 1], [0, 1, 1]), [1, 2]))  # IndexError: a valid value
    compare(lambda xp: _set(i8(xp, (2, 2)), xp.asarray([True, False, True]), 128))  # IndexError: the mask
    compare(lambda xp: _set(xp.zeros((2, 2), dtype=xp.uint8), (xp.asarray([True, False]), -3), -1))
    compare(lambda xp: _set(i8(xp, (2, 2)), ([0, 1], [0, 1], 0), 300))  # IndexError: too many indices


def test_setitem_value_overlapping_the_target():
    def f(xp):
        x = xp.arange(10.0)
        x[xp.asarray([1, 3, 5, 7])] = x[0:8:2]
        y = xp.arange(10)
        y[y[::-1] % 3] = y[:10][y[::-1] % 3][::-1]  # indices and values both views of y
        return x, y
    compare(f)


def test_repeated_indices():
    """The CPU keeps the last value in C order (NumPy's rule); the GPU one of them."""
    import cunum as cn
    x = cn.zeros(5)
    x[cn.asarray([1, 1, 3, 1])] = cn.asarray([10.0, 20.0, 30.0, 40.0])
    got = cn.asnumpy(x)
    on_cpu = USING_NUMPY_SHIM or str(cn.get_default_device()).startswith("cpu")
    if on_cpu:
        assert got[1] == 40.0
    assert got[1] in (10.0, 20.0, 40.0) and got[3] == 30.0 and got[0] == 0.0
    m = cn.zeros((3, 3))
    m[cn.asarray([0, 0]), cn.asarray([2, 2])] = cn.asarray([1.0, 2.0])
    assert cn.asnumpy(m)[0, 2] in (1.0, 2.0)
    if on_cpu:
        assert cn.asnumpy(m)[0, 2] == 2.0


def test_zero_d_and_empty():
    compare(lambda xp: xp.asarray(5.0)[True])
    compare(lambda xp: xp.asarray(5.0)[False])
    compare(lambda xp: xp.asarray(5.0)[None, True])
    compare(lambda xp: xp.asarray(5.0)[xp.asarray(True)])
    compare(lambda xp: xp.zeros((0, 3))[[]])
    compare(lambda xp: xp.zeros((0, 3))[:, [1, 2]])
    compare(lambda xp: xp.zeros((2, 0))[[0, 1]])
    compare(lambda xp: xp.zeros((2, 0))[xp.zeros(2, dtype=bool)])
    compare(lambda xp: xp.zeros((2, 0, 3))[[1], :, [2]])
    compare(lambda xp: _set(xp.zeros((0, 3)), [], 5.0))
    compare(lambda xp: _set(xp.zeros(3), xp.zeros(3, bool), xp.zeros(0)))


ERROR_KEYS = [
    (A([0, 3]),), (A([-4]),), (S, A([5])), (A([0]), A([4])), (0, S, A([9])), (A([[0], [1]]), A([1, 5])),
    (A([0, 1]), A([1, 2, 3])),                   # shape mismatch
    (A([1.0]),), ([1.5],), (["a"],), ([S],), (1.0,), ("x",), (A([True, False]),), (S, M3),
    (M345, 0), (A([0]), Ellipsis, Ellipsis), (0, 0, 0, A([0])), (A([0], dtype=numpy.uint64) + 2**62,),
    (A([[True, False, True]]),),
]


@pytest.mark.parametrize("key", ERROR_KEYS, ids=repr)
def test_errors_get(key):
    assert_raises_like(lambda xp: xp.arange(60).reshape(3, 4, 5)[_key(xp, key)])


@pytest.mark.parametrize("key", ERROR_KEYS, ids=repr)
def test_errors_set(key):
    assert_raises_like(lambda xp: _set(xp.arange(60).reshape(3, 4, 5), _key(xp, key), 1))


def test_errors_value_shape():
    assert_raises_like(lambda xp: _set(xp.zeros((3, 5)), ([1, 2], [1, 2]), xp.ones(3)))
    assert_raises_like(lambda xp: _set(xp.zeros((3, 5)), xp.arange(3) > 0, xp.ones((4, 5))))
    assert_raises_like(lambda xp: _set(xp.zeros((3, 5)), (S, [0, 1]), xp.ones((3, 3))))


def test_bad_keys_in_bulk_never_crash(rng):
    """Random keys with out-of-range indices, wrong shapes and dtypes: NumPy's
    exception types (checked by compare), never a crash."""
    items = [lambda: int(rng.integers(-8, 8)), lambda: slice(int(rng.integers(-6, 6)), None),
             lambda: None, lambda: Ellipsis,
             lambda: rng.integers(-7, 7, size=int(rng.integers(0, 4))),
             lambda: rng.integers(-7, 7, size=(2, int(rng.integers(1, 3)))).astype(numpy.int8),
             lambda: rng.random(int(rng.integers(1, 4))) > 0.5, lambda: rng.random(2),
             lambda: [int(v) for v in rng.integers(-9, 9, size=2)], lambda: True]
    for _ in range(120):
        key = tuple(items[int(rng.integers(len(items)))]() for _ in range(int(rng.integers(1, 4))))
        if sum(k is Ellipsis for k in key) > 1:
            continue
        arrays = [numpy.asarray(k) for k in key
                  if isinstance(k, list) or (isinstance(k, numpy.ndarray) and k.dtype.kind in "iu")]
        if sum(int(((k < -3) | (k >= 3)).sum()) for k in arrays) > 1:
            continue  # the GPU names the first bad index it finds: keep at most one in the key
        # (NumPy 2.3: an index beyond its axis raises even where the result is
        # empty, a[3:, [5]]; NumPy 2.0 warned: newer_numpy)
        compare(lambda xp: newer_numpy(xp, lambda: xp.arange(60).reshape(3, 4, 5)[_key(xp, key)]))
        compare(lambda xp: newer_numpy(xp, _set, xp.arange(60).reshape(3, 4, 5), _key(xp, key), -1))


def test_large_gather_scatter_select(rng):
    """Past the thread grain and the select's blocks (4096 on the GPU, 65536 on the CPU)."""
    x = rng.random(300_001).astype(numpy.float32)
    m = rng.random(300_001) > 0.5
    i = rng.integers(-300_001, 300_001, 70_000)
    p = rng.permutation(300_001)[:70_000]

    def f(xp, x, m, i, p):
        y = x.copy()
        y[p] = -x[p]
        z = x.copy()
        z[m] = 0
        return x[m], x[i], y, z, x[m[::-1]], x[::-1][m]
    compare(f, x, m, i, p)
    x2 = rng.random((600, 513))
    m2 = rng.random(600) > 0.3
    compare(lambda xp, a, m: (a[m], a[m, 7:9], a[:, 3:][m]), x2, m2)


# A boolean axis of length 0 matches an axis of any length in NumPy (it
# selects nothing); any other length must match.
EMPTY_MASK_KEYS = [
    (numpy.zeros(0, bool),), (S, numpy.zeros(0, bool)), (numpy.zeros((2, 0), bool),),
    (numpy.zeros((0, 0, 5), bool),), (numpy.zeros((0, 4), bool), numpy.zeros(0, bool)),
    (0, numpy.zeros(0, bool)), (numpy.zeros(0, bool), [0]), (Ellipsis, numpy.zeros(0, bool)),
    (numpy.zeros((0, 7), bool),), (numpy.zeros((1, 0), bool),), (numpy.zeros(0, bool), [0, 1]),
]


@pytest.mark.parametrize("key", EMPTY_MASK_KEYS, ids=repr)
def test_empty_boolean_axes(key):
    compare(lambda xp: xp.arange(60).reshape(3, 4, 5)[_key(xp, key)])
    compare(lambda xp: _set(xp.arange(60).reshape(3, 4, 5), _key(xp, key), 7))


@pytest.mark.parametrize("key", [[[1, 1], 1], [[1], S], [1, [1, [1]]]], ids=repr)
def test_ragged_list_key_is_a_value_error(key):
    # a list key is one array for NumPy: a ragged one is its ValueError
    assert_raises_like(lambda xp: xp.zeros((2, 3, 4))[key])
    assert_raises_like(lambda xp: _set(xp.zeros((2, 3, 4)), key, 1))
