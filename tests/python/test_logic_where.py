"""any/all with NumPy's where= (found missing while checking CuPy's logic
chapter): left-out elements count as the reduction's identity."""
import numpy
import pytest

import cunum as cn
from helpers import SOME_DTYPES, compare, dtype_id

WHERES = {"row": numpy.array([True, False, True, False]),
          "col": numpy.array([[False], [True], [True]]),
          "full": numpy.arange(12).reshape(3, 4) % 3 == 0,
          "none": False, "all": True, "list": [True, False, False, True]}


@pytest.mark.parametrize("dt", SOME_DTYPES, ids=dtype_id)
@pytest.mark.parametrize("fn", ["any", "all"])
@pytest.mark.parametrize("where", list(WHERES))
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)], ids=repr)
@pytest.mark.parametrize("keepdims", [False, True])
def test_any_all_where(device, dt, fn, where, axis, keepdims):
    x = (numpy.arange(12).reshape(3, 4) % 5).astype(dt)
    if dt.kind == "f":
        x[1, 1] = numpy.nan
    compare(lambda xp, a, w: getattr(xp, fn)(a, axis=axis, keepdims=keepdims, where=w),
            x, WHERES[where])


def test_any_all_where_out_and_errors(device):
    x = numpy.arange(12).reshape(3, 4) % 2
    w = numpy.array([True, False, True, True])
    compare(lambda xp, a, w: xp.any(a, axis=0, out=xp.zeros(4, bool), where=w), x, w)
    compare(lambda xp, a, w: xp.all(a, axis=1, out=xp.zeros(3, bool), where=w), x, w)
    compare(lambda xp, a: xp.all(a, where=numpy.ones((2, 3, 4), bool)), x)  # does not broadcast
