"""User-written kernels (docs/user-kernels.md): ElementwiseKernel and
ReductionKernel on every device (the CPU compiles them with the host's C++
compiler), compared with the same computation in NumPy for every dtype, with
broadcasting, generic and typed parameters, raw arguments, scalars, size=,
preamble/loop_prep/after_loop, axis/keepdims/out; CuPy's errors; and
RawKernel/RawModule on CUDA devices (a clear error on the CPU)."""
import io
import os
import shutil
import subprocess

import numpy
import pytest

from helpers import ALL_DTYPES, FLOAT_DTYPES, NUMERIC_DTYPES, USING_NUMPY_SHIM, assert_same, dtype_params

import cunum as cn

pytestmark = [pytest.mark.usefixtures("device"),
              pytest.mark.skipif(USING_NUMPY_SHIM, reason="user kernels are cunum's (CuPy's) API, not NumPy's")]


def _ints(rng, shape, dtype, hi=4):
    """Small integers in the dtype: every dtype holds them exactly, and sums of
    a few of them are exact too (float16 included)."""
    v = rng.integers(0, hi, size=shape)
    if dtype.kind == "c":
        return (v + 1j * rng.integers(0, hi, size=shape)).astype(dtype)
    return v.astype(dtype)


# --------------------------------------------------------------- ElementwiseKernel


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_generic_type_every_dtype(dtype, rng):
    k = cn.ElementwiseKernel("T x, T y", "T z", "z = x * y + x", "muladd")
    x, y = _ints(rng, (7, 9), dtype), _ints(rng, (7, 9), dtype)
    got = k(cn.asarray(x), cn.asarray(y))
    if dtype == numpy.bool_:
        want = (x & y) | x
    else:
        want = x * y + x
    assert_same(want, got)


@pytest.mark.parametrize("dtype", dtype_params(FLOAT_DTYPES + [numpy.dtype("complex128")]))
def test_math_functions_in_body(dtype, rng):
    k = cn.ElementwiseKernel("T x", "T y", "y = exp(x) * sqrt(x + x)", "expsqrt")
    x = (rng.random(50) + 0.5).astype(dtype)
    want = (numpy.exp(x) * numpy.sqrt(x + x)).astype(dtype)
    rtol = 2e-3 if dtype == numpy.float16 else 1e-5 if dtype == numpy.float32 else 1e-12
    assert_same(want, k(cn.asarray(x)), rtol=rtol)


def test_typed_params_and_output_dtype(rng):
    k = cn.ElementwiseKernel("float32 x, int16 n", "float64 z", "z = x * n", "typed")
    x = rng.random(10).astype(numpy.float32)
    n = rng.integers(-5, 5, 10).astype(numpy.int16)
    # C++'s arithmetic: float * short is a float product, widened as it is stored.
    assert_same((x * n.astype(numpy.float32)).astype(numpy.float64), k(cn.asarray(x), cn.asarray(n)))


def test_two_placeholders_and_two_outputs(rng):
    k = cn.ElementwiseKernel("T x, U y", "T s, U d", "s = x + (T)y; d = (U)x - y", "two")
    x = rng.integers(0, 9, 6).astype(numpy.int32)
    y = rng.random(6).astype(numpy.float64)
    s, d = k(cn.asarray(x), cn.asarray(y))
    assert_same((x + y.astype(numpy.int32)).astype(numpy.int32), s)
    assert_same(x.astype(numpy.float64) - y, d)


@pytest.mark.parametrize("shapes", [((3, 1, 4), (5, 4)), ((1,), (2, 3)), ((), (4,)), ((2, 1), (1, 3))])
def test_broadcasting(shapes, rng):
    k = cn.ElementwiseKernel("T x, T y", "T z", "z = x - y", "sub")
    x = rng.random(shapes[0])
    y = rng.random(shapes[1])
    assert_same(x - y, k(cn.asarray(x), cn.asarray(y)))


def test_noncontiguous_inputs_and_out(rng):
    k = cn.ElementwiseKernel("T x, T y", "T z", "z = x * 2 + y", "strided")
    a = rng.random((6, 8)).astype(numpy.float32)
    b = rng.random((8, 6)).astype(numpy.float32)
    out = cn.zeros((8, 12), dtype=numpy.float32)
    view = out[:, ::2]
    r = k(cn.asarray(a)[:, ::-1].T[:, :], cn.asarray(b), view)
    want = numpy.zeros((8, 12), numpy.float32)
    want[:, ::2] = a[:, ::-1].T * 2 + b
    assert_same(want, out)
    assert r is view


def test_out_params_passed_explicitly(rng):
    k = cn.ElementwiseKernel("T x", "T y", "y += x", "accum")
    x = rng.random(5)
    y0 = rng.random(5)
    y = cn.asarray(y0)
    k(cn.asarray(x), y)
    assert_same(y0 + x, y)


@pytest.mark.parametrize("dtype", dtype_params(["float32", "int64", "complex128"]))
def test_outputs_passed_on_repeated_calls(dtype, rng):
    # Calls after the first with every output passed take the fast call
    # (Note [User kernel fast call]): the same results, the passed objects returned.
    dtype = numpy.dtype(dtype)
    k = cn.ElementwiseKernel("T x, T y", "T z", "z = x * y + x", "mul_add_out")
    k2 = cn.ElementwiseKernel("T x, T y", "T s, T d", "s = x + y; d = x - y", "sum_diff_out")
    kt = cn.ElementwiseKernel("T x", "T y", "y = x + x", "dbl_out", return_tuple=True)
    for shape in [(7,), (3, 4), (3, 4), ()]:
        a, b = _ints(rng, shape, dtype), _ints(rng, shape, dtype)
        x, y = cn.asarray(a), cn.asarray(b)
        z = cn.empty(shape, dtype=dtype)
        for _ in range(3):
            assert k(x, y, z) is z
            assert_same(a * b + a, z)
        s, d = cn.empty(shape, dtype=dtype), cn.empty(shape, dtype=dtype)
        for _ in range(3):
            r = k2(x, y, s, d)
            assert isinstance(r, tuple) and len(r) == 2 and r[0] is s and r[1] is d
            assert_same(a + b, s)
            assert_same(a - b, d)
        o = cn.empty(shape, dtype=dtype)
        for _ in range(3):
            r = kt(x, o)
            assert isinstance(r, tuple) and len(r) == 1 and r[0] is o
            assert_same(a + a, o)
    # After fast calls, a wrong output still gets the Python path's errors.
    x = cn.zeros((2, 3), dtype=dtype)
    with pytest.raises(ValueError, match="Out shape"):
        k(x, x, cn.zeros((1, 3), dtype=dtype))
    with pytest.raises(ValueError, match="broadcast"):
        k(x, x, cn.zeros((4,), dtype=dtype))
    other = numpy.float64 if dtype != numpy.float64 else numpy.float32
    with pytest.raises(TypeError, match="Type is mismatched"):
        k(x, x, cn.zeros((2, 3), dtype=other))


@pytest.mark.parametrize("value", [3, 2.5, True, numpy.float32(1.25), numpy.int8(-3)])
def test_scalars_take_the_param_dtype(value, rng):
    k = cn.ElementwiseKernel("T x, T a", "T y", "y = x * a", "scale")
    x = rng.integers(0, 9, 7).astype(numpy.int32)
    want = x * numpy.int32(value)
    assert_same(want.astype(numpy.int32), k(cn.asarray(x), value))


@pytest.mark.parametrize("dtype, values", [
    ("int8", [3, True, -128, 127, 300, -129, 2**70, 2.5]),
    ("uint8", [0, 255, -1, 256, False]),
    ("int64", [2**63 - 1, -2**63, 2**63, 2**64, 7.0]),
    ("uint64", [2**64 - 1, 2**63, -1]),
    ("float32", [1.5, 1e300, -1e300, float("inf"), float("nan"), 2**60 + 1, 3, True, 1 + 2j, 3.4028235e38]),
    ("float64", [0.1, 2**53 + 1, 2**80, -7, 1j]),
    ("float16", [0.1, 70000.0, 3]),
    ("complex64", [1 + 2j, 0.1, 2]),
    ("complex128", [1 + 2j, 0.1, 2**60 + 1, False]),
    ("bool", [True, 0, 1.0]),
])
def test_scalars_on_repeated_calls(dtype, values, rng):
    # After a first call, calls with Python scalars take the fast call when the
    # scalar converts as NumPy converts it (Note [User kernel fast call]) and
    # the Python path otherwise: either way the result, or the error, is
    # NumPy's conversion of the scalar to the parameter's dtype.
    import warnings
    dtype = numpy.dtype(dtype)
    k = cn.ElementwiseKernel("T x, T a", "T y", "y = a", "take_a")
    typed = cn.ElementwiseKernel(f"T x, {dtype.name} a", f"{dtype.name} y", "y = a", "take_typed")
    x = cn.asarray(_ints(rng, (3,), dtype))
    for kern in (k, typed):
        kern(x, values[0])  # the first call resolves the types (Python path)
        if dtype.name not in ("float16", "complex64"):  # those always take the Python path
            fast = cn._core._user_elementwise_fast(kern._cache, (x, values[0]), False)
            assert fast is not None
            assert_same(numpy.full(3, dtype.type(values[0]), dtype=dtype), fast)
        for v in values * 2:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # NumPy's overflow in a cast (both sides)
                try:
                    want = numpy.full(3, dtype.type(v), dtype=dtype)
                except (OverflowError, TypeError, ValueError) as e:
                    with pytest.raises(type(e)):
                        kern(x, v)
                    continue
                assert_same(want, kern(x, v))


def test_typed_scalar_param(rng):
    k = cn.ElementwiseKernel("T x, float64 a", "T y", "y = x * a", "scale64")
    x = rng.random(4).astype(numpy.float32)
    assert_same((x * numpy.float64(0.1)).astype(numpy.float32), k(cn.asarray(x), 0.1))


def test_placeholder_from_scalars_only():
    k = cn.ElementwiseKernel("T a", "T y", "y = a * i", "iota")
    assert_same(numpy.arange(6) * 2.5, k(2.5, size=6))
    assert_same(numpy.arange(4, dtype=numpy.int64) * 3, k(3, size=4))


def test_scalar_out_of_range_raises():
    k = cn.ElementwiseKernel("T x, T a", "T y", "y = x + a", "add8")
    with pytest.raises(OverflowError):
        k(cn.zeros(3, dtype=numpy.int8), 300)


def test_raw_argument_reversed(rng):
    k = cn.ElementwiseKernel("raw T x", "T y", "y = x[_ind.size() - i - 1]", "reverse")
    x = rng.random(9)
    y = cn.empty(9)
    k(cn.asarray(x), y)
    assert_same(x[::-1], y)


def test_raw_argument_strided_and_2d(rng):
    # x[i] on a raw argument is element i in C order of x's own shape.
    k = cn.ElementwiseKernel("raw T x, T y", "T z", "z = x[i] + y + x.size()", "rawnd")
    x = rng.random((4, 6))
    xs = cn.asarray(x)[::2, ::-2]  # (2, 3), not contiguous
    y = rng.random(6)
    want = x[::2, ::-2].ravel() + y + 6
    assert_same(want, k(xs, cn.asarray(y)))


def test_raw_output_with_size(rng):
    k = cn.ElementwiseKernel("int64 n", "raw int64 y", "y[i] = i * n", "rawout")
    y = cn.zeros(5, dtype=numpy.int64)
    k(7, y, size=5)
    assert_same(numpy.arange(5) * 7, y)


def test_preamble_loop_prep_after_loop(rng):
    k = cn.ElementwiseKernel(
        "T x", "T y", "y = twice(x) + offset", "prep",
        preamble="template <class V> __device__ V twice(V v) { return v + v; }",
        loop_prep="const double offset = 0.5", after_loop="(void)offset")
    x = rng.random(40)
    assert_same(2 * x + 0.5, k(cn.asarray(x)))


def test_large_multidimensional_loop(rng):
    k = cn.ElementwiseKernel("T x, T y", "T z", "z = x > y ? x : y", "maxk")
    x = rng.random((3, 70, 500)).astype(numpy.float32)
    y = rng.random((70, 1)).astype(numpy.float32)
    assert_same(numpy.maximum(x, y), k(cn.asarray(x), cn.asarray(y)))


def test_float16_and_complex_types_in_body(rng):
    k = cn.ElementwiseKernel("float16 h, complex64 c", "complex64 z", "z = c * (float)h + conj(c)", "hc")
    h = rng.random(8).astype(numpy.float16)
    c = (rng.random(8) + 1j * rng.random(8)).astype(numpy.complex64)
    assert_same((c * h.astype(numpy.float32) + numpy.conj(c)).astype(numpy.complex64),
                k(cn.asarray(h), cn.asarray(c)), rtol=1e-6)


def test_zero_size_and_zero_d(rng):
    k = cn.ElementwiseKernel("T x", "T y", "y = x + 1", "inc")
    assert_same(numpy.zeros((0, 3)) + 1, k(cn.zeros((0, 3))))
    assert_same(numpy.asarray(2.0), k(cn.asarray(1.0)))


def test_return_options(rng):
    x = cn.asarray(rng.random(3))
    k = cn.ElementwiseKernel("T x", "T y", "y = x", "copy1", return_tuple=True)
    r = k(x)
    assert isinstance(r, tuple) and len(r) == 1
    k = cn.ElementwiseKernel("T x", "T y", "y = x", "copy2", no_return=True)
    assert k(x, cn.empty(3)) is None


def test_cache_per_dtype_signature():
    k = cn.ElementwiseKernel("T x", "T y", "y = x + x", "dbl")
    for dt in (numpy.float32, numpy.int16, numpy.float32):
        assert_same(numpy.arange(4, dtype=dt) * 2, k(cn.arange(4, dtype=dt)))
    assert len(k._cache) == 2


def test_elementwise_errors(rng):
    k = cn.ElementwiseKernel("T x, T y", "T z", "z = x + y", "add2")
    x32 = cn.zeros(3, dtype=numpy.float32)
    with pytest.raises(TypeError, match="Wrong number of arguments"):
        k(x32)
    with pytest.raises(TypeError, match="Type is mismatched"):
        k(x32, cn.zeros(3, dtype=numpy.float64))
    with pytest.raises(ValueError, match="broadcast"):
        k(x32, cn.zeros(4, dtype=numpy.float32))
    with pytest.raises(ValueError, match="broadcast"):
        k(x32, x32, cn.zeros(4, dtype=numpy.float32))
    x23 = cn.zeros((2, 3), dtype=numpy.float32)
    with pytest.raises(ValueError, match="Out shape"):
        k(x23, x23, cn.zeros((1, 3), dtype=numpy.float32))
    with pytest.raises(TypeError):
        k(x32, "a")
    typed = cn.ElementwiseKernel("float32 x", "float32 y", "y = x", "typed1")
    with pytest.raises(TypeError, match="Type is mismatched"):
        typed(cn.zeros(3, dtype=numpy.float64))
    with pytest.raises(ValueError):
        cn.ElementwiseKernel("T i", "T y", "y = i")
    with pytest.raises(ValueError, match="Wrong type"):
        cn.ElementwiseKernel("floatt x", "T y", "y = x")
    with pytest.raises(ValueError):
        cn.ElementwiseKernel("T x, T x", "T y", "y = x")
    with pytest.raises(ValueError, match="undecided"):
        cn.ElementwiseKernel("T a", "T y", "y = a")(1.0)
    with pytest.raises(ValueError, match="raw"):
        cn.ElementwiseKernel("T x", "T y", "y = x")(x32, size=3)
    with pytest.raises(TypeError, match="Cannot determine"):
        cn.ElementwiseKernel("T x", "U y", "y = x")(x32)


def test_compile_error_carries_the_log():
    k = cn.ElementwiseKernel("T x", "T y", "y = x + undefined_name_42", "broken")
    with pytest.raises(cn.cuda.compiler.CompileException) as e:
        k(cn.zeros(3))
    assert "undefined_name_42" in str(e.value)
    assert "undefined_name_42" in e.value.source
    buf = io.StringIO()
    e.value.dump(buf)
    assert "broken" in buf.getvalue()


def test_half_with_numbers(rng):
    # half op number computes in float (docs/user-kernels.md); these values are exact either way.
    k = cn.ElementwiseKernel("T x", "T y", "y = x * 2 + 0.5; if (x > 1) y -= x", "halfnum")
    x = rng.integers(0, 4, 20).astype(numpy.float16)
    want = numpy.where(x > 1, x * 2 + 0.5 - x, x * 2 + 0.5).astype(numpy.float16)
    assert_same(want, k(cn.asarray(x)))


def test_no_host_compiler_is_a_clear_error(device, tmp_path):
    if device != "cpu":
        pytest.skip("the CPU backend's compiler")
    code = ("import cunum as cn\n"
            "k = cn.ElementwiseKernel('T x', 'T y', 'y = x', 'nocc')\n"
            "try:\n    k(cn.zeros(3))\nexcept RuntimeError as e:\n    print('RuntimeError:', e)\n")
    env = {k: v for k, v in os.environ.items() if k not in ("CXX", "PATH")}
    env.update(PATH=str(tmp_path), CUNUM_CACHE_DIR=str(tmp_path), CUNUM_DEVICE="cpu",
               PYTHONPATH=os.pathsep.join(p for p in __import__("sys").path if p))
    out = subprocess.run([__import__("sys").executable, "-c", code], capture_output=True, text=True, env=env)
    assert "RuntimeError:" in out.stdout and "C++ compiler" in out.stdout, out.stdout + out.stderr


# ---------------------------------------------------------------- ReductionKernel


@pytest.mark.parametrize("dtype", dtype_params(NUMERIC_DTYPES))
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2)])
def test_sum_every_dtype_and_axis(dtype, axis, rng):
    k = cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "usum")
    x = _ints(rng, (3, 5, 4), dtype, hi=3)
    want = x.sum(axis=axis, dtype=dtype)
    assert_same(numpy.asarray(want), k(cn.asarray(x), axis=axis))


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [None, 1, (0, 1)])
def test_l2norm_keepdims(axis, keepdims, rng):
    k = cn.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
    x = rng.random((4, 6, 3)).astype(numpy.float32)
    want = numpy.sqrt((x.astype(numpy.float64) ** 2).sum(axis=axis, keepdims=keepdims)).astype(numpy.float32)
    assert_same(want, k(cn.asarray(x), axis=axis, keepdims=keepdims), rtol=1e-5)


def test_reduction_without_identity_and_reduce_type(rng):
    k = cn.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a", None, "umax")
    x = rng.random((5, 7))
    assert_same(x.max(axis=0), k(cn.asarray(x), axis=0))
    with pytest.raises(ValueError, match="identity"):
        k(cn.zeros((0, 3)), axis=0)
    # An identity makes an empty reduction fine.
    s = cn.ReductionKernel("T x", "float64 y", "x", "a + b", "y = a", "0", "fsum", reduce_type="double")
    assert_same(numpy.zeros(3), s(cn.zeros((0, 3), dtype=numpy.float32), axis=0))
    assert_same(numpy.asarray(x.astype(numpy.float32).astype(numpy.float64).sum()),
                s(cn.asarray(x.astype(numpy.float32))), rtol=1e-12)


def test_dot_with_broadcast_and_scalar(rng):
    k = cn.ReductionKernel("T x, T y, T w", "T z", "x * y * w", "a + b", "z = a", "0", "wdot")
    x = rng.random((4, 5))
    y = rng.random(5)
    assert_same((x * y * 2.0).sum(axis=1), k(cn.asarray(x), cn.asarray(y), 2.0, axis=1), rtol=1e-12)


def test_reduction_out_and_errors(rng):
    k = cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "rsum")
    x = rng.random((3, 4))
    out = cn.zeros(4)
    r = k(cn.asarray(x), axis=0, out=out)
    assert r is out
    assert_same(x.sum(axis=0), out, rtol=1e-12)
    with pytest.raises(ValueError, match="Out shape"):
        k(cn.asarray(x), axis=0, out=cn.zeros(3))
    with pytest.raises(numpy.exceptions.AxisError):
        k(cn.asarray(x), axis=2)
    with pytest.raises(ValueError, match="duplicate"):
        k(cn.asarray(x), axis=(0, 0))
    with pytest.raises(TypeError, match="Wrong number"):
        k()
    with pytest.raises(ValueError):
        cn.ReductionKernel("T a", "T y", "a", "a + b", "y = a", "0")


def test_reduction_complex_and_float16(rng):
    k = cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "csum")
    c = _ints(rng, (6, 5), numpy.dtype(numpy.complex64))
    assert_same(c.sum(axis=1), k(cn.asarray(c), axis=1))
    h = _ints(rng, (6, 5), numpy.dtype(numpy.float16))
    assert_same(h.sum(axis=0), k(cn.asarray(h), axis=0))


# ---------------------------------------------------------------- RawKernel / RawModule

_ADD = r'''
extern "C" __global__ void addk(const float* x, const float* y, float* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = x[i] + y[i];
}
'''


def test_raw_kernel_on_cpu_is_a_clear_error(device):
    if device != "cpu":
        pytest.skip("the CPU's behaviour")
    k = cn.RawKernel(_ADD, "addk")
    with pytest.raises(RuntimeError, match="CUDA device"):
        k((1,), (32,), (cn.zeros(3, dtype=numpy.float32),))


def _cuda_only(device):
    if device == "cpu":
        pytest.skip("RawKernel and RawModule run CUDA code")


def test_raw_kernel_launch_and_attributes(device, rng):
    _cuda_only(device)
    k = cn.RawKernel(_ADD, "addk")
    x = rng.random(1000).astype(numpy.float32)
    y = rng.random(1000).astype(numpy.float32)
    z = cn.zeros(1000, dtype=numpy.float32)
    k((4,), (256,), (cn.asarray(x), cn.asarray(y), z, numpy.int32(1000)))
    assert_same(x + y, z)
    assert k.max_threads_per_block > 0
    assert k.num_regs > 0
    assert set(k.attributes) >= {"max_threads_per_block", "num_regs", "shared_size_bytes", "binary_version"}
    k.max_dynamic_shared_size_bytes = 1024
    assert k.max_dynamic_shared_size_bytes == 1024
    with pytest.raises(TypeError, match="takes 4 arguments"):
        k((1,), (32,), (cn.asarray(x), cn.asarray(y), z))
    with pytest.raises(TypeError, match="4-byte"):
        k((1,), (32,), (cn.asarray(x), cn.asarray(y), z, 1000))


def test_raw_kernel_shared_mem_and_compile_error(device):
    _cuda_only(device)
    code = r'''
    extern "C" __global__ void rev(const double* x, double* y, int n) {
      extern __shared__ double buf[];
      int t = threadIdx.x;
      buf[t] = x[t];
      __syncthreads();
      y[t] = buf[n - 1 - t];
    }'''
    k = cn.RawKernel(code, "rev")
    x = numpy.arange(64.0)
    y = cn.zeros(64)
    k((1,), (64,), (cn.asarray(x), y, numpy.int32(64)), shared_mem=64 * 8)
    assert_same(x[::-1], y)
    bad = cn.RawKernel('extern "C" __global__ void f() { undefined_thing(); }', "f")
    with pytest.raises(cn.cuda.compiler.CompileException, match="undefined_thing"):
        bad.compile()


def test_raw_module_name_expressions_and_globals(device):
    _cuda_only(device)
    code = r'''
    __device__ int counter;
    template <class T> __global__ void fill(T* y, T v, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i < n) { y[i] = v; atomicAdd(&counter, 1); }
    }
    extern "C" __global__ void read_counter(int* out) { *out = counter; }
    '''
    mod = cn.RawModule(code=code, options=("-DUNUSED=1",), name_expressions=["fill<float>", "fill<double>"])
    f = mod.get_function("fill<double>")
    y = cn.zeros(100)
    f((1,), (128,), (y, numpy.float64(2.5), numpy.int32(100)))
    assert_same(numpy.full(100, 2.5), y)
    g = mod.get_global("counter")
    assert g.size == 4 and g.ptr != 0
    out = cn.zeros(1, dtype=numpy.int32)
    mod.get_function("read_counter")((1,), (1,), (out,))
    assert_same(numpy.array([100], numpy.int32), out)
    with pytest.raises(Exception, match="no kernel"):
        mod.get_function("missing")


def test_raw_module_from_a_file(device, tmp_path):
    _cuda_only(device)
    nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
    if nvcc is None:
        pytest.skip("nvcc is needed to build the module file")
    src = tmp_path / "k.cu"
    src.write_text(_ADD)
    ptx = tmp_path / "k.ptx"
    subprocess.run([nvcc, "-ptx", "-o", str(ptx), str(src)], check=True)
    mod = cn.RawModule(path=str(ptx))
    x = numpy.arange(10, dtype=numpy.float32)
    z = cn.zeros(10, dtype=numpy.float32)
    mod.get_function("addk")((1,), (32,), (cn.asarray(x), cn.asarray(x), z, numpy.int32(10)))
    assert_same(2 * x, z)


def test_raw_module_arguments_checked():
    with pytest.raises(TypeError):
        cn.RawModule()
    with pytest.raises(TypeError):
        cn.RawModule(code="", path="x.cubin")
    with pytest.raises(ValueError):
        cn.RawKernel(_ADD, "addk", backend="llvm")
