// cunum/kernels/errors.hpp — how an op reports an error it finds in the data
// (NumPy raises ValueError for an integer power with a negative exponent).
//
// Note [Deferred errors]
// A kernel cannot raise, and checking the data on the host first would cost a
// synchronisation per call. So an op sets a bit in an error word and goes on
// (its result for that element is NumPy's C loop value). The CPU backend
// checks the word after each loop and raises at once. On the GPU the word is
// pinned host memory that kernels write through the bus (only when an error
// happens); the host looks at it whenever it waits for the device anyway (a
// read of data, synchronize()) and raises there: the error surfaces at the
// first read after the faulty operation, with no synchronisation added.
#pragma once
#include "../config.hpp"

namespace cunum {
enum : unsigned {
  kErrNegativeIntPower = 1u,  // ValueError: Integers to negative integer powers are not allowed.
};
}  // namespace cunum

#if defined(__CUDACC_RTC__)
// Set by the host when a module is loaded (null: nobody listens).
extern "C" {
__device__ unsigned* cunum_error_word = nullptr;
}
namespace cunum {
__device__ __forceinline__ void report_error(unsigned e) {
  if (cunum_error_word) atomicOr(cunum_error_word, e);
}
}  // namespace cunum
#elif !defined(__CUDACC__)
namespace cunum {
void report_error(unsigned e);  // src/backend/deferred_errors.cpp
}  // namespace cunum
#endif
