// cunum/kernels/convert.hpp — value conversion between any two cunum scalar
// types, as NumPy's astype(casting='unsafe') does it: to bool is "!= 0",
// complex to real drops the imaginary part, half goes through float.
#pragma once
#include "complex.hpp"
#include "half.hpp"
#include "traits.hpp"

namespace cunum {

template <class To, class From> CUNUM_HD To convert(From x) {
  if constexpr (traits::info<To>::is_bool) {
    if constexpr (traits::is_complex_v<From>) return x.re != 0 || x.im != 0;
    else if constexpr (traits::is_float_v<From>) return (traits::compute_t<From>)x != 0;
    else return x != 0;
  } else if constexpr (traits::is_complex_v<To>) {
    using R = typename traits::info<To>::real_type;
    if constexpr (traits::is_complex_v<From>) return To((R)x.re, (R)x.im);
    else return To(convert<R>(x), R(0));
  } else if constexpr (traits::is_complex_v<From>) {
    return convert<To>(x.re);
  } else if constexpr (traits::is_float_v<From> && !traits::is_float_v<To>) {
    // float -> integer goes through int64, as NumPy's casts do on x86: -6.0
    // becomes 250 in uint8 on every backend (a direct C cast is undefined
    // there, and GPUs would saturate to 0).
    using C = traits::compute_t<From>;
    const C v = (C)x;
    if constexpr (sizeof(To) == 8 && !traits::info<To>::is_signed) {
      return v < C(0) ? (To)(long long)v : (To)v;
    } else {
      return (To)(long long)v;
    }
  } else if constexpr (traits::info<From>::is_bool) {
    return To(x ? 1 : 0);
  } else {
    return (To)x;
  }
}

}  // namespace cunum
