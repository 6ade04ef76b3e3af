// Indexing routines (NumPy's "Indexing routines" chapter): basic indexing
// (views) and take (the gather primitive, src/core/gather.hpp).
#include "cunum/indexing.hpp"

#include <string>

#include "core/assign.hpp"
#include "core/gather.hpp"
#include "core/loop_plan.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"
#include "routines/indexing_internal.hpp"

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

ndarray basic_index(const ndarray& a, const std::vector<Index>& idx) {
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
      case Index::Kind::Array: CUNUM_ASSERT(false && "basic_index: an array item"); break;
    }
  }
  take_full(a.ndim() - dim);
  return ndarray(a.storage(), offset, shape, strides, a.dtype());
}


// ---------------------------------------------------------------- take

namespace {
static_assert(static_cast<int>(ClipMode::Raise) == static_cast<int>(backend::GatherMode::Raise) &&
              static_cast<int>(ClipMode::Wrap) == static_cast<int>(backend::GatherMode::Wrap) &&
              static_cast<int>(ClipMode::Clip) == static_cast<int>(backend::GatherMode::Clip));

std::string dtype_repr(DType d) { return "dtype('" + std::string(dtype_name(d)) + "')"; }

// NumPy's PyArray_CheckAxis: no axis takes from the flattened array, and so
// does any axis of a 0-d array, which must then be 0 or -1.
struct TakeAxis {
  ndarray a;
  int axis;
};
TakeAxis take_axis(const ndarray& a, std::optional<int64_t> axis) {
  if (!axis || a.ndim() == 0) {
    if (axis) normalize_axis(*axis, 1);
    return {ravel(a), 0};
  }
  return {a, normalize_axis(*axis, a.ndim())};
}

// NumPy's check of out=: the result's shape. Its dtype may be any: the items
// are cast to it unsafely (NumPy 2.5; NumPy up to 2.4 also required out's
// dtype to cast safely to a's, gh-25588, and raised TypeError otherwise).
void check_take_out(const std::optional<ndarray>& out, const Shape& shape, DType) {
  if (!out) return;
  if (out->shape() != shape) throw ValueError("output array does not match result of ndarray.take");
}

[[noreturn]] void index_out_of_bounds(int64_t index, int axis, int64_t len) {
  throw IndexError("index " + std::to_string(index) + " is out of bounds for axis " + std::to_string(axis) +
                   " with size " + std::to_string(len));
}
}  // namespace

ndarray take(const ndarray& a0, const ndarray& indices, std::optional<int64_t> axis,
             const std::optional<ndarray>& out, ClipMode mode) {
  const auto [a, ax] = take_axis(a0, axis);
  if (!is_integer(indices.dtype()) && !is_bool(indices.dtype()))
    throw TypeError(std::string("Cannot cast ") + (indices.ndim() ? "array data" : "scalar") + " from " +
                    dtype_repr(indices.dtype()) + " to dtype('int64') according to the rule 'same_kind'");
  Shape shape(a.shape().begin(), a.shape().begin() + ax);
  for (int64_t s : indices.shape()) shape.push_back(s);
  for (int d = ax + 1; d < a.ndim(); ++d) shape.push_back(a.shape()[d]);
  check_take_out(out, shape, a.dtype());
  if (a.shape()[ax] == 0 && shape_size(shape) != 0)
    throw IndexError("cannot do a non-empty take from an empty axes.");
  // Straight into out= when it is what the gather writes (a C-contiguous
  // array of a's dtype apart from a and the indices), else through a
  // temporary and a converting copy.
  const bool direct = out && out->dtype() == a.dtype() && out->device() == a.device() && out->is_c_contiguous() &&
                      !core::may_overlap(*out, a) && !core::may_overlap(*out, indices);
  ndarray r = direct ? *out : ndarray::allocate(shape, a.dtype(), a.device());
  core::gather(r, a, ax, indices, static_cast<backend::GatherMode>(mode), ax);
  if (out && !direct) core::assign(*out, r);
  return out ? *out : r;
}

ndarray take(const ndarray& a0, int64_t position, std::optional<int64_t> axis, const std::optional<ndarray>& out,
             ClipMode mode) {
  const auto [a, ax] = take_axis(a0, axis);
  Shape shape;
  int64_t outer = 1;
  for (int d = 0; d < a.ndim(); ++d) {
    if (d != ax) shape.push_back(a.shape()[d]);
    if (d < ax) outer *= a.shape()[d];
  }
  check_take_out(out, shape, a.dtype());
  const int64_t len = a.shape()[ax];
  if (len == 0 && shape_size(shape) != 0) throw IndexError("cannot do a non-empty take from an empty axes.");
  int64_t i = position;
  bool valid = len > 0;
  switch (mode) {
    case ClipMode::Raise:
      if (i < -len || i >= len) {
        if (outer > 0) index_out_of_bounds(i, ax, len);  // NumPy checks nothing when outer is empty
        valid = false;
      } else if (i < 0) {
        i += len;
      }
      break;
    case ClipMode::Wrap:
      if (valid && (i < 0 || i >= len)) i = (i % len + len) % len;
      break;
    case ClipMode::Clip: i = i < 0 ? 0 : (i >= len ? len - 1 : i); break;
  }
  if (!valid || shape_size(shape) == 0) return out ? *out : ndarray::allocate(shape, a.dtype(), a.device());
  std::vector<Index> sel(static_cast<size_t>(ax), Index(Slice{}));
  sel.push_back(Index(i));
  const ndarray v = index(a, sel);
  if (out) {
    core::assign(*out, v);
    return *out;
  }
  return v.copy('C');
}

}  // namespace cunum
