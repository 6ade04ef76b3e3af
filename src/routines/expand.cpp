// Counts to positions on the device (Note [Expanding counts without a scan],
// expand.hpp).
#include "routines/expand.hpp"

#include "core/assign.hpp"
#include <string>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum::detail {

ndarray inclusive_sum(const ndarray& counts) {
  ndarray c = counts.astype(DType::Int64, true);
  const int64_t n = c.size();
  for (int64_t k = 1; k < n; k *= 2) {
    // c[k:] += c[:-k], through a temporary (the two slices overlap).
    const ndarray hi = index(c, {Index(Slice{k, {}, {}})});
    const ndarray lo = index(c, {Index(Slice{{}, n - k, {}})});
    core::assign(hi, add(hi, lo));
  }
  return c;
}

ndarray expand_positions(const ndarray& ends, int64_t total) {
  const Device dev = ends.device();
  const int64_t n = ends.size();
  ndarray pos = zeros({total}, DType::Int64, dev);
  if (total == 0 || n <= 1) return pos;
  const ndarray j = arange(Scalar(0), Scalar(total), Scalar(1), DType::Int64, dev);
  ndarray probe = empty({total}, DType::Int64, dev), value = empty({total}, DType::Int64, dev);
  ndarray hit = empty({total}, DType::Bool, dev);
  int64_t step = 1;
  while (step * 2 <= n) step *= 2;
  // Binary lifting: pos grows by `step` while ends[pos + step - 1] <= j. A
  // probe past the end is clipped to ends[n - 1] == total, which no j reaches.
  for (; step >= 1; step /= 2) {
    add(pos, Scalar(step - 1), {.out = probe});
    take(ends, probe, 0, value, ClipMode::Clip);
    less_equal(value, j, {.out = hit});
    add(pos, multiply(hit, Scalar(step)), {.out = pos});
  }
  return pos;
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
