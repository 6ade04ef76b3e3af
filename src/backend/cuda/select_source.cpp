// Source of the select kernels (Note [Select kernels] in kernel_source.hpp).
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

// The true entries among the 16 mask bytes from m[lo] (a 16-byte load when
// they are all inside and aligned): any non-zero byte counts.
const char* kCount16 =
    "__device__ __forceinline__ unsigned nz4(unsigned x) {\n"
    "  x |= x >> 4; x |= x >> 2; x |= x >> 1; return __popc(x & 0x01010101u); }\n"
    "__device__ __forceinline__ int count16(const unsigned char* m, long long lo, long long n) {\n"
    "  if (lo + 16 <= n && ((unsigned long long)(m + lo) & 15ull) == 0) {\n"
    "    const uint4 v = *(const uint4*)(m + lo);\n"
    "    return (int)(nz4(v.x) + nz4(v.y) + nz4(v.z) + nz4(v.w));\n"
    "  }\n"
    "  int c = 0;\n"
    "  for (int k = 0; k < 16; ++k) c += (lo + k < n && m[lo + k] != 0);\n"
    "  return c;\n"
    "}\n"
    "__device__ __forceinline__ int warp_sum(int c) {\n"
    "  for (int o = 16; o > 0; o >>= 1) c += __shfl_xor_sync(0xffffffffu, c, o);\n"
    "  return c;\n"
    "}\n";
}  // namespace

std::string select_source(const SelectKernel& k) {
  const std::string chunk = std::to_string(kSelectChunk);
  std::string s = "namespace cunum {}\nusing namespace cunum;\nstruct __align__(16) Item16 { unsigned long long lo, hi; };\n";
  switch (k.stage) {
    case SelectStage::Count:
      // A block of 256 threads per chunk of 4096 entries.
      s += kCount16;
      s += "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(const unsigned char* m, long long n,"
           " long long* blocks) {\n"
           "  __shared__ int part[8];\n"
           "  const long long lo = (long long)blockIdx.x * " + chunk + " + threadIdx.x * 16;\n"
           "  const int c = warp_sum(count16(m, lo, n));\n"
           "  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = c;\n"
           "  __syncthreads();\n"
           "  if (threadIdx.x == 0) {\n"
           "    int t = 0;\n"
           "    for (int w = 0; w < 8; ++w) t += part[w];\n"
           "    blocks[blockIdx.x] = t;\n"
           "  }\n"
           "}\n";
      break;
    case SelectStage::Scan:
      // One block of 1024 threads; thread t owns a run of `per` counts.
      s += "extern \"C\" __global__ void __launch_bounds__(1024) cunum_kernel(long long* blocks, long long nb) {\n"
           "  __shared__ long long part[1024];\n"
           "  const long long per = (nb + 1023) / 1024, lo = threadIdx.x * per;\n"
           "  const long long hi = lo + per < nb ? lo + per : nb;\n"
           "  long long sum = 0;\n"
           "#pragma unroll 8\n"
           "  for (long long b = lo; b < hi; ++b) sum += blocks[b];\n"
           "  part[threadIdx.x] = sum;\n"
           "  __syncthreads();\n"
           "  for (int o = 1; o < 1024; o <<= 1) {\n"  // inclusive Hillis-Steele scan of the 1024 sums
           "    const long long add = threadIdx.x >= o ? part[threadIdx.x - o] : 0;\n"
           "    __syncthreads();\n"
           "    part[threadIdx.x] += add;\n"
           "    __syncthreads();\n"
           "  }\n"
           "  long long run = part[threadIdx.x] - sum;\n"
           "  for (long long b = lo; b < hi; ++b) { const long long c = blocks[b]; blocks[b] = run; run += c; }\n"
           "  if (threadIdx.x == 1023) blocks[nb] = part[1023];\n"
           "}\n";
      break;
    case SelectStage::Write: {
      // Each of the 8 warps owns 512 entries of the block's chunk.
      s += kCount16;
      s += "typedef " + std::string(item_type(k.itemsize)) + " Item;\n"
           "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(const unsigned char* m, long long n,"
           " const char* in, char* out, long long items, const long long* blocks) {\n"
           "  __shared__ int part[8];\n"
           "  const int w = threadIdx.x >> 5, lane = threadIdx.x & 31;\n"
           "  const long long wlo = (long long)blockIdx.x * " + chunk + " + w * 512;\n"
           "  const int c = warp_sum(count16(m, wlo + lane * 16, n));\n"
           "  if (lane == 0) part[w] = c;\n"
           "  __syncthreads();\n"
           "  long long at = blocks[blockIdx.x];\n"
           "  for (int u = 0; u < w; ++u) at += part[u];\n"
           "  const unsigned below = (1u << lane) - 1u;\n"
           "  for (int step = 0; step < 16; ++step) {\n"
           "    const long long e = wlo + step * 32 + lane;\n"
           "    const bool t = e < n && m[e] != 0;\n"
           "    const unsigned ballot = __ballot_sync(0xffffffffu, t);\n"
           "    if (t) {\n"
           "      const long long dst = at + __popc(ballot & below);\n";
      if (k.positions)
        s += "      ((long long*)out)[dst] = e;\n";
      else if (!k.rows)
        s += "      ((Item*)out)[dst] = ((const Item*)in)[e];\n";
      else
        s += "      const Item* src = (const Item*)in + e * items; Item* to = (Item*)out + dst * items;\n"
             "      for (long long r = 0; r < items; ++r) to[r] = src[r];\n";
      s += "    }\n"
           "    at += __popc(ballot);\n"
           "  }\n"
           "}\n";
      break;
    }
  }
  return s;
}

}  // namespace cunum::backend::cuda
