// The source of a fused elementwise kernel (Note [Fused kernels]).
#include <functional>
#include <string>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

namespace {
std::string str(int v) { return std::to_string(v); }

// The dtype of argument `a` before conversion: an input's, an earlier
// step's output's, or (a scalar) the dtype it was stored in, `loop_in`.
DType arg_dtype(const FusedPlan& p, const FusedArg& a, DType loop_in) {
  switch (a.kind) {
    case FusedArg::Input: return p.dtypes[a.index];
    case FusedArg::Value: return step_out(p.steps[a.index], a.out);
    default: return loop_in;
  }
}

std::string ref(const FusedArg& a) {
  if (a.kind == FusedArg::Input) return "in" + str(a.index);
  return "v" + str(a.index) + "_" + str(a.out);
}

// Argument k of step `st` as a value of the dtype the step reads it in.
std::string arg_value(const FusedPlan& p, const FusedStep& st, int k) {
  const FusedArg& a = st.args[k];
  const DType to = step_in(st, k);
  const std::string L = kernel_type_name(to);
  if (a.kind == FusedArg::Scalar) return "*(const " + L + "*)p.scal[" + str(a.index) + "]";
  if (arg_dtype(p, a, to) == to) return ref(a);
  return "cunum::convert<" + L + ">(" + ref(a) + ")";
}

// The element body: inputs in0.. declared by the caller; declares the steps'
// values and ends with the stores `store(k, value)`.
template <class Store> std::string body(const FusedPlan& p, Store&& store) {
  std::string s;
  for (int i = 0; i < p.nsteps; ++i) {
    const FusedStep& st = p.steps[i];
    const std::string v = "v" + str(i) + "_";
    if (!st.def) {  // Note [Fused where]: no arithmetic, so no rounding either
      const std::string T = kernel_type_name(st.where_dtype);
      s += T + " " + v + "0 = " + arg_value(p, st, 0) + " ? " + T + "(" + arg_value(p, st, 1) + ") : " + T + "(" +
           arg_value(p, st, 2) + ");\n";
      continue;
    }
    const core::UfuncDef& def = *st.def;
    const core::LoopSig& sig = def.loops[st.loop];
    std::string args;
    for (int k = 0; k < def.nin; ++k) args += (k ? ", " : "") + arg_value(p, st, k);
    const std::string op = std::string("cunum::ops::") + def.name + "{}";
    const std::string R0 = kernel_type_name(sig.out[0]);
    // Each step's value goes through cunum_rounded (Note [Rounding between
    // fused steps]) so that the compiler cannot contract one step's multiply
    // with the next step's add into an FMA.
    if (def.nout == 1) {
      s += R0 + " " + v + "0 = (" + R0 + ")" + op + "(" + args + "); cunum_rounded(" + v + "0);\n";
    } else {
      s += R0 + " " + v + "0; " + kernel_type_name(sig.out[1]) + " " + v + "1; " + op + "(" + args + ", " + v +
           "0, " + v + "1); cunum_rounded(" + v + "0); cunum_rounded(" + v + "1);\n";
    }
  }
  for (int k = 0; k < p.nout; ++k) {
    const FusedArg& r = p.results[k];
    const DType from = r.kind == FusedArg::Input ? p.dtypes[r.index] : step_out(p.steps[r.index], r.out);
    const DType to = p.dtypes[p.nin + k];
    const std::string x = from == to ? ref(r) : "cunum::convert<" + std::string(kernel_type_name(to)) + ">(" + ref(r) + ")";
    s += store(k, x);
  }
  return s;
}

}  // namespace

std::string fused_body(const FusedPlan& p, const std::function<std::string(int, const std::string&)>& store) {
  return body(p, store);
}

std::string fused_rounding_source() {
  // Note [Rounding between fused steps]: eager evaluation rounds every
  // ufunc's result to its dtype in memory, and NumPy does too; a fused kernel
  // keeps the values in registers, where the compiler (fmad on, as for the
  // eager kernels, whose functors it helps) would turn `a * b` of one step
  // and `+ c` of the next into one FMA with one rounding, and the result
  // would differ from eager in the last bit (seen on the H100: -0.063 against
  // -0.0629999). The contraction is done by ptxas as well as by NVVM, so an
  // empty asm statement is not enough (the SASS still had the FFMA); an
  // identity byte permute (prmt 0x3210) of the value, or of a double's high
  // word, is an instruction neither can see through: each step's result is
  // then rounded as if stored (checked in the SASS: FMUL, PRMT, FADD). Within
  // one functor the compiler does what it does for the eager kernel, so fused
  // and eager results are the same bits; the cost is one PRMT per step. (A
  // fused reduction rounds its map's last value the same way before it is
  // accumulated: `sum(x * x)` adds the rounded squares, as eager does.)
  return "static __device__ __forceinline__ void cunum_rounded(float& x) {"
         " asm volatile(\"prmt.b32 %0, %0, 0, 0x3210;\" : \"+f\"(x)); }\n"
         "static __device__ __forceinline__ void cunum_rounded(double& x) {"
         " asm volatile(\"{ .reg .b32 lo, hi; mov.b64 {lo, hi}, %0; prmt.b32 hi, hi, 0, 0x3210;"
         " mov.b64 %0, {lo, hi}; }\" : \"+d\"(x)); }\n"
         "template <class T> static __device__ __forceinline__ void cunum_rounded(cunum::complex<T>& z) {"
         " cunum_rounded(z.re); cunum_rounded(z.im); }\n"
         "template <class T> static __device__ __forceinline__ void cunum_rounded(T&) {}\n";
}

namespace {
std::string params_struct(int nd) {
  const std::string n = str(nd > 0 ? nd : 1);
  return "struct F { alignas(16) unsigned char scal[" + str(kMaxFusedScalars) + "][16]; char* data[" +
         str(kMaxFusedOperands) + "]; long long n; long long shape[" + n + "]; long long strides[" +
         str(kMaxFusedOperands) + "][" + n + "]; };\n";
}
}  // namespace

std::string fused_source(const FusedPlan& p, int nd, bool index32, int vec) {
  // ty: an operand's values; st: an input's memory (Note [Bool bytes])
  auto ty = [&](int k) { return std::string(kernel_type_name(p.dtypes[k])); };
  auto st = [&](int k) { return std::string(stored_type_name(p.dtypes[k])); };
  std::string s = kPrelude;
  s += fused_rounding_source();  // Note [Rounding between fused steps]
  if (vec > 0) {
    s += params_struct(0);
    s += "template <class X, int V> struct alignas(sizeof(X) * V) Vec { X v[V]; };\n";
    s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(F p) {\n"
         "  constexpr int V = " + str(vec) + ";\n"
         "  const long long n = p.n, nv = n / V;\n"
         "  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < nv;"
         " i += (long long)gridDim.x * blockDim.x) {\n";
    // every input's vector loaded before any arithmetic: all loads in flight
    for (int k = 0; k < p.nin; ++k)
      s += "    const Vec<" + st(k) + ", V> l" + str(k) + " = ((const Vec<" + st(k) + ", V>*)p.data[" + str(k) +
           "])[i];\n";
    for (int k = 0; k < p.nout; ++k) s += "    Vec<" + ty(p.nin + k) + ", V> w" + str(k) + ";\n";
    s += "#pragma unroll\n    for (int j = 0; j < V; ++j) {\n";
    for (int k = 0; k < p.nin; ++k)
      s += "      const " + ty(k) + " in" + str(k) + " = " + vector_lane(p.dtypes[k], "l" + str(k) + ".v[j]") + ";\n";
    s += body(p, [&](int k, const std::string& x) { return "      w" + str(k) + ".v[j] = " + x + ";\n"; });
    s += "    }\n";
    for (int k = 0; k < p.nout; ++k)
      s += "    ((Vec<" + ty(p.nin + k) + ", V>*)p.data[" + str(p.nin + k) + "])[i] = w" + str(k) + ";\n";
    s += "  }\n";
    // the tail: n % V elements
    s += "  for (long long i = nv * V + (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;"
         " i += (long long)gridDim.x * blockDim.x) {\n";
    for (int k = 0; k < p.nin; ++k)
      s += "    const " + ty(k) + " in" + str(k) + " = " +
           stored_value(p.dtypes[k], "((const " + st(k) + "*)p.data[" + str(k) + "])[i]") + ";\n";
    s += body(p, [&](int k, const std::string& x) {
      return "    ((" + ty(p.nin + k) + "*)p.data[" + str(p.nin + k) + "])[i] = " + x + ";\n";
    });
    s += "  }\n}\n";
    return s;
  }
  const std::string I = index32 ? "int" : "long long";
  const int nops = p.nin + p.nout;
  s += params_struct(nd);
  s += "extern \"C\" __global__ void cunum_kernel(F p) {\n";
  s += "  const " + I + " n = (" + I + ")p.n;\n";
  s += "  for (" + I + " i = (" + I + ")blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (" + I +
       ")gridDim.x * blockDim.x) {\n";
  s += "    " + I + " rem = i; (void)rem;\n";
  for (int k = 0; k < nops; ++k) s += "    " + I + " o" + str(k) + " = 0;\n";
  if (nd > 0) {
    s += "#pragma unroll\n    for (int d = " + str(nd - 1) + "; d >= 0; --d) {\n";
    s += "      const " + I + " e = (" + I + ")p.shape[d]; const " + I + " c = rem % e; rem /= e;\n";
    for (int k = 0; k < nops; ++k) s += "      o" + str(k) + " += c * (" + I + ")p.strides[" + str(k) + "][d];\n";
    s += "    }\n";
  }
  for (int k = 0; k < p.nin; ++k)
    s += "    const " + ty(k) + " in" + str(k) + " = " +
         stored_value(p.dtypes[k], "*(const " + st(k) + "*)(p.data[" + str(k) + "] + o" + str(k) + ")") + ";\n";
  s += body(p, [&](int k, const std::string& x) {
    return "    *(" + ty(p.nin + k) + "*)(p.data[" + str(p.nin + k) + "] + o" + str(p.nin + k) + ") = " + x + ";\n";
  });
  s += "  }\n}\n";
  return s;
}

}  // namespace cunum::backend::cuda
