"""Indices and slice bounds at the edges of int64 (issue 7, fuzz findings 1 and 2).

A slice length once overflowed (`zeros(3)[::2**63 - 1]` had shape (-1,)) and
writing through such a view corrupted the heap; Python ints beyond int64
raised `RuntimeError: std::bad_cast`. Both getitem and setitem are compared
with NumPy, values and exception types."""
import gc

import numpy
import pytest

from helpers import compare

pytestmark = pytest.mark.usefixtures("device")

BIG = [2**62, 2**63 - 1, 2**63, 2**64, 10**20, 2**100]
EDGE_INTS = [*BIG, *(-b for b in BIG), -2**63, -2**63 - 1]
SLICES = ([slice(None, None, s) for s in EDGE_INTS]
          + [slice(b, None) for b in EDGE_INTS] + [slice(None, b) for b in EDGE_INTS]
          + [slice(b, None, -1) for b in EDGE_INTS] + [slice(None, b, -1) for b in EDGE_INTS]
          + [slice(b, c, s) for b in (2**63, -2**63 - 1) for c in (10**20, -10**20)
             for s in (1, -1, 2**63 - 1, -2**63)])


def _kid(k):
    return repr(k).replace("slice", "s")


@pytest.mark.parametrize("key", SLICES, ids=_kid)
@pytest.mark.parametrize("n", [0, 1, 3, 5])
def test_slice_bounds_beyond_int64(key, n):
    compare(lambda xp, x: x[key], numpy.arange(float(n)), exact=True)
    compare(lambda xp, x: x[1:, key], numpy.arange(2.0 * n).reshape(2, n), exact=True)


@pytest.mark.parametrize("key", SLICES, ids=_kid)
def test_setitem_through_edge_slices(key):
    def f(xp, x):
        x[key] = -1
        x[key, 1] = xp.arange(1.0, x[key].shape[0] + 1) if x[key].shape[0] > 0 else 0
        return x
    compare(f, numpy.zeros((4, 2)), exact=True)


@pytest.mark.parametrize("key", EDGE_INTS, ids=repr)
def test_integer_index_beyond_int64(key):
    # NumPy: IndexError "out of bounds" within int64, OverflowError up to
    # 2**64 - 1, the generic IndexError beyond
    compare(lambda xp, x: x[key], numpy.zeros(3))
    compare(lambda xp, x: x[0, key], numpy.zeros((2, 3)))
    compare(lambda xp, x: x[..., key], numpy.zeros((2, 3)))

    def f(xp, x):
        x[key] = 1
    compare(f, numpy.zeros(3))

    def g(xp, x):
        x[key, 0] = 1
    compare(g, numpy.zeros((3, 2)))


def test_numpy_integer_index_beyond_int64():
    compare(lambda xp, x: x[numpy.uint64(2**63)], numpy.zeros(3))
    compare(lambda xp, x: x[numpy.uint64(2**64 - 1), 0], numpy.zeros((3, 2)))


def test_write_through_huge_step_keeps_the_heap_intact():
    # fuzz finding 1: this corrupted the heap ("free(): invalid pointer")
    def f(xp):
        a = xp.zeros((4, 2, 3)).transpose(1, 0, 2)
        a[::-(2**63 - 1)] = xp.ones(3, "float32")
        a[::2**63 - 1, ::2**63 - 1] = 2
        a[::-2**63] = 3
        return a
    for _ in range(3):
        compare(f, exact=True)
        gc.collect()


def test_slice_bound_types():
    compare(lambda xp, x: x[numpy.int8(1):numpy.uint64(2**64 - 1):numpy.int64(2)],
            numpy.arange(6.0), exact=True)
    compare(lambda xp, x: x[1.5:], numpy.arange(6.0))
    compare(lambda xp, x: x[:"a"], numpy.arange(6.0))
