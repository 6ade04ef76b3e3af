// How a gather plan becomes a kernel launch (Note [Gather kernels]).
#include <algorithm>
#include <cstdlib>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/tuning.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
// Items per thread per tile. H100 sweep (2026-11-24, x[idx] f32 2^26, int64
// indices, GB/s counted as 16 B per element): unroll 1/2/4/8 gave
// 480.7/479.5/478.5/478.7 with the streaming hints and read-only loads (the
// defaults): a block of 256 one-item threads keeps as many random reads in
// flight as fewer, longer threads, and more blocks balance better.
// CUNUM_GATHER_UNROLL (1-8) overrides it, for measuring.
int gather_unroll() {
  static const int u = env_int("CUNUM_GATHER_UNROLL", 1, 8, 1);
  return u;
}

// Streaming cache hints on the index reads and the stores (on by default;
// CUNUM_GATHER_STREAMING=0 turns them off, for measuring).
bool gather_streaming() {
  static const bool on = env_int("CUNUM_GATHER_STREAMING", 0, 1, 1) == 1;
  return on;
}

// Source reads through the read-only path (CUNUM_GATHER_NC=0: plain loads).
bool gather_nc() {
  static const bool on = env_int("CUNUM_GATHER_NC", 0, 1, 1) == 1;
  return on;
}
}  // namespace

// Everything gather_source depends on, in 64 bits (Note [Kernel cache keys]).
uint64_t CudaBackend::gather_key(const GatherKernel& k) {
  return uint64_t(Family::Gather) | uint64_t(log2_ceil(k.itemsize)) << 8 | uint64_t(k.index) << 12 |
         uint64_t(k.outer_nd) << 16 | uint64_t(k.inner_nd) << 24 | uint64_t(k.mode) << 32 |
         uint64_t(k.index32) << 34 | uint64_t(k.unroll) << 35 | uint64_t(k.streaming) << 39 |
         uint64_t(k.nc) << 40;
}

void CudaBackend::gather(const GatherPlan& plan) {
  const int64_t n = plan.size();
  // The planner checks the indices of a gather that writes nothing itself
  // (Note [Gather plans]: outer() > 0 but inner() == 0).
  if (n <= 0) return;
  const GatherKernel gk{plan.itemsize,
                        plan.index_dtype,
                        static_cast<int>(plan.outer_shape.size()),
                        static_cast<int>(plan.inner_shape.size()),
                        plan.mode,
                        plan.index32,
                        gather_unroll(),
                        gather_streaming(),
                        gather_nc()};
  LoadedKernel k = kernel(gather_key(gk), [&] { return gather_source(gk); });
  GatherParams p;
  p.in = plan.in;
  p.out = plan.out;
  p.index = plan.index;
  p.n = n;
  p.nidx = plan.nidx;
  p.inner = plan.inner();
  p.len = plan.len;
  p.axis_stride = plan.axis_stride;
  p.index_stride = plan.index_stride;
  p.axis = plan.axis;
  const int nd = gk.outer_nd + gk.inner_nd;
  CUNUM_ASSERT(nd <= static_cast<int>(ParamBlock::kMaxRank));
  for (int d = 0; d < gk.outer_nd; ++d) {
    p.dims[d] = plan.outer_shape[d];
    p.dims[nd + d] = plan.outer_strides[d];
  }
  for (int d = 0; d < gk.inner_nd; ++d) {
    p.dims[gk.outer_nd + d] = plan.inner_shape[d];
    p.dims[nd + gk.outer_nd + d] = plan.inner_strides[d];
  }
  // A block per tile (as the contiguous ufunc kernel); the kernel loops should
  // the tiles pass the grid limit.
  const int64_t tile = int64_t(256) * gk.unroll;
  const unsigned grid = static_cast<unsigned>(std::clamp<int64_t>((n + tile - 1) / tile, 1, int64_t(1) << 30));
  use_device();
  void* args[] = {&p};
  launch_kernel(k, dim3(grid), dim3(256), args, stream());
}

}  // namespace cunum::backend::cuda
