// cunum/kernels/ops_trigonometric.hpp — trigonometric ufuncs beyond the basic
// ones of ops.hpp (Note [One definition of each op] in ops.hpp).
#pragma once
#include "ops.hpp"  // by base name: Note [Header names under NVRTC] in ops_all.hpp

namespace cunum::ops {

// sqrt(a**2 + b**2) without undue overflow or underflow.
struct hypot {
  template <class T> CUNUM_HD T operator()(T a, T b) const {
    using C = compute_t<T>;
    return T(math::hypot((C)a, (C)b));
  }
};

}  // namespace cunum::ops
