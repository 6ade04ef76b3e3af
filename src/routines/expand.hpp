// Helpers the routines share to turn per-element counts into positions on the
// device, with the primitives that exist (ufuncs, reductions, the gather):
// repeat with per-element repeats, tril_indices/triu_indices, and the
// positions of the true elements of a mask (ix_ of a boolean array,
// mask_indices).
//
// Note [Expanding counts without a scan]
// Output position j of an expansion belongs to element i = #{i : ends[i] <= j}
// where ends are the inclusive running sums of the counts: a cumsum (the scan
// primitive) and a searchsorted of arange(total) into ends (the sort family's
// search), one pass each, on either backend with no copy of the data to the
// host; the one host read is the total (the output's size). (Before the scan
// and the search existed these were log2 n passes each: Hillis-Steele sums
// and binary lifting; the name of the Note stays for its references.)
#pragma once
#include <cstdint>
#include <vector>

#include "cunum/ndarray.hpp"

namespace cunum::detail {

// Inclusive running sum of a 1-d array of counts, as a new int64 array on
// the counts' device.
ndarray inclusive_sum(const ndarray& counts);
// For ends non-decreasing (inclusive running sums) with ends[-1] == total:
// out[j] = #{i : ends[i] <= j} for j in [0, total), int64.
ndarray expand_positions(const ndarray& ends, int64_t total);
// The values of some 0-d or 1-element arrays (any dtype, one device) read
// to the host as int64 in one transfer: one synchronisation for all of them.
std::vector<int64_t> read_int64(const std::vector<ndarray>& values);
// The positions (int64, ascending) of the true elements of a 1-d bool array.
ndarray true_positions(const ndarray& mask);
// broadcast_shapes with the message of NumPy's iterator ("operands could not
// be broadcast together with shapes (2,) (3,) "), for routines NumPy writes
// with one.
Shape iterator_shape(const std::vector<Shape>& shapes);

}  // namespace cunum::detail
