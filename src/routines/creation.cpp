// Array creation routines (NumPy's "Array creation routines" chapter) that
// compute their contents or compose the array's constructors: numerical
// ranges, identity matrices, contiguous copies. The constructors themselves
// (empty, zeros, full, array ...) are in src/core/constructors.cpp.
#include "cunum/creation.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "backend/backend.hpp"
#include "core/assign.hpp"
#include "cunum/error.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

ndarray arange(const Scalar& stop) { return arange(Scalar(0), stop, Scalar(1)); }

ndarray arange(const Scalar& start, const Scalar& stop, const Scalar& step,
               std::optional<DType> dtype, std::optional<Device> device) {
  auto kind_of = [](const Scalar& s) {
    return s.strong ? s.dtype : s.default_dtype();
  };
  if (start.kind == Scalar::Kind::Complex || stop.kind == Scalar::Kind::Complex ||
      step.kind == Scalar::Kind::Complex)
    throw TypeError("arange() does not support complex arguments");
  DType natural = promote_types(promote_types(kind_of(start), kind_of(stop)), kind_of(step));
  if (natural == DType::Bool) natural = DType::Int64;
  DType out = dtype ? *dtype : natural;
  if (dtype && is_integer(out))
    for (const Scalar* s : {&start, &stop}) s->check_fits(out);
  int64_t n;
  if (is_integer(natural)) {
    int64_t a = start.as_int64(), b = stop.as_int64(), s = step.as_int64();
    if (s == 0) throw ZeroDivisionError("division by zero");
    if (s > 0) n = b > a ? (b - a + s - 1) / s : 0;
    else n = a > b ? (a - b + (-s) - 1) / (-s) : 0;
  } else {
    double a = start.as_double(), b = stop.as_double(), s = step.as_double();
    if (s == 0) throw ZeroDivisionError("division by zero");
    double len = std::ceil((b - a) / s);
    if (!std::isfinite(len)) throw ValueError("arange: cannot compute length");
    n = len > 0 ? static_cast<int64_t>(len) : 0;
  }
  ndarray r = empty({n}, out, device);
  if (n == 0) return r;
  if (is_integer(natural) || is_bool(out)) {
    ndarray tmp = is_integer(out) ? r : empty({n}, DType::Int64, device);
    backend::get(r.device()).iota(tmp.data(), n, tmp.dtype(), start, step);
    if (!tmp.shares_storage_with(r)) core::assign(r, tmp);
  } else {
    // NumPy computes float ranges as start + i * (second - first).
    ndarray tmp = (is_inexact(out)) ? r : empty({n}, DType::Float64, device);
    double a = start.as_double(), s = step.as_double();
    double delta = (a + s) - a;
    backend::get(r.device()).iota(tmp.data(), n, tmp.dtype(), Scalar(a), Scalar(delta));
    if (!tmp.shares_storage_with(r)) core::assign(r, tmp);
  }
  return r;
}

ndarray linspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                 std::optional<DType> dtype, std::optional<Device> device) {
  if (num < 0) throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  const bool cplx = start.kind == Scalar::Kind::Complex || stop.kind == Scalar::Kind::Complex;
  DType work = cplx ? DType::Complex128 : DType::Float64;
  DType out = dtype ? *dtype : work;
  ndarray y = empty({num}, work, device);
  const int64_t div = endpoint ? num - 1 : num;
  auto& be = backend::get(y.device());
  if (num > 0) {
    if (cplx) {
      double sr = start.kind == Scalar::Kind::Complex ? start.re : start.as_double();
      double si = start.kind == Scalar::Kind::Complex ? start.im : 0.0;
      double er = stop.kind == Scalar::Kind::Complex ? stop.re : stop.as_double();
      double ei = stop.kind == Scalar::Kind::Complex ? stop.im : 0.0;
      double d = div > 0 ? (double)div : 1.0;
      be.iota(y.data(), num, work, Scalar(sr, si), Scalar((er - sr) / d, (ei - si) / d));
    } else {
      double a = start.as_double(), b = stop.as_double();
      double step = div > 0 ? (b - a) / (double)div : 0.0;
      be.iota(y.data(), num, work, Scalar(a), Scalar(step));
    }
    if (endpoint && num > 1) {
      ndarray last(y.storage(), y.offset() + (num - 1) * (int64_t)y.itemsize(), {}, {}, work);
      last.fill(stop);
    }
  }
  if (is_integer(out)) {
    // NumPy 2 rounds towards -inf for integer dtypes.
    ndarray f = floor_divide(y, 1.0);
    return f.astype(out);
  }
  return out == work ? y : y.astype(out);
}

ndarray logspace(const Scalar& start, const Scalar& stop, int64_t num, bool endpoint,
                 const Scalar& base, std::optional<DType> dtype, std::optional<Device> device) {
  ndarray y = linspace(start, stop, num, endpoint, {}, device);
  ndarray r = power(base, y);
  return dtype && *dtype != r.dtype() ? r.astype(*dtype) : r;
}

ndarray eye(int64_t n, std::optional<int64_t> m_opt, int64_t k, DType dtype,
            std::optional<Device> device, char order) {
  const int64_t m = m_opt ? *m_opt : n;
  ndarray a = zeros({n, m}, dtype, device, order);
  const int64_t len = std::max<int64_t>(0, std::min(n - std::max<int64_t>(-k, 0), m - std::max<int64_t>(k, 0)));
  if (len > 0) {
    const int64_t row = a.strides()[0], col = a.strides()[1];
    const int64_t off = k >= 0 ? k * col : -k * row;
    ndarray diag(a.storage(), a.offset() + off, {len}, {row + col}, dtype);
    diag.fill(Scalar(1));
  }
  return a;
}

ndarray identity(int64_t n, DType dtype, std::optional<Device> device) {
  return eye(n, n, 0, dtype, device);
}

ndarray ascontiguousarray(const ndarray& a, std::optional<DType> dtype) {
  ndarray r = array(a, dtype, false, 'C');
  return r.ndim() == 0 ? r.reshape({1}) : r;
}
ndarray asfortranarray(const ndarray& a, std::optional<DType> dtype) {
  ndarray r = array(a, dtype, false, 'F');
  return r.ndim() == 0 ? r.reshape({1}) : r;
}

}  // namespace cunum
