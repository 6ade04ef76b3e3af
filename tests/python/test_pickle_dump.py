"""Pickling keeps NumPy's layout (F-ordered arrays come back F-ordered);
ndarray.dump/dumps as NumPy's (found by CuPy's suite)."""
import io
import pickle

import numpy
import pytest

import cunum as cn
from helpers import SOME_DTYPES, assert_same, dtype_id, requires_cunum


def _layout(x):
    return x.flags.c_contiguous, x.flags.f_contiguous


@pytest.mark.parametrize("dt", SOME_DTYPES, ids=dtype_id)
@pytest.mark.parametrize("make", ["C", "F", "T", "strided", "1d", "0d"])
def test_pickle_keeps_numpy_layout(device, dt, make):
    base = numpy.arange(24).reshape(2, 3, 4).astype(dt)
    views = {"C": lambda xp, x: x, "F": lambda xp, x: xp.asfortranarray(x),
             "T": lambda xp, x: x.transpose(2, 0, 1), "strided": lambda xp, x: x[:, ::2],
             "1d": lambda xp, x: x.ravel(), "0d": lambda xp, x: x[1, 2, 3]}
    e = views[make](numpy, base)
    a = views[make](cn, cn.asarray(base))
    e2 = pickle.loads(pickle.dumps(e))
    a2 = pickle.loads(pickle.dumps(a))
    assert_same(e2, a2)
    assert _layout(a2) == _layout(e2)
    assert a2.device == a.device


@requires_cunum
@pytest.mark.parametrize("order", ["C", "F"])
def test_dump_and_dumps(device, tmp_path, order):
    a = cn.asarray(numpy.arange(12.0).reshape(3, 4), order=order)
    buf = io.BytesIO()
    a.dump(buf)
    b = cn.load(io.BytesIO(buf.getvalue()), allow_pickle=True)
    assert_same(numpy.asarray(a.get(), order=order), b)
    with pytest.raises(ValueError):  # NumPy's refusal of a pickle without allow_pickle
        cn.load(io.BytesIO(buf.getvalue()), allow_pickle=False)
    path = tmp_path / "a.pkl"
    a.dump(path)
    a.dump(str(path))
    with open(path, "rb") as f:
        assert_same(a.get(), pickle.load(f))
    assert_same(a.get(), pickle.loads(a.dumps()))
