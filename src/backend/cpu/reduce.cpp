// CPU reductions: the dispatch over the reduction table, the Truth kind's
// instantiations and the dtype converters (Note [CPU reduction loops] in
// reduce_loops.hpp).
#include "backend/cpu/bool_bytes.hpp"
#include "backend/cpu/reduce_loops.hpp"

namespace cunum::backend::cpu {

namespace {
template <class To, class From> void convert_n(const char* src, int64_t ss, char* dst, int64_t ds, int64_t n) {
  if (ss == sizeof(From) && ds == sizeof(To)) {
    const Stored<From>* a = reinterpret_cast<const Stored<From>*>(src);  // Note [Bool bytes]
    To* o = reinterpret_cast<To*>(dst);
    for (int64_t i = 0; i < n; ++i) o[i] = convert<To>(value_of<From>(a[i]));
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    *reinterpret_cast<To*>(dst + i * ds) = convert<To>(load_at<From>(src + i * ss));
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
// A plan over bool data as the same plan over its bytes (Note [Bool bytes]).
ReducePlan as_bytes(const ReducePlan& plan) {
  ReducePlan q = plan;
  q.loop_dtype = DType::UInt8;
  if (q.in_dtype == DType::Bool) q.in_dtype = DType::UInt8;
  return q;
}

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
// any/all of bool data read its bytes, each tested against zero (Note [Bool
// bytes]): all<uint8_t> is the same loop without the undefined bool loads.
#define CUNUM_ONLY_Truth(name)                                              \
  case core::ReduceId::name:                                                \
    if (plan.loop_dtype == DType::Bool) {                                   \
      reduce_plan<::cunum::reductions::name<uint8_t>, uint8_t>(as_bytes(plan), fz); \
      return;                                                               \
    }                                                                       \
    dispatch(plan.loop_dtype, [&](auto tag) {                               \
      using T = typename decltype(tag)::type;                               \
      reduce_plan<::cunum::reductions::name<T>, T>(plan, fz);               \
    });                                                                     \
    return;
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
