"""The ufunc model (issue 8): declared loops as NumPy states them, operands
read and written in their own dtypes (Note [Operand dtypes]), two-output and
mixed-type ufuncs, and errors found in the data (Note [Deferred errors])."""
import itertools

import numpy
import pytest

import cunum as cn
from helpers import (ALL_DTYPES, FLOAT_DTYPES, INT_DTYPES, SIGNED_DTYPES, SOME_DTYPES,
                     USING_NUMPY_SHIM, assert_same, compare, default_rtol, dtype_params,
                     make_data, INTEGER_ROUNDING, NUMPY_VERSION)

pytestmark = pytest.mark.usefixtures("device")

_OURS = set("?bBhHiIlLqQefdFD")  # int64/uint64 spelt twice by NumPy on Linux: 'l'/'L' and 'q'/'Q'

NEW_UFUNCS = ["divmod", "modf", "frexp", "ldexp"]


def numpy_types(name):
    """NumPy's loops for a ufunc, restricted to cunum's dtypes, in NumPy's
    order (each once: numpy/numpy#7897)."""
    return list(dict.fromkeys(t for t in getattr(numpy, name).types if all(c in _OURS or c in "->" for c in t)))


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum's own ufunc objects")
@pytest.mark.parametrize("name", sorted(n for n in dir(cn) if isinstance(getattr(cn, n), cn.ufunc)))
def test_ufunc_attributes_match_numpy(name):
    if name in INTEGER_ROUNDING and NUMPY_VERSION < (2, 1):
        pytest.skip("NumPy 2.1: floor, ceil and trunc have integer and bool loops")
    u, nu = getattr(cn, name), getattr(numpy, name)
    assert (u.nin, u.nout, u.nargs) == (nu.nin, nu.nout, nu.nargs)
    assert u.identity == nu.identity
    assert u.signature is None
    assert u.__name__ == nu.__name__
    expected = numpy_types(name)
    assert u.types == expected
    assert u.ntypes == len(expected)


# NumPy 2's exact loops "qQ->?" and "Qq->?": a signed integer against uint64
# (arrays or NumPy scalars) compares exactly, where float64 would round
# 2**62 + 1 to 2**62 and take -1 for a huge unsigned value.
COMPARISONS = ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]


@pytest.mark.parametrize("name", COMPARISONS)
@pytest.mark.parametrize("sdt", ["int64", "int8", "int32"])
def test_signed_against_uint64_is_exact(name, sdt):
    big = numpy.array([2**62, 2**63, 2**63 - 1, 0, 2**64 - 1, 2**62 + 2, 5], numpy.uint64)
    info = numpy.iinfo(sdt)
    s = numpy.array([2**62 + 1, -1, 2**63 - 1, 0, -2**63, 2**62 + 2, 5], numpy.int64)
    s = numpy.clip(s, info.min, info.max).astype(sdt)
    f = lambda xp, x, y: getattr(xp, name)(x, y)  # noqa: E731
    compare(f, s, big)
    compare(f, big, s)
    compare(f, s[:, None], big)                        # broadcast, strided
    compare(lambda xp, x, y: f(xp, x[::-2], y[::2]), s, big)
    compare(lambda xp, y: f(xp, numpy.int64(-1), y), big)   # a NumPy scalar is strong
    compare(lambda xp, x: f(xp, x, numpy.uint64(2**63)), s)
    compare(lambda xp, x, y, o: getattr(xp, name)(x, y, out=o, where=x >= 0), s, big, numpy.ones(7, bool))
    compare(lambda xp, x, y: f(xp, x.astype(bool), y), s, big)  # bool against uint64: the QQ loop
    compare(lambda xp, x, y: getattr(xp, name)(x, y, dtype=bool), s, big)
    compare(lambda xp, x: f(xp, x, 2**63), s)          # a Python int: the weak rules (unchanged)


# ------------------------------------------------------------ operand dtypes

MIXED = [("int8", "float32", "float64"), ("uint8", "int16", "float32"), ("float16", "float32", "float16"),
         ("int64", "float64", "complex64"), ("bool", "int8", "int64"), ("uint32", "float32", "float64"),
         ("float32", "complex64", "complex128"), ("int32", "int32", "int8")]


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "true_divide"])
@pytest.mark.parametrize("d1,d2,dout", MIXED, ids=lambda t: str(t))
def test_mixed_inputs_into_out_of_another_dtype(name, d1, d2, dout, rng):
    a = make_data((5, 33), numpy.dtype(d1), rng=rng)
    # nonzero divisors: the cast of inf/nan to an integer out= is issue 7's
    # float->int question, tested on its own
    b = make_data((5, 33), numpy.dtype(d2), kind="nonzero" if d2 != "bool" else "default", rng=rng)
    o = numpy.zeros((5, 33), dtype=dout)

    def f(xp, x, y, out):
        return getattr(xp, name)(x, y, out=out, casting="unsafe")
    # The loop computes in the inputs' precision, not the output's (a GPU
    # contracts complex64 arithmetic into FMAs: 1-ulp differences of float32).
    loop = numpy.result_type(a, b)
    rtol = max(default_rtol(loop), default_rtol(dout)) if loop.kind in "fc" else None
    compare(f, a, b, o, check_args=True, rtol=rtol)


@pytest.mark.parametrize("d1,d2", itertools.product(["int8", "uint16", "float32", "complex64"], repeat=2))
def test_mixed_inputs_strided_and_broadcast(d1, d2, rng):
    a = make_data((7, 9), numpy.dtype(d1), rng=rng)
    b = make_data((9,), numpy.dtype(d2), rng=rng)
    compare(lambda xp, x, y: xp.subtract(x[::2, ::-1], y[::-1]) if x.dtype != bool else x, a, b)
    compare(lambda xp, x, y: xp.multiply(x.T, y[:7]), a, b)


def test_inplace_into_narrower_dtype_converts_once(rng):
    a = make_data((4, 5), numpy.dtype("int8"), rng=rng)
    b = make_data((4, 5), numpy.dtype("int64"), rng=rng)

    def f(xp, x, y):
        x += y
        return x
    compare(f, a, b, check_args=True)


@pytest.mark.parametrize("dt", dtype_params(SOME_DTYPES))
def test_scalar_operand_on_every_device(dt, rng):
    a = make_data((3, 17), dt, rng=rng)
    compare(lambda xp, x: xp.maximum(x, True) if x.dtype == bool else xp.maximum(x, 1), a)
    compare(lambda xp, x: xp.add(3, x) if x.dtype != bool else x, a)


# ------------------------------------------------------------ two outputs, mixed loops


@pytest.mark.parametrize("dt", dtype_params([d for d in ALL_DTYPES if d.kind in "biuf"]))
def test_divmod(dt, rng):
    a = make_data((6, 7), dt, rng=rng)
    b = make_data((6, 7), dt, kind="nonzero", rng=rng)
    compare(lambda xp, x, y: xp.divmod(x, y), a, b)
    compare(lambda xp, x: xp.divmod(x, 3) if x.dtype != bool else xp.divmod(x, True), a)


@pytest.mark.parametrize("dt", dtype_params([d for d in ALL_DTYPES if d.kind in "biuf"]))
def test_modf_and_frexp(dt, rng):
    a = make_data((5, 6), dt, rng=rng)
    compare(lambda xp, x: xp.modf(x), a)
    compare(lambda xp, x: xp.frexp(x), a)


@pytest.mark.parametrize("dt", dtype_params(FLOAT_DTYPES))
def test_frexp_modf_special_values(dt):
    a = numpy.array([0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 1e-40, 3.5, -2.25], dtype=dt)
    compare(lambda xp, x: xp.frexp(x), a)
    compare(lambda xp, x: xp.modf(x), a)


@pytest.mark.parametrize("dx", dtype_params([d for d in ALL_DTYPES if d.kind in "biuf"]))
@pytest.mark.parametrize("de", dtype_params(INT_DTYPES))
def test_ldexp_mixed_loops(dx, de, rng):
    x = make_data((4, 5), dx, rng=rng)
    e = numpy.arange(-10, 10, dtype=numpy.int64).reshape(4, 5).astype(de) if de.kind == "i" else \
        numpy.arange(20, dtype=de).reshape(4, 5)
    compare(lambda xp, a, b: xp.ldexp(a, b), x, e)
    compare(lambda xp, a: xp.ldexp(a, 3), x)


def test_two_output_out_arguments(rng):
    a = make_data((3, 4), numpy.dtype("float64"), rng=rng)

    def positional(xp, x, o1, o2):
        return xp.modf(x, o1, o2)

    def keyword(xp, x, o1, o2):
        return xp.modf(x, out=(o1, o2))

    def partial(xp, x, o1):
        return xp.modf(x, out=(None, o1))
    for f in (positional, keyword):
        compare(f, a, numpy.zeros((3, 4)), numpy.zeros((3, 4), dtype=numpy.float32), check_args=True)
    compare(partial, a, numpy.zeros((3, 4)), check_args=True)
    compare(lambda xp, x: xp.modf(x, out=numpy.zeros(1) if xp is numpy else cn.zeros(1)), a)  # TypeError
    compare(lambda xp, x: xp.divmod(x, x, out=(None,)), a)  # ValueError


def test_two_outputs_where(rng):
    a = make_data((3, 4), numpy.dtype("float32"), rng=rng)
    m = numpy.arange(12).reshape(3, 4) % 2 == 0
    compare(lambda xp, x, w, o1, o2: xp.divmod(x, 2, out=(o1, o2), where=w),
            a, m, numpy.ones((3, 4), numpy.float32), numpy.ones((3, 4), numpy.float32), check_args=True)


# ------------------------------------------------------------ resolution and errors


def test_dtype_argument_casting_errors():
    a = numpy.arange(3)
    if NUMPY_VERSION >= (2, 1):  # NumPy 2.1: a Python float into an integer dtype= is refused (2.0 truncated)
        compare(lambda xp, x: xp.add(x, 1.5, dtype="int64"), a)  # UFuncTypeError
    compare(lambda xp, x: xp.add(x.astype("f4"), 1j, dtype="float32"), a)
    compare(lambda xp, x: xp.add(x.astype("i1"), 5, dtype="int8"), a)


@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
def test_casting_with_python_scalars(casting):
    if casting == "equiv" and NUMPY_VERSION < (2, 1):
        pytest.skip("NumPy 2.1: casting='equiv' refuses a Python scalar that needs a cast")
    for dt in ("int8", "float32", "float64", "complex64"):
        a = numpy.ones(3, dtype=dt)
        for v in (1, 1.0, 1j):
            compare(lambda xp, x: xp.add(x, v, casting=casting), a)


def test_logical_ufuncs_with_big_python_ints():
    a = numpy.arange(3)
    if NUMPY_VERSION >= (2, 1):  # NumPy 2.1: a Python int beyond int64 is an OverflowError here
        compare(lambda xp, x: xp.logical_or(x, 2**64 - 1), a)  # OverflowError
    compare(lambda xp, x: xp.logical_or(x.astype("i1"), 300), a)
    compare(lambda xp, x: xp.logical_and(x.astype("u1"), -3), a)


@pytest.mark.parametrize("dt", dtype_params(SIGNED_DTYPES))
def test_negative_integer_power_is_raised_by_the_first_read(dt):
    # Note [Deferred errors]: no synchronisation at the call; the error is
    # raised by the first read of a result (at once on the CPU).
    a = cn.asarray(numpy.array([1, 2, 3], dtype=dt))
    b = cn.asarray(numpy.array([1, -1, 2], dtype=dt))
    with pytest.raises(ValueError, match="Integers to negative integer powers are not allowed"):
        r = cn.power(a, b)
        cn.asnumpy(r)
    # the library stays usable, and the flag does not stick
    assert_same(numpy.array([1, 4, 9], dtype=dt), cn.power(a, cn.asarray(numpy.array([2, 2, 2], dtype=dt))))
    assert_same(numpy.array([1, 2, 3], dtype=dt), a ** 1)
