// cunum/kernels/ops_floating.hpp — the floating-point chapter: ufuncs with two
// outputs or inputs of mixed dtypes, the floating-point functions (copysign,
// nextafter, spacing, signbit, fabs, heaviside, fmax, fmin), rounding (rint,
// floor, ceil, trunc) and classification (isfinite, isinf, isnan) (Note [One
// definition of each op] in ops.hpp). A two-output functor writes its results
// through references.
#pragma once
#include "ops.hpp"  // by base name: Note [Header names under NVRTC] in ops_all.hpp

namespace cunum::math {
CUNUM_HD float ldexp(float x, int e) { return ::ldexpf(x, e); }
CUNUM_HD double ldexp(double x, int e) { return ::ldexp(x, e); }
CUNUM_HD float frexp(float x, int* e) { return ::frexpf(x, e); }
CUNUM_HD double frexp(double x, int* e) { return ::frexp(x, e); }
CUNUM_HD float modf(float x, float* i) { return ::modff(x, i); }
CUNUM_HD double modf(double x, double* i) { return ::modf(x, i); }
}  // namespace cunum::math

namespace cunum::ops {

// (floor_divide(a, b), remainder(a, b)), as NumPy's divmod.
struct divmod {
  template <class T> CUNUM_HD void operator()(T a, T b, T& q, T& r) const {
    q = floor_divide{}(a, b);
    r = remainder{}(a, b);
  }
};

// x * 2**e; the exponent is an int32 or int64 (clamped: any |e| past the
// int range already over- or underflows every float type).
struct ldexp {
  template <class T, class I> CUNUM_HD T operator()(T x, I e) const {
    using C = compute_t<T>;
    const long long v = (long long)e;
    const int k = v > 2147483647LL ? 2147483647 : v < -2147483647LL - 1 ? -2147483647 - 1 : (int)v;
    return T(math::ldexp((C)x, k));
  }
};

// x = mantissa * 2**exponent with 0.5 <= |mantissa| < 1 (0, inf and nan
// give themselves and exponent 0).
struct frexp {
  template <class T> CUNUM_HD void operator()(T x, T& m, int32_t& e) const {
    using C = compute_t<T>;
    int k = 0;
    const C c = (C)x;
    if (math::isnan(c) || c == C(0) || c - c != C(0)) {  // nan, ±0, ±inf
      m = x;
      e = 0;
      return;
    }
    m = T(math::frexp(c, &k));
    e = k;
  }
};

// (fractional part, integral part), both with x's sign.
struct modf {
  template <class T> CUNUM_HD void operator()(T x, T& frac, T& whole) const {
    using C = compute_t<T>;
    C w;
    const C f = math::modf((C)x, &w);
    frac = T(f);
    whole = T(w);
  }
};

struct copysign {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    using C = compute_t<T>;
    return T(math::copysign((C)a, (C)b));
  }
};

// The next representable value after a towards b. float16 works on the bits
// as NumPy's npy_half_nextafter does; equal arguments give b as C99 says and
// NumPy 2.5 does (NumPy up to 2.4 gave a: nextafter(0.0, -0.0) was +0.0).
struct nextafter {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (sizeof(T) == 2) {
      const float x = a, y = b;
      if (math::isnan(x) || math::isnan(y)) return T(math::nan<float>());
      if (x == y) return b;
      if (x == 0.0f) return T::from_bits((uint16_t)((b.bits & 0x8000u) | 1u));
      const bool away = (x < y) == (x > 0.0f);  // towards larger magnitude
      return T::from_bits((uint16_t)(away ? a.bits + 1u : a.bits - 1u));
    } else {
      return math::nextafter(a, b);
    }
  }
};

// The distance to the next value of larger magnitude, with x's sign (NaN for
// infinities and NaN; +0.0 and -0.0 both give the smallest subnormal).
// float16 is NumPy's npy_half_spacing: always positive, and for a negative
// power of two the (smaller) step towards zero.
struct spacing {
  template <class T> CUNUM_HD T operator()(T a) const {
    if constexpr (sizeof(T) == 2) {
      const uint16_t h = a.bits, e = (uint16_t)(h & 0x7c00u), m = (uint16_t)(h & 0x03ffu);
      if (e == 0x7c00u) return T::from_bits(0x7e00u);
      if (h == 0x7bffu) return T::from_bits(0x7c00u);
      if ((h & 0x8000u) && m == 0) {
        if (e > 0x2c00u) return T::from_bits((uint16_t)(e - 0x2c00u));
        if (e > 0x0400u) return T::from_bits((uint16_t)(1u << ((e >> 10) - 2u)));
        return T::from_bits(1u);
      }
      if (e > 0x2800u) return T::from_bits((uint16_t)(e - 0x2800u));
      if (e > 0x0400u) return T::from_bits((uint16_t)(1u << ((e >> 10) - 1u)));
      return T::from_bits(1u);
    } else {
      if (!math::isfinite(a)) return math::nan<T>();
      return math::nextafter(a, a < T(0) ? -math::inf<T>() : math::inf<T>()) - a;
    }
  }
};

struct signbit {
  template <class T> CUNUM_HD bool operator()(T a) const {
    if constexpr (sizeof(T) == 2) return (a.bits & 0x8000u) != 0;
    else return math::signbit(a);
  }
};

struct fabs {
  template <class T> CUNUM_HD T operator()(T a) const {
    using C = compute_t<T>;
    return T(math::fabs((C)a));
  }
};

// 0 for x < 0, h0 for x == 0, 1 for x > 0, NaN for NaN.
struct heaviside {
  template <class T> CUNUM_HD T operator()(T x, T h0) const {
    using C = compute_t<T>;
    const C v = x;
    if (math::isnan(v)) return T(math::nan<C>());
    if (v == C(0)) return h0;
    return T(v < C(0) ? C(0) : C(1));
  }
};

// maximum and minimum that ignore a NaN operand. Equal operands: as
// maximum and minimum (Note [Extrema of equal values] in ops.hpp).
struct fmax {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (traits::is_float_v<T> && sizeof(T) >= 4) {
      if (math::isnan(b)) return a;
      return (a > b) ? a : b;
    } else if constexpr (traits::is_float_v<T> || traits::is_complex_v<T>) {
      return (a >= b || math::isnan(b)) ? a : b;
    } else {
      return (a >= b) ? a : b;
    }
  }
};
struct fmin {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (traits::is_float_v<T> && sizeof(T) >= 4) {
      if (math::isnan(b)) return a;
      return (a < b) ? a : b;
    } else if constexpr (traits::is_float_v<T> || traits::is_complex_v<T>) {
      return (a <= b || math::isnan(b)) ? a : b;
    } else {
      return (a <= b) ? a : b;
    }
  }
};

// Rounding: integers and bools are their own value; complex rint rounds
// each part (half to even).
#define CUNUM_ROUNDING(name)                                                \
  struct name {                                                             \
    template <class T> CUNUM_HD T operator()(T a) const {                   \
      if constexpr (traits::is_complex_v<T>) return T(math::name(a.re), math::name(a.im)); \
      else if constexpr (traits::is_float_v<T>) {                           \
        using C = compute_t<T>;                                             \
        return T(math::name((C)a));                                         \
      } else return a;                                                      \
    }                                                                       \
  };
CUNUM_ROUNDING(rint)
CUNUM_ROUNDING(floor)
CUNUM_ROUNDING(ceil)
CUNUM_ROUNDING(trunc)
#undef CUNUM_ROUNDING

// Classification: integers and bools are finite numbers.
struct isfinite {
  template <class T> CUNUM_HD bool operator()(T a) const {
    if constexpr (traits::is_complex_v<T>) return math::isfinite(a.re) && math::isfinite(a.im);
    else if constexpr (traits::is_float_v<T>) return math::isfinite((compute_t<T>)a);
    else return true;
  }
};
struct isinf {
  template <class T> CUNUM_HD bool operator()(T a) const {
    if constexpr (traits::is_complex_v<T>) return math::isinf(a.re) || math::isinf(a.im);
    else if constexpr (traits::is_float_v<T>) return math::isinf((compute_t<T>)a);
    else return false;
  }
};
struct isnan {
  template <class T> CUNUM_HD bool operator()(T a) const {
    if constexpr (traits::is_complex_v<T>) return math::isnan(a.re) || math::isnan(a.im);
    else if constexpr (traits::is_float_v<T>) return math::isnan((compute_t<T>)a);
    else return false;
  }
};

}  // namespace cunum::ops
