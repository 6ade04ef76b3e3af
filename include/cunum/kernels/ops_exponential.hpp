// cunum/kernels/ops_exponential.hpp — exponents and logarithms beyond exp and
// log (ops.hpp): exp2, expm1, log1p, log2, log10, logaddexp, logaddexp2, cbrt
// (Note [One definition of each op] in ops.hpp).
#pragma once
#include "ops.hpp"  // by base name: Note [Header names under NVRTC] in ops_all.hpp

namespace cunum::math {
// Note [Complex exponents and logarithms]
// NumPy computes these from its own formulas, not the C library's: exp2 is
// exp(z ln 2); expm1 is (expm1(x) cos y - 2 sin^2(y/2)) + i e^x sin y;
// log1p is log|1 + z| + i arg(1 + z); log2 and log10 scale log z.
template <class T> CUNUM_HD complex<T> exp2(complex<T> z) {
  const T ln2 = T(0.69314718055994530942);
  return exp(complex<T>{z.re * ln2, z.im * ln2});
}
template <class T> CUNUM_HD complex<T> expm1(complex<T> z) {
  const T s = sin(z.im * T(0.5));
  return {expm1(z.re) * cos(z.im) - T(2) * s * s, exp(z.re) * sin(z.im)};
}
template <class T> CUNUM_HD complex<T> log1p(complex<T> z) {
  const T xp1 = z.re + T(1);
  return {log(hypot(xp1, z.im)), atan2(z.im, xp1)};
}
template <class T> CUNUM_HD complex<T> log2(complex<T> z) {
  const complex<T> l = log(z);
  const T k = T(1.44269504088896340736);
  return {l.re * k, l.im * k};
}
template <class T> CUNUM_HD complex<T> log10(complex<T> z) {
  const complex<T> l = log(z);
  const T k = T(0.43429448190325182765);
  return {l.re * k, l.im * k};
}
}  // namespace cunum::math

namespace cunum::ops {

#define CUNUM_EXP_UNARY(name)                                      \
  struct name {                                                    \
    template <class T> CUNUM_HD T operator()(T a) const {          \
      if constexpr (traits::is_complex_v<T>) return math::name(a); \
      else {                                                       \
        using C = compute_t<T>;                                    \
        return T(math::name((C)a));                                \
      }                                                            \
    }                                                              \
  };
CUNUM_EXP_UNARY(exp2)
CUNUM_EXP_UNARY(expm1)
CUNUM_EXP_UNARY(log1p)
CUNUM_EXP_UNARY(log2)
CUNUM_EXP_UNARY(log10)
CUNUM_EXP_UNARY(cbrt)  // real loops only
#undef CUNUM_EXP_UNARY

// log(exp(a) + exp(b)) without overflow, as NumPy: equal arguments (also
// infinities of one sign) give a + log 2; a NaN gives NaN.
struct logaddexp {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    using C = compute_t<T>;
    const C x = a, y = b;
    if (x == y) return T(x + C(0.69314718055994530942));
    const C d = x - y;
    if (d > C(0)) return T(x + math::log1p(math::exp(-d)));
    if (d <= C(0)) return T(y + math::log1p(math::exp(d)));
    return T(d);
  }
};
// log2(2**a + 2**b)
struct logaddexp2 {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    using C = compute_t<T>;
    const C x = a, y = b, log2e = C(1.44269504088896340736);
    if (x == y) return T(x + C(1));
    const C d = x - y;
    if (d > C(0)) return T(x + log2e * math::log1p(math::exp2(-d)));
    if (d <= C(0)) return T(y + log2e * math::log1p(math::exp2(d)));
    return T(d);
  }
};

}  // namespace cunum::ops
