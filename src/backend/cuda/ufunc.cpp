// How a ufunc plan becomes a kernel launch: the vectorized contiguous path or
// the strided n-d loop (kernel_source.hpp).
#include <algorithm>
#include <cstdlib>

#include "backend/cuda/cuda_backend.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
// Vectors per operand per thread in the contiguous kernel. One: on the H100,
// 2 and 4 measured 0.5-1 % slower (docs/kernel-tuning.md); what mattered was
// a block per tile instead of a grid-stride loop. CUNUM_UFUNC_UNROLL (1-8)
// overrides it, for measuring.
int contiguous_unroll() {
  static const int u = [] {
    const char* e = std::getenv("CUNUM_UFUNC_UNROLL");
    const int v = e ? std::atoi(e) : 0;
    return v >= 1 && v <= 8 ? v : 1;
  }();
  return u;
}
}  // namespace

void CudaBackend::ufunc(core::UfuncId id, DType loop, const LoopPlan& plan) {
  const int nd = static_cast<int>(plan.shape.size());
  // A scalar operand (Note [Scalar operands]) is part of the kernel's key and
  // its value goes in the parameter block.
  const int sop = plan.scalar_op;
  const uint64_t scalar_bits = uint64_t(sop + 1) << 41;
  // Contiguous fast path: one dimension, unit strides, aligned pointers.
  if (nd == 1) {
    const DType out = core::ufunc_out_dtype(id, loop);
    const size_t widest = std::max(itemsize(loop), itemsize(out));
    const int vec = static_cast<int>(std::max<size_t>(1, 16 / widest));
    bool ok = vec > 1;
    for (int k = 0; k < plan.nops && ok; ++k) {
      if (k == sop) continue;
      const size_t isz = k == plan.nops - 1 ? itemsize(out) : itemsize(loop);
      ok = plan.strides[k][0] == static_cast<int64_t>(isz) &&
           reinterpret_cast<uintptr_t>(plan.data[k]) % (isz * vec) == 0;
    }
    if (ok) {
      if (plan.size() == 0) return;
      const int unroll = contiguous_unroll();
      LoadedKernel k = kernel(key(Family::Ufunc, static_cast<int>(id), loop, loop, 0, true) | uint64_t(vec) << 48 |
                                  uint64_t(unroll) << 56 | scalar_bits,
                              [&] { return ufunc_contiguous_source(id, loop, vec, unroll, sop); });
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
  LoadedKernel k = kernel(key(Family::Ufunc, static_cast<int>(id), loop, loop, nd, plan.index32) | scalar_bits,
                          [&] { return ufunc_source(id, loop, nd, plan.index32, sop); });
  ParamBlock p = plan_params(plan);
  if (sop >= 0) p.set_value(plan.scalar, sizeof plan.scalar);
  launch_plan(k, plan, p);
}

}  // namespace cunum::backend::cuda
