// cunum/statistics.hpp — NumPy's "Statistics" chapter: averages and
// variances, order statistics, histograms, correlating (docs/statistics.md).
// Results are arrays (0-d for a full reduction), never host scalars.
//
//   auto v = cunum::var(a);                              // one pass over a
//   auto s = cunum::std(a, {.axis = {{0, 2}}, .ddof = 1, .keepdims = true});
//   auto w = cunum::var(a, {.where = mask, .mean = m});  // NumPy's keywords
//   auto n = cunum::nanstd(a, {.axis = {{1}}});
//   auto q = cunum::nanmean(a, {.axis = {{0}}});
//   auto m = cunum::median(a, {{1}});                    // sort + gathers, on the device
//   auto p = cunum::percentile(a, {5, 50, 95}, {3}, {.method = cunum::QuantileMethod::Hazen});
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ndarray.hpp"
#include "reduction.hpp"

namespace cunum {

// ---- averages and variances

// var, std, nanvar, nanstd (NumPy 2's keywords; `correction` is ddof).
struct MomentOptions {
  std::optional<std::vector<int64_t>> axis;  // nullopt: all axes
  std::optional<DType> dtype;                // the dtype computed in (and of the result)
  std::optional<ndarray> out;
  double ddof = 0;
  bool keepdims = false;
  std::optional<ndarray> where;  // only these elements (broadcast against a)
  std::optional<ndarray> mean;   // the mean, given (keepdims-shaped): not computed
  bool axis_is_int = false;      // as ReduceOptions::axis_is_int
};

// NumPy's var: the mean of |x - x.mean()|^2 over `axis`, divided by
// max(n - ddof, 0) instead of n. Integers and bool compute in float64, a
// complex input gives its real dtype. One pass over `a` (Note [Variance in
// one pass], cunum/kernels/reductions.hpp) unless where=, mean=, an integer
// dtype= or an integer out= ask for NumPy's two passes, which are then
// reproduced step by step. Errors: AxisError, "duplicate value in 'axis'",
// TypeError for a dtype= `a` cannot be cast to (same_kind).
ndarray var(const ndarray& a, const MomentOptions& o = {});
// sqrt(var(a, o)).
ndarray std(const ndarray& a, const MomentOptions& o = {});
// var and std ignoring NaN: n counts the non-NaN elements of each slice; a
// slice with n - ddof <= 0 gives NaN. Integer input: var and std. dtype= and
// out= must be inexact for an inexact `a` (TypeError, NumPy's message).
ndarray nanvar(const ndarray& a, const MomentOptions& o = {});
ndarray nanstd(const ndarray& a, const MomentOptions& o = {});

// mean with NumPy's where= (the elements where `where` is true; an empty
// selection gives NaN).
ndarray mean(const ndarray& a, const ReduceOptions& o, const std::optional<ndarray>& where);
// NumPy's nanmean: the mean of the non-NaN elements (integers: mean).
ndarray nanmean(const ndarray& a, const ReduceOptions& o = {}, const std::optional<ndarray>& where = {});

// NumPy's average: the mean, or sum(a * w) / sum(w) over `axis` (weights of
// a's shape or of the axes' shape), in result_type(a, w) (float64 at least
// for integers). returned: also the sum of the weights (broadcast to the
// average's shape). ZeroDivisionError when a slice's weights sum to 0 (one
// flag read back from the device, as NumPy checks the data).
struct AverageResult {
  ndarray average, sum_of_weights;
};
AverageResult average(const ndarray& a, const std::optional<std::vector<int64_t>>& axis = {},
                      const std::optional<ndarray>& weights = {}, bool keepdims = false);

// ---- order statistics: extrema (src/routines/statistics_extrema.cpp;
// amin/amax are the reductions min/max)
// NumPy's ptp: max - min (max written into out first, as NumPy does).
ndarray ptp(const ndarray& a, const ReduceOptions& o = {});
// nanmin/nanmax: NaN ignored; NaN for a slice of NaN only (initial= then);
// where= needs initial=, as NumPy's fmin.reduce.
ndarray nanmin(const ndarray& a, const ReduceOptions& o = {}, const std::optional<Scalar>& initial = {},
               const std::optional<ndarray>& where = {});
ndarray nanmax(const ndarray& a, const ReduceOptions& o = {}, const std::optional<Scalar>& initial = {},
               const std::optional<ndarray>& where = {});
// nanargmin/nanargmax: ValueError "All-NaN slice encountered" (one flag read back).
ndarray nanargmin(const ndarray& a, std::optional<int64_t> axis = {}, bool keepdims = false,
                  const std::optional<ndarray>& out = {});
ndarray nanargmax(const ndarray& a, std::optional<int64_t> axis = {}, bool keepdims = false,
                  const std::optional<ndarray>& out = {});

// ---- order statistics (src/routines/statistics_order.cpp)

// NumPy's quantile methods: the nine of Hyndman and Fan, then NumPy's own.
enum class QuantileMethod : uint8_t {
  InvertedCdf, AveragedInvertedCdf, ClosestObservation, InterpolatedInvertedCdf, Hazen, Weibull,
  Linear, MedianUnbiased, NormalUnbiased, Lower, Higher, Midpoint, Nearest,
};
// By NumPy's name ("linear" ...); ValueError naming the valid ones otherwise.
QuantileMethod quantile_method(const std::string& name);

struct QuantileOptions {
  std::optional<std::vector<int64_t>> axis;  // nullopt: of the flattened array
  std::optional<ndarray> out;
  QuantileMethod method = QuantileMethod::Linear;
  bool keepdims = false;
  std::optional<ndarray> weights;  // method InvertedCdf only; a's shape or the reduced axes' shape
  // q was a Python int or float (NumPy's weak q): the result of a float `a`
  // keeps a's dtype (otherwise the interpolated methods give float64).
  bool weak_q = false;
  // q's dtype was an integer: method Linear then takes elements (a's dtype).
  bool integer_q = false;
  // The dtype NumPy computes the virtual indices and weights in: q's (a
  // float16 or float32 q array), else float64.
  DType q_dtype = DType::Float64;
};

// NumPy's quantile: q (values in [0, 1], of shape q_shape, 0-d or 1-d) of
// `a` along `axis`; the result has shape q_shape + the kept dims. A sort of
// the reduced elements (a segmented sort on the GPU), then per q an index
// and a weight computed on the device and one gather: no host round trip of
// the data. A slice holding NaN gives NaN. Errors: TypeError (complex a),
// ValueError (q out of range, weights with another method, negative
// weights, weights that sum to 0 or hold NaN/inf — these two read one flag
// back from the device), IndexError (an empty slice), AxisError.
ndarray quantile(const ndarray& a, const std::vector<double>& q, const Shape& q_shape,
                 const QuantileOptions& o = {});
// quantile of q / 100 (q in [0, 100]).
ndarray percentile(const ndarray& a, const std::vector<double>& q, const Shape& q_shape,
                   const QuantileOptions& o = {});
// The same ignoring NaN: each slice's own count of non-NaN elements; NaN for
// a slice without any.
ndarray nanquantile(const ndarray& a, const std::vector<double>& q, const Shape& q_shape,
                    const QuantileOptions& o = {});
ndarray nanpercentile(const ndarray& a, const std::vector<double>& q, const Shape& q_shape,
                      const QuantileOptions& o = {});
// NumPy's median: the mean of the middle one or two sorted elements (mean's
// dtypes: integers give float64); NaN for a slice holding NaN or for an
// empty one.
ndarray median(const ndarray& a, std::optional<std::vector<int64_t>> axis = {}, bool keepdims = false,
               const std::optional<ndarray>& out = {});
ndarray nanmedian(const ndarray& a, std::optional<std::vector<int64_t>> axis = {}, bool keepdims = false,
                  const std::optional<ndarray>& out = {});

// ---- histograms (src/routines/statistics_histograms.cpp)
// Bin indices by ufuncs (or searchsorted for given edges) and the counts by
// the scatter primitive with accumulation (atomics on the GPU). Where NumPy's
// output size depends on the data, the host reads it: bincount's max (and
// min, for NumPy's error), histogram's data range when `range` is not given,
// and a rule's statistics; NumPy's checks on given edges read one flag.

// NumPy's bincount: counts (int64) or summed weights (float64) of each value
// of a 1-d non-negative integer array, at least minlength of them.
ndarray bincount(const ndarray& x, const std::optional<ndarray>& weights = {}, int64_t minlength = 0);

// bins= of histogram: a count, the edges, or a rule ("auto", "fd", "doane",
// "scott", "stone", "rice", "sturges", "sqrt").
struct HistogramBins {
  std::optional<int64_t> count = 10;
  std::optional<ndarray> edges;
  std::optional<std::string> rule;
};
struct HistogramResult {
  ndarray hist, edges;
};
HistogramResult histogram(const ndarray& a, const HistogramBins& bins = {},
                          const std::optional<std::pair<double, double>>& range = {}, bool density = false,
                          const std::optional<ndarray>& weights = {});
ndarray histogram_bin_edges(const ndarray& a, const HistogramBins& bins = {},
                            const std::optional<std::pair<double, double>>& range = {},
                            const std::optional<ndarray>& weights = {});
// histogramdd of D coordinate arrays of N values (histogram2d: D = 2): the
// float64 counts of shape (len(edges[i]) - 1 ...) and the edges per dim.
struct HistogramDDResult {
  ndarray hist;
  std::vector<ndarray> edges;
};
HistogramDDResult histogramdd(const std::vector<ndarray>& sample, const std::vector<HistogramBins>& bins,
                              const std::vector<std::optional<std::pair<double, double>>>& range = {},
                              bool density = false, const std::optional<ndarray>& weights = {});
// NumPy's histogram2d: histogramdd of (x, y). bins: one entry for both
// dims or one per dim (else ValueError, NumPy's message); range: empty or
// one (optional) pair per dim.
struct Histogram2DResult {
  ndarray hist, xedges, yedges;
};
Histogram2DResult histogram2d(const ndarray& x, const ndarray& y,
                              const std::vector<HistogramBins>& bins = {HistogramBins{}},
                              const std::vector<std::optional<std::pair<double, double>>>& range = {},
                              bool density = false, const std::optional<ndarray>& weights = {});

// ---- correlating (src/routines/statistics_correlating.cpp)
// NumPy's correlate and convolve of two 1-d arrays; mode 0 'valid', 1
// 'same', 2 'full'. Gathered windows times the kernel, summed (Note
// [correlate by windows]). ValueError for an empty input or a bad mode.
ndarray correlate(const ndarray& a, const ndarray& v, int mode = 0);
ndarray convolve(const ndarray& a, const ndarray& v, int mode = 2);

struct CovOptions {
  bool rowvar = true;
  bool bias = false;
  std::optional<double> ddof;  // must be integral; default 1 (0 with bias)
  std::optional<ndarray> fweights, aweights;
  std::optional<DType> dtype;
};
// NumPy's cov (the weights' values are checked as NumPy does: one flag read
// back each) and corrcoef (clipped to [-1, 1]).
ndarray cov(const ndarray& m, const std::optional<ndarray>& y = {}, const CovOptions& o = {});
ndarray corrcoef(const ndarray& x, const std::optional<ndarray>& y = {}, bool rowvar = true,
                 std::optional<DType> dtype = {});

}  // namespace cunum
