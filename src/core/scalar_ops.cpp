#include "core/scalar_ops.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "cunum/error.hpp"

namespace cunum::core {

namespace {
using i128 = __int128;

bool integral(const Scalar& s) {
  return s.kind == Scalar::Kind::Int || s.kind == Scalar::Kind::UInt || s.kind == Scalar::Kind::Bool;
}
bool exact_int(const Scalar& s) { return integral(s) && !s.big; }
i128 to_i128(const Scalar& s) {
  if (s.kind == Scalar::Kind::UInt) return static_cast<i128>(s.u);
  if (s.kind == Scalar::Kind::Bool) return s.b ? 1 : 0;
  return static_cast<i128>(s.i);
}
std::string i128_digits(i128 v) {
  if (v == 0) return "0";
  const bool neg = v < 0;
  unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string d;
  while (u) {
    d.insert(d.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return neg ? "-" + d : d;
}
Scalar from_i128(i128 v) {
  if (v >= std::numeric_limits<int64_t>::min() && v <= std::numeric_limits<int64_t>::max())
    return Scalar(static_cast<long long>(v));
  if (v > 0 && v <= static_cast<i128>(std::numeric_limits<uint64_t>::max()))
    return Scalar(static_cast<unsigned long long>(v));
  return Scalar::big_int(static_cast<double>(v), i128_digits(v));
}
double re_of(const Scalar& s) { return s.kind == Scalar::Kind::Complex ? s.re : s.as_double(); }
double im_of(const Scalar& s) { return s.kind == Scalar::Kind::Complex ? s.im : 0.0; }

// (ar + ai j) / (br + bi j) by Smith's algorithm
void complex_divide(double ar, double ai, double br, double bi, double& qr, double& qi) {
  if (std::fabs(br) >= std::fabs(bi)) {
    if (br == 0 && bi == 0) {
      qr = ar / std::fabs(br);
      qi = ai / std::fabs(bi);
      return;
    }
    const double rat = bi / br, den = br + bi * rat;
    qr = (ar + ai * rat) / den;
    qi = (ai - ar * rat) / den;
  } else {
    const double rat = br / bi, den = bi + br * rat;
    qr = (ar * rat + ai) / den;
    qi = (ai * rat - ar) / den;
  }
}

Scalar python_op(char op, const Scalar& a, const Scalar& b) {
  if (exact_int(a) && exact_int(b)) {
    const i128 x = to_i128(a), y = to_i128(b);
    if (op == '+') return from_i128(x + y);
    if (op == '-') return from_i128(x - y);
    if (y == 0) throw ZeroDivisionError("division by zero");
    return Scalar(static_cast<double>(x) / static_cast<double>(y));
  }
  if (a.kind == Scalar::Kind::Complex || b.kind == Scalar::Kind::Complex) {
    const double ar = re_of(a), ai = im_of(a), br = re_of(b), bi = im_of(b);
    if (op == '+') return Scalar(ar + br, ai + bi);
    if (op == '-') return Scalar(ar - br, ai - bi);
    if (br == 0 && bi == 0) throw ZeroDivisionError("complex division by zero");
    double qr, qi;
    complex_divide(ar, ai, br, bi, qr, qi);
    return Scalar(qr, qi);
  }
  const double x = a.as_double(), y = b.as_double();
  if (op == '+') return Scalar(x + y);
  if (op == '-') return Scalar(x - y);
  if (y == 0) throw ZeroDivisionError("float division by zero");
  return Scalar(x / y);
}

Scalar numpy_op(char op, const Scalar& a, const Scalar& b) {
  DType strong[2];
  WeakKind weak[2];
  int ns = 0, nw = 0;
  for (const Scalar* s : {&a, &b}) {
    if (s->strong) strong[ns++] = s->dtype;
    else weak[nw++] = s->weak_kind();
  }
  DType r = result_type(strong, ns, weak, nw);
  if (op == '/' && !is_inexact(r)) {
    r = DType::Float64;  // true division of integers: in float64, no range check
  } else {
    for (const Scalar* s : {&a, &b})
      if (!s->strong) s->check_fits(r);  // NEP 50: the Python int must fit
  }
  if (is_bool(r)) {
    if (op == '-')
      throw TypeError("numpy boolean subtract, the `-` operator, is not supported, use the "
                      "bitwise_xor, the `^` operator, or the logical_xor function instead.");
    return Scalar::of(r, Scalar(a.is_true() || b.is_true()));
  }
  if (is_integer(r)) {  // wrapping, in 64 bits, then to r
    const uint64_t x = static_cast<uint64_t>(a.as_int64()), y = static_cast<uint64_t>(b.as_int64());
    return Scalar::of(r, Scalar(static_cast<long long>(op == '+' ? x + y : x - y)));
  }
  // both operands are first converted to r (a Python float to float16, ...)
  const DType part = real_dtype(r);
  auto in_r = [&](double x) { return Scalar::of(part, Scalar(x)).as_double(); };
  const double ar = in_r(re_of(a)), ai = in_r(im_of(a)), br = in_r(re_of(b)), bi = in_r(im_of(b));
  double qr, qi = 0;
  if (op == '+') {
    qr = ar + br;
    qi = ai + bi;
  } else if (op == '-') {
    qr = ar - br;
    qi = ai - bi;
  } else if (is_complex(r)) {
    complex_divide(ar, ai, br, bi, qr, qi);
  } else {
    qr = ar / br;
  }
  return Scalar::of(r, is_complex(r) ? Scalar(qr, qi) : Scalar(qr));
}

Scalar op(char o, const Scalar& a, const Scalar& b) {
  // A NumPy float64 is a Python float: a Python complex on the left handles
  // it itself (Python's rules), giving a Python complex.
  const bool python_complex_left = !a.strong && a.kind == Scalar::Kind::Complex &&
                                   b.strong && b.dtype == DType::Float64;
  if (python_complex_left) {
    Scalar w = b;
    w.strong = false;
    return python_op(o, a, w);
  }
  return (a.strong || b.strong) ? numpy_op(o, a, b) : python_op(o, a, b);
}
}  // namespace

Scalar scalar_add(const Scalar& a, const Scalar& b) { return op('+', a, b); }
Scalar scalar_subtract(const Scalar& a, const Scalar& b) { return op('-', a, b); }
Scalar scalar_true_divide(const Scalar& a, const Scalar& b) { return op('/', a, b); }
bool scalar_is_zero(const Scalar& a) {
  if (a.kind == Scalar::Kind::Complex) return a.re == 0 && a.im == 0;
  if (a.kind == Scalar::Kind::Float || a.big) return a.re == 0;
  return !a.is_true();
}

}  // namespace cunum::core
