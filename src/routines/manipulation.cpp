// Array manipulation routines (NumPy's "Array manipulation routines"
// chapter): views and copies built on the array's own views (reshape, ravel,
// transpose: src/core/views.cpp), on broadcasting, on slicing and copies.
#include "cunum/manipulation.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/assign.hpp"
#include "core/loop_plan.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/expand.hpp"

namespace cunum {

ndarray swapaxes(const ndarray& a, int64_t axis1, int64_t axis2) {
  const int nd = a.ndim();
  int i = normalize_axis(axis1, nd, "axis1"), j = normalize_axis(axis2, nd, "axis2");
  std::vector<int64_t> perm(nd);
  for (int k = 0; k < nd; ++k) perm[k] = k;
  std::swap(perm[i], perm[j]);
  return transpose(a, perm);
}

// Note [Axis error precedence]
// NumPy normalises a tuple of axes first (AxisError for any out of bounds)
// and only then looks for repeats (ValueError); moveaxis does source, then
// destination, then compares their lengths. cunum raises in the same order.
namespace {
std::vector<bool> normalize_axes(std::vector<int64_t>& axes, int nd, const char* arg_name,
                                 const char* repeated) {
  for (auto& ax : axes) ax = arg_name ? normalize_axis(ax, nd, arg_name) : normalize_axis(ax, nd);
  std::vector<bool> seen(nd, false);
  for (int64_t ax : axes) {
    if (seen[ax]) throw ValueError(repeated);
    seen[ax] = true;
  }
  return seen;
}
}  // namespace

ndarray moveaxis(const ndarray& a, std::vector<int64_t> source, std::vector<int64_t> destination) {
  const int nd = a.ndim();
  const std::vector<bool> seen_s =
      normalize_axes(source, nd, "source", "repeated axis in `source` argument");
  normalize_axes(destination, nd, "destination", "repeated axis in `destination` argument");
  if (source.size() != destination.size())
    throw ValueError("`source` and `destination` arguments must have the same number of elements");
  std::vector<int64_t> order;
  for (int k = 0; k < nd; ++k)
    if (!seen_s[k]) order.push_back(k);
  std::vector<std::pair<int64_t, int64_t>> pairs;
  for (size_t i = 0; i < source.size(); ++i) pairs.push_back({destination[i], source[i]});
  std::sort(pairs.begin(), pairs.end());
  for (auto [dst, src] : pairs) order.insert(order.begin() + dst, src);
  return transpose(a, order);
}

ndarray matrix_transpose(const ndarray& a) {
  if (a.ndim() < 2)
    throw ValueError("matrix transpose with ndim < 2 is undefined");
  return swapaxes(a, -1, -2);
}

ndarray squeeze(const ndarray& a, std::optional<std::vector<int64_t>> axis) {
  const int nd = a.ndim();
  std::vector<bool> drop(nd, false);
  if (!axis) {
    for (int d = 0; d < nd; ++d) drop[d] = a.shape()[d] == 1;
  } else {
    // NumPy reads the axes one by one (bounds, then repeat), then checks sizes.
    for (int64_t ax : *axis) {
      int d = normalize_axis(ax, nd);
      if (drop[d]) throw ValueError("duplicate value in 'axis'");
      drop[d] = true;
    }
    for (int d = 0; d < nd; ++d)
      if (drop[d] && a.shape()[d] != 1)
        throw ValueError("cannot select an axis to squeeze out which has size not equal to one");
  }
  Shape s;
  Strides t;
  for (int d = 0; d < nd; ++d)
    if (!drop[d]) { s.push_back(a.shape()[d]); t.push_back(a.strides()[d]); }
  return ndarray(a.storage(), a.offset(), s, t, a.dtype());
}

ndarray expand_dims(const ndarray& a, std::vector<int64_t> axis) {
  const int out_nd = a.ndim() + static_cast<int>(axis.size());
  const std::vector<bool> is_new = normalize_axes(axis, out_nd, nullptr, "repeated axis");
  Shape s;
  Strides t;
  int src = 0;
  for (int d = 0; d < out_nd; ++d) {
    if (is_new[d]) { s.push_back(1); t.push_back(0); }
    else { s.push_back(a.shape()[src]); t.push_back(a.strides()[src]); ++src; }
  }
  return ndarray(a.storage(), a.offset(), s, t, a.dtype());
}

ndarray broadcast_to(const ndarray& a, const Shape& shape) {
  if (shape.size() > static_cast<size_t>(kMaxDims))
    throw ValueError("maximum supported dimension for an ndarray is currently 64, found " +
                     std::to_string(shape.size()));
  for (int64_t s : shape)
    if (s < 0) throw ValueError("all elements of broadcast shape must be non-negative");
  // NumPy's iterator messages (it builds the view with one)
  if (static_cast<size_t>(a.ndim()) > shape.size())
    throw ValueError("input operand has more dimensions than allowed by the axis remapping");
  for (int d = 0; d < a.ndim(); ++d) {
    const int64_t v = a.shape()[d], t = shape[shape.size() - a.ndim() + d];
    if (v != 1 && v != t)
      throw ValueError("operands could not be broadcast together with remapped shapes "
                       "[original->remapped]: " + shape_str(a.shape()) + "  and requested shape " +
                       shape_str(shape));
  }
  // NumPy builds the view with its iterator, which refuses an element count
  // beyond int64 (multiplied in order, so a later 0 does not help).
  int64_t count = 1;
  for (int64_t s : shape)
    if (__builtin_mul_overflow(count, s, &count)) throw ValueError("iterator is too large");
  Strides st = core::broadcast_strides(a, shape);
  return ndarray(a.storage(), a.offset(), shape, st, a.dtype());
}

// NumPy's np.broadcast: output axes left to right, arguments in order; the
// error names the argument that set the extent and the one that conflicts,
// their shapes spelled as Python tuples.
Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  size_t nd = 0;
  for (const Shape& s : shapes) nd = std::max(nd, s.size());
  Shape r(nd, 1);
  auto tuple_str = [](const Shape& s) {
    std::string t = "(";
    for (size_t i = 0; i < s.size(); ++i) t += (i ? ", " : "") + std::to_string(s[i]);
    return t + (s.size() == 1 ? ",)" : ")");
  };
  for (size_t i = 0; i < nd; ++i) {
    size_t src = 0;
    for (size_t j = 0; j < shapes.size(); ++j) {
      const Shape& s = shapes[j];
      if (i + s.size() < nd) continue;
      const int64_t v = s[i + s.size() - nd];
      if (v == 1) continue;
      if (r[i] == 1) {
        r[i] = v;
        src = j;
      } else if (r[i] != v) {
        throw ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
                         "between arg " + std::to_string(src) + " with shape " + tuple_str(shapes[src]) +
                         " and arg " + std::to_string(j) + " with shape " + tuple_str(s) + ".");
      }
    }
  }
  return r;
}

std::vector<ndarray> broadcast_arrays(const std::vector<ndarray>& arrays) {
  std::vector<Shape> shapes;
  for (const auto& a : arrays) shapes.push_back(a.shape());
  Shape s = broadcast_shapes(shapes);
  std::vector<ndarray> r;
  for (const auto& a : arrays) r.push_back(broadcast_to(a, s));
  return r;
}

ndarray atleast_1d(const ndarray& a) { return a.ndim() >= 1 ? a : reshape(a, {1}); }
ndarray atleast_2d(const ndarray& a) {
  if (a.ndim() >= 2) return a;
  if (a.ndim() == 1) return expand_dims(a, {0});
  return reshape(a, {1, 1});
}
ndarray atleast_3d(const ndarray& a) {
  if (a.ndim() >= 3) return a;
  if (a.ndim() == 2) return expand_dims(a, {2});
  if (a.ndim() == 1) return expand_dims(a, {0, 2});
  return reshape(a, {1, 1, 1});
}

// Note [roll in pieces]
// Rolling an axis by o moves two slabs: [0, n-o) to [o, n) and [n-o, n) to
// [0, o). Rolling k axes at once moves the 2^k combinations of slabs, each
// one copy between slice views: one pass over memory, no temporary.
ndarray roll(const ndarray& a, const std::vector<int64_t>& shift,
             std::optional<std::vector<int64_t>> axis) {
  if (!axis) return roll(ravel(a), shift, std::vector<int64_t>{0}).reshape(a.shape());
  const int nd = a.ndim();
  for (int64_t& ax : *axis) ax = normalize_axis(ax, nd);  // AxisError before anything else
  const size_t ns = shift.size(), na = axis->size();
  // shift and axis broadcast against each other (with NumPy's error when they
  // cannot). The net offset of each axis in [0, n): shifts on a repeated axis
  // add up.
  const auto pairs = static_cast<size_t>(
      broadcast_shapes({Shape{static_cast<int64_t>(ns)}, Shape{static_cast<int64_t>(na)}})[0]);
  std::vector<int64_t> offset(nd, 0);
  for (size_t i = 0; i < pairs; ++i) {
    const int d = static_cast<int>((*axis)[na == 1 ? 0 : i]);
    const int64_t n = a.shape()[d];
    if (n == 0) continue;
    const int64_t s = shift[ns == 1 ? 0 : i] % n;
    offset[d] = (offset[d] + s + n) % n;
  }
  std::vector<int> rolled;
  for (int d = 0; d < nd; ++d)
    if (offset[d] != 0) rolled.push_back(d);
  ndarray r = empty_like(a);
  std::vector<Index> src(nd, Index(Slice{})), dst(nd, Index(Slice{}));
  for (uint64_t piece = 0; piece < (uint64_t{1} << rolled.size()); ++piece) {
    for (size_t k = 0; k < rolled.size(); ++k) {
      const int d = rolled[k];
      const int64_t n = a.shape()[d], o = offset[d];
      const bool wraps = (piece >> k) & 1;  // the slab that wraps around to the front
      src[d] = wraps ? Slice{n - o, {}, {}} : Slice{{}, n - o, {}};
      dst[d] = wraps ? Slice{{}, o, {}} : Slice{o, {}, {}};
    }
    core::assign(index(r, dst), index(a, src));
  }
  return r;
}

ndarray asarray_chkfinite(const ndarray& a, std::optional<DType> dtype, char order) {
  ndarray r = array(a, dtype, /*copy=*/false, order);
  if (is_inexact(r.dtype()) && r.size() && detail::read_int64({all(isfinite(r))})[0] == 0)
    throw ValueError("array must not contain infs or NaNs");
  return r;
}

}  // namespace cunum
