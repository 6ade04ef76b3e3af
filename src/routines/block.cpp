// NumPy's block (NumPy's "Joining arrays"): nested lists of arrays joined
// from the inside out by concatenate, with NumPy's checks of the nesting.
#include <algorithm>
#include <string>
#include <vector>

#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"

namespace cunum {

namespace {

// The position of a block in the nesting, as NumPy prints it ("arrays[0][1]");
// an empty list ends its position with -1 (not printed).
using Position = std::vector<int64_t>;

std::string where(const Position& ix) {
  std::string s = "arrays";
  for (int64_t i : ix)
    if (i >= 0) s += "[" + std::to_string(i) + "]";
  return s;
}

struct Depths {
  Position first;  // the first deepest leaf (or empty list)
  int ndim = 0;    // the largest ndim of a leaf
};

// NumPy's _block_check_depths_match: every leaf at the same depth; an empty
// list counts as a leaf one level down.
Depths depths(const Block& b, const Position& index) {
  if (b.array) return {index, b.array->ndim()};
  if (b.items.empty()) {
    Position ix = index;
    ix.push_back(-1);
    return {ix, 0};
  }
  Depths r;
  for (size_t i = 0; i < b.items.size(); ++i) {
    Position ix = index;
    ix.push_back(static_cast<int64_t>(i));
    Depths d = depths(b.items[i], ix);
    if (i == 0) {
      r = d;
      continue;
    }
    r.ndim = std::max(r.ndim, d.ndim);
    if (d.first.size() != r.first.size())
      throw ValueError("List depths are mismatched. First element was at depth " + std::to_string(r.first.size()) +
                       ", but there is an element at depth " + std::to_string(d.first.size()) + " (" +
                       where(d.first) + ")");
    if (d.first.back() < 0) r.first = d.first;  // an empty list is reported first
  }
  return r;
}

ndarray join(const Block& b, size_t level, size_t depth, int ndim) {
  if (level == depth) {
    const ndarray& x = *b.array;
    if (x.ndim() >= ndim) return x;
    Shape s(static_cast<size_t>(ndim - x.ndim()), 1);
    s.insert(s.end(), x.shape().begin(), x.shape().end());
    return reshape(x, s);
  }
  std::vector<ndarray> parts;
  parts.reserve(b.items.size());
  for (const Block& item : b.items) parts.push_back(join(item, level + 1, depth, ndim));
  return concatenate(parts, -static_cast<int64_t>(depth - level));
}

}  // namespace

ndarray block(const Block& arrays) {
  const Depths d = depths(arrays, {});
  const size_t depth = d.first.size();
  if (depth && d.first.back() < 0) throw ValueError("List at " + where(d.first) + " cannot be empty");
  const int ndim = std::max(d.ndim, static_cast<int>(depth));
  const ndarray r = join(arrays, 0, depth, ndim);
  return depth == 0 ? r.copy() : r;
}

}  // namespace cunum
