// How a fused reduction plan becomes kernel launches (Note [Fused reduction
// kernels]): the strategy, chunks and partials of CudaBackend::reduce
// (reduce.cpp, Note [Reduction strategies]) with every input's strides.
#include <algorithm>
#include <cstdlib>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/reduce_chunks.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xFF51AFD7ED558CCDull;
}
}  // namespace

// Note [Fused reductions on the GPU]
// The H100 run of stop 21 found this path wrong for int8 (`max`/`min`/`mean`
// of a pending `x - y`: 4 for NumPy's 10); stop 22 traced it to the compiler
// (Note [Signed byte lanes] in cunum/kernels/convert.hpp), fixed there, and
// turned the path back on. CUNUM_FUSED_REDUCE_GPU=0 turns it off (the core
// then writes the graph's value and runs the plain reduction): a switch to
// compare the two paths, or to step around a kernel that misbehaves. Zero
// signs of complex products and of max/min over zeros of both signs follow
// the kernel's order, as the plain GPU reductions' do (docs/fusion.md).
static bool fused_reduce_on() {
  static const bool on = [] {
    const char* e = std::getenv("CUNUM_FUSED_REDUCE_GPU");
    return !(e && std::string(e) == "0");
  }();
  return on;
}

bool CudaBackend::fuses_reductions() const { return fused_reduce_on(); }

bool CudaBackend::fused_reduce(core::ReduceId id, const FusedReducePlan& fp) {
  if (!fused_reduce_on()) return false;
  const FusedPlan& map = fp.map;
  const ReducePlan& plan = fp.red;
  const int nin = map.nin;
  const int nd = static_cast<int>(plan.out_shape.size());
  if (nd > kMaxFusedRank || nin + 1 > kMaxFusedOperands || nin < 1 || map.nout != 1 ||
      map.nscalars > kMaxFusedScalars || plan.red_shape.size() > 1)
    return false;
  const int64_t n_out = plan.outputs();
  if (n_out <= 0) return true;
  const int64_t R = plan.red_shape.empty() ? 1 : plan.red_shape[0];
  const int64_t sms = sm_count_;
  const int64_t V = fused_reduce_vector_width(map);

  // The reduced run contiguous in every input (unit stride in its own
  // items), and aligned rows: every row start of input k a multiple of V
  // items (16 bytes for the widest).
  bool unit = true;
  bool vec = true;
  bool adjacent_outputs = nd > 0;
  for (int k = 0; k < nin; ++k) {
    const int64_t isz = static_cast<int64_t>(itemsize(map.dtypes[k]));
    const bool u = fp.red_strides[k] == isz;
    unit = unit && u;
    vec = vec && u && reinterpret_cast<uintptr_t>(map.data[k]) % (isz * V) == 0;
    for (int d = 0; d < nd && vec; ++d) vec = map.strides[k][d] % (isz * V) == 0;
    if (nd > 0) adjacent_outputs = adjacent_outputs && std::abs(map.strides[k][nd - 1]) <= 16;
  }
  const bool inner = nd == 0 || unit || (!adjacent_outputs && R >= 4 * n_out && n_out < 1024);
  vec = vec && inner && unit;
  ReduceMode mode;
  int flags[2] = {0, 0};  // p.value: {unused, log2 of the group / tile width}
  if (inner) {
    const bool long_rows = R >= 256 * 4 * V;
    mode = n_out >= sms * 16 && !long_rows ? ReduceMode::InnerWarp : ReduceMode::InnerBlock;
  } else {
    mode = ReduceMode::Outer;
    while (flags[1] < 5 && (int64_t(1) << flags[1]) < n_out) ++flags[1];
  }
  if (mode == ReduceMode::InnerWarp) {
    const int64_t per_row = ceil_div(R, V * 4);
    while (flags[1] < 5 && (int64_t(1) << flags[1]) < per_row) ++flags[1];
  }
  const int64_t width = int64_t(1) << flags[1];

  // Note [Fused kernel keys]: the map's hash with everything else the
  // source depends on.
  uint64_t h = mix(map.key, 0xF05EDull);
  h = mix(mix(mix(mix(h, static_cast<int>(id)), static_cast<int>(plan.in_dtype)), static_cast<int>(plan.loop_dtype)),
          static_cast<int>(plan.out_dtype));
  h = mix(mix(mix(h, nd), static_cast<int>(mode)), vec);
  const LoadedKernel main = kernel(uint64_t(Family::FusedReduce) | (h << 8), [&] {
    return fused_reduce_source(id, map, plan.in_dtype, plan.loop_dtype, plan.out_dtype, nd, mode, vec);
  });

  ParamBlock p(nd);
  for (int d = 0; d < nd; ++d) {
    p.set_shape(d, plan.out_shape[d]);
    p.set_stride(1, d, plan.out_strides[d]);
  }
  p.set_data(1, plan.out);
  p.set_n(n_out);
  p.set_iaux(0, R);
  p.set_value(flags, sizeof flags);
  FusedReduceParams f;
  const int w = nd > 0 ? nd : 1;
  for (int s = 0; s < map.nscalars; ++s) std::copy(map.scalars[s].begin(), map.scalars[s].end(), f.scalars[s]);
  for (int k = 0; k < nin; ++k) {
    f.data[k] = map.data[k];
    f.red[k] = fp.red_strides[k];
    for (int d = 0; d < nd; ++d) f.strides[k * w + d] = map.strides[k][d];
  }
  void* args[] = {p.bytes.data(), &f};
  // Chunks, partials and the Final pass as CudaBackend::reduce's (Outer: a
  // column per output, no OuterVec).
  launch_reduction(id, plan, {mode, inner, V, width, n_out}, main, p, args);
  return true;
}

}  // namespace cunum::backend::cuda
