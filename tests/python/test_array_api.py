"""The array API standard (2024.12) on cunum: the namespace protocol, the
inspection API, astype/isdtype, device= and to_device, linalg.trace; NumPy 2
(itself a conforming namespace) is the oracle where it has the function."""
import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, assert_same, dtype_params, needs_numpy

pytestmark = pytest.mark.skipif(getattr(cn, "__numpy_shim__", False), reason="cunum's own namespace")


def test_namespace_protocol(device):
    x = cn.ones(3)
    assert x.__array_namespace__() is cn
    assert x.__array_namespace__(api_version="2024.12") is cn
    assert x.__array_namespace__(api_version="2023.12") is cn
    with pytest.raises(ValueError, match="2099.01"):
        x.__array_namespace__(api_version="2099.01")
    assert cn.__array_api_version__ == "2024.12"


def test_array_api_compat_recognises_cunum(device):
    compat = pytest.importorskip("array_api_compat")
    x = cn.arange(4)
    assert compat.array_namespace(x) is cn
    assert compat.device(x) == x.device
    assert compat.is_array_api_obj(x)


@needs_numpy((2, 1), "numpy.__array_namespace_info__, the oracle of the inspection API, is new")
def test_inspection_info():
    info = cn.__array_namespace_info__()
    caps = info.capabilities()
    assert caps["boolean indexing"] is True and caps["data-dependent shapes"] is True
    assert caps["max dimensions"] == 64
    assert info.default_device() == cn.get_default_device()
    devs = info.devices()
    assert cn.Device("cpu") in devs and info.default_device() in devs
    assert info.default_dtypes() == {"real floating": numpy.dtype("float64"),
                                     "complex floating": numpy.dtype("complex128"),
                                     "integral": numpy.dtype("int64"), "indexing": numpy.dtype("int64")}
    # NumPy's own inspection API is the oracle for the dtype tables.
    np_info = numpy.__array_namespace_info__()
    for kind in (None, "bool", "signed integer", "unsigned integer", "integral", "real floating",
                 "complex floating", "numeric", ("bool", "complex floating")):
        assert info.dtypes(kind=kind) == np_info.dtypes(kind=kind), kind
    with pytest.raises(ValueError):
        info.dtypes(device="cuda:99")


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_isdtype_matches_numpy(dtype):
    kinds = ["bool", "signed integer", "unsigned integer", "integral", "real floating",
             "complex floating", "numeric", ("integral", "bool"), numpy.float32, numpy.dtype(dtype)]
    for k in kinds:
        assert cn.isdtype(dtype, k) == numpy.isdtype(numpy.dtype(dtype), k), k
    with pytest.raises(ValueError):
        cn.isdtype(dtype, "floating point")
    with pytest.raises(TypeError):
        cn.isdtype(dtype, 3.5)


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_astype_function(device, dtype):
    a = (numpy.arange(6) % 3).astype("float32")
    x = cn.asarray(a)
    r = cn.astype(x, dtype)
    assert_same(numpy.astype(a, dtype), r)
    assert r.data.ptr != x.data.ptr
    same = cn.astype(x, "float32", copy=False)
    assert same is x
    c = cn.astype(x, "float32", copy=True)
    assert c is not x and c.data.ptr != x.data.ptr
    assert x.astype("float32", copy=False) is x
    with pytest.raises(TypeError):
        cn.astype(a, dtype)


def test_device_keywords_and_to_device(device):
    cpu = cn.Device("cpu")
    here = cn.get_default_device()
    for make in (lambda d: cn.zeros(3, device=d), lambda d: cn.ones((2,), device=d),
                 lambda d: cn.empty(2, device=d), lambda d: cn.full(2, 7, device=d),
                 lambda d: cn.arange(3, device=d), lambda d: cn.linspace(0, 1, 3, device=d),
                 lambda d: cn.eye(2, device=d), lambda d: cn.asarray([1, 2], device=d),
                 lambda d: cn.zeros_like(cn.ones(2), device=d), lambda d: cn.fft.fftfreq(4, device=d)):
        assert make(cpu).device == cpu
        assert make(None).device == here
    x = cn.arange(5.0)
    y = x.to_device("cpu")
    assert y.device == cpu
    assert_same(numpy.arange(5.0), y)
    assert x.to_device(x.device).data.ptr == x.data.ptr  # no copy when already there
    z = cn.astype(x, "int32", device="cpu")
    assert z.device == cpu and z.dtype == numpy.int32


def test_linalg_trace_is_over_the_last_two_axes(device):
    a = numpy.arange(24.0).reshape(2, 3, 4)
    x = cn.asarray(a)
    assert_same(numpy.linalg.trace(a), cn.linalg.trace(x))
    assert_same(numpy.linalg.trace(a, offset=1), cn.linalg.trace(x, offset=1))
    assert_same(numpy.linalg.trace(a, dtype="float32"), cn.linalg.trace(x, dtype="float32"))


def test_bool_dtype_name_and_info(capsys):
    assert cn.bool is numpy.bool
    assert cn.zeros(2, dtype=cn.bool).dtype == numpy.bool
    cn.info(cn.astype)
    assert "astype" in capsys.readouterr().out


def test_asarray_copy_false_never_copies(device):
    x = cn.arange(4.0)
    assert cn.asarray(x, copy=False) is x
    for make in (lambda: cn.asarray([1, 2], copy=False), lambda: cn.asarray(numpy.ones(2), copy=False),
                 lambda: cn.asarray(x, dtype="int32", copy=False), lambda: cn.array(x[::2], order="C", copy=False)):
        with pytest.raises(ValueError, match="Unable to avoid copy"):
            make()
    assert cn.asarray(x[::2], copy=None).data.ptr == x.data.ptr


_MAIN = """abs acos acosh add asin asinh atan atan2 atanh bitwise_and bitwise_left_shift bitwise_invert
bitwise_or bitwise_right_shift bitwise_xor ceil clip conj copysign cos cosh divide equal exp expm1 floor
floor_divide greater greater_equal hypot imag isfinite isinf isnan less less_equal log log1p log2 log10
logaddexp logical_and logical_not logical_or logical_xor maximum minimum multiply negative nextafter
not_equal positive pow real reciprocal remainder round sign signbit sin sinh square sqrt subtract tan tanh
trunc arange asarray empty empty_like eye from_dlpack full full_like linspace meshgrid ones ones_like tril
triu zeros zeros_like astype can_cast finfo iinfo isdtype result_type bool int8 int16 int32 int64 uint8
uint16 uint32 uint64 float32 float64 complex64 complex128 broadcast_arrays broadcast_to concat
expand_dims flip moveaxis permute_dims repeat reshape roll squeeze stack tile unstack argmax argmin
count_nonzero nonzero searchsorted where unique_all unique_counts unique_inverse unique_values argsort
sort cumulative_prod cumulative_sum max mean min prod std sum var all any diff matmul matrix_transpose
tensordot vecdot take take_along_axis e inf nan newaxis pi __array_namespace_info__""".split()
_LINALG = """cholesky cross det diagonal eigh eigvalsh inv matmul matrix_norm matrix_power matrix_rank
matrix_transpose outer pinv qr slogdet solve svd svdvals tensordot trace vecdot vector_norm""".split()
_FFT = "fft ifft fftn ifftn rfft irfft rfftn irfftn hfft ihfft fftfreq rfftfreq fftshift ifftshift".split()
_METHODS = """__abs__ __add__ __and__ __array_namespace__ __bool__ __complex__ __dlpack__ __dlpack_device__
__eq__ __float__ __floordiv__ __ge__ __getitem__ __gt__ __index__ __int__ __invert__ __le__ __lshift__
__lt__ __matmul__ __mod__ __mul__ __ne__ __neg__ __or__ __pos__ __pow__ __rshift__ __setitem__ __sub__
__truediv__ __xor__ to_device dtype device mT ndim shape size T""".split()


def test_every_name_of_the_standard_exists():
    assert [n for n in _MAIN if not hasattr(cn, n)] == []
    assert [n for n in _LINALG if not hasattr(cn.linalg, n)] == []
    assert [n for n in _FFT if not hasattr(cn.fft, n)] == []
    x = cn.ones((2, 2), device="cpu")
    assert [n for n in _METHODS if not hasattr(x, n)] == []
