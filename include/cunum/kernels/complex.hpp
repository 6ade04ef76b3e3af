// cunum/kernels/complex.hpp — a light complex type for host and device.
// libcu++'s <cuda/std/complex> costs about a second of NVRTC time per kernel;
// this header costs almost nothing. Division uses Smith's algorithm, as NumPy
// does. The elementary functions are in complex_math.hpp.
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
// The textbook product, each product rounded on its own (no FMA on any
// backend): what NumPy's power computes its integer powers with.
template <class T> CUNUM_HD complex<T> operator*(complex<T> a, complex<T> b) {
  return {math::mul_rn(a.re, b.re) - math::mul_rn(a.im, b.im),
          math::mul_rn(a.re, b.im) + math::mul_rn(a.im, b.re)};
}
template <class T> CUNUM_HD complex<T> operator/(complex<T> a, complex<T> b) {
  // Smith's algorithm (what NumPy uses): avoids overflow in |b|^2. Each
  // product is rounded on its own (mul_rn): fused into an FMA, a product
  // that underflows keeps its sign (-0.0 + 0.0 becomes -0.0 on the GPU).
  T abs_br = math::fabs(b.re), abs_bi = math::fabs(b.im);
  if (abs_br >= abs_bi) {
    if (abs_br == T(0) && abs_bi == T(0)) return {a.re / abs_br, a.im / abs_bi};
    T rat = b.im / b.re, scl = T(1) / (b.re + math::mul_rn(b.im, rat));
    return {(a.re + math::mul_rn(a.im, rat)) * scl, (a.im - math::mul_rn(a.re, rat)) * scl};
  }
  T rat = b.re / b.im, scl = T(1) / (b.im + math::mul_rn(b.re, rat));
  return {(math::mul_rn(a.re, rat) + a.im) * scl, (math::mul_rn(a.im, rat) - a.re) * scl};
}
template <class T> CUNUM_HD bool operator==(complex<T> a, complex<T> b) { return a.re == b.re && a.im == b.im; }
template <class T> CUNUM_HD bool operator!=(complex<T> a, complex<T> b) { return !(a == b); }
// NumPy orders complex numbers lexicographically (real part first); a NaN in
// either imaginary part makes a comparison decided by the real parts false.
template <class T> CUNUM_HD bool operator<(complex<T> a, complex<T> b) {
  return (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im < b.im);
}
template <class T> CUNUM_HD bool operator<=(complex<T> a, complex<T> b) {
  return (a.re < b.re && a.im == a.im && b.im == b.im) || (a.re == b.re && a.im <= b.im);
}
template <class T> CUNUM_HD bool operator>(complex<T> a, complex<T> b) { return b < a; }
template <class T> CUNUM_HD bool operator>=(complex<T> a, complex<T> b) { return b <= a; }

namespace math {
template <class T> CUNUM_HD bool isnan(complex<T> z) { return z.re != z.re || z.im != z.im; }

// Note [Complex multiply]
// NumPy's multiply loop on x86-64 (AVX2/AVX-512 with FMA) computes
// re = fma(ar, br, -(ai * bi)) and im = fma(ar, bi, ai * br); the fused
// product decides which infinities survive (max+inf j times inf-max j is
// inf+inf j, not inf+nan j). cunum's multiply computes exactly that on every
// backend (an explicit fma is never re-associated by the compiler).
template <class T> CUNUM_HD complex<T> mul_fused(complex<T> a, complex<T> b) {
  return {fma(a.re, b.re, -mul_rn(a.im, b.im)), fma(a.re, b.im, mul_rn(a.im, b.re))};
}

template <class T> CUNUM_HD T box_inf(T v) { return copysign(isinf(v) ? T(1) : T(0), v); }
template <class T> CUNUM_HD T nan_to_zero(T v) { return isnan(v) ? copysign(T(0), v) : v; }

// The product of C99 Annex G (G.5.1): the textbook product, and where both
// parts come out NaN from infinite operands, the infinities are recovered.
// This is what a C `_Complex` multiply does (so glibc's cpow).
template <class T> CUNUM_HD complex<T> mul_annex_g(complex<T> l, complex<T> r) {
  T a = l.re, b = l.im, c = r.re, d = r.im;
  const T ac = mul_rn(a, c), bd = mul_rn(b, d), ad = mul_rn(a, d), bc = mul_rn(b, c);
  T x = ac - bd, y = ad + bc;
  if (isnan(x) && isnan(y)) {
    bool recalc = false;
    if (isinf(a) || isinf(b)) {
      a = box_inf(a); b = box_inf(b); c = nan_to_zero(c); d = nan_to_zero(d);
      recalc = true;
    }
    if (isinf(c) || isinf(d)) {
      c = box_inf(c); d = box_inf(d); a = nan_to_zero(a); b = nan_to_zero(b);
      recalc = true;
    }
    if (!recalc && (isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) {
      a = nan_to_zero(a); b = nan_to_zero(b); c = nan_to_zero(c); d = nan_to_zero(d);
      recalc = true;
    }
    if (recalc) {
      x = inf<T>() * (mul_rn(a, c) - mul_rn(b, d));
      y = inf<T>() * (mul_rn(a, d) + mul_rn(b, c));
    }
  }
  return {x, y};
}
}  // namespace math
}  // namespace cunum

#include "complex_math.hpp"
