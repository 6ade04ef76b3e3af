// NumPy's insert and delete ("Adding and removing elements"), composed of
// the indexing primitives: the positions are worked out on the host (they
// decide the result's shape, as in NumPy), then one gather (delete) or
// strided copies / two scatters (insert) move the data on arr's device.
#include <algorithm>
#include <limits>
#include <numeric>
#include <string>
#include <utility>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/tiling.hpp"
#include "routines/host_values.hpp"

namespace cunum {

namespace {

using detail::host_values;

// arr (raveled when axis is nullopt) and the axis in [0, ndim).
std::pair<ndarray, int> axis_of(const ndarray& arr, std::optional<int64_t> axis) {
  if (!axis) return {arr.ndim() == 1 ? arr : ravel(arr), 0};
  return {arr, normalize_axis(*axis, arr.ndim())};
}

// The positions a slice selects on an axis of length n, in its order
// (Python's slice.indices).
std::vector<int64_t> slice_positions(const Slice& s, int64_t n) {
  const int64_t step = s.step.value_or(1);
  if (step == 0) throw ValueError("slice step cannot be zero");
  auto clamp = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t x = *v < 0 ? *v + n : *v;
    if (step > 0) return std::clamp<int64_t>(x, 0, n);
    return std::clamp<int64_t>(x, -1, n - 1);
  };
  const int64_t start = clamp(s.start, step > 0 ? 0 : n - 1);
  const int64_t stop = clamp(s.stop, step > 0 ? n : -1);
  // The count first (start and stop lie in [-1, n]: their difference cannot
  // overflow), so that a huge step never steps past int64's range.
  const uint64_t span = step > 0 ? uint64_t(std::max<int64_t>(stop - start, 0))
                                 : uint64_t(std::max<int64_t>(start - stop, 0));
  const uint64_t mag = step > 0 ? uint64_t(step) : uint64_t(0) - uint64_t(step);
  const uint64_t count = span == 0 ? 0 : (span - 1) / mag + 1;
  std::vector<int64_t> r(count);
  for (uint64_t k = 0; k < count; ++k) r[k] = start + int64_t(k) * step;  // |k * step| < span <= n + 1
  return r;
}


// NumPy's message; `shown` is the index as NumPy prints it ("7", or "[7]"
// for insert's one-element sequence).
std::string out_of_bounds(const std::string& shown, int axis, int64_t n) {
  return "index " + shown + " is out of bounds for axis " + std::to_string(axis) + " with size " + std::to_string(n);
}
std::string out_of_bounds(int64_t i, int axis, int64_t n) { return out_of_bounds(std::to_string(i), axis, n); }

// An integer array obj's values as int64 positions. NumPy reads a
// one-element obj as a Python int, so a uint64 value past int64's range is
// out of bounds on any axis (its IndexError); several are cast to intp,
// wrapping as here.
std::vector<int64_t> int_positions(const ndarray& o, int axis, int64_t n, bool bracket) {
  if (o.dtype() == DType::UInt64 && o.size() == 1)
    for (uint64_t u : host_values<uint64_t>(o, DType::UInt64))
      if (u > uint64_t(std::numeric_limits<int64_t>::max()))
        throw IndexError(out_of_bounds(bracket ? "[" + std::to_string(u) + "]" : std::to_string(u), axis, n));
  return host_values<int64_t>(o, DType::Int64);
}

// [:, :, ..., item] with `axis` full slices in front.
std::vector<Index> along(int axis, Index item) {
  std::vector<Index> key(static_cast<size_t>(axis), Index(Slice{}));
  key.push_back(std::move(item));
  return key;
}

// The kept items as an index on `device`. Up to 2^20 items: their int64
// positions, a gather or scatter of a size known here (no wait for the
// device). Beyond: a boolean mask, an eighth of the upload, at the cost of
// one wait for the device's count of its true entries.
Index kept_items(const std::vector<unsigned char>& keep, Device device) {
  constexpr size_t kPositionsUpTo = size_t{1} << 20;
  if (keep.size() > kPositionsUpTo)
    return Index(from_host_bytes(keep.data(), {static_cast<int64_t>(keep.size())}, DType::Bool, device));
  std::vector<int64_t> pos;
  pos.reserve(keep.size());
  for (size_t p = 0; p < keep.size(); ++p)
    if (keep[p]) pos.push_back(static_cast<int64_t>(p));
  return Index(from_host(pos, {static_cast<int64_t>(pos.size())}, device));
}

}  // namespace

ndarray delete_(const ndarray& arr_in, const InsertObj& obj, std::optional<int64_t> axis_in) {
  const auto [arr, axis] = axis_of(arr_in, axis_in);
  const int64_t n = arr.shape(axis);
  if (const auto* i = std::get_if<int64_t>(&obj)) {
    // One position: the two sides joined by the copy family (no host mask of
    // the axis's length, no gather).
    if (*i < -n || *i >= n) throw IndexError(out_of_bounds(*i, axis, n));
    const int64_t p = *i < 0 ? *i + n : *i;
    return concatenate({index(arr, along(axis, Index(Slice{{}, p, {}}))),
                        index(arr, along(axis, Index(Slice{p + 1, {}, {}})))},
                       axis);
  }
  std::vector<unsigned char> keep(static_cast<size_t>(n), 1);
  auto drop = [&](int64_t i) {
    if (i < -n || i >= n) throw IndexError(out_of_bounds(i, axis, n));
    keep[static_cast<size_t>(i < 0 ? i + n : i)] = 0;
  };
  if (const auto* s = std::get_if<Slice>(&obj)) {
    for (int64_t p : slice_positions(*s, n)) keep[static_cast<size_t>(p)] = 0;
  } else if (const auto* v = std::get_if<std::vector<int64_t>>(&obj)) {
    for (int64_t p : *v) drop(p);
  } else {
    const ndarray& o = std::get<ndarray>(obj);
    if (o.dtype() == DType::Bool) {
      if (o.ndim() != 1 || o.shape(0) != n)
        throw ValueError("boolean array argument obj to delete must be one dimensional and match the axis length of " +
                         std::to_string(n));
      const std::vector<unsigned char> mask = host_values<unsigned char>(o, DType::Bool);
      for (int64_t p = 0; p < n; ++p) keep[static_cast<size_t>(p)] = !mask[static_cast<size_t>(p)];
    } else {
      if (!is_integer(o.dtype())) throw IndexError("arrays used as indices must be of integer (or boolean) type");
      const std::vector<int64_t> pos = int_positions(o, axis, n, false);
      for (int64_t p : pos)  // NumPy names the first bad one
        if (p < -n || p >= n) throw IndexError(out_of_bounds(p, axis, n));
      for (int64_t p : pos) drop(p);
    }
  }
  if (std::all_of(keep.begin(), keep.end(), [](unsigned char k) { return k != 0; })) return arr.copy();
  return index(arr, along(axis, kept_items(keep, arr.device())));
}

ndarray insert(const ndarray& arr_in, const InsertObj& obj, const ndarray& values, std::optional<int64_t> axis_in) {
  const auto [arr, axis] = axis_of(arr_in, axis_in);
  const int64_t n = arr.shape(axis);
  std::vector<int64_t> idx;
  bool scalar = false;  // one position given as a scalar: values' first axis goes to `axis`
  if (const auto* i = std::get_if<int64_t>(&obj)) {
    idx = {*i};
    scalar = true;
  } else if (const auto* s = std::get_if<Slice>(&obj)) {
    idx = slice_positions(*s, n);
  } else if (const auto* v = std::get_if<std::vector<int64_t>>(&obj)) {
    idx = *v;
  } else {
    const ndarray& o = std::get<ndarray>(obj);
    if (o.dtype() == DType::Bool) {  // its true positions (NumPy's flatnonzero)
      if (o.ndim() != 1) throw ValueError("boolean array argument obj to insert must be one dimensional");
      const std::vector<unsigned char> mask = host_values<unsigned char>(o, DType::Bool);
      for (size_t p = 0; p < mask.size(); ++p)
        if (mask[p]) idx.push_back(static_cast<int64_t>(p));
    } else {
      if (o.ndim() > 1) throw ValueError("index array argument obj to insert must be one dimensional or scalar");
      if (!is_integer(o.dtype())) {
        // one float position: NumPy slices with it (its TypeError); several: an index array
        if (o.size() == 1) throw TypeError("slice indices must be integers or None or have an __index__ method");
        throw IndexError("arrays used as indices must be of integer (or boolean) type");
      }
      idx = int_positions(o, axis, n, o.ndim() == 1);
      scalar = o.ndim() == 0;
    }
  }
  ndarray vals = values.dtype() == arr.dtype() ? values : values.astype(arr.dtype());
  Shape shape = arr.shape();
  if (idx.size() == 1) {
    int64_t i = idx[0];
    if (i < -n || i > n)  // NumPy prints a one-element sequence obj as [i]
      throw IndexError(out_of_bounds(scalar ? std::to_string(i) : "[" + std::to_string(i) + "]", axis, n));
    if (i < 0) i += n;
    if (vals.ndim() < arr.ndim()) {
      Shape s(static_cast<size_t>(arr.ndim() - vals.ndim()), 1);
      s.insert(s.end(), vals.shape().begin(), vals.shape().end());
      vals = reshape(vals, s);
    }
    if (scalar) vals = moveaxis(vals, {0}, {axis});
    const int64_t numnew = vals.shape(axis);
    shape[static_cast<size_t>(axis)] = n + numnew;
    ndarray out = empty(shape, arr.dtype(), arr.device());
    index_assign(out, along(axis, Index(Slice{{}, i, {}})), index(arr, along(axis, Index(Slice{{}, i, {}}))));
    index_assign(out, along(axis, Index(Slice{i, i + numnew, {}})), vals);
    index_assign(out, along(axis, Index(Slice{i + numnew, {}, {}})), index(arr, along(axis, Index(Slice{i, {}, {}}))));
    return out;
  }
  // Several positions: negative ones count from the end of arr; in stable
  // sorted order the k-th moves k places right (the items put in before
  // it), and the result is checked against the new length.
  const int64_t numnew = static_cast<int64_t>(idx.size());
  for (int64_t& p : idx)
    if (p < 0) p += n;
  std::vector<int64_t> order(idx.size());
  std::iota(order.begin(), order.end(), int64_t{0});
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return idx[a] < idx[b]; });
  for (int64_t k = 0; k < numnew; ++k) idx[static_cast<size_t>(order[k])] += k;
  const int64_t total = n + numnew;
  std::vector<unsigned char> keep(static_cast<size_t>(total), 1);
  for (int64_t& p : idx) {
    if (p < -total || p >= total) throw IndexError(out_of_bounds(p, axis, total));
    if (p < 0) p += total;
    keep[static_cast<size_t>(p)] = 0;
  }
  shape[static_cast<size_t>(axis)] = total;
  ndarray out = empty(shape, arr.dtype(), arr.device());
  index_assign(out, along(axis, Index(from_host(idx, {numnew}, arr.device()))), vals);
  index_assign(out, along(axis, kept_items(keep, arr.device())), arr);
  return out;
}

}  // namespace cunum
