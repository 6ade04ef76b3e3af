// cunum/reduction.hpp — reductions. Results are arrays (0-d for a full
// reduction), never host scalars, so nothing forces a device sync.
//
//   auto s = cunum::sum(a);                          // all axes
//   auto r = cunum::sum(a, 1);                       // one axis
//   auto m = cunum::max(a, {.axis = {{0, 2}}, .keepdims = true});
//   auto n = cunum::nansum(a, {.dtype = cunum::DType::Float64});
//   auto i = cunum::argmax(a, 0);                    // one axis, or none (flattened)
//
// One function per row of CUNUM_FOR_EACH_REDUCTION (cunum/reduction_list.hpp):
// sum, prod, max, min, any, all, nansum, nanprod take ReduceOptions; argmax
// and argmin take one optional axis. mean is composed from sum.
#pragma once
#include <optional>
#include <vector>

#include "ndarray.hpp"
#include "reduction_list.hpp"

namespace cunum {

struct ReduceOptions {
  std::optional<std::vector<int64_t>> axis;  // nullopt: all axes
  bool keepdims = false;
  std::optional<DType> dtype;                // the Sum and NanSum kinds (sum, nansum, ...) and mean
  std::optional<ndarray> out;
  // `axis` was given as one integer, not a tuple: NumPy then lets a 0-d input
  // take axis 0 or -1 (a legacy rule that tuples do not get).
  bool axis_is_int = false;
};

#define CUNUM_REDUCTION_DECL_Sum(name)                                   \
  ndarray name(const ndarray& a, const ReduceOptions& o = {});          \
  inline ndarray name(const ndarray& a, int64_t axis) {                  \
    return name(a, ReduceOptions{{{axis}}, false, {}, {}, true});        \
  }
#define CUNUM_REDUCTION_DECL_NanSum(name) CUNUM_REDUCTION_DECL_Sum(name)
#define CUNUM_REDUCTION_DECL_Extremum(name) CUNUM_REDUCTION_DECL_Sum(name)
#define CUNUM_REDUCTION_DECL_Truth(name) CUNUM_REDUCTION_DECL_Sum(name)
// axis: nullopt flattens. Only one axis (NumPy's rule).
#define CUNUM_REDUCTION_DECL_Arg(name)                                                     \
  ndarray name(const ndarray& a, std::optional<int64_t> axis = {}, bool keepdims = false, \
               const std::optional<ndarray>& out = {});
#define CUNUM_REDUCTION_DECL_Moment(name)  // internal: src/core/reduce.hpp
#define CUNUM_X(name, ufunc, kind, method) CUNUM_REDUCTION_DECL_##kind(name)
CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
#undef CUNUM_REDUCTION_DECL_Sum
#undef CUNUM_REDUCTION_DECL_NanSum
#undef CUNUM_REDUCTION_DECL_Extremum
#undef CUNUM_REDUCTION_DECL_Truth
#undef CUNUM_REDUCTION_DECL_Arg
#undef CUNUM_REDUCTION_DECL_Moment

ndarray mean(const ndarray& a, const ReduceOptions& o = {});
inline ndarray mean(const ndarray& a, int64_t axis) { return mean(a, ReduceOptions{{{axis}}, false, {}, {}, true}); }

}  // namespace cunum
