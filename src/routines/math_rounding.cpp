// Mathematical functions, the elementwise composites: rounding (around, fix),
// clip, nan_to_num, the complex-number helpers (real, imag, angle,
// real_if_close) and two special functions (sinc, i0). Each is a few ufunc
// calls, as NumPy composes them, so both backends run them unchanged.
#include <algorithm>
#include <cmath>
#include <string>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/mathematical.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
// NumPy's power_of_ten (calculation.c): exact table to 1e8, then repeated
// multiplication, so that around(x, 12) scales by the same double as NumPy.
double power_of_ten(int64_t n) {
  static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
  if (n < 9) return p10[n];
  double r = 1e9;
  while (n-- > 9) r *= 10.0;
  return r;
}

// The largest finite value and the machine epsilon of a real floating dtype.
double float_max(DType d) {
  switch (d) {
    case DType::Float16: return 65504.0;
    case DType::Float32: return 3.4028234663852886e38;
    default: return 1.7976931348623157e308;
  }
}
double float_eps(DType d) {
  switch (d) {
    case DType::Float16: return 0.0009765625;
    case DType::Float32: return 1.1920928955078125e-07;
    default: return 2.220446049250313e-16;
  }
}

UfuncOptions with_out(const std::optional<ndarray>& out) {
  UfuncOptions o;
  o.out = out;
  return o;
}

// The NEP 50 result dtype of some operands (arrays and strong scalars by
// dtype, Python scalars by kind).
DType operands_result_type(std::initializer_list<const Operand*> ops) {
  DType strong[3];
  WeakKind weak[3];
  int ns = 0, nw = 0;
  for (const Operand* o : ops) {
    if (o->is_array()) strong[ns++] = o->array().dtype();
    else if (o->scalar().strong) strong[ns++] = o->scalar().dtype;
    else weak[nw++] = o->scalar().weak_kind();
  }
  return result_type(strong, ns, weak, nw);
}

// NumPy's _clip: a Python int bound beyond an integer dtype's range bounds nothing.
bool weak_int_beyond(const Operand& b, DType d, int side) {
  if (b.is_array() || b.scalar().strong || !is_integer(d)) return false;
  const Scalar& s = b.scalar();
  if (s.kind != Scalar::Kind::Int && s.kind != Scalar::Kind::UInt) return false;
  return s.compare_to_range(d) == side;
}
// Note [Clip ties]
// Which of an item and a bound equal to it comes out is visible for +-0.0.
// Since NumPy 2.1, clip's loop for bounds that are the same for every item
// (stride 0: scalars, 0-d arrays, size-1 arrays broadcast over a larger
// result) returns the item for float32/float64 (clip(-0.0, 0.0, 1.0) is
// -0.0); its loop for array bounds returns the bound (maxps/minps), and its
// float16 loops return the item in both (NumPy 2.0: the bound always, for
// float32/float64). cunum follows the newest NumPy: maximum and minimum
// return the second of two equal float32/float64 operands (Note [Extrema of
// equal values]), so the bounds go first where the item must win.
bool stride_zero(const Operand& b, int64_t n) {
  if (!b.is_array()) return true;
  const ndarray& v = b.array();
  return v.ndim() == 0 || (v.size() == 1 && n > 1);
}
bool item_on_ties(const ndarray& a, const Operand& lo, const Operand& hi, DType loop) {
  if (loop != DType::Float32 && loop != DType::Float64) return false;
  int64_t n = a.size();
  for (const Operand* b : {&lo, &hi})
    if (b->is_array()) n = std::max<int64_t>(n, b->array().size());
  return stride_zero(lo, n) && stride_zero(hi, n);
}
}  // namespace

ndarray around(const ndarray& a, int64_t decimals, const std::optional<ndarray>& out) {
  const DType d = a.dtype();
  if (is_complex(d)) {
    // Both parts rounded in place in a copy (or in out=).
    ndarray res = out ? *out : a.copy();
    if (out) copyto(res, a);
    if (!is_complex(res.dtype())) throw TypeError("around of a complex array needs a complex out=");
    around(res.real(), decimals, res.real());
    around(res.imag(), decimals, res.imag());
    return res;
  }
  if (decimals >= 0 && is_integer(d)) {
    if (!out) return a;  // NumPy returns the input itself
    copyto(*out, a);
    return *out;
  }
  if (decimals == 0) return rint(a, with_out(out));
  // Integers (decimals < 0) scale in float64 and are cast back at the end.
  const bool ret_int = is_integer(d) && !out;
  ndarray res = out ? *out : empty_like(a, ret_int ? DType::Float64 : d);
  const Scalar f(power_of_ten(decimals >= 0 ? decimals : -decimals));
  if (decimals >= 0) multiply(a, f, with_out(res));
  else true_divide(a, f, with_out(res));
  rint(res, with_out(res));
  if (decimals >= 0) true_divide(res, f, with_out(res));
  else multiply(res, f, with_out(res));
  return ret_int ? res.astype(d) : res;
}

ndarray fix(const ndarray& x, const std::optional<ndarray>& out) {
  ndarray res = ceil(x, with_out(out));
  UfuncOptions o;
  o.out = res;
  o.where = greater_equal(x, Scalar(0));
  return floor(x, o);
}

ndarray clip(const ndarray& a, const std::optional<Operand>& lo0, const std::optional<Operand>& hi0,
             const UfuncOptions& opts) {
  std::optional<Operand> lo = lo0, hi = hi0;
  if (lo && weak_int_beyond(*lo, a.dtype(), -1)) lo.reset();
  if (hi && weak_int_beyond(*hi, a.dtype(), +1)) hi.reset();
  if (!lo && !hi) return positive(a, opts);
  if (!lo) return minimum(a, *hi, opts);
  if (!hi) return maximum(a, *lo, opts);
  // NumPy's clip ufunc: one loop for all three operands, min(max(a, lo), hi)
  // with NaN propagating (Note [Clip ties] for the zeros).
  const Operand x(a);
  UfuncOptions first;
  first.dtype = opts.dtype ? *opts.dtype : operands_result_type({&x, &*lo, &*hi});
  first.casting = opts.casting;
  if (opts.out && !can_cast(*first.dtype, opts.out->dtype(), opts.casting))
    throw TypeError("Cannot cast ufunc 'clip' output from dtype('" + std::string(dtype_name(*first.dtype)) +
                    "') to dtype('" + std::string(dtype_name(opts.out->dtype())) + "') with casting rule '" +
                    std::string(casting_name(opts.casting)) + "'");
  // The maximum goes to a temporary, so that where= leaves out's other values alone.
  UfuncOptions second = opts;
  second.dtype = first.dtype;
  if (item_on_ties(a, *lo, *hi, *first.dtype)) {
    const ndarray t = maximum(*lo, x, first);
    return minimum(*hi, t, second);
  }
  const ndarray t = maximum(a, *lo, first);
  return minimum(t, *hi, second);
}

ndarray nan_to_num(const ndarray& x, bool copy, double nan, std::optional<double> posinf,
                   std::optional<double> neginf) {
  ndarray r = copy ? x.copy() : x;
  if (!is_inexact(r.dtype())) return r;
  const double big = float_max(real_dtype(r.dtype()));
  std::vector<ndarray> parts{r};
  if (is_complex(r.dtype())) parts = {r.real(), r.imag()};
  for (const ndarray& p : parts) {
    const ndarray is_nan = isnan(p), is_pinf = equal(p, Scalar(INFINITY)), is_ninf = equal(p, Scalar(-INFINITY));
    copyto(p, Scalar(nan), Casting::SameKind, is_nan);
    copyto(p, Scalar(posinf ? *posinf : big), Casting::SameKind, is_pinf);
    copyto(p, Scalar(neginf ? *neginf : -big), Casting::SameKind, is_ninf);
  }
  return r;
}

ndarray real(const ndarray& val) { return val.real(); }
ndarray imag(const ndarray& val) { return val.imag(); }

ndarray angle(const ndarray& z, bool deg) {
  ndarray a = is_complex(z.dtype()) ? arctan2(z.imag(), z.real()) : arctan2(Scalar(0), z);
  if (deg) multiply(a, Scalar(180.0 / 3.141592653589793), with_out(a));
  return a;
}

ndarray real_if_close(const ndarray& a, double tol) {
  if (!is_complex(a.dtype())) return a;
  if (tol > 1) tol *= float_eps(real_dtype(a.dtype()));
  const ndarray ok = all(less(absolute(a.imag()), Scalar(tol)));
  return ok.item().b ? a.real() : a;  // waits for the device: the answer picks the dtype
}

ndarray sinc(const ndarray& x) {
  const ndarray y = multiply(Scalar(3.141592653589793), x);
  const Scalar eps(is_floating(y.dtype()) ? float_eps(y.dtype()) : 1e-20);
  const ndarray z = where(y, y, eps);
  return true_divide(sin(z), z);
}

ndarray i0(const ndarray& x) {
  if (is_complex(x.dtype())) throw TypeError("i0 not supported for complex values");
  return _i0(is_floating(x.dtype()) ? x : x.astype(DType::Float64));
}

}  // namespace cunum
