// Averages and variances: var, std, nanvar, nanstd, mean(where=), nanmean.
// var and std read their input once (Note [Variance in one pass] in
// cunum/kernels/reductions.hpp); the keywords whose NumPy semantics are
// defined by its two-pass algorithm (where=, mean=, integer dtype= or out=)
// run that algorithm, step by step (Note [var as NumPy writes it]).
#include <algorithm>
#include <cmath>
#include <string>

#include "core/reduce.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/statistics.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
using core::ReduceId;

DType real_of(DType d) {
  if (d == DType::Complex64) return DType::Float32;
  if (d == DType::Complex128) return DType::Float64;
  return d;
}

// The elements counted by a reduction over `red`.
int64_t reduced_count(const ndarray& a, const std::vector<bool>& red) {
  int64_t n = 1;
  for (int d = 0; d < a.ndim(); ++d)
    if (red[d]) n *= a.shape()[d];
  return n;
}

Shape result_shape(const ndarray& a, const std::vector<bool>& red, bool keepdims) {
  Shape s;
  for (int d = 0; d < a.ndim(); ++d)
    if (!red[d]) s.push_back(a.shape()[d]);
    else if (keepdims) s.push_back(1);
  return s;
}

void check_out_shape(const ndarray& out, const Shape& want) {
  if (out.shape() != want)
    throw ValueError("output parameter for reduction operation add has a non-matching shape " +
                     shape_str(out.shape()) + ", expected " + shape_str(want));
}

ReduceOptions ropts(const MomentOptions& o, bool keepdims, std::optional<DType> dtype,
                    std::optional<ndarray> out = {}) {
  return ReduceOptions{o.axis, keepdims, dtype, std::move(out), o.axis_is_int};
}

// x where `where` holds, 0 elsewhere: NumPy's sum(x, where=w) is sum of this.
ndarray masked(const ndarray& x, const std::optional<ndarray>& w) {
  if (!w) return x;
  return where(*w, x, zeros({}, x.dtype(), x.device()));
}

std::optional<ndarray> broadcast_where(const ndarray& a, const std::optional<ndarray>& w) {
  if (!w) return std::nullopt;
  return broadcast_to(w->dtype() == DType::Bool ? *w : w->astype(DType::Bool), a.shape());
}

// |x|^2 in x's real dtype (NumPy: multiply the float pairs, add them).
ndarray abs2(const ndarray& x) {
  if (!is_complex(x.dtype())) return multiply(x, x);
  const ndarray re = x.real(), im = x.imag();
  return add(multiply(re, re), multiply(im, im));
}

// Note [var as NumPy writes it]
// NumPy's _var: count (the where= mask summed), the mean (given, or summed in
// dtype= and divided into that dtype), x = a - mean, |x|^2, its sum in dtype=
// into out=, divided by max(n - ddof, 0) into the sum's own dtype. An integer
// dtype= therefore truncates the mean and each |x|^2, and an integer out=
// the sum before the division; where= skips elements (here: adds zeros).
// Each step is one cunum call, so the answer is NumPy's, rounding included.
ndarray var_numpy(const ndarray& a, const MomentOptions& o, bool take_sqrt) {
  const std::vector<bool> red = core::reduced_dims(a, o.axis, o.axis_is_int);
  const std::optional<ndarray> w = broadcast_where(a, o.where);
  std::optional<DType> dt = o.dtype;
  if (!dt && !is_inexact(a.dtype())) dt = DType::Float64;
  Operand count = Scalar(reduced_count(a, red));
  if (w) count = sum(*w, ropts(o, true, DType::Int64));
  ndarray mean_ = o.mean ? *o.mean : ndarray();
  if (!o.mean) {
    ndarray s = sum(masked(a, w), ropts(o, true, dt));
    mean_ = divide(s, count, {.out = s, .casting = Casting::Unsafe});
  }
  const ndarray x2 = abs2(subtract(a, mean_));
  ndarray ret = sum(masked(x2, w), ropts(o, o.keepdims, dt, o.out));
  Operand rcount = Scalar(std::max(static_cast<double>(reduced_count(a, red)) - o.ddof, 0.0));
  if (w) {
    ndarray c = count.array();
    if (!o.keepdims) c = reshape(c, ret.shape());
    rcount = maximum(subtract(c, Scalar(o.ddof)), Scalar(0));
  } else if (o.ddof == std::floor(o.ddof) && std::abs(o.ddof) < 9e15) {
    rcount = Scalar(std::max<int64_t>(reduced_count(a, red) - static_cast<int64_t>(o.ddof), 0));
  }
  ret = divide(ret, rcount, {.out = ret, .casting = Casting::Unsafe});
  if (take_sqrt) ret = sqrt(ret, {.out = ret});
  return o.out ? *o.out : ret;
}

bool needs_numpy_steps(const ndarray& a, const MomentOptions& o) {
  if (o.where || o.mean) return true;
  if (o.dtype && (!is_inexact(*o.dtype) || (is_complex(a.dtype()) && !is_complex(*o.dtype)))) return true;
  return o.out && !is_inexact(o.out->dtype());
}

// M2 / max(n - ddof, 0) (then sqrt) in M2's dtype, into the result's dtype or out=.
ndarray finish(ndarray m2, const Operand& denom, bool take_sqrt, DType result, const MomentOptions& o) {
  ndarray r = divide(m2, denom, {.out = m2, .casting = Casting::Unsafe});
  if (take_sqrt) r = sqrt(r, {.out = r});
  if (o.out) {
    copyto(*o.out, r, Casting::Unsafe);
    return *o.out;
  }
  return r.dtype() == result ? r : r.astype(result);
}

// The dtype M2 is accumulated into (moment2's result_t): float16's is float32.
DType m2_dtype(DType loop) { return loop == DType::Float16 ? DType::Float32 : real_of(loop); }

ndarray var_impl(const ndarray& a, const MomentOptions& o, bool take_sqrt) {
  if (needs_numpy_steps(a, o)) return var_numpy(a, o, take_sqrt);
  const std::vector<bool> red = core::reduced_dims(a, o.axis, o.axis_is_int);
  const DType loop = o.dtype ? *o.dtype : is_inexact(a.dtype()) ? a.dtype() : DType::Float64;
  const DType result = o.dtype ? *o.dtype : real_of(loop);
  if (o.out) check_out_shape(*o.out, result_shape(a, red, o.keepdims));
  ndarray m2 = core::reduce(ReduceId::moment2, a, red, o.keepdims, loop, m2_dtype(loop));
  const double denom = std::max(static_cast<double>(reduced_count(a, red)) - o.ddof, 0.0);
  return finish(m2, Scalar(denom), take_sqrt, result, o);
}

void check_nan_kwargs(const ndarray& a, const MomentOptions& o) {
  if (o.dtype && !is_inexact(*o.dtype)) throw TypeError("If a is inexact, then dtype must be inexact");
  if (o.out && !is_inexact(o.out->dtype())) throw TypeError("If a is inexact, then out must be inexact");
  (void)a;
}

// The non-NaN elements of each slice (where= also excluding), as int64.
ndarray nan_count(const ndarray& a, const std::optional<ndarray>& w, const MomentOptions& o, bool keepdims) {
  ndarray ok = logical_not(isnan(a));
  if (w) ok = logical_and(ok, *w);
  return sum(ok, ropts(o, keepdims, DType::Int64));
}

// NumPy's _nanvar, step by step (the dtype=, where=, mean= cases).
ndarray nanvar_numpy(const ndarray& a, const MomentOptions& o, bool take_sqrt) {
  const std::optional<ndarray> w = broadcast_where(a, o.where);
  const ndarray nan = isnan(a);
  ndarray arr = a.copy();
  copyto(arr, Scalar(0), Casting::Unsafe, nan);
  ndarray cnt = nan_count(a, w, o, true);
  ndarray avg = o.mean ? *o.mean : ndarray();
  if (!o.mean) {
    ndarray s = sum(masked(arr, w), ropts(o, true, o.dtype));
    avg = divide(s, cnt, {.out = s, .casting = Casting::Unsafe});
  }
  // np.subtract(arr, avg, out=arr, casting='unsafe'): the deviations in a's dtype.
  subtract(arr, avg, {.out = arr, .casting = Casting::Unsafe});
  copyto(arr, Scalar(0), Casting::Unsafe, nan);
  const ndarray sqr = abs2(arr);
  ndarray var = sum(masked(sqr, w), ropts(o, o.keepdims, o.dtype, o.out));
  if (!o.keepdims) cnt = reshape(cnt, var.shape());
  const ndarray dof = subtract(cnt, Scalar(o.ddof));
  var = divide(var, dof, {.out = var, .casting = Casting::Unsafe});
  if (take_sqrt) var = sqrt(var, {.out = var});
  copyto(var, Scalar(std::nan("")), Casting::Unsafe, less_equal(dof, Scalar(0)));
  return o.out ? *o.out : var;
}

ndarray nanvar_impl(const ndarray& a, const MomentOptions& o, bool take_sqrt) {
  if (!is_inexact(a.dtype())) return var_impl(a, o, take_sqrt);
  check_nan_kwargs(a, o);
  if (o.where || o.mean || (o.dtype && *o.dtype != a.dtype())) return nanvar_numpy(a, o, take_sqrt);
  const std::vector<bool> red = core::reduced_dims(a, o.axis, o.axis_is_int);
  const DType loop = a.dtype(), result = real_of(loop);
  if (o.out) check_out_shape(*o.out, result_shape(a, red, o.keepdims));
  ndarray m2 = core::reduce(ReduceId::nanmoment2, a, red, o.keepdims, loop, m2_dtype(loop));
  // n - ddof per slice; NaN where it is not positive.
  const ndarray dof = subtract(nan_count(a, std::nullopt, o, o.keepdims), Scalar(o.ddof));
  ndarray r = divide(m2, dof);
  if (take_sqrt) r = sqrt(r, {.out = r});
  copyto(r, Scalar(std::nan("")), Casting::Unsafe, less_equal(dof, Scalar(0)));
  if (o.out) {
    copyto(*o.out, r, Casting::Unsafe);
    return *o.out;
  }
  return r.astype(result);
}

}  // namespace

ndarray var(const ndarray& a, const MomentOptions& o) { return var_impl(a, o, false); }
ndarray std(const ndarray& a, const MomentOptions& o) { return var_impl(a, o, true); }
ndarray nanvar(const ndarray& a, const MomentOptions& o) { return nanvar_impl(a, o, false); }
ndarray nanstd(const ndarray& a, const MomentOptions& o) { return nanvar_impl(a, o, true); }

ndarray mean(const ndarray& a, const ReduceOptions& o, const std::optional<ndarray>& where_) {
  if (!where_) return mean(a, o);
  const std::vector<bool> red = core::reduced_dims(a, o.axis, o.axis_is_int);
  const std::optional<ndarray> w = broadcast_where(a, where_);
  const DType result = o.dtype ? *o.dtype : (is_inexact(a.dtype()) ? a.dtype() : DType::Float64);
  const DType acc = result == DType::Float16 ? DType::Float32 : result;  // NumPy's float16 rule
  const ndarray cnt = sum(*w, ReduceOptions{o.axis, o.keepdims, DType::Int64, {}, o.axis_is_int});
  ndarray s = sum(masked(a, w), ReduceOptions{o.axis, o.keepdims, acc, {}, o.axis_is_int});
  if (o.out) check_out_shape(*o.out, s.shape());
  s = divide(s, cnt, {.out = s, .casting = Casting::Unsafe});
  if (o.out) {
    copyto(*o.out, s, Casting::Unsafe);
    return *o.out;
  }
  return s.dtype() == result ? s : s.astype(result);
}

ndarray nanmean(const ndarray& a, const ReduceOptions& o, const std::optional<ndarray>& where_) {
  if (!is_inexact(a.dtype())) return mean(a, o, where_);
  if (o.dtype && !is_inexact(*o.dtype)) throw TypeError("If a is inexact, then dtype must be inexact");
  if (o.out && !is_inexact(o.out->dtype())) throw TypeError("If a is inexact, then out must be inexact");
  const std::optional<ndarray> w = broadcast_where(a, where_);
  ndarray ok = logical_not(isnan(a));
  if (w) ok = logical_and(ok, *w);
  const ndarray cnt = sum(ok, ReduceOptions{o.axis, o.keepdims, DType::Int64, {}, o.axis_is_int});
  ndarray tot = nansum(masked(a, w), ReduceOptions{o.axis, o.keepdims, o.dtype, o.out, o.axis_is_int});
  return divide(tot, cnt, {.out = tot, .casting = Casting::Unsafe});
}

}  // namespace cunum

namespace cunum {

AverageResult average(const ndarray& a, const std::optional<std::vector<int64_t>>& axis,
                      const std::optional<ndarray>& weights, bool keepdims) {
  std::optional<std::vector<int64_t>> axes;
  if (axis) {  // NumPy's normalize_axis_tuple: AxisError, then "repeated axis"
    axes.emplace();
    for (int64_t ax : *axis) {
      if (ax < -a.ndim() || ax >= a.ndim()) throw AxisError(ax, a.ndim(), "axis");
      axes->push_back(ax < 0 ? ax + a.ndim() : ax);
    }
    for (size_t i = 0; i < axes->size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if ((*axes)[i] == (*axes)[j]) throw ValueError("repeated axis in `axis` argument");
  }
  const ReduceOptions ro{axes, keepdims, {}, {}, false};
  if (!weights) {
    ndarray avg = mean(a, ro);
    // NumPy's scl = a.size / avg.size in Python: an empty result (a reduced
    // axis of a shape with another 0, `average(zeros((1, 0)), axis=0)`)
    // raises Python's ZeroDivisionError, with or without `returned`.
    if (avg.size() == 0) throw ZeroDivisionError("division by zero");
    const double scl = static_cast<double>(a.size()) / static_cast<double>(avg.size());
    return {avg, full(avg.shape(), Scalar(scl), avg.dtype(), a.device())};
  }
  ndarray w = *weights;
  if (w.shape() != a.shape()) {
    if (!axes) throw TypeError("Axis must be specified when shapes of a and weights differ.");
    Shape want;
    for (int64_t ax : *axes) want.push_back(a.shape()[ax]);
    if (w.shape() != want)
      throw ValueError("Shape of weights must be consistent with shape of a along specified axis.");
    std::vector<int64_t> order(axes->size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int64_t>(i);
    std::sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return (*axes)[x] < (*axes)[y]; });
    Shape s;
    for (int d = 0; d < a.ndim(); ++d) {
      bool in = false;
      for (int64_t ax : *axes) in |= ax == d;
      s.push_back(in ? a.shape()[d] : 1);
    }
    w = reshape(transpose(w, order), s);
  }
  DType rt = promote_types(a.dtype(), w.dtype());
  if (!is_inexact(a.dtype())) rt = promote_types(rt, DType::Float64);
  // NumPy sums the weights over `axis` of w as given (its reshaped form).
  ndarray scl = sum(w, ReduceOptions{axes, keepdims, rt, {}, false});
  if (any(equal(scl, Scalar(0.0))).item().b) throw ZeroDivisionError("Weights sum to zero, can't be normalized");
  ndarray avg = divide(sum(multiply(a, w, {.dtype = rt}), ReduceOptions{axes, keepdims, {}, {}, false}), scl);
  if (scl.shape() != avg.shape()) scl = broadcast_to(scl, avg.shape()).copy();
  return {avg, scl};
}

}  // namespace cunum
