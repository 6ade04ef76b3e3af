// interp: NumPy's piecewise-linear interpolation, on the device. The
// interval of every x is found by searchsorted (the sort family), its end
// points gathered with take, and NumPy's per-element rules (Note [interp's
// rules]) applied as masked choices: no host loop and no wait.
#include <cmath>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/mathematical.hpp"
#include "cunum/sorting.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
// Element i (negative from the end) of a 1-d array, as a 0-d view.
ndarray elem(const ndarray& a, int64_t i) {
  if (i < 0) i += a.shape()[0];
  return ndarray(a.storage(), a.offset() + i * a.strides()[0], {}, {}, a.dtype());
}

// NumPy converts x, xp and fp with safe casting only (PyArray_ContiguousFromAny).
ndarray as_safe(const ndarray& a, DType d) {
  if (!can_cast(a.dtype(), d, Casting::Safe))
    throw TypeError("Cannot cast array data from dtype('" + std::string(dtype_name(a.dtype())) + "') to dtype('" +
                    std::string(dtype_name(d)) + "') according to the rule 'safe'");
  return a.dtype() == d ? a : a.astype(d);
}

ndarray one_d(const ndarray& a, DType d) {
  if (a.ndim() > 1) throw ValueError("object too deep for desired array");
  if (a.ndim() < 1) throw ValueError("object of too small depth for desired array");
  return as_safe(a, d);
}

// Note [interp's rules]
// NumPy's loop, per x: NaN gives NaN; below xp[0] `left`, above xp[-1]
// `right`; exactly xp[-1] gives fp[-1]; exactly xp[j] gives fp[j];
// otherwise slope * (x - xp[j]) + fp[j], and if that is NaN (infinite
// values), slope * (x - xp[j+1]) + fp[j+1], and if that is NaN too while
// fp[j] == fp[j+1], fp[j]. A complex fp runs the same rules on each part,
// with the slope as (difference) * (1 / dx). The masked choices below apply
// the rules from the last to the first, so that the first one that holds wins.
ndarray interp_part(const ndarray& x, const ndarray& xp, const ndarray& fp, const ndarray& j, const Operand& lval,
                    const Operand& rval, bool inverse_dx, bool imag_part) {
  const int64_t n = xp.shape()[0];
  if (n == 1) {
    const ndarray x0 = elem(xp, 0);
    // NumPy's one-point case: x < xp[0] left, x > xp[0] right, else (NaN too) fp[0].
    return where(less(x, x0), lval, where(greater(x, x0), rval, elem(fp, 0)));
  }
  const ndarray jc = clip(j, Operand(Scalar(0)), Operand(Scalar(n - 2)));
  const ndarray jn = add(jc, Scalar(1));
  const ndarray x0 = take(xp, jc), x1 = take(xp, jn), y0 = take(fp, jc), y1 = take(fp, jn);
  const ndarray dy = subtract(y1, y0), dx = subtract(x1, x0);
  const ndarray slope = inverse_dx ? multiply(dy, true_divide(Scalar(1.0), dx)) : true_divide(dy, dx);
  ndarray r = add(multiply(slope, subtract(x, x0)), y0);
  const ndarray r_nan = isnan(r);
  ndarray r2 = add(multiply(slope, subtract(x, x1)), y1);
  r2 = where(logical_and(isnan(r2), equal(y0, y1)), y0, r2);
  r = where(r_nan, r2, r);
  r = where(equal(x0, x), y0, r);
  r = where(equal(j, Scalar(n - 1)), elem(fp, -1), r);
  r = where(greater(x, elem(xp, -1)), rval, r);
  r = where(less(x, elem(xp, 0)), lval, r);
  // NaN x: NaN (a complex result's imaginary part 0, as NumPy's loop).
  return imag_part ? where(isnan(x), Scalar(0.0), r) : where(isnan(x), x, r);
}
}  // namespace

ndarray interp(const ndarray& x0, const ndarray& xp0, const ndarray& fp0, std::optional<Scalar> left,
               std::optional<Scalar> right, std::optional<double> period) {
  const bool cplx = is_complex(fp0.dtype());
  const DType ft = cplx ? DType::Complex128 : DType::Float64;
  ndarray x, xp, fp;
  if (period) {
    if (*period == 0) throw ValueError("period must be a non-zero value");
    const double p = std::fabs(*period);
    left.reset();
    right.reset();
    x = x0.astype(DType::Float64);
    xp = xp0.astype(DType::Float64);
    fp = fp0.astype(ft);
    if (xp.ndim() != 1 || fp.ndim() != 1) throw ValueError("Data points must be 1-D sequences");
    if (xp.shape()[0] != fp.shape()[0]) throw ValueError("fp and xp are not of the same length");
    x = remainder(x, Scalar(p));
    xp = remainder(xp, Scalar(p));
    const ndarray order = argsort(xp);
    xp = take(xp, order);
    fp = take(fp, order);
    const int64_t n = xp.shape()[0];
    if (n > 0) {
      auto sl = [](const ndarray& a, int64_t s, int64_t e) { return index(a, {Slice{s, e, std::nullopt}}); };
      xp = concatenate({subtract(sl(xp, n - 1, n), Scalar(p)), xp, add(sl(xp, 0, 1), Scalar(p))});
      fp = concatenate({sl(fp, n - 1, n), fp, sl(fp, 0, 1)});
    }
  } else {
    fp = one_d(fp0, ft);
    xp = one_d(xp0, DType::Float64);
    x = as_safe(x0, DType::Float64);
  }
  const int64_t n = xp.shape()[0];
  if (n == 0) throw ValueError("array of sample points is empty");
  if (fp.shape()[0] != n) throw ValueError("fp and xp are not of the same length.");
  const ndarray j = n > 1 ? subtract(searchsorted(xp, x, /*right=*/true), Scalar(1)) : ndarray();
  auto bound = [&](const std::optional<Scalar>& v, const ndarray& part, int64_t i, bool imag) -> Operand {
    if (!v) return elem(part, i);
    if (imag) return Scalar(v->kind == Scalar::Kind::Complex ? v->im : 0.0);
    if (!cplx && v->kind == Scalar::Kind::Complex) throw TypeError("must be real number, not complex");
    return Scalar(v->as_double());
  };
  if (!cplx) return interp_part(x, xp, fp, j, bound(left, fp, 0, false), bound(right, fp, -1, false), false, false);
  const ndarray fr = fp.real(), fi = fp.imag();
  const ndarray re = interp_part(x, xp, fr, j, bound(left, fr, 0, false), bound(right, fr, -1, false), true, false);
  const ndarray im = interp_part(x, xp, fi, j, bound(left, fi, 0, true), bound(right, fi, -1, true), true, true);
  ndarray res = empty(x.shape(), DType::Complex128, x.device());
  copyto(res.real(), re);
  copyto(res.imag(), im);
  return res;
}

}  // namespace cunum
