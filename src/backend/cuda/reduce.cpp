// How a reduction plan becomes kernel launches: the strategy (Note [Reduction
// strategies] in kernel_source.hpp), chunk counts and the partials buffer.
#include <algorithm>
#include <cstdlib>
#include <string>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/reduce_chunks.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
constexpr int64_t kMaxGrid = int64_t(1) << 30;  // kernels loop over tasks past the grid
// CUNUM_REDUCE_LONG_ROWS=warp: long rows by warps too (the choice before
// docs/kernel-tuning.md's last step), for measuring.
bool long_rows_by_warp() {
  static const bool w = [] {
    const char* e = std::getenv("CUNUM_REDUCE_LONG_ROWS");
    return e && std::string(e) == "warp";
  }();
  return w;
}
}  // namespace

void CudaBackend::reduce(core::ReduceId id, const ReducePlan& plan) {
  const int nd = static_cast<int>(plan.out_shape.size());
  const int64_t n_out = plan.outputs();
  if (n_out <= 0) return;
  const DType dtype = plan.in_dtype;  // what the kernels load
  CUNUM_ASSERT(plan.red_shape.size() <= 1);
  const int64_t R = plan.red_shape.empty() ? 1 : plan.red_shape[0];
  const int64_t rs = plan.red_strides.empty() ? 0 : plan.red_strides[0];
  const int64_t isz = static_cast<int64_t>(itemsize(dtype));
  const int64_t sms = sm_count_;
  const auto addr = reinterpret_cast<uintptr_t>(plan.in);

  // See Note [Reduction strategies]. Inner when the reduced run is contiguous,
  // or when neither it nor the outputs are, and the runs are long.
  const bool unit = rs == isz;
  const bool adjacent_outputs = nd > 0 && std::abs(plan.in_strides[nd - 1]) <= 16;
  const bool inner = nd == 0 || unit || (!adjacent_outputs && R >= 4 * n_out && n_out < 1024);
  ReduceMode mode;
  int flags[2] = {0, 0};  // p.value: {16-byte loads allowed (Inner), log2 of the group / tile width}
  int64_t cols = n_out;   // Outer: threads across the outputs
  const int64_t V = reduce_vector_width(dtype);
  if (inner) {
    // Groups of lanes for short rows; a block per row (or chunk) for long
    // rows, whose tasks are then small enough that the last wave is short,
    // and for few rows.
    const bool long_rows = R >= 256 * 4 * reduce_vector_width(dtype) && !long_rows_by_warp();
    mode = n_out >= sms * 16 && !long_rows ? ReduceMode::InnerWarp : ReduceMode::InnerBlock;
    // 16-byte loads need element-aligned rows: every row start then has a
    // 16-byte boundary within its first vector.
    bool vec = unit && isz < 16 && addr % isz == 0;
    for (int d = 0; d < nd && vec; ++d) vec = plan.in_strides[d] % isz == 0;
    flags[0] = vec;
  } else {
    mode = ReduceMode::Outer;
    const int64_t ov = reduce_outer_vector_width(dtype);
    bool vec = ov > 1 && nd > 0 && plan.in_strides[nd - 1] == isz && plan.out_shape[nd - 1] % ov == 0 &&
               addr % (isz * ov) == 0 && rs % (isz * ov) == 0;
    for (int d = 0; d + 1 < nd && vec; ++d) vec = plan.in_strides[d] % (isz * ov) == 0;
    if (vec) mode = ReduceMode::OuterVec, cols = n_out / ov;
    // threads across the outputs: up to 32, fewer for narrow rows (the rest of
    // the block then splits the rows)
    while (flags[1] < 5 && (int64_t(1) << flags[1]) < cols) ++flags[1];
  }
  if (mode == ReduceMode::InnerWarp) {
    // lanes per row: about four vectors each (one unrolled round), up to 32
    const int64_t per_row = ceil_div(R, V * 4);
    while (flags[1] < 5 && (int64_t(1) << flags[1]) < per_row) ++flags[1];
  }
  const int64_t width = int64_t(1) << flags[1];

  const LoadedKernel main = reduce_kernel(id, plan, mode);

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
  p.set_value(flags, sizeof flags);
  void* args[] = {p.bytes.data()};
  launch_reduction(id, plan, {mode, inner, V, width, cols}, main, p, args);
}

LoadedKernel CudaBackend::reduce_kernel(core::ReduceId id, const ReducePlan& plan, ReduceMode m) {
  // Note [Kernel cache keys]: the mode and the output dtype above the common fields.
  const int nd = static_cast<int>(plan.out_shape.size());
  const uint64_t k = key(Family::Reduce, static_cast<int>(id), plan.in_dtype, plan.loop_dtype, nd, false) |
                     uint64_t(m) << 44 | uint64_t(plan.out_dtype) << 48;
  return kernel(k, [&] { return reduce_source(id, plan.in_dtype, plan.loop_dtype, plan.out_dtype, nd, m); });
}

void CudaBackend::launch_reduction(core::ReduceId id, const ReducePlan& plan, const ReduceStrategy& s,
                                   const LoadedKernel& main, ParamBlock& p, void** args) {
  const int64_t n_out = plan.outputs();
  const int64_t R = plan.red_shape.empty() ? 1 : plan.red_shape[0];
  // Resident blocks of 256 threads per SM for this kernel (its registers decide).
  const int64_t per_sm = main.blocks_per_sm > 0 ? main.blocks_per_sm : 4;
  const ReduceChunks ch = reduce_chunks(s, R, n_out, sm_count_, per_sm);
  const int64_t C = ch.C;
  const bool outer_parts = !s.inner;
  p.set_aux(0, static_cast<double>(C));
  p.set_aux(1, static_cast<double>(ch.L));
  // Partials: per output contiguous (Inner) or per chunk contiguous (Outer:
  // then FinalThread reads them coalesced).
  p.set_aux(2, static_cast<double>(outer_parts ? 1 : C));
  p.set_aux(3, static_cast<double>(outer_parts ? n_out : 1));
  void* parts = C > 1 ? allocate(static_cast<size_t>(n_out * C) * reduce_partial_bytes(id, plan.loop_dtype)) : nullptr;
  p.set_data(2, parts);
  use_device();
  const int64_t tasks = ch.tasks0 * C;
  const unsigned grid = static_cast<unsigned>(std::min(ceil_div(tasks, ch.tasks_per_block), kMaxGrid));
  launch_kernel(main, dim3(grid), dim3(256), args, stream());
  if (C > 1) {
    // Few partials per output: a thread each; many (few outputs): a block
    // each. The fused reductions' partials have the same layout: these
    // kernels merge them too.
    const ReduceMode fm = C <= 64 ? ReduceMode::FinalThread : ReduceMode::FinalBlock;
    const int64_t g2 = fm == ReduceMode::FinalThread ? ceil_div(n_out, 256) : n_out;
    void* fargs[] = {p.bytes.data()};
    launch_kernel(reduce_kernel(id, plan, fm), dim3(static_cast<unsigned>(std::min(g2, kMaxGrid))), dim3(256), fargs,
                  stream());
    deallocate(parts, 0);
  }
}

}  // namespace cunum::backend::cuda
