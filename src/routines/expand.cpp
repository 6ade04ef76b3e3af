// Counts to positions on the device (Note [Expanding counts without a scan],
// expand.hpp).
#include "routines/expand.hpp"

#include "core/assign.hpp"
#include <string>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/mathematical.hpp"
#include "cunum/reduction.hpp"
#include "cunum/sorting.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum::detail {

ndarray inclusive_sum(const ndarray& counts) {
  return cumsum(reshape(counts, {counts.size()}), {.dtype = DType::Int64});
}

ndarray expand_positions(const ndarray& ends, int64_t total) {
  // out[j] = #{i : ends[i] <= j}: the right insertion point of j
  return searchsorted(ends, arange(Scalar(0), Scalar(total), Scalar(1), DType::Int64, ends.device()), true);
}

std::vector<int64_t> read_int64(const std::vector<ndarray>& values) {
  std::vector<int64_t> out(values.size());
  if (values.empty()) return out;
  std::vector<ndarray> flat;
  for (const ndarray& v : values) flat.push_back(reshape(v, {1}).astype(DType::Int64, false));
  const ndarray all = flat.size() == 1 ? flat[0] : concatenate(flat, 0);
  all.copy_to_host(out.data());
  return out;
}

ndarray true_positions(const ndarray& mask) {
  const ndarray ends = inclusive_sum(mask);
  const int64_t total = ends.size() ? read_int64({index(ends, {Index(-1)})})[0] : 0;
  return expand_positions(ends, total);
}

Shape iterator_shape(const std::vector<Shape>& shapes) {
  try {
    return broadcast_shapes(shapes);
  } catch (const ValueError&) {
    std::string m = "operands could not be broadcast together with shapes ";
    for (const Shape& s : shapes) {
      m += "(";
      for (size_t i = 0; i < s.size(); ++i) m += (i ? "," : "") + std::to_string(s[i]);
      m += s.size() == 1 ? ",) " : ") ";
    }
    throw ValueError(m);
  }
}

}  // namespace cunum::detail
