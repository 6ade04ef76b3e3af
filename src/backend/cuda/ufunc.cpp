// How a ufunc plan becomes a kernel launch: the vectorized contiguous path or
// the strided n-d loop (kernel_source.hpp).
#include <algorithm>
#include <cstdlib>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/tuning.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
// Vectors per operand per thread in the contiguous kernel. One: on the H100,
// 2 and 4 measured 0.5-1 % slower (docs/kernel-tuning.md); what mattered was
// a block per tile instead of a grid-stride loop. CUNUM_UFUNC_UNROLL (1-8)
// overrides it, for measuring.
int contiguous_unroll() {
  static const int u = env_int("CUNUM_UFUNC_UNROLL", 1, 8, 1);
  return u;
}
}  // namespace

// Note [Ufunc kernel keys]
// Everything a ufunc kernel's source depends on, in 64 bits: the family, the
// ufunc and its loop, the four operand dtypes (Note [Operand dtypes]), rank,
// index width, the scalar operand, and for the contiguous kernel its vector
// width and unroll.
uint64_t CudaBackend::ufunc_key(const core::UfuncDef& def, int loop, const DType* dt, int nd, bool index32,
                                int scalar_op, int vec, int unroll) {
  uint64_t k = uint64_t(Family::Ufunc) | uint64_t(def.index) << 8 | uint64_t(loop) << 16;
  for (int i = 0; i < def.nin + def.nout; ++i) k |= uint64_t(dt[i]) << (24 + 4 * i);
  return k | uint64_t(nd) << 40 | uint64_t(index32) << 47 | uint64_t(scalar_op + 1) << 48 | uint64_t(vec) << 50 |
         uint64_t(unroll) << 55;
}

void CudaBackend::ufunc(const core::UfuncDef& def, int loop, const LoopPlan& plan) {
  const int nd = static_cast<int>(plan.shape.size());
  const int sop = plan.scalar_op;
  const DType* dt = plan.dtypes.data();
  // Contiguous fast path: one dimension, unit strides, pointers aligned to
  // the vector width of the widest operand.
  if (nd == 1) {
    size_t widest = 1;
    for (int k = 0; k < plan.nops; ++k)
      if (k != sop) widest = std::max(widest, itemsize(dt[k]));
    const int vec = static_cast<int>(std::max<size_t>(1, 16 / widest));
    bool ok = vec > 1;
    for (int k = 0; k < plan.nops && ok; ++k) {
      if (k == sop) continue;
      const size_t isz = itemsize(dt[k]);
      ok = plan.strides[k][0] == static_cast<int64_t>(isz) &&
           reinterpret_cast<uintptr_t>(plan.data[k]) % (isz * vec) == 0;
    }
    if (ok) {
      if (plan.size() == 0) return;
      const int unroll = contiguous_unroll();
      LoadedKernel k = kernel(ufunc_key(def, loop, dt, 0, true, sop, vec, unroll),
                              [&] { return ufunc_contiguous_source(def, loop, dt, vec, unroll, sop); });
      ParamBlock p(0);
      for (int j = 0; j < plan.nops; ++j) p.set_data(j, plan.data[j]);
      p.set_n(plan.size());
      if (sop >= 0) p.set_value(plan.scalar, sizeof plan.scalar);
      // A block per tile of 256 * unroll vectors (no grid-stride rounds: the
      // hardware hands tiles to SMs as they free up); the kernel still loops
      // should the tile count pass the grid limit.
      const int64_t tiles = (plan.size() / vec + 256 * unroll - 1) / (256 * unroll);
      use_device();
      void* args[] = {p.bytes.data()};
      const unsigned grid = static_cast<unsigned>(std::clamp<int64_t>(tiles, 1, int64_t(1) << 30));
      launch_kernel(k, dim3(grid), dim3(256), args, stream());
      return;
    }
  }
  LoadedKernel k = kernel(ufunc_key(def, loop, dt, nd, plan.index32, sop, 0, 0),
                          [&] { return ufunc_source(def, loop, dt, nd, plan.index32, sop); });
  ParamBlock p = plan_params(plan);
  if (sop >= 0) p.set_value(plan.scalar, sizeof plan.scalar);
  launch_plan(k, plan, p);
}

}  // namespace cunum::backend::cuda
