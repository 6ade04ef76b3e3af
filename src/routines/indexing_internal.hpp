// Helpers the indexing routines' files share (not public).
#pragma once
#include <vector>

#include "cunum/indexing.hpp"

namespace cunum {
// a[idx] for basic items only (integers, slices, newaxis, ellipsis): a view.
ndarray basic_index(const ndarray& a, const std::vector<Index>& idx);
// The C-order positions `flat` (int64, 1-d) of an array of `shape`, as one
// coordinate array per dim (NumPy's nonzero layout).
std::vector<ndarray> unravel_positions(const ndarray& flat, const Shape& shape);
// The checks NumPy makes on an index before it converts the value of
// a[idx] = value: the items' types and count, boolean arrays' shapes against
// their axes, integers' bounds. Index arrays' broadcast and bounds come after
// the value's conversion (NumPy's array_assign_subscript), so the Python binding,
// which converts the value itself, calls this when the conversion fails.
void check_index_items(const ndarray& a, const std::vector<Index>& idx);
}  // namespace cunum
