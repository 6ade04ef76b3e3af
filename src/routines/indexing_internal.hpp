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
}  // namespace cunum
