// Tiling and repeating (NumPy's "Tiling arrays"), adding and removing
// elements (append, resize, trim_zeros), rollaxis and meshgrid.
//
// Note [Tiles as one broadcast copy]
// tile, repeat and resize write their result in one pass: the result is
// viewed with one extra dimension per repeated axis (the copies), whose
// stride steps over a whole block of the result, and the input is viewed
// with stride 0 along it. One copy kernel between the two views then reads
// the input and writes every copy; the planner coalesces what it can, and
// the inner dimension stays contiguous on both sides.
#include "cunum/tiling.hpp"

#include <algorithm>
#include <string>

#include "core/assign.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/expand.hpp"

namespace cunum {

namespace {
ndarray view_of(const ndarray& a, const Shape& shape, const Strides& strides) {
  return ndarray(a.storage(), a.offset(), shape, strides, a.dtype());
}

std::string dtype_repr(DType d) { return "dtype('" + std::string(dtype_name(d)) + "')"; }

// a with axis `ax` written `r` times in a row (the scalar repeat), into out.
void repeat_into(const ndarray& out, const ndarray& a, int ax, int64_t r) {
  Shape vs, ss;
  Strides vst, sst;
  for (int d = 0; d < a.ndim(); ++d) {
    vs.push_back(a.shape()[d]);
    ss.push_back(a.shape()[d]);
    sst.push_back(a.strides()[d]);
    if (d == ax) {
      vst.push_back(out.strides()[d] * r);
      vs.push_back(r);
      vst.push_back(out.strides()[d]);
      ss.push_back(1);
      sst.push_back(0);
    } else {
      vst.push_back(out.strides()[d]);
    }
  }
  core::assign(view_of(out, vs, vst), view_of(a, ss, sst));
}
}  // namespace

ndarray tile(const ndarray& a, const std::vector<int64_t>& reps_in) {
  for (int64_t r : reps_in)
    if (r < 0) throw ValueError("negative dimensions are not allowed");
  const int d = std::max<int>(a.ndim(), static_cast<int>(reps_in.size()));
  std::vector<int64_t> reps(d - reps_in.size(), 1);
  reps.insert(reps.end(), reps_in.begin(), reps_in.end());
  Shape ashape(d - a.ndim(), 1);
  for (int64_t s : a.shape()) ashape.push_back(s);
  const ndarray src = reshape(a, ashape);
  if (std::all_of(reps.begin(), reps.end(), [](int64_t r) { return r == 1; }))
    return array(src, {}, true, 'K');
  Shape shape;
  for (int k = 0; k < d; ++k) {
    if (reps[k] && ashape[k] > INT64_MAX / reps[k])
      throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
    shape.push_back(ashape[k] * reps[k]);
  }
  ndarray out = empty(shape, a.dtype(), a.device());
  if (out.size() == 0) return out;
  // Note [Large tiles block by block]
  // The strided copy kernel pays an index division per dimension and
  // element; a few large blocks (each >= 2^22 elements) are copied one by
  // one instead, each a view of a's shape that the planner coalesces like a
  // itself (a contiguous a tiled along its first axis: 1-d copies).
  int64_t blocks = 1;
  for (int64_t r : reps) blocks *= r;
  if (blocks <= 64 && out.size() / blocks >= (int64_t{1} << 22)) {
    std::vector<int64_t> at(d, 0);
    for (int64_t b = 0; b < blocks; ++b) {
      std::vector<Index> key;
      for (int k = 0; k < d; ++k) key.push_back(Index(Slice{at[k] * ashape[k], (at[k] + 1) * ashape[k], {}}));
      core::assign(index(out, key), src);
      for (int k = d - 1; k >= 0 && ++at[k] == reps[k]; --k) at[k] = 0;
    }
    return out;
  }
  Shape vs, ss;
  Strides vst, sst;
  // Size-1 dimensions are left out of both views: each one left has at
  // least 2 elements, so the views never pass kMaxDims for a result that
  // fits in memory.
  for (int k = 0; k < d; ++k) {
    if (reps[k] != 1) {
      vs.push_back(reps[k]);
      vst.push_back(ashape[k] * out.strides()[k]);
      ss.push_back(1);
      sst.push_back(0);
    }
    if (ashape[k] != 1) {
      vs.push_back(ashape[k]);
      vst.push_back(out.strides()[k]);
      ss.push_back(ashape[k]);
      sst.push_back(src.strides()[k]);
    }
  }
  CUNUM_CHECK(static_cast<int>(vs.size()) <= kMaxDims, ValueError, "maximum supported dimension for an ndarray is currently 64");
  core::assign(view_of(out, vs, vst), view_of(src, ss, sst));
  return out;
}

namespace {
struct RepeatAxis {
  ndarray a;
  int axis;
};
// NumPy's PyArray_CheckAxis for repeat: no axis repeats the flattened array,
// and a 0-d array is taken as 1-d.
RepeatAxis repeat_axis(const ndarray& a, std::optional<int64_t> axis) {
  if (!axis || a.ndim() == 0) {
    ndarray flat = ravel(a);
    return {flat, normalize_axis(axis.value_or(0), 1)};
  }
  return {a, normalize_axis(*axis, a.ndim())};
}
}  // namespace

ndarray repeat(const ndarray& a0, int64_t repeats, std::optional<int64_t> axis) {
  const auto [a, ax] = repeat_axis(a0, axis);
  if (repeats < 0) throw ValueError("negative dimensions are not allowed");
  Shape shape = a.shape();
  if (shape[ax] && repeats > INT64_MAX / shape[ax])
    throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  shape[ax] *= repeats;
  ndarray out = empty(shape, a.dtype(), a.device());
  if (out.size() > 0) repeat_into(out, a, ax, repeats);
  return out;
}

ndarray repeat(const ndarray& a0, const ndarray& repeats, std::optional<int64_t> axis) {
  const auto [a, ax] = repeat_axis(a0, axis);
  if (repeats.ndim() > 1) throw ValueError("object too deep for desired array");
  if (!can_cast(repeats.dtype(), DType::Int64, Casting::Safe))
    throw TypeError("Cannot cast array data from " + dtype_repr(repeats.dtype()) +
                    " to dtype('int64') according to the rule 'safe'");
  const int64_t n = a.shape()[ax];
  if (repeats.size() == 1) {  // one count for every element: known after one read
    return repeat(a, detail::read_int64({repeats})[0], ax);
  }
  if (repeats.size() != n)
    throw ValueError("operands could not be broadcast together with shape (" + std::to_string(n) + ",) (" +
                     std::to_string(repeats.size()) + ",)");
  const ndarray counts = core::on_device(ravel(repeats), a.device());
  Shape shape = a.shape();
  if (n == 0) return empty(shape, a.dtype(), a.device());
  const ndarray ends = detail::inclusive_sum(counts);
  const std::vector<int64_t> v = detail::read_int64({index(ends, {Index(-1)}), min(counts)});
  if (v[1] < 0) throw ValueError("repeats may not contain negative values.");
  return take(a, detail::expand_positions(ends, v[0]), ax);
}

ndarray rollaxis(const ndarray& a, int64_t axis, int64_t start) {
  const int n = a.ndim();
  const int ax = normalize_axis(axis, n);
  if (start < 0) start += n;
  if (start < 0 || start >= n + 1)
    throw ValueError("'start' arg requires " + std::to_string(-n) + " <= start < " + std::to_string(n + 1) +
                     ", but " + std::to_string(start) + " was passed in");  // NumPy's AxisError (the binding's)
  if (ax < start) --start;
  std::vector<int64_t> perm;
  for (int d = 0; d < n; ++d)
    if (d != ax) perm.push_back(d);
  perm.insert(perm.begin() + start, ax);
  return transpose(a, perm);
}

ndarray resize(const ndarray& a, const Shape& new_shape) {
  for (int64_t s : new_shape)
    if (s < 0) throw ValueError("all elements of `new_shape` must be non-negative");
  const int64_t size = shape_size(new_shape);
  const ndarray flat = ravel(a);
  const int64_t n = flat.size();
  if (n == 0 || size == 0) return zeros(new_shape, a.dtype(), a.device());
  ndarray out = empty(new_shape, a.dtype(), a.device());
  const ndarray o = reshape(out, {size});
  const int64_t whole = size / n, rest = size % n;
  if (whole)  // Note [Tiles as one broadcast copy]
    core::assign(reshape(index(o, {Index(Slice{0, whole * n, {}})}), {whole, n}), reshape(flat, {1, n}));
  if (rest) core::assign(index(o, {Index(Slice{whole * n, {}, {}})}), index(flat, {Index(Slice{0, rest, {}})}));
  return out;
}

ndarray append(const ndarray& arr, const ndarray& values, std::optional<int64_t> axis) {
  if (!axis) {
    const ndarray a = arr.ndim() == 1 ? arr : ravel(arr);
    return concatenate({a, ravel(values)}, 0);
  }
  return concatenate({arr, values}, *axis);
}

ndarray trim_zeros(const ndarray& filt, const std::string& trim_in, std::optional<int64_t> axis) {
  std::string trim = trim_in;
  std::transform(trim.begin(), trim.end(), trim.begin(), [](unsigned char c) { return std::tolower(c); });
  if (trim != "fb" && trim != "bf" && trim != "f" && trim != "b")
    throw ValueError("unexpected character(s) in `trim`: '" + trim + "'");
  const int nd = filt.ndim();
  if (nd == 0) {
    if (axis) normalize_axis(*axis, 0, "axis");
    return index(filt, {});
  }
  if (nd > 1 && axis) normalize_axis(*axis, nd, "axis");
  if (filt.size() == 0) {  // all zero: every trimmed axis becomes empty
    std::vector<Index> key(nd, Index(Slice{}));
    for (int d = 0; d < nd; ++d)
      if (!axis || nd == 1 || d == normalize_axis(*axis, nd)) key[d] = Index(Slice{0, 0, {}});
    return index(filt, key);
  }
  // Per axis: whether any element of each index along it is nonzero; the
  // first and the last such index, all read in one transfer.
  const ndarray nz = not_equal(filt, Scalar(0));
  std::vector<ndarray> bounds{any(nz)};
  for (int d = 0; d < nd; ++d) {
    std::vector<int64_t> others;
    for (int e = 0; e < nd; ++e)
      if (e != d) others.push_back(e);
    const ndarray v = others.empty() ? nz : any(nz, ReduceOptions{others});
    bounds.push_back(argmax(v, 0));
    bounds.push_back(argmax(index(v, {Index(Slice{{}, {}, -1})}), 0));
  }
  const std::vector<int64_t> b = detail::read_int64(bounds);
  std::vector<Index> key;
  for (int d = 0; d < nd; ++d) {
    const int64_t len = filt.shape()[d];
    Slice s;
    if (!b[0]) {
      s = Slice{0, 0, {}};
    } else {
      if (trim.find('f') != std::string::npos) s.start = b[1 + 2 * d];
      if (trim.find('b') != std::string::npos) s.stop = len - b[2 + 2 * d];
    }
    key.push_back(Index(s));
  }
  if (nd == 1 || !axis) return index(filt, key);
  const int ax = normalize_axis(*axis, nd);
  std::vector<Index> one(nd, Index(Slice{}));
  one[ax] = key[ax];
  return index(filt, one);
}

std::vector<ndarray> meshgrid(const std::vector<ndarray>& xi, bool copy, bool sparse, const std::string& indexing) {
  if (indexing != "xy" && indexing != "ij") throw ValueError("Valid values for `indexing` are 'xy' and 'ij'.");
  const int nd = static_cast<int>(xi.size());
  std::vector<ndarray> out;
  for (int i = 0; i < nd; ++i) {
    Shape s(nd, 1);
    s[i] = xi[i].size();
    if (indexing == "xy" && nd > 1 && i < 2) std::swap(s[0], s[1]);
    out.push_back(reshape(xi[i], s));
  }
  if (!sparse) out = broadcast_arrays(out);
  if (copy)
    for (ndarray& x : out) x = x.copy('C');
  return out;
}

}  // namespace cunum
