// How a ufunc plan becomes a kernel launch: the vectorized contiguous path or
// the strided n-d loop (kernel_source.hpp).
#include <algorithm>

#include "backend/cuda/cuda_backend.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

void CudaBackend::ufunc(core::UfuncId id, DType loop, const LoopPlan& plan) {
  const int nd = static_cast<int>(plan.shape.size());
  // Contiguous fast path: one dimension, unit strides, aligned pointers.
  if (nd == 1) {
    const DType out = core::ufunc_out_dtype(id, loop);
    const size_t widest = std::max(itemsize(loop), itemsize(out));
    const int vec = static_cast<int>(std::max<size_t>(1, 16 / widest));
    bool ok = vec > 1;
    for (int k = 0; k < plan.nops && ok; ++k) {
      const size_t isz = k == plan.nops - 1 ? itemsize(out) : itemsize(loop);
      ok = plan.strides[k][0] == static_cast<int64_t>(isz) &&
           reinterpret_cast<uintptr_t>(plan.data[k]) % (isz * vec) == 0;
    }
    if (ok) {
      LoadedKernel k = kernel(key(Family::Ufunc, static_cast<int>(id), loop, loop, 0, true) | uint64_t(vec) << 48,
                              [&] { return ufunc_contiguous_source(id, loop, vec); });
      ParamBlock p(0);
      for (int j = 0; j < plan.nops; ++j) p.set_data(j, plan.data[j]);
      p.set_n(plan.size());
      launch(k, p, (plan.size() + vec - 1) / vec);
      return;
    }
  }
  LoadedKernel k = kernel(key(Family::Ufunc, static_cast<int>(id), loop, loop, nd, plan.index32),
                          [&] { return ufunc_source(id, loop, nd, plan.index32); });
  ParamBlock p = plan_params(plan);
  launch_plan(k, plan, p);
}

}  // namespace cunum::backend::cuda
