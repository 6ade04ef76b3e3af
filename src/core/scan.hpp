// The scan planner: an inclusive scan of `a` along one axis into `out`, as a
// ScanPlan for the backends (Note [Scan plans]). Behind cumsum, cumprod,
// nancumsum, nancumprod, cumulative_sum and cumulative_prod
// (src/routines/mathematical.cpp).
#pragma once
#include "backend/backend.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::core {

// out = the scan `op` of `a` along `axis` (0 <= axis < a.ndim()) over loop
// dtype `loop`. `out` has a's shape and may have any dtype and layout; it
// may be `a` itself, any other overlap is resolved here (a copy of `a`).
void scan(const ndarray& out, const ndarray& a, int axis, backend::ScanOp op, DType loop);

}  // namespace cunum::core
