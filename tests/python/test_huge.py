"""Arrays past 2^31 elements (issue 7): every kernel family on the GPU gives
NumPy's result when an index no longer fits in 32 bits.

On demand, on a device with the memory for it (about 20 GiB of GPU memory
and 30 GiB of host memory): CUNUM_HUGE=1.
NumPy computes the expected values on the host from the same data.
"""
import os

import numpy
import pytest

import cunum as cn
from helpers import assert_same, cuda_available

pytestmark = pytest.mark.skipif(
    os.environ.get("CUNUM_HUGE") != "1" or not cuda_available(),
    reason="arrays past 2^31 elements: on demand on a GPU (CUNUM_HUGE=1)")

N = (1 << 31) + 4099  # elements: past int32, an odd tail
ROWS = 2


@pytest.fixture(scope="module")
def data():
    """The same 2 GiB of uint8 on the host and on the GPU."""
    # A period of 4099 (prime, so no axis below lines up with it) of
    # shuffled bytes, tiled: seconds on the host where arange arithmetic on
    # 2^31 int64 values took minutes.
    period = numpy.random.default_rng(7).integers(0, 251, 4099, dtype=numpy.uint8)
    h = numpy.resize(period, N)
    with cn.Device("cuda"):
        d = cn.asarray(h)
    return h, d


def same(expected, actual):
    assert_same(expected, actual, exact=True)


def test_elementwise(data):
    h, d = data
    with cn.Device("cuda"):
        same(h + numpy.uint8(3), d + numpy.uint8(3))
        same(h[::-1] ^ h, d[::-1] ^ d)              # a reversed operand
        same(numpy.maximum(h[1:], h[:-1]), cn.maximum(d[1:], d[:-1]))


def test_reductions_every_axis(data):
    h, d = data
    with cn.Device("cuda"):
        same(h.sum(), d.sum())
        same(h.max(), d.max())
        same(numpy.argmax(h[:-7]), cn.argmax(d[:-7]))     # the index itself past 2^31
        m = N - N % ROWS
        hm, dm = h[:m].reshape(ROWS, -1), d[:m].reshape(ROWS, -1)
        same(hm.sum(axis=0, dtype=numpy.int64), dm.sum(axis=0, dtype=cn.int64))
        same(hm.sum(axis=1), dm.sum(axis=1))
        same(hm.T.sum(axis=0), dm.T.sum(axis=0))
        same(hm.argmin(axis=1), dm.argmin(axis=1))


def test_strided_copies(data):
    h, d = data
    with cn.Device("cuda"):
        same(h[::-1].copy(), d[::-1].copy())
        same(h[1::3], cn.ascontiguousarray(d[1::3]))
        m = N - N % ROWS
        same(numpy.ascontiguousarray(h[:m].reshape(ROWS, -1).T), cn.ascontiguousarray(d[:m].reshape(ROWS, -1).T))
        same(numpy.concatenate([h[:5], h]), cn.concatenate([d[:5], d]))


def test_scan(data):
    h, d = data
    with cn.Device("cuda"):
        # The tail of the running sum: the sum of the head plus the tail's own
        # running sum (the host never holds 16 GiB of int64 sums).
        tail = numpy.cumsum(h[-1000:], dtype=numpy.int64) + h[:-1000].sum(dtype=numpy.int64)
        same(tail, cn.cumsum(d, dtype=cn.int64)[-1000:])


def test_sort_and_unique(data):
    h, d = data
    with cn.Device("cuda"):
        same(numpy.sort(h), cn.sort(d))
        same(numpy.unique(h), cn.unique(d))


def test_gather_scatter_select(data):
    h, d = data
    with cn.Device("cuda"):
        idx = numpy.array([0, N - 1, (1 << 31) + 5, 1 << 31, 12345, -1, -(1 << 31) - 3])
        same(h[idx], d[cn.asarray(idx)])
        hc, dc = h.copy(), d.copy()
        hc[idx] = 7
        dc[cn.asarray(idx)] = 7
        same(hc, dc)
        same(numpy.flatnonzero(h == 250)[-100:], cn.flatnonzero(d == 250)[-100:])
        same(h[h > 249], d[d > 249])
