"""Ufunc methods for every ufunc (docs/ufunc-methods.md): reduce (axis tuples,
initial, where, keepdims, dtype, out), accumulate, outer and at (repeated
indices accumulate), against NumPy on every device, with NumPy's errors.

Data: small positive integers for the integer and power-like ufuncs, values
away from the poles for the others, so that every ufunc's fold is defined
and NumPy's order of evaluation is what the oracle shows."""
import functools

import numpy
import pytest

import cunum as cn
from helpers import assert_strides, compare, make_data

pytestmark = pytest.mark.usefixtures("device")

BINARY = sorted(n for n in dir(cn) if isinstance(getattr(cn, n), cn.ufunc)
                and getattr(cn, n).nin == 2 and getattr(cn, n).nout == 1
                and getattr(cn, n).__name__ == n)
UNARY = ["negative", "sqrt", "absolute", "sin", "invert", "logical_not"]

# NumPy 2's SIMD loops for these do not re-read the accumulator when reducing
# along a contiguous axis (arctan2.reduce([a, b, c]) is arctan2(a, c)): the
# tests compare those reductions with the fold written out instead.
SIMD_REDUCE_QUIRK = {"arctan2", "copysign", "nextafter", "heaviside", "float_power", "power"}


def dtype_for(name):
    """A dtype the ufunc has a loop for (NumPy's first choice of the tests)."""
    u = getattr(numpy, name)
    for ch in ("d", "q", "?"):
        if any(t.startswith(ch + ch) and t[-1] == ch for t in u.types):
            return numpy.dtype(ch)
    return numpy.dtype(u.types[0][0])


def data(name, dt, shape, rng):
    dt = numpy.dtype(dt)
    if dt.kind == "b":
        return rng.integers(0, 2, size=shape).astype(bool)
    if dt.kind in "iu":
        hi = 3 if name in ("power", "left_shift", "right_shift", "lcm", "ldexp") else 9
        return rng.integers(1, hi, size=shape).astype(dt)
    a = rng.uniform(0.5, 2.0, size=shape)
    return a.astype(dt)


def fold(name, a, axis):
    """NumPy's left fold written out (the semantics of reduce)."""
    u = getattr(numpy, name)
    parts = numpy.moveaxis(a, axis, 0)
    return functools.reduce(lambda x, y: u(x, y), list(parts))


@pytest.mark.parametrize("name", BINARY)
def test_reduce_every_binary_ufunc(name, rng):
    dt = dtype_for(name)
    a = data(name, dt, (3, 4, 5), rng)
    ro = getattr(numpy, name).identity is not None or name in ("maximum", "minimum", "fmax", "fmin")
    for axis in (0, 1, -1):
        if name in SIMD_REDUCE_QUIRK:
            got = getattr(cn, name).reduce(cn.asarray(a), axis=axis)
            numpy.testing.assert_allclose(cn.asnumpy(got), fold(name, a, axis), rtol=1e-12)
            continue
        compare(lambda xp, x: getattr(xp, name).reduce(x, axis=axis), a)
        compare(lambda xp, x: getattr(xp, name).reduce(x, axis=axis, keepdims=True), a)
    compare(lambda xp, x: getattr(xp, name).reduce(x, axis=(0, 2)), a)  # reorderable or ValueError
    compare(lambda xp, x: getattr(xp, name).reduce(x, axis=None), a)
    compare(lambda xp, x: getattr(xp, name).reduce(x[:, :0], axis=1), a)  # identity or ValueError
    compare(lambda xp, x: getattr(xp, name).reduce(x, axis=0, initial=2), a)
    compare(lambda xp, x: getattr(xp, name).reduce(x, axis=0, initial=2, where=x > 1), a)
    compare(lambda xp, x: getattr(xp, name).reduce(x, axis=0, where=x > 1), a)  # identity or ValueError
    if ro:
        compare(lambda xp, x: getattr(xp, name).reduce(x[:, :0], axis=(0, 1), initial=3), a)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "logaddexp", "bitwise_xor",
                                  "subtract", "logical_and", "gcd", "fmax", "hypot"])
@pytest.mark.parametrize("dt", ["?", "b", "B", "h", "q", "Q", "e", "f", "d", "F", "D"])
def test_reduce_dtypes(name, dt, rng):
    a = data(name, dt, (4, 6), rng) if numpy.dtype(dt).kind != "c" else (
        rng.uniform(0.5, 2, (4, 6)) + 1j * rng.uniform(0.5, 2, (4, 6))).astype(dt)
    # float16 folds round at every step: the GPU's order (pairwise) moves the last bits
    rtol = 5e-3 if numpy.dtype(dt).char == "e" else None
    compare(lambda xp, x: getattr(xp, name).reduce(x, axis=0), a, rtol=rtol)
    compare(lambda xp, x: getattr(xp, name).reduce(x, axis=(0, 1)), a, rtol=rtol)
    compare(lambda xp, x: getattr(xp, name).accumulate(x, axis=1), a, rtol=rtol)


def test_reduce_options(rng):
    a = data("add", "d", (4, 5), rng)
    i8 = data("add", "b", (4, 5), rng)
    compare(lambda xp, x: xp.logaddexp.reduce(x, axis=1, dtype=numpy.float32), a)
    compare(lambda xp, x: xp.add.reduce(x, axis=0, dtype=numpy.int8), i8)
    compare(lambda xp, x: xp.add.reduce(x, axis=0, dtype=numpy.float16), i8)
    compare(lambda xp, x, o: xp.logaddexp.reduce(x, axis=0, out=o), a, numpy.zeros(5))
    compare(lambda xp, x, o: xp.subtract.reduce(x, axis=1, out=o), a, numpy.zeros(4, numpy.float32))
    compare(lambda xp, x, o: xp.subtract.reduce(x, axis=1, out=(o,), keepdims=True), a, numpy.zeros((4, 1)))
    compare(lambda xp, x: xp.subtract.reduce(x, axis=1, out=xp.zeros(3)), a)
    compare(lambda xp, x: xp.subtract.reduce(x, axis=1, out=xp.zeros((4, 2))), a)
    compare(lambda xp, x: xp.add.reduce(x, axis=0, initial=None), a)
    compare(lambda xp, x: xp.add.reduce(x[:0], axis=0, initial=None), a)
    compare(lambda xp, x: xp.maximum.reduce(x, axis=None, initial=10.0), a)
    compare(lambda xp, x: xp.maximum.reduce(x, axis=1, initial=1.5, where=x < 1.2), a)
    compare(lambda xp, x: xp.add.reduce(x, axis=1, where=xp.asarray([True, False, True, True, False])), a)
    compare(lambda xp, x: xp.bitwise_and.reduce(x[:0].astype(numpy.uint8), axis=0), a)
    compare(lambda xp, x: xp.add.reduce(x, axis=2), a)
    compare(lambda xp, x: xp.add.reduce(x, axis=(0, 0)), a)
    compare(lambda xp, x: xp.add.reduce(x[0, 0], axis=0), a)
    compare(lambda xp, x: xp.logaddexp.reduce(x[0, 0], axis=()), a)
    compare(lambda xp, x: xp.subtract.reduce(x, axis=()), a)
    # dtype= converts the input unsafely (NumPy's reductions): complex parts dropped, floats truncated
    compare(lambda xp, x: xp.subtract.reduce(x * (1 + 1j), axis=0, dtype=numpy.float64), a)
    compare(lambda xp, x: xp.divide.accumulate(x * (1 + 1j), axis=1, dtype=numpy.float32), a)
    compare(lambda xp, x: xp.subtract.reduce(x * 3, axis=1, dtype=numpy.int8), a)
    compare(lambda xp, x: xp.maximum.reduceat(x * 3, [0, 2], axis=1, dtype=numpy.int16), a)
    compare(lambda xp, x: xp.logical_xor.reduce(x, axis=0, dtype=numpy.float64), a)


def test_reduce_errors(rng):
    a = data("add", "d", (3, 4), rng)
    compare(lambda xp, x: xp.sin.reduce(x), a)
    compare(lambda xp, x: xp.divmod.reduce(x), a)
    compare(lambda xp, x: xp.equal.reduce(x.astype(numpy.int8)), a)
    compare(lambda xp, x: xp.subtract.reduce(x > 1), a)
    compare(lambda xp, x: xp.add.reduce(x, dtype=numpy.float32, out=xp.zeros(4, numpy.float32), axis=0), a)
    compare(lambda xp, x: xp.add.reduce(x.astype(complex), axis=0, dtype=numpy.float64), a)
    compare(lambda xp, x: xp.sin.accumulate(x), a)
    compare(lambda xp, x: xp.sin.outer(x, x), a)
    compare(lambda xp, x: xp.subtract.accumulate(x, axis=2), a)
    compare(lambda xp, x: xp.subtract.accumulate(x, out=xp.zeros((2, 2))), a)


@pytest.mark.parametrize("name", BINARY)
def test_accumulate_every_binary_ufunc(name, rng):
    dt = dtype_for(name)
    a = data(name, dt, (4, 6), rng)
    for axis in (0, 1):
        if name in SIMD_REDUCE_QUIRK:
            continue  # NumPy's accumulate of these is right: compared below
        compare(lambda xp, x: getattr(xp, name).accumulate(x, axis=axis), a)
    if name in SIMD_REDUCE_QUIRK:
        compare(lambda xp, x: getattr(xp, name).accumulate(x, axis=0), a)
    compare(lambda xp, x, o: getattr(xp, name).accumulate(x, axis=0, out=o), a, numpy.zeros((4, 6)))


def test_accumulate_long_axes(rng):
    a = rng.uniform(-5, 5, 1000)
    compare(lambda xp, x: xp.maximum.accumulate(x), a)
    compare(lambda xp, x: xp.minimum.accumulate(x), a)
    compare(lambda xp, x: xp.logaddexp.accumulate(x), a)
    compare(lambda xp, x: xp.add.accumulate(x, dtype=numpy.float32), a, rtol=1e-4)
    compare(lambda xp, x: xp.logaddexp.reduce(x), a)
    compare(lambda xp, x: xp.maximum.reduce(x), a)
    compare(lambda xp, x: xp.fmin.reduce(x), a)
    i = rng.integers(0, 1 << 20, 999)
    compare(lambda xp, x: xp.bitwise_xor.accumulate(x), i)
    compare(lambda xp, x: xp.gcd.reduce(x), i)
    compare(lambda xp, x: xp.bitwise_or.reduce(x), i)


@pytest.mark.parametrize("name", BINARY + ["divmod"])
def test_outer(name, rng):
    dt = dtype_for(name) if name != "divmod" else numpy.dtype("d")
    a, b = data(name, dt, (2, 3), rng), data(name, dt, (4,), rng)
    compare(lambda xp, x, y: getattr(xp, name).outer(x, y), a, b)
    compare(lambda xp, x: getattr(xp, name).outer(x[0, 0], x[1]), a)


def test_outer_keywords(rng):
    a, b = rng.uniform(1, 2, 3), rng.uniform(1, 2, 4)
    compare(lambda xp, x, y: xp.add.outer(x, y, dtype=numpy.float32), a, b)
    compare(lambda xp, x, y, o: xp.multiply.outer(x, y, out=o), a, b, numpy.zeros((3, 4)))
    compare(lambda xp, x, y: xp.add.outer([1, 2], 3), a, b)


@pytest.mark.parametrize("name", BINARY)
def test_at_every_binary_ufunc(name, rng):
    dt = dtype_for(name)
    a = data(name, dt, (6,), rng)
    idx = numpy.array([0, 1, 1, 5, 5, 5, 2])
    b = data(name, dt, (7,), rng)

    def go(xp, x, v):
        getattr(xp, name).at(x, idx, v)
        return x

    compare(go, a, b)
    compare(lambda xp, x: getattr(xp, name).at(x, [0, 0, 3], b[0]), a)


@pytest.mark.parametrize("dt", ["?", "b", "B", "h", "i", "q", "Q", "e", "f", "d", "F", "D"])
def test_at_dtypes(dt, rng):
    a = data("add", dt, (4, 5), rng) if numpy.dtype(dt).kind != "c" else (
        rng.uniform(0, 2, (4, 5)) + 1j * rng.uniform(0, 2, (4, 5))).astype(dt)
    rows = numpy.array([0, 3, 3, 0, 1, 3])
    v = a[:1].repeat(6, axis=0)

    def at(name, key, val):
        def go(xp, x, w):
            getattr(xp, name).at(x, key, w if val is None else val)
            return x
        return go

    for name in ("add", "maximum", "minimum", "multiply", "subtract"):
        if numpy.dtype(dt).kind == "b" and name == "subtract":
            continue
        compare(at(name, (rows, slice(None)), None), a, v)
        compare(at(name, (rows, 2), None), a, v[:, 0])
        compare(at(name, (slice(None), [1, 1]), None), a, v[:4, :2])
        compare(at(name, rows, None), a, v)
    compare(at("add", (rows, 0), 1), a, v)  # a Python scalar in a's dtype


def test_at_unary_and_errors(rng):
    a = rng.uniform(0.5, 4, 8)
    for name in UNARY:
        x = a if name not in ("invert", "logical_not") else (a > 1.5)
        if name == "invert":
            x = (a * 10).astype(numpy.int16)

        def go(xp, y):
            getattr(xp, name).at(y, [0, 0, 2, 7, 7, 7])
            return y

        compare(go, x)
    # IndexError; x is returned so that it is read: on the GPU the check is deferred (Note [Deferred errors])
    compare(lambda xp, x: (xp.add.at(x, [0, 9], 1.0), x)[1], a)
    compare(lambda xp, x: xp.add.at(x, [0], [1.0, 2.0]), a)  # broadcast error
    compare(lambda xp, x: xp.add.at(x.astype(numpy.int8), [0], 1.5), a)  # casting
    compare(lambda xp, x: xp.add.at(x, [0]), a)
    compare(lambda xp, x: xp.negative.at(x, [0], 1.0), a)
    compare(lambda xp, x: xp.divmod.at(x, [0], 1.0), a)


@pytest.mark.parametrize("key", [[], [1], [1, 1], [[1, 0], [1, 1]], [True, False], ([],), ([[]],)],
                         ids=repr)
@pytest.mark.parametrize("name", ["add", "maximum", "minimum"])
def test_at_list_keys(name, key, rng):
    # a list is one index array, as in x[list]: an empty list is an intp index
    a = rng.uniform(-2, 2, (2, 3, 4))
    compare(lambda xp, x: (getattr(xp, name).at(x, key, 1.0), x)[1], a)


def test_array_ufunc_dispatch(rng):
    a = rng.uniform(1, 2, (3, 4))
    x = cn.asarray(a)
    r = numpy.logaddexp.reduce(x, axis=1)
    assert isinstance(r, cn.ndarray)
    numpy.testing.assert_allclose(cn.asnumpy(r), numpy.logaddexp.reduce(a, axis=1))
    r = numpy.maximum.accumulate(x, axis=0)
    numpy.testing.assert_allclose(cn.asnumpy(r), numpy.maximum.accumulate(a, axis=0))
    r = numpy.subtract.outer(x[0], x[1])
    numpy.testing.assert_allclose(cn.asnumpy(r), numpy.subtract.outer(a[0], a[1]))


@pytest.mark.parametrize("name", BINARY)
def test_reduceat_every_binary_ufunc(name, rng):
    dt = dtype_for(name)
    a = data(name, dt, (9, 3), rng)
    idx = numpy.array([0, 4, 1, 5, 5, 8, 2])
    if name in SIMD_REDUCE_QUIRK:
        # NumPy's own loops mis-fold these along contiguous runs: compare with
        # the fold of each segment written out.
        got = cn.asnumpy(getattr(cn, name).reduceat(cn.asarray(a), idx, axis=0))
        bounds = list(idx) + [len(a)]
        for i in range(len(idx)):
            seg = a[bounds[i]:bounds[i + 1]] if bounds[i] < bounds[i + 1] else a[bounds[i]:bounds[i] + 1]
            numpy.testing.assert_allclose(got[i], fold(name, seg, 0), rtol=1e-12)
        return
    compare(lambda xp, x: getattr(xp, name).reduceat(x, idx, axis=0), a)
    compare(lambda xp, x: getattr(xp, name).reduceat(x, [0, 2, 1], axis=1), a)


def test_reduceat_options_and_errors(rng):
    a = data("add", "d", (4, 37), rng)
    i8 = data("add", "b", (20,), rng)
    idx = numpy.array([0, 3, 3, 30, 2, 36])
    for name in ("add", "maximum", "logaddexp", "subtract", "multiply"):
        compare(lambda xp, x: getattr(xp, name).reduceat(x, idx, axis=1), a)
        compare(lambda xp, x: getattr(xp, name).reduceat(x, idx, axis=-1, dtype=numpy.float32), a)
    compare(lambda xp, x: xp.add.reduceat(x, [0, 5, 19]), i8)
    compare(lambda xp, x: xp.bitwise_or.reduceat(x, numpy.arange(0, 20, 3)), i8)
    compare(lambda xp, x, o: xp.add.reduceat(x, [0, 10], axis=1, out=o), a, numpy.zeros((4, 2)))
    compare(lambda xp, x: xp.add.reduceat(x, [], axis=1), a)
    compare(lambda xp, x: xp.add.reduceat(x, [0, 37], axis=1), a)
    compare(lambda xp, x: xp.add.reduceat(x, [-1], axis=1), a)
    compare(lambda xp, x: xp.add.reduceat(x, [[0, 1]], axis=1), a)
    compare(lambda xp, x: xp.add.reduceat(x, [0], axis=2), a)
    compare(lambda xp, x: xp.sin.reduceat(x, [0]), a)


@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_reduceat_result_is_c_ordered(axis, rng):
    # NumPy's result is C-ordered whatever the axis
    a = data("add", "d", (3, 4, 5), rng)
    idx = numpy.array([0, 2, 1, 2])
    r = cn.add.reduceat(cn.asarray(a), cn.asarray(idx), axis=axis)
    want = numpy.add.reduceat(a, idx, axis=axis)
    assert_strides(want, r)
    assert r.flags.c_contiguous == want.flags.c_contiguous
    compare(lambda xp, x: xp.add.reduceat(x, idx, axis=axis), a)


def test_at_many_repeats(rng):
    """Thousands of repeats: the combining scatter, the segments (Note [at by
    segments]) and the rounds (Note [at in rounds]) all give NumPy's sums."""
    idx = rng.integers(0, 50, 5000)
    cases = [("add", numpy.zeros(50), rng.uniform(0, 1, 5000)),
             ("multiply", numpy.ones(50, numpy.int64), rng.integers(1, 3, 5000)),
             ("bitwise_xor", numpy.zeros(50, numpy.uint16), rng.integers(0, 1 << 16, 5000).astype(numpy.uint16)),
             ("logaddexp", numpy.zeros(50), rng.uniform(-1, 1, 5000)),
             ("maximum", numpy.zeros(50, numpy.complex128), rng.uniform(0, 1, 5000) + 1j),
             ("subtract", numpy.zeros(50, numpy.int32), rng.integers(-5, 5, 5000)),
             ("multiply", numpy.ones(50, numpy.float16), numpy.full(5000, 1.001, numpy.float16))]
    for name, a, v in cases:
        def go(xp, x, w):
            getattr(xp, name).at(x, idx, w)
            return x
        compare(go, a, v, rtol=1e-9 if a.dtype == numpy.float64 else None)
