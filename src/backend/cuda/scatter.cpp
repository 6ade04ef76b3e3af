// How a scatter plan becomes a kernel launch (Note [Scatter kernels]).
#include <algorithm>

#include "backend/cuda/cuda_backend.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
int log2_of(int v) {
  int l = 0;
  while ((1 << l) < v) ++l;
  return l;
}
}  // namespace

// Everything scatter_source depends on, in 64 bits (Note [Kernel cache keys]).
uint64_t CudaBackend::scatter_key(const ScatterKernel& k) {
  return uint64_t(Family::Scatter) | uint64_t(log2_of(k.itemsize)) << 8 | uint64_t(k.index) << 12 |
         uint64_t(k.outer_nd) << 16 | uint64_t(k.inner_nd) << 24 | uint64_t(k.mode) << 32 |
         uint64_t(k.index32) << 34 | uint64_t(k.op) << 35 | uint64_t(k.dtype) << 38;
}

void CudaBackend::scatter(const ScatterPlan& plan) {
  const int64_t n = plan.size();
  if (n <= 0) return;
  const bool assign = plan.op == ScatterOp::Assign;
  const ScatterKernel sk{assign ? plan.itemsize : static_cast<int>(itemsize(plan.dtype)),
                         assign ? DType::UInt8 : plan.dtype,
                         plan.index_dtype,
                         static_cast<int>(plan.outer_shape.size()),
                         static_cast<int>(plan.inner_shape.size()),
                         plan.mode,
                         plan.op,
                         plan.index32};
  LoadedKernel k = kernel(scatter_key(sk), [&] { return scatter_source(sk); });
  ScatterParams p;
  p.out = plan.out;
  p.value = plan.value;
  p.index = plan.index;
  p.n = n;
  p.nidx = plan.nidx;
  p.inner = plan.inner();
  p.len = plan.len;
  p.axis_stride = plan.axis_stride;
  p.index_stride = plan.index_stride;
  p.value_index_stride = plan.value_index_stride;
  p.axis = plan.axis;
  const int nd = sk.outer_nd + sk.inner_nd;
  CUNUM_ASSERT(nd <= static_cast<int>(ParamBlock::kMaxRank));
  for (int d = 0; d < sk.outer_nd; ++d) {
    p.dims[d] = plan.outer_shape[d];
    p.dims[nd + d] = plan.outer_strides[d];
    p.dims[2 * nd + d] = plan.value_outer_strides[d];
  }
  for (int d = 0; d < sk.inner_nd; ++d) {
    p.dims[sk.outer_nd + d] = plan.inner_shape[d];
    p.dims[nd + sk.outer_nd + d] = plan.inner_strides[d];
    p.dims[2 * nd + sk.outer_nd + d] = plan.value_inner_strides[d];
  }
  const unsigned grid = static_cast<unsigned>(std::clamp<int64_t>((n + 255) / 256, 1, int64_t(1) << 30));
  use_device();
  void* args[] = {&p};
  launch_kernel(k, dim3(grid), dim3(256), args, stream());
}

}  // namespace cunum::backend::cuda
