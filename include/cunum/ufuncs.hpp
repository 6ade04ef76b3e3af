// cunum/ufuncs.hpp — every ufunc as a C++ function, generated from
// cunum/ufunc_list.hpp. One-output ufuncs return an ndarray, two-output ones
// a pair:
//
//   auto y = cunum::ldexp(x, 3);
//   auto [mantissa, exponent] = cunum::frexp(x);
//   cunum::sin(x, {.out = y, .where = x > 0});
#pragma once
#include "ufunc.hpp"
#include "ufunc_list.hpp"

namespace cunum {

#define CUNUM_X(name, nin, nout, ident, types, hooks) CUNUM_UFUNC_DECL_##nin##_##nout(name)
#define CUNUM_UFUNC_DECL_1_1(name) ndarray name(const Operand& a, const UfuncOptions& opts = {});
#define CUNUM_UFUNC_DECL_2_1(name) \
  ndarray name(const Operand& a, const Operand& b, const UfuncOptions& opts = {});
#define CUNUM_UFUNC_DECL_1_2(name) \
  std::pair<ndarray, ndarray> name(const Operand& a, const UfuncOptions& opts = {});
#define CUNUM_UFUNC_DECL_2_2(name) \
  std::pair<ndarray, ndarray> name(const Operand& a, const Operand& b, const UfuncOptions& opts = {});
CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
#undef CUNUM_UFUNC_DECL_1_1
#undef CUNUM_UFUNC_DECL_2_1
#undef CUNUM_UFUNC_DECL_1_2
#undef CUNUM_UFUNC_DECL_2_2

// NumPy 2's other name of divide.
inline ndarray true_divide(const Operand& a, const Operand& b, const UfuncOptions& o = {}) {
  return divide(a, b, o);
}

}  // namespace cunum
