"""float -> integer casts of NaN, infinities and out-of-range values.

C++ leaves them undefined; cunum defines them as NumPy computes them on
x86-64 (Note [Float to integer casts] in include/cunum/kernels/convert.hpp),
on every backend. Compared with NumPy's scalar loop (its contiguous SIMD loop
differs from it for uint32; the other targets agree in both loops) and with
a table that holds on any platform."""
import platform
import warnings

import numpy
import pytest

import cunum as cn
from helpers import (COMPLEX_DTYPES, FLOAT_DTYPES, INT_DTYPES, USING_NUMPY_SHIM, dtype_params,
                     to_cn)

pytestmark = [pytest.mark.usefixtures("device"),
              pytest.mark.filterwarnings("ignore::RuntimeWarning"),
              pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")]


def _skip_numpy_uint32(dst):
    if USING_NUMPY_SHIM and dst == numpy.uint32:
        pytest.skip("NumPy's contiguous float->uint32 loop differs from its scalar loop, which "
                    "cunum follows (Note [Float to integer casts])")

X86 = platform.machine().lower() in ("x86_64", "amd64")
SPECIAL = [numpy.nan, numpy.inf, -numpy.inf, 1e300, -1e300, 3e9, -3e9, 5e9, 1e19, 2.5e19,
           -1.5, 40000.0, -40000.0, 300.0, -6.0, 2.0**31, 2.0**32, -2.0**31 - 1, 2.0**63,
           -2.0**63, 2.0**64, 70000.0, 4294967301.0, 2147483647.5, -0.0, 0.99, -0.99,
           65535.9, 255.5, -128.5]

M31, M63 = 2**31, 2**63
# The documented results for float64 sources (row: SPECIAL[:8]).
TABLE = {
    "int8": [0, 0, 0, 0, 0, 0, 0, 0],
    "int16": [0, 0, 0, 0, 0, 0, 0, 0],
    "int32": [-M31] * 8,
    "int64": [-M63, -M63, -M63, -M63, -M63, 3000000000, -3000000000, 5000000000],
    "uint8": [0, 0, 0, 0, 0, 0, 0, 0],
    "uint16": [0, 0, 0, 0, 0, 0, 0, 0],
    "uint32": [0, 0, 0, 0, 0, 3000000000, 2**32 - 3000000000, 5000000000 - 2**32],
    "uint64": [M63, 0, M63, 0, M63, 3000000000, 2**64 - 3000000000, 5000000000],
}


def _scalar_loop(values, dst):
    """NumPy's cast, element by element (its scalar loop)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return numpy.array([numpy.asarray(v).astype(dst)[()] for v in values], dtype=dst)


@pytest.mark.parametrize("dst", dtype_params(INT_DTYPES))
def test_documented_table(dst):
    _skip_numpy_uint32(dst)
    x = cn.asarray(numpy.array(SPECIAL[:8]))
    numpy.testing.assert_array_equal(cn.asnumpy(x.astype(dst)),
                                     numpy.array(TABLE[dst.name], dtype=dst))


@pytest.mark.skipif(not X86, reason="NumPy's float->int results are platform-specific")
@pytest.mark.parametrize("src", dtype_params(FLOAT_DTYPES + COMPLEX_DTYPES))
@pytest.mark.parametrize("dst", dtype_params(INT_DTYPES))
def test_special_values_as_numpy_on_x86(src, dst):
    _skip_numpy_uint32(dst)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a = numpy.array(SPECIAL, dtype=src)
        if src.kind == "c":
            a.imag = 7.0  # dropped by the cast
    expected = _scalar_loop(a, dst)
    if dst != numpy.uint32:  # NumPy's two loops agree: check that premise too
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            numpy.testing.assert_array_equal(a.astype(dst), expected)
    x = to_cn(a)
    numpy.testing.assert_array_equal(cn.asnumpy(x.astype(dst)), expected, strict=True)
    numpy.testing.assert_array_equal(cn.asnumpy(x[::-1].astype(dst)), expected[::-1])
    # the same conversion where a ufunc's result is cast into out=
    out = cn.zeros(len(SPECIAL), dst)
    if src.kind == "f":
        cn.positive(x, out=out, casting="unsafe")
        numpy.testing.assert_array_equal(cn.asnumpy(out), expected)
    # and where an array is stored into another
    out[...] = x
    numpy.testing.assert_array_equal(cn.asnumpy(out), expected)
