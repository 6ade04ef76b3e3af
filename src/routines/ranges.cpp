// Numerical ranges (NumPy's "Array creation routines" chapter, section
// "Numerical ranges"): arange, linspace and logspace, computed as NumPy
// computes them.
#include <cmath>
#include <limits>

#include "backend/backend.hpp"
#include "core/scalar_ops.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/ufunc.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
using i128 = __int128;

// Note [arange as NumPy]
// NumPy's arange works on the Python objects it is given:
// - the result dtype, unless given, is the promotion of int64 with the
//   "legacy" dtype of each argument (a Python int is int64, or uint64 past
//   INT64_MAX; a Python float float64; a NumPy scalar its own), so it is
//   int64, float64 or complex128: arange(np.float32(1), 3) is float64;
// - the length is ceil((stop - start) / step) with Python's arithmetic
//   (exact for ints; a quotient that underflows to +0.0 counts as 1);
// - element 0 is start and element 1 is start + step, each stored as
//   x[i] = value stores it (so arange(-5.6, 14, 9, dtype=int) starts -5, 3);
//   the rest are x[0] + i * (x[1] - x[0]) in the result dtype's arithmetic
//   (wrapping for integers): [-5, 3, 11];
// - a bool result may have at most 2 elements.
DType legacy_dtype(const Scalar& s) {
  if (s.strong) return s.dtype;
  if (s.big) throw TypeError("cunum does not support arrays of dtype dtype('O')");
  return s.default_dtype();
}

// x rounded to the floating dtype d (float16 and float32 arithmetic).
double round_to(DType d, double x) { return Scalar::of(d, Scalar(x)).as_double(); }

// The dtype Python/NumPy scalar arithmetic between the arguments uses (NEP 50).
DType arithmetic_dtype(std::initializer_list<const Scalar*> args) {
  DType strong[3];
  WeakKind weak[3];
  int ns = 0, nw = 0;
  for (const Scalar* s : args) {
    if (s->strong) strong[ns++] = s->dtype;
    else weak[nw++] = s->weak_kind();
  }
  return result_type(strong, ns, weak, nw);
}

// NumPy's conversion of the length quotient to an integer.
int64_t ceil_length(double v) {
  if (std::isnan(v)) throw ValueError("arange: cannot compute length");
  const double c = std::ceil(v);
  // NumPy's bound check lets 2^63 through, and x86 converts it to INT64_MIN:
  // a length that rounds to 2^63 gives an empty array there.
  if (c == 9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  if (!(c >= -9223372036854775808.0 && c < 9223372036854775808.0))
    throw OverflowError("arange: overflow while computing length");
  return static_cast<int64_t>(c);
}

// The length, and (when positive) start + step in *next, with the
// arguments' own scalar arithmetic (core/scalar_ops.hpp).
int64_t arange_length(const Scalar& start, const Scalar& stop, const Scalar& step, bool complex_out,
                      Scalar& next) {
  const Scalar range = core::scalar_subtract(stop, start);
  const bool nonzero = !core::scalar_is_zero(range);
  const Scalar q = core::scalar_true_divide(range, step);
  if (!nonzero) return 0;
  int64_t len;
  if (complex_out && q.kind == Scalar::Kind::Complex) {
    len = std::min(ceil_length(q.re), ceil_length(q.im));
  } else {
    // a Python complex cannot be read as a real number; NumPy's complex
    // scalars can (their real part)
    if (q.kind == Scalar::Kind::Complex && !q.strong) throw TypeError("must be real number, not complex");
    const double v = q.kind == Scalar::Kind::Complex ? q.re : q.as_double();
    // a quotient that underflowed to zero (or a step of +-inf): one element or none
    len = v == 0 ? (std::signbit(v) ? 0 : 1) : ceil_length(v);
  }
  if (len > 0) next = core::scalar_add(start, step);
  return len;
}

// The value x[i] = v stores for a dtype d (setitem's checks, as NumPy's).
Scalar stored(DType d, const Scalar& v) {
  if (is_bool(d)) return Scalar(v.is_true());
  if (v.kind == Scalar::Kind::Complex && !v.strong && !is_complex(d))
    throw TypeError(is_integer(d)
                        ? "int() argument must be a string, a bytes-like object or a real number, not 'complex'"
                        : "float() argument must be a string or a real number, not 'complex'");
  if (is_integer(d)) {
    if (v.kind == Scalar::Kind::Float || v.kind == Scalar::Kind::Complex) {
      const double x = v.re;
      if (std::isnan(x)) throw ValueError("cannot convert float NaN to integer");
      if (std::isinf(x)) throw OverflowError("cannot convert float infinity to integer");
      const double t = std::trunc(x);
      if (t < -9223372036854775808.0 || t >= 18446744073709551616.0)
        throw OverflowError("Python int too large to convert to C long");
      Scalar r = t < 0 ? Scalar(static_cast<long long>(t)) : Scalar(static_cast<unsigned long long>(t));
      r.check_fits(d);
      return r;
    }
    Scalar w = v;  // NumPy's setitem checks the range of NumPy's integers too
    w.strong = false;
    w.check_fits(d);
    return v;
  }
  return v;
}

ndarray element(const ndarray& r, int64_t i) {
  return ndarray(r.storage(), r.offset() + i * static_cast<int64_t>(r.itemsize()), {}, {}, r.dtype());
}
}  // namespace

ndarray arange(const Scalar& stop) { return arange(Scalar(0), stop, Scalar(1)); }

ndarray arange(const Scalar& start, const Scalar& stop, const Scalar& step,
               std::optional<DType> dtype, std::optional<Device> device) {
  DType natural = DType::Int64;
  for (const Scalar* s : {&start, &stop, &step}) natural = promote_types(natural, legacy_dtype(*s));
  const DType out = dtype ? *dtype : natural;
  Scalar next;
  int64_t n;
  try {
    n = std::max<int64_t>(0, arange_length(start, stop, step, is_complex(out), next));
  } catch (const OverflowError&) {  // as NumPy reports any overflow here
    throw ValueError("Maximum allowed size exceeded");
  }
  ndarray r = empty({n}, out, device);
  if (is_bool(out) && n > 2)
    throw TypeError("arange() is only supported for booleans when the result has at most length 2.");
  if (n == 0) return r;
  const Scalar v0 = Scalar::of(out, stored(out, start));
  if (n == 1) {
    r.fill(v0);
    return r;
  }
  const Scalar v1 = Scalar::of(out, stored(out, next));
  if (n == 2) {
    element(r, 0).fill(v0);
    element(r, 1).fill(v1);
    return r;
  }
  // x[i] = x[0] + i * (x[1] - x[0]) in the dtype's arithmetic (the backend's iota)
  auto& be = backend::get(r.device());
  if (is_integer(out)) {
    const uint64_t a = static_cast<uint64_t>(v0.as_int64()), b = static_cast<uint64_t>(v1.as_int64());
    be.iota(r.data(), n, out, v0, Scalar(static_cast<long long>(b - a)));
    return r;
  }
  // float16 computes in float (NumPy's HALF_fill), float32 in float
  const bool dbl = real_dtype(out) == DType::Float64;
  auto sub = [&](double x, double y) {
    return dbl ? x - y : static_cast<double>(static_cast<float>(x) - static_cast<float>(y));
  };
  auto at = [&](double x0, double d, double i) {
    return dbl ? x0 + i * d : static_cast<double>(static_cast<float>(x0) + static_cast<float>(i) * static_cast<float>(d));
  };
  const double dr = sub(v1.re, v0.re), di = sub(v1.im, v0.im);
  be.iota(r.data(), n, out, v0, is_complex(out) ? Scalar(dr, di) : Scalar(dr));
  // x[0] and x[1] are exactly start and start + step, as NumPy stores them;
  // the formula can miss them (a non-finite delta, rounding in x[0] + delta)
  auto same = [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); };
  const Scalar f0 = Scalar::of(out, Scalar(at(v0.re, dr, 0), at(v0.im, di, 0)));
  const Scalar f1 = Scalar::of(out, Scalar(at(v0.re, dr, 1), at(v0.im, di, 1)));
  if (!same(f0.re, v0.re) || !same(f0.im, v0.im)) element(r, 0).fill(v0);
  if (!same(f1.re, v1.re) || !same(f1.im, v1.im)) element(r, 1).fill(v1);
  return r;
}

ndarray linspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                 std::optional<DType> dtype, std::optional<Device> device) {
  if (num < 0) throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  // Note [linspace as NumPy]: computed in the (inexact) result type of the
  // endpoints under NEP 50, float32 for float32 endpoints: i * step + start,
  // the last element set to stop, then floored (integer dtype) and cast.
  DType dt = arithmetic_dtype({&start, &stop});
  if (!is_inexact(dt)) dt = DType::Float64;
  const bool cplx = is_complex(dt);
  const DType part = real_dtype(dt);
  auto re_of = [](const Scalar& s) { return s.kind == Scalar::Kind::Complex ? s.re : s.as_double(); };
  auto im_of = [](const Scalar& s) { return s.kind == Scalar::Kind::Complex ? s.im : 0.0; };
  const double sr = round_to(part, re_of(start)), si = round_to(part, im_of(start));
  const double er = round_to(part, re_of(stop)), ei = round_to(part, im_of(stop));
  const Scalar first = cplx ? Scalar(sr, si) : Scalar(sr);
  const int64_t div = endpoint ? num - 1 : num;
  ndarray y = empty({num}, dt, device);
  if (num > 0) {
    auto R = [&](double x) { return round_to(part, x); };
    const double dr = R(er - sr), di = R(ei - si);
    const Scalar delta = cplx ? Scalar(dr, di) : Scalar(dr);
    // step = delta / div in dt; a complex divided by a real goes through
    // Smith's algorithm as in NumPy: parts times the rounded 1 / div
    double tr, ti = 0;
    if (!cplx) {
      tr = R(dr / static_cast<double>(div > 0 ? div : 1));
    } else {
      const double scl = R(1.0 / static_cast<double>(div > 0 ? div : 1));
      tr = R(R(dr + R(di * 0.0)) * scl);
      ti = R(R(di - R(dr * 0.0)) * scl);
    }
    const Scalar step = cplx ? Scalar(tr, ti) : Scalar(tr);
    auto indices = [&] {
      return arange(Scalar(0), Scalar(static_cast<long long>(num)), Scalar(1), dt, device);
    };
    if (div <= 0) {
      y = add(multiply(indices(), Scalar::of(dt, delta)), Scalar::of(dt, first));
    } else if (tr == 0 && ti == 0) {
      // A step below the smallest subnormal (NumPy: y / div * delta + start)
      y = add(multiply(divide(indices(), Scalar(static_cast<long long>(div))), Scalar::of(dt, delta)),
              Scalar::of(dt, first));
    } else if (dt == DType::Float16 || !std::isfinite(tr) || !std::isfinite(ti)) {
      // NumPy's arange(num) * step + start, one rounding per operation (half
      // arithmetic; the complex product's NaNs for a non-finite step)
      y = add(multiply(indices(), Scalar::of(dt, step)), Scalar::of(dt, first));
    } else {
      // the same values in one pass: start + i * step in dt's arithmetic
      backend::get(y.device()).iota(y.data(), num, dt, first, step);
    }
    if (endpoint && num > 1) element(y, num - 1).fill(cplx ? Scalar(er, ei) : Scalar(er));
  }
  if (dtype && is_integer(*dtype)) return floor_divide(y, Scalar(1.0)).astype(*dtype);
  return dtype && *dtype != dt ? y.astype(*dtype) : y;
}

ndarray logspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                 const Scalar& base, std::optional<DType> dtype, std::optional<Device> device) {
  ndarray r = power(base, linspace(start, stop, num, endpoint, {}, device));
  return dtype && *dtype != r.dtype() ? r.astype(*dtype) : r;
}

}  // namespace cunum
