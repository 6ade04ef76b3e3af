// CPU instantiations of the Sum, NanSum and Moment kinds (sum, prod, nansum, nanprod, moment2 ...) (Note [CPU reduction loops] in
// reduce_loops.hpp): every row of CUNUM_FOR_EACH_REDUCTION of those kinds,
// over every loop dtype.
#include "backend/cpu/reduce_loops.hpp"

namespace cunum::backend::cpu {

void reduce_sum_kinds(core::ReduceId id, const ReducePlan& plan, const FusedSource* fz) {
  switch (id) {
#define CUNUM_ONLY_Sum(name) CUNUM_CPU_REDUCE_CASE(name)
#define CUNUM_ONLY_NanSum(name) CUNUM_CPU_REDUCE_CASE(name)
#define CUNUM_ONLY_Extremum(name)
#define CUNUM_ONLY_Truth(name)
#define CUNUM_ONLY_Arg(name)
#define CUNUM_ONLY_Moment(name) CUNUM_CPU_REDUCE_CASE(name)
#define CUNUM_X(name, ufunc, kind, method) CUNUM_ONLY_##kind(name)
    CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
    default: break;
  }
  CUNUM_ASSERT(false && "not a reduction of these kinds");
}

}  // namespace cunum::backend::cpu
