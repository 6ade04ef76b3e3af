// cunum/kernels/math.hpp — overloaded real math for float and double that maps
// to the C library on the host and to CUDA's builtins on the device (both
// provide ::sinf, ::sin, ... in the global namespace).
#pragma once
#include "../config.hpp"
#include "bits.hpp"

namespace cunum::math {
#define CUNUM_MATH1(name)                                        \
  CUNUM_HD float name(float x) { return ::name##f(x); }          \
  CUNUM_HD double name(double x) { return ::name(x); }
#define CUNUM_MATH2(name)                                                 \
  CUNUM_HD float name(float x, float y) { return ::name##f(x, y); }       \
  CUNUM_HD double name(double x, double y) { return ::name(x, y); }
CUNUM_MATH1(sqrt)
CUNUM_MATH1(exp)
CUNUM_MATH1(log)
CUNUM_MATH1(sin)
CUNUM_MATH1(cos)
CUNUM_MATH1(tanh)
CUNUM_MATH1(sinh)
CUNUM_MATH1(cosh)
CUNUM_MATH1(tan)
CUNUM_MATH1(floor)
CUNUM_MATH1(fabs)
CUNUM_MATH1(log1p)
CUNUM_MATH1(expm1)
CUNUM_MATH1(exp2)
CUNUM_MATH1(log2)
CUNUM_MATH1(log10)
CUNUM_MATH1(cbrt)
CUNUM_MATH1(asin)
CUNUM_MATH1(acos)
CUNUM_MATH1(atan)
CUNUM_MATH1(asinh)
CUNUM_MATH1(acosh)
CUNUM_MATH1(atanh)
CUNUM_MATH1(ceil)
CUNUM_MATH1(trunc)
CUNUM_MATH1(rint)
CUNUM_MATH2(pow)
CUNUM_MATH2(fmod)
CUNUM_MATH2(atan2)
CUNUM_MATH2(copysign)
CUNUM_MATH2(nextafter)
#undef CUNUM_MATH1
#undef CUNUM_MATH2
CUNUM_HD float fma(float x, float y, float z) { return ::fmaf(x, y, z); }
CUNUM_HD double fma(double x, double y, double z) { return ::fma(x, y, z); }
// x * y rounded on its own: never contracted into an FMA with a following
// add (NVRTC contracts by default), so results match the host's bit for bit.
CUNUM_HD float mul_rn(float x, float y) {
#if defined(CUNUM_DEVICE_CODE) && defined(__CUDA_ARCH__)
  return __fmul_rn(x, y);
#else
  return x * y;
#endif
}
CUNUM_HD double mul_rn(double x, double y) {
#if defined(CUNUM_DEVICE_CODE) && defined(__CUDA_ARCH__)
  return __dmul_rn(x, y);
#else
  return x * y;
#endif
}
// Note [hypot on the device]
// CUDA's hypot is within 2 ulp, and near the largest double it rounds past
// it: |DBL_MAX + 0j| came out inf where glibc (and so NumPy) gives DBL_MAX.
// On the device float goes through double (exact enough to round once) and
// double is max * sqrt(1 + (min/max)^2), exact when min/max < 2^-27.
#if defined(CUNUM_DEVICE_CODE) && defined(__CUDA_ARCH__)
CUNUM_HD float hypot(float x, float y) {
  if (::isinf(x) || ::isinf(y)) return __int_as_float(0x7f800000);  // also with a NaN
  const double dx = x, dy = y;
  return (float)::sqrt(dx * dx + dy * dy);
}
CUNUM_HD double hypot(double x, double y) {
  const double ax = ::fabs(x), ay = ::fabs(y);
  if (::isinf(ax) || ::isinf(ay)) return __longlong_as_double(0x7ff0000000000000ll);
  const double a = ax > ay ? ax : ay, b = ax > ay ? ay : ax;
  if (!(b > 0.0)) return a + b;  // a zero or a NaN
  const double r = b / a;
  return a * ::sqrt(1.0 + r * r);
}
#else
CUNUM_HD float hypot(float x, float y) { return ::hypotf(x, y); }
CUNUM_HD double hypot(double x, double y) { return ::hypot(x, y); }
#endif
template <class T> CUNUM_HD bool isnan(T x) { return x != x; }
// Note [Infinity without division by zero]
// Built from their bits, never as 1.0 / 0.0: NVVM treats a constant division
// by zero as undefined and folded comparisons against the result to any value
// it liked (max of complex64 on the GPU came out as its initial -inf-infj,
// every load of the data deleted as dead).
template <class T> CUNUM_HD T inf() { return (T)detail::double_of_bits(0x7ff0000000000000ull); }
template <class T> CUNUM_HD T nan() { return (T)detail::double_of_bits(0x7ff8000000000000ull); }
template <class T> CUNUM_HD bool isinf(T x) { return fabs(x) == inf<T>(); }
template <class T> CUNUM_HD bool isfinite(T x) { return fabs(x) < inf<T>(); }
template <class T> CUNUM_HD bool signbit(T x) { return copysign(T(1), x) < T(0); }
// The largest finite value, and the largest x whose exp(x) is finite.
template <class T> CUNUM_HD T max_value();
template <> CUNUM_HD float max_value<float>() { return 3.40282347e+38f; }
template <> CUNUM_HD double max_value<double>() { return 1.7976931348623157e+308; }
template <class T> CUNUM_HD T max_exp_arg();
template <> CUNUM_HD float max_exp_arg<float>() { return 88.7228f; }
template <> CUNUM_HD double max_exp_arg<double>() { return 709.782712893384; }
}  // namespace cunum::math
