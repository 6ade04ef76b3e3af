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

// Note [i0 as NumPy computes it]
// NumPy's i0 is a Python function: |x| <= 8 takes exp(x) * chbevl(x/2 - 2, A),
// larger |x| exp(x) * chbevl(32/x - 2, B) / sqrt(x), Cephes' Chebyshev
// coefficients below, every step an array operation in x's dtype. So each
// step here is rounded to T (`r`): exact for float and double, and NumPy's
// per-operation rounding for float16. NaN takes the second branch (NaN <= 8
// is false), which gives NaN. `_i0` is an internal ufunc (cunum.i0 checks
// and converts its argument first: python/cunum/_routines/mathematical.py).
struct _i0 {
  template <class T> CUNUM_HD T operator()(T v) const {
    using C = compute_t<T>;
    constexpr double kA[30] = {
      -4.4153416464793395e-18,
      3.3307945188222384e-17,
      -2.431279846547955e-16,
      1.715391285555133e-15,
      -1.1685332877993451e-14,
      7.676185498604936e-14,
      -4.856446783111929e-13,
      2.95505266312964e-12,
      -1.726826291441556e-11,
      9.675809035373237e-11,
      -5.189795601635263e-10,
      2.6598237246823866e-09,
      -1.300025009986248e-08,
      6.046995022541919e-08,
      -2.670793853940612e-07,
      1.1173875391201037e-06,
      -4.4167383584587505e-06,
      1.6448448070728896e-05,
      -5.754195010082104e-05,
      0.00018850288509584165,
      -0.0005763755745385824,
      0.0016394756169413357,
      -0.004324309995050576,
      0.010546460394594998,
      -0.02373741480589947,
      0.04930528423967071,
      -0.09490109704804764,
      0.17162090152220877,
      -0.3046826723431984,
      0.6767952744094761};
    constexpr double kB[25] = {
      -7.233180487874754e-18,
      -4.830504485944182e-18,
      4.46562142029676e-17,
      3.461222867697461e-17,
      -2.8276239805165836e-16,
      -3.425485619677219e-16,
      1.7725601330565263e-15,
      3.8116806693526224e-15,
      -9.554846698828307e-15,
      -4.150569347287222e-14,
      1.54008621752141e-14,
      3.8527783827421426e-13,
      7.180124451383666e-13,
      -1.7941785315068062e-12,
      -1.3215811840447713e-11,
      -3.1499165279632416e-11,
      1.1889147107846439e-11,
      4.94060238822497e-10,
      3.3962320257083865e-09,
      2.266668990498178e-08,
      2.0489185894690638e-07,
      2.8913705208347567e-06,
      6.889758346916825e-05,
      0.0033691164782556943,
      0.8044904110141088};
    const C x = C(T(math::fabs(C(v))));
    const bool small = x <= C(8);
    const C t = small ? r<T>(r<T>(x / C(2)) - C(2)) : r<T>(r<T>(C(32) / x) - C(2));
    const double* k = small ? kA : kB;
    const int n = small ? 30 : 25;
    C b0 = r<T>(C(k[0])), b1 = C(0), b2 = C(0);
    for (int i = 1; i < n; ++i) {
      b2 = b1;
      b1 = b0;
      b0 = r<T>(r<T>(r<T>(t * b1) - b2) + r<T>(C(k[i])));
    }
    const C cheb = r<T>(C(0.5) * r<T>(b0 - b2));
    const C e = r<T>(r<T>(math::exp(x)) * cheb);
    return small ? T(e) : T(e / r<T>(math::sqrt(x)));
  }
  template <class T, class C> CUNUM_HD static C r(C z) { return C(T(z)); }
};

}  // namespace cunum::ops
