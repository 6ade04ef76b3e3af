// cunum/ufunc_methods.hpp — NumPy's ufunc methods for every ufunc: reduce,
// accumulate, outer, at; each composed of calls of the ufunc itself, so its
// one CUNUM_HD functor defines them on both backends (docs/ufunc-methods.md).
//
//   const auto& u = cunum::core::ufunc_by_name("logaddexp");
//   auto r = cunum::ufunc_reduce(u, x, {.axis = {{0, 1}}});
//   auto c = cunum::ufunc_accumulate(cunum::core::ufunc_by_name("maximum"), x, 0);
//   auto o = cunum::ufunc_outer(cunum::core::ufunc_by_name("subtract"), a, b);
//   cunum::ufunc_at(cunum::core::ufunc_by_name("add"), x, {idx}, cunum::Operand(1.0));
#pragma once
#include <optional>
#include <vector>

#include "indexing.hpp"
#include "ufunc.hpp"

namespace cunum {

struct UfuncReduceOptions {
  // nullopt: every axis; NumPy's default is {0}.
  std::optional<std::vector<int64_t>> axis = std::vector<int64_t>{0};
  std::optional<DType> dtype;
  std::optional<ndarray> out;
  bool keepdims = false;
  std::optional<Scalar> initial;  // the start value (default: the identity)
  bool initial_none = false;      // initial=None: start from the first element
  std::optional<ndarray> where;   // broadcast against the input
  bool axis_is_int = false;       // one integer axis (0-d inputs accept 0 / -1)
};

// Whether NumPy may reorder the ufunc's reduction: it has an identity, or it
// is maximum, minimum, fmax or fmin.
bool ufunc_reorderable(const core::UfuncDef& def);

ndarray ufunc_reduce(const core::UfuncDef& def, const ndarray& a, const UfuncReduceOptions& o = {});
ndarray ufunc_accumulate(const core::UfuncDef& def, const ndarray& a, int64_t axis = 0,
                         std::optional<DType> dtype = {}, const std::optional<ndarray>& out = {});
// NumPy's reduceat along axis: for each i the reduction of
// a[indices[i]:indices[i+1]] (a[indices[i]] where indices[i] >= indices[i+1];
// the last to the end). The indices are checked on the host (one wait).
ndarray ufunc_reduceat(const core::UfuncDef& def, const ndarray& a, const ndarray& indices, int64_t axis = 0,
                       std::optional<DType> dtype = {}, const std::optional<ndarray>& out = {});
// op(a[i..., newaxis...], b[j...]): nout arrays.
std::vector<ndarray> ufunc_outer(const core::UfuncDef& def, const Operand& a, const Operand& b,
                                 const UfuncOptions& opts = {});
// In place, unbuffered: a[idx] = op(a[idx], b) with every repeated index
// applied in turn (b absent for a unary ufunc).
void ufunc_at(const core::UfuncDef& def, const ndarray& a, const std::vector<Index>& idx,
              const std::optional<Operand>& b = {});

}  // namespace cunum
