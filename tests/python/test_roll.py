"""roll: the example composite routine (docs/adding-an-op.md), NumPy's full
semantics: int or sequence shift and axis broadcast against each other,
axis=None rolls the flattened array, shifts of any size and sign, empty and
0-d arrays, every dtype and layout, NumPy's errors.

The result is a new array: ``run`` writes into it, and ``compare`` checks
the input afterwards, so a result that aliases the input fails.
"""
import numpy
import pytest

from helpers import ALL_DTYPES, assert_layout, assert_raises_like, compare, dtype_params, make_data, needs_numpy, NUMPY_VERSION

pytestmark = pytest.mark.usefixtures("device")

# Inputs built by the library itself, so that layouts match NumPy's exactly.
SOURCES = {
    "c": lambda xp: xp.arange(60).reshape(3, 4, 5),
    "f": lambda xp: xp.asfortranarray(xp.arange(60).reshape(3, 4, 5)),
    "transposed": lambda xp: xp.arange(60).reshape(5, 4, 3).T,
    "reversed": lambda xp: xp.arange(60).reshape(3, 4, 5)[::-1, :, ::-1],
    "stepped": lambda xp: xp.arange(240).reshape(6, 8, 5)[::2, ::2, :],
}

# (shift, axis) pairs valid for a (3, 4, 5) array.
CASES = [
    (1, None), (-1, None), (7, None), (60, None), (-61, None), (0, None),
    ((1, 2), None), ([3, -10], None),
    (1, 0), (2, 1), (-3, 2), (4, -1), (-7, -3), (0, 1), (5, 2), (8, 1),
    ((1, 2), (0, 1)), ([1, -1, 2], [0, 1, 2]), ((2, 3), (2, 0)),
    (1, (0, 1, 2)), ((1, 2, 3), 1), ((1,), (0, 2)), ((2, 1), (0,)),
    (1, (0, 0)), ((1, 2), (1, 1)), ((3, -3), (2, -1)), ((1, 1, 1, 1), (2, 2, 2, 2)),
    ((), ()), ((), 0), ((), None), (1, ()), ([2], []),
]


def _run(fn, src):
    def f(xp):
        x = SOURCES[src](xp)
        r = fn(xp, x)
        r[...] = -1  # a new array: the input must not change
        return r, x
    return compare(f)


@pytest.mark.parametrize("src", list(SOURCES))
@pytest.mark.parametrize("shift,axis", CASES, ids=str)
def test_roll_values(src, shift, axis):
    _run(lambda xp, x: xp.roll(x, shift, axis=axis), src)


@pytest.mark.parametrize("src", list(SOURCES))
def test_roll_layout(src):
    """The result is laid out as numpy.empty_like(a) (order 'K')."""
    import cunum as cn
    for shift, axis in [(1, 0), ((1, 2), (1, 2)), (3, None)]:
        e = numpy.roll(SOURCES[src](numpy), shift, axis)
        a = cn.roll(SOURCES[src](cn), shift, axis)
        assert_layout(e, a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_roll_dtypes(dt, rng):
    a = make_data((4, 7), dt, rng=rng)
    for shift, axis in [(3, None), (-2, 1), ((1, 5), (0, 1)), (9, 0), ((2, 2), (1, 1))]:
        compare(lambda xp, x: xp.roll(x, shift, axis), a, exact=True)
    compare(lambda xp, x: xp.roll(x.T, 2, 1), a, exact=True)
    compare(lambda xp, x: xp.roll(x[::-1, 1::2], (1, -1), (0, 1)), a, exact=True)
    b = make_data((1000,), dt, rng=rng)
    compare(lambda xp, x: xp.roll(x, 333), b, exact=True)


@pytest.mark.parametrize("shift", [10**18, -10**18, 2**63 - 1, -2**63, 2**63, 2**64 + 3,
                                   -2**64 - 5, 2**70, -2**70 - 1, 10**40], ids=str)
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1), (1, 1)], ids=str)
@needs_numpy((2, 1), "roll takes shifts beyond int64 (2.0 overflowed)")
def test_roll_huge_shifts(shift, axis):
    """Shifts beyond the axis length, beyond int64 and uint64 (Note [Shifts
    beyond int64]), alone and summed on a repeated axis."""
    a = numpy.arange(42).reshape(6, 7)
    compare(lambda xp, x: xp.roll(x, shift, axis), a)
    compare(lambda xp, x: xp.roll(x, (shift, shift), (1, 1)), a)
    compare(lambda xp, x: xp.roll(x, (shift, 3), (0, 1)), a)


@pytest.mark.parametrize("shape", [(0,), (0, 3), (3, 0), (2, 0, 4)], ids=str)
@pytest.mark.parametrize("shift,axis", [(1, None), (5, 0), (-2, -1), ((1, 2), (0, -1)),
                                        (2**70, None), (2**70, 0)], ids=str)
def test_roll_empty(shape, shift, axis):
    compare(lambda xp, x: xp.roll(x, shift, axis), numpy.zeros(shape, numpy.float32))


@pytest.mark.parametrize("shift", [0, 1, -5, (1, 2), [], 2**70], ids=str)
def test_roll_0d(shift):
    compare(lambda xp, x: xp.roll(x, shift), numpy.array(7.5))
    assert_raises_like(lambda xp, x: xp.roll(x, shift, ()), numpy.array(7.5))


@pytest.mark.parametrize("shift", [
    True, 2.7, -1.5, "3", numpy.int8(-3), numpy.uint64(2**64 - 1), numpy.float32(3.9),
    numpy.array(2), numpy.array([1, 2]), [numpy.int16(1), 2.5], (numpy.array(1), 3)], ids=repr)
@needs_numpy((2, 1), "roll takes int() of each shift (2.0 refused floats and strings)")
def test_roll_shift_types(shift):
    """NumPy takes int() of each shift: floats truncate, strings parse."""
    a = numpy.arange(20).reshape(4, 5)
    axis = (0, 1) if numpy.ndim(shift) == 1 or isinstance(shift, (list, tuple)) else 1
    compare(lambda xp, x: xp.roll(x, shift, axis), a)


def test_roll_cunum_array_shift():
    """A shift or an array of shifts given as arrays (cunum's, on the current device)."""
    a = numpy.arange(20).reshape(4, 5)
    compare(lambda xp, x, s: xp.roll(x, s, (0, 1)), a, numpy.array([3, -1]))
    compare(lambda xp, x, s: xp.roll(x, s), a, numpy.array(7))
    compare(lambda xp, x, s: xp.roll(x, s, 0), a, numpy.array([1, 2]))


def test_roll_array_like_input():
    compare(lambda xp: xp.roll([[1, 2, 3], [4, 5, 6]], 1, 1))
    compare(lambda xp: xp.roll(5, 3))
    compare(lambda xp: xp.roll((1.5, 2.5, 3.5), -1))


@pytest.mark.parametrize("shift,axis", [
    (1, 2), (1, -3), ((1, 2), (0, 2)), ([[1]], 5),  # AxisError, before any error of shift
    (None, 5),
    ((1, 2), (0, 1, 1)), ((1, 2, 3), (0, 1)), ((), (0, 1)), ((1, 2), ()),  # shape mismatch
    ([[1]], 0), ([[1]], None), ([[1, 2]], (0, 1)), ([1, [2]], (0, 1)),  # not 1-d
    (None, None), (None, 0), ([1, None], (0, 1)), ("x", 0), ("1.5", 0),
    (1, [[0]]), (1, 1.0), (1, "0"), (1, (0, 1.0)),  # axis: integers only
], ids=repr)
def test_roll_errors(shift, axis):
    if isinstance(shift, str) and NUMPY_VERSION < (2, 1):
        pytest.skip("NumPy 2.1: roll takes int() of a shift, so a bad string is a ValueError (2.0: TypeError)")
    assert_raises_like(lambda xp, x: xp.roll(x, shift, axis), numpy.arange(6).reshape(2, 3))
