// Source of the histogram kernels (Note [Histogram kernels] in
// kernel_source.hpp). Only called on a kernel-cache miss.
#include <string>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

namespace {
const char* kBody =
    "struct S { const char* x; const char* w; const double* edges; char* out;\n"
    "  long long n, xs, ws, bins; double first, scale; };\n"
    "constexpr int B = 256, U = 8;\n"
    // The bin of one element (Note [Histogram plans]), -1 for none.
    "__device__ __forceinline__ long long bin_of(const S& p, X v, const double* e) {\n"
    "  if (MODE == 0) { const long long b = (long long)convert<cunum::int64_t>(v); return b >= 0 && b < p.bins ? b : -1; }\n"
    "  return hist::find_bin(convert<double>(convert<C>(v)), e, p.bins, MODE == 1, p.first, p.scale);\n"
    "}\n"
    "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(S p) {\n"
    // SH > 0: this block's counters and a copy of the edges in shared memory
    "  __shared__ Acc sh_cnt[SH > 0 ? SH : 1];\n"
    "  __shared__ double sh_edge[SH > 0 && MODE != 0 ? SH + 1 : 1];\n"
    "  if (SH > 0) {\n"
    "    for (long long i = threadIdx.x; i < p.bins; i += B) sh_cnt[i] = 0;\n"
    "    if (MODE != 0) for (long long i = threadIdx.x; i <= p.bins; i += B) sh_edge[i] = p.edges[i];\n"
    "    __syncthreads();\n"
    "  }\n"
    "  const double* e = SH > 0 && MODE != 0 ? sh_edge : p.edges;\n"
    "  const long long step = (long long)gridDim.x * B * U;\n"
    "  for (long long i0 = (long long)blockIdx.x * B * U + threadIdx.x; i0 < p.n; i0 += step) {\n"
    // all U loads first, so that they are in flight together
    "    X v[U];\n"
    "    double wt[U];\n"
    "#pragma unroll\n"
    "    for (int u = 0; u < U; ++u) {\n"
    "      const long long i = i0 + (long long)u * B;\n"
    "      if (i < p.n) {\n"
    "        v[u] = *(const X*)(p.x + i * p.xs);\n"
    "        if (WEIGHTS) wt[u] = convert<double>(*(const W*)(p.w + i * p.ws));\n"
    "      }\n"
    "    }\n"
    "#pragma unroll\n"
    "    for (int u = 0; u < U; ++u) {\n"
    "      const long long i = i0 + (long long)u * B;\n"
    "      if (i >= p.n) break;\n"
    "      const long long b = bin_of(p, v[u], e);\n"
    "      if (b < 0) continue;\n"
    "      if (SH > 0) {\n"
    "        if (WEIGHTS) atomicAdd((double*)&sh_cnt[b], wt[u]);\n"
    "        else atomicAdd((unsigned int*)&sh_cnt[b], 1u);\n"
    "      } else {\n"
    "        if (WEIGHTS) atomicAdd((double*)p.out + b, wt[u]);\n"
    "        else atomicAdd((unsigned long long*)p.out + b, 1ull);\n"
    "      }\n"
    "    }\n"
    "  }\n"
    // each nonzero counter of the block: one global atomic
    "  if (SH > 0) {\n"
    "    __syncthreads();\n"
    "    for (long long i = threadIdx.x; i < p.bins; i += B) {\n"
    "      const Acc c = sh_cnt[i];\n"
    "      if (c == 0) continue;\n"
    "      if (WEIGHTS) atomicAdd((double*)p.out + i, (double)c);\n"
    "      else atomicAdd((unsigned long long*)p.out + i, (unsigned long long)c);\n"
    "    }\n"
    "  }\n"
    "}\n";
}  // namespace

std::string histogram_source(const HistogramKernel& k) {
  const bool direct = k.mode == HistogramMode::Direct;
  // Shared-memory accumulators: weight sums in double, counts in 32 bits
  // (unused when sh is 0: the output itself takes the atomics).
  std::string s =
      "#include \"cunum/kernels/histogram.hpp\"\n"
      "using namespace cunum;\n"  // the prelude's last line, as every generated source
      "typedef " + std::string(stored_type_name(k.x)) + " X;\n"  // Note [Bool bytes]
      "typedef " + std::string(kernel_type_name(direct ? DType::Float64 : k.cmp)) + " C;\n"
      "typedef " + std::string(stored_type_name(k.weights ? k.w : DType::Float64)) + " W;\n"
      "typedef " + std::string(k.weights ? "double" : "unsigned int") + " Acc;\n"
      "constexpr int MODE = " + std::to_string(static_cast<int>(k.mode)) + ", WEIGHTS = " +
      std::string(k.weights ? "1" : "0") + ", SH = " + std::to_string(k.sh) + ";\n";
  s += kBody;
  return s;
}

}  // namespace cunum::backend::cuda
