// How a histogram plan becomes a kernel launch (Note [Histogram kernels]).
#include <algorithm>

#include "backend/cuda/cuda_backend.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

// Everything histogram_source depends on, in 64 bits (Note [Kernel cache keys]).
uint64_t CudaBackend::histogram_key(const HistogramKernel& k) {
  return uint64_t(Family::Histogram) | uint64_t(k.mode) << 8 | uint64_t(k.x) << 12 | uint64_t(k.cmp) << 16 |
         uint64_t(k.w) << 20 | uint64_t(k.weights) << 24 | uint64_t(k.sh) << 32;
}

void CudaBackend::histogram(const HistogramPlan& plan) {
  if (plan.n <= 0 || plan.bins <= 0) return;
  // Per-block counters in shared memory when the bins fit (capacity a power
  // of two from 256 to 2048: at most 16 KB of counters and 16 KB of edges).
  int sh = 0;
  for (int c = 256; c <= 2048; c *= 2)
    if (plan.bins <= c) {
      sh = c;
      break;
    }
  const bool weights = plan.w != nullptr;
  const HistogramKernel hk{plan.mode, plan.x_dtype, plan.mode == HistogramMode::Direct ? DType::Float64 : plan.cmp,
                           weights ? plan.w_dtype : DType::Float64, weights, sh};
  LoadedKernel k = kernel(histogram_key(hk), [&] { return histogram_source(hk); });
  HistogramParams p;
  p.x = plan.x;
  p.w = plan.w;
  p.edges = plan.edges;
  p.out = plan.out;
  p.n = plan.n;
  p.x_stride = plan.x_stride;
  p.w_stride = plan.w_stride;
  p.bins = plan.bins;
  p.first = plan.first;
  p.scale = plan.mode == HistogramMode::Uniform ? static_cast<double>(plan.bins) / (plan.last - plan.first) : 0;
  // A resident grid (each thread 8 elements per step); never fewer blocks
  // than keep a block's 32-bit shared counts below 2^31 elements.
  const int64_t per_block = int64_t(256) * 8;
  const int64_t resident = int64_t(sm_count_ > 0 ? sm_count_ : 132) * (k.blocks_per_sm > 0 ? k.blocks_per_sm : 4);
  const int64_t need = (plan.n + per_block - 1) / per_block;
  const int64_t grid = std::clamp<int64_t>(std::max<int64_t>(std::min(need, resident), plan.n >> 30), 1,
                                           (int64_t(1) << 31) - 1);
  use_device();
  void* args[] = {&p};
  launch_kernel(k, dim3(static_cast<unsigned>(grid)), dim3(256), args, stream());
}

}  // namespace cunum::backend::cuda
