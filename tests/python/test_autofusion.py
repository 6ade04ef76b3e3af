"""Automatic fusion of plain expressions (docs/fusion.md, Note [Automatic
fusion]): with it on, `(a * b + a) * b` is recorded and run as one fused
kernel when read. Every test compares with NumPy (values, dtype, shape) and,
where it matters, bit for bit with cunum's eager evaluation (fusion off).
The `fusing` fixture fuses results of any size (min_size 1) so that small
test arrays exercise the lazy path; tests check that results really were
pending where that is the point (_autofuse_pending_steps)."""
import itertools
import threading

import numpy
import pytest

import cunum as cn
from helpers import SOME_DTYPES, USING_NUMPY_SHIM, assert_same, compare, fused_reductions_here, needs_numpy

pytestmark = [pytest.mark.usefixtures("device"),
              pytest.mark.skipif(USING_NUMPY_SHIM, reason="automatic fusion is cunum's (NumPy has none)")]


def steps(a):
    """How many steps the pending expression that computes `a` has (0: computed)."""
    return cn._core._autofuse_pending_steps(a)


@pytest.fixture
def fusing():
    prev = cn.set_autofuse(True, 1)
    try:
        yield
    finally:
        cn.set_autofuse(*prev)


def eager(fn, *args):
    """fn(*args) with automatic fusion off."""
    prev = cn.set_autofuse(False)
    try:
        return fn(*args)
    finally:
        cn.set_autofuse(*prev)


def assert_bitwise(want, got):
    """Same dtype, shape, strides and bytes (cunum arrays)."""
    assert want.dtype == got.dtype and want.shape == got.shape and want.strides == got.strides
    w, g = numpy.asarray(want), numpy.asarray(got)
    assert w.tobytes() == g.tobytes()


def small(shape, dt, rng):
    dt = numpy.dtype(dt)
    if dt.kind == "b":
        return rng.integers(0, 2, size=shape).astype(dt)
    if dt.kind == "u":
        return rng.integers(0, 6, size=shape).astype(dt)
    if dt.kind == "i":
        return rng.integers(-5, 6, size=shape).astype(dt)
    a = rng.integers(-8, 9, size=shape) / 4
    if dt.kind == "c":
        a = a + 1j * (rng.integers(-8, 9, size=shape) / 4)
    return a.astype(dt)


def chain(a, b):
    return (a * b + a) * b


# ------------------------------------------------------------ it fuses

def test_plain_expression_is_one_pending_expression(fusing, rng):
    a, b = cn.asarray(small(1000, "float32", rng)), cn.asarray(small(1000, "float32", rng))
    r = chain(a, b)
    assert steps(r) == 3  # three ufunc calls, one expression, nothing run yet
    want = chain(numpy.asarray(a), numpy.asarray(b))
    assert_same(want, r)
    assert steps(r) == 0


def test_threshold_keeps_small_arrays_eager(rng):
    prev = cn.set_autofuse(True, 1 << 16)
    try:
        a = cn.asarray(small(1000, "float32", rng))
        assert steps(a + a) == 0          # below the threshold: eager, as always
        big = cn.ones(1 << 16, dtype=cn.float32)
        r = big * 2 + 1
        assert steps(r) == 2
        assert_same(numpy.full(1 << 16, 3, numpy.float32), r)
    finally:
        cn.set_autofuse(*prev)


def test_switch_off(rng):
    prev = cn.set_autofuse(False, 1)
    try:
        a = cn.asarray(small(100, "float32", rng))
        assert steps(a * a + 1) == 0
        assert cn.get_autofuse() == (False, 1)
    finally:
        cn.set_autofuse(*prev)
    with pytest.raises(ValueError):
        cn.set_autofuse(True, 0)


# ------------------------------------------------------------ dtypes, scalars

@pytest.mark.parametrize("da,db", list(itertools.product(SOME_DTYPES, SOME_DTYPES)),
                         ids=lambda d: numpy.dtype(d).name)
def test_chain_mixed_dtypes(da, db, fusing, rng):
    x, y = small((7, 9), da, rng), small((7, 9), db, rng)
    compare(lambda xp, a, b: chain(a, b), x, y)
    assert_bitwise(eager(chain, cn.asarray(x), cn.asarray(y)), chain(cn.asarray(x), cn.asarray(y)))


def test_signed_byte_lanes(fusing, rng):
    """Note [Signed byte lanes]: int8 lanes of 16-byte vector loads, added or
    subtracted and then compared, widened or reduced (CUDA 13.0 lost the sign
    extension of every fourth byte). 4096 elements: the vector paths."""
    x = rng.integers(-128, 128, size=4096).astype("int8")
    y = rng.integers(-128, 128, size=4096).astype("int8")
    compare(lambda xp, a, b: (a - b) > 0, x, y)
    compare(lambda xp, a, b: (a + b) * 1.5, x, y)
    compare(lambda xp, a, b: xp.maximum(a - b, b + a), x, y)
    compare(lambda xp, a, b: (a - b).astype("int32") + 1, x, y)
    for name in ("max", "min", "mean", "sum"):
        compare(lambda xp, a, b: getattr(xp, name)(a - b), x, y)
        compare(lambda xp, a, b: getattr(xp, name)((a + b).reshape(64, 64), axis=1), x, y)
    for f in ("bitwise_count", "absolute", "negative", "sign"):
        compare(lambda xp, a: getattr(xp, f)(a), x)


@pytest.mark.parametrize("dt", SOME_DTYPES, ids=lambda d: numpy.dtype(d).name)
def test_python_scalars_are_weak(dt, fusing, rng):
    x = small((50,), dt, rng)
    for s in (True, 3, -2, 2.5, 1 + 2j):
        compare(lambda xp, a: (a * s + a) - s, x)
        compare(lambda xp, a: s * a + s, x)
    compare(lambda xp, a: a + 300, x)          # NEP 50: OverflowError for small ints, at the call
    compare(lambda xp, a: a - numpy.float64(1.5), x)  # a NumPy scalar is strong


def test_errors_are_raised_at_the_call(fusing, rng):
    i8 = cn.asarray(small(100, "int8", rng))
    with pytest.raises(OverflowError):
        i8 * 2 + 300
    i64 = cn.asarray(small(100, "int64", rng))
    with pytest.raises(ValueError):
        (i64 + 1) ** -1
    b = cn.asarray(small(100, "bool", rng))
    with pytest.raises(TypeError):
        (b & b) - b                              # boolean subtract
    with pytest.raises(TypeError):
        cn.add(i8 * 2, 1.5, out=i8)              # casting of out=
    compare(lambda xp, a: (a + 1) // 0 + a % 0, small(100, "int64", rng))  # integer division by zero: 0
    compare(lambda xp, a: (a + 1) / 0, small(100, "float32", rng))         # inf and nan


def test_transcendental_chain_bitwise(fusing, rng):
    for dt in ("float16", "float32", "float64", "complex64"):
        x = small(257, dt, rng)
        y = small(257, dt, rng)
        f = lambda a, b: cn.sqrt(cn.exp(-a) + cn.sin(b) ** 2) * 0.5 + cn.tanh(a * b)
        assert_bitwise(eager(f, cn.asarray(x), cn.asarray(y)), f(cn.asarray(x), cn.asarray(y)))
        compare(lambda xp, a, b: xp.sqrt(xp.exp(-a) + xp.sin(b) ** 2) * 0.5 + xp.tanh(a * b), x, y,
                rtol=1e-4 if dt in ("float32", "complex64") else None)


def test_comparisons_and_logic(fusing, rng):
    x, y = small(100, "float64", rng), small(100, "int16", rng)
    compare(lambda xp, a, b: (a > 0) & (b < 2) | ~(a == b), x, y)
    compare(lambda xp, a, b: xp.logical_and(a * 2 > b, b != 0) ^ (a < -1), x, y)
    compare(lambda xp, a, b: (b == 1000) | (a > 0), x, small(100, "int8", rng))  # a hook's constant


# ------------------------------------------------------------ layouts

def test_views_and_broadcast_inputs(fusing, rng):
    x, y = small((12, 10), "float32", rng), small((10,), "float64", rng)
    compare(lambda xp, a, b: chain(a[::2, 1:], b[1:]), x, y)
    compare(lambda xp, a, b: (a[:, None, :3] * b[None, :4, None] + 1) * a[:, None, :3], x, y)
    compare(lambda xp, a, b: chain(a[::-1], b), x, y)
    compare(lambda xp, a, b: chain(a.T, a.T), x, y)           # F-order inputs: the result's layout as eager
    compare(lambda xp, a, b: chain(a.T, b[:, None] + a.T * 0), x[:10], y)
    r = chain(cn.asarray(x).T, cn.asarray(x).T)
    assert_bitwise(eager(chain, cn.asarray(x).T, cn.asarray(x).T), r)


def test_zero_size_and_0d(fusing):
    compare(lambda xp: chain(xp.zeros((0, 3), xp.float32), xp.ones(3)))
    compare(lambda xp: chain(xp.asarray(2.0), xp.asarray(3.0)))
    compare(lambda xp: chain(xp.asarray(2.0), 1.5) + xp.ones((2, 2)))


def test_views_of_pending_results(fusing, rng):
    x, y = small((8, 8), "float64", rng), small((8, 8), "float64", rng)

    def f(xp, a, b):
        c = a * b
        v = c[::2]
        d = c + 1                                # extends c's expression
        return v + d[::2], c.T * 2, d.reshape(64)[3:7]
    compare(f, x, y)


def test_intermediates_a_user_keeps(fusing, rng):
    x, y = small(300, "float32", rng), small(300, "float32", rng)

    def f(xp, a, b):
        t = a * b
        u = t + a
        r = u * b
        return t, u, r
    compare(f, x, y)
    a, b = cn.asarray(x), cn.asarray(y)
    t = a * b
    r = (t + a) * b
    assert steps(r) == 3 and steps(t) == 3


def test_dropped_intermediates(fusing, rng):
    x = small(300, "float64", rng)

    def f(xp, a):
        c = a * 2
        d = c + 1
        del c
        e = a - 1                                # independent: runs d's expression first
        return d, e
    compare(f, x)


def test_unrelated_calls_start_a_new_expression(fusing, rng):
    a = cn.asarray(small(100, "float32", rng))
    rs = [(a * a + a) * a for _ in range(3)]
    assert [steps(r) for r in rs] == [0, 0, 3]   # each written expression is computed
    x = a + 1
    y = a * 2                                    # no operand from x's expression: x runs
    assert steps(x) == 0 and steps(y) == 1
    assert_same(numpy.asarray(a) + 1, x)


def test_interleaved_expressions(fusing, rng):
    w, x, y, z = (small(200, "float32", rng) for _ in range(4))
    compare(lambda xp, a, b, c, d: (lambda p, q: p * q + p)(a * b, c * d), w, x, y, z)


def test_many_inputs_and_long_chains(fusing, rng):
    xs = [small(64, dt, rng) for dt in ("float32", "int8", "uint16", "float64", "int32", "bool",
                                       "float16", "int64", "uint8", "float32", "complex64")]

    def f(xp, *a):
        r = a[0]
        for v in a[1:]:
            r = r * 0.5 + v                      # more inputs than one kernel takes
        return r
    compare(f, *xs)

    def g(xp, a):
        r = a
        for k in range(80):                      # more steps than one expression holds
            r = r * 1.0001 + 0.001 * (k % 3)
        return r
    compare(g, xs[0])

    def h(xp, a):
        r = a
        for s in range(1, 20):                   # more scalars than one kernel takes
            r = r + s
        return r
    compare(h, xs[0])


def test_same_input_twice_and_self(fusing, rng):
    x = small(100, "int32", rng)
    compare(lambda xp, a: a * a + a, x)
    compare(lambda xp, a: (lambda c: c * c)(a + 1), x)


# ------------------------------------------------------------ aliasing, writes

def test_write_to_an_input_after_the_expression(fusing, rng):
    x, y = small(100, "float32", rng), small(100, "float32", rng)

    def f(xp, a, b):
        a, b = a.copy(), b.copy()
        c = a * b + 1
        a[...] = 0                               # c is computed from the old a
        b[3] = 100
        return c, a, b
    compare(f, x, y)

    def g(xp, a):
        a = a.copy()
        c = a * 2
        a += 1                                   # in-place on an input
        d = a * 3
        a[::2] = -1                              # through a view
        return c, d, a
    compare(g, x)

    def h(xp, a):
        a = a.copy()
        v = a[10:20]
        c = v * 2                                # reads a view
        a.fill(7)
        return c
    compare(h, x)


def test_in_place_operators_on_pending(fusing, rng):
    x, y = small(100, "float64", rng), small(100, "float64", rng)

    def f(xp, a, b):
        c = a * b
        c += 1
        c *= c
        d = a + b
        d[5] = 0
        e = a - b
        e[e > 0] = 3
        return c, d, e
    compare(f, x, y)


def test_out_argument(fusing, rng):
    x, y = small(100, "float32", rng), small(100, "float32", rng)

    def f(xp, a, b):
        a = a.copy()
        c = a * b
        xp.add(c, 1, out=c)                      # out= a pending array
        d = a + b
        xp.multiply(b, 2, out=a)                 # out= an input of a pending expression
        o = xp.empty_like(a)
        e = xp.subtract(d, c, out=o)
        return c, d, a, e, o
    compare(f, x, y)
    compare(lambda xp, a, b: xp.add(a * b, 1, where=a > 0, out=xp.zeros_like(a)), x, y)


@needs_numpy((2, 2), "numpy.from_dlpack gives a writeable view (before, read-only)")
def test_dlpack_shared_memory_is_not_fused(fusing, rng, device):
    if device != "cpu":
        pytest.skip("a NumPy view of the memory needs host memory")
    a = cn.asarray(small(100, "float64", rng))
    view = numpy.from_dlpack(a)
    c = a * 2
    assert steps(c) == 0                         # memory written behind cunum's back: never deferred
    view[:] = 5
    assert_same(numpy.asarray(c), c)
    assert float(c[0]) != 10 or float(numpy.asarray(a)[0]) == 5


# ------------------------------------------------------------ reading pending arrays

def test_printing_and_conversions(fusing, rng):
    x = small((3, 4), "float32", rng)
    a = cn.asarray(x)
    n = chain(x, x)
    assert repr(chain(a, a)) == repr(cn.asarray(n))
    assert str(chain(a, a)) == str(cn.asarray(n))
    assert chain(a, a).tolist() == n.tolist()
    assert_same(n, chain(a, a))
    numpy.testing.assert_array_equal(numpy.asarray(chain(a, a)), n)
    numpy.testing.assert_array_equal(chain(a, a).get(), n)
    assert float(chain(a, a)[1, 2]) == float(n[1, 2])
    assert bool((a * 0 + 1)[0, 0])
    assert chain(a, a).item(5) == n.item(5)
    assert list(iter(chain(a, a)[0])) == list(n[0])


@pytest.mark.parametrize("routine", [
    lambda xp, c: c.sum(), lambda xp, c: xp.mean(c, axis=0), lambda xp, c: xp.max(c),
    lambda xp, c: xp.sort(c, axis=None), lambda xp, c: xp.argsort(c, axis=1, kind="stable"),
    lambda xp, c: c[1], lambda xp, c: c[[0, 2], 1:], lambda xp, c: c[c > 0],
    lambda xp, c: xp.take(c, [3, 1]), lambda xp, c: xp.cumsum(c, axis=1),
    lambda xp, c: c @ c.T, lambda xp, c: xp.linalg.norm(c), lambda xp, c: xp.linalg.inv(c[:, :4] + 4 * xp.eye(4)),
    lambda xp, c: xp.where(c > 0, c, -c), lambda xp, c: xp.concatenate([c, c]), lambda xp, c: c.astype(xp.int32),
    lambda xp, c: xp.unique(c), lambda xp, c: c.reshape(-1)[::3], lambda xp, c: c.copy(order="F"),
    lambda xp, c: xp.clip(c, -1, 1), lambda xp, c: xp.nonzero(c), lambda xp, c: xp.diff(c),
    lambda xp, c: xp.dot(c[0], c[1]), lambda xp, c: xp.einsum("ij->j", c),
    lambda xp, c: xp.add.reduce(c, axis=1), lambda xp, c: xp.maximum.accumulate(c, axis=0),
    lambda xp, c: xp.isclose(c, c * 1), lambda xp, c: bool(xp.array_equal(c, c + 0)),
])
def test_pending_into_routines(routine, fusing, rng):
    x, y = small((4, 6), "float64", rng), small((4, 6), "float64", rng)
    compare(lambda xp, a, b: routine(xp, chain(a, b) - 1), x, y)


def test_pending_into_fft(fusing, rng):
    # cuFFT and NumPy's pocketfft round differently: an imaginary part that is
    # exactly 0 in one is ~1e-16 in the other, hence the absolute tolerance
    x, y = small((4, 6), "float64", rng), small((4, 6), "float64", rng)
    compare(lambda xp, a, b: xp.fft.fft(chain(a, b) - 1), x, y, atol=1e-12)


def test_pending_as_index_and_scatter(fusing, rng):
    x = small(20, "int64", rng)

    def f(xp, a):
        idx = (a * 0 + 3) % 20
        t = xp.zeros(20)
        t[idx] = 1.5
        u = a * 2
        u[idx] = -1
        xp.add.at(u, idx + 1, 5)
        return t, u, a[idx]
    compare(f, x)


# ------------------------------------------------------------ threads

def test_threads(fusing, rng):
    xs = [small(5000, "float32", rng) for _ in range(8)]
    want = [chain(x, x[::-1].copy()) for x in xs]
    got = [None] * len(xs)
    errors = []

    def work(i):
        try:
            a, b = cn.asarray(xs[i]), cn.asarray(xs[i][::-1].copy())
            for _ in range(20):
                r = chain(a, b)
                got[i] = numpy.asarray(r)
        except Exception as e:  # reported below
            errors.append(e)
    ts = [threading.Thread(target=work, args=(i,)) for i in range(len(xs))]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors
    for w, g in zip(want, got):
        numpy.testing.assert_array_equal(w, g)


def test_pending_read_in_another_thread(fusing, rng):
    x = small(1000, "float64", rng)
    a = cn.asarray(x)
    made = [chain(a, a + 1) for _ in range(4)]
    assert all(steps(m) == 4 for m in made[-1:])
    out = [None] * 4

    def read(i):
        out[i] = numpy.asarray(made[i])
    ts = [threading.Thread(target=read, args=(i,)) for i in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    for o in out:
        numpy.testing.assert_array_equal(o, chain(x, x + 1))


def test_synchronize_runs_pending(fusing, rng):
    a = cn.asarray(small(100, "float32", rng))
    r = chain(a, a)
    assert steps(r) == 3
    cn.cuda.Device().synchronize() if hasattr(cn, "cuda") and cn.cuda.is_available() else cn._fusion.flush_pending()
    assert steps(r) == 0
    assert_same(chain(numpy.asarray(a), numpy.asarray(a)), r)


# ---------------------------------------------------------------- reductions of pending expressions
# Note [Automatic fused reductions]: a reduction of the head of a pending
# expression runs as one fused reduction over its steps (the counter of fused
# reductions says so); a head the user still holds is written when read.

def fused_runs():
    return cn._core._fused_reduction_count()


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "any", "all", "mean", "nansum", "nanprod"])
@pytest.mark.parametrize("dt", SOME_DTYPES, ids=lambda d: numpy.dtype(d).name)
def test_reduction_of_a_pending_expression(name, dt, fusing, rng):
    a, b = small((5, 7), dt, rng), small((5, 7), dt, rng)
    for axis in (None, 0, -1, (0, 1)):
        before = fused_runs()
        compare(lambda xp, x, y: getattr(xp, name)(x * y + x, axis=axis), a, b)
        assert (fused_runs() > before) == fused_reductions_here()
        op = (lambda x, y: x ^ y) if dt == numpy.bool_ else (lambda x, y: x - y)
        before = fused_runs()
        compare(lambda xp, x, y: getattr(xp, name)(op(x, y), axis=axis, keepdims=True), a, b)
        assert (fused_runs() > before) == fused_reductions_here()


def test_reduced_head_a_user_holds_is_written(fusing, rng):
    a = small((300,), "float32", rng)
    x = cn.asarray(a)
    y = x * x + 1
    before = fused_runs()
    s = y.sum(dtype="float64")
    assert fused_runs() == before + int(fused_reductions_here())
    if fused_reductions_here():                               # else the fallback wrote it
        assert steps(y) == 2                                  # still pending: written when read
    assert_same(numpy.sum(a * a + 1, dtype="float64"), s)
    assert_same(a * a + 1, y)                                 # the held head, computed on read
    assert_bitwise(eager(lambda: cn.asarray(a) * cn.asarray(a) + 1), y)
    z = x * 2
    z.max()
    w = z + 1                                                 # extends the expression that z heads
    assert_same(a * 2 + 1, w)
    assert_same(a * 2, z)


def test_reduction_of_a_view_or_a_middle_step_is_not_fused(fusing, rng):
    a = small((6, 8), "float32", rng)
    x = cn.asarray(a)
    before = fused_runs()
    y = x * 3
    assert_same((a * 3)[1:].sum(), y[1:].sum())               # a view of the head: written, then reduced
    t = x + 1
    u = t * 2                                                 # t is a middle step now
    assert_same((a + 1).sum(), t.sum())
    assert_same((a + 1) * 2, u)
    assert fused_runs() == before


def test_reduction_errors_of_a_pending_expression(fusing, rng):
    x = cn.asarray(small((4, 5), "float32", rng))
    y = x * x
    with pytest.raises(numpy.exceptions.AxisError):
        y.sum(axis=2)
    with pytest.raises(ValueError):
        y.sum(axis=(0, 0))
    with pytest.raises(TypeError):
        y.max(dtype="float64")
    assert_same(numpy.asarray(x) ** 2, y)                     # still computed right after the errors
    e = cn.asarray(numpy.zeros((0, 3), "float32")) * 2
    with pytest.raises(ValueError):
        e.max(axis=0)
    assert_same(numpy.zeros(3, "float32"), e.sum(axis=0))


def test_reduction_of_pending_expression_off(rng):
    prev = cn.set_autofuse(False)
    try:
        x = cn.asarray(small((50,), "float32", rng))
        before = fused_runs()
        (x * x).sum()
        assert fused_runs() == before
    finally:
        cn.set_autofuse(*prev)
