"""cunum.lib.stride_tricks (as_strided, sliding_window_view), byte_bounds
(cunum.byte_bounds, cunum.lib.array_utils.byte_bounds) and who, against
NumPy (found by CuPy's suite)."""
import numpy
import numpy.lib.array_utils as np_array_utils
import numpy.lib.stride_tricks as np_stride_tricks
import pytest

import cunum as cn
from cunum.lib import array_utils, stride_tricks
from helpers import SOME_DTYPES, assert_same, compare, dtype_id, requires_cunum

VIEWS = {
    "contiguous": lambda x: x,
    "step": lambda x: x[::2],
    "reversed": lambda x: x[::-1],
    "2d_neg": lambda x: x.reshape(4, 6)[::-2, ::-2],
    "2d_posneg": lambda x: x.reshape(4, 6)[::1, ::-1],
    "2d_posneg2": lambda x: x.reshape(4, 6)[::2, ::-3],
    "transposed": lambda x: x.reshape(4, 6).T,
    "empty": lambda x: x[:0].reshape(3, 0, 4) if x.size else x,
    "0d": lambda x: x[5:6].reshape(()),
}


@requires_cunum
@pytest.mark.parametrize("dt", SOME_DTYPES, ids=dtype_id)
@pytest.mark.parametrize("view", list(VIEWS))
def test_byte_bounds(device, dt, view):
    h = numpy.zeros(24, dtype=dt)
    d = cn.zeros(24, dtype=dt)
    hv, dv = VIEWS[view](h), VIEWS[view](d)
    hlo, hhi = np_array_utils.byte_bounds(hv)
    lo, hi = cn.byte_bounds(dv)
    base = h.__array_interface__["data"][0]
    # the same offsets from the start of the allocation as NumPy's
    assert (lo - d.data.ptr, hi - d.data.ptr) == (hlo - base, hhi - base)
    assert array_utils.byte_bounds(dv) == (lo, hi)


@requires_cunum
def test_who(capsys):
    cn.who({})
    out = capsys.readouterr().out.split("\n")
    assert out == ["", "Upper bound on total bytes  =       0", ""]
    x = cn.ones(10)
    ns = {"x": x, "y": cn.ones((2, 10), dtype=cn.int32), "alias": x, "other": 3}
    cn.who(ns)
    lines = capsys.readouterr().out.split("\n")
    assert lines[0].split() == ["Name", "Shape", "Bytes", "Type"]
    assert set(lines[0]) == {"N", "a", "m", "e", " ", "S", "h", "p", "B", "y", "t", "s", "T"}
    assert lines[1] == "=" * (len(lines[0]) + 5)
    assert lines[3].split() == ["x", "10", "80", "float64"]
    assert lines[4].split() == ["y", "2", "x", "10", "80", "int32"]
    assert lines[5].split() == ["alias", "(x)", "10", "80", "float64"]
    assert lines[-2] == "Upper bound on total bytes  =       160"  # alias counted once


_who_global = None


@requires_cunum
def test_who_globals(capsys):
    global _who_global
    _who_global = cn.ones(3)
    try:
        cn.who()
    finally:
        _who_global = None
    lines = capsys.readouterr().out.split("\n")
    assert ["_who_global", "3", "24", "float64"] in [ln.split() for ln in lines]


@pytest.mark.parametrize("dt", SOME_DTYPES, ids=dtype_id)
@pytest.mark.parametrize("shape,strides", [((2,), (16,)), ((3, 4), (0, 8)), ((3, 3), (8, 8)),
                                           ((2, 2), (-8, 16)), ((0, 5), (8, 8)), ((), ())])
def test_as_strided(device, dt, shape, strides):
    def f(xp, x):
        st = xp.lib.stride_tricks if xp is cn else np_stride_tricks
        x = x.astype(dt)
        src = x[4:] if any(s < 0 for s in strides) else x  # room in front for negative strides
        scale = x.itemsize // 8 if x.itemsize >= 8 else 1
        s = tuple(v // 8 * x.itemsize for v in strides) if scale else strides
        return st.as_strided(src, shape=shape, strides=s).copy()
    compare(f, numpy.arange(12), check_args=False)


def test_as_strided_defaults_and_view(device):
    a = cn.arange(12.0).reshape(3, 4)
    v = stride_tricks.as_strided(a)
    assert v.shape == a.shape and v.strides == a.strides
    v2 = stride_tricks.as_strided(a, shape=(3,), strides=(5 * a.itemsize,))  # the diagonal
    v2[...] = -1
    assert_same(numpy.where(numpy.eye(3, 4, dtype=bool), -1.0, numpy.arange(12.0).reshape(3, 4)),
                a)


@requires_cunum
def test_as_strided_outside_allocation(device):
    a = cn.arange(10)
    with pytest.raises(ValueError):
        stride_tricks.as_strided(a, shape=(11,), strides=(a.itemsize,))
    with pytest.raises(ValueError):
        stride_tricks.as_strided(a, shape=(2,), strides=(-a.itemsize,))


@pytest.mark.parametrize("shape,window,axis", [
    ((3, 4), 2, 0), ((3, 4), (2, 2), None), ((3, 4), 3, 1), ((3, 4), (2, 3), (0, 1)),
    ((6,), 3, None), ((3, 4), (2, 2), (1, 1)), ((2, 3, 4), 2, -1), ((), (), None),
    ((5,), 0, None),
    # errors
    ((3, 4), 5, 0), ((3, 4), -1, 0), ((2, 3, 4), (2, 2), None), ((3, 4), (2, 2), 0),
    ((3, 4), 2, 2)], ids=repr)
def test_sliding_window_view(device, shape, window, axis):
    def f(xp, x):
        st = xp.lib.stride_tricks if xp is cn else np_stride_tricks
        v = st.sliding_window_view(x, window, axis)
        return v.copy(), v.strides
    compare(f, numpy.arange(int(numpy.prod(shape)), dtype=numpy.int32).reshape(shape))


def test_sliding_window_view_is_a_view(device):
    a = cn.arange(6.0)
    v = stride_tricks.sliding_window_view(a, 3)
    a[2] = 100
    assert_same(numpy.lib.stride_tricks.sliding_window_view(
        numpy.array([0, 1, 100, 3, 4, 5.0]), 3), v)


@pytest.mark.parametrize("p", [2.0, 3, numpy.float64(1.5), numpy.array(2.0)], ids=repr)
def test_roots_of_a_scalar(device, p):
    compare(lambda xp: xp.roots(p))  # NumPy's TypeError


@requires_cunum
def test_poly1d_get_set(device):
    """CuPy's poly1d.get()/set(): a numpy.poly1d copy and back."""
    a = cn.poly1d(cn.arange(1, 5), variable="z")
    h = a.get()
    assert isinstance(h, numpy.poly1d) and h == numpy.poly1d([1, 2, 3, 4], variable="z")
    a.set(numpy.poly1d(numpy.ones(3), variable="y"))
    assert a.variable == "y"
    assert_same(numpy.ones(3), a.coeffs)
    assert a.coeffs.device == cn.arange(1).device


@pytest.mark.parametrize("bitorder", ["big", "little", "b", "l", "lit", "bad", "BIG", "Little",
                                      "x", "", 1, None])
def test_pack_unpack_bitorder_spellings(device, bitorder):
    """NumPy's unpackbits takes any word starting with 'l' or 'b'."""
    compare(lambda xp, a: xp.unpackbits(a, bitorder=bitorder), numpy.array([3, 200], numpy.uint8))
    compare(lambda xp, a: xp.packbits(a, bitorder=bitorder), numpy.array([1, 0, 1, 1, 0]))
