// cunum/kernels/ops_arithmetic.hpp — arithmetic ufuncs beyond ops.hpp's
// (fmod, float_power, reciprocal, conjugate, square, sign) and the integer
// ones (gcd, lcm, bitwise_count) (Note [One definition of each op] in ops.hpp).
#pragma once
#include "convert.hpp"  // by base name: Note [Header names under NVRTC] in ops_all.hpp
#include "ops.hpp"

namespace cunum::ops {

// C's remainder of truncated division: the sign of the dividend. Integer
// division by zero gives 0 (and MIN % -1 gives 0, not a trap), as in NumPy.
struct fmod {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (traits::is_int_v<T>) {
      if (b == 0) return T(0);
      if constexpr (traits::is_signed_int_v<T>) {
        if (b == T(-1)) return T(0);
      }
      return (T)(a % b);
    } else {
      using C = compute_t<T>;
      return T(math::fmod((C)a, (C)b));
    }
  }
};

// power in float64 or complex128 (its only loops): power's float path.
struct float_power {
  template <class T> CUNUM_HD T operator()(T a, T b) const { return power{}(a, b); }
};

// 1 / x. Integers divide in float64 and convert as NumPy's cast does
// (Note [Float to integer casts]): 1 / 0 is -2^31 for int32, 0 for int8.
// Complex: NumPy's own Smith-style quotient, each product rounded on its
// own (mul_rn: never fused into an FMA on the GPU, as in complex division).
struct reciprocal {
  template <class T> CUNUM_HD T operator()(T a) const {
    if constexpr (traits::is_int_v<T>) return convert<T>(1.0 / (double)a);
    else if constexpr (traits::is_complex_v<T>) {
      using R = typename traits::info<T>::real_type;
      if (math::fabs(a.im) <= math::fabs(a.re)) {
        const R r = a.im / a.re, d = a.re + math::mul_rn(a.im, r);
        return T(R(1) / d, -r / d);
      }
      const R r = a.re / a.im, d = math::mul_rn(a.re, r) + a.im;
      return T(r / d, R(-1) / d);
    } else {
      using C = compute_t<T>;
      return T(C(1) / (C)a);
    }
  }
};

// cunumx.rsqrt (CuPy's cupyx.rsqrt): 1 / sqrt(x) with the root and the
// quotient each rounded correctly, not CUDA's rsqrt (up to 2 ulp off), so
// the CPU and the GPU agree; float16 computes in float. Complex: the
// reciprocal above of NumPy's complex sqrt.
struct rsqrt {
  template <class T> CUNUM_HD T operator()(T a) const {
    if constexpr (traits::is_complex_v<T>) return reciprocal{}(math::sqrt(a));
    else {
      using C = compute_t<T>;
      return T(C(1) / math::sqrt((C)a));
    }
  }
};

struct conjugate {
  template <class T> CUNUM_HD T operator()(T a) const {
    if constexpr (traits::is_complex_v<T>) return T(a.re, -a.im);
    else return a;
  }
};

struct square {
  template <class T> CUNUM_HD T operator()(T a) const {
    if constexpr (traits::is_int_v<T>) return detail::wrap_mul(a, a);
    else if constexpr (traits::is_complex_v<T>) return math::mul_fused(a, a);  // as multiply
    else {
      using C = compute_t<T>;
      const C x = a;
      return T(x * x);
    }
  }
};

// -1, 0 or 1 (NaN stays NaN; -0.0 gives 0.0). Complex (NumPy 2): z / |z|,
// 0 for 0, NaN when |z| is NaN or both parts are infinite, and the unit
// along the infinite part when one is.
struct sign {
  template <class T> CUNUM_HD T operator()(T a) const {
    if constexpr (traits::is_complex_v<T>) {
      using R = typename traits::info<T>::real_type;
      const R m = math::hypot(a.re, a.im);
      if (math::isnan(m)) return T(math::nan<R>(), math::nan<R>());
      if (math::isinf(m)) {
        if (math::isinf(a.re)) {
          if (math::isinf(a.im)) return T(math::nan<R>(), math::nan<R>());
          return T(a.re > R(0) ? R(1) : R(-1), R(0));
        }
        return T(R(0), a.im > R(0) ? R(1) : R(-1));
      }
      if (m == R(0)) return T(R(0), R(0));
      return T(a.re / m, a.im / m);
    } else if constexpr (traits::is_float_v<T>) {
      using C = compute_t<T>;
      const C x = a;
      return T(x > C(0) ? C(1) : x < C(0) ? C(-1) : x == C(0) ? C(0) : x);
    } else if constexpr (traits::is_signed_int_v<T>) {
      return T(a > 0 ? 1 : a < 0 ? -1 : 0);
    } else {
      return T(a > 0 ? 1 : 0);
    }
  }
};

namespace detail {
// |a| in the unsigned type of T's width (the minimum of a signed type has
// no positive value: its magnitude as unsigned, as NumPy's C loops compute).
template <class T> CUNUM_HD typename traits::info<T>::unsigned_type magnitude(T a) {
  using U = typename traits::info<T>::unsigned_type;
  if constexpr (traits::is_signed_int_v<T>) return a < 0 ? (U)(U(0) - (U)a) : (U)a;
  else return (U)a;
}
template <class U> CUNUM_HD U gcd_unsigned(U a, U b) {
  while (b != 0) {
    const U t = (U)(a % b);
    a = b;
    b = t;
  }
  return a;
}
}  // namespace detail

struct gcd {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    return (T)detail::gcd_unsigned(detail::magnitude(a), detail::magnitude(b));
  }
};

// |a| / gcd * |b|, wrapping in T's width as NumPy's loops do.
struct lcm {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    using U = typename traits::info<T>::unsigned_type;
    const U ua = detail::magnitude(a), ub = detail::magnitude(b);
    const U g = detail::gcd_unsigned(ua, ub);
    if (g == 0) return T(0);
    return (T)(U)((U)(ua / g) * ub);
  }
};

// The number of 1 bits in |x|.
struct bitwise_count {
  template <class T> CUNUM_HD uint8_t operator()(T a) const {
    uint64_t v = (uint64_t)detail::magnitude(a);
    v = v - ((v >> 1) & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (uint8_t)((v * 0x0101010101010101ull) >> 56);
  }
};

}  // namespace cunum::ops
