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
    "#include \"cunum/kernels/ops_all.hpp\"\n"  // with convert.hpp (Note [Header names under NVRTC])
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

const char* item_type_name(int itemsize) {
  switch (itemsize) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    case 8: return "unsigned long long";
    default: return "Item16";
  }
}

std::string vector_lane(DType dtype, const std::string& lane) {
  return dtype == DType::Int8 ? "cunum::lane_value(" + lane + ")" : stored_value(dtype, lane);
}

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

const char* stored_type_name(DType d) { return d == DType::Bool ? "cunum::bool_byte" : kernel_type_name(d); }

std::string stored_value(DType d, const std::string& stored) {
  return d == DType::Bool ? "cunum::convert<bool>(" + stored + ")" : stored;
}

namespace {
// The pieces of a ufunc kernel body for one element (Note [Operand dtypes]).
struct UfuncParts {
  const core::UfuncDef& def;
  const core::LoopSig& sig;
  const DType* dt;  // operand dtypes: inputs, then outputs
  int scalar_op;
  // Input k as the loop's dtype, from `src` (an lvalue of the operand's
  // stored type: a bool operand's byte is converted even to bool).
  std::string input(int k, const std::string& src) const {
    const std::string L = kernel_type_name(sig.in[k]);
    if (k == scalar_op) return "*(const " + L + "*)p.value";  // stored in the loop dtype
    if (dt[k] == sig.in[k]) return stored_value(dt[k], src);
    return "cunum::convert<" + L + ">(" + src + ")";
  }
  // Output k (the loop's result r<k>) as the output operand's dtype.
  std::string output(int k) const {
    const std::string r = "r" + std::to_string(k);
    if (dt[def.nin + k] == sig.out[k]) return r;
    return "cunum::convert<" + std::string(kernel_type_name(dt[def.nin + k])) + ">(" + r + ")";
  }
  // Declares r0 (, r1) from the inputs x0 (, x1).
  std::string compute(const std::string& x0, const std::string& x1) const {
    const std::string op = std::string("cunum::ops::") + def.name + "{}";
    const std::string args = def.nin == 1 ? x0 : x0 + ", " + x1;
    const std::string R0 = kernel_type_name(sig.out[0]);
    if (def.nout == 1) return "const " + R0 + " r0 = (" + R0 + ")" + op + "(" + args + ");";
    const std::string R1 = kernel_type_name(sig.out[1]);
    return R0 + " r0; " + R1 + " r1; " + op + "(" + args + ", r0, r1);";
  }
};
}  // namespace

std::string ufunc_source(const core::UfuncDef& def, int loop, const DType* dtypes, int nd, bool index32,
                         int scalar_op) {
  const UfuncParts u{def, def.loops[loop], dtypes, scalar_op};
  auto in = [&](int k) {
    if (k >= def.nin) return std::string();
    return u.input(k, "*(const " + std::string(stored_type_name(dtypes[k])) + "*)a" + std::to_string(k));
  };
  std::string body = "{ " + u.compute(in(0), in(1));
  for (int k = 0; k < def.nout; ++k)
    body += " *(" + std::string(kernel_type_name(dtypes[def.nin + k])) + "*)a" + std::to_string(def.nin + k) +
            " = " + u.output(k) + ";";
  body += " }";
  return kPrelude + strided_loop(nd, def.nin + def.nout, index32, body);
}

std::string ufunc_contiguous_source(const core::UfuncDef& def, int loop, const DType* dtypes, int vec,
                                    int unroll, int scalar_op) {
  // Every array operand contiguous and aligned to vec elements. A block takes
  // a tile of 256 * unroll vectors; each thread issues all its loads (unroll
  // wide accesses of up to 16 bytes per input) before the first use, so
  // several loads per thread are in flight, then computes and stores. A
  // scalar operand (Note [Scalar operands]) is read from p.value.
  const UfuncParts u{def, def.loops[loop], dtypes, scalar_op};
  const int nin = def.nin, nout = def.nout;
  const std::string V = std::to_string(vec), U = std::to_string(unroll);
  // inputs are read through their stored type; outputs written as values
  auto ty = [&](int k) { return std::string(k < nin ? stored_type_name(dtypes[k]) : kernel_type_name(dtypes[k])); };
  auto loaded = [&](int k) { return k < nin && k != scalar_op; };
  const char* names[4] = {"x", "y", "z", "w"};  // operand k's vector pointer
  const char* regs[2] = {"a", "b"};             // input k's vectors in flight
  std::string s = kPrelude + params(0);
  s += "template <class X> struct alignas(sizeof(X) * " + V + ") Vec { X v[" + V + "]; };\n";
  s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(P p) {\n"
       "  constexpr int U = " + U + ", V = " + V + ";\n"
       "  const long long n = p.n, nv = n / V;\n";
  for (int k = 0; k < nin + nout; ++k) {
    if (k < nin && !loaded(k)) continue;
    s += "  " + std::string(k < nin ? "const " : "") + "Vec<" + ty(k) + ">* " + names[k] + " = (" +
         (k < nin ? "const " : "") + "Vec<" + ty(k) + ">*)p.data[" + std::to_string(k) + "]; (void)" + names[k] +
         ";\n";
  }
  s += "  const long long tile = (long long)blockDim.x * U;\n"
       "  for (long long t0 = (long long)blockIdx.x * tile; t0 < nv; t0 += (long long)gridDim.x * tile) {\n"
       "    const long long i0 = t0 + threadIdx.x;\n";
  for (int k = 0; k < nin; ++k)
    if (loaded(k)) s += "    Vec<" + ty(k) + "> " + regs[k] + "[U];\n";
  // Loads first (unguarded for a whole tile), then one guarded compute/store
  // loop: the op is instantiated once per element of the vectors, which
  // keeps heavy ops (sin's slow path) quick to compile.
  auto loads = [&](bool guarded) {
    std::string r;
    for (int k = 0; k < nin; ++k)
      if (loaded(k))
        r += std::string("#pragma unroll\n      for (int u = 0; u < U; ++u) ") +
             (guarded ? "if (i0 + u * (long long)blockDim.x < nv) " : "") + regs[k] + "[u] = " + names[k] +
             "[i0 + u * (long long)blockDim.x];\n";
    return r;
  };
  s += "    if (t0 + tile <= nv) {\n" + loads(false) + "    } else {\n" + loads(true) + "    }\n";
  s += "#pragma unroll\n"
       "    for (int u = 0; u < U; ++u) {\n"
       "      const long long i = i0 + u * (long long)blockDim.x;\n"
       "      if (i < nv) {\n";
  for (int k = 0; k < nout; ++k) s += "        Vec<" + ty(nin + k) + "> o" + std::to_string(k) + ";\n";
  s += "#pragma unroll\n        for (int k = 0; k < V; ++k) { " +
       u.compute(u.input(0, loaded(0) ? "a[u].v[k]" : ""), nin > 1 ? u.input(1, loaded(1) ? "b[u].v[k]" : "") : "");
  for (int k = 0; k < nout; ++k) s += " o" + std::to_string(k) + ".v[k] = " + u.output(k) + ";";
  s += " }\n";
  for (int k = 0; k < nout; ++k) s += "        " + std::string(names[nin + k]) + "[i] = o" + std::to_string(k) + ";\n";
  s += "      }\n    }\n  }\n";
  // the tail (n % vec elements)
  s += "  for (long long i = nv * V + (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;"
       " i += (long long)gridDim.x * blockDim.x) { " +
       u.compute(u.input(0, loaded(0) ? "((const " + ty(0) + "*)x)[i]" : ""),
                 nin > 1 ? u.input(1, loaded(1) ? "((const " + ty(1) + "*)y)[i]" : "") : "");
  for (int k = 0; k < nout; ++k)
    s += " ((" + ty(nin + k) + "*)" + names[nin + k] + ")[i] = " + u.output(k) + ";";
  s += " }\n}\n";
  return s;
}

std::string cast_source(DType from, DType to, int nd, bool index32, bool masked) {
  // Stored types on both sides: a copy within bool moves bytes (Note [Bool bytes]).
  const std::string F = stored_type_name(from), T = stored_type_name(to);
  const std::string mask = "*(const " + std::string(stored_type_name(DType::Bool)) + "*)a1";
  if (!masked)
    return kPrelude + strided_loop(nd, 2, index32,
                                   "*(" + T + "*)a1 = cunum::convert<" + T + ">(*(const " + F + "*)a0);");
  return kPrelude + strided_loop(nd, 3, index32,
                                 "if (" + stored_value(DType::Bool, mask) + ") *(" + T +
                                     "*)a2 = cunum::convert<" + T + ">(*(const " + F + "*)a0);");
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
