// Source of the integer and bool matrix-product kernels (Note [Gemm
// kernels] in kernel_source.hpp). Only called on a kernel-cache miss; the
// source includes no header, so it compiles in a fraction of a second.
#include <string>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

namespace {
const char* plain_type(DType d) {
  switch (d) {
    case DType::Bool: return "unsigned char";  // Note [Bool bytes]: && and || test the bytes
    case DType::Int8: return "signed char";
    case DType::UInt8: return "unsigned char";
    case DType::Int16: return "short";
    case DType::UInt16: return "unsigned short";
    case DType::Int32: return "int";
    case DType::UInt32: return "unsigned int";
    case DType::Int64: return "long long";
    case DType::UInt64: return "unsigned long long";
    default: return "void";
  }
}

// Element (r, s) of op(X) for a stored column-major X with leading dimension ld.
std::string element(const char* x, GemmOp op, const char* ld) {
  if (op == GemmOp::N) return std::string(x) + "[r + s * " + ld + "]";
  return std::string(x) + "[s + r * " + ld + "]";
}
}  // namespace

std::string gemm_source(const GemmKernel& k) {
  const bool is_bool = k.dtype == DType::Bool;
  std::string s = "namespace cunum {}\nusing namespace cunum;\ntypedef " + std::string(plain_type(k.dtype)) + " T;\n";
  s += is_bool ? "typedef bool Acc;\n" : "typedef unsigned long long Acc;\n";
  s += "struct GP { const T* a; const T* b; T* c; long long m, n, k, lda, ldb, ldc, sa, sb, sc, batch;"
       " long long alpha, beta; };\n"
       "__device__ __forceinline__ T load_a(const T* a, long long r, long long s, long long lda) { return " +
       element("a", k.transa, "lda") + "; }\n"
       "__device__ __forceinline__ T load_b(const T* b, long long r, long long s, long long ldb) { return " +
       element("b", k.transb, "ldb") + "; }\n"
       "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(GP p) {\n"
       "  __shared__ T As[16][17];\n"  // As[s][r]: column s of k, row r of the tile
       "  __shared__ T Bs[16][17];\n"  // Bs[c][s]: column c of the tile, row s of k
       "  const int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;\n"
       "  const long long i = (long long)blockIdx.x * 16 + tx;\n"
       "  const long long ntiles = (p.n + 15) / 16;\n"
       "  for (long long z = blockIdx.z; z < p.batch; z += gridDim.z) {\n"
       "    const T* a = p.a + z * p.sa;\n"
       "    const T* b = p.b + z * p.sb;\n"
       "    T* c = p.c + z * p.sc;\n"
       "    for (long long tj = blockIdx.y; tj < ntiles; tj += gridDim.y) {\n"
       "      const long long j = tj * 16 + ty;\n"
       "      Acc acc = 0;\n"
       "      for (long long q0 = 0; q0 < p.k; q0 += 16) {\n"
       "        const long long ka = q0 + ty, kb = q0 + tx;\n"
       "        As[ty][tx] = (i < p.m && ka < p.k) ? load_a(a, i, ka, p.lda) : T(0);\n"
       "        Bs[ty][tx] = (kb < p.k && j < p.n) ? load_b(b, kb, j, p.ldb) : T(0);\n"
       "        __syncthreads();\n"
       "#pragma unroll\n"
       "        for (int q = 0; q < 16; ++q)\n";
  if (is_bool)
    s += "          acc = acc || (As[q][tx] && Bs[ty][q]);\n";
  else
    s += "          acc += (Acc)As[q][tx] * (Acc)Bs[ty][q];\n";
  s += "        __syncthreads();\n"
       "      }\n"
       "      if (i < p.m && j < p.n) {\n"
       "        T* out = c + i + j * p.ldc;\n";
  if (is_bool)
    s += "        *out = (p.alpha != 0 && acc) || (p.beta != 0 && *out);\n";
  else
    s += "        Acc v = (Acc)p.alpha * acc;\n"
         "        if (p.beta != 0) v += (Acc)p.beta * (Acc)*out;\n"
         "        *out = (T)v;\n";
  s += "      }\n"
       "    }\n"
       "  }\n"
       "}\n";
  return s;
}

}  // namespace cunum::backend::cuda
