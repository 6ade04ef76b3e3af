// cunum/kernels/complex_math.hpp — elementary functions of cunum::complex
// (included by complex.hpp).
//
// Note [Complex special values]
// NumPy's complex sqrt, log, exp, sin, cos and tanh are the C library's
// (glibc's on Linux): they follow C99 Annex G for infinities, NaNs and signed
// zeros, and scale finite arguments so that no intermediate overflows or
// underflows when the result does not (sqrt(-1.797e308) is 1.34e154j, not
// inf j). cunum computes the same values. The special cases are explicit
// branches, never left to arithmetic on infinities: NVRTC contracts a*b + c
// into FMAs and would change which infinities survive. power is NumPy's own
// (integral exponents below 100 by repeated multiplication, else
// exp(b * log(a)) with C's Annex G product, as glibc's cpow).
#pragma once

namespace cunum::math {

template <class T> CUNUM_HD T abs(complex<T> z) { return hypot(z.re, z.im); }

namespace cdetail {
// Constants of the argument scalings (glibc's), exact powers of two.
template <class T> struct scale;
template <> struct scale<float> {
  static CUNUM_HD float sqrt_tiny_up() { return 4096.0f; }  // 2^((24 + 1) / 2)
  static CUNUM_HD float min_normal() { return 1.17549435e-38f; }
  static CUNUM_HD float eps() { return 1.1920929e-07f; }
  static CUNUM_HD float tanh_big() { return 44.0f; }  // sinh(x)^2 finite below
  static CUNUM_HD int mant_dig() { return 24; }
  static CUNUM_HD float two_mant() { return 16777216.0f; }
};
template <> struct scale<double> {
  static CUNUM_HD double sqrt_tiny_up() { return 134217728.0; }  // 2^((53 + 1) / 2)
  static CUNUM_HD double min_normal() { return 2.2250738585072014e-308; }
  static CUNUM_HD double eps() { return 2.220446049250313e-16; }
  static CUNUM_HD double tanh_big() { return 354.0; }
  static CUNUM_HD int mant_dig() { return 53; }
  static CUNUM_HD double two_mant() { return 9007199254740992.0; }
};
template <class T> CUNUM_HD T fmax2(T a, T b) { return a > b ? a : b; }
template <class T> CUNUM_HD T fmin2(T a, T b) { return a < b ? a : b; }
}  // namespace cdetail

// sqrt as glibc's csqrt computes it (NumPy's sqrt): the axes exactly, quarter
// huge arguments, scale tiny ones up by an even power of two, and take the
// smaller result part from 2 Re(r) Im(r) = Im(z) (no cancellation).
template <class T> CUNUM_HD complex<T> sqrt(complex<T> z) {
  using S = cdetail::scale<T>;
  T x = z.re, y = z.im;
  if (isinf(y)) return {inf<T>(), y};
  if (isnan(x)) return {x, x};
  if (isinf(x)) {
    if (isnan(y)) return x > T(0) ? complex<T>{x, y} : complex<T>{y, inf<T>()};
    return x > T(0) ? complex<T>{x, copysign(T(0), y)} : complex<T>{T(0), copysign(inf<T>(), y)};
  }
  if (isnan(y)) return {y, y};
  if (y == T(0)) {
    if (x < T(0)) return {T(0), copysign(sqrt(-x), y)};
    return {fabs(sqrt(x)), copysign(T(0), y)};
  }
  if (x == T(0)) {
    const T ay = fabs(y);
    const T r = ay >= T(2) * S::min_normal() ? sqrt(T(0.5) * ay) : T(0.5) * sqrt(T(2) * ay);
    return {r, copysign(r, y)};
  }
  // 2^k applied to the result at the end (k = 1: arguments were quartered)
  int k = 0;
  T up = T(1);
  if (fabs(x) > max_value<T>() * T(0.25)) {
    k = 1;
    x *= T(0.25);
    y *= T(0.25);
  } else if (fabs(y) > max_value<T>() * T(0.25)) {
    k = 1;
    x = fabs(x) >= T(4) * S::min_normal() ? x * T(0.25) : T(0);
    y *= T(0.25);
  } else if (fabs(x) < T(2) * S::min_normal() && fabs(y) < T(2) * S::min_normal()) {
    k = -1;
    x *= S::sqrt_tiny_up() * S::sqrt_tiny_up();
    y *= S::sqrt_tiny_up() * S::sqrt_tiny_up();
  }
  const T d = hypot(x, y);
  T r, s;
  if (x > T(0)) {
    r = sqrt(T(0.5) * (d + x));
    if (k == 1 && fabs(y) < T(1)) {  // avoid underflow in 0.5 * (y / r)
      s = y / r;
      r *= T(2);
      k = 0;
    } else {
      s = T(0.5) * (y / r);
    }
  } else {
    s = sqrt(T(0.5) * (d - x));
    if (k == 1 && fabs(y) < T(1)) {
      r = fabs(y / s);
      s *= T(2);
      k = 0;
    } else {
      r = fabs(T(0.5) * (y / s));
    }
  }
  if (k == 1) up = T(2);
  if (k == -1) up = T(1) / S::sqrt_tiny_up();
  return {r * up, copysign(s * up, y)};
}

// log|z| as glibc's clog computes it (which NumPy's log is): halve huge
// arguments, scale both parts up by 2^mantissa_bits when both are subnormal,
// and near |z| = 1 take log1p of |z|^2 - 1 computed without cancellation.
template <class T> CUNUM_HD complex<T> log(complex<T> z) {
  using S = cdetail::scale<T>;
  const T x = z.re, y = z.im;
  T big = fabs(x), small = fabs(y);
  if (big < small) {
    const T t = big;
    big = small;
    small = t;
  }
  T re;
  if (!isfinite(big) || isnan(small)) {
    re = hypot(x, y);  // inf when either part is, else NaN
  } else {
    int k = 0;
    if (big > max_value<T>() * T(0.5)) {
      k = -1;
      big *= T(0.5);
      small = small >= T(2) * S::min_normal() ? small * T(0.5) : T(0);
    } else if (big < S::min_normal()) {
      k = S::mant_dig();
      big *= S::two_mant();
      small *= S::two_mant();
    }
    if (k == 0 && big == T(1)) {
      re = log1p(small * small) * T(0.5);
    } else if (k == 0 && big > T(1) && big < T(2) && small < T(1)) {
      T d = (big - T(1)) * (big + T(1));
      if (small >= S::eps()) d += small * small;
      re = log1p(d) * T(0.5);
    } else if (k == 0 && big < T(1) && big >= T(0.5) && small < S::eps() * T(0.5)) {
      re = log1p((big - T(1)) * (big + T(1))) * T(0.5);
    } else if (k == 0 && big < T(1) && big >= T(0.5) && big * big + small * small >= T(0.5)) {
      // |z|^2 - 1 with the squares' rounding errors kept (fma)
      const T bb = big * big, ss = small * small;
      const T d = ((bb - T(1)) + ss) + (fma(big, big, -bb) + fma(small, small, -ss));
      re = log1p(d) * T(0.5);
    } else {
      re = log(hypot(big, small)) - T(k) * T(0.69314718055994531);
    }
  }
  return {re, atan2(y, x)};
}

template <class T> CUNUM_HD complex<T> exp(complex<T> z) {
  const T x = z.re, y = z.im;
  if (y == T(0)) return {exp(x), y};
  if (!isfinite(y)) {
    if (x == -inf<T>()) return {T(0), copysign(T(0), y)};
    if (x == inf<T>()) return {x, y - y};
    return {y - y, y - y};
  }
  if (x > max_exp_arg<T>()) {  // exp(x) overflows; exp(x) * cos(y) may not
    const T h = exp(x * T(0.5));
    return {(h * cos(y)) * h, (h * sin(y)) * h};
  }
  const T e = exp(x);
  return {e * cos(y), e * sin(y)};
}

namespace cdetail {
// sinh and cosh of x + iy (Annex G's csinh, ccosh); sin and cos derive from them.
template <class T> CUNUM_HD complex<T> csinh(T x, T y) {
  if (y == T(0)) return {sinh(x), y};
  if (!isfinite(y)) {
    if (x == T(0)) return {x, y - y};
    if (isinf(x)) return {inf<T>(), y - y};  // glibc's sign (Annex G leaves it open)
    return {y - y, y - y};
  }
  if (fabs(x) > max_exp_arg<T>()) {
    // sinh(x) and cosh(x) overflow; their product with cos(y) or sin(y) need
    // not: grow the (nonzero) factor first, halve last.
    const T h = exp(fabs(x) * T(0.5));
    return {copysign((cos(y) * h) * (h * T(0.5)), x * cos(y)), (sin(y) * h) * (h * T(0.5))};
  }
  return {sinh(x) * cos(y), cosh(x) * sin(y)};
}
template <class T> CUNUM_HD complex<T> ccosh(T x, T y) {
  if (y == T(0)) return {cosh(x), isnan(x) ? y : copysign(T(0), x) * y};
  if (!isfinite(y)) {
    if (x == T(0)) return {y - y, T(0)};
    if (isinf(x)) return {inf<T>(), y - y};
    return {y - y, y - y};
  }
  if (fabs(x) > max_exp_arg<T>()) {
    const T h = exp(fabs(x) * T(0.5));
    return {(cos(y) * h) * (h * T(0.5)), copysign((sin(y) * h) * (h * T(0.5)), x * sin(y))};
  }
  return {cosh(x) * cos(y), sinh(x) * sin(y)};
}
}  // namespace cdetail

// sin(z) = -i sinh(iz), cos(z) = cosh(iz)
template <class T> CUNUM_HD complex<T> sin(complex<T> z) {
  // Annex G leaves the sign unspecified here; glibc's csin gives +inf
  if (isinf(z.im) && !isfinite(z.re)) return {z.re - z.re, inf<T>()};
  const complex<T> w = cdetail::csinh(-z.im, z.re);
  return {w.im, -w.re};
}
template <class T> CUNUM_HD complex<T> cos(complex<T> z) { return cdetail::ccosh(-z.im, z.re); }

template <class T> CUNUM_HD complex<T> tanh(complex<T> z) {
  using S = cdetail::scale<T>;
  const T x = z.re, y = z.im;
  if (!isfinite(x) || !isfinite(y)) {
    if (isinf(x))
      return {copysign(T(1), x), isfinite(y) ? copysign(T(0), sin(y) * cos(y)) : copysign(T(0), y)};
    if (y == T(0)) return {x, y};
    if (x == T(0)) return {x, y - y};
    return {nan<T>(), nan<T>()};
  }
  const T sy = sin(y), cy = cos(y);
  if (fabs(x) > S::tanh_big()) {
    // tanh(x) is +-1 to working precision; the imaginary part decays as exp(-2|x|)
    return {copysign(T(1), x), (T(4) * sy * cy) * exp(T(-2) * fabs(x))};
  }
  const T sx = sinh(x), cx = cosh(x);
  const T den = fabs(sx) > fabs(cy) * S::eps() ? sx * sx + cy * cy : cy * cy;
  return {sx * cx / den, sy * cy / den};
}

template <class T> CUNUM_HD complex<T> pow(complex<T> a, complex<T> b) {
  if (b.re == T(0) && b.im == T(0)) return {T(1), T(0)};
  if (a.re == T(0) && a.im == T(0)) {
    if (b.re > T(0)) return {T(0), T(0)};
    return {nan<T>(), nan<T>()};
  }
  // Integral real exponents below 100: repeated multiplication, as NumPy.
  if (b.im == T(0) && b.re == floor(b.re) && fabs(b.re) < T(100)) {
    const long long n = (long long)b.re;
    if (n == 1) return a;
    if (n == 2) return a * a;
    if (n == 3) return a * (a * a);
    long long m = n < 0 ? -n : n;
    complex<T> r{T(1), T(0)}, x = a;
    while (true) {
      if (m & 1) r = r * x;
      m >>= 1;
      if (!m) break;
      x = x * x;
    }
    return n < 0 ? complex<T>{T(1), T(0)} / r : r;
  }
  return exp(mul_annex_g(b, log(a)));
}

}  // namespace cunum::math
