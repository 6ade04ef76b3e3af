// cunum/kernels/half.hpp — IEEE binary16 (NumPy's float16), usable on host and
// device. Arithmetic goes through float and rounds back to half after every
// operation, which is exactly what NumPy does for float16.
#pragma once
#include "bits.hpp"

namespace cunum {

namespace detail {
// Round-to-nearest-even conversion; handles subnormals, infinities and NaN.
CUNUM_HD uint16_t float_to_half_bits(float f) {
  uint32_t x = bits_of(f);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t a = x & 0x7fffffffu;
  if (a >= 0x7f800000u)  // inf or NaN (keep NaN quiet)
    return (uint16_t)(sign | 0x7c00u | (a > 0x7f800000u ? (0x200u | ((a >> 13) & 0x3ffu)) : 0u));
  if (a >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u);  // rounds to inf
  if (a < 0x38800000u) {                                     // half subnormal or zero
    if (a < 0x33000000u) return (uint16_t)sign;              // <= 2^-25: rounds to 0
    uint32_t e = a >> 23;
    uint32_t m = (a & 0x7fffffu) | 0x800000u;
    uint32_t shift = 126u - e;
    uint32_t r = m >> shift;
    uint32_t rem = m & ((1u << shift) - 1u);
    uint32_t halfway = 1u << (shift - 1u);
    if (rem > halfway || (rem == halfway && (r & 1u))) ++r;
    return (uint16_t)(sign | r);
  }
  uint32_t r = a - 0x38000000u;  // rebias exponent 127 -> 15
  r = (r + 0xfffu + ((r >> 13) & 1u)) >> 13;
  return (uint16_t)(sign | r);
}

// Round-to-nearest-even straight from double, as NumPy's npy_double_to_half:
// going through float would round twice (105.5937499 became 105.625, not
// 105.5625).
CUNUM_HD uint16_t double_to_half_bits(double d) {
  const uint64_t x = bits_of(d);
  const uint16_t sign = (uint16_t)((x >> 48) & 0x8000u);
  const uint64_t a = x & 0x7fffffffffffffffull;
  if (a >= 0x7ff0000000000000ull)  // inf or NaN (keep NaN quiet)
    return (uint16_t)(sign | 0x7c00u | (a > 0x7ff0000000000000ull ? (0x200u | (uint16_t)((a >> 42) & 0x3ffu)) : 0u));
  if (a >= 0x40effe0000000000ull) return (uint16_t)(sign | 0x7c00u);  // >= 65520: rounds to inf
  if (a < 0x3f10000000000000ull) {                                       // half subnormal or zero
    if (a <= 0x3e60000000000000ull) return sign;                        // <= 2^-25: rounds to 0
    const uint64_t e = a >> 52;
    const uint64_t m = (a & 0xfffffffffffffull) | 0x10000000000000ull;
    const uint64_t shift = 1051u - e;  // value in units of 2^-24 is m >> shift
    uint64_t r = m >> shift;
    const uint64_t rem = m & ((1ull << shift) - 1u), halfway = 1ull << (shift - 1u);
    if (rem > halfway || (rem == halfway && (r & 1u))) ++r;
    return (uint16_t)(sign | r);
  }
  uint64_t r = a - 0x3f00000000000000ull;  // rebias exponent 1023 -> 15
  r = (r + 0x1ffffffffffull + ((r >> 42) & 1u)) >> 42;
  return (uint16_t)(sign | r);
}

CUNUM_HD float half_bits_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  uint32_t e = (h >> 10) & 0x1fu;
  uint32_t m = h & 0x3ffu;
  if (e == 0) {
    float f = (float)m * 5.9604644775390625e-8f;  // m * 2^-24
    return sign ? -f : f;
  }
  if (e == 31) return float_of_bits(sign | 0x7f800000u | (m << 13));
  return float_of_bits(sign | ((e + 112u) << 23) | (m << 13));
}
}  // namespace detail

struct half {
  uint16_t bits;
  half() = default;
  CUNUM_HD half(float f) : bits(detail::float_to_half_bits(f)) {}
  CUNUM_HD half(double d) : bits(detail::double_to_half_bits(d)) {}
  CUNUM_HD half(int v) : half((float)v) {}
  CUNUM_HD half(long long v) : half((float)v) {}
  CUNUM_HD half(unsigned long long v) : half((float)v) {}
  CUNUM_HD half(long v) : half((float)v) {}
  CUNUM_HD half(unsigned long v) : half((float)v) {}
  CUNUM_HD half(unsigned v) : half((float)v) {}
  CUNUM_HD half(short v) : half((float)v) {}
  CUNUM_HD half(unsigned short v) : half((float)v) {}
  CUNUM_HD half(signed char v) : half((float)v) {}
  CUNUM_HD half(unsigned char v) : half((float)v) {}
  CUNUM_HD half(bool v) : half(v ? 1.0f : 0.0f) {}
  CUNUM_HD static half from_bits(uint16_t b) { half h; h.bits = b; return h; }
  CUNUM_HD operator float() const { return detail::half_bits_to_float(bits); }
};

CUNUM_HD half operator+(half a, half b) { return half((float)a + (float)b); }
CUNUM_HD half operator-(half a, half b) { return half((float)a - (float)b); }
CUNUM_HD half operator*(half a, half b) { return half((float)a * (float)b); }
CUNUM_HD half operator/(half a, half b) { return half((float)a / (float)b); }
CUNUM_HD half operator-(half a) { return half::from_bits((uint16_t)(a.bits ^ 0x8000u)); }
CUNUM_HD bool operator==(half a, half b) { return (float)a == (float)b; }
CUNUM_HD bool operator!=(half a, half b) { return (float)a != (float)b; }
CUNUM_HD bool operator<(half a, half b) { return (float)a < (float)b; }
CUNUM_HD bool operator<=(half a, half b) { return (float)a <= (float)b; }
CUNUM_HD bool operator>(half a, half b) { return (float)a > (float)b; }
CUNUM_HD bool operator>=(half a, half b) { return (float)a >= (float)b; }

}  // namespace cunum
