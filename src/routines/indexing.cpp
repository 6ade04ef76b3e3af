#include "cunum/indexing.hpp"

#include "core/assign.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"

namespace cunum {

namespace {
// Python's slice.indices(): normalised start, step and the element count.
// Note [Slice lengths without overflow]
// Bounds are clamped to [-1, len] before any arithmetic, and the count is
// (distance - 1) / |step| + 1 (as CPython's PySlice_AdjustIndices), never
// distance + step - 1: with a step near 2^63 that sum overflowed, gave a
// negative length and a view outside the array (heap corruption on write).
// A step of INT64_MIN is taken as -INT64_MAX, as Python clamps it.
void slice_indices(const Slice& s, int64_t len, int64_t& start, int64_t& step, int64_t& count) {
  step = s.step.value_or(1);
  if (step == 0) throw ValueError("slice step cannot be zero");
  if (step == INT64_MIN) step = -INT64_MAX;
  int64_t lo, hi;
  if (step > 0) { lo = 0; hi = len; }
  else { lo = -1; hi = len - 1; }
  auto clamp = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t x = *v;
    if (x < 0) { x = x < -len ? lo : x + len; if (x < lo) x = lo; }
    else if (x > hi) x = hi;
    return x;
  };
  start = clamp(s.start, step > 0 ? lo : hi);
  const int64_t stop = clamp(s.stop, step > 0 ? hi : lo);
  if (step > 0) count = stop > start ? (stop - start - 1) / step + 1 : 0;
  else count = start > stop ? (start - stop - 1) / -step + 1 : 0;
}
}  // namespace

ndarray index(const ndarray& a, const std::vector<Index>& idx) {
  int consumed = 0, n_ellipsis = 0;
  for (const Index& i : idx) {
    if (i.kind == Index::Kind::Integer || i.kind == Index::Kind::Slice) ++consumed;
    if (i.kind == Index::Kind::Ellipsis) ++n_ellipsis;
  }
  if (n_ellipsis > 1) throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > a.ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(a.ndim()) +
                     "-dimensional, but " + std::to_string(consumed) + " were indexed");
  Shape shape;
  Strides strides;
  int64_t offset = a.offset();
  int dim = 0;
  auto take_full = [&](int count) {
    for (int k = 0; k < count; ++k, ++dim) {
      shape.push_back(a.shape()[dim]);
      strides.push_back(a.strides()[dim]);
    }
  };
  for (const Index& i : idx) {
    switch (i.kind) {
      case Index::Kind::Integer: {
        const int64_t len = a.shape()[dim];
        int64_t k = i.i;
        if (k < -len || k >= len)
          throw IndexError("index " + std::to_string(k) + " is out of bounds for axis " +
                           std::to_string(dim) + " with size " + std::to_string(len));
        if (k < 0) k += len;
        offset += k * a.strides()[dim];
        ++dim;
        break;
      }
      case Index::Kind::Slice: {
        int64_t start, step, count;
        slice_indices(i.s, a.shape()[dim], start, step, count);
        if (count > 0) offset += start * a.strides()[dim];
        shape.push_back(count);
        // Wrapping product (as NumPy's): it only overflows when count <= 1,
        // where the stride never moves the address.
        strides.push_back(static_cast<int64_t>(static_cast<uint64_t>(a.strides()[dim]) *
                                               static_cast<uint64_t>(step)));
        ++dim;
        break;
      }
      case Index::Kind::NewAxis:
        shape.push_back(1);
        strides.push_back(0);
        break;
      case Index::Kind::Ellipsis: take_full(a.ndim() - consumed); break;
    }
  }
  take_full(a.ndim() - dim);
  return ndarray(a.storage(), offset, shape, strides, a.dtype());
}

void index_assign(const ndarray& a, const std::vector<Index>& idx, const ndarray& value) {
  core::assign(index(a, idx), value);
}

void index_assign(const ndarray& a, const std::vector<Index>& idx, const Scalar& value) {
  ndarray v = index(a, idx);
  v.fill(value);
}

}  // namespace cunum
