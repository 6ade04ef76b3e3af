// How a fused plan becomes one kernel launch (Note [Fused kernels]).
#include <algorithm>

#include "backend/cuda/cuda_backend.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

bool CudaBackend::fused(const FusedPlan& plan) {
  const int nd = static_cast<int>(plan.shape.size());
  const int nops = plan.nin + plan.nout;
  if (nd > kMaxFusedRank || nops > kMaxFusedOperands || plan.nscalars > kMaxFusedScalars) return false;
  const int64_t n = plan.size();
  if (n == 0) return true;
  // The contiguous path: one dim, unit strides, every pointer aligned to the
  // vector of the widest operand (16 bytes).
  int vec = 0;
  if (nd == 1) {
    size_t widest = 1;
    for (int k = 0; k < nops; ++k) widest = std::max(widest, itemsize(plan.dtypes[k]));
    const int v = static_cast<int>(std::max<size_t>(1, 16 / widest));
    bool ok = true;
    for (int k = 0; k < nops && ok; ++k) {
      const size_t isz = itemsize(plan.dtypes[k]);
      ok = plan.strides[k][0] == static_cast<int64_t>(isz) && reinterpret_cast<uintptr_t>(plan.data[k]) % (isz * v) == 0;
    }
    if (ok) vec = v;
  }
  // Note [Fused kernel keys]: the planner's hash of the steps and dtypes,
  // with the rank, index width and vector width mixed in.
  uint64_t h = plan.key ^ (uint64_t(nd) * 0x9E3779B97F4A7C15ull) ^ (uint64_t(plan.index32) << 61) ^
               (uint64_t(vec) * 0xC2B2AE3D27D4EB4Full);
  const uint64_t key = uint64_t(Family::Fused) | (h << 8);
  LoadedKernel k = kernel(key, [&] { return fused_source(plan, vec > 0 ? 0 : nd, plan.index32, vec); });
  FusedParams p;
  for (int s = 0; s < plan.nscalars; ++s) std::copy(plan.scalars[s].begin(), plan.scalars[s].end(), p.scalars[s]);
  for (int j = 0; j < nops; ++j) p.data[j] = plan.data[j];
  p.n = n;
  if (vec == 0)
    for (int d = 0; d < nd; ++d) {
      p.dims[d] = plan.shape[d];
      for (int j = 0; j < nops; ++j) p.dims[nd + j * nd + d] = plan.strides[j][d];
    }
  const int64_t units = vec > 0 ? std::max<int64_t>(n / vec, 1) : n;
  const unsigned grid = static_cast<unsigned>(std::clamp<int64_t>((units + 255) / 256, 1, int64_t(1) << 30));
  use_device();
  void* args[] = {&p};
  launch_kernel(k, dim3(grid), dim3(256), args, stream());
  return true;
}

}  // namespace cunum::backend::cuda
