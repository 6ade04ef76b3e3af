// cunum/kernels/errors.hpp — how an op reports an error it finds in the data
// (NumPy raises ValueError for an integer power with a negative exponent,
// IndexError for an index out of bounds).
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
// An error whose message carries values (the index, axis and size of an index
// out of bounds) stores them beside the word: the first report of that bit,
// until the host takes it, fills the three values; later ones leave them.
#pragma once
#include "../config.hpp"

namespace cunum {
enum : unsigned {
  kErrNegativeIntPower = 1u,  // ValueError: Integers to negative integer powers are not allowed.
  kErrIndexOutOfBounds = 2u,  // IndexError: index %d is out of bounds for axis %d with size %d
};
}  // namespace cunum

#if defined(__CUDACC_RTC__)
// Set by the host when a module is loaded (null: nobody listens).
extern "C" {
__device__ unsigned* cunum_error_word = nullptr;
__device__ long long* cunum_error_info = nullptr;  // the values of the first report
}
namespace cunum {
__device__ __forceinline__ void report_error(unsigned e) {
  if (cunum_error_word) atomicOr(cunum_error_word, e);
}
// One report per warp (its lowest active lane): a gather whose indices are all
// bad sends a few thousand writes over the bus, not one per element.
__device__ __forceinline__ void report_index_error(long long index, long long axis, long long size) {
  if (!cunum_error_word) return;
  if ((threadIdx.x & 31u) != unsigned(__ffs(__activemask()) - 1)) return;
  const unsigned old = atomicOr(cunum_error_word, kErrIndexOutOfBounds);
  if (!(old & kErrIndexOutOfBounds) && cunum_error_info) {
    cunum_error_info[0] = index;
    cunum_error_info[1] = axis;
    cunum_error_info[2] = size;
  }
}
}  // namespace cunum
#elif !defined(__CUDACC__)
namespace cunum {
void report_error(unsigned e);  // src/backend/deferred_errors.cpp
void report_index_error(long long index, long long axis, long long size);
}  // namespace cunum
#endif
