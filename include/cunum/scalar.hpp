// cunum/scalar.hpp — a dynamically typed scalar value (fill values, Python
// scalars passed to ufuncs, results of item()).
//
//   cunum::Scalar s = 1.5;          // weak (Python-like) float
//   cunum::Scalar t = cunum::Scalar::of(cunum::DType::Int8, 3);  // strong int8
#pragma once
#include <string>

#include "dtype.hpp"

namespace cunum {

struct Scalar {
  enum class Kind : uint8_t { Bool, Int, UInt, Float, Complex };
  Kind kind = Kind::Int;
  bool b = false;
  int64_t i = 0;       // Kind::Int
  uint64_t u = 0;      // Kind::UInt (values past INT64_MAX)
  double re = 0, im = 0;  // Kind::Float / Kind::Complex
  // A strong scalar has a dtype (a NumPy scalar, a 0-d array's item); a weak
  // one is a Python literal and follows NEP 50.
  bool strong = false;
  DType dtype = DType::Int64;
  // A Python int outside both int64 and uint64: `re` approximates it and
  // `big_digits` spells it; it fits no dtype (NumPy raises OverflowError).
  bool big = false;
  std::string big_digits;
  static Scalar big_int(double approx, std::string digits) {
    Scalar s(approx);
    s.kind = Kind::Int;
    s.big = true;
    s.big_digits = std::move(digits);
    return s;
  }
  // Whether this weak integer lies above (+1) or below (-1) the range of
  // integer dtype d, or inside it (0).
  int compare_to_range(DType d) const;

  Scalar() = default;
  Scalar(bool v) : kind(Kind::Bool), b(v), dtype(DType::Bool) {}
  Scalar(int v) : kind(Kind::Int), i(v) {}
  Scalar(long v) : kind(Kind::Int), i(v) {}
  Scalar(long long v) : kind(Kind::Int), i(v) {}
  Scalar(unsigned long v) : Scalar((unsigned long long)v) {}
  Scalar(unsigned long long v) {
    if (v > (unsigned long long)INT64_MAX) { kind = Kind::UInt; u = v; }
    else { kind = Kind::Int; i = (int64_t)v; }
  }
  Scalar(double v) : kind(Kind::Float), re(v), dtype(DType::Float64) {}
  Scalar(float v) : Scalar((double)v) {}
  Scalar(double r, double m) : kind(Kind::Complex), re(r), im(m), dtype(DType::Complex128) {}

  // A strong scalar of dtype d holding v (converted like a C cast).
  static Scalar of(DType d, const Scalar& v);
  WeakKind weak_kind() const;  // for NEP 50 resolution of a weak scalar
  // The dtype a weak scalar takes alone: bool, int64 (uint64 if too large), float64, complex128.
  DType default_dtype() const;
  // Writes the value converted to d at p (C-style conversion, no range check).
  void store(DType d, void* p) const;
  // Reads a value of dtype d from p.
  static Scalar load(DType d, const void* p);
  // Throws OverflowError if this weak Python int does not fit d (NumPy 2 rule).
  void check_fits(DType d) const;
  double as_double() const;
  int64_t as_int64() const;
  bool is_true() const;
  std::string repr() const;
};

}  // namespace cunum
