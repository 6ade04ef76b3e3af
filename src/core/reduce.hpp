// The reduction planner's entry for routines that choose the dtypes
// themselves (var and std through the Moment rows of the reduction table,
// Note [Variance in one pass] in cunum/kernels/reductions.hpp). The public
// reductions (cunum/reduction.hpp) resolve NumPy's dtype rules first and end
// in the same place.
#pragma once
#include <functional>
#include <optional>
#include <vector>

#include "base/fused_plan.hpp"
#include "cunum/ndarray.hpp"
#include "cunum/reduction.hpp"
#include "cunum/reduction_list.hpp"

namespace cunum::core {

// The dims of `a` that `axis` reduces (nullopt: all), with NumPy's AxisError
// and "duplicate value in 'axis'" ValueError. axis_is_int: NumPy's legacy
// rule that a 0-d input takes an integer axis 0 or -1.
std::vector<bool> reduced_dims(const ndarray& a, const std::optional<std::vector<int64_t>>& axis,
                               bool axis_is_int = false);

// The reduction `id` of `a` over the dims marked in `red`, run in dtype
// `loop` (each element converted in registers), its result allocated in
// `result` or written into `out` (its shape checked as NumPy checks a
// reduction's out=, then any dtype, converted on the way).
ndarray reduce(ReduceId id, const ndarray& a, const std::vector<bool>& red, bool keepdims, DType loop,
               DType result, const std::optional<ndarray>& out = {});

// The reduction `id` of the value of a fused map (Note [Fused reductions]
// in src/core/reduction.cpp): `map` without data (steps, results, scalars,
// key), its inputs broadcastable to `shape`, its value of dtype `value`.
// nullopt where that path does not apply: the caller reduces the value.
std::optional<ndarray> reduce_fused(ReduceId id, const backend::FusedPlan& map, const std::vector<ndarray>& inputs,
                                    const Shape& shape, DType value, const ReduceOptions& o);
// How many reductions reduce_fused has run (cunum::fusion::fused_reduction_count).
uint64_t fused_reduction_count();
// mean's dtype rules over an input of `shape` and dtype `in`, with the sum
// `sum_of` (a fused one, or cunum::sum of an array).
ndarray mean_of(const Shape& shape, DType in, const ReduceOptions& o,
                const std::function<ndarray(const ReduceOptions&)>& sum_of);

}  // namespace cunum::core
