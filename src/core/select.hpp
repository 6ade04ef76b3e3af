// The select planner: compaction by a boolean mask (Note [Select plans]).
// Behind x[mask], nonzero, flatnonzero, argwhere, compress and extract.
// The result's size is the mask's count of true entries: on the GPU it is
// known after one wait for the device (the only one).
#pragma once
#include "cunum/ndarray.hpp"

namespace cunum::core {

// The C-order positions (int64, 1-d) of the entries of `mask` that are true
// (any dtype: non-zero, NaN counts, as NumPy's truth), on mask's device.
ndarray select_positions(const ndarray& mask);
// The rows a[k] for the true entries k of `mask` (mask.shape ==
// a.shape[:mask.ndim]), in C order: shape (count,) + a.shape[mask.ndim:].
ndarray select_rows(const ndarray& a, const ndarray& mask);

}  // namespace cunum::core
