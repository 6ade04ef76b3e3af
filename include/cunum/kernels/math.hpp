// cunum/kernels/math.hpp — overloaded real math for float and double that maps
// to the C library on the host and to CUDA's builtins on the device (both
// provide ::sinf, ::sin, ... in the global namespace).
#pragma once
#include "../config.hpp"

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
CUNUM_MATH2(pow)
CUNUM_MATH2(fmod)
CUNUM_MATH2(atan2)
CUNUM_MATH2(hypot)
CUNUM_MATH2(copysign)
#undef CUNUM_MATH1
#undef CUNUM_MATH2
template <class T> CUNUM_HD bool isnan(T x) { return x != x; }
template <class T> CUNUM_HD T inf() { return (T)(1.0 / 0.0); }
template <class T> CUNUM_HD T nan() { return (T)(0.0 / 0.0); }
}  // namespace cunum::math
