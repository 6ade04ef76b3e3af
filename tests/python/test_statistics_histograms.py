"""bincount, histogram, histogram_bin_edges, histogram2d, histogramdd against
NumPy: bins as an int, edges and every string rule, range=, density=,
weights= (float, int, complex), every real dtype, edges of the data hit
exactly, NaN and values outside the range, and the errors."""
import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, USING_NUMPY_SHIM, compare, dtype_params, make_data, numpy_side, NUMPY_VERSION)

pytestmark = pytest.mark.usefixtures("device")

RULES = ["auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt"]
INT_DTYPES = [d for d in ALL_DTYPES if d.kind in "iu"]


@pytest.mark.parametrize("dt", dtype_params(INT_DTYPES + [numpy.dtype(bool)]))
def test_bincount_dtypes(dt, rng):
    if dt == numpy.uint64 and NUMPY_VERSION < (2, 2):
        pytest.skip("NumPy 2.2: bincount takes uint64 input (2.0 refused the cast to intp)")
    x = make_data(40, dt, kind="small", rng=rng)
    compare(lambda xp, v: xp.bincount(v), x)
    compare(lambda xp, v: xp.bincount(v, minlength=9), x)
    compare(lambda xp, v, w: xp.bincount(v, weights=w), x, rng.random(40))
    compare(lambda xp, v, w: xp.bincount(v, w, 2), x, rng.integers(-3, 4, 40).astype(numpy.int32))


def test_bincount_edges_and_errors(rng):
    compare(lambda xp: xp.bincount([]))
    compare(lambda xp: xp.bincount([], minlength=3))
    compare(lambda xp: xp.bincount([0, 5, 5, 2]))
    compare(lambda xp, v: xp.bincount(v), numpy.array([3, -1, 2]))
    compare(lambda xp, v: xp.bincount(v), numpy.array([[1, 2]]))
    compare(lambda xp, v: xp.bincount(v), numpy.array(3))
    compare(lambda xp, v: xp.bincount(v), numpy.array([1.0, 2.0]))
    if NUMPY_VERSION >= (2, 4):  # NumPy 2.4: an empty float array is refused (an empty list is not)
        compare(lambda xp, v: xp.bincount(v), numpy.array([], numpy.float16))
        compare(lambda xp, v, w: xp.bincount(v, w, minlength=2), numpy.array([]), numpy.array([]))
    # The edges of an empty array's histogram: linspace(0, 1) in float64, then a's dtype.
    for dt in (numpy.float16, numpy.float32, numpy.float64, numpy.int8):
        compare(lambda xp, v: xp.histogram(v), numpy.array([], dt))
        compare(lambda xp, v: xp.histogram(v, bins=7), numpy.array([], dt))
    compare(lambda xp, v: xp.bincount(v, minlength=-1), numpy.array([1, 2]))
    compare(lambda xp, v, w: xp.bincount(v, w), numpy.array([1, 2]), numpy.ones(3))
    compare(lambda xp, v, w: xp.bincount(v, w), numpy.array([1, 2]), numpy.ones(2, complex))
    big = rng.integers(0, 300, 20000)
    compare(lambda xp, v: xp.bincount(v), big)
    compare(lambda xp, v, w: xp.bincount(v, w), big, rng.random(20000))


@pytest.mark.parametrize("dt", dtype_params([d for d in ALL_DTYPES if d.kind in "iuf"]))
def test_histogram_dtypes(dt, rng):
    a = make_data((7, 9), dt, rng=rng)
    for bins in (1, 5, 10, [-3, 0, 0.5, 2, 4]):
        compare(lambda xp, x: xp.histogram(x, bins), a)
        compare(lambda xp, x: xp.histogram(x, bins, range=(-2, 3)), a)
        compare(lambda xp, x: xp.histogram_bin_edges(x, bins), a)


@pytest.mark.parametrize("rule", RULES)
def test_rules(rule, rng):
    for a in (rng.standard_normal(500), rng.integers(0, 50, 300), rng.random(40).astype(numpy.float32)):
        compare(lambda xp, x: xp.histogram(x, _rule(xp, x, rule)), a)
        compare(lambda xp, x: xp.histogram(x, _rule(xp, x, rule, (0.1, 0.6)), range=(0.1, 0.6)), a)
        compare(lambda xp, x: xp.histogram_bin_edges(x, _rule(xp, x, rule)), a)
    compare(lambda xp, x: xp.histogram(x, rule), numpy.ones(5))
    compare(lambda xp, x: xp.histogram(x, rule), numpy.zeros(0))


def _rule(xp, x, rule, range_=None):
    """The `bins` argument for a rule. NumPy 2.1 (gh-12150): for integer data
    an estimated bin width below 1 is taken as 1; an older oracle gets that
    rule's bin count, ceil((last - first) / 1), as an int."""
    if not (numpy_side(xp) and NUMPY_VERSION < (2, 1) and x.dtype.kind in "iu"):
        return rule
    first, last = (float(e) for e in numpy.histogram_bin_edges(x, 1, range_))  # NumPy's outer edges
    kept = x[(x >= first) & (x <= last)]
    if kept.size == 0:
        return rule
    from numpy.lib._histograms_impl import _hist_bin_selectors  # the rule's width (NumPy 2.0's own)
    width = _hist_bin_selectors[rule](kept, (first, last))
    return int(numpy.ceil(last - first)) if width and width < 1 else rule


def test_density_weights_and_edges(rng):
    a = rng.standard_normal(300)
    w = rng.random(300)
    compare(lambda xp, x: xp.histogram(x, 12, density=True), a)
    compare(lambda xp, x, ww: xp.histogram(x, 12, weights=ww), a, w)
    compare(lambda xp, x, ww: xp.histogram(x, 12, weights=ww, density=True), a, w)
    compare(lambda xp, x, ww: xp.histogram(x, [-1, 0, 2], weights=ww), a, w)
    compare(lambda xp, x, ww: xp.histogram(x, 6, weights=ww), a, rng.integers(0, 5, 300).astype(numpy.int32))
    compare(lambda xp, x, ww: xp.histogram(x, 6, weights=ww), a, w + 1j * w[::-1])
    # values exactly on the edges, NaN, and values outside the range
    e = numpy.array([0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 1.0, numpy.nan, -1.0, 2.0])
    compare(lambda xp, x: xp.histogram(x, 5, range=(0, 0.5)), e)
    compare(lambda xp, x: xp.histogram(x, [0, 0.1, 0.3, 1.0]), e)
    compare(lambda xp, x: xp.histogram(x, 3, range=(0, 1)), numpy.linspace(0, 1, 31))
    compare(lambda xp, x: xp.histogram(x), numpy.array([True, False, True]))


def test_histogram_errors(rng):
    a = rng.standard_normal(20)
    compare(lambda xp, x: xp.histogram(x, 0), a)
    compare(lambda xp, x: xp.histogram(x, "bogus"), a)
    compare(lambda xp, x: xp.histogram(x, [1, 0, 2]), a)
    compare(lambda xp, x: xp.histogram(x, [[1, 2]]), a)
    compare(lambda xp, x: xp.histogram(x, 2.5), a)
    compare(lambda xp, x: xp.histogram(x, 4, range=(2, 1)), a)
    compare(lambda xp, x: xp.histogram(x, 4, range=(0, numpy.inf)), a)
    compare(lambda xp, x: xp.histogram(x), numpy.array([1.0, numpy.nan]))
    compare(lambda xp, x, w: xp.histogram(x, "auto", weights=w), a, a)
    compare(lambda xp, x, w: xp.histogram(x, weights=w), a, a[:5])


def test_histogram2d_and_dd(rng):
    x, y, z = rng.standard_normal((3, 400))
    w = rng.random(400)
    compare(lambda xp, u, v: xp.histogram2d(u, v), x, y)
    compare(lambda xp, u, v: xp.histogram2d(u, v, bins=(4, 6), range=[(-1, 1), (-2, 2)]), x, y)
    compare(lambda xp, u, v, ww: xp.histogram2d(u, v, bins=5, weights=ww, density=True), x, y, w)
    compare(lambda xp, u, v: xp.histogram2d(u, v, bins=[-1, 0, 0.5, 3]), x, y)
    compare(lambda xp, u, v: xp.histogram2d(u, v, bins=[[-1, 0, 1], [-2, 0, 2, 3]]), x, y)
    s = numpy.stack([x, y, z], 1)
    compare(lambda xp, p: xp.histogramdd(p), s)
    compare(lambda xp, p: xp.histogramdd(p, bins=(2, 3, 4), density=True), s)
    compare(lambda xp, p, ww: xp.histogramdd(p, bins=3, weights=ww), s, w)
    compare(lambda xp, u, v, t: xp.histogramdd([u, v, t], bins=[2, [-1, 0, 1], 3]), x, y, z)
    compare(lambda xp, u: xp.histogramdd(u, bins=5), x)
    compare(lambda xp, p: xp.histogramdd(p, bins=(2, 3)), s)  # ValueError
    compare(lambda xp, p: xp.histogramdd(p, bins=0), s)
    # Edges of counted bins: a linspace of the data's min and max, in the
    # sample's float type (float64 for a given range, an integer sample).
    for dt in (numpy.float16, numpy.float32, numpy.int8):
        p = (s * 20).astype(dt)
        compare(lambda xp, q: xp.histogramdd(q, bins=(4, 5, 7)), p)
        compare(lambda xp, q: xp.histogramdd(q, bins=3, range=[(-1, 1)] * 3), p)
        compare(lambda xp, q: xp.histogramdd(q[:0], bins=3), p)
        compare(lambda xp, u, v: xp.histogram2d(u, v, bins=6), p[:, 0], p[:, 1])
    compare(lambda xp, q: xp.histogramdd(q, bins=2), numpy.ones((5, 2), numpy.float32))


def test_large(rng):
    a = rng.random(100000).astype(numpy.float32)
    compare(lambda xp, x: xp.histogram(x, 256, range=(0.0, 1.0)), a)
    compare(lambda xp, x: xp.bincount(x), rng.integers(0, 1000, 100000))


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="calls cunum's C++ routine directly")
@pytest.mark.parametrize("lo, hi", [(0.0, numpy.inf), (-numpy.inf, 1.5), (0.25, numpy.nan)])
def test_histogram_infinite_range_in_cpp(lo, hi):
    """The C++ routine's own range check (the Python layer checks first, so
    call it directly): its message formats finite floats, which crashed a
    module whose toolchain linked libstdc++ statically (the GPU machine's)."""
    from cunum import _core
    with pytest.raises(ValueError, match="supplied range of .* is not finite"):
        _core._histogram(cn.arange(10.0), 10, (lo, hi), False, None, False)


# The histogram primitive (Note [Histogram plans]): bin counts that fit the
# GPU's per-block shared counters (<= 2048) and that do not, uniform and
# explicit edges, every input on an edge, NaN and infinities, strided data
# and weights, empty input, all values in one bin.
def _finite_sized(xp, x, bins):
    # NumPy 2.2: equal-width edges that do not increase strictly in the edges'
    # dtype (float16 data, many bins) are a ValueError; before, such edges were
    # used. An older oracle checks its edges the same way.
    if numpy_side(xp) and NUMPY_VERSION < (2, 2):
        e = numpy.histogram_bin_edges(x, bins)
        if numpy.any(e[:-1] >= e[1:]):
            raise ValueError(f"Too many bins for data range. Cannot create {bins} finite-sized bins.")


@pytest.mark.parametrize("bins", [1, 3, 256, 257, 2048, 2049, 5000])
def test_histogram_bin_counts(bins, rng):
    a = rng.standard_normal(30000)
    a[::97] = numpy.nan
    a[1::101] = numpy.inf
    a[2::103] = -numpy.inf
    w = rng.random(30000)
    compare(lambda xp, x: xp.histogram(x, bins, range=(-2, 2)), a)
    compare(lambda xp, x: xp.histogram(x, bins, range=(-2, 2)), a.astype(numpy.float32))
    compare(lambda xp, x, ww: xp.histogram(x, bins, range=(-3, 1.5), weights=ww), a, w)
    finite = a[numpy.isfinite(a)]
    compare(lambda xp, x: xp.histogram(x, bins), finite)
    compare(lambda xp, x: _finite_sized(xp, x, bins) or xp.histogram(x, bins), finite.astype(numpy.float16))
    # every edge hit exactly, from both kinds of edges
    edges = numpy.histogram_bin_edges(finite, bins)
    compare(lambda xp, x: xp.histogram(x, bins, range=(edges[0], edges[-1])), edges)
    compare(lambda xp, x, e: xp.histogram(x, e), edges, edges)
    irregular = numpy.sort(rng.uniform(-2, 2, bins + 1))
    compare(lambda xp, x, e: xp.histogram(x, e), a, irregular)
    compare(lambda xp, x, e: xp.histogram(x, e), irregular, irregular)
    # NumPy sums the weights of explicit edges as differences of a cumsum
    # (an error of the order of eps times the total): a looser tolerance.
    compare(lambda xp, x, e, ww: xp.histogram(x, e, weights=ww), a, irregular, w, rtol=1e-8)
    compare(lambda xp, x, e: xp.histogram(x, e), rng.integers(-3, 3, 5000), irregular)


def test_histogram_primitive_cases(rng):
    a = rng.standard_normal(20000)
    w = rng.random(20000)
    compare(lambda xp, x: xp.histogram(x[::3], 40), a)  # strided data
    compare(lambda xp, x, ww: xp.histogram(x[::2], 40, weights=ww[1::2]), a, w)
    compare(lambda xp, x: xp.histogram(x.reshape(100, 200).T, 17), a)
    compare(lambda xp, x: xp.histogram(x, 8), numpy.zeros(0))
    compare(lambda xp, x: xp.histogram(x, [0, 1, 2]), numpy.zeros(0, numpy.float32))
    compare(lambda xp, x: xp.histogram(x, 64, range=(0, 1)), numpy.full(50000, 0.5))  # one bin
    compare(lambda xp, x: xp.histogram(x, 64, range=(0, 1)), numpy.full(500, numpy.nan))
    # weights: int (summed as float64, then the weights' dtype), bool, float32, complex
    compare(lambda xp, x, ww: xp.histogram(x, 30, weights=ww), a, rng.integers(-5, 5, 20000))
    compare(lambda xp, x, ww: xp.histogram(x, 30, weights=ww), a, rng.random(20000) > 0.5)
    compare(lambda xp, x, ww: xp.histogram(x, 30, weights=ww), a, w.astype(numpy.float32))
    compare(lambda xp, x, ww: xp.histogram(x, [-1, 0, 0, 1, 3], weights=ww), a, w - 1j * w)
    # edges with repeats, integer edges of float data, integer data
    compare(lambda xp, x: xp.histogram(x, [-1, 0, 0, 1, 1]), numpy.array([-1.0, 0.0, 0.5, 1.0, 1.0, 2.0]))
    compare(lambda xp, x, e: xp.histogram(x, e), a, numpy.array([-2, -1, 0, 3]))
    compare(lambda xp, x: xp.histogram(x, 7), rng.integers(-1000, 1000, 9999).astype(numpy.int16))
    compare(lambda xp, x: xp.histogram(x, 7, range=(0, 200)), rng.integers(0, 256, 9999).astype(numpy.uint8))
    compare(lambda xp, x: xp.histogram(x, 5, density=True), a.astype(numpy.float32))


@pytest.mark.parametrize("n, hi", [(0, 1), (1, 1), (5000, 7), (50000, 2048), (50000, 2049), (30000, 9000)])
def test_bincount_sizes(n, hi, rng):
    x = rng.integers(0, hi, n)
    w = rng.random(n)
    compare(lambda xp, v: xp.bincount(v), x)
    compare(lambda xp, v: xp.bincount(v, minlength=3000), x)
    compare(lambda xp, v, ww: xp.bincount(v, ww), x, w)
    compare(lambda xp, v: xp.bincount(v[::2]), x)
    compare(lambda xp, v, ww: xp.bincount(v[::3], ww[1::3]), x, w)
    compare(lambda xp, v, ww: xp.bincount(v, ww), x.astype(numpy.uint16), (w * 10).astype(numpy.int32))
    compare(lambda xp, v, ww: xp.bincount(v, ww), x.astype(numpy.int32), w > 0.5)
    if NUMPY_VERSION >= (2, 2):  # NumPy 2.2: bincount takes uint64 input (2.0 refused the cast to intp)
        compare(lambda xp, v, ww: xp.bincount(v, ww), x.astype(numpy.uint64), w.astype(numpy.float16))
    compare(lambda xp, v: xp.bincount(v), (x % 2).astype(bool))
    compare(lambda xp, v: xp.bincount(v), x.astype(numpy.int8) if hi <= 127 else x.astype(numpy.uint32))
