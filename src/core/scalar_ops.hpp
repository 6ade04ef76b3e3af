// Arithmetic on single Python or NumPy scalars, as Python and NumPy 2 do it
// (what NumPy's arange computes its length and second element with).
#pragma once
#include "cunum/scalar.hpp"

namespace cunum::core {

// Note [Scalar arithmetic]
// Two weak (Python) scalars combine as Python does: ints exactly, floats in
// double, x / 0 raises ZeroDivisionError. Otherwise the operation happens in
// the NEP 50 result dtype, as NumPy's scalar arithmetic: a Python int that
// does not fit an integer result raises OverflowError, integers wrap,
// float16/float32 results are rounded to their dtype, true division of
// integers gives float64 and x / 0 gives inf or nan. The result is weak when
// both operands were, else a strong scalar of the result dtype.
Scalar scalar_add(const Scalar& a, const Scalar& b);
Scalar scalar_subtract(const Scalar& a, const Scalar& b);
Scalar scalar_true_divide(const Scalar& a, const Scalar& b);
bool scalar_is_zero(const Scalar& a);

}  // namespace cunum::core
