// cunum/kernels/convert.hpp — value conversion between any two cunum scalar
// types, as NumPy's astype(casting='unsafe') does it: to bool is "!= 0",
// complex to real drops the imaginary part, half goes through float.
#pragma once
#include "complex.hpp"
#include "half.hpp"
#include "traits.hpp"

namespace cunum {

namespace detail {
// Note [Float to integer casts]
// C++ leaves the conversion of NaN, an infinity or an out-of-range float to an
// integer undefined: x86-64 gives the "integer indefinite" value (the minimum
// of the 32- or 64-bit signed register), CUDA saturates, and the two backends
// disagreed (inf -> int32: 0 on the CPU, -1 on the GPU; NumPy -2^31). cunum
// defines it as NumPy's casts compute it on x86-64 (its scalar and strided
// loops), on every backend:
// - int8, int16, uint8, uint16, int32: truncate to int32 (indefinite:
//   -2^31), then keep the low bits: 300.0 -> uint8 44, -6.0 -> 250, nan -> 0;
// - int64, uint32: truncate to int64 (indefinite: -2^63), then keep the low
//   bits: -1.0 -> uint32 4294967295, nan -> uint32 0;
// - uint64: values >= 2^63 are truncated after subtracting 2^63 (the top bit
//   set back), others as int64: nan and -inf -> 2^63, +inf -> 0.
// (NumPy's contiguous SIMD loop for uint32 differs from its own scalar loop
// for values out of range: nan -> 2^31 there; tests compare with the latter.)
template <class C> CUNUM_HD long long trunc_to_int64(C v) {
  if (v >= C(-9223372036854775808.0) && v < C(9223372036854775808.0)) return (long long)v;
  return -9223372036854775807LL - 1;
}
template <class C> CUNUM_HD int trunc_to_int32(C v) {
  const double w = (double)v;  // exact: the bounds below are not floats
  if (w > -2147483649.0 && w < 2147483648.0) return (int)v;
  return -2147483647 - 1;
}
}  // namespace detail

// Note [Signed byte lanes]
// CUDA 13.0's NVPTX backend (nvcc and NVRTC alike) loses the sign extension
// of the first byte of each 32-bit word of a 16-byte vector load of signed
// bytes once an add or a subtract has combined it: in `max(x - y)` over int8
// lanes it compared 16-bit values whose high byte was the next element's
// (the H100 gave 2 where NumPy gives 10; PTX: `sub.s16` then `max.s16` with no
// `cvt.s16.s8` for bytes 0, 4, 8 and 12; a multiply, unsigned bytes and
// 4-byte vectors are not affected). The fused kernels (elementwise and
// reduction), whose steps chain an add into a comparison or a widening, pass
// every int8 lane they read out of a vector through lane_value: an empty move
// the compiler cannot see through, so the byte is sign-extended where it is
// used. The one-functor ufunc kernels do not: the PTX of every int8 loop has
// no unextended use without it, and with it int8 `maximum` measured 2375 GB/s
// on the H100 against the copy's 2928 (a 16-lane max: 216 SASS instructions
// against 152). NvrtcKernels.SignedByteLanesKeepTheirSign checks the fused
// kernels' PTX. Every other type is returned as it is.
template <class T> CUNUM_HD T lane_value(T v) { return v; }
CUNUM_HD int8_t lane_value(int8_t v) {
#if defined(__CUDA_ARCH__)
  short r;
  asm("mov.b16 %0, %1;" : "=h"(r) : "h"((short)v));
  return (int8_t)r;
#else
  return v;
#endif
}

// Note [Bool bytes]
// A bool array may hold any byte: NumPy lets any uint8 or int8 memory be
// viewed as bool (x.view(bool)). Loading a byte other than 0 or 1 as a C++
// bool is undefined behaviour: UBSan stops on it, and compiled code used the
// byte as it was (2 ^ True gave 3, 2 == True False, 2 & 1 == 0) or stored it
// back as 1 in a copy. So bool data is read as its byte, on both backends:
// a copy within bool moves bytes (NumPy's copy keeps them), and every other
// reader tests the byte against zero, as NumPy's loops do (a cast makes each
// nonzero byte 1; logical_not of 2 is False). The CPU loops read through
// src/backend/cpu/bool_bytes.hpp; generated GPU kernels read bool memory as
// bool_byte (kernel_source.hpp's stored_type_name): converting one to a value
// tests the byte, converting it to bool_byte moves the byte as it is.
struct bool_byte {
  unsigned char v;
};

template <class To, class From> CUNUM_HD To convert(From x) {
  if constexpr (traits::is_same_v<From, bool_byte>) {
    if constexpr (traits::is_same_v<To, bool_byte>) return x;
    else return convert<To>(x.v != 0);
  } else if constexpr (traits::is_same_v<To, bool_byte>) {
    return bool_byte{static_cast<unsigned char>(convert<bool>(x))};
  } else if constexpr (traits::info<To>::is_bool) {
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
    // Note [Float to integer casts]
    using C = traits::compute_t<From>;
    const C v = (C)x;
    if constexpr (sizeof(To) == 8 && !traits::info<To>::is_signed) {
      const C two63 = C(9223372036854775808.0);
      if (v >= two63) return (To)detail::trunc_to_int64(v - two63) ^ (To(1) << 63);
      return (To)detail::trunc_to_int64(v);
    } else if constexpr (sizeof(To) == 8 || (sizeof(To) == 4 && !traits::info<To>::is_signed)) {
      return (To)detail::trunc_to_int64(v);
    } else {
      return (To)detail::trunc_to_int32(v);
    }
  } else if constexpr (traits::info<From>::is_bool) {
    return To(x ? 1 : 0);
  } else {
    return (To)x;
  }
}

}  // namespace cunum
