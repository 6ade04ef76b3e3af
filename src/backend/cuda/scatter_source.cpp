// Source of the scatter kernels (Note [Scatter kernels] in kernel_source.hpp).
// Only called on a kernel-cache miss.
#include <string>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

namespace {
const char* item_type(int itemsize) {
  switch (itemsize) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    case 8: return "unsigned long long";
    default: return "Item16";
  }
}

// Plain C++ names (the scatter source includes no op header but half's).
const char* plain_type(DType d) {
  switch (d) {
    case DType::Bool: return "bool";
    case DType::Int8: return "signed char";
    case DType::UInt8: return "unsigned char";
    case DType::Int16: return "short";
    case DType::UInt16: return "unsigned short";
    case DType::Int32: return "int";
    case DType::UInt32: return "unsigned int";
    case DType::Int64: return "long long";
    case DType::UInt64: return "unsigned long long";
    case DType::Float16: return "cunum::half";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Complex64: return "C64";
    case DType::Complex128: return "C128";
  }
  return "void";
}

// The body that combines `v` (a T) into the item at `dst`.
std::string combine(const ScatterKernel& k) {
  const DType d = k.dtype;
  const bool add = k.op == ScatterOp::Add, mx = k.op == ScatterOp::Max;
  // CUDA's own atomics.
  if (add) {
    switch (d) {
      case DType::Int32: return "atomicAdd((int*)dst, v);";
      case DType::UInt32: return "atomicAdd((unsigned int*)dst, v);";
      case DType::Int64:
      case DType::UInt64: return "atomicAdd((unsigned long long*)dst, (unsigned long long)v);";
      case DType::Float32: return "atomicAdd((float*)dst, v);";
      case DType::Float64: return "atomicAdd((double*)dst, v);";
      case DType::Complex64: return "atomicAdd((float*)dst, v.re); atomicAdd((float*)dst + 1, v.im);";
      case DType::Complex128: return "atomicAdd((double*)dst, v.re); atomicAdd((double*)dst + 1, v.im);";
      default: break;
    }
  } else {
    const std::string f = mx ? "atomicMax" : "atomicMin";
    switch (d) {
      case DType::Int32: return f + "((int*)dst, v);";
      case DType::UInt32: return f + "((unsigned int*)dst, v);";
      case DType::Int64: return f + "((long long*)dst, v);";
      case DType::UInt64: return f + "((unsigned long long*)dst, v);";
      default: break;
    }
  }
  // A compare-and-swap loop on the aligned word that holds the item.
  const int size = static_cast<int>(itemsize(d));
  const std::string W = size == 8 ? "unsigned long long" : "unsigned int";
  std::string s = "{\n";
  if (size >= 4) {
    s += "      " + W + "* w = (" + W + "*)dst;\n"
         "      " + W + " old = *w, assumed;\n"
         "      do {\n"
         "        assumed = old;\n"
         "        const T a = from_bits<T>(assumed);\n"
         "        old = atomicCAS(w, assumed, to_bits<" + W + ">(comb(a, v)));\n"
         "      } while (assumed != old);\n";
  } else {
    const std::string B = size == 1 ? "unsigned char" : "unsigned short";
    const std::string mask = size == 1 ? "0xffu" : "0xffffu";
    s += "      const unsigned long long addr = (unsigned long long)dst;\n"
         "      unsigned int* w = (unsigned int*)(addr & ~3ull);\n"
         "      const unsigned int shift = (unsigned int)(addr & 3ull) * 8u;\n"
         "      unsigned int old = *w, assumed;\n"
         "      do {\n"
         "        assumed = old;\n"
         "        const T a = from_bits<T>((" + B + ")((assumed >> shift) & " + mask + "));\n"
         "        const unsigned int r = (unsigned int)to_bits<" + B + ">(comb(a, v));\n"
         "        old = atomicCAS(w, assumed, (assumed & ~(" + mask + " << shift)) | (r << shift));\n"
         "      } while (assumed != old);\n";
  }
  return s + "    }";
}

// comb(a, b): the op in T (float for half; NaN propagates for max and min).
std::string comb_fn(const ScatterKernel& k) {
  const bool half = k.dtype == DType::Float16;
  const std::string C = half ? "float" : "T";
  std::string s = "__device__ __forceinline__ T comb(T a0, T b0) {\n  const " + C + " a = (" + C + ")a0, b = (" + C +
                  ")b0;\n";
  if (k.op == ScatterOp::Add) {
    s += k.dtype == DType::Bool ? "  return a || b;\n" : "  return (T)(a + b);\n";
  } else {
    const std::string cmp = k.op == ScatterOp::Max ? ">=" : "<=";
    s += "  return (a != a || a " + cmp + " b) ? a0 : b0;\n";
  }
  return s + "}\n";
}
}  // namespace

std::string scatter_source(const ScatterKernel& k) {
  const int nd = k.outer_nd + k.inner_nd;
  const std::string ND = std::to_string(nd > 0 ? nd : 1);
  const std::string I = k.index32 ? "int" : "long long";
  const std::string Index = k.index == DType::Bool ? "unsigned char" : plain_type(k.index);
  const bool assign = k.op == ScatterOp::Assign;
  std::string s;
  if (!assign) s += "#include \"cunum/kernels/half.hpp\"\n";
  s += "#include \"cunum/kernels/errors.hpp\"\n"
       "using namespace cunum;\n"
       "struct __align__(16) Item16 { unsigned long long lo, hi; };\n"
       "struct __align__(8) C64 { float re, im; };\n"
       "struct __align__(16) C128 { double re, im; };\n"
       "template <class To, class From> __device__ __forceinline__ To from_bits(From x) {\n"
       "  union { From f; To t; } u; u.f = x; return u.t; }\n"
       "template <class To, class From> __device__ __forceinline__ To to_bits(From x) {\n"
       "  union { From f; To t; } u; u.f = x; return u.t; }\n";
  s += assign ? "typedef " + std::string(item_type(k.itemsize)) + " T;\n"
              : "typedef " + std::string(plain_type(k.dtype)) + " T;\n";
  if (!assign && k.dtype != DType::Complex64 && k.dtype != DType::Complex128) s += comb_fn(k);
  s += "typedef " + Index + " Index;\n"
       "typedef " + I + " I;\n"
       "struct S { char* out; const char* value; const char* index;\n"
       "  long long n, nidx, inner, len, axis_stride, index_stride, value_index_stride, axis;\n"
       "  long long shape[" + ND + "]; long long strides[" + ND + "]; long long vstrides[" + ND + "]; };\n"
       "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(S p) {\n"
       "  const long long len = p.len;\n"
       "  const I nidx = (I)p.nidx, inner = (I)p.inner; (void)nidx; (void)inner;\n"
       "  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x; t < p.n;"
       " t += (long long)gridDim.x * blockDim.x) {\n"
       "    I r = (I)t;\n";
  s += k.inner_nd > 0 ? "    I i = r % inner; r /= inner;\n" : "";
  s += k.outer_nd > 0 ? "    const I j = r % nidx; I o = r / nidx;\n" : "    const I j = r;\n";
  s += "    const long long x0 = (long long)*(const Index*)(p.index + j * (I)p.index_stride);\n"
       "    long long x = x0;\n";
  switch (k.mode) {
    case GatherMode::Raise:
      s += "    if (x < 0) x += len;\n"
           "    if ((unsigned long long)x >= (unsigned long long)len) {\n"
           "      cunum::report_index_error(x0, p.axis, len);\n"
           "      continue;\n"
           "    }\n";
      break;
    case GatherMode::Wrap: s += "    if (x < 0 || x >= len) { x %= len; if (x < 0) x += len; }\n"; break;
    case GatherMode::Clip: s += "    x = x < 0 ? 0 : (x >= len ? len - 1 : x);\n"; break;
  }
  s += "    I off = (I)x * (I)p.axis_stride, voff = j * (I)p.value_index_stride;\n";
  // unravel o over dims [0, outer_nd) and i over [outer_nd, nd): both offsets
  auto unravel = [&](const std::string& pos, int first, int n) {
    for (int d = first + n - 1; d >= first; --d) {
      const std::string D = std::to_string(d);
      if (d == first) {
        s += "    off += " + pos + " * (I)p.strides[" + D + "]; voff += " + pos + " * (I)p.vstrides[" + D + "];\n";
      } else {
        s += "    { const I e = (I)p.shape[" + D + "], c = " + pos + " % e; off += c * (I)p.strides[" + D +
             "]; voff += c * (I)p.vstrides[" + D + "]; " + pos + " /= e; }\n";
      }
    }
  };
  if (k.outer_nd > 0) unravel("o", 0, k.outer_nd);
  if (k.inner_nd > 0) unravel("i", k.outer_nd, k.inner_nd);
  s += "    char* dst = p.out + off;\n"
       "    const T v = *(const T*)(p.value + voff);\n";
  s += assign ? "    *(T*)dst = v;\n" : "    " + combine(k) + "\n";
  s += "  }\n}\n";
  return s;
}

}  // namespace cunum::backend::cuda
