// Set routines (NumPy's "Set routines" chapter): unique and the 1-d set
// operations, composed from the sort family (src/core/sort.hpp), gathers
// (take) and ufuncs, so they run on every backend.
//
// Note [unique by runs]
// unique sorts (stable, so that the first index of each value is the first
// of its run), finds the runs of equal values (the backend's runs primitive,
// which also scatters the inverse through the permutation) and gathers the
// values and first indices at the run starts; counts are the differences of
// consecutive starts. How many runs there are is data the host must see to
// size the result: the one wait for the device of a unique() call.
#include <string>

#include "core/assign.hpp"
#include "core/sort.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/sorting.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/sort_helpers.hpp"

namespace cunum {

namespace {
ndarray slice(const ndarray& a, std::optional<int64_t> start, std::optional<int64_t> stop) {
  return index(a, {Index(Slice{start, stop, {}})});
}

// counts[i] = starts[i + 1] - starts[i], starts[count] = n.
ndarray counts_of(const ndarray& starts, int64_t n) {
  const int64_t m = starts.size();
  ndarray ext = empty({m + 1}, DType::Int64, starts.device());
  core::assign(slice(ext, 0, m), starts);
  index_assign(ext, {Index(m)}, Scalar(n));
  return subtract(slice(ext, 1, {}), slice(ext, 0, m));
}

// Note [unique by runs], for a 1-d array (any layout).
UniqueResult unique_flat(const ndarray& flat, const UniqueOptions& o, const Shape& inverse_shape) {
  const int64_t n = flat.size();
  UniqueResult r;
  const bool need_perm = o.return_index || o.return_inverse;
  ndarray sorted, perm, inverse;
  core::sort_along(flat, 0, &sorted, need_perm ? &perm : nullptr);
  if (o.return_inverse) inverse = empty({n}, DType::Int64, flat.device());
  const ndarray starts = core::run_starts(sorted, false, o.equal_nan, perm, inverse);
  r.values = take(sorted, starts);
  if (o.return_index) r.index = take(perm, starts);
  if (o.return_inverse) r.inverse = inverse.reshape(inverse_shape);
  if (o.return_counts) r.counts = counts_of(starts, n);
  return r;
}

// unique along an axis: the slices as rows, sorted lexicographically (NumPy
// compares them as structured elements: field by field, NaN last), a run
// starting wherever a row differs from the one before it.
UniqueResult unique_axis(const ndarray& ar, int axis, const UniqueOptions& o) {
  const ndarray moved = ascontiguousarray(moveaxis(ar, {axis}, {0}));
  const int64_t n = moved.shape()[0];
  Shape rest(moved.shape().begin() + 1, moved.shape().end());
  const int64_t m = shape_size(rest);
  const ndarray rows = moved.reshape({n, m});
  const Device dev = ar.device();
  ndarray perm;
  if (m == 0 || n == 0) {
    perm = arange(Scalar(int64_t(0)), Scalar(n), Scalar(int64_t(1)), DType::Int64, dev);
  } else {
    std::vector<ndarray> cols;
    for (int64_t c = m - 1; c >= 0; --c) cols.push_back(index(rows, {Index(Slice{}), Index(c)}));
    perm = lexsort(cols, 0);
  }
  const ndarray sorted = take(rows, perm, 0);
  ndarray flags = empty({n}, DType::Bool, dev);
  if (n > 0) {
    index_assign(flags, {Index(0)}, Scalar(true));
    if (n > 1) {
      const ndarray diff = not_equal(slice(sorted, 1, {}), slice(sorted, 0, n - 1));
      core::assign(slice(flags, 1, {}), m == 0 ? zeros({n - 1}, DType::Bool, dev) : any(diff, 1));
    }
  }
  ndarray inverse;
  if (o.return_inverse) inverse = empty({n}, DType::Int64, dev);
  const ndarray starts = core::run_starts(flags, true, false, perm, inverse);
  UniqueResult r;
  Shape vshape = rest;
  vshape.insert(vshape.begin(), starts.size());
  r.values = moveaxis(take(sorted, starts, 0).reshape(vshape), {0}, {axis});
  if (o.return_index) r.index = take(perm, starts);
  if (o.return_inverse) r.inverse = inverse;
  if (o.return_counts) r.counts = counts_of(starts, n);
  return r;
}

// Both inputs raveled and cast to their common dtype.
std::pair<ndarray, ndarray> common_flat(const ndarray& a, const ndarray& b) {
  const DType d = promote_types(a.dtype(), b.dtype());
  return {ravel(a).astype(d, false), ravel(core::on_device(b, a.device())).astype(d, false)};
}
}  // namespace

UniqueResult unique(const ndarray& ar, const UniqueOptions& o) {
  if (o.axis) {
    const int axis = normalize_axis(*o.axis, ar.ndim());
    return unique_axis(ar, axis, o);
  }
  return unique_flat(ravel(ar), o, ar.shape());
}

ndarray isin(const ndarray& element, const ndarray& test_elements, bool assume_unique, bool invert) {
  const DType d = promote_types(element.dtype(), test_elements.dtype());
  const Device dev = element.device();
  const ndarray t = ravel(core::on_device(test_elements, dev)).astype(d, false);
  if (t.size() == 0) return invert ? ones(element.shape(), DType::Bool, dev) : zeros(element.shape(), DType::Bool, dev);
  const ndarray s = sort(t, 0);
  const ndarray e = element.astype(d, false);
  const ndarray pos = minimum(searchsorted(s, e), t.size() - 1);
  const ndarray at = take(s, pos);
  return invert ? not_equal(at, e) : equal(at, e);
}

IntersectResult intersect1d(const ndarray& a, const ndarray& b, bool assume_unique, bool return_indices) {
  auto [fa, fb] = common_flat(a, b);
  ndarray v1, v2, i1, i2;
  if (assume_unique) {
    i1 = argsort(fa, 0);
    i2 = argsort(fb, 0);
    v1 = take(fa, i1);
    v2 = take(fb, i2);
  } else {
    UniqueResult u1 = unique(fa, {.return_index = return_indices});
    UniqueResult u2 = unique(fb, {.return_index = return_indices});
    v1 = u1.values;
    v2 = u2.values;
    if (return_indices) {
      i1 = *u1.index;
      i2 = *u2.index;
    }
  }
  const ndarray in2 = isin(v1, v2, true);
  IntersectResult r;
  r.values = detail::compress_1d(v1, in2);
  if (return_indices) {
    r.indices1 = detail::compress_1d(i1, in2);
    r.indices2 = take(i2, searchsorted(v2, r.values));
  }
  return r;
}

ndarray union1d(const ndarray& a, const ndarray& b) {
  auto [fa, fb] = common_flat(a, b);
  return unique(concatenate({fa, fb}, 0)).values;
}

ndarray setdiff1d(const ndarray& a, const ndarray& b, bool assume_unique) {
  const ndarray u = assume_unique ? ravel(a) : unique(a).values;
  return detail::compress_1d(u, isin(u, b, true, true));
}

// The values found exactly once among both inputs' unique values (NaNs are
// never equal here, as NumPy's neighbour comparison).
ndarray setxor1d(const ndarray& a, const ndarray& b, bool assume_unique) {
  auto [fa, fb] = common_flat(a, b);
  const ndarray ua = assume_unique ? fa : unique(fa).values;
  const ndarray ub = assume_unique ? fb : unique(fb).values;
  const ndarray aux = sort(concatenate({ua, ub}, 0), 0);
  const ndarray starts = core::run_starts(aux, false, false);
  const ndarray once = equal(counts_of(starts, aux.size()), 1);
  return detail::compress_1d(take(aux, starts), once);
}

}  // namespace cunum
