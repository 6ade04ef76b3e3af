"""apply_along_axis and apply_over_axes against NumPy; put_along_axis's
order of checks (found by CuPy's suite)."""
import numpy
import pytest

import cunum as cn
from helpers import SOME_DTYPES, compare, dtype_id


@pytest.mark.parametrize("dt", SOME_DTYPES, ids=dtype_id)
@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_apply_along_axis(device, dt, axis):
    a = numpy.arange(24).reshape(2, 3, 4).astype(dt)
    compare(lambda xp, x: xp.apply_along_axis(xp.sum, axis, x), a)
    compare(lambda xp, x: xp.apply_along_axis(len, axis, x), a)
    compare(lambda xp, x: xp.apply_along_axis(lambda v: v[::-1], axis, x), a)
    # a result of more than one dimension inserts its axes at axis
    compare(lambda xp, x: xp.apply_along_axis(lambda v: xp.outer(v, v[:2]), axis, x), a)


def test_apply_along_axis_args_and_scalars(device):
    a = numpy.arange(12.0).reshape(3, 4)
    compare(lambda xp, x: xp.apply_along_axis(lambda v, k, m=1: v[k] * m, 1, x, 2, m=3), a)
    compare(lambda xp, x: xp.apply_along_axis(lambda v: 1.5, 0, x), a)


@pytest.mark.parametrize("shape,axis", [((0, 3), 1), ((3, 0), 0), ((3, 0), 1), ((4,), 3),
                                         ((2, 3), -3)])
def test_apply_along_axis_errors_and_empty(device, shape, axis):
    a = numpy.ones(shape)
    compare(lambda xp, x: xp.apply_along_axis(lambda v: v * 2, axis, x), a)


@pytest.mark.parametrize("axes", [0, 1, [0, 2], (1, -1), [], numpy.array([0, 1])], ids=repr)
def test_apply_over_axes(device, axes):
    a = numpy.arange(24).reshape(2, 3, 4)
    compare(lambda xp, x: xp.apply_over_axes(xp.sum, x, axes), a)
    compare(lambda xp, x: xp.apply_over_axes(lambda v, ax: xp.cumsum(v, axis=ax), x, axes), a)


def test_apply_over_axes_errors(device):
    a = numpy.ones((8, 4))
    compare(lambda xp, x: xp.apply_over_axes(xp.sum, x, 3), a)  # AxisError
    compare(lambda xp, x: xp.apply_over_axes(lambda v, ax: v.ravel(), x, 0), a)  # ValueError


@pytest.mark.parametrize("dt", [numpy.uint8, numpy.int32, numpy.float64], ids=str)
def test_put_along_axis_checks_indices_before_values(device, dt):
    a = numpy.arange(27).reshape(3, 3, 3).astype(dt)
    i = numpy.argmax(a, axis=0)  # two dimensions for a three-dimensional array
    compare(lambda xp, x, j: xp.put_along_axis(x, j, -99, axis=1), a, i)  # ValueError
    compare(lambda xp, x, j: xp.put_along_axis(x, j.astype(float), -99, axis=1), a, i)
    compare(lambda xp, x, j: xp.put_along_axis(x, j, -99, axis=5), a, i)  # AxisError
