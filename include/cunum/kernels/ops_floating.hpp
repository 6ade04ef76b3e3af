// cunum/kernels/ops_floating.hpp — the floating-point chapter: ufuncs with two
// outputs or inputs of mixed dtypes (Note [One definition of each op] in ops.hpp).
// A two-output functor writes its results through references.
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

}  // namespace cunum::ops
