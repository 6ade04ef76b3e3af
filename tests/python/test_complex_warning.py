"""NumPy's ComplexWarning: a cast from complex to a real or integer dtype
(not bool, not complex) warns, wherever it happens: astype, asarray/array
with dtype=, copyto, item assignment, a ufunc's dtype=/out= with
casting="unsafe", a reduction's dtype=. Each case runs under the "error"
filter, so compare() sees the warning as the exception both raise; the
cases that must not warn pass only if neither raises (Note [Warnings])."""
import warnings

import numpy
import pytest

from helpers import compare, dtype_params

pytestmark = pytest.mark.usefixtures("device")

TARGETS = ["float64", "float32", "int64", "uint8", "bool", "complex64", "complex128"]


def _strict(fn):
    def f(xp, *args):
        with warnings.catch_warnings():
            warnings.simplefilter("error", numpy.exceptions.ComplexWarning)
            return fn(xp, *args)
    return f


def _c(xp):
    return xp.asarray([1 + 2j, -3j, 2.5 + 0j, 4 - 1j])


CASES = {
    "astype": lambda xp, dt: _c(xp).astype(dt),
    "asarray": lambda xp, dt: xp.asarray(_c(xp), dtype=dt),
    "array": lambda xp, dt: xp.array(_c(xp), dtype=dt),
    "copyto": lambda xp, dt: _copyto(xp, dt),
    "setitem_slice": lambda xp, dt: _setitem(xp, dt, slice(None)),
    "setitem_fancy": lambda xp, dt: _setitem(xp, dt, xp.asarray([3, 2, 1, 0])),
    "setitem_mask": lambda xp, dt: _setitem(xp, dt, xp.asarray([True, False, True, True])),
    "ufunc_out": lambda xp, dt: xp.add(_c(xp), _c(xp), out=xp.zeros(4, dt), casting="unsafe"),
    "ufunc_dtype": lambda xp, dt: xp.multiply(_c(xp), 2, dtype=dt, casting="unsafe"),
    "unary_out": lambda xp, dt: xp.negative(_c(xp), out=xp.ones(4, dt), casting="unsafe"),
}


def _copyto(xp, dt):
    out = xp.zeros(4, dt)
    xp.copyto(out, _c(xp), casting="unsafe")
    return out


def _setitem(xp, dt, key):
    out = xp.zeros(4, dt)
    out[key] = _c(xp)[: len(out[key])]
    return out


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("dt", dtype_params(TARGETS))
def test_complex_to_real_casts(case, dt):
    compare(_strict(lambda xp: CASES[case](xp, dt)))


@pytest.mark.parametrize("dt", dtype_params(["float64", "int32", "complex128"]))
def test_reduction_dtype(dt):
    compare(_strict(lambda xp: xp.sum(_c(xp), dtype=dt)))


def test_no_warning_without_a_cast():
    # reading the parts and the modulus is no cast: nothing warns
    compare(_strict(lambda xp: _c(xp).real + _c(xp).imag + abs(_c(xp))))


def test_warning_is_a_warning():
    # under the default filter the call goes on and the result has the real parts
    def f(xp):
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            r = _c(xp).astype("float64")
        assert [w.category for w in seen] == [numpy.exceptions.ComplexWarning]
        return r
    compare(f)
