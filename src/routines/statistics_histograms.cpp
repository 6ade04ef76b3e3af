// Histograms: bincount, histogram, histogram_bin_edges, histogramdd (and
// histogram2d through it). Note [Histograms on the device]: bincount, and
// histogram of real data whose comparison dtype (NumPy's promotion of the
// data's and the edges' dtypes) is a float, run the histogram primitive
// (Note [Histogram plans]: the bin found in one kernel, per-block counters
// in shared memory on the GPU). Other histograms (complex data, integer
// edges of integer data) and histogramdd find a bin index per element by
// ufuncs (uniform bins: arithmetic then NumPy's two corrections against the
// edges; other edges: searchsorted), elements outside the edges sent to one
// spare bin, and add the counts (or weights) by the scatter primitive with
// accumulation (atomics on the GPU). The host reads only
// what decides an output's size or an error: bincount's max and min, the
// data's min and max when no range is given, the few statistics of a
// string rule, and the flags of NumPy's checks on the edges.
#include <algorithm>
#include <cmath>
#include <charconv>
#include <string>

#include "core/histogram.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/sorting.hpp"
#include "cunum/statistics.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
constexpr double kPi = 3.14159265358979323846;

double host(const ndarray& x) { return x.item().as_double(); }  // one value back from the device
bool flag(const ndarray& b) { return any(b).item().b; }

// As Python prints a float (the shortest text that reads back). Not an
// ostream: a toolchain that links libstdc++ statically into the module
// (the GPU machine's GCC 13) crashed in `ostream << double` once the
// process also held the shared libstdc++ (the two copies' locale facets).
std::string num(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

// counts[i] += w (or 1) for every i in idx (int64, values in [0, n)): the
// scatter primitive with accumulation.
ndarray scatter_counts(const ndarray& idx, int64_t n, const std::optional<ndarray>& w, DType dt, Device dev) {
  ndarray counts = zeros({n}, dt, dev);
  if (idx.size() == 0) return counts;
  const ndarray v = w ? (w->dtype() == dt ? *w : w->astype(dt)) : full({}, Scalar(int64_t(1)), dt, dev);
  index_combine(counts, {Index(ravel(idx))}, w ? ravel(v) : v, ScatterKind::Add);
  return counts;
}

std::string dtype_str(DType d) { return "dtype('" + std::string(dtype_name(d)) + "')"; }

struct Edges {
  ndarray edges;
  bool uniform = false;
  double first = 0, last = 0;
  int64_t n = 0;
};

std::pair<double, double> outer_edges(const ndarray& a, const std::optional<std::pair<double, double>>& range) {
  double first, last;
  if (range) {
    first = range->first;
    last = range->second;
    if (first > last) throw ValueError("max must be larger than min in range parameter.");
    if (!std::isfinite(first) || !std::isfinite(last))
      throw ValueError("supplied range of [" + num(first) + ", " + num(last) + "] is not finite");
  } else if (a.size() == 0) {
    first = 0;
    last = 1;
  } else {
    const ndarray mm = stack({min(a), max(a)}).astype(DType::Float64).to(Device::cpu());  // one transfer
    first = mm.item(0).as_double();
    last = mm.item(1).as_double();
    if (!std::isfinite(first) || !std::isfinite(last))
      throw ValueError("autodetected range of [" + num(first) + ", " + num(last) + "] is not finite");
  }
  if (first == last) {
    first -= 0.5;
    last += 0.5;
  }
  return {first, last};
}

double ptp_of(const ndarray& x) {
  const ndarray mm = stack({min(x), max(x)}).astype(DType::Float64).to(Device::cpu());
  return mm.item(1).as_double() - mm.item(0).as_double();
}

// NumPy's bin-width estimators (numpy.histogram_bin_edges' rules).
double rule_width(const std::string& rule, const ndarray& x, std::pair<double, double> range);

double stone_width(const ndarray& x, std::pair<double, double> range) {
  const double n = static_cast<double>(x.size()), ptp = ptp_of(x);
  if (n <= 1 || ptp == 0) return 0;
  const int64_t upper = std::max<int64_t>(100, static_cast<int64_t>(std::sqrt(n)));
  int64_t best = 1;
  double best_j = 0;
  for (int64_t nb = 1; nb <= upper; ++nb) {
    const double hh = ptp / static_cast<double>(nb);
    const ndarray pk = divide(histogram(x, {nb, {}, {}}, range).hist, Scalar(n));
    const double j = (2 - (n + 1) * host(sum(multiply(pk, pk)))) / hh;
    if (nb == 1 || j < best_j) best = nb, best_j = j;
  }
  return ptp / static_cast<double>(best);
}

double rule_width(const std::string& rule, const ndarray& x, std::pair<double, double> range) {
  const double n = static_cast<double>(x.size());
  if (rule == "sqrt") return ptp_of(x) / std::sqrt(n);
  if (rule == "sturges") return ptp_of(x) / (std::log2(n) + 1.0);
  if (rule == "rice") return ptp_of(x) / (2.0 * std::pow(n, 1.0 / 3));
  if (rule == "scott") return std::pow(24.0 * std::sqrt(kPi) / n, 1.0 / 3.0) * host(std(x));
  if (rule == "stone") return stone_width(x, range);
  if (rule == "doane") {
    if (n > 2) {
      const double sg1 = std::sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)));
      const double sigma = host(std(x));
      if (sigma > 0.0) {
        const ndarray t = divide(subtract(x, mean(x)), Scalar(sigma));
        const double g1 = host(mean(power(t, Scalar(3))));
        return ptp_of(x) / (1.0 + std::log2(n) + std::log2(1.0 + std::abs(g1) / sg1));
      }
    }
    return 0.0;
  }
  const ndarray pr = percentile(x, {75.0, 25.0}, {2}).astype(DType::Float64).to(Device::cpu());
  const double fd = 2.0 * (pr.item(0).as_double() - pr.item(1).as_double()) * std::pow(n, -1.0 / 3.0);
  if (rule == "fd") return fd;
  const double sturges = ptp_of(x) / (std::log2(n) + 1.0);  // "auto"
  return fd ? std::min(fd, sturges) : sturges;
}

bool is_rule(const std::string& r) {
  for (const char* k : {"stone", "auto", "doane", "fd", "rice", "scott", "sqrt", "sturges"})
    if (r == k) return true;
  return false;
}

// NumPy's _get_bin_edges.
Edges bin_edges(const ndarray& a, const HistogramBins& bins, const std::optional<std::pair<double, double>>& range,
                bool weighted) {
  Edges e;
  int64_t n_equal = -1;
  std::pair<double, double> fl{0, 0};
  if (bins.rule) {
    if (!is_rule(*bins.rule)) throw ValueError("'" + *bins.rule + "' is not a valid estimator for `bins`");
    if (weighted) throw TypeError("Automated estimation of the number of bins is not supported for weighted data");
    fl = outer_edges(a, range);
    ndarray x = ravel(a);
    if (range) {
      const ndarray keep = logical_and(greater_equal(x, Scalar(fl.first)), less_equal(x, Scalar(fl.second)));
      if (!all(keep).item().b) x = compress(keep, x);
    }
    if (x.size() == 0) {
      n_equal = 1;
    } else {
      double width = rule_width(*bins.rule, x, fl);
      if (width) {
        if (is_integer(a.dtype()) && width < 1) width = 1;
        n_equal = static_cast<int64_t>(std::ceil((fl.second - fl.first) / width));
      } else {
        n_equal = 1;
      }
    }
  } else if (bins.count) {
    n_equal = *bins.count;
    if (n_equal < 1) throw ValueError("`bins` must be positive, when an integer");
    fl = outer_edges(a, range);
  } else {
    const ndarray& b = *bins.edges;
    if (b.ndim() != 1) throw ValueError("`bins` must be 1d, when an array");
    e.edges = b.device() == a.device() ? b : b.to(a.device());
    if (b.size() > 1 && flag(greater(index(e.edges, {Slice{{}, -1, {}}}), index(e.edges, {Slice{1, {}, {}}}))))
      throw ValueError("`bins` must increase monotonically, when an array");
    e.n = b.size() - 1;
    return e;
  }
  // NumPy's bin_type: result_type(first, last, a) (the edges are a's kind of
  // scalar, or weak Python numbers from range= or an empty a's (0, 1)),
  // integers as float64.
  DType bt = a.dtype();
  if (!is_inexact(bt)) bt = DType::Float64;
  if (range || bt == DType::Float64 || a.size() == 0) {
    e.edges = linspace(Scalar(fl.first), Scalar(fl.second), n_equal + 1, true, bt, a.device());
  } else {
    // The ends are scalars of a's float dtype: NumPy's linspace then works
    // in that dtype, i * ((stop - start) / n) + start, the last edge = stop.
    const ndarray start = full({}, Scalar(fl.first), bt, a.device()), stop = full({}, Scalar(fl.second), bt, a.device());
    const ndarray step = divide(subtract(stop, start), full({}, Scalar(static_cast<double>(n_equal)), bt, a.device()));
    ndarray y = arange(Scalar(int64_t(0)), Scalar(n_equal + 1), Scalar(int64_t(1)), bt, a.device());
    y = add(multiply(y, step), start);
    copyto(index(y, {Index(n_equal)}), stop);
    e.edges = y;
  }
  if (n_equal > 0 &&
      flag(greater_equal(index(e.edges, {Slice{{}, -1, {}}}), index(e.edges, {Slice{1, {}, {}}}))))
    throw ValueError("Too many bins for data range. Cannot create " + std::to_string(n_equal) +
                     " finite-sized bins.");
  e.uniform = true;
  e.first = fl.first;
  e.last = fl.second;
  e.n = n_equal;
  return e;
}

// The bin of every element of x (flat), n (the spare bin) outside the edges.
ndarray bin_index(const ndarray& x, const Edges& e) {
  const int64_t n = e.n;
  const ndarray first = index(e.edges, {Index(int64_t(0))}), last = index(e.edges, {Index(n)});
  const ndarray out = logical_not(logical_and(greater_equal(x, first), less_equal(x, last)));  // NaN too
  ndarray idx;
  if (e.uniform) {
    // NumPy's fast path: ((x - first) * n / (last - first)) truncated, n - 1
    // for the last edge, then one step down or up where the edges disagree.
    const ndarray xe = x.astype(e.edges.dtype());
    const double norm = static_cast<double>(n) / (e.last - e.first);
    ndarray f = multiply(subtract(xe, Scalar(e.first)), Scalar(norm));
    idx = where(out, Scalar(0.0), f).astype(DType::Int64);
    idx = minimum(maximum(idx, Scalar(int64_t(0))), Scalar(n - 1));
    const ndarray lo = take(e.edges, idx);
    idx = where(less(xe, lo), subtract(idx, Scalar(int64_t(1))), idx);
    const ndarray hi = take(e.edges, add(idx, Scalar(int64_t(1))));
    idx = where(logical_and(greater_equal(xe, hi), not_equal(idx, Scalar(n - 1))), add(idx, Scalar(int64_t(1))), idx);
  } else {
    idx = subtract(searchsorted(e.edges, x, true), Scalar(int64_t(1)));
    idx = where(equal(x, last), Scalar(n - 1), idx);  // the last edge is in the last bin
  }
  return where(out, Scalar(n), idx);
}

ndarray check_weights(const ndarray& a, const std::optional<ndarray>& w) {
  if (w && w->shape() != a.shape()) throw ValueError("weights should have the same shape as a.");
  return ravel(a.dtype() == DType::Bool ? a.astype(DType::UInt8) : a);
}
}  // namespace

ndarray bincount(const ndarray& x, const std::optional<ndarray>& weights, int64_t minlength) {
  if (x.ndim() == 0) throw ValueError("object of too small depth for desired array");
  if (x.ndim() > 1) throw ValueError("object too deep for desired array");
  if (!is_integer(x.dtype()) && !is_bool(x.dtype()))
    throw TypeError("Cannot cast array data from " + dtype_str(x.dtype()) + " to dtype('int64') according to the rule 'safe'");
  if (minlength < 0) throw ValueError("'minlength' must not be negative");
  if (weights && weights->shape() != x.shape()) throw ValueError("The weights and list don't have the same length.");
  if (weights && !can_cast(weights->dtype(), DType::Float64, Casting::Safe))
    throw TypeError("Cannot cast array data from " + dtype_str(weights->dtype()) +
                    " to dtype('float64') according to the rule 'safe'");
  // NumPy returns int64 zeros for empty input even with weights.
  const DType dt = weights && x.size() > 0 ? DType::Float64 : DType::Int64;
  int64_t len = minlength;
  if (x.size() > 0) {
    // The output's length is data: one transfer of the min and the max.
    const ndarray mm = stack({min(x), max(x)}).astype(DType::Int64).to(Device::cpu());
    if (mm.item(0).as_double() < 0) throw ValueError("'list' argument must have no negative elements");
    len = std::max<int64_t>(minlength, static_cast<int64_t>(mm.item(1).as_double()) + 1);
  }
  ndarray counts = zeros({len}, dt, x.device());
  if (x.size() > 0) core::histogram(counts, x, weights, backend::HistogramMode::Direct);
  return counts;
}

ndarray histogram_bin_edges(const ndarray& a, const HistogramBins& bins,
                            const std::optional<std::pair<double, double>>& range,
                            const std::optional<ndarray>& weights) {
  const ndarray x = check_weights(a, weights);
  return bin_edges(x, bins, range, weights.has_value()).edges;
}

HistogramResult histogram(const ndarray& a, const HistogramBins& bins, const std::optional<std::pair<double, double>>& range,
                          bool density, const std::optional<ndarray>& weights) {
  const ndarray x = check_weights(a, weights);
  const Edges e = bin_edges(x, bins, range, weights.has_value());
  const DType wt = weights ? weights->dtype() : DType::Int64;
  ndarray hist;
  const DType cmp = promote_types(x.dtype(), e.edges.dtype());
  if (e.n >= 0 && !is_complex(x.dtype()) && is_floating(cmp)) {
    // The primitive: one pass over the data (and weights) per histogram.
    const auto mode = e.uniform ? backend::HistogramMode::Uniform : backend::HistogramMode::Edges;
    auto run = [&](const std::optional<ndarray>& w) {
      ndarray h = zeros({e.n}, w ? DType::Float64 : DType::Int64, x.device());
      core::histogram(h, x, w, mode, &e.edges, cmp, e.first, e.last);
      return h;
    };
    if (weights && is_complex(wt)) {
      const ndarray w = ravel(*weights);
      hist = add(run(w.real()), multiply(run(w.imag()), Scalar(0.0, 1.0))).astype(wt);
    } else {
      hist = run(weights ? std::optional<ndarray>(ravel(*weights)) : std::nullopt);
      if (hist.dtype() != wt) hist = hist.astype(wt);
    }
  } else if (weights && is_complex(wt)) {
    const ndarray idx = bin_index(x, e);
    const ndarray w = ravel(*weights);
    const ndarray re = scatter_counts(idx, e.n + 1, w.real(), DType::Float64, x.device());
    const ndarray im = scatter_counts(idx, e.n + 1, w.imag(), DType::Float64, x.device());
    hist = add(re, multiply(im, Scalar(0.0, 1.0))).astype(wt);
  } else {
    const ndarray idx = bin_index(x, e);
    const DType acc = !weights ? DType::Int64 : DType::Float64;
    hist = scatter_counts(idx, e.n + 1, weights ? std::optional<ndarray>(ravel(*weights)) : std::nullopt, acc,
                          x.device());
    if (hist.dtype() != wt) hist = hist.astype(wt);
  }
  hist = index(hist, {Slice{0, e.n, {}}});
  if (density) {
    const ndarray db = subtract(index(e.edges, {Slice{1, {}, {}}}), index(e.edges, {Slice{{}, -1, {}}}))
                           .astype(DType::Float64);
    hist = divide(divide(hist, db), sum(hist));
  }
  return {hist, e.edges};
}

HistogramDDResult histogramdd(const std::vector<ndarray>& sample, const std::vector<HistogramBins>& bins,
                              const std::vector<std::optional<std::pair<double, double>>>& range, bool density,
                              const std::optional<ndarray>& weights) {
  const size_t D = sample.size();
  if (bins.size() != D)
    throw ValueError("The dimension of bins must be equal to the dimension of the sample x.");
  if (!range.empty() && range.size() != D) throw ValueError("range argument must have one entry per dimension");
  const int64_t N = D ? sample[0].size() : 0;
  HistogramDDResult r;
  Shape nbin;
  std::vector<ndarray> idx;
  for (size_t i = 0; i < D; ++i) {
    const ndarray x = ravel(sample[i]);
    Edges e;
    const std::optional<std::pair<double, double>> rg = range.empty() ? std::nullopt : range[i];
    if (bins[i].rule) throw TypeError("`bins[" + std::to_string(i) + "]` must be an integer, when a scalar");
    if (bins[i].count) {
      if (*bins[i].count < 1)
        throw ValueError("`bins[" + std::to_string(i) + "]` must be positive, when an integer");
      // NumPy's histogramdd: the range (min, max of the data, or the given),
      // an empty sample (0, 1), equal ends widened by 0.5; the edges are a
      // linspace of those ends: in the sample's float type when they come
      // from its data (two scalars of that type, NEP 50), else in float64.
      std::pair<double, double> fl{0, 1};
      if (rg) fl = *rg;
      else if (N > 0) {
        const ndarray mm = stack({min(x), max(x)}).astype(DType::Float64).to(Device::cpu());
        fl = {mm.item(0).as_double(), mm.item(1).as_double()};
      }
      if (fl.first > fl.second)
        throw ValueError("max must be larger than min in range parameter.");
      if (!std::isfinite(fl.first) || !std::isfinite(fl.second))
        throw ValueError("autodetected range of [" + num(fl.first) + ", " + num(fl.second) + "] is not finite");
      if (fl.first == fl.second) fl = {fl.first - 0.5, fl.second + 0.5};
      const DType edt = !rg && N > 0 && is_floating(x.dtype()) ? x.dtype() : DType::Float64;
      e.edges = linspace(Scalar::of(edt, Scalar(fl.first)), Scalar::of(edt, Scalar(fl.second)), *bins[i].count + 1,
                         true, std::nullopt, x.device());
    } else {
      e.edges = *bins[i].edges;
      if (e.edges.ndim() != 1)
        throw ValueError("`bins[" + std::to_string(i) + "]` must be a scalar or 1d array");
      if (e.edges.device() != x.device()) e.edges = e.edges.to(x.device());
      if (e.edges.size() > 1 &&
          flag(less(index(e.edges, {Slice{1, {}, {}}}), index(e.edges, {Slice{{}, -1, {}}}))))
        throw ValueError("`bins[" + std::to_string(i) + "]` must be monotonically increasing, when an array");
    }
    e.n = e.edges.size() - 1;
    // NumPy: searchsorted(right), the last edge counted in the last bin, the
    // outliers in bins 0 and n + 1 of a histogram of n + 2 per dim.
    ndarray k = searchsorted(e.edges, x, true);
    k = where(equal(x, index(e.edges, {Index(e.n)})), Scalar(e.n), k);
    idx.push_back(k);
    nbin.push_back(e.n + 2);
    r.edges.push_back(e.edges);
  }
  int64_t total = 1;
  for (int64_t s : nbin) total *= s;
  ndarray flat = D ? ravel_multi_index(idx, nbin) : zeros({0}, DType::Int64);
  if (weights && weights->size() != N) throw ValueError("weights should have the same shape as a.");
  ndarray hist = scatter_counts(flat, total, weights ? std::optional<ndarray>(ravel(*weights)) : std::nullopt,
                                DType::Float64, D ? sample[0].device() : Device::cpu());
  hist = reshape(hist, nbin);
  std::vector<Index> core;
  for (size_t i = 0; i < D; ++i) core.push_back(Slice{1, -1, {}});
  hist = index(hist, core).copy();
  if (density) {
    hist = divide(hist, sum(hist));
    for (size_t i = 0; i < D; ++i) {
      Shape s(D, 1);
      s[i] = r.edges[i].size() - 1;
      const ndarray w = subtract(index(r.edges[i], {Slice{1, {}, {}}}), index(r.edges[i], {Slice{{}, -1, {}}}));
      hist = divide(hist, reshape(w, s));
    }
  }
  r.hist = hist;
  return r;
}

Histogram2DResult histogram2d(const ndarray& x, const ndarray& y, const std::vector<HistogramBins>& bins,
                              const std::vector<std::optional<std::pair<double, double>>>& range, bool density,
                              const std::optional<ndarray>& weights) {
  // One entry serves both dims; histogramdd checks the rest (NumPy's errors).
  const std::vector<HistogramBins> b = bins.size() == 1 ? std::vector<HistogramBins>{bins[0], bins[0]} : bins;
  HistogramDDResult r = histogramdd({x, y}, b, range, density, weights);
  return {r.hist, r.edges[0], r.edges[1]};
}

}  // namespace cunum
