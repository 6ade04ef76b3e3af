"""Logic and binary routines against NumPy on every device: isclose, allclose,
array_equal, array_equiv, iscomplex, iscomplexobj, isreal, isrealobj,
isscalar, isfortran, packbits, unpackbits, binary_repr, base_repr,
may_share_memory, shares_memory.

allclose, array_equal and array_equiv return 0-d bool arrays (CuPy's choice:
no wait for the device) where NumPy returns a Python bool: the tests compare
bool(result)."""
import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, INT_DTYPES, USING_NUMPY_SHIM, assert_raises_like, compare, dtype_params, make_data

pytestmark = pytest.mark.usefixtures("device")


def close_data(dt, rng):
    a = make_data((4, 5), dt, rng=rng)
    b = a.copy()
    if dt.kind in "fc":
        b = (b * (1 + numpy.asarray(3e-6, dt))).astype(dt)
        fa, fb = a.reshape(-1), b.reshape(-1)
        fa[:4] = [numpy.nan, numpy.inf, -numpy.inf, numpy.nan]
        fb[:4] = [numpy.nan, numpy.inf, numpy.inf, 1.0]
        fb[5] += 1
    elif dt.kind != "b":
        b.reshape(-1)[3] = b.reshape(-1)[3] // 2
    return a, b


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_isclose(dt, rng):
    a, b = close_data(dt, rng)
    compare(lambda xp, x, y: xp.isclose(x, y), a, b)
    compare(lambda xp, x, y: xp.isclose(x, y, equal_nan=True), a, b)
    compare(lambda xp, x, y: xp.isclose(x, y, rtol=1e-8, atol=0.5), a, b)
    compare(lambda xp, x, y: xp.isclose(x, y[0]), a, b)  # broadcasting
    compare(lambda xp, x: xp.isclose(x, 1), a)
    compare(lambda xp, x: xp.isclose(2.0, x), a)


def test_isclose_integer_extremes():
    a = numpy.array([numpy.iinfo(numpy.int64).min, 0, 5], numpy.int64)
    compare(lambda xp, x: xp.isclose(x, x), a)
    compare(lambda xp, x: xp.isclose(x, numpy.iinfo(numpy.int64).min), a)
    compare(lambda xp, x: xp.isclose(x, x, atol=xp.asarray([0.0, 1.0, 2.0])), a)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_allclose_array_equal_equiv(dt, rng):
    a, b = close_data(dt, rng)
    for eq_nan in (False, True):
        compare(lambda xp, x, y: bool(xp.allclose(x, y, equal_nan=eq_nan)), a, b)
        compare(lambda xp, x, y: bool(xp.allclose(x[1:, 4:], y[1:, 4:], equal_nan=eq_nan)), a, b)
        compare(lambda xp, x: bool(xp.array_equal(x, x.copy(), equal_nan=eq_nan)), a)
        compare(lambda xp, x, y: bool(xp.array_equal(x, y, equal_nan=eq_nan)), a, b)
    compare(lambda xp, x: bool(xp.array_equal(x, x[:2])), a)
    compare(lambda xp, x: bool(xp.array_equiv(x, x[:1])), a)
    compare(lambda xp, x: bool(xp.array_equiv(x[:1], xp.stack([x[0], x[0]]))), a)
    compare(lambda xp, x: bool(xp.array_equiv(x, x[:2])), a)
    compare(lambda xp, x, y: bool(xp.array_equiv(x, y)), a, b)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum answers with 0-d device arrays (CuPy's rule); NumPy with Python bools "
                                             "(the suite is running against NumPy)")
def test_whole_array_answers_are_device_arrays():
    x = cn.arange(5.0)
    for r in (cn.allclose(x, x), cn.array_equal(x, x), cn.array_equiv(x, x), cn.array_equal(x, x[:2])):
        assert isinstance(r, cn.ndarray) and r.shape == () and r.dtype == numpy.bool_
        assert r.device == x.device


def test_array_equal_complex_nans():
    a = numpy.array([complex(numpy.nan, 1), 2 + 0j, complex(1, numpy.nan)])
    b = numpy.array([complex(numpy.nan, 2), 2 + 0j, complex(numpy.nan, 0)])
    compare(lambda xp, x, y: bool(xp.array_equal(x, y, equal_nan=True)), a, b)
    compare(lambda xp, x, y: bool(xp.array_equal(x, y)), a, b)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_complex_real_tests(dt, rng):
    a = make_data((3, 4), dt, rng=rng)
    if dt.kind == "c":
        a.reshape(-1)[:3] = [1 + 0j, 2, -0.0j]
    compare(lambda xp, x: xp.iscomplex(x), a)
    compare(lambda xp, x: xp.isreal(x), a)
    compare(lambda xp, x: xp.iscomplexobj(x), a)
    compare(lambda xp, x: xp.isrealobj(x), a)


def test_object_tests():
    for v in (3, 2.5, 1j, True, "s", b"b", numpy.float32(1), numpy.int8(3), [1], (1,), None):
        assert cn.isscalar(v) == numpy.isscalar(v), v
    assert not cn.isscalar(cn.asarray(3))
    assert cn.iscomplexobj([1, 2j]) and not cn.iscomplexobj([1, 2]) and cn.isrealobj(3.0)
    assert cn.iscomplexobj(numpy.complex64(1))
    x = cn.zeros((3, 4))
    assert not cn.isfortran(x) and cn.isfortran(x.T) and not cn.isfortran(cn.zeros(3))
    assert cn.isfortran(cn.asfortranarray(cn.zeros((2, 2))))


# ---------------------------------------------------------------- packbits
@pytest.mark.parametrize("dt", dtype_params([numpy.dtype(bool)] + INT_DTYPES))
def test_packbits(dt, rng):
    a = make_data((3, 13, 2), dt, rng=rng)
    for axis in (None, 0, 1, 2, -1):
        for order in ("big", "little"):
            compare(lambda xp, x: xp.packbits(x, axis=axis, bitorder=order), a)
    compare(lambda xp, x: xp.packbits(x[:, :0]), a)
    compare(lambda xp, x: xp.packbits(x[0, 0, 0]), a)
    compare(lambda xp, x: xp.packbits(x[:, ::-3], axis=1), a)


def test_packbits_errors():
    a = numpy.ones((2, 3))
    compare(lambda xp, x: xp.packbits(x), a)
    compare(lambda xp, x: xp.packbits(x > 0, axis=2), a)
    compare(lambda xp, x: xp.packbits(x > 0, bitorder="middle"), a)
    compare(lambda xp, x: xp.packbits(x > 0, bitorder="l"), a)


def test_unpackbits(rng):
    a = rng.integers(0, 256, size=(3, 4, 2)).astype(numpy.uint8)
    for axis in (None, 0, 1, -1):
        for count in (None, 0, 3, 17, 40, -1, -8):
            for order in ("big", "little"):
                compare(lambda xp, x: xp.unpackbits(x, axis=axis, count=count, bitorder=order), a)
    compare(lambda xp, x: xp.unpackbits(x[:, ::-1], axis=1), a)
    compare(lambda xp, x: xp.unpackbits(x[0, 0, 0]), a)
    compare(lambda xp, x: xp.unpackbits(x, count=-100), a)
    compare(lambda xp, x: xp.unpackbits(x.astype(numpy.int8)), a)
    compare(lambda xp, x: xp.unpackbits(x, axis=3), a)
    compare(lambda xp, x: xp.unpackbits(x, axis=1, count=-33), a)
    compare(lambda xp, x: xp.unpackbits(xp.packbits(x > 100, axis=1), axis=1, count=4), a)


def test_binary_repr_base_repr():
    for n in (0, 1, 5, -1, -5, -8, -9, 255, -128, 2**40, -(2**40)):
        for w in (None, 1, 4, 8, 12, 70):
            try:
                want = numpy.binary_repr(n, w)
            except ValueError:
                with pytest.raises(ValueError):
                    cn.binary_repr(n, w)
                continue
            assert cn.binary_repr(n, w) == want, (n, w)
        for base in (2, 3, 8, 16, 36):
            for pad in (0, 2):
                assert cn.base_repr(n, base, pad) == numpy.base_repr(n, base, pad), (n, base, pad)
    assert cn.binary_repr(numpy.int8(-3), width=8) == numpy.binary_repr(numpy.int8(-3), width=8)
    for bad in (1, 37):
        with pytest.raises(ValueError):
            cn.base_repr(5, bad)
    with pytest.raises(TypeError):
        cn.binary_repr(1.5)


# ---------------------------------------------------------------- memory overlap
def test_shares_memory():
    n = numpy.arange(120.0)
    x = cn.asarray(n)
    cases = [
        lambda v: (v[::2], v[1::2]), lambda v: (v[::3], v[1::2]), lambda v: (v, v.reshape(4, 30).T),
        lambda v: (v[:60], v[60:]), lambda v: (v[:61], v[60:]), lambda v: (v.reshape(10, 12)[:, :6],
                                                                           v.reshape(10, 12)[:, 6:]),
        lambda v: (v.reshape(10, 12)[::2, 1::3], v.reshape(10, 12)[1::2, 2::3]),
        lambda v: (v.reshape(10, 12)[::2], v.reshape(10, 12)[1::2, ::-1]), lambda v: (v[:0], v),
        lambda v: (v[5:6], v[5:6]), lambda v: (v.reshape(2, 3, 20)[:, ::2, ::7], v.reshape(2, 3, 20)[1, 1]),
    ]
    for case in cases:
        a_np, b_np = case(n)
        a_cn, b_cn = case(x)
        assert cn.shares_memory(a_cn, b_cn) == numpy.shares_memory(a_np, b_np)
        assert cn.may_share_memory(a_cn, b_cn) == numpy.may_share_memory(a_np, b_np)
        assert cn.may_share_memory(a_cn, b_cn, max_work=-1) == numpy.may_share_memory(a_np, b_np, max_work=-1)
    if not USING_NUMPY_SHIM:  # cunum.asarray copies a NumPy array into cunum's memory; numpy.asarray returns it
        assert not cn.shares_memory(x, cn.asarray(n))
    c = cn.asarray(numpy.zeros(8, numpy.complex128))
    assert cn.shares_memory(c.real, c) and not cn.shares_memory(c.real, c.imag)
    assert cn.may_share_memory(c.real, c.imag)
    big = cn.zeros(10**6)
    assert not cn.shares_memory(big[::2], big[1::2])


def test_shares_memory_max_work():
    x = cn.zeros((60, 60))
    a, b = x[::2, ::3], x[1::2, 1::3]
    assert not cn.shares_memory(a, b)
    from numpy.exceptions import TooHardError
    xn = numpy.zeros((60, 60))
    exact = numpy.shares_memory(xn[::7, ::11], xn[1::5, 2::13].T)
    assert cn.shares_memory(x[::7, ::11], x[1::5, 2::13].T) == exact
    try:  # one candidate: the answer, or NumPy's TooHardError
        assert cn.shares_memory(x[::7, ::11], x[1::5, 2::13].T, max_work=1) == exact
    except TooHardError:
        assert cn.may_share_memory(x[::7, ::11], x[1::5, 2::13].T, max_work=1)


@pytest.mark.parametrize("dt", ["bool", "int8", "uint64", "float16", "float64", "complex64"])
def test_isnat_is_for_datetimes_only(dt):
    # NumPy's isnat takes datetime64/timedelta64 only: every dtype cunum has
    # gets its TypeError, with its message
    assert_raises_like(lambda xp: xp.isnat(xp.zeros(3, dtype=dt)))
    with pytest.raises(TypeError, match="only defined for np.datetime64 and np.timedelta64"):
        cn.isnat(cn.zeros(3, dtype=dt))
