// cunum/statistics.hpp — NumPy's "Statistics" chapter: averages and
// variances, order statistics, histograms, correlating (docs/statistics.md).
// Results are arrays (0-d for a full reduction), never host scalars.
//
//   auto v = cunum::var(a);                              // one pass over a
//   auto s = cunum::std(a, {.axis = {{0, 2}}, .ddof = 1, .keepdims = true});
//   auto w = cunum::var(a, {.where = mask, .mean = m});  // NumPy's keywords
//   auto n = cunum::nanstd(a, {.axis = {{1}}});
//   auto q = cunum::nanmean(a, {.axis = {{0}}});
#pragma once
#include <optional>
#include <vector>

#include "ndarray.hpp"
#include "reduction.hpp"

namespace cunum {

// ---- averages and variances

// var, std, nanvar, nanstd (NumPy 2's keywords; `correction` is ddof).
struct MomentOptions {
  std::optional<std::vector<int64_t>> axis;  // nullopt: all axes
  std::optional<DType> dtype;                // the dtype computed in (and of the result)
  std::optional<ndarray> out;
  double ddof = 0;
  bool keepdims = false;
  std::optional<ndarray> where;  // only these elements (broadcast against a)
  std::optional<ndarray> mean;   // the mean, given (keepdims-shaped): not computed
  bool axis_is_int = false;      // as ReduceOptions::axis_is_int
};

// NumPy's var: the mean of |x - x.mean()|^2 over `axis`, divided by
// max(n - ddof, 0) instead of n. Integers and bool compute in float64, a
// complex input gives its real dtype. One pass over `a` (Note [Variance in
// one pass], cunum/kernels/reductions.hpp) unless where=, mean=, an integer
// dtype= or an integer out= ask for NumPy's two passes, which are then
// reproduced step by step. Errors: AxisError, "duplicate value in 'axis'",
// TypeError for a dtype= `a` cannot be cast to (same_kind).
ndarray var(const ndarray& a, const MomentOptions& o = {});
// sqrt(var(a, o)).
ndarray std(const ndarray& a, const MomentOptions& o = {});
// var and std ignoring NaN: n counts the non-NaN elements of each slice; a
// slice with n - ddof <= 0 gives NaN. Integer input: var and std. dtype= and
// out= must be inexact for an inexact `a` (TypeError, NumPy's message).
ndarray nanvar(const ndarray& a, const MomentOptions& o = {});
ndarray nanstd(const ndarray& a, const MomentOptions& o = {});

// mean with NumPy's where= (the elements where `where` is true; an empty
// selection gives NaN).
ndarray mean(const ndarray& a, const ReduceOptions& o, const std::optional<ndarray>& where);
// NumPy's nanmean: the mean of the non-NaN elements (integers: mean).
ndarray nanmean(const ndarray& a, const ReduceOptions& o = {}, const std::optional<ndarray>& where = {});

}  // namespace cunum
