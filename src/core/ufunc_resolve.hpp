// The loop resolution of a ufunc call without running it: what apply_ufunc
// decides before any work, for planners that run several calls as one
// (src/routines/fusion.cpp, Note [Fused plans]).
#pragma once
#include "cunum/ufunc.hpp"

namespace cunum::core {
// Resolves `def` over `ops` (def.nin operands; only array dtypes and scalar
// values are read) exactly as apply_ufunc does with default options: the
// resolve hook (which may rewrite a scalar in ops), NumPy's loop search, the
// input casting and Python int range checks, then the check hook. Returns
// the loop, or -1 when a hook answers the whole call with a constant.
int resolve_ufunc(const UfuncDef& def, Operand* ops);
}  // namespace cunum::core
