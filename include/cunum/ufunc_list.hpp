// cunum/ufunc_list.hpp — every ufunc cunum has, declared as NumPy declares it:
// name, input and output counts, identity, the loops (Note [Loop strings] in
// ufunc_def.hpp, in NumPy's order: the first loop the inputs reach safely wins),
// and its hooks (Note [Ufunc hooks]; `none` for plain ufuncs). The rows live in
// one header per chapter (cunum/ufunc_list/*.hpp); this one joins them.
//
// Adding a ufunc (docs/adding-an-op.md): a functor in the chapter's
// include/cunum/kernels/ops*.hpp, one row in the chapter's list, one
// CUNUM_CPU_REGISTER line in the chapter's src/backend/cpu/loops_*.cpp.
// Only the few files that need every ufunc include this header (the table,
// the C++ functions of cunum/ufuncs.hpp); a CPU loop file includes its
// chapter alone, and everything else sees a ufunc as a `UfuncDef`.
#pragma once
#include "cunum/ufunc_list/arithmetic.hpp"
#include "cunum/ufunc_list/comparison.hpp"
#include "cunum/ufunc_list/floating.hpp"
#include "cunum/ufunc_list/math.hpp"

#define CUNUM_FOR_EACH_UFUNC(X) \
  CUNUM_UFUNCS_ARITHMETIC(X) CUNUM_UFUNCS_COMPARISON(X) CUNUM_UFUNCS_FLOATING(X) CUNUM_UFUNCS_MATH(X)

namespace cunum::core {

// Dense ids in list order (UfuncDef::index).
namespace ufunc_ids {
enum : int {
#define CUNUM_X(name, nin, nout, ident, types, hooks) name,
  CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
  count_
};
}  // namespace ufunc_ids

}  // namespace cunum::core
