"""Creation at the edges (issue 7, fuzz findings 3, 11, 12 and 13):
dtype=None, arange's length, dtype and values as NumPy computes them (Note
[arange as NumPy] in src/routines/ranges.cpp), linspace/logspace in the endpoints'
precision, arrays too big to describe, float64 -> float16 rounding."""
import numpy
import pytest

from helpers import ALL_DTYPES, compare, dtype_params, make_rng

pytestmark = pytest.mark.usefixtures("device")

inf, nan = float("inf"), float("nan")


@pytest.mark.parametrize("fn", ["zeros", "ones", "empty"])
def test_dtype_none_is_float64(fn):
    compare(lambda xp: getattr(xp, fn)((2, 3), dtype=None).dtype)
    compare(lambda xp: getattr(xp, fn)(2, None).dtype)
    if fn != "empty":
        compare(lambda xp: getattr(xp, fn)(2, dtype=None))


ARANGE_CASES = [
    (0, 2**63 - 1, 2**62), (-2**63, 2**63 - 1, 2**62), (4.4, 7.2, inf), (4.4, 7.2, -inf),
    (7.2, 4.4, -inf), (4.4, 4.4, inf), (0, 1e-320, 1e308), (-2**63, -2**63 + 5, 2),
    (2**63 - 1, 2**63 - 10, -3), (2**63, 2**63 + 3), (2**63 - 2, 2**63 + 1), (0, 10**19),
    (numpy.float32(1), 3), (0, numpy.float32(1.5), 0.5), (numpy.int8(3),),
    (numpy.int8(120), numpy.int8(127), numpy.int8(5)), (numpy.uint64(5), numpy.int64(7)),
    (True, 3), (True,), (False, True, True), (True, False, -1), (0, 5, numpy.uint8(2)),
    (0, 3 + 1j, 1), (0, 3 + 3j, 1 + 1j), (0, 2 + 5j, 0.5 + 1j), (1j, 4j, 1j), (1j, 3),
    (1, 0.5), (0, 5, -1), (0.1, 2.3, 0.1), (1e16, 1e16 + 20, 3), (numpy.float16(0.1), 2, 0.3),
    (numpy.float32(0.1), numpy.float32(0.9), numpy.float32(0.1)), (0, 3, numpy.float32(0.1)),
    (9223372036854775807,), (numpy.int8(-47), numpy.int8(86)), (numpy.int8(86), 29.5, -184),
    (numpy.int8(-33), 169), (80, numpy.int8(-9), 280), (-47, -2 - 4j, numpy.float64(-28.6)),
    # errors
    (0, 5, 0), (0, 1, -0.0), (0, inf), (0, -inf), (0, 10, nan), (nan, 10), (inf, 5, -1),
    (-1.7e308, 1.7e308, 1.7e308), (0, 5, 1e-300), (0, 3, numpy.int8(0)), (0, 5e18),
]
ARANGE_DTYPE_CASES = [
    ((-5.6, 14, 9), int), ((0, 300, 100), "int8"), ((0, 1, 0.3), "int8"), ((1, 2.5, 0.5), int),
    ((0.5, 10, 2.5), "uint8"), ((-0.5, 3), "uint8"), ((0, -1.5, -0.5), "uint8"),
    ((-3, 3), "uint8"), ((-3, -5), "uint8"), ((300, 0), "int8"), ((1e20, 1e20 + 1e5, 1e4), "int64"),
    ((1e20, 0), "int64"), ((0, 10, inf), int), ((nan, 5), int), ((0, 10, 3), "uint8"),
    ((10, 0, -3), "uint8"), ((-3, 300, 7), "int8"), ((2**62, 2**63 + 2**62, 2**62), "uint64"),
    ((0.1, 1.0, 0.1), "float32"), ((0.1, 2.3, 0.1), "float16"), ((0, 30, 0.1), "float32"),
    ((0, 3000, 1.1), "float16"), ((0, 1000), "float16"), ((0.1, 2.3, 0.1), "complex64"),
    ((0, 3, 1), "complex64"), ((1j, 3), float), ((1j, 0), float), ((17j, numpy.uint64(67)), "int16"),
    ((numpy.int8(-69), 414.04, 112), "uint8"), ((numpy.int8(-43), numpy.int8(4)), "uint64"),
    # bool: at most two elements
    ((0, 2), bool), ((1, 3), bool), ((2,), bool), ((3,), bool), ((True,), bool),
    ((0, 2, 0.5), bool), ((5, 3, -1), bool), ((-1, 1), bool), ((2**62,), bool),
]


@pytest.mark.parametrize("args", ARANGE_CASES, ids=repr)
def test_arange_edges(args):
    compare(lambda xp: xp.arange(*args), exact=True)


@pytest.mark.parametrize("args, dt", ARANGE_DTYPE_CASES, ids=repr)
def test_arange_dtype_edges(args, dt):
    compare(lambda xp: xp.arange(*args, dtype=dt), exact=True)


def test_arange_random_against_numpy():
    rng = make_rng(11)
    dts = [None, "int8", "uint8", "int32", "int64", "uint64", "float16", "float32", "float64",
           "complex64", "complex128", "bool"]
    kinds = [lambda: int(rng.integers(-300, 300)), lambda: float(rng.uniform(-50, 50)),
             lambda: numpy.float32(rng.uniform(-50, 50)), lambda: numpy.int8(rng.integers(-100, 100)),
             lambda: numpy.float16(rng.uniform(-20, 20)), lambda: bool(rng.integers(0, 2)),
             lambda: numpy.uint64(rng.integers(0, 300)), lambda: numpy.float64(rng.uniform(-99, 99))]
    for _ in range(400):
        args = [kinds[rng.integers(0, len(kinds))]() for _ in range(rng.integers(1, 4))]
        dt = dts[rng.integers(0, len(dts))]
        compare(lambda xp: xp.arange(*args, dtype=dt), exact=True)


LINSPACE_CASES = [
    (numpy.float32(0), numpy.float32(1), 3), (0, numpy.float32(1), 7),
    (numpy.float32(0.1), numpy.float32(0.7), 7), (numpy.float16(0.1), numpy.float16(0.7), 7),
    (numpy.float16(0), numpy.float16(1), 5), (numpy.int8(0), numpy.int8(5), 3),
    (numpy.complex64(0), 1, 3), (numpy.complex64(1 + 2j), -3.5, 6), (0, 1e-310, 3),
    (numpy.float32(0), numpy.float32(1e-40), 3), (0, 5e-324, 4), (-1e308, 1e308, 5),
    (numpy.complex64(1.25 + 3.1j), -1e308, 9), (1.5, 1.5, 1), (0.0, inf, 4),
]


@pytest.mark.parametrize("args", LINSPACE_CASES, ids=repr)
@pytest.mark.parametrize("endpoint", [True, False])
@pytest.mark.parametrize("dt", [None, "float64", "float32", "float16", "int32", "complex128"])
def test_linspace_endpoint_precision(args, endpoint, dt):
    if dt == "int32" and any(isinstance(a, (complex, numpy.complexfloating)) for a in args):
        pytest.skip("NumPy cannot floor a complex range")
    compare(lambda xp: xp.linspace(*args, endpoint=endpoint, dtype=dt))
    compare(lambda xp: xp.linspace(*args, endpoint=endpoint, dtype=dt, retstep=True)[0])


@pytest.mark.parametrize("args", [(numpy.float32(0), numpy.float32(1), 3),
                                  (numpy.float16(0), numpy.float16(1), 4),
                                  (numpy.float32(0), 1, 5), (0, 2, 3)], ids=repr)
@pytest.mark.parametrize("base", [10.0, 2, numpy.float32(10), numpy.float64(10)], ids=repr)
def test_logspace_precision(args, base):
    compare(lambda xp: xp.logspace(*args, base=base))
    compare(lambda xp: xp.logspace(*args, base=base, dtype=numpy.float32))


@pytest.mark.parametrize("make", [
    lambda xp: xp.zeros((2**31, 2**31, 0)), lambda xp: xp.zeros((2**62, 2, 0)),
    lambda xp: xp.zeros((2**60, 8, 0), dtype=xp.int8), lambda xp: xp.ones((2**31, 2**31, 0)),
    lambda xp: xp.full((2**31, 2**31, 0), 1), lambda xp: xp.zeros((2**63 - 1, 0)),
    lambda xp: xp.zeros((2**60, 7, 0), dtype=xp.int8).shape,
    lambda xp: xp.empty_like(xp.zeros(1), shape=(2**31, 2**31, 0)),
    lambda xp: xp.zeros(0).reshape(2**31, 2**31, 0), lambda xp: xp.zeros((1,) * 65),
    lambda xp: xp.zeros(1).reshape((1,) * 65),
    lambda xp: xp.broadcast_to(xp.zeros(1), (2**62, 2**62)).size,
    lambda xp: xp.broadcast_to(xp.zeros(1), (2**62, 2**62, 0)),
    lambda xp: xp.broadcast_to(xp.zeros(1), (2**61, 4)),
    lambda xp: xp.broadcast_to(xp.zeros(1), (2**63 - 1,)),
    lambda xp: xp.broadcast_to(xp.zeros(1), (0, 2**62, 2**62)),
    lambda xp: xp.broadcast_to(xp.zeros(1), (1,) * 65),
    lambda xp: xp.broadcast_to(xp.zeros(1), (2**60,)).size,
])
def test_too_big_to_describe(make):
    # NumPy's type and message: "array is too big; ..." / "iterator is too large"
    compare(make)


def test_float64_to_float16_rounds_once():
    # float64 -> float16 rounds straight to half (not through float32)
    h = numpy.arange(0, 0x7C00, dtype=numpy.uint16).view(numpy.float16).astype(numpy.float64)
    mid = (h[:-1] + h[1:]) / 2
    x = numpy.concatenate([mid, -mid, numpy.nextafter(mid, 0), numpy.nextafter(mid, 1e9),
                           [105.59374937424094, 65519.99, 65520.0, 2.0**-25, 2.0**-25 * (1 + 2**-52),
                            5e-324, -0.0, inf, -inf, nan, 1e300]])
    with numpy.errstate(over="ignore"):
        compare(lambda xp, a: a.astype(numpy.float16), x, exact=True)
        compare(lambda xp, a: a[::-2].astype(numpy.float16), x, exact=True)
