// The C++ operators on arrays: each is one named ufunc.
#include "cunum/ufuncs.hpp"

namespace cunum {

ndarray operator+(const ndarray& a, const Operand& b) { return add(a, b); }
ndarray operator-(const ndarray& a, const Operand& b) { return subtract(a, b); }
ndarray operator*(const ndarray& a, const Operand& b) { return multiply(a, b); }
ndarray operator/(const ndarray& a, const Operand& b) { return true_divide(a, b); }
ndarray operator%(const ndarray& a, const Operand& b) { return remainder(a, b); }
ndarray operator+(const Scalar& a, const ndarray& b) { return add(a, b); }
ndarray operator-(const Scalar& a, const ndarray& b) { return subtract(a, b); }
ndarray operator*(const Scalar& a, const ndarray& b) { return multiply(a, b); }
ndarray operator/(const Scalar& a, const ndarray& b) { return true_divide(a, b); }
ndarray operator-(const ndarray& a) { return negative(a); }
ndarray operator==(const ndarray& a, const Operand& b) { return equal(a, b); }
ndarray operator!=(const ndarray& a, const Operand& b) { return not_equal(a, b); }
ndarray operator<(const ndarray& a, const Operand& b) { return less(a, b); }
ndarray operator<=(const ndarray& a, const Operand& b) { return less_equal(a, b); }
ndarray operator>(const ndarray& a, const Operand& b) { return greater(a, b); }
ndarray operator>=(const ndarray& a, const Operand& b) { return greater_equal(a, b); }
ndarray& operator+=(ndarray& a, const Operand& b) { add(a, b, {.out = a}); return a; }
ndarray& operator-=(ndarray& a, const Operand& b) { subtract(a, b, {.out = a}); return a; }
ndarray& operator*=(ndarray& a, const Operand& b) { multiply(a, b, {.out = a}); return a; }
ndarray& operator/=(ndarray& a, const Operand& b) { true_divide(a, b, {.out = a}); return a; }

}  // namespace cunum
