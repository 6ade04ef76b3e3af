// Order statistics: quantile, percentile, median and their nan forms, on the
// sort family and gathers (Note [Quantiles on the device]).
#include <algorithm>
#include <cmath>
#include <string>

#include "core/reduce.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/mathematical.hpp"
#include "cunum/sorting.hpp"
#include "cunum/statistics.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
constexpr const char* kMethodNames[] = {
    "inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf", "hazen",
    "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint", "nearest"};

const char* method_name(QuantileMethod m) { return kMethodNames[static_cast<int>(m)]; }

// Note [Quantiles on the device]
// The reduced dims are moved last and merged: `a` becomes R rows of N
// elements, sorted row by row (NaN last). Per quantile q and row, NumPy's
// virtual index v (a function of the row's count n and q: n = N, or the
// row's non-NaN count for the nan forms) gives a previous and a next index
// and a weight; these are computed by ufuncs on (Q, R) arrays, the two
// elements fetched by one take_along_axis each, and interpolated as NumPy's
// _lerp does. Nothing but q's few values travels from the host, nothing
// comes back (except the weights' validity checks, which NumPy makes on the
// data and so need one flag).
struct Rows {
  ndarray rows;  // (R, N), C order, unsorted
  int64_t R = 1, N = 1;
  Shape kept, keep;  // the result's dims without and with keepdims
};

Rows as_rows(const ndarray& a, const std::optional<std::vector<int64_t>>& axis) {
  if (axis) {  // NumPy's median and quantiles normalize the axes themselves (normalize_axis_tuple)
    std::vector<int> seen;
    for (int64_t ax : *axis) seen.push_back(normalize_axis(ax, a.ndim()));
    std::sort(seen.begin(), seen.end());
    if (std::adjacent_find(seen.begin(), seen.end()) != seen.end()) throw ValueError("repeated axis");
  }
  const std::vector<bool> red = core::reduced_dims(a, axis);
  Rows r;
  std::vector<int64_t> perm;
  for (int d = 0; d < a.ndim(); ++d)
    if (!red[d]) {
      perm.push_back(d);
      r.R *= a.shape()[d];
      r.kept.push_back(a.shape()[d]);
      r.keep.push_back(a.shape()[d]);
    } else {
      r.keep.push_back(1);
    }
  for (int d = 0; d < a.ndim(); ++d)
    if (red[d]) {
      perm.push_back(d);
      r.N *= a.shape()[d];
    }
  r.rows = reshape(a.ndim() ? transpose(a, perm) : a, {r.R, r.N});
  return r;
}



// The element of every row at idx (Q, R) int64: (Q, R).
ndarray fetch(const ndarray& sorted, const ndarray& idx) {
  return transpose(take_along_axis(sorted, transpose(idx), 1));
}

ndarray clip_index(const ndarray& i, int64_t N) {
  return minimum(maximum(i, Scalar(int64_t(0))), Scalar(N - 1)).astype(DType::Int64);
}

// NumPy's _discrete_interpolation_to_boundaries: floor(index), or the next
// one where the fractional part is not 0 (closest_observation: also where
// floor(index) is even).
ndarray boundary(const ndarray& index, bool closest) {
  const ndarray prev = floor(index);
  const ndarray g = subtract(index, prev);
  ndarray cond = equal(g, Scalar(0.0));
  if (closest) cond = logical_and(cond, equal(remainder(prev, Scalar(2.0)), Scalar(1.0)));
  return where(cond, prev, add(prev, Scalar(1.0)));
}

bool discrete(QuantileMethod m, bool integer_q) {
  switch (m) {
    case QuantileMethod::InvertedCdf:
    case QuantileMethod::ClosestObservation:
    case QuantileMethod::Lower:
    case QuantileMethod::Higher:
    case QuantileMethod::Nearest: return true;
    case QuantileMethod::Linear: return integer_q;
    default: return false;
  }
}

// (Q, R) quantiles of sorted rows; n: the rows' counts (float64, (1, R) or 0-d),
// q: (Q, 1) float64.
ndarray quantile_rows(const ndarray& sorted, int64_t N, const ndarray& n, const ndarray& q, const QuantileOptions& o,
                      DType adt) {
  using M = QuantileMethod;
  const M m = o.method;
  const ndarray n1 = subtract(n, Scalar(1));
  if (discrete(m, o.integer_q)) {
    ndarray idx;
    switch (m) {
      case M::InvertedCdf: idx = boundary(subtract(multiply(n, q), Scalar(1.0)), false); break;
      case M::ClosestObservation:
        idx = boundary(subtract(subtract(multiply(n, q), Scalar(1.0)), Scalar(0.5)), true);
        break;
      case M::Lower: idx = floor(multiply(n1, q)); break;
      case M::Higher: idx = ceil(multiply(n1, q)); break;
      case M::Nearest: idx = rint(multiply(n1, q)); break;
      default: idx = multiply(n1, q); break;  // linear with integer q
    }
    return fetch(sorted, clip_index(broadcast_to(idx, broadcast_shapes({idx.shape(), n.shape(), q.shape()})), N));
  }
  auto hf = [&](double alpha, double beta) {  // NumPy's _compute_virtual_index
    return subtract(add(multiply(n, q), add(multiply(q, Scalar(1.0 - alpha - beta)), Scalar(alpha))), Scalar(1.0));
  };
  ndarray v;
  switch (m) {
    case M::AveragedInvertedCdf: v = subtract(multiply(n, q), Scalar(1.0)); break;
    case M::InterpolatedInvertedCdf: v = hf(0.0, 1.0); break;
    case M::Hazen: v = hf(0.5, 0.5); break;
    case M::Weibull: v = hf(0.0, 0.0); break;
    case M::MedianUnbiased: v = hf(1 / 3.0, 1 / 3.0); break;
    case M::NormalUnbiased: v = hf(3 / 8.0, 3 / 8.0); break;
    case M::Midpoint: {
      const ndarray t = multiply(n1, q);
      v = multiply(Scalar(0.5), add(floor(t), ceil(t)));
      break;
    }
    default: v = multiply(n1, q); break;  // linear
  }
  v = broadcast_to(v, broadcast_shapes({v.shape(), n.shape(), q.shape()})).copy();
  // NumPy's _get_indexes: past the last index both are the last (-1), below 0
  // both 0; the weight is taken against those (so -1 counts as -1).
  const ndarray prevf = floor(v);
  const ndarray above = greater_equal(v, n1), below = less(v, Scalar(0.0));
  const ndarray prev_g = where(above, Scalar(-1.0), where(below, Scalar(0.0), prevf));
  ndarray gamma = subtract(v, prev_g);
  if (m == M::AveragedInvertedCdf) gamma = where(equal(gamma, Scalar(0.0)), Scalar(0.5), Scalar(1.0));
  if (m == M::Midpoint) gamma = where(equal(remainder(v, Scalar(1.0)), Scalar(0.0)), Scalar(0.0), Scalar(0.5));
  const ndarray last = broadcast_to(n1, v.shape());
  const ndarray pi = clip_index(where(above, last, where(below, Scalar(0.0), prevf)), N);
  const ndarray ni = clip_index(where(above, last, where(below, Scalar(0.0), add(prevf, Scalar(1.0)))), N);
  const ndarray a = fetch(sorted, pi), b = fetch(sorted, ni);
  if (gamma.dtype() != o.q_dtype) gamma = gamma.astype(o.q_dtype);
  // NumPy's _lerp: a + (b - a) t, or b - (b - a)(1 - t) where t >= 0.5; 1 - t
  // in t's dtype. A weak q's t is a Python float: t and 1 - t in float64,
  // each then meeting a float `a` in a's dtype.
  const ndarray upper = greater_equal(gamma, Scalar(0.5));
  ndarray t1 = subtract(Scalar(1.0), gamma);
  if (o.weak_q && is_floating(adt)) {
    gamma = gamma.astype(adt);
    t1 = t1.astype(adt);
  }
  const ndarray diff = subtract(b, a);
  return where(upper, subtract(b, multiply(diff, t1)), add(a, multiply(diff, gamma)));
}

ndarray finish(ndarray r, const Rows& rows, const Shape& q_shape, const QuantileOptions& o, bool cast_unsafe) {
  Shape s = q_shape;
  for (int64_t d : o.keepdims ? rows.keep : rows.kept) s.push_back(d);
  r = reshape(r, s);
  // A new array in C order, as NumPy's (a fetched element is a transposed gather).
  if (!o.out) return r.is_c_contiguous() ? r : r.copy();
  if (o.out->shape() != s)
    throw ValueError("output array has shape " + shape_str(o.out->shape()) + ", expected " + shape_str(s));
  copyto(*o.out, r, cast_unsafe ? Casting::Unsafe : Casting::SameKind);
  return *o.out;
}

bool any_true(const ndarray& b) {  // one flag back from the device
  return any(b).item().b;  // a bool array's Scalar holds .b
}

// The weights as rows like a's (NumPy's _weights_are_valid, then broadcast).
ndarray weight_rows(const ndarray& a, const ndarray& w, const QuantileOptions& o) {
  ndarray wb = w;
  if (w.shape() != a.shape()) {
    if (!o.axis) throw TypeError("Axis must be specified when shapes of a and weights differ.");
    std::vector<int64_t> axes;
    for (int64_t ax : *o.axis) axes.push_back(normalize_axis(ax, a.ndim()));
    Shape want;
    for (int64_t ax : axes) want.push_back(a.shape()[ax]);
    if (w.shape() != want)
      throw ValueError("Shape of weights must be consistent with shape of a along specified axis.");
    // w's dims follow `axis`; put them in a's order, ones elsewhere.
    std::vector<int64_t> order(axes.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int64_t>(i);
    std::sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return axes[x] < axes[y]; });
    Shape s;
    for (int d = 0; d < a.ndim(); ++d) {
      bool in = false;
      for (int64_t ax : axes) in |= ax == d;
      s.push_back(in ? a.shape()[d] : 1);
    }
    wb = broadcast_to(reshape(transpose(w, order), s), a.shape());
  }
  if (any_true(less(wb, Scalar(0)))) throw ValueError("Weights must be non-negative.");
  return as_rows(wb, o.axis).rows;
}

// NumPy's weighted inverted_cdf: the first element whose cumulative weight
// reaches q (leading zero weights skipped).
ndarray weighted_rows(const Rows& rows, const ndarray& wrows, const std::vector<double>& q, const ndarray& qd,
                      bool nan, const QuantileOptions& o, DType adt) {
  const ndarray order = argsort(rows.rows, 1);
  const ndarray sorted = take_along_axis(rows.rows, order, 1);
  ndarray ws = take_along_axis(wrows, order, 1);
  if (nan) ws = where(isnan(sorted), Scalar(0.0), ws);
  ndarray cdf = cumsum(ws, ScanOptions{1, DType::Float64, {}});
  const ndarray total = take(cdf, rows.N - 1, 1);
  cdf = divide(cdf, reshape(total, {rows.R, 1}));
  ndarray bad = isnan(divide(total, total));
  if (nan) bad = logical_and(bad, logical_not(all(isnan(sorted), 1)));
  if (any_true(bad)) throw ValueError("Weights included NaN, inf or were all zero.");
  const DType qdt = o.q_dtype;
  cdf = cdf.astype(qdt);
  cdf = where(equal(cdf, Scalar(0.0)), full({}, Scalar(-1.0), qdt, cdf.device()), cdf);
  // searchsorted(cdf_row, q, 'left') = how many of the row's cdf are below q.
  const int64_t Q = static_cast<int64_t>(q.size());
  const ndarray below = less(reshape(cdf, {rows.R, 1, rows.N}), reshape(qd.astype(qdt), {1, Q, 1}));
  ndarray idx = sum(below, ReduceOptions{{{2}}, false, DType::Int64, {}});
  idx = minimum(idx, Scalar(rows.N - 1));
  return transpose(take_along_axis(sorted, idx, 1));
}

ndarray quantile_impl(const ndarray& a, const std::vector<double>& q, const Shape& q_shape, QuantileOptions o,
                      bool nan, bool percent) {
  if (is_complex(a.dtype())) throw TypeError("a must be an array of real numbers");
  std::vector<double> qs = q;
  for (double& x : qs) {
    if (percent) x /= 100.0;
    if (!(x >= 0.0 && x <= 1.0))
      throw ValueError(percent ? "Percentiles must be in the range [0, 100]" : "Quantiles must be in the range [0, 1]");
  }
  if (o.weights && o.method != QuantileMethod::InvertedCdf)
    throw ValueError(std::string("Only method 'inverted_cdf' supports weights. Got: ") + method_name(o.method) + ".");
  // NumPy's nan forms answer an empty array with nanmean(a, axis, out,
  // keepdims) before looking at q's shape: NaNs (float64 for integers), and
  // no dimension for q (NumPy 2.0-2.4's _nanquantile_unchecked).
  if (nan && a.size() == 0) return nanmean(a, ReduceOptions{o.axis, o.keepdims, {}, o.out});
  if (q_shape.size() > 1) throw ValueError("q must be a scalar or 1d");
  if (nan && !is_inexact(a.dtype())) nan = false;
  const Rows rows = as_rows(a, o.axis);
  const int64_t Q = static_cast<int64_t>(qs.size());
  const ndarray qd = from_host(qs, {Q, 1}, a.device()).astype(o.q_dtype);
  // NumPy's message names whichever index its own code reaches first (it
  // depends on the dtype, the method and q): the type is NumPy's, the text
  // always this one (test_statistics_order.py::test_empty_raises_index_error).
  if (rows.N == 0 && !nan) throw IndexError("index -1 is out of bounds for axis 0 with size 0");
  const bool inexact = is_inexact(a.dtype());
  ndarray count;  // the rows' non-NaN counts (nan forms)
  if (nan) count = sum(logical_not(isnan(rows.rows)), ReduceOptions{{{1}}, false, DType::Int64, {}});
  ndarray r;
  if (o.weights) {
    r = weighted_rows(rows, weight_rows(a, *o.weights, o), qs, qd, nan, o, a.dtype());
  } else if (rows.N == 0) {
    r = full({Q, rows.R}, Scalar(std::nan("")), a.dtype(), a.device());
  } else {
    const ndarray sorted = sort(rows.rows, 1);
    // n as NumPy's Python int meets q: converted to q's dtype.
    const ndarray n = nan ? reshape(count.astype(o.q_dtype), {1, rows.R})
                          : full({}, Scalar(static_cast<double>(rows.N)), o.q_dtype, a.device());
    r = quantile_rows(sorted, rows.N, n, qd, o, a.dtype());
    if (!nan && inexact) {  // a row holding NaN: its last element, NaN
      const ndarray last = reshape(take(sorted, rows.N - 1, 1), {1, rows.R});
      r = where(isnan(last), last.astype(r.dtype()), r);
    }
  }
  if (o.weights && !nan && inexact)
    r = where(reshape(any(isnan(rows.rows), 1), {1, rows.R}), full({}, Scalar(std::nan("")), r.dtype(), r.device()), r);
  if (nan)
    r = where(reshape(equal(count, Scalar(int64_t(0))), {1, rows.R}), full({}, Scalar(std::nan("")), r.dtype(), r.device()), r);
  if (nan && r.dtype() != a.dtype() && discrete(o.method, o.integer_q)) r = r.astype(a.dtype());
  return finish(r, rows, q_shape, o, discrete(o.method, o.integer_q) || o.weights.has_value());
}

ndarray median_impl(const ndarray& a, const std::optional<std::vector<int64_t>>& axis, bool keepdims,
                    const std::optional<ndarray>& out, bool nan) {
  if (nan && a.size() == 0) return nanmean(a, ReduceOptions{axis, keepdims, {}, out});  // NumPy's nanmedian, too
  if (nan && !is_inexact(a.dtype())) nan = false;
  const Rows rows = as_rows(a, axis);
  QuantileOptions o;
  o.keepdims = keepdims;
  o.out = out;
  const DType mdt = is_inexact(a.dtype()) ? a.dtype() : DType::Float64;  // mean's dtype
  if (rows.N == 0) {  // NumPy's mean of nothing: NaN (complex: NaN in both parts)
    const Scalar nan_value = is_complex(mdt) ? Scalar(std::nan(""), std::nan("")) : Scalar(std::nan(""));
    return finish(full({1, rows.R}, nan_value, mdt, a.device()), rows, {}, o, true);
  }
  const ndarray sorted = sort(rows.rows, 1);
  ndarray lo, hi;
  if (!nan) {
    const int64_t k = rows.N / 2;
    const int64_t idx[2] = {rows.N % 2 ? k : k - 1, k};
    lo = full({rows.R, 1}, Scalar(idx[0]), DType::Int64, a.device());
    hi = full({rows.R, 1}, Scalar(idx[1]), DType::Int64, a.device());
  } else {
    const ndarray n = sum(logical_not(isnan(rows.rows)), ReduceOptions{{{1}}, true, DType::Int64, {}});
    lo = maximum(floor_divide(subtract(n, Scalar(int64_t(1))), Scalar(int64_t(2))), Scalar(int64_t(0)));
    hi = minimum(floor_divide(n, Scalar(int64_t(2))), Scalar(rows.N - 1));
  }
  // NumPy's median: the mean of the middle elements (of one, or of two).
  const ndarray mid = concatenate({take_along_axis(sorted, lo, 1), take_along_axis(sorted, hi, 1)}, 1);
  ndarray m = mean(mid, 1);
  if (is_inexact(a.dtype())) {  // NaN for a slice holding NaN (nanmedian: holding nothing else)
    const ndarray last = take(sorted, rows.N - 1, 1);
    const ndarray bad = nan ? all(isnan(sorted), 1) : isnan(last);
    m = where(bad, last.astype(m.dtype()), m);
  }
  return finish(reshape(m, {1, rows.R}), rows, {}, o, true);
}
}  // namespace

QuantileMethod quantile_method(const std::string& name) {
  for (int i = 0; i < 13; ++i)
    if (name == kMethodNames[i]) return static_cast<QuantileMethod>(i);
  std::string keys;
  for (int i = 0; i < 13; ++i) keys += std::string(i ? ", '" : "'") + kMethodNames[i] + "'";
  throw ValueError("'" + name + "' is not a valid method. Use one of: dict_keys([" + keys + "])");
}

ndarray quantile(const ndarray& a, const std::vector<double>& q, const Shape& s, const QuantileOptions& o) {
  return quantile_impl(a, q, s, o, false, false);
}
ndarray percentile(const ndarray& a, const std::vector<double>& q, const Shape& s, const QuantileOptions& o) {
  return quantile_impl(a, q, s, o, false, true);
}
ndarray nanquantile(const ndarray& a, const std::vector<double>& q, const Shape& s, const QuantileOptions& o) {
  return quantile_impl(a, q, s, o, true, false);
}
ndarray nanpercentile(const ndarray& a, const std::vector<double>& q, const Shape& s, const QuantileOptions& o) {
  return quantile_impl(a, q, s, o, true, true);
}
ndarray median(const ndarray& a, std::optional<std::vector<int64_t>> axis, bool keepdims,
               const std::optional<ndarray>& out) {
  return median_impl(a, axis, keepdims, out, false);
}
ndarray nanmedian(const ndarray& a, std::optional<std::vector<int64_t>> axis, bool keepdims,
                  const std::optional<ndarray>& out) {
  return median_impl(a, axis, keepdims, out, true);
}

}  // namespace cunum
