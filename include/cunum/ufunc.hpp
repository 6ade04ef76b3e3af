// cunum/ufunc.hpp — the ufunc machinery: operands, options, the generic entry
// point and the operators. The named ufuncs (cunum::add, cunum::ldexp, ...)
// are declared in cunum/ufuncs.hpp.
//
//   auto c = cunum::add(a, b);                       // broadcasting, NEP 50 promotion
//   cunum::multiply(a, 2.5, {.out = c});             // into an existing array
//   auto m = cunum::maximum(a, b, {.where = mask, .dtype = cunum::DType::Float32});
//   auto [q, r] = cunum::divmod(a, 7);               // two outputs
//   auto d = (a + b) * 2 - cunum::sqrt(a);
#pragma once
#include <array>
#include <optional>
#include <utility>
#include <variant>

#include "ndarray.hpp"
#include "ufunc_def.hpp"

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
  // An operand that refers to `a` without copying it (its shape, strides and
  // reference count): `a` must outlive the Operand. The Python bindings pass
  // arrays this way; it is on every operator's path.
  static Operand borrow(const ndarray& a) { return Operand(&a); }
  bool is_array() const { return v_.index() != 1; }
  const ndarray& array() const {
    if (const auto* p = std::get_if<2>(&v_)) return **p;
    return *std::get_if<0>(&v_);
  }
  const Scalar& scalar() const { return *std::get_if<1>(&v_); }

 private:
  explicit Operand(const ndarray* a) : v_(a) {}
  std::variant<ndarray, Scalar, const ndarray*> v_;
};

struct UfuncOptions {
  std::optional<ndarray> out;   // the first output
  std::optional<ndarray> out2;  // the second output of a two-output ufunc
  std::optional<ndarray> where;
  std::optional<DType> dtype;
  Casting casting = Casting::SameKind;
};

// The generic entry point: every named ufunc calls it. `results` receives
// def.nout arrays (the `out`/`out2` arrays when given).
void apply_ufunc(const core::UfuncDef& def, const Operand* inputs, int nin, const UfuncOptions& opts,
                 ndarray* results);
// A one-output ufunc: its result.
ndarray apply_ufunc(const core::UfuncDef& def, const Operand* inputs, int nin, const UfuncOptions& opts);

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
