// cunum/kernels/complex.hpp — a light complex type for host and device.
// libcu++'s <cuda/std/complex> costs about a second of NVRTC time per kernel;
// this header costs almost nothing. Division uses Smith's algorithm, as NumPy does.
#pragma once
#include "math.hpp"

namespace cunum {

template <class T> struct complex {
  T re, im;
  complex() = default;
  CUNUM_HD constexpr complex(T r, T i = T(0)) : re(r), im(i) {}
  template <class U>
  CUNUM_HD explicit complex(const complex<U>& o) : re((T)o.re), im((T)o.im) {}
  CUNUM_HD T real() const { return re; }
  CUNUM_HD T imag() const { return im; }
};

template <class T> CUNUM_HD complex<T> operator+(complex<T> a, complex<T> b) { return {a.re + b.re, a.im + b.im}; }
template <class T> CUNUM_HD complex<T> operator-(complex<T> a, complex<T> b) { return {a.re - b.re, a.im - b.im}; }
template <class T> CUNUM_HD complex<T> operator-(complex<T> a) { return {-a.re, -a.im}; }
template <class T> CUNUM_HD complex<T> operator*(complex<T> a, complex<T> b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <class T> CUNUM_HD complex<T> operator/(complex<T> a, complex<T> b) {
  // Smith's algorithm (what NumPy uses): avoids overflow in |b|^2.
  T abs_br = math::fabs(b.re), abs_bi = math::fabs(b.im);
  if (abs_br >= abs_bi) {
    if (abs_br == T(0) && abs_bi == T(0)) return {a.re / abs_br, a.im / abs_bi};
    T rat = b.im / b.re, scl = T(1) / (b.re + b.im * rat);
    return {(a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl};
  }
  T rat = b.re / b.im, scl = T(1) / (b.im + b.re * rat);
  return {(a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl};
}
template <class T> CUNUM_HD bool operator==(complex<T> a, complex<T> b) { return a.re == b.re && a.im == b.im; }
template <class T> CUNUM_HD bool operator!=(complex<T> a, complex<T> b) { return !(a == b); }
// NumPy orders complex numbers lexicographically (real part first).
template <class T> CUNUM_HD bool operator<(complex<T> a, complex<T> b) {
  return a.re < b.re || (a.re == b.re && a.im < b.im);
}
template <class T> CUNUM_HD bool operator<=(complex<T> a, complex<T> b) {
  return a.re < b.re || (a.re == b.re && a.im <= b.im);
}
template <class T> CUNUM_HD bool operator>(complex<T> a, complex<T> b) { return b < a; }
template <class T> CUNUM_HD bool operator>=(complex<T> a, complex<T> b) { return b <= a; }

namespace math {
template <class T> CUNUM_HD T abs(complex<T> z) { return math::hypot(z.re, z.im); }
template <class T> CUNUM_HD bool isnan(complex<T> z) { return z.re != z.re || z.im != z.im; }
template <class T> CUNUM_HD complex<T> exp(complex<T> z) {
  T e = math::exp(z.re);
  if (z.im == T(0)) return {e, z.im};
  return {e * math::cos(z.im), e * math::sin(z.im)};
}
template <class T> CUNUM_HD complex<T> log(complex<T> z) {
  return {math::log(abs(z)), math::atan2(z.im, z.re)};
}
template <class T> CUNUM_HD complex<T> sqrt(complex<T> z) {
  if (z.re == T(0) && z.im == T(0)) return {T(0), z.im};
  T t = math::sqrt((math::fabs(z.re) + abs(z)) * T(0.5));
  if (z.re >= T(0)) return {t, z.im / (T(2) * t)};
  return {math::fabs(z.im) / (T(2) * t), math::copysign(t, z.im)};
}
template <class T> CUNUM_HD complex<T> sin(complex<T> z) {
  return {math::sin(z.re) * math::cosh(z.im), math::cos(z.re) * math::sinh(z.im)};
}
template <class T> CUNUM_HD complex<T> cos(complex<T> z) {
  return {math::cos(z.re) * math::cosh(z.im), -(math::sin(z.re) * math::sinh(z.im))};
}
template <class T> CUNUM_HD complex<T> tanh(complex<T> z) {
  // Kahan's formulation; stable for large |re|.
  if (math::fabs(z.re) > T(22)) {
    return {math::copysign(T(1), z.re), math::copysign(T(0), math::sin(z.im) * math::cos(z.im))};
  }
  T t = math::tan(z.im), b = T(1) + t * t, s = math::sinh(z.re);
  T r = math::sqrt(T(1) + s * s), d = T(1) + b * s * s;
  return {b * r * s / d, t / d};
}
template <class T> CUNUM_HD complex<T> pow(complex<T> a, complex<T> b) {
  if (b.re == T(0) && b.im == T(0)) return {T(1), T(0)};
  if (a.re == T(0) && a.im == T(0)) {
    if (b.re > T(0)) return {T(0), T(0)};
    return {math::nan<T>(), math::nan<T>()};
  }
  // Small integral real exponents by repeated squaring, as NumPy does, for accuracy.
  if (b.im == T(0) && b.re == math::floor(b.re) && math::fabs(b.re) < T(100)) {
    long long n = (long long)b.re;
    long long m = n < 0 ? -n : n;
    complex<T> r{T(1), T(0)}, x = a;
    while (m) {
      if (m & 1) r = r * x;
      x = x * x;
      m >>= 1;
    }
    return n < 0 ? complex<T>{T(1), T(0)} / r : r;
  }
  return exp(b * log(a));
}
}  // namespace math
}  // namespace cunum
