// cunum/kernels/bits.hpp — bit casts between floats and integers, host and device.
#pragma once
#include "../config.hpp"
#if !defined(__CUDACC_RTC__)
#include <cstring>
#endif

namespace cunum::detail {
#if defined(__CUDA_ARCH__)
CUNUM_HD uint32_t bits_of(float f) { return __float_as_uint(f); }
CUNUM_HD float float_of_bits(uint32_t u) { return __uint_as_float(u); }
CUNUM_HD uint64_t bits_of(double d) { return (uint64_t)__double_as_longlong(d); }
CUNUM_HD double double_of_bits(uint64_t u) { return __longlong_as_double((long long)u); }
#else
CUNUM_HD uint32_t bits_of(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
CUNUM_HD float float_of_bits(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
CUNUM_HD uint64_t bits_of(double d) { uint64_t u; std::memcpy(&u, &d, 8); return u; }
CUNUM_HD double double_of_bits(uint64_t u) { double d; std::memcpy(&d, &u, 8); return d; }
#endif
}  // namespace cunum::detail
