// cunum/kernels/scans.hpp — the scans (inclusive prefix operations along one
// axis: cumsum, cumprod, nancumsum, nancumprod) as descriptors, compiled into
// the CPU backend's scan loop and named in the CUDA backend's generated scan
// kernels.
//
// Note [Scan descriptors]
// A scan over loop dtype T (the accumulation dtype NumPy resolves: int64 for
// cumsum of int8, the dtype= given ...) is
//   identity()     the value before the first element (-0.0 or 0, or 1)
//   load(v)        an element, already converted to T, as it enters the scan
//                  (the nan scans replace NaN by 0 or 1 here)
//   combine(a, b)  a then b: associative, so the GPU may group the elements
//                  as its tiles do; the CPU combines strictly left to right,
//                  as NumPy's accumulate does.
// T is the accumulator as well: a float16 cumsum rounds every partial sum to
// float16, as NumPy's add.accumulate does (on the GPU the partial sums are
// grouped differently: the rounding differs in the last bits).
#pragma once
#include "convert.hpp"  // by base name: Note [Header names under NVRTC] in ops_all.hpp

namespace cunum::scans {

namespace detail {
template <class T> CUNUM_HD bool isnan(T v) {
  if constexpr (traits::is_complex_v<T>) return v.re != v.re || v.im != v.im;
  else if constexpr (traits::is_float_v<T>) return !((traits::compute_t<T>)v == (traits::compute_t<T>)v);
  else return false;
}
template <class T> CUNUM_HD T add(T a, T b) {
  if constexpr (traits::info<T>::is_bool) return a || b;
  else if constexpr (traits::is_int_v<T>) {
    using U = typename traits::info<T>::unsigned_type;
    return (T)(U)((U)a + (U)b);  // NumPy wraps
  } else return a + b;
}
template <class T> CUNUM_HD T mul(T a, T b) {
  if constexpr (traits::info<T>::is_bool) return a && b;
  else if constexpr (traits::is_int_v<T>) {
    using U = typename traits::info<T>::unsigned_type;
    return (T)(U)((U)a * (U)b);
  } else if constexpr (traits::is_complex_v<T>) {
    return math::mul_fused(a, b);  // as multiply (Note [Complex multiply])
  } else return a * b;
}

// A sum's identity is -0.0 for floats: -0.0 + x is x for every x, where
// +0.0 + -0.0 is +0.0. NumPy's add.accumulate starts from the first element,
// so cumsum([-0.0, -0.0]) is [-0.0, -0.0]; a NaN in nancumsum becomes +0.0.
template <class T> CUNUM_HD T zero(bool negative) {
  T z = convert<T>(0);
  if (!negative) return z;
  if constexpr (traits::is_complex_v<T>) {
    z.re = -z.re;
    z.im = -z.im;
    return z;
  } else if constexpr (traits::is_float_v<T>) {
    return convert<T>(-0.0);
  } else {
    return z;
  }
}
}  // namespace detail

template <class T> struct cumsum {
  CUNUM_HD static T identity() { return detail::zero<T>(true); }
  CUNUM_HD static T load(T v) { return v; }
  CUNUM_HD static T combine(T a, T b) { return detail::add(a, b); }
};
template <class T> struct cumprod {
  CUNUM_HD static T identity() { return convert<T>(1); }
  CUNUM_HD static T load(T v) { return v; }
  CUNUM_HD static T combine(T a, T b) { return detail::mul(a, b); }
};
template <class T> struct nancumsum : cumsum<T> {
  CUNUM_HD static T load(T v) { return detail::isnan(v) ? detail::zero<T>(false) : v; }
};
template <class T> struct nancumprod : cumprod<T> {
  CUNUM_HD static T load(T v) { return detail::isnan(v) ? cumprod<T>::identity() : v; }
};

}  // namespace cunum::scans
