// The hooks of the ufuncs that need more than NumPy's default loop search
// (Note [Ufunc hooks] in cunum/ufunc_def.hpp). Named in the last column of
// cunum/ufunc_list.hpp.
#pragma once
#include "cunum/ufunc_def.hpp"

namespace cunum::core {
// NumPy's "ufunc 'X' not supported for the input types" TypeError (ufunc.cpp).
[[noreturn]] void raise_no_loop(const UfuncDef& def, const Operand* ops, int n);
// A weak operand: a Python int, float or complex (NEP 50; Python bools are
// not weak). ufunc.cpp.
bool is_weak(const Operand& o);
// The dtype an operand shows in messages and brings to promotion when strong
// (a weak scalar: its default dtype). ufunc.cpp.
DType shown_dtype(const Operand& o);

namespace hooks {
inline constexpr UfuncHooks none{};
extern const UfuncHooks subtract, divide, power, negative, positive, comparison, logical, no_bool,
    float_loops;
}  // namespace hooks
}  // namespace cunum::core
