// The scatter planner: the write side of the gather (Note [Scatter plans]).
// Behind x[idx] = v, put, put_along_axis and cunumx.scatter_add/max/min.
#pragma once
#include "backend/backend.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::core {

// a[a.shape[:axis], indices, a.shape[axis+1:]] (op)= value, where `value`
// has (or broadcasts to) the shape a.shape[:axis] + indices.shape +
// a.shape[axis+1:] and any dtype (cast unsafely to a's first, as NumPy's
// setitem does). `indices`: any integer dtype or bool, any layout and device.
// Overlaps between a and value or indices are taken care of (copies). With
// repeated indices the CPU's result is NumPy's (the last in C order wins).
// An index out of bounds in mode Raise is NumPy's IndexError naming
// `error_axis` (the GPU's at the next wait: Note [Deferred errors]).
void scatter(const ndarray& a, int axis, const ndarray& indices, const ndarray& value, backend::ScatterOp op,
             backend::GatherMode mode, int error_axis);

}  // namespace cunum::core
