// cunum/reduction.hpp — reductions. Results are arrays (0-d for a full
// reduction), never host scalars, so nothing forces a device sync.
//
//   auto s = cunum::sum(a);                          // all axes
//   auto r = cunum::sum(a, 1);                       // one axis
//   auto m = cunum::max(a, {.axis = {{0, 2}}, .keepdims = true});
#pragma once
#include <optional>
#include <vector>

#include "ndarray.hpp"

namespace cunum {

struct ReduceOptions {
  std::optional<std::vector<int64_t>> axis;  // nullopt: all axes
  bool keepdims = false;
  std::optional<DType> dtype;                // sum, prod, mean
  std::optional<ndarray> out;
};

ndarray sum(const ndarray& a, const ReduceOptions& o = {});
ndarray prod(const ndarray& a, const ReduceOptions& o = {});
ndarray max(const ndarray& a, const ReduceOptions& o = {});
ndarray min(const ndarray& a, const ReduceOptions& o = {});
ndarray mean(const ndarray& a, const ReduceOptions& o = {});
ndarray any(const ndarray& a, const ReduceOptions& o = {});
ndarray all(const ndarray& a, const ReduceOptions& o = {});
// axis: nullopt flattens. Only one axis (NumPy's rule).
ndarray argmax(const ndarray& a, std::optional<int64_t> axis = {}, bool keepdims = false,
               const std::optional<ndarray>& out = {});
ndarray argmin(const ndarray& a, std::optional<int64_t> axis = {}, bool keepdims = false,
               const std::optional<ndarray>& out = {});

inline ndarray sum(const ndarray& a, int64_t axis) { return sum(a, ReduceOptions{{{axis}}}); }
inline ndarray prod(const ndarray& a, int64_t axis) { return prod(a, ReduceOptions{{{axis}}}); }
inline ndarray max(const ndarray& a, int64_t axis) { return max(a, ReduceOptions{{{axis}}}); }
inline ndarray min(const ndarray& a, int64_t axis) { return min(a, ReduceOptions{{{axis}}}); }
inline ndarray mean(const ndarray& a, int64_t axis) { return mean(a, ReduceOptions{{{axis}}}); }

}  // namespace cunum
