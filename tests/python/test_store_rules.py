"""Storing values into an existing array: x[key] = value and x.fill(value)
follow NumPy 2's rules (issue 7, fuzz findings 4, 5 and 6).

- a Python float into an integer array goes through int(): NaN raises
  ValueError, inf and out-of-range values OverflowError (no silent wrap);
- a NumPy scalar into an unsigned or float array is cast (np.int32(-5) into
  uint8 stores 251); into a signed array it goes through int() as above;
- a list is converted with the target's dtype (uint64 precision kept, complex
  into float raises, [300, 1] into uint8 raises, [2**64, 1] into complex works).
"""
import warnings

import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, USING_NUMPY_SHIM, compare, dtype_params, to_cn

pytestmark = [pytest.mark.usefixtures("device"),
              pytest.mark.filterwarnings("ignore::RuntimeWarning")]

nan, inf = float("nan"), float("inf")
PY_SCALARS = [0, -1, 255, 300, -129, 2**31, 2**63, 2**64, 2**70, -2**63 - 1, 2**1100,
              1.9, -2.5, -0.5, 300.0, 1e19, 2.0**63, 2.0**64, 1e300, nan, inf, -inf,
              1j, 2 + 0j, complex(nan, 1), True, False]
NP_SCALARS = [numpy.float32(nan), numpy.float32(300), numpy.float32(-2.5), numpy.float16(inf),
              numpy.float64(nan), numpy.float64(-7.5), numpy.float64(1e300),
              numpy.complex64(1j), numpy.complex128(2 + 1j), numpy.int64(-1),
              numpy.uint64(2**63), numpy.int64(300), numpy.int32(-5), numpy.uint8(200),
              numpy.bool_(True)]
SEQUENCES = [[2**63 - 1, 2**63], [1j, 2], [300, 1], [2**64, 1], [nan, 1], [1.5, -2.5],
             (1, 2), [numpy.float32(nan), 1], [True, 2.5]]


def _quiet(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn()


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("value", PY_SCALARS + NP_SCALARS, ids=repr)
def test_store_scalar(dt, value):
    def setitem(xp, x):
        x[1] = value
        x[2:] = value
        return x

    def fill(xp, x):
        x.fill(value)
        return x
    compare(setitem, numpy.zeros(4, dt), exact=True)
    compare(fill, numpy.zeros(4, dt), exact=True)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
@pytest.mark.parametrize("value", SEQUENCES, ids=repr)
def test_store_sequence(dt, value):
    def setitem(xp, x):
        x[...] = value
        return x

    def fill(xp, x):
        x.fill(value)
        return x
    compare(setitem, numpy.zeros(2, dt), exact=True)
    compare(fill, numpy.zeros(2, dt))


def test_store_zero_d_arrays_cast():
    # a 0-d array is cast (unsafe), never range-checked like a Python scalar
    for dt in ("int8", "uint8", "uint32", "float16"):
        def f(xp, x):
            x[0] = xp.asarray(numpy.array(300))
            x[1] = xp.asarray(numpy.array(-6.5))
            x.fill(xp.asarray(numpy.array(7)))
            x[2] = xp.asarray(numpy.array(1e4))
            return x
        compare(f, numpy.zeros(3, dt), exact=True)


@pytest.mark.parametrize("dt", dtype_params(ALL_DTYPES))
def test_store_array_of_special_floats(dt):
    src = numpy.array([nan, inf, -inf, 3e9, -3e9, 1e19, -1.5, 300.0])

    def f(xp, x, v):
        x[...] = v
        return x
    if dt == numpy.uint32:
        if USING_NUMPY_SHIM:
            pytest.skip("cunum follows NumPy's scalar loop here, the stand-in its contiguous one")
        # NumPy's contiguous loop differs from its scalar one here
        # (Note [Float to integer casts]): compare with the scalar loop
        expected = numpy.array([_quiet(lambda v=v: numpy.float64(v).astype(dt)) for v in src])
        x = cn.zeros(8, dt)
        x[...] = to_cn(src)
        numpy.testing.assert_array_equal(cn.asnumpy(x), expected)
        return
    compare(f, numpy.zeros(8, dt), src, exact=True)
