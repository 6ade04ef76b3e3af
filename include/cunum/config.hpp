// cunum/config.hpp — macros shared by host code and NVRTC-compiled kernels.
//
// This header (and everything under cunum/kernels/) must compile three ways:
// with the host C++ compiler, with nvcc, and with NVRTC (no standard library).
#pragma once

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define CUNUM_HD __host__ __device__ __forceinline__
#define CUNUM_DEVICE_CODE 1
#else
#define CUNUM_HD inline
#endif

#if defined(__CUDACC_RTC__)
// NVRTC: no <cstdint>. Fixed-width integers from the builtin types.
namespace cunum {
using int8_t = signed char;
using uint8_t = unsigned char;
using int16_t = short;
using uint16_t = unsigned short;
using int32_t = int;
using uint32_t = unsigned int;
using int64_t = long long;
using uint64_t = unsigned long long;
}  // namespace cunum
#else
#include <cstdint>
#include <cmath>
namespace cunum {
using std::int16_t;
using std::int32_t;
using std::int64_t;
using std::int8_t;
using std::uint16_t;
using std::uint32_t;
using std::uint64_t;
using std::uint8_t;
}  // namespace cunum
#endif
