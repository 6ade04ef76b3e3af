// cunum/kernels/ops.hpp — the scalar semantics of every elementwise operation.
//
// Note [One definition of each op]
// Each op is a functor with a templated call operator over cunum's scalar
// types (bool, the integers, half, float, double, complex<float|double>).
// The CPU backend instantiates them in its loops; the CUDA backend hands this
// same text to NVRTC. So what `floor_divide` or integer `power` means lives
// here and nowhere else. The planner only calls an op on the dtypes listed in
// its loop table (src/core/ufunc_table.cpp), so each functor only needs to be
// valid for those.
#pragma once
#include "complex.hpp"
#include "errors.hpp"
#include "half.hpp"
#include "traits.hpp"

namespace cunum::ops {
using traits::compute_t;
using traits::enable_if_t;

namespace detail {
// Wrapping integer arithmetic (NumPy wraps; signed overflow is UB in C++).
template <class T> CUNUM_HD T wrap_add(T a, T b) {
  if constexpr (traits::is_int_v<T>) {
    using U = typename traits::info<T>::unsigned_type;
    return (T)(U)((U)a + (U)b);
  } else return (T)(a + b);
}
template <class T> CUNUM_HD T wrap_sub(T a, T b) {
  if constexpr (traits::is_int_v<T>) {
    using U = typename traits::info<T>::unsigned_type;
    return (T)(U)((U)a - (U)b);
  } else return (T)(a - b);
}
template <class T> CUNUM_HD T wrap_mul(T a, T b) {
  if constexpr (traits::is_int_v<T>) {
    using U = typename traits::info<T>::unsigned_type;
    return (T)(U)((U)a * (U)b);
  } else return (T)(a * b);
}
template <class T> CUNUM_HD bool truthy(T a) {
  if constexpr (traits::is_complex_v<T>) return a.re != 0 || a.im != 0;
  else if constexpr (traits::is_float_v<T>) return (compute_t<T>)a != 0;
  else return a != 0;
}
}  // namespace detail

// ---------------------------------------------------------------- arithmetic
struct add {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (traits::info<T>::is_bool) return a || b;
    else return detail::wrap_add(a, b);
  }
};
struct subtract {
  template <class T> CUNUM_HD T operator()(T a, T b) const { return detail::wrap_sub(a, b); }
};
struct multiply {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (traits::info<T>::is_bool) return a && b;
    else if constexpr (traits::is_complex_v<T>) return math::mul_fused(a, b);  // Note [Complex multiply]
    else return detail::wrap_mul(a, b);
  }
};
struct divide {
  template <class T> CUNUM_HD T operator()(T a, T b) const { return a / b; }
};
using true_divide = divide;
struct floor_divide {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (traits::is_int_v<T>) {
      if (b == 0) return T(0);
      if constexpr (traits::is_signed_int_v<T>) {
        if (b == T(-1)) return detail::wrap_sub(T(0), a);  // avoids MIN / -1 trap
        T q = a / b;
        if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
        return q;
      } else return a / b;
    } else {
      using C = compute_t<T>;
      C x = a, y = b;
      if (y == C(0)) return T(x / y);
      C mod = math::fmod(x, y);
      C div = (x - mod) / y;
      if (mod != C(0) && ((y < C(0)) != (mod < C(0)))) div -= C(1);
      C fl;
      if (div != C(0)) {
        fl = math::floor(div);
        if (div - fl > C(0.5)) fl += C(1);
      } else fl = math::copysign(C(0), x / y);
      return T(fl);
    }
  }
};
struct remainder {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (traits::is_int_v<T>) {
      if (b == 0) return T(0);
      if constexpr (traits::is_signed_int_v<T>) {
        if (b == T(-1)) return T(0);
        T r = a % b;
        if (r != 0 && ((r < 0) != (b < 0))) r += b;
        return r;
      } else return a % b;
    } else {
      using C = compute_t<T>;
      C x = a, y = b;
      if (y == C(0)) return T(math::fmod(x, y));
      C mod = math::fmod(x, y);
      if (mod != C(0)) {
        if ((y < C(0)) != (mod < C(0))) mod += y;
      } else mod = math::copysign(C(0), y);
      return T(mod);
    }
  }
};
struct power {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (traits::is_int_v<T>) {
      // NumPy raises ValueError for a negative exponent (Note [Deferred errors]).
      if constexpr (traits::is_signed_int_v<T>) {
        if (b < 0) {
          report_error(kErrNegativeIntPower);
          return T(0);
        }
      }
      T r = 1, x = a;
      while (b) {
        if (b & 1) r = detail::wrap_mul(r, x);
        x = detail::wrap_mul(x, x);
        b = (T)(b >> 1);
      }
      return r;
    } else if constexpr (traits::is_complex_v<T>) {
      return math::pow(a, b);
    } else {
      using C = compute_t<T>;
      return T(math::pow((C)a, (C)b));
    }
  }
};
struct negative {
  template <class T> CUNUM_HD T operator()(T a) const {
    if constexpr (traits::is_int_v<T>) return detail::wrap_sub(T(0), a);
    else if constexpr (traits::is_float_v<T>) return T(-(compute_t<T>)a);  // -0.0 for 0.0, not 0 - a
    else return -a;
  }
};
struct positive {
  template <class T> CUNUM_HD T operator()(T a) const { return a; }
};
struct absolute {
  template <class T> CUNUM_HD auto operator()(T a) const {
    if constexpr (traits::is_complex_v<T>) return math::abs(a);
    else if constexpr (traits::is_float_v<T>) {
      using C = compute_t<T>;
      return T(math::fabs((C)a));
    } else if constexpr (traits::is_signed_int_v<T>) return a < 0 ? detail::wrap_sub(T(0), a) : a;
    else return a;
  }
};

// ---------------------------------------------------------------- comparisons
// Two operands of different dtypes reach a comparison only through NumPy's
// mixed loops "qQ->?" and "Qq->?": int64 against uint64, exactly (C++ would
// convert the signed one to unsigned; a float64 loop would round above 2^53).
namespace detail {
template <class A, class B> CUNUM_HD int compare_mixed(A a, B b) {
  static_assert(sizeof(A) == 8 && sizeof(B) == 8, "the mixed loops are int64 against uint64");
  if constexpr (traits::is_signed_int_v<A>) {
    if (a < 0) return -1;
    const unsigned long long u = (unsigned long long)a;
    return u < b ? -1 : (u > b ? 1 : 0);
  } else {
    return -compare_mixed(b, a);
  }
}
}  // namespace detail
struct equal {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return a == b; }
  template <class A, class B> CUNUM_HD bool operator()(A a, B b) const { return detail::compare_mixed(a, b) == 0; }
};
struct not_equal {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return a != b; }
  template <class A, class B> CUNUM_HD bool operator()(A a, B b) const { return detail::compare_mixed(a, b) != 0; }
};
struct less {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return a < b; }
  template <class A, class B> CUNUM_HD bool operator()(A a, B b) const { return detail::compare_mixed(a, b) < 0; }
};
struct less_equal {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return a <= b; }
  template <class A, class B> CUNUM_HD bool operator()(A a, B b) const { return detail::compare_mixed(a, b) <= 0; }
};
struct greater {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return a > b; }
  template <class A, class B> CUNUM_HD bool operator()(A a, B b) const { return detail::compare_mixed(a, b) > 0; }
};
struct greater_equal {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return a >= b; }
  template <class A, class B> CUNUM_HD bool operator()(A a, B b) const { return detail::compare_mixed(a, b) >= 0; }
};

// ---------------------------------------------------------------- logical
struct logical_and {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return detail::truthy(a) && detail::truthy(b); }
};
struct logical_or {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return detail::truthy(a) || detail::truthy(b); }
};
struct logical_xor {
  template <class T> CUNUM_HD bool operator()(T a, T b) const { return detail::truthy(a) != detail::truthy(b); }
};
struct logical_not {
  template <class T> CUNUM_HD bool operator()(T a) const { return !detail::truthy(a); }
};

// ---------------------------------------------------------------- bitwise
struct bitwise_and { template <class T> CUNUM_HD T operator()(T a, T b) const { return (T)(a & b); } };
struct bitwise_or { template <class T> CUNUM_HD T operator()(T a, T b) const { return (T)(a | b); } };
struct bitwise_xor { template <class T> CUNUM_HD T operator()(T a, T b) const { return (T)(a ^ b); } };
struct invert {
  template <class T> CUNUM_HD T operator()(T a) const {
    if constexpr (traits::info<T>::is_bool) return !a;
    else return (T)(~a);
  }
};
// Shifts by the bit width or more give 0 (or -1 for a negative right operand
// shifted right), as in NumPy; negative shift counts behave as huge ones.
struct left_shift {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if ((unsigned long long)(long long)b >= sizeof(T) * 8) return T(0);
    using U = typename traits::info<T>::unsigned_type;
    return (T)(U)((U)a << b);
  }
};
struct right_shift {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if ((unsigned long long)(long long)b >= sizeof(T) * 8) return (a < 0) ? T(-1) : T(0);
    return (T)(a >> b);
  }
};

// ---------------------------------------------------------------- extrema
// NaN propagates: if either operand is NaN the result is that NaN.
// Note [Extrema of equal values]
// Which of two equal operands comes out is visible for +-0.0. NumPy's
// float32/float64 loops on x86-64 (maxps/minps) return the second operand,
// its float16 and complex loops the first; a reduction folds left to right.
// cunum does the same, so maximum(-0.0, 0.0) is 0.0 and min([0.0, -0.0]) is
// -0.0. (Which zero a long reduction over mixed zeros returns depends on the
// reduction order, in NumPy's SIMD loops as in cunum's GPU ones.)
// For float32/float64 the compare-select below is written as maxps/minps
// compute it (`a > b ? a : b`, then a NaN `a` kept), which compilers turn
// into those instructions: three vector instructions per maximum instead of
// eight, what keeps the CPU's column reductions at memory speed.
struct maximum {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (traits::is_float_v<T> && sizeof(T) >= 4) {
      const T m = (a > b) ? a : b;  // b when b is NaN
      return math::isnan(a) ? a : m;
    } else {
      if constexpr (traits::is_float_v<T> || traits::is_complex_v<T>) {
        if (math::isnan(a)) return a;
        if (math::isnan(b)) return b;
      }
      return (a >= b) ? a : b;
    }
  }
};
struct minimum {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    if constexpr (traits::is_float_v<T> && sizeof(T) >= 4) {
      const T m = (a < b) ? a : b;  // b when b is NaN
      return math::isnan(a) ? a : m;
    } else {
      if constexpr (traits::is_float_v<T> || traits::is_complex_v<T>) {
        if (math::isnan(a)) return a;
        if (math::isnan(b)) return b;
      }
      return (a <= b) ? a : b;
    }
  }
};

// ---------------------------------------------------------------- transcendental
// Real types compute in float (for half) or their own precision.
#define CUNUM_UNARY_MATH(name)                                     \
  struct name {                                                    \
    template <class T> CUNUM_HD T operator()(T a) const {          \
      if constexpr (traits::is_complex_v<T>) return math::name(a); \
      else {                                                       \
        using C = compute_t<T>;                                    \
        return T(math::name((C)a));                                \
      }                                                            \
    }                                                              \
  };
CUNUM_UNARY_MATH(sqrt)
CUNUM_UNARY_MATH(exp)
CUNUM_UNARY_MATH(log)
CUNUM_UNARY_MATH(sin)
CUNUM_UNARY_MATH(cos)
CUNUM_UNARY_MATH(tanh)
#undef CUNUM_UNARY_MATH

}  // namespace cunum::ops
