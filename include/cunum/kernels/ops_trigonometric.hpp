// cunum/kernels/ops_trigonometric.hpp — trigonometric and hyperbolic ufuncs
// beyond the basic ones of ops.hpp, and the angle conversions (Note [One
// definition of each op] in ops.hpp).
#pragma once
#include "complex_trig.hpp"  // by base name: Note [Header names under NVRTC] in ops_all.hpp
#include "ops.hpp"

namespace cunum::ops {

// sqrt(a**2 + b**2) without undue overflow or underflow.
struct hypot {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    using C = compute_t<T>;
    return T(math::hypot((C)a, (C)b));
  }
};

// Real types through the C library (float for half), complex ones through
// complex_trig.hpp (Note [Complex inverse functions]).
#define CUNUM_TRIG_UNARY(name, fn)                                 \
  struct name {                                                    \
    template <class T> CUNUM_HD T operator()(T a) const {          \
      if constexpr (traits::is_complex_v<T>) return math::fn(a);   \
      else {                                                       \
        using C = compute_t<T>;                                    \
        return T(math::fn((C)a));                                  \
      }                                                            \
    }                                                              \
  };
CUNUM_TRIG_UNARY(tan, tan)
CUNUM_TRIG_UNARY(arcsin, asin)
CUNUM_TRIG_UNARY(arccos, acos)
CUNUM_TRIG_UNARY(arctan, atan)
CUNUM_TRIG_UNARY(sinh, sinh)
CUNUM_TRIG_UNARY(cosh, cosh)
CUNUM_TRIG_UNARY(arcsinh, asinh)
CUNUM_TRIG_UNARY(arccosh, acosh)
CUNUM_TRIG_UNARY(arctanh, atanh)
#undef CUNUM_TRIG_UNARY

struct arctan2 {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    using C = compute_t<T>;
    return T(math::atan2((C)a, (C)b));
  }
};

// NumPy multiplies by the constant rounded to the loop's type (float for half).
struct deg2rad {
  template <class T> CUNUM_HD T operator()(T a) const {
    using C = compute_t<T>;
    return T((C)a * C(0.017453292519943295));
  }
};
struct rad2deg {
  template <class T> CUNUM_HD T operator()(T a) const {
    using C = compute_t<T>;
    return T((C)a * C(57.295779513082323));
  }
};
using radians = deg2rad;
using degrees = rad2deg;

}  // namespace cunum::ops
