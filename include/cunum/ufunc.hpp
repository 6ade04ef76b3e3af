// cunum/ufunc.hpp — elementwise operations (NumPy's ufuncs) and operators.
//
//   auto c = cunum::add(a, b);                       // broadcasting, NEP 50 promotion
//   cunum::multiply(a, 2.5, {.out = c});             // into an existing array
//   auto m = cunum::maximum(a, b, {.where = mask, .dtype = cunum::DType::Float32});
//   auto d = (a + b) * 2 - cunum::sqrt(a);
#pragma once
#include <optional>
#include <variant>

#include "ndarray.hpp"
#include "ufunc_list.hpp"

namespace cunum {

// An operand: an array, or a scalar (a C++ literal is weak, like a Python one).
class Operand {
 public:
  Operand(const ndarray& a) : v_(a) {}
  Operand(const Scalar& s) : v_(s) {}
  Operand(bool v) : v_(Scalar(v)) {}
  Operand(int v) : v_(Scalar(v)) {}
  Operand(long v) : v_(Scalar(v)) {}
  Operand(long long v) : v_(Scalar(v)) {}
  Operand(double v) : v_(Scalar(v)) {}
  Operand(float v) : v_(Scalar(v)) {}
  bool is_array() const { return v_.index() == 0; }
  const ndarray& array() const { return std::get<0>(v_); }
  const Scalar& scalar() const { return std::get<1>(v_); }

 private:
  std::variant<ndarray, Scalar> v_;
};

struct UfuncOptions {
  std::optional<ndarray> out;
  std::optional<ndarray> where;
  std::optional<DType> dtype;
  Casting casting = Casting::SameKind;
};

// The generic entry point: every named function below calls it.
ndarray apply_ufunc(core::UfuncId id, const Operand* operands, int n, const UfuncOptions& opts);

#define CUNUM_X(name, nin, types, out) CUNUM_UFUNC_DECL_##nin(name)
#define CUNUM_UFUNC_DECL_1(name) \
  ndarray name(const Operand& a, const UfuncOptions& opts = {});
#define CUNUM_UFUNC_DECL_2(name) \
  ndarray name(const Operand& a, const Operand& b, const UfuncOptions& opts = {});
CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
#undef CUNUM_UFUNC_DECL_1
#undef CUNUM_UFUNC_DECL_2
inline ndarray divide(const Operand& a, const Operand& b, const UfuncOptions& o = {}) {
  return true_divide(a, b, o);
}

ndarray operator+(const ndarray& a, const Operand& b);
ndarray operator-(const ndarray& a, const Operand& b);
ndarray operator*(const ndarray& a, const Operand& b);
ndarray operator/(const ndarray& a, const Operand& b);
ndarray operator%(const ndarray& a, const Operand& b);
ndarray operator+(const Scalar& a, const ndarray& b);
ndarray operator-(const Scalar& a, const ndarray& b);
ndarray operator*(const Scalar& a, const ndarray& b);
ndarray operator/(const Scalar& a, const ndarray& b);
ndarray operator-(const ndarray& a);
ndarray operator==(const ndarray& a, const Operand& b);
ndarray operator!=(const ndarray& a, const Operand& b);
ndarray operator<(const ndarray& a, const Operand& b);
ndarray operator<=(const ndarray& a, const Operand& b);
ndarray operator>(const ndarray& a, const Operand& b);
ndarray operator>=(const ndarray& a, const Operand& b);
ndarray& operator+=(ndarray& a, const Operand& b);
ndarray& operator-=(ndarray& a, const Operand& b);
ndarray& operator*=(ndarray& a, const Operand& b);
ndarray& operator/=(ndarray& a, const Operand& b);

// Copies src into dst (broadcasting src), converting under `casting`; only
// where `where` is true if given. NumPy's copyto.
void copyto(const ndarray& dst, const Operand& src, Casting casting = Casting::SameKind,
            const std::optional<ndarray>& where = {});

}  // namespace cunum
