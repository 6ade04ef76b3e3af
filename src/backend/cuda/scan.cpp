// How a scan plan becomes kernel launches (Note [Scan kernels]).
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_check.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

// Everything scan_source depends on, in 64 bits (Note [Kernel cache keys]).
uint64_t CudaBackend::scan_key(const ScanKernel& k) {
  return uint64_t(Family::Scan) | uint64_t(k.op) << 8 | uint64_t(k.in) << 12 | uint64_t(k.loop) << 16 |
         uint64_t(k.out) << 20 | uint64_t(k.lane_nd) << 24 | uint64_t(k.strategy) << 32 | uint64_t(k.vec) << 40;
}

void CudaBackend::scan(const ScanPlan& plan) {
  const int64_t lanes = plan.lanes(), len = plan.len;
  if (len <= 0 || lanes <= 0) return;
  const int nd = static_cast<int>(plan.lane_shape.size());
  CUNUM_ASSERT(nd <= static_cast<int>(ParamBlock::kMaxRank));
  const int64_t tile = int64_t(256) * scan_items(plan.loop_dtype);
  const int64_t tiles = (len + tile - 1) / tile;
  // Lanes neighbouring in memory with the axis strided (cumsum(axis=0) of a
  // C matrix), enough of them to fill the device; or axes too short for a
  // tile to pay: a thread per lane. Otherwise tiles along each lane.
  const bool lanes_inner = nd > 0 && std::llabs(plan.in_lane_strides[nd - 1]) < std::llabs(plan.in_axis_stride);
  const bool per_lane = len <= 32 || (lanes_inner && lanes >= 32) || lanes * tiles > (int64_t(1) << 31) - 1;
  // 16-byte vectors for full tiles: the axis contiguous in and out, every
  // tile's start 16-byte aligned (the pointers and lane strides), and a
  // thread's share of a tile a whole number of vectors.
  const int items = scan_items(plan.loop_dtype);
  const int64_t isz = static_cast<int64_t>(itemsize(plan.in_dtype)), osz = static_cast<int64_t>(itemsize(plan.out_dtype));
  bool vec = !per_lane && plan.in_axis_stride == isz && plan.out_axis_stride == osz &&
             reinterpret_cast<uintptr_t>(plan.in) % 16 == 0 && reinterpret_cast<uintptr_t>(plan.out) % 16 == 0 &&
             (items * isz) % 16 == 0 && (items * osz) % 16 == 0;
  for (int d = 0; d < nd; ++d)
    vec = vec && plan.in_lane_strides[d] % 16 == 0 && plan.out_lane_strides[d] % 16 == 0;
  const ScanKernel sk{plan.op, plan.in_dtype, plan.loop_dtype, plan.out_dtype, nd,
                      per_lane ? ScanStrategy::Lanes : ScanStrategy::Tiles, vec};
  LoadedKernel k = kernel(scan_key(sk), [&] { return scan_source(sk); });
  ScanParams p;
  p.in = plan.in;
  p.out = plan.out;
  p.len = len;
  p.lanes = lanes;
  p.tiles = tiles;
  p.in_axis_stride = plan.in_axis_stride;
  p.out_axis_stride = plan.out_axis_stride;
  for (int d = 0; d < nd; ++d) {
    p.dims[d] = plan.lane_shape[d];
    p.dims[nd + d] = plan.in_lane_strides[d];
    p.dims[2 * nd + d] = plan.out_lane_strides[d];
  }
  use_device();
  void* args[] = {&p};
  if (per_lane) {
    // Enough threads to fill the device (2048 per SM): chunks of the axis
    // when the lanes alone are too few, at most 256 and at least 16 elements.
    const int64_t want = int64_t(sm_count_ > 0 ? sm_count_ : 132) * 2048;
    const int64_t chunks = lanes >= want ? 1 : std::clamp<int64_t>(std::min((want + lanes - 1) / lanes, len / 16), 1, 256);
    p.tiles = chunks;
    auto run = [&](int64_t phase, int64_t threads) {
      p.phase = phase;
      const unsigned grid = static_cast<unsigned>(std::clamp<int64_t>((threads + 255) / 256, 1, int64_t(1) << 30));
      launch_kernel(k, dim3(grid), dim3(256), args, stream());
    };
    if (chunks == 1) return run(2, lanes);
    void* totals = allocate(static_cast<size_t>(lanes * chunks) * itemsize(plan.loop_dtype));
    p.scratch = totals;
    run(0, lanes * chunks);
    run(1, lanes);
    run(2, lanes * chunks);
    deallocate(totals, 0);
    return;
  }
  // Scratch: the tile counter, then a 64-bit status word per tile holding
  // flag and value (loop dtypes of 4 bytes or fewer), or a flag per tile and
  // per tile its aggregate and inclusive prefix (loop-dtype values in 32-bit
  // words). Only the counter and flags need zeros.
  const int64_t total = lanes * tiles;
  const size_t words = (itemsize(plan.loop_dtype) + 3) / 4;
  const bool packed = itemsize(plan.loop_dtype) <= 4;
  const size_t status_bytes = 8 + (packed ? 8 : 4) * static_cast<size_t>(total);
  void* scratch = allocate(status_bytes + (packed ? 0 : 2 * 4 * words * static_cast<size_t>(total)));
  p.scratch = scratch;
  CUNUM_CUDA_CHECK(cudaMemsetAsync(scratch, 0, status_bytes, stream()));
  launch_kernel(k, dim3(static_cast<unsigned>(total)), dim3(256), args, stream());
  deallocate(scratch, 0);
}

}  // namespace cunum::backend::cuda
