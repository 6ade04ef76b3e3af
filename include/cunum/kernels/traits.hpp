// cunum/kernels/traits.hpp — the few type traits kernels need (NVRTC has no
// <type_traits>, so cunum carries its own).
#pragma once
#include "../config.hpp"

namespace cunum {
struct half;
template <class T> struct complex;

namespace traits {
template <class T> struct info {
  static constexpr bool is_bool = false, is_int = false, is_signed = false,
                        is_float = false, is_complex = false;
};
template <> struct info<bool> {
  static constexpr bool is_bool = true, is_int = false, is_signed = false,
                        is_float = false, is_complex = false;
};
#define CUNUM_INT_INFO(T, S, U)                                           \
  template <> struct info<T> {                                            \
    static constexpr bool is_bool = false, is_int = true, is_signed = S,  \
                          is_float = false, is_complex = false;           \
    using unsigned_type = U;                                              \
  };
CUNUM_INT_INFO(int8_t, true, uint8_t)
CUNUM_INT_INFO(int16_t, true, uint16_t)
CUNUM_INT_INFO(int32_t, true, uint32_t)
CUNUM_INT_INFO(int64_t, true, uint64_t)
CUNUM_INT_INFO(uint8_t, false, uint8_t)
CUNUM_INT_INFO(uint16_t, false, uint16_t)
CUNUM_INT_INFO(uint32_t, false, uint32_t)
CUNUM_INT_INFO(uint64_t, false, uint64_t)
#undef CUNUM_INT_INFO
#define CUNUM_FLOAT_INFO(T)                                               \
  template <> struct info<T> {                                            \
    static constexpr bool is_bool = false, is_int = false, is_signed = true, \
                          is_float = true, is_complex = false;            \
  };
CUNUM_FLOAT_INFO(half)
CUNUM_FLOAT_INFO(float)
CUNUM_FLOAT_INFO(double)
#undef CUNUM_FLOAT_INFO
template <class R> struct info<complex<R>> {
  static constexpr bool is_bool = false, is_int = false, is_signed = true,
                        is_float = false, is_complex = true;
  using real_type = R;
};

template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { using type = T; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;

template <class A, class B> constexpr bool is_same_v = false;
template <class A> constexpr bool is_same_v<A, A> = true;
template <class T> constexpr bool is_int_v = info<T>::is_int;
template <class T> constexpr bool is_float_v = info<T>::is_float;
template <class T> constexpr bool is_complex_v = info<T>::is_complex;
template <class T> constexpr bool is_signed_int_v = info<T>::is_int && info<T>::is_signed;
template <class T> constexpr bool is_unsigned_int_v = info<T>::is_int && !info<T>::is_signed;

// The type arithmetic on T is carried out in: float for half, T otherwise.
template <class T> struct compute { using type = T; };
template <> struct compute<half> { using type = float; };
template <class T> using compute_t = typename compute<T>::type;
}  // namespace traits
}  // namespace cunum
