// cunum/misc.hpp — from NumPy's "Miscellaneous routines": whether two arrays
// use the same memory. Answered from the arrays' layouts alone (no data is read).
//
//   cunum::may_share_memory(a, a[::2]);           // true: their extents overlap
//   cunum::shares_memory(x[::2], x[1::2]);        // false: no byte in common
#pragma once
#include <cstdint>

#include "ndarray.hpp"

namespace cunum {

// max_work: 0 compares the arrays' extents only (NumPy's MAY_SHARE_BOUNDS);
// -1 solves exactly (MAY_SHARE_EXACT); k > 0 lets the exact search try k
// candidates. Returns 1 (shared), 0 (not), or -1 when k candidates did not
// settle it (NumPy's TooHardError; may_share_memory then answers true).
int shares_memory(const ndarray& a, const ndarray& b, int64_t max_work = -1);
bool may_share_memory(const ndarray& a, const ndarray& b, int64_t max_work = 0);

}  // namespace cunum
