"""cunum.fuse (docs/fusion.md) against NumPy: the fused function must give
what the plain function gives under NumPy (values, dtype, shape) for every
dtype combination sampled, broadcasting, views, Python and NumPy scalars,
reductions with axis (and work after them), two-output ufuncs, the calls
whose hooks answer with a constant or raise, aliasing hazards, and CuPy's
errors and dispatch rules."""
import itertools

import numpy
import pytest

import cunum as cn
from helpers import (SOME_DTYPES, needs_numpy, USING_NUMPY_SHIM, assert_same, clip_int_bounds, compare, fused_reductions_here,
                     make_data)

NUMPY_2_5 = tuple(int(p) for p in numpy.__version__.split(".")[:2]) >= (2, 5)

pytestmark = [pytest.mark.usefixtures("device"),
              pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum.fuse: NumPy has none (the suite is running against NumPy)")]


def fused_compare(body, *args, prep=None, **kw):
    """compare() of body(xp)(*args): plain under NumPy, cunum.fuse under cunum
    (prep(*args) makes the arguments, views of them, first)."""
    def run(xp, *a):
        f = body(xp)
        if prep is not None:
            a = prep(*a)
        return cn.fuse(f)(*a) if xp is cn else f(*a)
    return compare(run, *args, **kw)


def small(shape, dt, rng):
    """Data whose products and sums stay exact in every dtype (no overflow
    beyond what NumPy and cunum both wrap alike)."""
    dt = numpy.dtype(dt)
    if dt.kind == "b":
        return rng.integers(0, 2, size=shape).astype(dt)
    if dt.kind == "u":
        return rng.integers(0, 6, size=shape).astype(dt)
    if dt.kind == "i":
        return rng.integers(-5, 6, size=shape).astype(dt)
    a = rng.integers(-8, 9, size=shape).astype(dt) / 4
    if dt.kind == "c":
        a = a + 1j * (rng.integers(-8, 9, size=shape) / 4)
    return a.astype(dt)


def chain(xp):
    return lambda a, b: (a * b + a) * b


@pytest.mark.parametrize("da,db", list(itertools.product(SOME_DTYPES, SOME_DTYPES)),
                         ids=lambda d: numpy.dtype(d).name)
def test_chain_every_dtype_pair(da, db, rng):
    fused_compare(chain, small((7, 9), da, rng), small((7, 9), db, rng))


@pytest.mark.parametrize("dt", SOME_DTYPES, ids=lambda d: numpy.dtype(d).name)
def test_ufuncs_and_python_scalars(dt, rng):
    a, b = small((33,), dt, rng), small((33,), dt, rng)
    for s in (True, 3, -2, 2.5, 1 + 2j):
        fused_compare(lambda xp: lambda x, y: xp.maximum(x * s, y) - s, a, b)
        fused_compare(lambda xp: lambda x, s2: s2 * x + s2, a, s)


@pytest.mark.parametrize("dt", ["float16", "float32", "float64", "complex64", "complex128"])
def test_transcendental_chain(dt, rng):
    a = make_data((40,), dt, kind="positive", rng=rng)
    b = make_data((40,), dt, rng=rng)
    fused_compare(lambda xp: lambda x, y: xp.sqrt(xp.exp(-x) + xp.sin(y) ** 2) * 0.5, a, b)
    fused_compare(lambda xp: lambda x, y: xp.log1p(xp.abs(x)) / (1 + y * y), a, b)


def test_division_and_integer_rules(rng):
    i8, i64 = small((20,), "int8", rng), small((20,), "int64", rng)
    u8 = small((20,), "uint8", rng)
    fused_compare(lambda xp: lambda x, y: x / (y * y + 1), i8, i64)   # true divide of ints: float64
    fused_compare(lambda xp: lambda x, y: (x + 1) // 2 + y % 3, i8, u8)
    fused_compare(lambda xp: lambda x, y: x ** 2 + (y << 1) - (x & 3), i8, i64)
    fused_compare(lambda xp: lambda x: x + 300, i8)                   # NEP 50: OverflowError
    fused_compare(lambda xp: lambda x: x ** -1, i64)                  # ValueError
    fused_compare(lambda xp: lambda x: (x == 1000) | (x < 3), i8)     # a constant comparison


def test_logical_and_comparisons(rng):
    a, b = small((5, 6), "float32", rng), small((5, 6), "int16", rng)
    fused_compare(lambda xp: lambda x, y: xp.logical_and(x > 0, y != 2) ^ xp.logical_not(x < y), a, b)
    fused_compare(lambda xp: lambda x: xp.logical_or(x, 0.0), a)
    fused_compare(lambda xp: lambda x, y: xp.isfinite(x / y), a, b)


def test_two_output_ufuncs(rng):
    a = small((12,), "float64", rng) + 5
    b = small((12,), "int32", rng) + 7
    fused_compare(lambda xp: lambda x, y: xp.divmod(x * 3, y), a, b)
    fused_compare(lambda xp: lambda x: tuple(r + 1 for r in xp.modf(x * 1.5)), a)
    fused_compare(lambda xp: lambda x, y: divmod(y, 3)[0] * x, a, b)


@pytest.mark.parametrize("sa,sb", [((3, 1, 5), (4, 1)), ((1,), (6, 2)), ((), (3, 4)), ((2, 0), (2, 1))])
def test_broadcasting(sa, sb, rng):
    fused_compare(chain, small(sa, "float32", rng), small(sb, "float64", rng))
    fused_compare(lambda xp: lambda x, y: (x + 1, y * 2), small(sa, "int16", rng), small(sb, "int16", rng))


def test_views_and_layouts(rng):
    base = small((8, 10), "float32", rng)
    other = small((10, 8), "float64", rng)
    fused_compare(chain, base, other, prep=lambda x, y: (x[::2, 1::3], y.T[::2, 1::3]))
    fused_compare(chain, base, other, prep=lambda x, y: (x[:, ::-1], y.T))
    fused_compare(chain, base, other, prep=lambda x, y: (x[1:, :7], y[2:9].T[1:, :]))


def test_numpy_scalar_arguments_are_strong(rng):
    a = small((9,), "float32", rng)
    fused_compare(lambda xp: lambda x, s: x * s, a, numpy.float64(1.5))
    fused_compare(lambda xp: lambda x, s: x + s, small((9,), "int8", rng), numpy.int64(3))


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "any", "all", "mean"])
def test_final_reductions(name, rng):
    a, b = small((4, 5, 6), "float64", rng), small((4, 5, 6), "float32", rng)
    for axis in (None, 0, 2, (0, 1), -1):
        fused_compare(lambda xp: lambda x, y: getattr(xp, name)(x * y + 1, axis=axis), a, b)
        fused_compare(lambda xp: lambda x, y: getattr(x * y - 1, name)(axis=axis, keepdims=True), a, b)


def test_reduction_dtypes_and_work_after(rng):
    i8 = small((6, 7), "int8", rng)
    f = small((6, 7), "float32", rng)
    fused_compare(lambda xp: lambda x: xp.sum(x * x, axis=1), i8)                  # int8 sum -> int64
    fused_compare(lambda xp: lambda x: xp.sum(x * 2, dtype=xp.int16), i8)
    fused_compare(lambda xp: lambda x: xp.sqrt(xp.sum(x * x, axis=0)) + 1, f)
    fused_compare(lambda xp: lambda x: x - x.mean(axis=0), f)                      # broadcast back
    fused_compare(lambda xp: lambda x, y: (xp.max(x + y), xp.min(x - y, axis=1)), f, i8)
    fused_compare(lambda xp: lambda x: xp.argmax(x * -1.0, axis=1), f)


def test_result_is_new_and_inputs_untouched(rng):
    a, b = small((50,), "float32", rng), small((50,), "float32", rng)
    x, y = cn.asarray(a), cn.asarray(b)
    f = cn.fuse(chain(cn))
    c = f(x, y)
    want = (a * b + a) * b
    x[...] = 7      # writing into an input after the call does not change the result
    y += 1
    assert_same(want, c)
    assert not cn.shares_memory(c, x) and not cn.shares_memory(c, y)
    assert_same(numpy.full(50, 7, numpy.float32), x)
    # in-place on a view of an input between two calls: the next call sees it
    x[:10] = 0
    assert_same((numpy.where(numpy.arange(50) < 10, 0, 7).astype(numpy.float32) * (b + 1)
                 + numpy.where(numpy.arange(50) < 10, 0, 7).astype(numpy.float32)) * (b + 1), f(x, y))


def test_identity_returns_the_argument(rng):
    x = cn.asarray(small((4,), "int32", rng))
    f = cn.fuse(lambda a, b: (a, a + b))
    r = f(x, 2)
    assert r[0] is x
    assert_same(cn.asnumpy(x) + 2, r[1])


def test_cache_per_signature(rng):
    calls = []

    def body(x, y):
        calls.append(1)
        return x * y + 1

    f = cn.fuse(body)
    x32, x64 = cn.asarray(small((5,), "float32", rng)), cn.asarray(small((5,), "float64", rng))
    f(x32, x32)
    f(x32, cn.asarray(small((5,), "float32", rng)))
    assert len(calls) == 1                    # one trace per (dtypes, ndims)
    f(x64, x32)
    f(x32[None], x32)
    assert len(calls) == 3
    f(x32, 2)
    f(x32, 2)
    f(x32, 3)                                 # a Python scalar's value is part of the key
    assert len(calls) == 5
    f(x32, float("nan"))
    f(x32, float("nan"))                      # nan is one key
    assert len(calls) == 6


def test_signed_zero_scalars_are_distinct():
    a = numpy.array([1.0, -2.0, 3.0], numpy.float32)
    g = cn.fuse(lambda x, s: x * s)
    x = cn.asarray(a)
    assert_same(a * 0.0, g(x, 0.0))
    assert_same(a * -0.0, g(x, -0.0))     # not the program traced for 0.0


def test_decorator_forms():
    x = cn.arange(5, dtype=cn.float32)

    @cn.fuse
    def a(v):
        return v + 1

    @cn.fuse()
    def b(v):
        return v + 1

    @cn.fuse(kernel_name="plus_one")
    def c(v):
        return v + 1

    for f in (a, b, c):
        assert_same(numpy.arange(5, dtype=numpy.float32) + 1, f(x))
    assert c.name == "plus_one" and a.__name__ == "a"
    with pytest.raises(TypeError):
        cn.fuse(kernel="x")


def test_numpy_inputs_call_the_plain_function():
    f = cn.fuse(lambda a, b: (a * b + a) * b)
    r = f(numpy.arange(4.0), numpy.ones(4))
    assert isinstance(r, numpy.ndarray)
    numpy.testing.assert_array_equal(r, numpy.arange(4.0) * 2)
    assert f(2, 3) == 24


INPLACE_OPS = ["+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^=", "<<=", ">>="]


def positive(shape, dt, rng):
    """Data without zeros or negatives (divisors, shift counts, exponents)."""
    return (numpy.abs(small(shape, dt, rng)) + 1).astype(dt)


@pytest.mark.parametrize("op", INPLACE_OPS)
@pytest.mark.parametrize("da,db", [("int64", "int64"), ("uint8", "int64"), ("float32", "int16"),
                                   ("int32", "float64"), ("complex64", "float32")])
def test_inplace_operators_as_numpy(op, da, db, rng):
    # x op= y writes into the argument (compare() checks the arguments after
    # the call), with NumPy's casting errors; a value read before keeps the
    # old contents, a read after sees the new ones
    ns = {}
    exec(f"def f(x, y):\n    z = x * 2\n    x {op} y\n    return x + z", ns)
    fused_compare(lambda xp: ns["f"], positive((6,), da, rng), positive((6,), db, rng))
    fused_compare(lambda xp: ns["f"], positive((2, 3), da, rng), 3)


def test_inplace_on_computed_values_and_ufunc_out(rng):
    # a value of a graph is materialised, then written; out= an argument (also
    # in a 1-tuple) writes into it
    a, b = small((4, 5), "float64", rng), small((5,), "float64", rng)

    def body(xp):
        def f(x, y):
            w = x + y
            w *= 2
            xp.multiply(w, y, out=w)
            xp.add(x, 1, out=(x,))
            return w.sum(axis=0), x * w
        return f
    fused_compare(body, a, b)
    fused_compare(lambda xp: lambda x, y: xp.subtract(x, y, out=x).sum(axis=1), a, b)


def test_inplace_on_numpy_scalars_rebinds():
    # a NumPy scalar is immutable: `s += x` makes a new value (promoted as
    # NumPy promotes), and another name for the old one keeps it
    def f(s, t, x):
        old = s
        s += t
        return x + s + old
    x = numpy.arange(3, dtype=numpy.uint8)
    fused_compare(lambda xp: f, numpy.uint8(2), numpy.int64(5), x, check_args=False)
    fused_compare(lambda xp: f, numpy.float32(1.5), numpy.int8(3), x, check_args=False)


@pytest.mark.parametrize("da,db", list(itertools.product(SOME_DTYPES, SOME_DTYPES)),
                         ids=lambda d: numpy.dtype(d).name)
def test_dtype_while_traced(da, db, rng):
    # .dtype of an argument or of a ufunc's result, read while the function is
    # traced, is the dtype it has when run (NumPy's promotion, Python scalars
    # weak); out=None is no out
    def body(xp, seen):
        def f(x, y):
            for v in (x, y, x + y, x * y, x / y, x < y, x + 1, x * 2.5, x * 1j, abs(x),
                      xp.add(x, y, out=None)):
                seen.append(v.dtype)
            return x + y if (x * y).dtype.kind in "fc" else x * y
        return f
    a, b = positive((5,), da, rng), positive((5,), db, rng)
    want, got = [], []
    expected = body(numpy, want)(a, b)
    assert_same(expected, cn.fuse(body(cn, got))(cn.asarray(a), cn.asarray(b)))
    assert got == want


@pytest.mark.parametrize("key", [Ellipsis, slice(None), (slice(None), slice(None)), (Ellipsis,)], ids=repr)
def test_assignment_of_the_whole_array(key, rng):
    """x[...] = v and x[:] = v (CuPy's two forms): NumPy's assignment into x
    (its casting: float into int truncates), which the caller's array shows,
    and later reads of x see."""
    a, b = small((3, 4), "int32", rng), small((3, 4), "float32", rng)

    def body(xp):
        def f(x, y):
            t = x * 2
            x[key] = y * 3
            t[key] = 7
            return x + 1, t
        return f
    fused_compare(body, a, b)
    fused_compare(lambda xp: lambda x, y: [x.__setitem__(key, 1.5), x * y][1], b, a)


def test_assignment_errors():
    x = cn.arange(6, dtype=cn.float64)

    def part(a):
        a[1:] = 0
        return a
    with pytest.raises(TypeError, match="item assignment"):
        cn.fuse(part)(x)
    with pytest.raises(TypeError, match="NumPy scalar"):
        cn.fuse(lambda s, a: [s.__setitem__(Ellipsis, 1), a + s][1])(numpy.float64(2), x)
    with pytest.raises(ValueError, match="broadcast"):  # NumPy's: 3 values into 6
        cn.fuse(lambda a, b: [a.__setitem__(Ellipsis, b), a][1])(x, cn.ones(3))


def test_inplace_matmul_raises():
    # @= is no ufunc of a graph: it raises, never a silent rebinding that
    # leaves the argument as it was
    def f(x, y):
        x @= y
        return x
    x = cn.ones((2, 2))
    with pytest.raises(TypeError, match="in-place"):
        cn.fuse(f)(x, x)


def test_errors():
    x = cn.arange(6, dtype=cn.float64)
    captured = cn.ones(6)

    def control_flow(a):
        return a if a > 0 else -a

    with pytest.raises(TypeError, match="truth value"):
        cn.fuse(control_flow)(x)
    with pytest.raises(TypeError, match="unsupported operand"):
        cn.fuse(lambda a: cn.add(a, captured))(x)
    with pytest.raises(TypeError, match="unsupported argument"):
        cn.fuse(lambda a, b: a + b)(x, numpy.ones(6))
    with pytest.raises(TypeError, match="unsupported argument"):
        cn.fuse(lambda a, b: a + b)(x, [1, 2])
    with pytest.raises(TypeError, match="keyword"):
        cn.fuse(lambda a: cn.add(a, 1, dtype=cn.float32))(x)
    with pytest.raises(TypeError, match="positional"):
        cn.fuse(lambda a: a)(a=x)
    with pytest.raises(TypeError, match="out="):
        cn.fuse(lambda a, o: cn.sum(a, out=o))(x, cn.zeros(()))
    with pytest.raises(TypeError, match="indexing"):
        cn.fuse(lambda a: a[0])(x)
    with pytest.raises(TypeError, match="len"):
        cn.fuse(lambda a: len(a))(x)
    with pytest.raises(TypeError):  # NumPy's: no loop for bool subtract
        cn.fuse(lambda a: a - a)(x > 1)
    with pytest.raises(ValueError):  # broadcasting
        cn.fuse(lambda a, b: a + b)(x, cn.ones(4))


@pytest.mark.parametrize("shape", [(5000,), (3, 2500), (70, 3, 40), (64, 1500)])
def test_graph_fused_equals_call_by_call(shape, rng):
    """The backend's fused loop (chunks on the CPU, one kernel on the GPU)
    against the same graph run call by call, over many chunks and outer dims,
    with a scalar, a conversion (int16 input to the float32 loop) and two
    outputs."""
    g = cn._core._FusionGraph(2)
    x, y = g.input(0), g.input(1)
    p = g.call("multiply", [x, y])[0]
    q = g.call("add", [p, g.scalar(0.5)])[0]
    d = g.call("divmod", [q, x])
    g.set_outputs([g.call("multiply", [q, y])[0], d[1], x])
    a = cn.asarray(small(shape, "float32", rng) + 9)
    b = cn.asarray(small(shape, "int16", rng))
    for args in ([a, b], [a[..., ::-1], b], [a.T, b.T]):
        fused, eager = g.run(args), g.run_eager(args)
        assert cn.shares_memory(fused[2], args[0]) and fused[2].strides == args[0].strides
        for f, e in zip(fused[:2], eager[:2]):
            assert_same(cn.asnumpy(e), f)


def test_where_and_clip_inside(rng):
    """where and clip inside fused functions (they join the graph: below)."""
    a, b = small((6, 7), "float32", rng), small((6, 7), "int16", rng)
    fused_compare(lambda xp: lambda x, y: xp.where(x > 0, x * 2, y) + 1, a, b)
    fused_compare(lambda xp: lambda x, y: xp.where(y < 2, 0.5, x) * y, a, b)
    fused_compare(lambda xp: lambda x: xp.clip(x * 3, -1, 2) - x, a)
    fused_compare(lambda xp: lambda x, y: xp.clip(x, y, 3) * 2, a, b)
    fused_compare(lambda xp: lambda x: (x + 1).clip(0, 1), a)
    fused_compare(lambda xp: lambda x: xp.clip(x * 2, *clip_int_bounds(xp, numpy.int8, -1000, 1000)),
                  b.astype(numpy.int8))


# ---------------------------------------------------------------- where in the graph
# Note [Fused where]: where(c, x, y) is a node of the graph (one kernel with
# the ufuncs around it), promoting x and y as the eager routine does.

def fused_steps(body, *args):
    """cunum.fuse(body(cn)) run on args (cunum arrays of them): its trace's
    step kinds (_step_kinds)."""
    f = cn.fuse(body(cn))
    f(*[cn.asarray(a) for a in args])
    return _step_kinds(f)


@pytest.mark.parametrize("dx,dy", list(itertools.product(SOME_DTYPES, SOME_DTYPES))[::2],
                         ids=lambda d: numpy.dtype(d).name)
def test_where_joins_the_graph(dx, dy, rng):
    x, y = small((5, 6), dx, rng), small((5, 6), dy, rng)
    body = lambda xp: lambda x, y: xp.where(x > y, x, y) + 1  # noqa: E731
    if dx.kind != "c" and dy.kind != "c" and (dx.kind, dy.kind) != ("b", "b"):
        fused_compare(body, x, y)
        assert fused_steps(body, x, y) == [0]
    # the condition in any dtype (its truth value), broadcast, and views of the operands
    fused_compare(lambda xp: lambda c, x, y: xp.where(c, x, y), y[0], x, y[:, ::-1])
    fused_compare(lambda xp: lambda c, x, y: xp.where(c, x * 2, y) - x, x[:, :1], x, y.T.copy(),
                  prep=lambda c, x, y: (c, x[::-1], y.T))
    assert fused_steps(lambda xp: lambda c, x, y: xp.where(c, x, y), y[0], x, y) == [0]


@pytest.mark.parametrize("dt", ["bool", "int8", "uint64", "float16", "float32", "float64", "complex64", "complex128"])
def test_where_scalars_inside(dt, rng):
    """Python scalars (weak: NEP 50), NumPy scalars (strong), a scalar
    condition and two scalar choices, as the eager routine takes them."""
    a = small((4, 7), dt, rng)
    for s in (0, 1, 2.5, 1j, True):
        fused_compare(lambda xp: lambda x: xp.where(x != 0, x, s), a)
        fused_compare(lambda xp: lambda x: xp.where(x == 0, s, x) * 2, a)
    fused_compare(lambda xp: lambda x: xp.where(x != 0, numpy.float32(1.5), x), a)
    fused_compare(lambda xp: lambda x: xp.where(x != 0, numpy.int16(-3), numpy.uint8(7)) + x, a)
    fused_compare(lambda xp: lambda x: xp.where(x != 0, 1, 2.5), a)
    for c in (True, False, 0.0, 3):
        fused_compare(lambda xp: lambda x, y: xp.where(c, x, y) + 0, a, a[::-1])
    assert fused_steps(lambda xp: lambda x: xp.where(x != 0, x, 2) + 1, a) == [0]


def test_where_condition_special_values():
    """NaN is true, both zeros false, a complex number with one nonzero part
    true, a bool byte other than 0 or 1 true (Note [Bool bytes]); the chosen
    values keep their signed zeros and NaNs (no arithmetic on them)."""
    f = numpy.array([numpy.nan, -0.0, 0.0, numpy.inf, -numpy.inf, 1e-310, -2.0, 5.0])
    z = numpy.array([complex(0, numpy.nan), complex(-0.0, 0), 0j, 1j, complex(-0.0, -0.0), 2, -1j, 0j])
    y = numpy.array([-0.0, numpy.nan, -0.0, 1.0, -0.0, 0.0, numpy.inf, -0.0])
    for cond in (f, f.astype(numpy.float32), f.astype(numpy.float16), z, z.astype(numpy.complex64)):
        fused_compare(lambda xp: lambda c, x, y: xp.where(c, x, y), cond, f[::-1].copy(), y)
        fused_compare(lambda xp: lambda c, y: xp.where(c, -0.0, y), cond, y)
    # bool bytes: the where's condition read through its byte (and after a ufunc)
    raw = numpy.array([0, 1, 2, 255, 0, 7, 1, 0], numpy.uint8)

    def run(xp, r, x, y):
        c = r.view(bool) if xp is numpy else cn.asarray(r).view(bool)
        g = lambda c, x, y: xp.where(c, x, y) * 1  # noqa: E731
        return (cn.fuse(g) if xp is cn else g)(c, x, y)
    compare(run, raw, f, y)


def test_where_errors_inside():
    a = numpy.array([1, 2], numpy.int8)
    # A Python int must fit the result's dtype (NumPy 2.5; NumPy 2.4 wrapped 300 into int8).
    for body in (lambda xp: lambda x: xp.where(x > 1, x, 300), lambda xp: lambda x: xp.where(x > 1, 300, x) + 1):
        if NUMPY_2_5:
            fused_compare(body, a)
        else:
            with pytest.raises(OverflowError, match="Python integer 300 out of bounds for int8"):
                cn.fuse(body(cn))(cn.asarray(a))
    with pytest.raises(ValueError):  # broadcasting
        cn.fuse(lambda c, x, y: cn.where(c, x, y))(cn.ones(2, bool), cn.ones(3), cn.ones(4))
    with pytest.raises(TypeError):  # a cunum array not passed as an argument
        cn.fuse(lambda x: cn.where(x > 0, x, cn.ones(2)))(cn.ones(2))


@pytest.mark.parametrize("shape", [(5000,), (3, 2500), (64, 1500)])
def test_graph_where_fused_equals_call_by_call(shape, rng):
    """A graph with where nodes (array, scalar and value operands; a scalar
    condition) fused against the same graph run call by call, over many
    chunks, with strided inputs."""
    g = cn._core._FusionGraph(3)
    x, y, c = g.input(0), g.input(1), g.input(2)
    p = g.call("multiply", [x, y])[0]
    w = g.where(c, p, g.scalar(-1.5))[0]
    v = g.where(g.call("greater", [w, x])[0], g.scalar(2), y)[0]
    u = g.where(g.scalar(True), v, x)[0]
    g.set_outputs([g.call("add", [w, v])[0], u])
    a = cn.asarray(small(shape, "float32", rng))
    b = cn.asarray(small(shape, "int16", rng))
    m = cn.asarray(small(shape, "uint8", rng))
    for args in ([a, b, m], [a[..., ::-1], b, m], [a.T, b.T, m.T]):
        fused, eager = g.run(args), g.run_eager(args)
        for f_, e in zip(fused, eager):
            assert f_.dtype == e.dtype
            assert_same(cn.asnumpy(e), f_, exact=True)


@pytest.mark.parametrize("dt", ["int8", "float32", "float64", "complex128"])
def test_where_in_fused_reductions(dt, rng):
    a = small((12, 40), dt, rng)
    fused_reduce_compare(lambda xp: lambda x: xp.sum(xp.where(x != 0, x, 1) * 2, axis=1), a)
    fused_reduce_compare(lambda xp: lambda x: xp.prod(xp.where(x != 2, x, 1), axis=0), a,
                         zero_signs=not order_free("prod", dt))
    if dt != "complex128":
        fused_reduce_compare(lambda xp: lambda x: xp.max(xp.where(x > 0, x, -x)), a)
    assert fused_steps(lambda xp: lambda x: xp.sum(xp.where(x != 0, x, 1), axis=1), a) == [2]


@pytest.mark.parametrize("dt", ["float32", "int8", "uint16", "float16", "complex64", "bool"])
@pytest.mark.parametrize("sdt", ["int16", "float32", "uint8", "float64", "bool", "complex128"])
def test_numpy_scalars_made_inside(dt, sdt, rng):
    """A NumPy scalar created inside the fused function is a strong operand
    (its dtype promotes, as in eager code), on either side of an operator:
    NumPy's own operators defer to the traced value's."""
    a = small((3, 4), dt, rng)
    t = numpy.dtype(sdt).type
    fused_compare(lambda xp: lambda x: x + t(1), a)
    fused_compare(lambda xp: lambda x: t(1) + x, a)
    fused_compare(lambda xp: lambda x: t(2) * x - x * t(1), a)
    if dt != "complex64" and sdt != "complex128":
        fused_compare(lambda xp: lambda x: (t(1) < x) | (x >= t(0)), a)
        fused_compare(lambda xp: lambda x: xp.maximum(x, t(1)), a)


def _step_kinds(f):
    """The steps of f's one trace: 0 a graph, 2 a fused reduction, 1 a
    routine run between graphs."""
    (prog,) = f._programs.values()
    return [step[0] for step in prog.steps]


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="inspects cunum.fuse's trace")
@pytest.mark.parametrize("dt", ["float32", "float64", "float16", "int8", "uint16", "int64"])
def test_clip_joins_the_graph(dt, rng):
    """clip with Python scalar bounds, one bound, or (dtypes other than
    float32/float64) array bounds runs inside the graph as the eager routine's
    maximum and minimum calls (Note [Clip ties]); elsewhere it runs between
    graphs. Results are NumPy's either way."""
    a = small((6, 7), dt, rng)
    lo = numpy.minimum(small((6, 7), dt, rng), 1).astype(dt)
    fused = [lambda xp: lambda x: xp.clip(x * 3, 1, 2) - x,
             lambda xp: lambda x: (x + 1).clip(0, None),
             lambda xp: lambda x: xp.clip(x, None, 1) * 2,
             lambda xp: lambda x: xp.clip(x, 0.5, 2.5) + 1]      # float64 loop for integers
    for body in fused:
        fused_compare(body, a)
        f = cn.fuse(body(cn))
        f(cn.asarray(a))
        assert _step_kinds(f) == [0]
    with_array = lambda xp: lambda x, y: xp.clip(x, y, 3) * 2  # noqa: E731
    fused_compare(with_array, a, lo)
    f = cn.fuse(with_array(cn))
    f(cn.asarray(a), cn.asarray(lo))
    assert _step_kinds(f) == ([1, 0] if dt in ("float32", "float64") else [0])
    wider = lambda xp: lambda x, y: xp.clip(x, 1, y)  # noqa: E731  # eager's maximum runs in float32
    hi = (a.astype(numpy.float32) + 2)
    fused_compare(wider, a, hi)
    if dt != "float32":
        f = cn.fuse(wider(cn))
        f(cn.asarray(a), cn.asarray(hi))
        assert 1 in _step_kinds(f)


@needs_numpy((2, 1), "clip with bounds of stride 0 returns the item on ties")
@pytest.mark.parametrize("dt", ["float16", "float32", "float64"])
def test_clip_in_the_graph_keeps_signed_zeros(dt):
    x = numpy.tile(numpy.array([-0.0, 0.0], dt), 20)
    fused_compare(lambda xp: lambda v: xp.clip(v * 1, 0.0, 1.0), x)
    fused_compare(lambda xp: lambda v: xp.clip(-v, -1.0, -0.0), x)
    fused_compare(lambda xp: lambda v, w: xp.clip(v * 1, w, 1.0), x, -x)
    fused_compare(lambda xp: lambda v: (v + 0.0).clip(-0.0, 0.0), x)


# ---------------------------------------------------------------- fused reductions
# Note [Fused reductions]: a reduction of a graph's one output runs with the
# graph inside the reduction's kernel. Each case is compared with NumPy and,
# through cunum's counter of such runs, checked to have taken (or, where the
# rule says so, not taken) that path.

def order_free(name, dtype):
    """On a GPU, whether `name` over `dtype` has zero signs that depend on
    the order of the reduction (a tree there, NumPy's loop here): a complex
    product (its zero parts take their sign from the order of the
    multiplications) and max/min over zeros of both signs (NumPy keeps the
    first it meets). The values are compared after "+ 0" then (every zero
    +0, nothing else changed), as test_reductions.py's complex products are."""
    if cn._core._default_device().kind != "cuda":
        return False
    kind = numpy.dtype(dtype).kind
    return (name.endswith("prod") and kind == "c") or (name in ("max", "min", "amax", "amin") and kind in "fc")


def fused_reduce_compare(body, *args, fused=True, zero_signs=True, **kw):
    """fused_compare(body, *args), and whether the cunum call ran `fused`
    reductions with their graph inside (True: at least one; False: none;
    None: either, the values checked only). zero_signs=False compares the
    results after "+ 0" (order_free)."""
    from cunum import _core
    if not zero_signs:
        inner = body
        body = lambda xp: (lambda *a: inner(xp)(*a) + 0)  # noqa: E731
    before = _core._fused_reduction_count()
    expected, actual = fused_compare(body, *args, **kw)
    ran = _core._fused_reduction_count() - before
    if isinstance(expected, Exception) or fused is None:
        return
    fused = fused and fused_reductions_here()
    assert (ran > 0) if fused else (ran == 0), f"fused reductions run: {ran}"


REDUCTIONS = ["sum", "prod", "max", "min", "any", "all", "mean", "nansum", "nanprod"]
ALL = [numpy.dtype(n) for n in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                                "uint64", "float16", "float32", "float64", "complex64", "complex128")]


@pytest.mark.parametrize("name", REDUCTIONS)
@pytest.mark.parametrize("dt", ALL, ids=lambda d: d.name)
def test_fused_reduction_every_dtype(name, dt, rng):
    a, b = small((4, 6), dt, rng), small((4, 6), dt, rng)
    for axis in (None, 1):
        fused_reduce_compare(lambda xp: lambda x, y: getattr(xp, name)(x * y + x, axis=axis), a, b,
                             zero_signs=not order_free(name, dt))


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "any", "all", "mean"])
def test_fused_reduction_axes_and_keepdims(name, rng):
    a, b = small((3, 4, 5), "float64", rng), small((3, 4, 5), "int16", rng)
    # (0, 2) of a C-ordered value is not one run: two stages (Note [Two-stage fused reductions])
    for axis in (None, 0, 1, 2, -1, -3, (0, 2), (2, 0), (0, 1, 2), (1, 2), ()):
        for keep in (False, True):
            fused_reduce_compare(
                lambda xp: lambda x, y: getattr(xp, name)(x - y, axis=axis, keepdims=keep), a, b)
            fused_reduce_compare(
                lambda xp: lambda x, y: getattr(x * y, name)(axis=axis, keepdims=keep), a, b)


def test_fused_reduction_axis_errors(rng):
    a = small((3, 4), "float32", rng)
    for axis in (2, -3, (0, 0), (1, -1)):
        fused_reduce_compare(lambda xp: lambda x: xp.sum(x * x, axis=axis), a)
        fused_reduce_compare(lambda xp: lambda x: (x + 1).max(axis=axis), a)
        fused_reduce_compare(lambda xp: lambda x: xp.mean(x * 2, axis=axis), a)


def test_fused_reduction_float16_loop_over_two_stages():
    # Axes (0, 2) take two stages; a float16 loop rounds every element first
    # (NumPy's), so a value that is not float16 declines to the written path.
    x = numpy.full((30, 10, 300), 1.0004, numpy.float32)
    fused_reduce_compare(lambda xp: lambda a, b: xp.sum(a * b, axis=(0, 2), dtype="float16"), x, numpy.ones_like(x),
                         fused=False)
    y = numpy.full((4, 2, 3000), 1.0004, numpy.float32)
    fused_reduce_compare(lambda xp: lambda a: xp.prod(a * 1, axis=(0, 2), dtype="float16"), y, fused=False)
    h = numpy.full((6, 5, 40), 0.5, numpy.float16)
    fused_reduce_compare(lambda xp: lambda a: xp.sum(a * 2, axis=(0, 2), dtype="float16"), h)


@pytest.mark.parametrize("out_dt", ["int16", "uint8", "float16", "float32", "float64", "complex64", "bool", "int64"])
def test_fused_reduction_dtype_argument(out_dt, rng):
    i8, f = small((5, 6), "int8", rng), small((5, 6), "float32", rng)
    for name in ("sum", "prod", "nansum", "mean"):
        if name == "mean" and out_dt == "bool":
            continue  # NumPy's mean with dtype=bool divides in bool: an error that names the loop
        fused_reduce_compare(lambda xp: lambda x: getattr(xp, name)(x * 3, dtype=out_dt), i8,
                             zero_signs=not order_free(name, out_dt))
        # nansum of floats into an integer or bool dtype replaces NaN on a copy first (the rule)
        nan_copy = name == "nansum" and numpy.dtype(out_dt).kind in "biu"
        fused_reduce_compare(lambda xp: lambda x, y: getattr(xp, name)(x * y, axis=0, dtype=out_dt), f, i8,
                             fused=not nan_copy, zero_signs=not order_free(name, out_dt))


def test_fused_reduction_named_cases(rng):
    """The cases of the design: sum(x*x), (a*b).sum(axis=1), sqrt(sum(x*x)),
    mean(a - b), max(abs(x)), any/all of comparisons with Python scalars."""
    x, y = small((64, 33), "float32", rng), small((64, 33), "float32", rng)
    fused_reduce_compare(lambda xp: lambda a: xp.sum(a * a), x)
    fused_reduce_compare(lambda xp: lambda a, b: (a * b).sum(axis=1), x, y)
    fused_reduce_compare(lambda xp: lambda a: xp.sqrt(xp.sum(a * a)), x)
    fused_reduce_compare(lambda xp: lambda a, b: xp.mean(a - b), x, y)
    fused_reduce_compare(lambda xp: lambda a: xp.max(xp.abs(a)), x)
    fused_reduce_compare(lambda xp: lambda a: xp.amax(abs(a), axis=0), x)
    fused_reduce_compare(lambda xp: lambda a: (a > 1.5).any(axis=0), x)
    fused_reduce_compare(lambda xp: lambda a: xp.all(a * 2 != 7, axis=1), x)
    fused_reduce_compare(lambda xp: lambda a: xp.sum(a > 0), x)                    # bool -> int64
    fused_reduce_compare(lambda xp: lambda a: xp.sum(a * 2.5 + 1, axis=-1, keepdims=True), x)
    fused_reduce_compare(lambda xp: lambda a, s: xp.sum(a * s), x, 3)                # a Python int argument


def test_fused_reduction_nan_rules(rng):
    x = small((6, 7), "float64", rng)
    x[1, 2] = numpy.nan
    x[4, :] = numpy.nan
    for name in ("sum", "max", "min", "nansum", "nanprod", "mean"):
        fused_reduce_compare(lambda xp: lambda a: getattr(xp, name)(a * 2, axis=1), x)
    # nansum converting to an integer dtype replaces NaN first: not fused, same result
    fused_reduce_compare(lambda xp: lambda a: xp.nansum(a * 4, dtype="int32"), x, fused=False)
    c = (small((9,), "complex128", rng) + 0).astype("complex128")
    c[3] = complex(numpy.nan, 1)
    fused_reduce_compare(lambda xp: lambda a: xp.max(a * (1 + 1j)), c)
    fused_reduce_compare(lambda xp: lambda a: xp.nansum(a + 1), c)


def test_fused_reduction_empty(rng):
    e = numpy.zeros((0, 5), "float32")
    # an empty reduction or result takes the written path (and NumPy's errors)
    fused_reduce_compare(lambda xp: lambda a: xp.sum(a * a, axis=0), e, fused=False)
    fused_reduce_compare(lambda xp: lambda a: xp.sum(a * a, axis=1), e, fused=False)
    fused_reduce_compare(lambda xp: lambda a: xp.prod(a + 1), e, fused=False)
    fused_reduce_compare(lambda xp: lambda a: xp.max(a * 2, axis=0), e, fused=False)   # ValueError
    fused_reduce_compare(lambda xp: lambda a: xp.max(a * 2, axis=1), e, fused=False)
    fused_reduce_compare(lambda xp: lambda a: xp.mean(a * 2), e, fused=False)
    fused_reduce_compare(lambda xp: lambda a: xp.any(a > 0), e, fused=False)


# several of these reduce dims that are not one run in every broadcast input:
# two stages (Note [Two-stage fused reductions])
@pytest.mark.parametrize("sa,sb,axis", [((4, 1, 6), (5, 1), 1), ((4, 1, 6), (5, 1), None), ((7,), (3, 1), 0),
                                        ((3, 1), (1, 8), (0, 1)), ((), (6, 2), -1), ((2, 3, 4), (4,), (1, 2)),
                                        ((2, 3, 4), (3, 4), (1, 2)), ((5, 1), (5, 6), None), ((1, 6), (5, 6), 1),
                                        ((2, 3, 4), (4,), (0, 2)), ((4, 1, 6), (5, 1), (0, 2))])
def test_fused_reduction_broadcasting(sa, sb, axis, rng):
    a, b = small(sa, "float64", rng), small(sb, "int32", rng)
    for name in ("sum", "prod", "nansum", "max", "any", "all", "mean"):
        fused_reduce_compare(lambda xp: lambda x, y: getattr(xp, name)(x * y, axis=axis), a, b,
                             zero_signs=not order_free(name, "float64"))
        fused_reduce_compare(lambda xp: lambda x, y: getattr(xp, name)(x - y, axis=axis, keepdims=True), a, b,
                             zero_signs=not order_free(name, "float64"))
    h = small(sa, "float16", rng)
    fused_reduce_compare(lambda xp: lambda x, y: xp.sum(x * y, axis=axis), h, b.astype("float16"))
    fused_reduce_compare(lambda xp: lambda x, y: xp.sum(x + y, axis=axis, dtype="int8"), a, b)


def test_fused_reduction_views(rng):
    """Non-contiguous inputs (steps, reversed, transposed, offsets): the
    reduced run strided or not, in every input."""
    a, b = small((12, 10), "float32", rng), small((10, 12), "float64", rng)
    views = [lambda x, y: (x[::2, ::-1], y.T[::2, ::-1]), lambda x, y: (x.T, y), lambda x, y: (x[1:, 3:], y.T[1:, 3:]),
             lambda x, y: (x[:, ::3], y[::3, :].T)]
    for prep in views:
        # all axes of differently laid out views: two stages
        for axis in (None, 0, 1, -1):
            fused_reduce_compare(lambda xp: lambda x, y: xp.sum(x * y, axis=axis), a, b, prep=prep)
            fused_reduce_compare(lambda xp: lambda x, y: xp.min(x + y, axis=axis), a, b, prep=prep)


def test_fused_reduction_long_rows_and_columns(rng):
    """Sizes past one block and one chunk, and many outputs (the backends'
    strategies), with values whose sums stay exact."""
    a = rng.integers(-3, 4, size=(3, 70001)).astype("float64")
    fused_reduce_compare(lambda xp: lambda x: xp.sum(x * x, axis=1), a)
    fused_reduce_compare(lambda xp: lambda x: xp.sum(x * x, axis=0), a)
    fused_reduce_compare(lambda xp: lambda x: xp.max(x * -1.0), a)
    m = rng.integers(-3, 4, size=(3000, 40)).astype("int32")
    fused_reduce_compare(lambda xp: lambda x: (x * x).sum(axis=0), m)
    fused_reduce_compare(lambda xp: lambda x: (x * x).sum(axis=1), m)


def test_fused_reduction_fallback_rules(rng):
    """The graph's value used elsewhere (returned too, or read by later
    work), several outputs, argmax, where=: the value is written and reduced
    (the same results, no fused run)."""
    x = small((8, 9), "float32", rng)
    fused_reduce_compare(lambda xp: lambda a: (a * a, xp.sum(a * a)), x, fused=False)  # a graph of two outputs
    fused_reduce_compare(lambda xp: lambda a: (lambda s: (s, s.sum()))(a * a), x, fused=False)
    fused_reduce_compare(lambda xp: lambda a: (lambda s: s.sum(axis=0) + s)(a * a), x, fused=False)
    fused_reduce_compare(lambda xp: lambda a: xp.argmax(a * 2, axis=1), x, fused=False)
    fused_reduce_compare(lambda xp: lambda a: xp.mean(a * 2, where=True), x, fused=False)
    fused_reduce_compare(lambda xp: lambda a: xp.sum(a), x, fused=False)             # no graph at all
    # two reductions of one value: written once, reduced twice
    fused_reduce_compare(lambda xp: lambda a: (lambda s: (s.max(), s.min()))(a + 1), x, fused=False)


def test_fused_reduction_cached_program_runs_fused_again(rng):
    from cunum import _core
    x = cn.asarray(small((50,), "float32", rng))
    f = cn.fuse(lambda a: cn.sum(a * a))
    f(x)
    before = _core._fused_reduction_count()
    r = f(x)
    assert _core._fused_reduction_count() == before + int(fused_reductions_here())
    assert_same(numpy.sum(numpy.asarray(x) ** 2), r)


def test_fused_reduction_errors(rng):
    x = small((4, 5), "float32", rng)
    f = cn.fuse(lambda a: cn.sum(a * a, axis=[0]))
    with pytest.raises(TypeError):
        f(cn.asarray(x))
    g = cn.fuse(lambda a: cn.sum(a * a, dtype="not a dtype"))
    with pytest.raises(TypeError):
        g(cn.asarray(x))


@pytest.mark.parametrize("dt", ["int16", "float32", "complex64"])
def test_routines_run_between_graphs(dt, rng):
    # routines that are no ufunc (rounding, complex parts, sinc, i0, copyto,
    # astype, copy, clip with NumPy scalar bounds) run as eager code inside a
    # fused function, with NumPy's results; copyto writes its argument
    real = numpy.dtype(dt).kind != "c"

    def body(xp):
        def f(x, y):
            xp.copyto(x, y * 2)
            r = [xp.around(x / 3, 1), xp.round(x / 3), xp.real(x), xp.imag(x), xp.angle(x), xp.sinc(x),
                 x.astype(numpy.float64) + 1, x.copy(order="F") * 2]
            if real:
                r += [xp.fix(x / 3), xp.i0(x), xp.clip(x, numpy.dtype(dt).type(1), numpy.dtype(dt).type(4))]
            return tuple(r)
        return f
    fused_compare(body, small((3, 4), dt, rng), small((3, 4), dt, rng))
