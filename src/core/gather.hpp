// The gather planner: out = the items of `a` at `indices` along one axis, as
// a GatherPlan for the backends (Note [Gather plans]). Behind take() now and
// integer-array indexing (x[idx]) later.
#pragma once
#include "backend/backend.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::core {

// out[a.shape[:axis], indices.shape, a.shape[axis+1:]] = a's items at
// `indices` along `axis` (0 <= axis < a.ndim()). `out` is C-contiguous, of
// a's dtype, on a's device, and overlaps neither a nor indices; `indices` is
// any integer dtype or bool, of any shape, layout and device. An index out of
// bounds in mode Raise is NumPy's IndexError naming `error_axis`; the caller
// has ruled out an empty axis with a non-empty result.
void gather(const ndarray& out, const ndarray& a, int axis, const ndarray& indices, backend::GatherMode mode,
            int error_axis);

}  // namespace cunum::core
