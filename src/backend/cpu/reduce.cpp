// CPU reductions: the dispatch over the reduction table, the Truth kind's
// instantiations and the dtype converters (Note [CPU reduction loops] in
// reduce_loops.hpp).
#include "backend/cpu/reduce_loops.hpp"

namespace cunum::backend::cpu {

namespace {
template <class To, class From> void convert_n(const char* src, int64_t ss, char* dst, int64_t ds, int64_t n) {
  if (ss == sizeof(From) && ds == sizeof(To)) {
    const From* a = reinterpret_cast<const From*>(src);
    To* o = reinterpret_cast<To*>(dst);
    for (int64_t i = 0; i < n; ++i) o[i] = convert<To>(a[i]);
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    *reinterpret_cast<To*>(dst + i * ds) = convert<To>(*reinterpret_cast<const From*>(src + i * ss));
}
}  // namespace

ConvertFn converter(DType from, DType to) {
  return dispatch(from, [&](auto f) {
    return dispatch(to, [&](auto t) -> ConvertFn {
      return &convert_n<typename decltype(t)::type, typename decltype(f)::type>;
    });
  });
}

namespace {
void reduce_any(core::ReduceId id, const ReducePlan& plan, const FusedSource* fz) {
  if (plan.outputs() <= 0) return;
  switch (core::reduce_info(id).kind) {
    case core::ReduceKind::Sum:
    case core::ReduceKind::NanSum:
    case core::ReduceKind::Moment: reduce_sum_kinds(id, plan, fz); return;
    case core::ReduceKind::Extremum:
    case core::ReduceKind::Arg: reduce_extremum_kinds(id, plan, fz); return;
    case core::ReduceKind::Truth: break;
  }
  switch (id) {
#define CUNUM_ONLY_Truth(name) CUNUM_CPU_REDUCE_CASE(name)
#define CUNUM_ONLY_Sum(name)
#define CUNUM_ONLY_NanSum(name)
#define CUNUM_ONLY_Extremum(name)
#define CUNUM_ONLY_Arg(name)
#define CUNUM_ONLY_Moment(name)
#define CUNUM_X(name, ufunc, kind, method) CUNUM_ONLY_##kind(name)
    CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
    default: break;
  }
  CUNUM_ASSERT(false && "a reduction without a CPU loop");
}
}  // namespace

void CpuBackend::reduce(core::ReduceId id, const ReducePlan& plan) { reduce_any(id, plan, nullptr); }

// Note [Fused reduction plans]: the reduction loops with the map as their
// element source (Note [CPU reduction loops]).
bool CpuBackend::fused_reduce(core::ReduceId id, const FusedReducePlan& plan) {
  if (plan.map.nin + 1 > kMaxFusedOperands || plan.map.nout != 1) return false;
  FusedSource fz{this, &plan};
  reduce_any(id, plan.red, &fz);
  return true;
}

}  // namespace cunum::backend::cpu
