// The plans the planner (src/core) hands the backends: an elementwise loop
// (LoopPlan) and a reduction (ReducePlan). Plain data — pointers, shapes, byte
// strides, dtypes — so that both sides share them from the bottom layer
// without either including the other's headers.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "cunum/dims.hpp"
#include "cunum/dtype.hpp"

namespace cunum::backend {

inline constexpr int kMaxOperands = 4;

// Note [Loop plans]
// A LoopPlan describes an n-d iteration over up to kMaxOperands operands that
// all share one shape. The planner has already broadcast (stride 0), sorted
// and coalesced the dimensions: the last dimension is the innermost one
// (smallest output stride), and no two adjacent dimensions can be merged.
// `index32` says every byte offset fits in 32 bits.
struct LoopPlan {
  Dims shape;  // inline storage: building a plan allocates nothing (Note [Inline dims])
  int nops = 0;
  std::array<char*, kMaxOperands> data{};
  // Note [Operand dtypes]
  // Each operand's own dtype. A ufunc plan's operands need not have the dtypes
  // of the loop that computes them (add(int8, float32, out=float64) runs the
  // float32 loop): the backend reads each input in its dtype, converts it in
  // registers to the loop's input dtype, and converts the loop's result to
  // each output's dtype on the way out. One pass over memory, no temporaries.
  std::array<DType, kMaxOperands> dtypes{};
  std::array<Dims, kMaxOperands> strides;
  bool index32 = false;
  // Note [Scalar operands]
  // scalar_op >= 0: that input is a constant (a Python scalar) whose value,
  // already in the loop dtype, is in `scalar` rather than in memory (its data
  // pointer is null and its strides are 0). The planner only builds such
  // plans for backends whose ufunc_takes_scalars() is true; the CUDA backend
  // passes the value in the kernel's parameters instead of allocating and
  // filling a 0-d array (one allocation and one launch fewer per `x * 2`).
  int scalar_op = -1;
  alignas(16) unsigned char scalar[16] = {};
  int64_t size() const {
    int64_t n = 1;
    for (int64_t s : shape) n *= s;
    return n;
  }
};

// Note [Reduction plans]
// One reduction over an input of dtype `in`: every input element is
// converted (in registers) to the loop dtype `loop`, the T of the reduction's
// descriptor (cunum/kernels/reductions.hpp), and each result, the
// descriptor's result_t (`loop`, bool or an int64 index), is converted to
// `out`, the dtype of the output array. out_shape lists the kept dims (the
// outputs), with the input's strides along them in in_strides and the
// output's in out_strides; red_shape/red_strides are the reduced dims of the
// input. The planner has coalesced both (Note [Dimension coalescing]): the
// reduced dims form at most one run (none: one element per output; a zero
// extent: an empty reduction, whose outputs get the descriptor's init), the
// kept dims are ordered innermost last, and there is at least one output.
struct ReducePlan {
  char* in = nullptr;
  char* out = nullptr;
  DType in_dtype = DType::Float64, loop_dtype = DType::Float64, out_dtype = DType::Float64;
  Dims out_shape, in_strides, out_strides;
  Dims red_shape, red_strides;
  int64_t outputs() const {
    int64_t n = 1;
    for (int64_t s : out_shape) n *= s;
    return n;
  }
};

}  // namespace cunum::backend
