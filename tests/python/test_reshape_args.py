"""reshape's order and copy arguments as NumPy 2 takes them (found by CuPy's
suite): lowercase orders, 'K' refused, copy=True/False/None, strings refused."""
import numpy
import pytest

import cunum as cn
from helpers import NUMPY_VERSION, compare, needs_numpy


@pytest.mark.parametrize("order_in", ["C", "F"])
@pytest.mark.parametrize("order", ["C", "F", "A", "c", "f", "a", None])
@pytest.mark.parametrize("shapes", [((2, 3), (1, 6, 1)), ((6,), (2, 3)), ((3, 3, 3), (9, 3))],
                         ids=repr)
def test_reshape_order_any_case(device, order_in, order, shapes):
    a = numpy.asarray(numpy.arange(numpy.prod(shapes[0])).reshape(shapes[0]), order=order_in)

    def f(xp, x):
        x = xp.asarray(x, order=order_in)
        r = x.reshape(shapes[1], order=order)
        assert r.flags.c_contiguous == (x.reshape(shapes[1], order=order)).flags.c_contiguous
        return r, xp.reshape(x, shapes[1], order=order)
    compare(f, a)


@pytest.mark.parametrize("order", ["K", "k", "X", "cc", 1])
def test_reshape_bad_order(device, order):
    a = numpy.zeros((2, 3, 4))
    compare(lambda xp, x: x.reshape(4, 6, order=order), a)
    compare(lambda xp, x: xp.reshape(x, (4, 6), order=order), a)


@needs_numpy((2, 1), "reshape's copy keyword")
@pytest.mark.parametrize("copy", [True, False, None, 0, 1])
@pytest.mark.parametrize("order", ["C", "F", "A"])
@pytest.mark.parametrize("transposed", [False, True])
def test_reshape_copy(device, copy, order, transposed):
    a = numpy.arange(24.0).reshape(2, 3, 4)

    def f(xp, x):
        x = x.transpose(2, 0, 1) if transposed else x
        b = x.reshape(4, 3, 2, order=order, copy=copy)
        c = xp.reshape(x, (4, 3, 2), order=order, copy=copy)
        x[1] = -1  # a view sees it, a copy does not
        return b, c
    compare(f, a, check_args=False)


@needs_numpy((2, 1), "reshape's copy keyword")
def test_reshape_copy_string(device):
    a = numpy.zeros((2, 3, 4))
    compare(lambda xp, x: x.reshape(4, 3, 2, copy="False"), a)  # ValueError
    compare(lambda xp, x: xp.reshape(x, (4, 6), copy="True"), a)


def test_reshape_copy_false_empty(device):
    a = numpy.zeros((2, 0, 3))
    if NUMPY_VERSION >= (2, 1):
        compare(lambda xp, x: x.T.reshape((5, 0, 4), copy=False), a)


@pytest.mark.parametrize("fn", ["concatenate", "stack", "hstack", "vstack"])
@pytest.mark.parametrize("dts", [("complex64", "float32"), ("complex128", "int32"),
                                 ("float64", "complex64"), ("complex64", "complex128"),
                                 ("complex64", "bool")], ids=repr)
def test_join_complex_to_real_warns(device, fn, dts):
    """Joining complex arrays into a real dtype under casting='unsafe' gives
    NumPy's ComplexWarning (an error under -W error, as in NumPy)."""
    import warnings
    a = (numpy.arange(6) + 1j * numpy.arange(6)).astype(dts[0]).reshape(2, 3)

    def f(xp, x):
        with warnings.catch_warnings():
            warnings.simplefilter("error", numpy.exceptions.ComplexWarning)
            return getattr(xp, fn)((x, x), dtype=dts[1], casting="unsafe")
    compare(f, a)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        compare(lambda xp, x: getattr(xp, fn)((x, x), dtype=dts[1], casting="unsafe"), a)
