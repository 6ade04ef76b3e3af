// cunum/mathematical.hpp — routines of NumPy's "Mathematical functions"
// chapter beyond the ufuncs: the sums and products along an axis (scans).
//
//   auto c = cunum::cumsum(x);                                  // x flattened
//   auto r = cunum::cumsum(m, {.axis = 1, .dtype = DType::Float64});
//   auto i = cunum::cumulative_sum(v, {}, /*include_initial=*/true);  // [0, v0, v0 + v1, ...]
#pragma once
#include <optional>

#include "ndarray.hpp"

namespace cunum {

struct ScanOptions {
  std::optional<int64_t> axis;  // nullopt: cumsum & co. flatten (C order); cumulative_* need 1-d
  std::optional<DType> dtype;   // the accumulation (and result) dtype
  std::optional<ndarray> out;   // written with unsafe casting, as NumPy's accumulate does
};

// NumPy's cumsum and cumprod: inclusive running sums and products along an
// axis. Without dtype=, bool and integers narrower than 64 bits accumulate
// in int64 (unsigned: uint64), like sum; with out= alone, in
// promote_types(out, a).
ndarray cumsum(const ndarray& a, const ScanOptions& o = {});
ndarray cumprod(const ndarray& a, const ScanOptions& o = {});
// The same with NaN taken as 0 (nancumsum) or 1 (nancumprod).
ndarray nancumsum(const ndarray& a, const ScanOptions& o = {});
ndarray nancumprod(const ndarray& a, const ScanOptions& o = {});
// The array API's forms: `axis` may be omitted only for 1-d (or 0-d) input;
// include_initial puts the identity (0 or 1) first, one more element along
// the axis.
ndarray cumulative_sum(const ndarray& a, const ScanOptions& o = {}, bool include_initial = false);
ndarray cumulative_prod(const ndarray& a, const ScanOptions& o = {}, bool include_initial = false);

}  // namespace cunum
