"""piecewise against NumPy: scalar and callable pieces, the "otherwise"
function, one condition, 0-d input, extra arguments, every dtype, errors."""
import numpy
import pytest

from helpers import ALL_DTYPES, compare, dtype_params, make_data

pytestmark = pytest.mark.usefixtures("device")


@pytest.mark.parametrize("dt", dtype_params([d for d in ALL_DTYPES if d.kind not in "bc"]))
def test_piecewise(dt, rng):
    a = make_data((3, 5), dt, kind="small", rng=rng)
    compare(lambda xp, x: xp.piecewise(x, [x < 2, x >= 2], [0, 1]), a)
    compare(lambda xp, x: xp.piecewise(x, [x < 2, x >= 2], [lambda v: v * 2, lambda v: v + 1]), a)
    compare(lambda xp, x: xp.piecewise(x, [x < 1, x > 3], [7, lambda v: v - v, lambda v: v * 3]), a)
    compare(lambda xp, x: xp.piecewise(x, x > 2, [lambda v: v + 1]), a)  # one condition
    compare(lambda xp, x: xp.piecewise(x, [x > 100], [lambda v: v + 1]), a)  # a piece never taken
    compare(lambda xp, x: xp.piecewise(x, [x < 2], [lambda v, k, s=0: v * k + s], 3, s=1), a)


def test_piecewise_0d_and_errors():
    compare(lambda xp, x: xp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v]), numpy.asarray(-2.0))
    compare(lambda xp, x: xp.piecewise(x, [True], [5.0]), numpy.asarray(1.5))
    compare(lambda xp, x: xp.piecewise(x, [x < 0, x > 0], [1]), numpy.arange(-2.0, 3.0))  # ValueError
    compare(lambda xp, x: xp.piecewise(x, [x < 0], [1, 2, 3]), numpy.arange(-2.0, 3.0))  # ValueError
