// Helpers the sorting, searching and set routines share (not public).
#pragma once
#include "cunum/ndarray.hpp"

namespace cunum::detail {
// out[..., j, ...] = a[..., idx[..., j, ...], ...] along `axis` (idx int64,
// of a's shape, every entry in range): NumPy's take_along_axis for the
// permutations of a sort.
ndarray take_along(const ndarray& a, const ndarray& idx, int axis);
// The elements of the 1-d `values` where the 1-d bool `mask` is true (one wait
// for the device: the count).
ndarray compress_1d(const ndarray& values, const ndarray& mask);
}  // namespace cunum::detail
