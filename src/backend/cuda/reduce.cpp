// How a reduction plan becomes kernel launches: the strategy (Note [Reduction
// strategies] in kernel_source.hpp), chunk counts and the partials buffer.
#include <algorithm>

#include "backend/cuda/cuda_backend.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

void CudaBackend::reduce(core::ReduceId id, DType dtype, const ReducePlan& plan) {
  const int nd = static_cast<int>(plan.out_shape.size());
  int64_t n_out = 1;
  for (int64_t s : plan.out_shape) n_out *= s;
  if (n_out <= 0) return;
  CUNUM_ASSERT(plan.red_shape.size() <= 1);
  const int64_t R = plan.red_shape.empty() ? 1 : plan.red_shape[0];
  const int64_t rs = plan.red_strides.empty() ? 0 : plan.red_strides[0];
  const bool inner = rs == static_cast<int64_t>(itemsize(dtype)) || R <= 32;
  const int64_t sms = sm_count_;

  // See Note [Reduction strategies]: pick the mode and the number of chunks C.
  ReduceMode mode;
  int64_t C = 1;
  if (inner) {
    if (n_out >= sms * 4 || R < 8192) {
      mode = ReduceMode::Block;
    } else {
      mode = ReduceMode::BlockPartial;
      C = std::min<int64_t>({4096, (sms * 16 + n_out - 1) / n_out, (R + 2047) / 2048});
    }
  } else {
    const int64_t want_threads = sms * 2048;
    C = std::min<int64_t>({256, std::max<int64_t>(1, want_threads / n_out), std::max<int64_t>(1, R / 16)});
    mode = C > 1 ? ReduceMode::ThreadPartial : ReduceMode::Thread;
  }
  if (mode == ReduceMode::BlockPartial && C <= 1) mode = ReduceMode::Block, C = 1;
  const int64_t L = (R + C - 1) / C;

  auto get = [&](ReduceMode m) {
    return kernel(key(Family::Reduce, static_cast<int>(id) | static_cast<int>(m) << 4, dtype, dtype, nd, false),
                  [&] { return reduce_source(id, dtype, nd, m); });
  };
  ParamBlock p(nd);
  for (int d = 0; d < nd; ++d) {
    p.set_shape(d, plan.out_shape[d]);
    p.set_stride(0, d, plan.in_strides[d]);
    p.set_stride(1, d, plan.out_strides[d]);
  }
  p.set_data(0, plan.in);
  p.set_data(1, plan.out);
  p.set_n(n_out);
  p.set_iaux(0, R);
  p.set_iaux(1, rs);
  p.set_aux(0, static_cast<double>(C));
  p.set_aux(1, static_cast<double>(L));
  const bool partial = mode == ReduceMode::BlockPartial || mode == ReduceMode::ThreadPartial;
  void* parts = partial ? allocate(static_cast<size_t>(n_out * C) * 32) : nullptr;
  p.set_data(2, parts);
  use_device();
  void* args[] = {p.bytes.data()};
  const int64_t tasks = n_out * C;
  const bool per_thread = mode == ReduceMode::Thread || mode == ReduceMode::ThreadPartial;
  const unsigned grid = static_cast<unsigned>(
      per_thread ? std::min<int64_t>((tasks + 255) / 256, sms * 64) : std::min<int64_t>(tasks, sms * 64));
  launch_kernel(get(mode), dim3(grid), dim3(256), args, stream());
  if (partial) {
    const unsigned g2 = static_cast<unsigned>(std::min<int64_t>(n_out, sms * 64));
    launch_kernel(get(ReduceMode::Final), dim3(g2), dim3(256), args, stream());
    deallocate(parts, 0);
  }
}

}  // namespace cunum::backend::cuda
