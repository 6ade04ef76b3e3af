"""pad against NumPy on every device: every mode and keyword, every dtype
(sampled for the statistics), widths given every way NumPy takes them,
layouts, 0-d, empty and size-1 arrays, widths beyond the array (the
reflecting and wrapping modes repeat), and NumPy's errors."""
import numpy
import pytest

from helpers import (ALL_DTYPES, SOME_DTYPES, assert_raises_like, assert_same, compare,
                     NUMPY_VERSION, dtype_params, make_data)
import cunum as cn

pytestmark = pytest.mark.usefixtures("device")

MODES = ["constant", "edge", "linear_ramp", "maximum", "mean", "median", "minimum", "reflect",
         "symmetric", "wrap"]
WIDTHS = [1, (2, 3), ((1, 2), (3, 0)), ((0, 0), (4, 1)), [[2], [1]], numpy.array([1, 2])]

LAYOUTS = {
    "C": lambda x: x,
    "F": lambda x: x.T.copy().T,
    "T": lambda x: x.T,
    "reversed": lambda x: x[::-1, ::-2],
}


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("mode", MODES)
def test_pad_every_mode_and_dtype(mode, dt, rng):
    a = make_data((3, 4), dt, rng=rng)
    for w in (((1, 2), (3, 0)), 2):
        compare(lambda xp, x: xp.pad(x, w, mode=mode), a)


def _width(xp, ndim, w):
    """pad_width for xp.pad: NumPy 2.4 takes a dict {axis: width}; for an
    older NumPy the oracle gets the dict's documented meaning as a sequence
    (the listed axes padded as given, the others not)."""
    if xp is not numpy or NUMPY_VERSION >= (2, 4):
        return w
    full = [(0, 0)] * ndim
    for axis, v in w.items():
        full[axis] = (v, v) if isinstance(v, int) else tuple(v)
    return full


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_pad_widths_and_layouts(mode, layout, rng):
    a = make_data((5, 6), numpy.float64, rng=rng)
    f = LAYOUTS[layout]
    for w in WIDTHS:
        compare(lambda xp, x: xp.pad(f(x), w, mode=mode), a)
    compare(lambda xp, x: xp.pad(f(x), _width(xp, 2, {1: (2, 1)}), mode=mode), a)
    compare(lambda xp, x: xp.pad(f(x), _width(xp, 2, {0: 3, -1: (0, 2)}), mode=mode), a)


@pytest.mark.parametrize("mode", ["reflect", "symmetric", "wrap", "edge", "linear_ramp"])
def test_pad_wider_than_the_array(mode, rng):
    a = make_data((3, 2), numpy.int32, rng=rng)
    for w in (7, ((5, 9), (4, 3)), ((0, 11), (6, 0))):
        compare(lambda xp, x: xp.pad(x, w, mode=mode), a)
        compare(lambda xp, x: xp.pad(x[:1], w, mode=mode), a)      # an axis of length 1
        compare(lambda xp, x: xp.pad(x[:, 0], 8, mode=mode), a)
    for rt in ("even", "odd"):
        if mode in ("reflect", "symmetric"):
            compare(lambda xp, x: xp.pad(x, ((5, 9), (4, 3)), mode=mode, reflect_type=rt), a)
            compare(lambda xp, x: xp.pad(x.astype("f8"), 6, mode=mode, reflect_type=rt), a)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_pad_keywords(dt, rng):
    a = make_data((4, 5), dt, rng=rng)
    for cv in (0, 7, (1, 2), ((1, 2), (3, 4)), [[5]], 2.5, 1j, (True, 3.5)):
        compare(lambda xp, x: xp.pad(x, 2, constant_values=cv), a)
    for ev in (0, 5, (-3, 4), ((1, 2), (3, -4)), 2.5):
        compare(lambda xp, x: xp.pad(x, ((3, 2), (1, 4)), mode="linear_ramp", end_values=ev), a)
    for mode in ("maximum", "minimum", "mean", "median"):
        for sl in (None, 1, 2, (1, 3), ((2, 1), (4, 2)), 100):
            compare(lambda xp, x: xp.pad(x, ((2, 3), (1, 2)), mode=mode, stat_length=sl), a)
    for rt in ("even", "odd", "other"):
        compare(lambda xp, x: xp.pad(x, ((2, 3), (1, 2)), mode="reflect", reflect_type=rt), a)
        compare(lambda xp, x: xp.pad(x, ((2, 3), (1, 2)), mode="symmetric", reflect_type=rt), a)


def test_pad_statistics_rounding_and_nan(rng):
    ints = numpy.array([[1, 2, 4, 7], [0, 1, 3, 3], [5, 5, 6, 8]], numpy.int16)
    for mode in ("mean", "median"):
        for sl in (None, 1, 2, 3):
            compare(lambda xp, x: xp.pad(x, 2, mode=mode, stat_length=sl), ints)  # rounded half to even
    compare(lambda xp, x: xp.pad(x, 1, mode="mean", stat_length=0), ints)        # NaN cast to int
    f = numpy.array([[1.0, numpy.nan, 3.0], [2.0, 5.0, -1.0]])
    for mode in ("mean", "median", "maximum", "minimum"):
        compare(lambda xp, x: xp.pad(x, 2, mode=mode), f)
    compare(lambda xp, x: xp.pad(x, 1, mode="median", stat_length=0), f)
    ties = numpy.array([3, 1, 3, 3, 2, 2, 7, 3], numpy.float32)
    compare(lambda xp, x: xp.pad(x, 3, mode="median"), ties)
    compare(lambda xp, x: xp.pad(x, 3, mode="median", stat_length=(4, 5)), ties)
    long = make_data((3, 700), numpy.float32, rng=rng)                           # row blocks
    compare(lambda xp, x: xp.pad(x, (0, 2), mode="median"), long)
    compare(lambda xp, x: xp.pad(x, ((1, 1), (0, 0)), mode="median"), long)


def test_pad_edge_shapes(rng):
    a = make_data((3, 4), numpy.float32, rng=rng)
    for mode in MODES + ["empty"]:
        compare(lambda xp, x: xp.pad(x[0, 0], 2, mode=mode), a)                  # 0-d: unchanged
        compare(lambda xp, x: xp.pad(x[:0], ((0, 0), (1, 1)), mode=mode), a)     # empty axis not padded
        compare(lambda xp, x: xp.pad(x, 0, mode=mode), a)
        if mode != "empty":  # (empty leaves the pad areas as they were allocated)
            compare(lambda xp, x: xp.pad(x[:0], ((2, 1), (1, 1)), mode=mode), a)  # errors but constant
            compare(lambda xp, x: xp.pad(x[:1, :1], 2, mode=mode), a)
    compare(lambda xp, x: xp.pad(x[:0], 2, mode="constant", constant_values=5), a)


def test_pad_empty_mode_keeps_the_center(rng):
    a = make_data((3, 4), numpy.int64, rng=rng)
    r = cn.pad(cn.asarray(a), ((1, 2), (3, 1)), mode="empty")
    assert r.shape == (6, 8) and r.dtype == a.dtype
    assert_same(a, r[1:4, 3:7])


def test_pad_result_layout_and_independence(rng):
    a = make_data((3, 4), numpy.float32, rng=rng)
    r = cn.pad(cn.asfortranarray(cn.asarray(a)), 1)
    assert r.flags.f_contiguous and not r.flags.c_contiguous
    r = cn.pad(cn.asarray(a), 1)
    assert r.flags.c_contiguous

    def f(xp, x):
        p = xp.pad(x, 0)
        p[...] = 0
        return p
    compare(f, a)   # a new array even with zero widths


def test_pad_callable_mode(rng):
    def pad_with(vector, pad_width, iaxis, kwargs):
        v = kwargs.get("padder", 10)
        vector[:pad_width[0]] = v
        if pad_width[1]:
            vector[-pad_width[1]:] = v + iaxis

    a = make_data((3, 4), numpy.int32, rng=rng)
    compare(lambda xp, x: xp.pad(x, 2, pad_with), a)
    compare(lambda xp, x: xp.pad(x, ((1, 0), (0, 2)), pad_with, padder=-3), a)


def test_pad_errors():
    a = numpy.arange(6).reshape(2, 3)
    cases = [
        lambda xp, x: xp.pad(x, -1),
        lambda xp, x: xp.pad(x, ((1, -1), (0, 0))),
        lambda xp, x: xp.pad(x, 1.5),
        lambda xp, x: xp.pad(x, numpy.array([1], numpy.uint8)),
        lambda xp, x: xp.pad(x, ((1, 1), (1, 1), (1, 1))),
        lambda xp, x: xp.pad(x, [[1, 2, 3]]),
        lambda xp, x: xp.pad(x, 1, mode="foo"),
        lambda xp, x: xp.pad(x, 1, mode="edge", constant_values=2),
        lambda xp, x: xp.pad(x, 1, mode="constant", stat_length=2),
        lambda xp, x: xp.pad(x, 1, mode="maximum", stat_length=0),
        lambda xp, x: xp.pad(x, 1, mode="minimum", stat_length=((1, 0), (1, 1))),
        lambda xp, x: xp.pad(x, 1, mode="mean", stat_length=-1),
        lambda xp, x: xp.pad(x[:0], 1, mode="edge"),
        lambda xp, x: xp.pad(x[:, :0], ((0, 0), (1, 0)), mode="wrap"),
        lambda xp, x: xp.pad(x.astype("int8"), 1, constant_values=300),
        lambda xp, x: xp.pad(x, 1, constant_values=numpy.nan),
        lambda xp, x: xp.pad(x, 1, constant_values=(1, 2, 3)),
    ]
    for fn in cases:
        assert_raises_like(fn, a)


@pytest.mark.parametrize("mode", MODES)
def test_pad_equal_widths_move_both_areas_at_once(mode, rng):
    # Equal widths on both sides of an axis take one copy or fill per axis
    # (Note [Pad pairs] in src/routines/padding.cpp): 1-d to 3-d, strided and
    # reversed inputs, widths up to wider than the axis, rows that are and are
    # not 16-byte multiples.
    a = make_data((4, 5, 6), numpy.float32, rng=rng)
    for w in (1, 3, 4, ((2, 2), (0, 0), (5, 5)), ((1, 1), (9, 9), (2, 2))):
        compare(lambda xp, x: xp.pad(x, w, mode=mode), a)
        compare(lambda xp, x: xp.pad(x[::-1, 1:, ::2], w, mode=mode), a)
    b = make_data((37, 8), numpy.int16, rng=rng)
    compare(lambda xp, x: xp.pad(x, 8, mode=mode), b)
    compare(lambda xp, x: xp.pad(x[:, 0], 40, mode=mode), b)


def test_pad_constant_pairs_keep_distinct_values(rng):
    # Values that compare equal but store different bytes (0.0 and -0.0) and
    # NaNs fill each side as given.
    a = make_data((3, 4), numpy.float64, rng=rng)
    for cv in ((0.0, -0.0), (-0.0, 0.0), numpy.nan, ((1.0, 1.0), (numpy.nan, -0.0))):
        compare(lambda xp, x: xp.pad(x, 2, constant_values=cv), a)
    c = make_data((3, 4), numpy.complex64, rng=rng)
    compare(lambda xp, x: xp.pad(x, 1, constant_values=(1 + 2j, 1 - 2j)), c)


@pytest.mark.parametrize("mode", ["edge", "reflect", "wrap", "mean"])
def test_empty_axis_refused_when_the_result_is_empty_too(mode):
    # found by test_fuzz.py's plumbing property: an axis of length 0 padded
    # with (0, 0) made the result empty, and the refusal to extend another
    # empty axis was skipped
    a = numpy.zeros((1, 0, 2, 0), numpy.float32)
    compare(lambda xp, x: xp.pad(x, ((7, 3), (0, 0), (8, 1), (1, 7)), mode=mode), a)
    compare(lambda xp, x: xp.pad(x, ((1, 1), (0, 0), (1, 1), (0, 0)), mode=mode), a)  # allowed: nothing extended
