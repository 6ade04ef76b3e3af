"""Ufuncs: every ufunc x every dtype, mixed dtypes, broadcasting, strides,
out= / where= / dtype= / casting=, operators (in-place and reflected), and
special values."""
import itertools
import operator
import os
import subprocess
import sys
import warnings

import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, COMPLEX_DTYPES, FLOAT_DTYPES, INEXACT_DTYPES, INT_DTYPES,
                     SIGNED_DTYPES, SOME_DTYPES, UNSIGNED_DTYPES, USING_NUMPY_SHIM, compare,
                     dtype_id, dtype_params, make_data)

pytestmark = pytest.mark.usefixtures("device")

UNARY = ["negative", "positive", "absolute", "logical_not", "invert", "sqrt", "exp", "log",
         "sin", "cos", "tanh"]
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power",
          "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
          "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or",
          "bitwise_xor", "left_shift", "right_shift", "maximum", "minimum", "hypot"]
ALIASES = {"divide": "true_divide", "mod": "remainder", "abs": "absolute",
           "bitwise_not": "invert"}
COMPARISONS = ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]

# Binary ufuncs tested over every pair of dtypes.
PAIR_UFUNCS = ["add", "subtract", "multiply", "true_divide", "floor_divide", "power", "less",
               "equal", "maximum", "logical_or", "bitwise_and", "left_shift"]


# ---------------------------------------------------------------- test data


def _with_ties(a, b, rng):
    """Copy some elements of a into b so that comparisons see equal values."""
    if a.shape != b.shape or a.size == 0:
        return b
    mask = rng.integers(0, 3, size=a.shape) == 0
    try:
        return numpy.where(mask, a.astype(b.dtype), b).astype(b.dtype)
    except (TypeError, ValueError):  # pragma: no cover
        return b


def unary_input(name, dt, shape, rng):
    if name in ("sqrt", "log"):
        return make_data(shape, dt, kind="positive", rng=rng)
    if name in ("negative", "positive", "absolute", "invert"):
        return make_data(shape, dt, kind="full" if dt.kind in "iu" else "default", rng=rng)
    return make_data(shape, dt, rng=rng)


def binary_inputs(name, dt1, dt2, shape1, shape2, rng):
    """Inputs for which the result is well defined (and finite where sensible)."""
    k1, k2 = "default", "default"
    if name in ("true_divide", "floor_divide", "remainder"):
        k2 = "nonzero"
    elif name == "power":
        k1 = "positive" if dt1.kind in "fc" else "default"
        k2 = "small" if dt2.kind in "iub" else ("unit" if dt2.kind == "c" else "default")
    elif name in ("bitwise_and", "bitwise_or", "bitwise_xor"):
        k1 = k2 = "full"
    elif name in ("left_shift", "right_shift"):
        k1 = "full"
    a = make_data(shape1, dt1, kind=k1, rng=rng)
    if name in ("left_shift", "right_shift") and dt2.kind in "iu":
        a_bits = 8 * a.dtype.itemsize if a.dtype.kind in "iu" else 8
        hi = min(a_bits, 8 * dt2.itemsize if dt2.kind == "u" else 8 * dt2.itemsize - 1) - 1
        b = rng.integers(0, hi, size=shape2, endpoint=True).astype(dt2)
    else:
        b = make_data(shape2, dt2, kind=k2, rng=rng)
    if name in COMPARISONS + ["maximum", "minimum"] and dt1 == dt2:
        b = _with_ties(a, b, rng)
    return a, b


def _ufunc(xp, name):
    return getattr(xp, name)


def _result_dtype_or_skip(name, ins):
    """NumPy's result dtype; when NumPy rejects the inputs, check cunum does too
    and skip the rest of the test."""
    try:
        return getattr(numpy, name)(*ins).dtype
    except TypeError:
        compare(lambda xp, *xs: _ufunc(xp, name)(*xs), *ins)
        pytest.skip("NumPy rejects these inputs (checked that cunum does too)")


# ---------------------------------------------------------------- ufunc objects


@pytest.mark.parametrize("name", UNARY + BINARY + list(ALIASES))
def test_ufunc_object(name):
    u, nu = getattr(cn, name), getattr(numpy, name)
    assert callable(u)
    assert u.nin == nu.nin
    assert u.nout == nu.nout


@pytest.mark.parametrize("alias, target", list(ALIASES.items()))
def test_aliases(alias, target, rng):
    for dt in SOME_DTYPES:
        if alias == "divide":
            a, b = binary_inputs(target, dt, dt, (5,), (5,), rng)
            compare(lambda xp, x, y: getattr(xp, alias)(x, y), a, b)
        else:
            a = (binary_inputs(target, dt, dt, (5,), (5,), rng)[0] if alias == "mod"
                 else unary_input(target, dt, (5,), rng))
            if alias == "mod":
                b = make_data((5,), dt, kind="nonzero", rng=rng)
                compare(lambda xp, x, y: getattr(xp, alias)(x, y), a, b)
            else:
                compare(lambda xp, x: getattr(xp, alias)(x), a)


# ---------------------------------------------------------------- every ufunc x every dtype


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", UNARY)
def test_unary(name, dt, rng):
    a = unary_input(name, dt, (4, 5), rng)
    compare(lambda xp, x: _ufunc(xp, name)(x), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", BINARY)
def test_binary(name, dt, rng):
    a, b = binary_inputs(name, dt, dt, (4, 5), (4, 5), rng)
    compare(lambda xp, x, y: _ufunc(xp, name)(x, y), a, b)


PAIRS = [pytest.param(a, b, id=f"{dtype_id(a)}-{dtype_id(b)}")
         for a, b in itertools.product(ALL_DTYPES, ALL_DTYPES)]


@pytest.mark.parametrize("dt1, dt2", PAIRS)
@pytest.mark.parametrize("name", PAIR_UFUNCS)
def test_binary_mixed_dtypes(name, dt1, dt2, rng):
    a, b = binary_inputs(name, dt1, dt2, (7,), (7,), rng)
    compare(lambda xp, x, y: _ufunc(xp, name)(x, y), a, b)


@pytest.mark.parametrize("dt", dtype_params(INT_DTYPES))
@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "negative", "absolute"])
def test_integer_overflow_wraps(name, dt, rng):
    a = make_data((50,), dt, kind="full", rng=rng)
    b = make_data((50,), dt, kind="full", rng=rng)
    info = numpy.iinfo(dt)
    a[:4] = [info.min, info.max, info.min, info.max]
    b[:4] = [info.min, info.max, info.max, info.min]
    if numpy.__dict__[name].nin == 1:
        compare(lambda xp, x: _ufunc(xp, name)(x), a)
    else:
        compare(lambda xp, x, y: _ufunc(xp, name)(x, y), a, b)


@pytest.mark.parametrize("dt", dtype_params(INT_DTYPES))
def test_integer_power_wraps(dt, rng):
    a = make_data((30,), dt, kind="full", rng=rng)
    b = rng.integers(0, 40, size=30).astype(dt)
    compare(lambda xp, x, y: xp.power(x, y), a, b)


# ---------------------------------------------------------------- python scalars / reflected


SCALARS = [2, -3, 0, 1.5, -0.5, True, 1j, 2 - 1j]


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", BINARY)
def test_binary_with_python_scalar(name, dt, rng):
    a, _ = binary_inputs(name, dt, dt, (6,), (6,), rng)
    for s in SCALARS:
        if name in ("true_divide", "floor_divide", "remainder") and s == 0:
            continue
        if name == "power" and dt.kind in "iu" and s == -3:
            continue  # ValueError tested separately
        compare(lambda xp, x: _ufunc(xp, name)(x, s), a)
        if name in ("true_divide", "floor_divide", "remainder", "power"):
            a2 = make_data((6,), dt, kind="positive" if name == "power" else "nonzero", rng=rng)
            if name == "power" and dt.kind in "iub":
                a2 = make_data((6,), dt, kind="small", rng=rng)
        else:
            a2 = a
        compare(lambda xp, x: _ufunc(xp, name)(s, x), a2)


BINOPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
          "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "&": operator.and_,
          "|": operator.or_, "^": operator.xor, "<<": operator.lshift, ">>": operator.rshift,
          "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
          ">": operator.gt, ">=": operator.ge}
BINOP_UFUNC = {"+": "add", "-": "subtract", "*": "multiply", "/": "true_divide",
               "//": "floor_divide", "%": "remainder", "**": "power", "&": "bitwise_and",
               "|": "bitwise_or", "^": "bitwise_xor", "<<": "left_shift", ">>": "right_shift",
               "==": "equal", "!=": "not_equal", "<": "less", "<=": "less_equal",
               ">": "greater", ">=": "greater_equal"}
INPLACE = {"+": operator.iadd, "-": operator.isub, "*": operator.imul, "/": operator.itruediv,
           "//": operator.ifloordiv, "%": operator.imod, "**": operator.ipow,
           "&": operator.iand, "|": operator.ior, "^": operator.ixor, "<<": operator.ilshift,
           ">>": operator.irshift}


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("op", list(BINOPS))
def test_operators(op, dt, rng):
    f = BINOPS[op]
    a, b = binary_inputs(BINOP_UFUNC[op], dt, dt, (3, 4), (3, 4), rng)
    compare(lambda xp, x, y: f(x, y), a, b)
    compare(lambda xp, x, y: f(x, y[0]), a, b)  # broadcasting (4,) against (3, 4)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("op", ["-", "+", "abs", "~"])
def test_unary_operators(op, dt, rng):
    f = {"-": operator.neg, "+": operator.pos, "abs": abs, "~": operator.invert}[op]
    a = make_data((3, 4), dt, kind="full" if dt.kind in "iu" else "default", rng=rng)
    compare(lambda xp, x: f(x), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("op", list(INPLACE))
def test_inplace_operators(op, dt, rng):
    f = INPLACE[op]
    a, b = binary_inputs(BINOP_UFUNC[op], dt, dt, (3, 4), (3, 4), rng)

    def g(xp, x, y):
        r = f(x, y)
        assert r is x
        return x
    compare(g, a, b)


@pytest.mark.parametrize("dt_a", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("dt_b", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("op", ["+", "-", "*", "/", "//", "**", "|"])
def test_inplace_operators_mixed(op, dt_a, dt_b, rng):
    # In-place ops cast the result to the left operand's dtype with 'same_kind'
    # casting; NumPy raises UFuncTypeError (a TypeError) when that is not allowed.
    f = INPLACE[op]
    a, b = binary_inputs(BINOP_UFUNC[op], dt_a, dt_b, (5,), (5,), rng)

    def g(xp, x, y):
        f(x, y)
        return x
    compare(g, a, b)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("scalar", [1, 1.5, -2, True, 1j, 300], ids=repr)
@pytest.mark.parametrize("op", ["+", "-", "*", "/", "//", "%", "**", "&", "<<"])
def test_inplace_with_python_scalar(op, scalar, dt, rng):
    # e.g. `a += 1.5` on an int array raises like NumPy; uint8 += 300 -> OverflowError
    f = INPLACE[op]
    kind = "positive" if op in ("/", "//", "%", "**") else "default"
    a = make_data((2, 3), dt, kind=kind, rng=rng)

    def g(xp, x):
        f(x, scalar)
        return x
    compare(g, a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("expr", ["2 - a", "1.5 ** a", "2 ** a", "3 // a", "7 % a", "1 / a",
                                  "2.5 * a", "1j + a", "True & a", "1 << a", "-1 >> a",
                                  "5 > a", "0 == a", "2 | a", "a - 2", "a ** 2", "a ** 0.5",
                                  "a // 2", "a % 3", "a / 4", "a >> 1", "a ^ True"])
def test_reflected_and_scalar_operators(expr, dt, rng):
    if "**" in expr or "<<" in expr or ">>" in expr:
        a = make_data((2, 3), dt, kind="small", rng=rng)
    else:
        a = make_data((2, 3), dt, kind="positive", rng=rng)
    compare(lambda xp, a: eval(expr), a)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("expr", ["divmod(a, b)", "divmod(a, 3)", "divmod(7, b)", "divmod(a, b[0])"])
def test_divmod_operator(expr, dt, rng):
    a = make_data((3, 4), dt, kind="positive", rng=rng)
    b = make_data((3, 4), dt, kind="positive", rng=rng)
    compare(lambda xp, a, b: eval(expr), a, b)


class _OwnEq:
    def __eq__(self, other):
        return other == 2


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("value", [None, Ellipsis, object(), "abc", b"x", _OwnEq()],
                         ids=["None", "Ellipsis", "object", "str", "bytes", "own_eq"])
@pytest.mark.parametrize("op", ["==", "!="])
@pytest.mark.parametrize("swap", [False, True])
def test_compare_with_object(op, value, swap, dt, rng):
    # NumPy compares a value no dtype holds as a Python object: every element
    # differs (all False for ==, all True for !=). An object with its own
    # __eq__ is called per element by NumPy; cunum may raise TypeError there.
    f = BINOPS[op]
    a = make_data((2, 3), dt, rng=rng)
    if isinstance(value, _OwnEq):
        if USING_NUMPY_SHIM:
            pytest.skip("cunum's departure (TypeError for an object with its own __eq__)")
        with pytest.raises(TypeError):
            f(cn.asarray(a), value)
        return
    compare(lambda xp, x: f(value, x) if swap else f(x, value), a)


@pytest.mark.parametrize("dt", dtype_params(SIGNED_DTYPES))
def test_integer_power_negative_exponent(dt):
    a = numpy.array([1, 2, 3], dtype=dt)
    b = numpy.array([1, -1, 2], dtype=dt)
    compare(lambda xp, x, y: xp.power(x, y), a, b)  # ValueError
    compare(lambda xp, x: x ** -1, a)  # ValueError
    compare(lambda xp, x: xp.power(x, -2), a)  # ValueError
    compare(lambda xp, x: x ** -1.0, a)  # fine: float64


@pytest.mark.parametrize("dt", dtype_params(UNSIGNED_DTYPES))
def test_unsigned_power_negative_python_int(dt):
    compare(lambda xp, x: x ** -1, numpy.array([1, 2], dtype=dt))  # OverflowError


# ---------------------------------------------------------------- broadcasting and strides


BCAST = [((3, 1), (1, 4)), ((2, 3, 4), (4,)), ((), (3,)), ((3,), ()), ((0, 3), (1, 3)),
         ((2, 1, 3), (4, 1)), ((1,), (5,)), ((5, 1, 1), (1, 2, 1)), ((0,), ()),
         ((2, 3), (3, 2)), ((3,), (4,)), ((2, 0), (3, 1))]


@pytest.mark.parametrize("s1, s2", BCAST, ids=str)
@pytest.mark.parametrize("name", ["add", "true_divide", "less", "maximum", "bitwise_xor",
                                  "power", "logical_and"])
def test_broadcasting(name, s1, s2, rng):
    dt = numpy.dtype(numpy.int32) if name in ("bitwise_xor", "power") else numpy.dtype("f8")
    a, b = binary_inputs(name, dt, dt, s1, s2, rng)
    compare(lambda xp, x, y: _ufunc(xp, name)(x, y), a, b)


STRIDED = {
    "reversed": lambda x: x[::-1],
    "step2": lambda x: x[::2],
    "neg_step2": lambda x: x[::-2],
    "2d_T": lambda x: x.reshape(4, 6).T,
    "2d_mixed": lambda x: x.reshape(4, 6)[::-1, 1::2],
    "3d_T": lambda x: x.reshape(2, 3, 4).transpose(1, 2, 0),
    "offset": lambda x: x[3:15],
}


@pytest.mark.parametrize("layout", list(STRIDED))
@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", ["add", "multiply", "greater_equal", "minimum", "sqrt",
                                  "negative", "logical_xor"])
def test_strided_inputs(name, dt, layout, rng):
    nin = getattr(numpy, name).nin
    if nin == 1:
        a = unary_input(name, dt, (24,), rng)
        compare(lambda xp, x: _ufunc(xp, name)(STRIDED[layout](x)), a)
    else:
        a, b = binary_inputs(name, dt, dt, (24,), (24,), rng)
        view = STRIDED[layout]
        compare(lambda xp, x, y: _ufunc(xp, name)(view(x), view(y)), a, b)
        # one strided operand, one contiguous operand of the same shape
        compare(lambda xp, x, y: _ufunc(xp, name)(view(x), xp.ascontiguousarray(view(y))), a, b)
        compare(lambda xp, x: _ufunc(xp, name)(view(x), view(x)[..., ::-1]), a)


def test_zero_stride_broadcast_views(rng):
    a = make_data((4,), numpy.float32, rng=rng)
    compare(lambda xp, x: xp.add(xp.broadcast_to(x, (3, 4)), x[:, None][:3]), a)


# ---------------------------------------------------------------- out=


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", ["add", "multiply", "less", "maximum", "negative", "sqrt"])
def test_out(name, dt, rng):
    nin = getattr(numpy, name).nin
    ins = (unary_input(name, dt, (3, 4), rng),) if nin == 1 else binary_inputs(
        name, dt, dt, (3, 4), (3, 4), rng)
    res_dt = _result_dtype_or_skip(name, ins)
    out = numpy.full((3, 4), 7, dtype=res_dt)

    def f(xp, o, *xs):
        r = _ufunc(xp, name)(*xs, out=o)
        assert r is o
        return r
    compare(f, out, *ins)

    def g(xp, o, *xs):
        r = _ufunc(xp, name)(*xs, out=(o,))
        assert r is o
        return r
    compare(g, out, *ins)

    def h(xp, o, *xs):
        r = _ufunc(xp, name)(*xs, out=o[::-1, ::2][:, None])  # broadcast into a view
        return o
    compare(h, numpy.zeros((6, 4, 6), res_dt)[::2, :, ::3].copy(), *[x[:, ::2] for x in ins])


@pytest.mark.parametrize("out_dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("in_dt", dtype_params(SOME_DTYPES))
def test_out_dtype_casting(in_dt, out_dt, rng):
    # 'same_kind' (the default) decides: e.g. float64 result into an int out -> TypeError
    a, b = binary_inputs("add", in_dt, in_dt, (5,), (5,), rng)
    compare(lambda xp, o, x, y: xp.add(x, y, out=o), numpy.zeros(5, out_dt), a, b)
    compare(lambda xp, o, x, y: xp.less(x, y, out=o), numpy.zeros(5, out_dt), a, b)
    compare(lambda xp, o, x: xp.sqrt(x, out=o), numpy.zeros(5, out_dt),
            make_data((5,), in_dt, kind="positive", rng=rng))


def test_out_unsafe_casting(rng):
    a = make_data((5,), numpy.float64, kind="positive", rng=rng)
    compare(lambda xp, o, x: xp.add(x, x, out=o, casting="unsafe"), numpy.zeros(5, numpy.int16), a)
    compare(lambda xp, o, x: xp.multiply(x, 2, out=o, casting="unsafe"), numpy.zeros(5, bool), a)


@pytest.mark.parametrize("out_shape", [(4,), (2, 5), (5, 1), (1, 5), (), (3, 1, 5)], ids=str)
def test_out_shape(out_shape, rng):
    a = make_data((5,), numpy.float64, rng=rng)
    compare(lambda xp, o, x: xp.add(x, x, out=o), numpy.zeros(out_shape), a)
    compare(lambda xp, o, x: xp.negative(x, out=o), numpy.zeros(out_shape), a)


def test_out_wrong_count():
    a = numpy.arange(5.0)
    compare(lambda xp, o, x: xp.add(x, 2, out=(o, o)), numpy.zeros(5), a)


OVERLAP = {
    "same": lambda xp, a: xp.add(a, a, out=a),
    "reversed": lambda xp, a: xp.add(a, a[::-1], out=a),
    "reversed_out": lambda xp, a: xp.multiply(a, 2, out=a[::-1]),
    "shifted_fwd": lambda xp, a: xp.add(a[1:], a[:-1], out=a[:-1]),
    "shifted_back": lambda xp, a: xp.subtract(a[:-1], a[1:], out=a[1:]),
    "shifted2": lambda xp, a: xp.maximum(a[2:], a[:-2], out=a[1:-1]),
    "unary_shift": lambda xp, a: xp.negative(a[:-1], out=a[1:]),
    "unary_rev": lambda xp, a: xp.negative(a, out=a[::-1]),
    "transpose": lambda xp, a: xp.add(a.reshape(4, 4), a.reshape(4, 4).T, out=a.reshape(4, 4)),
    "transpose_out": lambda xp, a: xp.subtract(a.reshape(4, 4), 1, out=a.reshape(4, 4).T),
    "strided": lambda xp, a: xp.add(a[::2], a[1::2], out=a[:8]),
    "broadcast": lambda xp, a: xp.add(a.reshape(4, 4), a.reshape(4, 4)[0], out=a.reshape(4, 4)),
}


@pytest.mark.parametrize("case", list(OVERLAP))
@pytest.mark.parametrize("dt", dtype_params([numpy.dtype("int32"), numpy.dtype("float64"),
                                             numpy.dtype("complex64")]))
def test_out_overlapping_inputs(case, dt):
    # NumPy behaves as if the inputs were read before any output was written
    a = (numpy.arange(16) * 3 % 11).astype(dt)
    compare(lambda xp, x: OVERLAP[case](xp, x), a)


def test_operator_inplace_overlap():
    def f(xp, a):
        a[1:] += a[:-1]
        return a
    compare(f, numpy.arange(10))

    def g(xp, a):
        a += a[::-1]
        return a
    compare(g, numpy.arange(10.0))


# ---------------------------------------------------------------- where=


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("name", ["add", "less", "negative", "sqrt", "maximum"])
def test_where(name, dt, rng):
    nin = getattr(numpy, name).nin
    ins = (unary_input(name, dt, (3, 4), rng),) if nin == 1 else binary_inputs(
        name, dt, dt, (3, 4), (3, 4), rng)
    res_dt = _result_dtype_or_skip(name, ins)
    mask = rng.integers(0, 2, size=(3, 4)).astype(bool)
    out = numpy.full((3, 4), 5, dtype=res_dt)
    compare(lambda xp, o, m, *xs: _ufunc(xp, name)(*xs, out=o, where=m), out, mask, *ins)
    compare(lambda xp, o, m, *xs: _ufunc(xp, name)(*xs, out=o, where=m[0]), out, mask, *ins)
    compare(lambda xp, o, m, *xs: _ufunc(xp, name)(*xs, out=o, where=m[:, :1]), out, mask, *ins)
    compare(lambda xp, o, *xs: _ufunc(xp, name)(*xs, out=o, where=False), out, *ins)
    compare(lambda xp, o, *xs: _ufunc(xp, name)(*xs, out=o, where=True), out, *ins)
    compare(lambda xp, o, m, *xs: _ufunc(xp, name)(*xs, out=o[::-1], where=m[::-1, ::-1]),
            out, mask, *ins)


def test_where_without_out_has_right_shape_dtype(rng):
    a = make_data((3, 4), numpy.float32, rng=rng)
    m = rng.integers(0, 2, size=(3, 4)).astype(bool)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy warns: uninitialised output
        e = numpy.add(a, a, where=m)
        r = cn.add(cn.asarray(a), cn.asarray(a), where=cn.asarray(m))
    assert r.shape == e.shape and r.dtype == e.dtype
    # only the elements written: the others are uninitialised, as NumPy's
    # (copying them to the host is a read of memory never written: initcheck)
    numpy.testing.assert_allclose(cn.asnumpy(r[cn.asarray(m)]), e[m], rtol=1e-6)


def test_where_errors(rng):
    a = numpy.arange(5)
    compare(lambda xp, x, o, m: xp.add(x, 2, out=o, where=m), a, numpy.zeros(5, int),
            numpy.array([True, False]))
    compare(lambda xp, x, o: xp.add(x, 2, out=o, where=x), a, numpy.zeros(5, int))


# ---------------------------------------------------------------- dtype= / casting=


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("in_dt", dtype_params(SOME_DTYPES))
def test_dtype_argument(in_dt, dt, rng):
    a, b = binary_inputs("multiply", in_dt, in_dt, (6,), (6,), rng)
    compare(lambda xp, x, y: xp.multiply(x, y, dtype=dt), a, b)
    compare(lambda xp, x, y: xp.multiply(x, y, dtype=dt, casting="unsafe"), a, b)
    p = make_data((6,), in_dt, kind="positive", rng=rng)
    compare(lambda xp, x: xp.sqrt(x, dtype=dt), p)
    compare(lambda xp, x, y: xp.less(x, y, dtype=dt), a, b)


@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
@pytest.mark.parametrize("dts", [("int8", "int64"), ("int64", "int64"), ("float32", "float64"),
                                 ("int64", "float64"), ("float64", "float64"),
                                 ("uint8", "int8"), ("bool", "bool"), ("complex64", "float64")],
                         ids=str)
def test_casting_argument(casting, dts, rng):
    a = make_data((4,), dts[0], kind="positive", rng=rng)
    b = make_data((4,), dts[1], kind="positive", rng=rng)
    compare(lambda xp, x, y: xp.add(x, y, casting=casting), a, b)
    compare(lambda xp, x, y: xp.add(x, y, casting=casting, dtype=numpy.float32), a, b)
    compare(lambda xp, o, x, y: xp.add(x, y, casting=casting, out=o),
            numpy.zeros(4, numpy.int32), a, b)


def test_casting_bad_value():
    compare(lambda xp, x: xp.add(x, x, casting="bogus"), numpy.arange(3))


# ---------------------------------------------------------------- special values


def test_nan_propagation_maximum_minimum():
    a = numpy.array([1.0, numpy.nan, 2.0, numpy.nan, -numpy.inf, 0.0, -0.0])
    b = numpy.array([numpy.nan, 0.0, 3.0, numpy.nan, numpy.inf, -0.0, 0.0])
    for dt in FLOAT_DTYPES:
        for name in ("maximum", "minimum"):
            compare(lambda xp, x, y: _ufunc(xp, name)(x, y), a.astype(dt), b.astype(dt))


def test_nan_comparisons():
    a = numpy.array([1.0, numpy.nan, numpy.nan, numpy.inf, -numpy.inf])
    b = numpy.array([numpy.nan, 1.0, numpy.nan, numpy.inf, numpy.inf])
    for dt in INEXACT_DTYPES:
        for name in COMPARISONS + ["logical_and", "logical_or", "logical_not"]:
            if name == "logical_not":
                compare(lambda xp, x: xp.logical_not(x), a.astype(dt))
            else:
                compare(lambda xp, x, y: _ufunc(xp, name)(x, y), a.astype(dt), b.astype(dt))


def test_float_special_results():
    a = numpy.array([1.0, -1.0, 0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 5.5, -5.5])
    b = numpy.array([0.0, 0.0, 0.0, 2.0, 2.0, numpy.inf, 1.0, numpy.inf, -numpy.inf])
    for dt in FLOAT_DTYPES:
        x, y = a.astype(dt), b.astype(dt)
        for name in ("true_divide", "floor_divide", "remainder", "power", "add", "subtract",
                     "multiply"):
            compare(lambda xp, x, y: _ufunc(xp, name)(x, y), x, y)
        for name in ("sqrt", "log", "exp", "sin", "cos", "tanh", "absolute", "negative"):
            compare(lambda xp, x: _ufunc(xp, name)(x), x)


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES))
def test_float_remainder_floor_divide_signs(dt, rng):
    # Python semantics: the remainder has the sign of the divisor
    a = numpy.array([7.0, -7.0, 7.0, -7.0, 0.5, -0.5, 6.0, -6.0, 1e-3])
    b = numpy.array([2.0, 2.0, -2.0, -2.0, 0.25, 3.0, 3.0, -3.0, 1.0])
    compare(lambda xp, x, y: xp.remainder(x, y), a.astype(dt), b.astype(dt))
    compare(lambda xp, x, y: xp.floor_divide(x, y), a.astype(dt), b.astype(dt))


@pytest.mark.parametrize("dt", dtype_params(SIGNED_DTYPES))
def test_int_remainder_floor_divide_signs(dt):
    a = numpy.array([7, -7, 7, -7, 0, 1, -1, 6, -6], dtype=dt)
    b = numpy.array([2, 2, -2, -2, 3, -3, 3, -3, 3], dtype=dt)
    compare(lambda xp, x, y: xp.remainder(x, y), a, b)
    compare(lambda xp, x, y: xp.floor_divide(x, y), a, b)
    compare(lambda xp, x, y: x % y, a, b)
    compare(lambda xp, x, y: x // y, a, b)


@pytest.mark.parametrize("dt", dtype_params(COMPLEX_DTYPES))
def test_complex_special(dt):
    a = numpy.array([0j, 1 + 0j, -1 + 0j, 1j, -1j, 3 + 4j, -2.5 - 0.5j], dtype=dt)
    for name in ("absolute", "sqrt", "exp", "sin", "cos", "tanh", "negative", "logical_not"):
        compare(lambda xp, x: _ufunc(xp, name)(x), a)
    compare(lambda xp, x: xp.log(x[1:]), a)
    b = numpy.array([1 + 0j, 2 + 0j, 0.5 + 0j, 2j, -1 + 1j, 1 + 0j, 2 + 0j], dtype=dt)
    for name in ("true_divide", "power", "multiply", "maximum", "minimum", "less", "equal"):
        compare(lambda xp, x, y: _ufunc(xp, name)(x[1:], y[1:]), a, b)


def _engine_survives(code):
    """Run ``code`` (using cunum as cn) in a child process: a crash (e.g. SIGFPE on
    integer division by zero) must not take the whole test session down."""
    if USING_NUMPY_SHIM:
        return True, ""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    proc = subprocess.run([sys.executable, "-c", "import cunum as cn, numpy\n" + code],
                          capture_output=True, text=True, env=env, timeout=120)
    return proc.returncode >= 0, proc.stderr[-2000:]


@pytest.fixture(scope="module")
def integer_division_survives():
    code = """
for dt in ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64']:
    a = cn.asarray(numpy.array([5, 0, 1], dtype=dt))
    z = cn.zeros(3, dtype=dt)
    cn.floor_divide(a, z); cn.remainder(a, z); cn.true_divide(a, z)
    if dt[0] == 'i':
        m = cn.asarray(numpy.array([numpy.iinfo(dt).min], dtype=dt))
        cn.floor_divide(m, cn.asarray(numpy.array([-1], dtype=dt)))
        cn.remainder(m, cn.asarray(numpy.array([-1], dtype=dt)))
"""
    return _engine_survives(code)


@pytest.mark.parametrize("dt", dtype_params(INT_DTYPES + [numpy.dtype(bool)]))
def test_integer_division_by_zero(dt, integer_division_survives):
    ok, err = integer_division_survives
    assert ok, f"cunum crashed on integer division by zero / INT_MIN // -1:\n{err}"
    a = numpy.array([5, 0, 1, 3], dtype=dt)
    z = numpy.array([0, 0, 0, 1], dtype=dt)
    for name in ("floor_divide", "remainder", "true_divide"):
        compare(lambda xp, x, y: _ufunc(xp, name)(x, y), a, z)
    compare(lambda xp, x: x // 0, a)
    compare(lambda xp, x: x % 0, a)


@pytest.mark.parametrize("dt", dtype_params(SIGNED_DTYPES))
def test_int_min_divided_by_minus_one(dt, integer_division_survives):
    ok, err = integer_division_survives
    assert ok, f"cunum crashed on integer division by zero / INT_MIN // -1:\n{err}"
    a = numpy.array([numpy.iinfo(dt).min, numpy.iinfo(dt).min, 7], dtype=dt)
    b = numpy.array([-1, 1, -1], dtype=dt)
    compare(lambda xp, x, y: xp.floor_divide(x, y), a, b)
    compare(lambda xp, x, y: xp.remainder(x, y), a, b)


@pytest.mark.parametrize("dt", dtype_params(INT_DTYPES))
def test_shift_by_large_amounts(dt):
    # NumPy defines shifts by >= the bit width (0, or -1 for negative >> n)
    bits = 8 * dt.itemsize
    vals = numpy.array([1, 5, numpy.iinfo(dt).max, numpy.iinfo(dt).min], dtype=dt)
    sh = numpy.array([bits - 1, bits, bits + 1, min(100, numpy.iinfo(dt).max)], dtype=dt)
    x = numpy.repeat(vals, len(sh))
    y = numpy.tile(sh, len(vals))
    compare(lambda xp, p, q: xp.left_shift(p, q), x, y)
    compare(lambda xp, p, q: xp.right_shift(p, q), x, y)


def test_boolean_arithmetic_errors():
    a = numpy.array([True, False])
    compare(lambda xp, x: xp.subtract(x, x), a)
    compare(lambda xp, x: x - x, a)
    compare(lambda xp, x: xp.negative(x), a)
    compare(lambda xp, x: -x, a)
    compare(lambda xp, x: xp.positive(x), a)


def test_ufunc_on_0d_and_empty(rng):
    for shape in [(), (0,), (2, 0)]:
        for dt in (numpy.float32, numpy.int16, numpy.complex128, numpy.bool_):
            a = make_data(shape, dt, kind="positive", rng=rng)
            compare(lambda xp, x: xp.add(x, x), a)
            compare(lambda xp, x: xp.sqrt(x), a)
            compare(lambda xp, x: x < 2, a)


def test_large_array_multithreaded_paths(rng):
    # big enough for a backend to split work; results must not depend on it
    a = make_data((300, 257), numpy.float32, rng=rng)
    b = make_data((257,), numpy.float32, rng=rng)
    compare(lambda xp, x, y: xp.multiply(x, y) + x.T[::-1].T, a, b)
    compare(lambda xp, x: xp.sin(x[::3, ::-2]), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("name", ["add", "multiply", "less_equal", "maximum", "logical_xor",
                                  "absolute", "negative", "sqrt"])
def test_larger_arrays_and_layouts(name, dt, rng):
    # sizes and layouts that reach vectorised / blocked / threaded code paths
    nin = getattr(numpy, name).nin
    if nin == 1:
        a = unary_input(name, dt, (37, 41, 29), rng)
        compare(lambda xp, x: _ufunc(xp, name)(x), a)
        compare(lambda xp, x: _ufunc(xp, name)(x.transpose(2, 0, 1)[::-1, 1::3]), a)
        return
    a, b = binary_inputs(name, dt, dt, (37, 41, 29), (37, 41, 29), rng)
    compare(lambda xp, x, y: _ufunc(xp, name)(x, y), a, b)
    compare(lambda xp, x, y: _ufunc(xp, name)(x.transpose(2, 0, 1), y.transpose(2, 0, 1)), a, b)
    compare(lambda xp, x, y: _ufunc(xp, name)(x[::-2, :, ::3], y[:19, ::-1, 7:17]), a, b)
    compare(lambda xp, x, y: _ufunc(xp, name)(x, y[0, 0]), a, b)  # broadcast a row
    compare(lambda xp, x, y: _ufunc(xp, name)(x[:, :1, :], y[:1, :, :1]), a, b)


@pytest.mark.parametrize("dt1", dtype_params(SOME_DTYPES))
@pytest.mark.parametrize("dt2", dtype_params(SOME_DTYPES))
def test_zero_dim_operands_are_not_weak(dt1, dt2, rng):
    # NEP 50: a 0-d array takes part in promotion like any other array
    a = make_data((4,), dt1, kind="positive", rng=rng)
    s = make_data((), dt2, kind="positive", rng=rng)
    compare(lambda xp, x, y: xp.add(x, y), a, s)
    compare(lambda xp, x, y: y * x, a, s)
    compare(lambda xp, x, y: xp.less(y, x), a, s)
    compare(lambda xp, x, y: xp.add(y, y), a, s)
