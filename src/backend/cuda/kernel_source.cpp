// Kernel source generation: a few lines of CUDA C++ around the op definitions
// of include/cunum/kernels/, compiled by NVRTC on first use (jit.hpp). Only
// called on a kernel-cache miss.
#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

std::string params(int nd) {
  const std::string n = std::to_string(nd > 0 ? nd : 1);
  return "struct P { char* data[4]; long long n; double aux[4]; long long iaux[2];\n"
         "  unsigned char value[16]; long long shape[" + n + "]; long long strides[4][" + n + "]; };\n";
}

const char* const kPrelude =
    "#include \"cunum/kernels/ops.hpp\"\n"
    "#include \"cunum/kernels/convert.hpp\"\n"
    "using namespace cunum;\n";

namespace {

// A grid-stride loop over p.n elements; `body` sees char* a0..a3 (operand
// element addresses) computed by unravelling the flat index over the dims.
std::string strided_loop(int nd, int nops, bool index32, const std::string& body) {
  const std::string I = index32 ? "int" : "long long";
  std::string s = params(nd);
  s += "extern \"C\" __global__ void cunum_kernel(P p) {\n";
  s += "  const " + I + " n = (" + I + ")p.n;\n";
  s += "  for (" + I + " i = (" + I + ")blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (" + I +
       ")gridDim.x * blockDim.x) {\n";
  s += "    " + I + " rem = i; (void)rem;\n";
  for (int k = 0; k < nops; ++k) s += "    " + I + " o" + std::to_string(k) + " = 0;\n";
  if (nd == 1) {  // one (coalesced) dimension: no division at all
    for (int k = 0; k < nops; ++k)
      s += "    o" + std::to_string(k) + " = i * (" + I + ")p.strides[" + std::to_string(k) + "][0];\n";
  } else if (nd > 1) {
    s += "#pragma unroll\n    for (int d = " + std::to_string(nd - 1) + "; d >= 0; --d) {\n";
    s += "      const " + I + " e = (" + I + ")p.shape[d]; const " + I + " c = rem % e; rem /= e;\n";
    for (int k = 0; k < nops; ++k)
      s += "      o" + std::to_string(k) + " += c * (" + I + ")p.strides[" + std::to_string(k) + "][d];\n";
    s += "    }\n";
  }
  for (int k = 0; k < nops; ++k)
    s += "    char* a" + std::to_string(k) + " = p.data[" + std::to_string(k) + "] + o" +
         std::to_string(k) + ";\n";
  s += "    " + body + "\n  }\n}\n";
  return s;
}
}  // namespace

const char* kernel_type_name(DType d) {
  switch (d) {
    case DType::Bool: return "bool";
    case DType::Int8: return "cunum::int8_t";
    case DType::UInt8: return "cunum::uint8_t";
    case DType::Int16: return "cunum::int16_t";
    case DType::UInt16: return "cunum::uint16_t";
    case DType::Int32: return "cunum::int32_t";
    case DType::UInt32: return "cunum::uint32_t";
    case DType::Int64: return "cunum::int64_t";
    case DType::UInt64: return "cunum::uint64_t";
    case DType::Float16: return "cunum::half";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Complex64: return "cunum::complex<float>";
    case DType::Complex128: return "cunum::complex<double>";
  }
  return "void";
}

std::string ufunc_source(core::UfuncId id, DType loop, int nd, bool index32, int scalar_op) {
  const auto& info = core::ufunc_info(id);
  const std::string T = kernel_type_name(loop);
  const std::string R = kernel_type_name(core::ufunc_out_dtype(id, loop));
  const std::string op = std::string("cunum::ops::") + info.name + "{}";
  // Input k: its element, or the constant in p.value (Note [Scalar operands]).
  auto in = [&](int k) {
    return "*(const " + T + "*)" + (k == scalar_op ? std::string("p.value") : "a" + std::to_string(k));
  };
  std::string body;
  if (info.nin == 1)
    body = "*(" + R + "*)a1 = (" + R + ")" + op + "(" + in(0) + ");";
  else
    body = "*(" + R + "*)a2 = (" + R + ")" + op + "(" + in(0) + ", " + in(1) + ");";
  return kPrelude + strided_loop(nd, info.nin + 1, index32, body);
}

std::string ufunc_contiguous_source(core::UfuncId id, DType loop, int vec, int unroll, int scalar_op) {
  // Every array operand contiguous and aligned to vec elements. A block takes
  // a tile of 256 * unroll vectors; each thread issues all its loads (unroll
  // wide accesses of up to 16 bytes per input) before the first use, so
  // several loads per thread are in flight, then computes and stores. A
  // scalar operand (Note [Scalar operands]) is read once from p.value.
  const auto& info = core::ufunc_info(id);
  const std::string T = kernel_type_name(loop);
  const std::string R = kernel_type_name(core::ufunc_out_dtype(id, loop));
  const std::string V = std::to_string(vec), U = std::to_string(unroll);
  const std::string op = std::string("cunum::ops::") + info.name + "{}";
  const bool binary = info.nin == 2;
  const bool load_x = scalar_op != 0, load_y = binary && scalar_op != 1;
  const std::string xa = load_x ? "a[u].v[k]" : "c", yb = scalar_op == 1 ? "c" : "b[u].v[k]";
  const std::string xt = load_x ? "((const " + T + "*)x)[i]" : "c";
  const std::string yt = scalar_op == 1 ? "c" : "((const " + T + "*)y)[i]";
  std::string s = kPrelude + params(0);
  s += "template <class X> struct alignas(sizeof(X) * " + V + ") Vec { X v[" + V + "]; };\n";
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(P p) {\n"
       "  constexpr int U = " + U + ", V = " + V + ";\n"
       "  const long long n = p.n, nv = n / V;\n"
       "  const Vec<" + T + ">* x = (const Vec<" + T + ">*)p.data[0]; (void)x;\n";
  if (binary) s += "  const Vec<" + T + ">* y = (const Vec<" + T + ">*)p.data[1]; (void)y;\n";
  if (scalar_op >= 0) s += "  const " + T + " c = *(const " + T + "*)p.value;\n";
  s += "  Vec<" + R + ">* z = (Vec<" + R + ">*)p.data[" + std::to_string(info.nin) + "];\n"
       "  const long long tile = (long long)blockDim.x * U;\n"
       "  for (long long t0 = (long long)blockIdx.x * tile; t0 < nv; t0 += (long long)gridDim.x * tile) {\n"
       "    const long long i0 = t0 + threadIdx.x;\n";
  if (load_x) s += "    Vec<" + T + "> a[U];\n";
  if (load_y) s += "    Vec<" + T + "> b[U];\n";
  // Loads first (unguarded for a whole tile), then one guarded compute/store
  // loop: the op is instantiated once per element of the vectors, which
  // keeps heavy ops (sin's slow path) quick to compile.
  auto loads = [&](const char* arr, const char* src, bool guarded) {
    return std::string("#pragma unroll\n      for (int u = 0; u < U; ++u) ") +
           (guarded ? "if (i0 + u * (long long)blockDim.x < nv) " : "") + arr + "[u] = " + src +
           "[i0 + u * (long long)blockDim.x];\n";
  };
  s += "    if (t0 + tile <= nv) {\n";
  if (load_x) s += loads("a", "x", false);
  if (load_y) s += loads("b", "y", false);
  s += "    } else {\n";
  if (load_x) s += loads("a", "x", true);
  if (load_y) s += loads("b", "y", true);
  s += "    }\n"
       "#pragma unroll\n"
       "    for (int u = 0; u < U; ++u) {\n"
       "      const long long i = i0 + u * (long long)blockDim.x;\n"
       "      if (i < nv) {\n"
       "        Vec<" + R + "> r;\n"
       "#pragma unroll\n"
       "        for (int k = 0; k < V; ++k) r.v[k] = (" + R + ")" + op +
       (binary ? "(" + xa + ", " + yb + ");\n" : "(" + xa + ");\n") +
       "        z[i] = r;\n"
       "      }\n"
       "    }\n"
       "  }\n";
  // the tail (n % vec elements)
  s += "  for (long long i = nv * V + (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;"
       " i += (long long)gridDim.x * blockDim.x)\n";
  s += "    ((" + R + "*)z)[i] = (" + R + ")" + op + (binary ? "(" + xt + ", " + yt + ");\n" : "(" + xt + ");\n");
  s += "}\n";
  return s;
}

std::string cast_source(DType from, DType to, int nd, bool index32, bool masked) {
  const std::string F = kernel_type_name(from), T = kernel_type_name(to);
  if (!masked)
    return kPrelude + strided_loop(nd, 2, index32,
                                   "*(" + T + "*)a1 = cunum::convert<" + T + ">(*(const " + F + "*)a0);");
  return kPrelude + strided_loop(nd, 3, index32,
                                 "if (*(const bool*)a1) *(" + T + "*)a2 = cunum::convert<" + T +
                                     ">(*(const " + F + "*)a0);");
}

std::string fill_source(DType dtype, int nd, bool index32) {
  const std::string T = kernel_type_name(dtype);
  return kPrelude + strided_loop(nd, 1, index32,
                                 "*(" + T + "*)a0 = *(const " + T + "*)p.value;");
}

std::string iota_source(DType dtype) {
  const std::string T = kernel_type_name(dtype);
  std::string value;
  // In the dtype's own arithmetic (backend.hpp): float for float16/float32
  // parts, wrapping 64-bit integers. Compiled without FMA contraction.
  const std::string R = real_dtype(dtype) == DType::Float64 ? "double" : "float";
  if (is_integer(dtype) || is_bool(dtype))
    value = "cunum::convert<" + T + ">((long long)((unsigned long long)p.iaux[0] + "
            "(unsigned long long)i * (unsigned long long)p.iaux[1]))";
  else if (is_complex(dtype))
    value = T + "((" + R + ")p.aux[0] + (" + R + ")i * (" + R + ")p.aux[2], (" + R + ")p.aux[1] + (" +
            R + ")i * (" + R + ")p.aux[3])";
  else
    value = "cunum::convert<" + T + ">((" + R + ")p.aux[0] + (" + R + ")i * (" + R + ")p.aux[2])";
  return kPrelude + params(0) +
         "extern \"C\" __global__ void cunum_kernel(P p) {\n"
         "  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < p.n;"
         " i += (long long)gridDim.x * blockDim.x)\n"
         "    ((" + T + "*)p.data[0])[i] = " + value + ";\n}\n";
}

}  // namespace cunum::backend::cuda
