// cunum/binary.hpp — NumPy's "Binary operations" beyond the bitwise ufuncs:
// packing booleans into the bits of uint8 and back.
//
//   auto p = cunum::packbits(mask);                       // flattened, big-endian bit order
//   auto u = cunum::unpackbits(p, {.axis = 0, .count = 10, .little = true});
#pragma once
#include <optional>

#include "ndarray.hpp"

namespace cunum {

// Nonzero elements of an integer or bool array as bits of uint8, 8 per byte
// along axis (nullopt: the flattened array), the last byte padded with 0;
// little: the first element in the lowest bit.
ndarray packbits(const ndarray& a, std::optional<int64_t> axis = {}, bool little = false);

struct UnpackOptions {
  std::optional<int64_t> axis;   // nullopt: the flattened array
  std::optional<int64_t> count;  // bits kept (negative: dropped from the end; beyond: zeros)
  bool little = false;
};
// The bits of a uint8 array, one uint8 0/1 per bit along axis.
ndarray unpackbits(const ndarray& a, const UnpackOptions& o = {});

}  // namespace cunum
