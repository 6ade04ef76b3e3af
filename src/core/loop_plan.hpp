// Turning arrays into backend LoopPlans: broadcasting, dimension sorting and
// coalescing, index width. Shared by every elementwise operation.
#pragma once
#include <initializer_list>

#include "backend/backend.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::core {

// Strides of `a` broadcast to `shape` (0 along broadcast dims); ValueError if
// a's shape cannot be broadcast to it.
// With `drop_leading_ones`, extra leading size-1 dims of `a` are ignored
// (NumPy's rule for assignment: a[...] = value).
Strides broadcast_strides(const ndarray& a, const Shape& shape, bool drop_leading_ones = false);
// The broadcast shape of several shapes; ValueError if incompatible.
Shape broadcast_shape(std::initializer_list<const Shape*> shapes);

struct PlanOperand {
  char* data;
  Strides strides;  // already broadcast to the plan's shape
};
// Note [Dimension coalescing]
// The dims of an iteration over `shape` in the form backends want: size-1
// dims dropped, the rest ordered innermost last by |stride| of operand
// `order_by` (ties keep C order), and neighbours merged wherever every
// operand's strides allow. Writes shape_out and strides_out[0..nops); returns
// the number of dims left. A zero-size dim gives shape {0}. Elementwise plans
// (make_loop_plan) and reduction plans (src/core/reduction.cpp: kept dims over
// input and output, reduced dims over the input) are both built with it.
int coalesce_dims(const Shape& shape, const PlanOperand* ops, int nops, int order_by, Dims& shape_out,
                  Dims* strides_out);
// Builds a plan over `shape`; dims are ordered by the strides of operand
// `order_by` (normally the output), size-1 dims dropped, mergeable dims merged.
backend::LoopPlan make_loop_plan(const Shape& shape, const PlanOperand* ops, int nops,
                                 int order_by);

// Convenience: a plan over arrays that all have (or broadcast to) `shape`.
backend::LoopPlan plan_for(const Shape& shape, std::initializer_list<const ndarray*> arrays,
                           int order_by, bool drop_leading_ones = false);

// True if the memory ranges of a and b may overlap.
bool may_overlap(const ndarray& a, const ndarray& b);

}  // namespace cunum::core
