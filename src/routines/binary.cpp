// Binary operations beyond the bitwise ufuncs: packbits and unpackbits,
// composed of ufuncs, a copy into a zero-padded buffer and a sum along the
// 8 bits of each byte, so both backends run them as they are.
#include "cunum/binary.hpp"

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
// The 8 bit weights (packbits) or shifts (unpackbits) of a byte, in bit order.
ndarray byte_positions(bool little, bool weights, Device dev) {
  std::vector<uint8_t> v(8);
  for (int i = 0; i < 8; ++i) {
    const int bit = little ? i : 7 - i;
    v[i] = weights ? static_cast<uint8_t>(1u << bit) : static_cast<uint8_t>(bit);
  }
  return from_host(v, {8}, dev);
}
// a[..., :n] along the last axis, as a view.
ndarray head(const ndarray& a, int64_t n) {
  Shape s = a.shape();
  s.back() = n;
  return ndarray(a.storage(), a.offset(), s, a.strides(), a.dtype());
}
}  // namespace

ndarray packbits(const ndarray& a0, std::optional<int64_t> axis, bool little) {
  if (!is_integer(a0.dtype()) && !is_bool(a0.dtype()))
    throw TypeError("Expected an input array of integer or boolean data type");
  ndarray a = axis ? a0 : ravel(a0);
  const int ax = axis ? normalize_axis(*axis, a.ndim()) : 0;
  a = moveaxis(a, {ax}, {-1});
  const int64_t n = a.shape().back(), m = (n + 7) / 8;
  Shape padded = a.shape();
  padded.back() = m * 8;
  ndarray bits = zeros(padded, DType::UInt8, a.device());
  copyto(head(bits, n), not_equal(a, Scalar(0)), Casting::Unsafe);
  Shape split = a.shape();
  split.back() = m;
  split.push_back(8);
  ReduceOptions o;
  o.axis = std::vector<int64_t>{-1};
  o.dtype = DType::UInt8;
  const ndarray packed = sum(multiply(reshape(bits, split), byte_positions(little, true, a.device())), o);
  return moveaxis(packed, {-1}, {ax});
}

ndarray unpackbits(const ndarray& a0, const UnpackOptions& o) {
  if (a0.dtype() != DType::UInt8) throw TypeError("Expected an input array of unsigned byte data type");
  ndarray a = o.axis ? a0 : ravel(a0);
  const int ax = o.axis ? normalize_axis(*o.axis, a.ndim()) : 0;
  a = moveaxis(a, {ax}, {-1});
  const int64_t n = a.shape().back(), nbits = n * 8;
  int64_t total = nbits;
  if (o.count) {
    if (*o.count < 0) {
      if (-*o.count > nbits) throw ValueError("-count larger than number of elements");
      total = nbits + *o.count;
    } else {
      total = *o.count;
    }
  }
  Shape expanded = a.shape();
  expanded.push_back(1);
  const ndarray bits = bitwise_and(right_shift(reshape(a, expanded), byte_positions(o.little, false, a.device())),
                                   Scalar(1));
  Shape flat = a.shape();
  flat.back() = nbits;
  const ndarray all_bits = reshape(bits, flat);
  ndarray res;
  if (total == nbits) {
    res = all_bits;
  } else {
    Shape s = a.shape();
    s.back() = total;
    res = zeros(s, DType::UInt8, a.device());
    const int64_t keep = std::min(total, nbits);
    copyto(head(res, keep), head(all_bits, keep));
  }
  return moveaxis(res, {-1}, {ax});
}

}  // namespace cunum
