// Splitting arrays (NumPy's "Splitting arrays"): every piece is a view of the
// input, as in NumPy.
#include <string>
#include <vector>

#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"

namespace cunum {

namespace {
std::vector<ndarray> pieces(const ndarray& a, const std::vector<int64_t>& bounds, int ax) {
  std::vector<ndarray> r;
  std::vector<Index> key(a.ndim(), Index(Slice{}));
  for (size_t i = 0; i + 1 < bounds.size(); ++i) {
    key[ax] = Slice{bounds[i], bounds[i + 1], {}};
    r.push_back(index(a, key));
  }
  return r;
}
}  // namespace

// Division points are taken as slice bounds (clamped, possibly decreasing
// into empty pieces), as NumPy's array_split does.
std::vector<ndarray> array_split(const ndarray& a, const SplitSpec& spec, int64_t axis) {
  const int ax = normalize_axis(axis, a.ndim());
  const int64_t n = a.shape()[ax];
  std::vector<int64_t> bounds{0};
  if (spec.indices) {
    // Each piece is the slice a[b_i:b_i+1] along the axis: bounds past the
    // end clamp, negative ones count from the end, decreasing ones give
    // empty pieces (NumPy's array_split).
    for (int64_t i : *spec.indices) bounds.push_back(i);
    bounds.push_back(n);
    return pieces(a, bounds, ax);
  }
  const int64_t sections = spec.sections;
  if (sections <= 0) throw ValueError("number sections must be larger than 0.");
  const int64_t each = n / sections, extra = n % sections;
  for (int64_t i = 0; i < sections; ++i) bounds.push_back(bounds.back() + each + (i < extra ? 1 : 0));
  return pieces(a, bounds, ax);
}

std::vector<ndarray> split(const ndarray& a, const SplitSpec& spec, int64_t axis) {
  if (!spec.indices) {
    const int ax = normalize_axis(axis, a.ndim());
    // NumPy's order: its N % sections comes first (sections=0 is Python's
    // ZeroDivisionError), then array_split refuses a negative count.
    if (spec.sections == 0) throw ZeroDivisionError("integer modulo by zero");
    if (a.shape()[ax] % spec.sections != 0) throw ValueError("array split does not result in an equal division");
  }
  return array_split(a, spec, axis);
}

std::vector<ndarray> hsplit(const ndarray& a, const SplitSpec& spec) {
  if (a.ndim() == 0) throw ValueError("hsplit only works on arrays of 1 or more dimensions");
  return split(a, spec, a.ndim() > 1 ? 1 : 0);
}
std::vector<ndarray> vsplit(const ndarray& a, const SplitSpec& spec) {
  if (a.ndim() < 2) throw ValueError("vsplit only works on arrays of 2 or more dimensions");
  return split(a, spec, 0);
}
std::vector<ndarray> dsplit(const ndarray& a, const SplitSpec& spec) {
  if (a.ndim() < 3) throw ValueError("dsplit only works on arrays of 3 or more dimensions");
  return split(a, spec, 2);
}

std::vector<ndarray> unstack(const ndarray& a, int64_t axis) {
  if (a.ndim() == 0) throw ValueError("Input array must be at least 1-d.");
  const int ax = normalize_axis(axis, a.ndim(), "source");  // NumPy's moves the axis first
  std::vector<ndarray> r;
  std::vector<Index> key(a.ndim(), Index(Slice{}));
  for (int64_t i = 0; i < a.shape()[ax]; ++i) {
    key[ax] = Index(i);
    r.push_back(index(a, key));
  }
  return r;
}

}  // namespace cunum
