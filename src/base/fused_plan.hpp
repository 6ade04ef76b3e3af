// The plan of a fused elementwise kernel (Note [Fused plans]).
#pragma once
#include <array>
#include <cstdint>

#include "cunum/dims.hpp"
#include "cunum/dtype.hpp"
#include "base/plans.hpp"
#include "cunum/ufunc_def.hpp"

namespace cunum::backend {

// Note [Fused plans]
// Several ufunc calls over the same elements as one loop (cunum.fuse,
// cunum::fuse; docs/fusion.md). `steps` run in order for every element; a
// step's operand is an array input (Input, the plan's operand `index`), a
// scalar (Scalar: `scalars[index]`, already stored in the dtype of the loop
// input it feeds, as Note [Scalar operands]) or output `out` of an earlier
// step (Value). Inputs are read in their own dtypes and converted in
// registers to each loop's input dtype; a step's result has its loop's
// output dtype (what eager evaluation would allocate), and each plan output
// (`results`, an Input or a Value) is converted to its array's dtype. The
// planner has broadcast every operand (stride 0) to `shape`, dropped size-1
// dims and coalesced the rest (innermost last); `key` identifies everything
// the kernel's source depends on except rank, index width and the
// contiguous path's vector width (the steps, loops, operand dtypes).
inline constexpr int kMaxFusedOperands = 8;  // array inputs + outputs
inline constexpr int kMaxFusedScalars = 8;
inline constexpr int kMaxFusedRank = 16;

struct FusedArg {
  enum Kind : uint8_t { Input, Scalar, Value };
  Kind kind = Input;
  int16_t index = 0;
  int8_t out = 0;
};
// Note [Fused where]
// NumPy's where(c, x, y) is elementwise but not a ufunc (three inputs, where
// a ufunc here has at most two), so a step is either a ufunc's loop or, with
// def == nullptr, a where: args[0] the condition (tested against zero, as the
// eager routine's `c != 0`), args[1] and args[2] converted to `where_dtype`
// (the eager result type of x and y; a scalar is stored in it, and a scalar
// condition as bool). The helpers below answer for both kinds.
inline constexpr int kMaxFusedStepIn = 3;
struct FusedStep {
  const core::UfuncDef* def = nullptr;
  int loop = 0;
  FusedArg args[kMaxFusedStepIn];
  DType where_dtype = DType::Bool;
};
inline int step_nin(const FusedStep& s) { return s.def ? s.def->nin : 3; }
inline int step_nout(const FusedStep& s) { return s.def ? s.def->nout : 1; }
// The dtype of output k, and the dtype input k is converted to (a scalar is stored in it).
inline DType step_out(const FusedStep& s, int k) { return s.def ? s.def->loops[s.loop].out[k] : s.where_dtype; }
inline DType step_in(const FusedStep& s, int k) {
  return s.def ? s.def->loops[s.loop].in[k] : (k == 0 ? DType::Bool : s.where_dtype);
}
struct FusedPlan {
  const FusedStep* steps = nullptr;
  int nsteps = 0;
  const FusedArg* results = nullptr;  // nout entries
  int nin = 0, nout = 0;              // array operands: nin inputs, then nout outputs
  std::array<std::array<unsigned char, 16>, kMaxFusedScalars> scalars{};
  int nscalars = 0;
  uint64_t key = 0;
  Dims shape;
  std::array<char*, kMaxFusedOperands> data{};
  std::array<DType, kMaxFusedOperands> dtypes{};
  std::array<Dims, kMaxFusedOperands> strides;
  bool index32 = false;
  int64_t size() const {
    int64_t n = 1;
    for (int64_t s : shape) n *= s;
    return n;
  }
};

}  // namespace cunum::backend

namespace cunum::backend {

// Note [Fused reduction plans]
// A reduction (Note [Reduction plans]) whose input is not an array but the
// value of a fused map (Note [Fused plans]) over the map's inputs: the
// backend evaluates the map per element where a plain reduction loads an
// element, then converts the value to the loop dtype as a plain reduction
// converts its input. `map` has one result (results[0]) and nout == 1;
// map.data[k], map.dtypes[k] (k < nin) are its inputs, already broadcast to
// the map's shape; map.dtypes[nin] is the value's dtype (red.in_dtype);
// map.shape and the outputs' data are unused. `red` is the reduction's
// plan with red.in null: out, the dtypes, out_shape, out_strides and
// red_shape (at most one run) as for a plain reduction; input k's byte
// strides are map.strides[k] along red.out_shape and red_strides[k] along the
// reduced run. The planner builds these only where the reduced dims of every
// input coalesce into one run and the reduction is not empty.
struct FusedReducePlan {
  FusedPlan map;
  ReducePlan red;
  std::array<int64_t, kMaxFusedOperands> red_strides{};
};

}  // namespace cunum::backend
