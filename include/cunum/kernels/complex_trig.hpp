// cunum/kernels/complex_trig.hpp — the inverse trigonometric and hyperbolic
// functions of cunum::complex, and tan, sinh, cosh (included by the op
// headers that need them, by base name: Note [Header names under NVRTC]).
//
// Note [Complex inverse functions]
// NumPy's arcsin, arccos, arcsinh, arccosh, arctan and arctanh of complex
// numbers are the C library's (glibc's on Linux). cunum follows C99 Annex G
// for infinities, NaNs and signed zeros exactly as glibc resolves the cases
// the standard leaves open, and computes finite values with the algorithm of
// Hull, Fairgrieve and Tang (ACM TOMS 23(3), 1997) for asin/acos: with
// A = (|z + 1| + |z - 1|) / 2 and B = x / A, Re asin z = asin B and
// Im asin z = log(A + sqrt(A^2 - 1)), each rewritten where it would cancel
// (B near 1: an arctangent; A near 1: log1p of A - 1 computed from the
// parts), and |z| huge or tiny answered by the asymptotes. One kernel,
// asin_parts, gives asin, acos, asinh and acosh through the symmetries;
// atanh is log((1 + z) / (1 - z)) / 2 split into its real part (a log of a
// ratio of squared moduli, or log1p near 1) and its imaginary part (half an
// atan2 whose denominator 1 - x^2 - y^2 is formed without cancellation).
#pragma once
#include "complex.hpp"

namespace cunum::math {

namespace cdetail {
// -v with the sign bit flipped even for a NaN: PTX's neg leaves a NaN's sign
// unspecified, and Annex G's results for NaN operands take their signs from
// it (glibc's choices), so i*z below must flip it exactly (an H100 run found
// asin(inf + nan j) = nan - inf j there).
CUNUM_HD float negate(float v) { return detail::float_of_bits(detail::bits_of(v) ^ 0x80000000u); }
CUNUM_HD double negate(double v) {
  return detail::double_of_bits(detail::bits_of(v) ^ (uint64_t(1) << 63));
}
template <class T> CUNUM_HD T pi() { return T(3.14159265358979323846); }
template <class T> CUNUM_HD T pi_2() { return T(1.57079632679489661923); }
template <class T> CUNUM_HD T pi_4() { return T(0.78539816339744830962); }
template <class T> CUNUM_HD T ln2() { return T(0.69314718055994530942); }

// asin(x + iy) = asin_re + i im and acos(x + iy) = acos_re - i im, for
// finite x, y >= 0 (Note [Complex inverse functions]).
template <class T> struct AsinParts {
  T asin_re, acos_re, im;
};
template <class T> CUNUM_HD AsinParts<T> asin_parts(T x, T y) {
  using S = scale<T>;
  const T rsqrt_eps = T(1) / sqrt(S::eps());
  if (x > rsqrt_eps || y > rsqrt_eps) {  // A + sqrt(A^2 - 1) is 2|z| to working precision
    const complex<T> l = log(complex<T>{x, y});
    return {atan2(x, y), atan2(y, x), l.re + ln2<T>()};
  }
  const T tiny = sqrt(S::eps()) * T(0.5);
  if (x < tiny && y < tiny) return {x, pi_2<T>() - x, y};  // asin z = z + O(z^3)
  const T xp1 = x + T(1), xm1 = x - T(1);
  const T r = hypot(xp1, y), s = hypot(xm1, y);
  const T a = T(0.5) * (r + s);
  const T b = x / a;
  AsinParts<T> p;
  if (b <= T(0.6417)) {
    p.asin_re = asin(b);
    p.acos_re = acos(b);
  } else {
    // d = sqrt(A^2 - x^2), with A - x formed from the parts
    const T apx = a + x;
    const T d = x <= T(1) ? sqrt(T(0.5) * apx * (y * y / (r + xp1) + (s + (T(1) - x))))
                          : y * sqrt(T(0.5) * (apx / (r + xp1) + apx / (s + xm1)));
    p.asin_re = atan2(x, d);
    p.acos_re = atan2(d, x);
  }
  if (y < S::eps() * fabs(xm1)) {  // y^2 negligible (or underflowing) against |x - 1|
    p.im = x < T(1) ? y / sqrt((T(1) - x) * xp1) : log1p(xm1 + sqrt(xm1 * xp1));
  } else if (a <= T(1.5)) {
    const T am1 = x < T(1) ? T(0.5) * (y * y / (r + xp1) + y * y / (s + (T(1) - x)))
                           : T(0.5) * (y * y / (r + xp1) + (s + xm1));
    p.im = log1p(am1 + sqrt(am1 * (a + T(1))));
  } else {
    p.im = log(a + sqrt(a * a - T(1)));
  }
  return p;
}
}  // namespace cdetail

// asinh, with glibc's resolution of Annex G's special values.
template <class T> CUNUM_HD complex<T> asinh(complex<T> z) {
  const T x = z.re, y = z.im;
  if (!isfinite(x) || !isfinite(y)) {
    if (isinf(y))
      return {copysign(inf<T>(), x),
              isnan(x) ? nan<T>() : copysign(isinf(x) ? cdetail::pi_4<T>() : cdetail::pi_2<T>(), y)};
    if (isinf(x)) return {x, isnan(y) ? nan<T>() : copysign(T(0), y)};
    if (isnan(x)) return {x, y == T(0) ? y : nan<T>()};
    return {nan<T>(), nan<T>()};
  }
  if (x == T(0) && y == T(0)) return z;
  const cdetail::AsinParts<T> p = cdetail::asin_parts(fabs(y), fabs(x));
  return {copysign(p.im, x), copysign(p.asin_re, y)};
}

// asin(z) = -i asinh(iz)
template <class T> CUNUM_HD complex<T> asin(complex<T> z) {
  const complex<T> w = asinh(complex<T>{cdetail::negate(z.im), z.re});
  return {w.im, -w.re};
}

template <class T> CUNUM_HD complex<T> acos(complex<T> z) {
  const T x = z.re, y = z.im;
  if (!isfinite(x) || !isfinite(y) || (x == T(0) && y == T(0))) {
    const complex<T> w = asin(z);
    return {cdetail::pi_2<T>() - w.re, -w.im};
  }
  const cdetail::AsinParts<T> p = cdetail::asin_parts(fabs(x), fabs(y));
  return {signbit(x) ? cdetail::pi<T>() - p.acos_re : p.acos_re, -copysign(p.im, y)};
}

template <class T> CUNUM_HD complex<T> acosh(complex<T> z) {
  const T x = z.re, y = z.im;
  if (!isfinite(x) || !isfinite(y)) {
    if (isinf(y)) {
      if (isnan(x)) return {inf<T>(), nan<T>()};
      const T im = isinf(x) ? (x < T(0) ? T(3) * cdetail::pi_4<T>() : cdetail::pi_4<T>()) : cdetail::pi_2<T>();
      return {inf<T>(), copysign(im, y)};
    }
    if (isinf(x)) return {inf<T>(), isnan(y) ? nan<T>() : copysign(signbit(x) ? cdetail::pi<T>() : T(0), y)};
    return {nan<T>(), x == T(0) ? cdetail::pi_2<T>() : nan<T>()};
  }
  if (x == T(0) && y == T(0)) return {T(0), copysign(cdetail::pi_2<T>(), y)};
  const cdetail::AsinParts<T> p = cdetail::asin_parts(fabs(x), fabs(y));
  return {p.im, copysign(signbit(x) ? cdetail::pi<T>() - p.acos_re : p.acos_re, y)};
}

template <class T> CUNUM_HD complex<T> atanh(complex<T> z) {
  using S = cdetail::scale<T>;
  const T x = z.re, y = z.im;
  if (!isfinite(x) || !isfinite(y)) {
    if (isinf(y)) return {copysign(T(0), x), copysign(cdetail::pi_2<T>(), y)};
    if (isinf(x) || x == T(0)) return {copysign(T(0), x), isnan(y) ? nan<T>() : copysign(cdetail::pi_2<T>(), y)};
    return {nan<T>(), nan<T>()};
  }
  if (x == T(0) && y == T(0)) return z;
  const T ax = fabs(x), ay = fabs(y);
  const T huge = T(16) / S::eps();
  if (ax >= huge || ay >= huge) {  // atanh z = 1/z + i pi/2 to working precision
    T re;
    if (ay <= T(1)) re = T(1) / x;
    else if (ax <= T(1)) re = x / y / y;
    else {
      const T h = hypot(x * T(0.5), y * T(0.5));
      re = x / h / h * T(0.25);
    }
    return {re, copysign(cdetail::pi_2<T>(), y)};
  }
  T re;
  const T eps2 = S::eps() * S::eps();
  if (ax == T(1) && ay < eps2) {
    re = copysign(T(0.5), x) * (cdetail::ln2<T>() - log(ay));
  } else {
    const T y2 = ay >= eps2 ? y * y : T(0);
    const T num = y2 + (T(1) + x) * (T(1) + x);
    const T den = y2 + (T(1) - x) * (T(1) - x);
    re = num / den < T(0.5) ? T(0.25) * log(num / den) : T(0.25) * log1p(T(4) * x / den);
  }
  // 1 - x^2 - y^2 without cancellation
  const T big = ax > ay ? ax : ay, small = ax > ay ? ay : ax;
  T d;
  if (small < S::eps() * T(0.5)) {
    d = (T(1) - big) * (T(1) + big);
    if (d == T(0)) d = T(0);  // +0: atan2 of the sign of y
  } else if (big >= T(1) || (big < T(0.75) && small < T(0.5))) {
    d = (T(1) - big) * (T(1) + big) - small * small;
  } else {
    const T bb = big * big, ss = small * small;
    d = -(((bb - T(1)) + ss) + (fma(big, big, -bb) + fma(small, small, -ss)));
  }
  return {re, T(0.5) * atan2(T(2) * y, d)};
}

// atan(z) = -i atanh(iz)
template <class T> CUNUM_HD complex<T> atan(complex<T> z) {
  const complex<T> w = atanh(complex<T>{cdetail::negate(z.im), z.re});
  return {w.im, -w.re};
}

template <class T> CUNUM_HD complex<T> sinh(complex<T> z) { return cdetail::csinh(z.re, z.im); }
template <class T> CUNUM_HD complex<T> cosh(complex<T> z) { return cdetail::ccosh(z.re, z.im); }
// tan(z) = -i tanh(iz)
template <class T> CUNUM_HD complex<T> tan(complex<T> z) {
  const complex<T> w = tanh(complex<T>{cdetail::negate(z.im), z.re});
  return {w.im, -w.re};
}

}  // namespace cunum::math
