// Statistics (NumPy's chapter): python/cunum/_routines/statistics.py parses
// NumPy's keywords (ddof/correction, where=, mean=, the warnings) and calls
// these with arrays and plain values; axes and dtypes are parsed here.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/error.hpp"
#include "cunum/statistics.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
// NumPy's reductions take an int or a tuple of ints (a list is a TypeError).
std::optional<std::vector<int64_t>> red_axes(nb::handle axis, bool& is_int) {
  if (PyList_Check(axis.ptr())) throw TypeError("'list' object cannot be interpreted as an integer");
  is_int = !axis.is_none() && !PyTuple_Check(axis.ptr());
  return opt_axes(axis);
}
// bins= as python/cunum/_routines/statistics.py passes it: an int, a str
// (a rule) or a cunum array of edges.
HistogramBins as_bins(nb::handle h) {
  HistogramBins b;
  if (nb::isinstance<nb::str>(h)) {
    b.count.reset();
    b.rule = nb::cast<std::string>(h);
  } else if (nb::isinstance<ndarray>(h)) {
    b.count.reset();
    b.edges = nb::cast<ndarray>(h);
  } else {
    b.count = as_index(h);
  }
  return b;
}
using Range = std::optional<std::pair<double, double>>;
}  // namespace

void bind_statistics(nb::module_& m) {
  using namespace nb::literals;
  // ndarray.mean with NumPy's where= (keyword-only), replacing the method
  // bind_reductions made: still one nanobind call (Note [ndarray methods in
  // one place]). where=True is every element.
  nb::dict methods = m.attr("_reduction_methods");
  methods["mean"] = nb::cpp_function(
      [](const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out, nb::handle keepdims,
         nb::handle where) -> nb::object {
        ReduceOptions o;
        o.axis = red_axes(axis, o.axis_is_int);
        o.dtype = opt_dtype(dtype);
        o.out = opt_out(out);
        o.keepdims = truthy(keepdims);
        std::optional<ndarray> w;
        if (where.ptr() != Py_True) w = as_array(where, DType::Bool);
        ndarray r = mean(a, o, w);
        if (!out.is_none()) return nb::borrow(out);
        return nb::cast(std::move(r));
      },
      nb::is_method(), nb::name("mean"), "axis"_a.none() = nb::none(), "dtype"_a.none() = nb::none(),
      "out"_a.none() = nb::none(), "keepdims"_a.none() = false, nb::kw_only(), "where"_a.none() = true);
  // kind: 0 var, 1 std, 2 nanvar, 3 nanstd
  m.def("_var", [](const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out, double ddof, bool keepdims,
                   std::optional<ndarray> where, std::optional<ndarray> mean, int kind) {
    MomentOptions o;
    o.axis = red_axes(axis, o.axis_is_int);
    // NumPy's var and std count the slice's items with normalize_axis_index:
    // no legacy axis 0 of a 0-d array (nanvar and nanstd sum, so they take it).
    if (kind < 2) o.axis_is_int = false;
    o.dtype = opt_dtype(dtype);
    o.out = opt_out(out);
    o.ddof = ddof;
    o.keepdims = keepdims;
    o.where = std::move(where);
    o.mean = std::move(mean);
    switch (kind) {
      case 0: return var(a, o);
      case 1: return cunum::std(a, o);
      case 2: return nanvar(a, o);
      default: return nanstd(a, o);
    }
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg().none(),
        nb::arg().none(), nb::arg());
  // nan: 0 mean, 1 nanmean
  m.def("_mean_where", [](const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out, bool keepdims,
                          std::optional<ndarray> where, bool nan) {
    ReduceOptions o;
    o.axis = red_axes(axis, o.axis_is_int);
    o.dtype = opt_dtype(dtype);
    o.out = opt_out(out);
    o.keepdims = keepdims;
    return nan ? nanmean(a, o, where) : mean(a, o, where);
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg());
  // Order statistics. q arrives as host values with its shape (0-d or 1-d);
  // kind: 0 quantile, 1 percentile, 2 nanquantile, 3 nanpercentile.
  m.def("_quantile", [](const ndarray& a, const std::vector<double>& q, const std::vector<int64_t>& q_shape,
                        nb::handle axis, nb::handle out, const std::string& method, bool keepdims,
                        std::optional<ndarray> weights, bool weak_q, bool integer_q, nb::handle q_dtype, int kind) {
    QuantileOptions o;
    o.axis = opt_axes(axis);
    o.out = opt_out(out);
    o.method = quantile_method(method);
    o.keepdims = keepdims;
    o.weights = std::move(weights);
    o.weak_q = weak_q;
    o.integer_q = integer_q;
    o.q_dtype = as_dtype(q_dtype);
    Shape s;
    for (int64_t d : q_shape) s.push_back(d);
    switch (kind) {
      case 0: return quantile(a, q, s, o);
      case 1: return percentile(a, q, s, o);
      case 2: return nanquantile(a, q, s, o);
      default: return nanpercentile(a, q, s, o);
    }
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg().none(),
        nb::arg(), nb::arg(), nb::arg(), nb::arg());
  // Histograms.
  m.def("_bincount", [](const ndarray& x, std::optional<ndarray> w, int64_t minlength) {
    return bincount(x, w, minlength);
  }, nb::arg(), nb::arg().none(), nb::arg());
  m.def("_histogram", [](const ndarray& a, nb::handle bins, Range range, bool density, std::optional<ndarray> w,
                         bool edges_only) -> nb::object {
    if (edges_only) return nb::cast(histogram_bin_edges(a, as_bins(bins), range, w));
    HistogramResult r = histogram(a, as_bins(bins), range, density, w);
    return nb::make_tuple(r.hist, r.edges);
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg());
  m.def("_histogramdd", [](const std::vector<ndarray>& sample, nb::list bins, std::vector<Range> range, bool density,
                           std::optional<ndarray> w) {
    std::vector<HistogramBins> b;
    for (nb::handle h : bins) b.push_back(as_bins(h));
    HistogramDDResult r = histogramdd(sample, b, range, density, w);
    return nb::make_tuple(r.hist, r.edges);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_histogram2d", [](const ndarray& x, const ndarray& y, nb::list bins, std::vector<Range> range,
                           bool density, std::optional<ndarray> w) {
    std::vector<HistogramBins> b;
    for (nb::handle h : bins) b.push_back(as_bins(h));
    Histogram2DResult r = histogram2d(x, y, b, range, density, w);
    return nb::make_tuple(r.hist, r.xedges, r.yedges);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  // Averages and extrema.
  m.def("_average", [](const ndarray& a, nb::handle axis, std::optional<ndarray> w, bool keepdims) {
    AverageResult r = average(a, opt_axes(axis), w, keepdims);
    return nb::make_tuple(r.average, r.sum_of_weights);
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg());
  m.def("_ptp", [](const ndarray& a, nb::handle axis, nb::handle out, bool keepdims) {
    ReduceOptions o;
    o.axis = red_axes(axis, o.axis_is_int);
    o.out = opt_out(out);
    o.keepdims = keepdims;
    return ptp(a, o);
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg());
  m.def("_nanextremum", [](const ndarray& a, nb::handle axis, nb::handle out, bool keepdims, nb::handle initial,
                           std::optional<ndarray> where, bool is_max) {
    ReduceOptions o;
    o.axis = red_axes(axis, o.axis_is_int);
    o.out = opt_out(out);
    o.keepdims = keepdims;
    std::optional<Scalar> init;
    if (!initial.is_none()) init = to_scalar(initial);
    return is_max ? nanmax(a, o, init, where) : nanmin(a, o, init, where);
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg());
  m.def("_nanarg", [](const ndarray& a, nb::handle axis, nb::handle out, bool keepdims, bool is_max) {
    std::optional<int64_t> ax;
    if (!axis.is_none()) ax = as_index(axis);
    return is_max ? nanargmax(a, ax, keepdims, opt_out(out)) : nanargmin(a, ax, keepdims, opt_out(out));
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg());
  // Correlating.
  m.def("_correlate", [](const ndarray& a, const ndarray& v, int mode, bool conv) {
    return conv ? convolve(a, v, mode) : correlate(a, v, mode);
  });
  m.def("_cov", [](const ndarray& m, std::optional<ndarray> y, bool rowvar, bool bias, std::optional<double> ddof,
                   std::optional<ndarray> fw, std::optional<ndarray> aw, nb::handle dtype) {
    CovOptions o;
    o.rowvar = rowvar;
    o.bias = bias;
    o.ddof = ddof;
    o.fweights = std::move(fw);
    o.aweights = std::move(aw);
    o.dtype = opt_dtype(dtype);
    return cov(m, y, o);
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(),
        nb::arg().none());
  m.def("_corrcoef", [](const ndarray& x, std::optional<ndarray> y, bool rowvar, nb::handle dtype) {
    return corrcoef(x, y, rowvar, opt_dtype(dtype));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none());
  m.def("_median", [](const ndarray& a, nb::handle axis, nb::handle out, bool keepdims, bool nan) {
    return nan ? nanmedian(a, opt_axes(axis), keepdims, opt_out(out)) : median(a, opt_axes(axis), keepdims, opt_out(out));
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg());
}

}  // namespace cunum::py
