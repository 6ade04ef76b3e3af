// Order statistics, the extrema: ptp, nanmin, nanmax, nanargmin, nanargmax
// (amin and amax are the reductions min and max). Compositions of the
// reductions: NaN replaced, in registers of the fused where, by a value that
// never wins, then the slices that held only NaN set to NaN.
#include <cmath>
#include <limits>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/statistics.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
// The value NaN becomes: one that loses to every other (NumPy's
// _replace_nan with +-inf; complex: both parts).
ndarray loser(const ndarray& a, bool is_max) {
  const double inf = std::numeric_limits<double>::infinity();
  const double v = is_max ? -inf : inf;
  return is_complex(a.dtype()) ? full({}, Scalar(v, v), a.dtype(), a.device())
                               : full({}, Scalar(v), a.dtype(), a.device());
}

ndarray nan_extremum(const ndarray& a, const ReduceOptions& o, bool is_max, const std::optional<Scalar>& initial,
                     const std::optional<ndarray>& where_) {
  if (!is_inexact(a.dtype()) && !where_ && !initial) return is_max ? max(a, o) : min(a, o);
  if (where_ && !initial)
    throw ValueError(std::string("reduction operation '") + (is_max ? "fmax" : "fmin") +
                     "' does not have an identity, so to use a where mask one has to specify 'initial'");
  ndarray skip = isnan(a);
  if (where_) skip = logical_or(skip, logical_not(*where_));
  ReduceOptions ro{o.axis, o.keepdims, {}, {}, o.axis_is_int};
  ndarray r = is_max ? max(where(skip, loser(a, is_max), a), ro) : min(where(skip, loser(a, is_max), a), ro);
  const ndarray none = all(skip, ro);
  if (initial) {
    const ndarray init = full({}, *initial, r.dtype(), a.device());
    r = where(none, init, is_max ? fmax(r, init) : fmin(r, init));
  } else {
    r = where(none, full({}, Scalar(std::nan("")), r.dtype(), a.device()), r);
  }
  if (o.out) {
    if (o.out->shape() != r.shape())
      throw ValueError("output parameter for reduction operation " + std::string(is_max ? "fmax" : "fmin") +
                       " has a non-matching shape");
    copyto(*o.out, r, Casting::Unsafe);
    return *o.out;
  }
  return r;
}

ndarray nan_arg(const ndarray& a, std::optional<int64_t> axis, bool keepdims, const std::optional<ndarray>& out,
                bool is_max) {
  if (!is_inexact(a.dtype())) return is_max ? argmax(a, axis, keepdims, out) : argmin(a, axis, keepdims, out);
  const ndarray nan = isnan(a);
  // NumPy raises for a slice of NaN only: one flag read back.
  const ndarray bad = axis ? any(all(nan, *axis)) : all(nan);
  if (bad.item().b) throw ValueError("All-NaN slice encountered");
  const ndarray x = where(nan, loser(a, is_max), a);
  return is_max ? argmax(x, axis, keepdims, out) : argmin(x, axis, keepdims, out);
}
}  // namespace

ndarray ptp(const ndarray& a, const ReduceOptions& o) {
  // NumPy's _ptp: max into out, then out - min into out.
  const ndarray mx = max(a, o);
  const ndarray mn = min(a, ReduceOptions{o.axis, o.keepdims, {}, {}, o.axis_is_int});
  if (o.out) {
    subtract(mx, mn, {.out = *o.out});
    return *o.out;
  }
  return subtract(mx, mn);
}
ndarray nanmin(const ndarray& a, const ReduceOptions& o, const std::optional<Scalar>& initial,
               const std::optional<ndarray>& where) {
  return nan_extremum(a, o, false, initial, where);
}
ndarray nanmax(const ndarray& a, const ReduceOptions& o, const std::optional<Scalar>& initial,
               const std::optional<ndarray>& where) {
  return nan_extremum(a, o, true, initial, where);
}
ndarray nanargmin(const ndarray& a, std::optional<int64_t> axis, bool keepdims, const std::optional<ndarray>& out) {
  return nan_arg(a, axis, keepdims, out, false);
}
ndarray nanargmax(const ndarray& a, std::optional<int64_t> axis, bool keepdims, const std::optional<ndarray>& out) {
  return nan_arg(a, axis, keepdims, out, true);
}

}  // namespace cunum
