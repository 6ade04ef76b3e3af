// Array manipulation routines (NumPy's "Array manipulation routines"
// chapter): views and copies built on the array's own views (reshape, ravel,
// transpose: src/core/views.cpp), on broadcasting, on slicing and copies.
#include "cunum/manipulation.hpp"

#include <algorithm>
#include <string>

#include "core/assign.hpp"
#include "core/loop_plan.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"

namespace cunum {

ndarray flatten(const ndarray& a, char order) {
  if (order == 'A' || order == 'K') order = (a.is_f_contiguous() && !a.is_c_contiguous()) ? 'F' : 'C';
  return reshape(a.copy(order), {a.size()}, order);
}

ndarray swapaxes(const ndarray& a, int64_t axis1, int64_t axis2) {
  const int nd = a.ndim();
  int i = normalize_axis(axis1, nd), j = normalize_axis(axis2, nd);
  std::vector<int64_t> perm(nd);
  for (int k = 0; k < nd; ++k) perm[k] = k;
  std::swap(perm[i], perm[j]);
  return transpose(a, perm);
}

ndarray moveaxis(const ndarray& a, std::vector<int64_t> source, std::vector<int64_t> destination) {
  const int nd = a.ndim();
  if (source.size() != destination.size())
    throw ValueError("`source` and `destination` arguments must have the same number of elements");
  std::vector<bool> seen_s(nd, false), seen_d(nd, false);
  for (auto& s : source) {
    s = normalize_axis(s, nd);
    if (seen_s[s]) throw ValueError("repeated axis in `source` argument");
    seen_s[s] = true;
  }
  for (auto& d : destination) {
    d = normalize_axis(d, nd);
    if (seen_d[d]) throw ValueError("repeated axis in `destination` argument");
    seen_d[d] = true;
  }
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
    for (int64_t ax : *axis) normalize_axis(ax, nd);  // AxisError before anything else
    for (int64_t ax : *axis) {
      int d = normalize_axis(ax, nd);
      if (drop[d]) throw ValueError("duplicate value in 'axis'");
      if (a.shape()[d] != 1)
        throw ValueError("cannot select an axis to squeeze out which has size not equal to one");
      drop[d] = true;
    }
  }
  Shape s;
  Strides t;
  for (int d = 0; d < nd; ++d)
    if (!drop[d]) { s.push_back(a.shape()[d]); t.push_back(a.strides()[d]); }
  return ndarray(a.storage(), a.offset(), s, t, a.dtype());
}

ndarray expand_dims(const ndarray& a, std::vector<int64_t> axis) {
  const int out_nd = a.ndim() + static_cast<int>(axis.size());
  std::vector<bool> is_new(out_nd, false);
  for (int64_t ax : axis) {
    int d = normalize_axis(ax, out_nd);
    if (is_new[d]) throw ValueError("repeated axis");
    is_new[d] = true;
  }
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
  for (int64_t s : shape)
    if (s < 0) throw ValueError("all elements of broadcast shape must be non-negative");
  Strides st = core::broadcast_strides(a, shape);
  return ndarray(a.storage(), a.offset(), shape, st, a.dtype());
}

Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  Shape r;
  for (const Shape& s : shapes) r = core::broadcast_shape({&r, &s});
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
  if (ns != na && ns != 1 && na != 1)
    throw ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
                     "between arg 0 with shape (" + std::to_string(ns) + ",) and arg 1 with shape (" +
                     std::to_string(na) + ",).");
  // The net offset of each axis in [0, n): shifts on a repeated axis add up.
  std::vector<int64_t> offset(nd, 0);
  const size_t pairs = ns == 1 ? na : ns;
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

}  // namespace cunum
