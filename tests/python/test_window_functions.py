"""Window functions (bartlett, blackman, hamming, hanning, kaiser) and
isposinf/isneginf against NumPy: lengths below 1, 1, even, odd and
fractional, NumPy's scalar types as M, the values' dtype and shape (float64
on the default device), and the errors."""
import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, compare, dtype_params, make_data, requires_cunum

pytestmark = pytest.mark.usefixtures("device")

LENGTHS = [-3, 0, 1, 2, 3, 8, 13, 5.5, True, numpy.int32(7), numpy.float32(6.0)]


@pytest.mark.parametrize("name", ["bartlett", "blackman", "hamming", "hanning"])
@pytest.mark.parametrize("M", LENGTHS, ids=repr)
def test_cosine_windows(name, M):
    # the cosines may differ from NumPy's by an ulp: the default float64 tolerance
    compare(lambda xp: getattr(xp, name)(M))


@pytest.mark.parametrize("M, beta", [(-1, 2.0), (0, 1.0), (1, 5.0), (2, 0.0), (6, 14.0), (11, 8.6),
                                     (7.5, 3.0), (4, numpy.float16(2.5))])
def test_kaiser(M, beta):
    # (7.5, 3.0): one point past the window's edge is NaN in NumPy too
    compare(lambda xp: xp.kaiser(M, beta))


@requires_cunum
@pytest.mark.parametrize("name", ["bartlett", "blackman", "hamming", "hanning", "kaiser"])
def test_complex_length_is_a_type_error(name):
    # A deliberate departure (docs/math-routines.md): NumPy takes a complex M
    # into a complex array and returns a meaningless window (hanning(5+1j) is
    # [0.+0.j], hanning(5+0j) is empty); cunum refuses it. kaiser's complex
    # beta is NumPy's TypeError too.
    args = (2.0,) if name == "kaiser" else ()
    with pytest.raises(TypeError, match="must be a real number"):
        getattr(cn, name)(5 + 1j, *args)
    if name == "kaiser":
        compare(lambda xp: xp.kaiser(5, 1 + 1j))


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("fn", ["isposinf", "isneginf"])
def test_signed_infinities(dt, fn, rng):
    a = make_data((4, 5), dt, rng=rng)
    if a.dtype.kind == "f":
        a.flat[[0, 3, 7, 11]] = [numpy.inf, -numpy.inf, numpy.nan, -0.0]
    # complex: NumPy's TypeError and its message
    compare(lambda xp, x: getattr(xp, fn)(x), a)
    compare(lambda xp, x: getattr(xp, fn)(x[::-2, 1:]), a)


@pytest.mark.parametrize("fn", ["isposinf", "isneginf"])
def test_signed_infinities_out(fn):
    a = numpy.array([1.0, -numpy.inf, numpy.inf, numpy.nan, -0.0], numpy.float32)
    # the very out= object comes back, of its own dtype (bool into float64 is safe)
    for out_dtype in (numpy.bool_, numpy.float64):
        exp, got = compare(lambda xp, x, o: (getattr(xp, fn)(x, o), o), a, numpy.zeros(5, out_dtype))
    o = cn.zeros(5, bool)
    assert getattr(cn, fn)(cn.asarray(a), out=o) is o
