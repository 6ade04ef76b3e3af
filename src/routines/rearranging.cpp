// Rearranging elements (NumPy's "Rearranging elements"): flips and rotations
// are views with negative strides, as in NumPy (roll, a copy, is in
// manipulation.cpp).
#include <cstdlib>
#include <string>
#include <vector>

#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"

namespace cunum {

ndarray flip(const ndarray& a, std::optional<std::vector<int64_t>> axis) {
  const int nd = a.ndim();
  std::vector<Index> key(nd, Index(Slice{}));
  if (!axis) {
    for (int d = 0; d < nd; ++d) key[d] = Slice{{}, {}, -1};
  } else {
    std::vector<bool> seen(nd, false);
    for (int64_t x : *axis) {
      const int d = normalize_axis(x, nd);
      if (seen[d]) throw ValueError("repeated axis");
      seen[d] = true;
      key[d] = Slice{{}, {}, -1};
    }
  }
  return index(a, key);
}

ndarray fliplr(const ndarray& a) {
  if (a.ndim() < 2) throw ValueError("Input must be >= 2-d.");
  return flip(a, std::vector<int64_t>{1});
}

ndarray flipud(const ndarray& a) {
  if (a.ndim() < 1) throw ValueError("Input must be >= 1-d.");
  return flip(a, std::vector<int64_t>{0});
}

ndarray rot90(const ndarray& a, int64_t k, const std::vector<int64_t>& axes) {
  if (axes.size() != 2) throw ValueError("len(axes) must be 2.");
  const int nd = a.ndim();
  if (axes[0] == axes[1] || std::llabs(axes[0] - axes[1]) == nd) throw ValueError("Axes must be different.");
  if (axes[0] >= nd || axes[0] < -nd || axes[1] >= nd || axes[1] < -nd)
    throw ValueError("Axes=(" + std::to_string(axes[0]) + ", " + std::to_string(axes[1]) +
                     ") out of range for array of ndim=" + std::to_string(nd) + ".");
  k = ((k % 4) + 4) % 4;
  const int a0 = normalize_axis(axes[0], nd), a1 = normalize_axis(axes[1], nd);
  if (k == 0) return index(a, {Index(Slice{})});
  if (k == 2) return flip(flip(a, std::vector<int64_t>{a0}), std::vector<int64_t>{a1});
  std::vector<int64_t> perm(nd);
  for (int d = 0; d < nd; ++d) perm[d] = d;
  std::swap(perm[a0], perm[a1]);
  if (k == 1) return transpose(flip(a, std::vector<int64_t>{a1}), perm);
  return flip(transpose(a, perm), std::vector<int64_t>{a1});
}

}  // namespace cunum
