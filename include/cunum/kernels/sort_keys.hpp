// cunum/kernels/sort_keys.hpp — NumPy's sort order as unsigned keys, for the
// sort, search and runs primitives of both backends (radix sorts compare
// unsigned integers; this header decides what they compare).
//
//   using K = cunum::sortkey::key<float>;
//   K::U u = K::encode(x, true);   // -0.0 == +0.0, every NaN the largest key
//   bool lt = cunum::sortkey::less(a, b);   // NumPy's order (searchsorted)
//
// Note [Sort keys]
// NumPy sorts NaNs last and treats -0.0 and +0.0 as equal. An order-preserving
// unsigned key does both: a float with its sign bit clear gets the sign bit
// set, a negative one has every bit flipped, and every NaN (of either sign,
// any payload) becomes the all-ones key, above +inf's. With `canonical` the
// zeros share one key (an argsort then keeps their order, as NumPy's stable
// sort does); without it -0.0 sorts just below +0.0, which keeps the key
// reversible (decode() gives the value back, NaNs as the default quiet NaN):
// a keys-only sort is a valid (unstable, as NumPy's default kind) order.
// Signed integers flip the sign bit, bool is 0/1, float16 works on its bits.
//
// Complex numbers are ordered as NumPy's CFLOAT_LT: lexicographically by
// (real, imag) when neither part is NaN, then R+nanj (by real), then nan+Rj
// (by imag), then nan+nanj. That is the tuple (class, real, imag) with class =
// 2*isnan(re) + isnan(im) and NaN parts mapped to one key. No unsigned word
// holds 2 + 2*64 bits, so complex keys are three components sorted least
// significant first by stable passes: component 0 the imaginary key, 1 the
// real key, 2 the class (2 bits).
#pragma once
#include "bits.hpp"
#include "complex.hpp"
#include "half.hpp"
#include "traits.hpp"

namespace cunum::sortkey {

template <class T> struct key;

template <> struct key<bool> {
  using U = uint8_t;
  static constexpr int bits = 8, components = 1;
  CUNUM_HD static U encode(bool x, bool) { return x ? 1 : 0; }
  CUNUM_HD static bool decode(U u) { return u != 0; }
};

#define CUNUM_SORTKEY_UNSIGNED(T, N)                          \
  template <> struct key<T> {                                 \
    using U = T;                                              \
    static constexpr int bits = N, components = 1;            \
    CUNUM_HD static U encode(T x, bool) { return x; }         \
    CUNUM_HD static T decode(U u) { return u; }               \
  };
CUNUM_SORTKEY_UNSIGNED(uint8_t, 8)
CUNUM_SORTKEY_UNSIGNED(uint16_t, 16)
CUNUM_SORTKEY_UNSIGNED(uint32_t, 32)
CUNUM_SORTKEY_UNSIGNED(uint64_t, 64)
#undef CUNUM_SORTKEY_UNSIGNED

#define CUNUM_SORTKEY_SIGNED(T, UT, N)                                                   \
  template <> struct key<T> {                                                            \
    using U = UT;                                                                        \
    static constexpr int bits = N, components = 1;                                       \
    static constexpr U sign = (U)((U)1 << (N - 1));                                      \
    CUNUM_HD static U encode(T x, bool) { return (U)((U)x ^ sign); }                     \
    CUNUM_HD static T decode(U u) { return (T)(U)(u ^ sign); }                           \
  };
CUNUM_SORTKEY_SIGNED(int8_t, uint8_t, 8)
CUNUM_SORTKEY_SIGNED(int16_t, uint16_t, 16)
CUNUM_SORTKEY_SIGNED(int32_t, uint32_t, 32)
CUNUM_SORTKEY_SIGNED(int64_t, uint64_t, 64)
#undef CUNUM_SORTKEY_SIGNED

namespace detail {
// Note [Sort keys] for the bits `u` of an IEEE float of N bits.
template <class U, int N>
CUNUM_HD U float_bits_key(U u, bool canonical) {
  const U sign = (U)((U)1 << (N - 1));
  const U mag = (U)(u & (U)~sign);
  const U inf = N == 16 ? (U)0x7c00u : N == 32 ? (U)0x7f800000u : (U)0x7ff0000000000000ull;
  if (mag > inf) return (U)~(U)0;            // every NaN: last
  if (canonical && mag == 0) return sign;    // -0.0 as +0.0
  return (u & sign) ? (U)~u : (U)(u | sign);
}
template <class U, int N>
CUNUM_HD U float_key_bits(U k) {
  const U sign = (U)((U)1 << (N - 1));
  if (k == (U)~(U)0) return N == 16 ? (U)0x7e00u : N == 32 ? (U)0x7fc00000u : (U)0x7ff8000000000000ull;
  return (k & sign) ? (U)(k ^ sign) : (U)~k;
}
}  // namespace detail

template <> struct key<half> {
  using U = uint16_t;
  static constexpr int bits = 16, components = 1;
  CUNUM_HD static U encode(half x, bool c) { return detail::float_bits_key<U, 16>(x.bits, c); }
  CUNUM_HD static half decode(U u) { return half::from_bits(detail::float_key_bits<U, 16>(u)); }
};
template <> struct key<float> {
  using U = uint32_t;
  static constexpr int bits = 32, components = 1;
  CUNUM_HD static U encode(float x, bool c) { return detail::float_bits_key<U, 32>(::cunum::detail::bits_of(x), c); }
  CUNUM_HD static float decode(U u) { return ::cunum::detail::float_of_bits(detail::float_key_bits<U, 32>(u)); }
};
template <> struct key<double> {
  using U = uint64_t;
  static constexpr int bits = 64, components = 1;
  CUNUM_HD static U encode(double x, bool c) { return detail::float_bits_key<U, 64>(::cunum::detail::bits_of(x), c); }
  CUNUM_HD static double decode(U u) { return ::cunum::detail::double_of_bits(detail::float_key_bits<U, 64>(u)); }
};

// Complex: Note [Sort keys]; encode() of one component (0 imag, 1 real, 2 class).
template <class R> struct key<complex<R>> {
  using U = typename key<R>::U;
  static constexpr int bits = key<R>::bits, components = 3;
  CUNUM_HD static U component(complex<R> z, int c) {
    if (c == 0) return key<R>::encode(z.im, true);
    if (c == 1) return key<R>::encode(z.re, true);
    return (U)((z.re != z.re ? 2 : 0) | (z.im != z.im ? 1 : 0));
  }
};

// The key of component c (c = 0 for every real dtype), canonical zeros: the
// order every stable pass sorts by.
template <class T> CUNUM_HD typename key<T>::U component(T x, int) { return key<T>::encode(x, true); }
template <class R> CUNUM_HD typename key<complex<R>>::U component(complex<R> z, int c) {
  return key<complex<R>>::component(z, c);
}

// NumPy's order (its *_LT): a < b.
template <class T> CUNUM_HD bool less(T a, T b) { return key<T>::encode(a, true) < key<T>::encode(b, true); }
template <class R> CUNUM_HD bool less(complex<R> a, complex<R> b) {
  using K = key<complex<R>>;
  for (int c = 2; c >= 0; --c) {
    const auto ka = K::component(a, c), kb = K::component(b, c);
    if (ka != kb) return ka < kb;
  }
  return false;
}

// Whether a and b fall in one run of unique(): equal values (-0.0 == +0.0),
// and, with equal_nan, any two values holding a NaN (NumPy collapses them).
template <class T> CUNUM_HD bool is_nan(T) { return false; }
CUNUM_HD bool is_nan(half x) { return (x.bits & 0x7fffu) > 0x7c00u; }
CUNUM_HD bool is_nan(float x) { return x != x; }
CUNUM_HD bool is_nan(double x) { return x != x; }
template <class R> CUNUM_HD bool is_nan(complex<R> z) { return z.re != z.re || z.im != z.im; }
template <class T> CUNUM_HD bool same(T a, T b, bool equal_nan) {
  if (equal_nan && is_nan(a) && is_nan(b)) return true;
  return a == b;
}

}  // namespace cunum::sortkey
