// Mathematical functions beyond the ufuncs: the scans (cumsum & co.), on the
// scan primitive (src/core/scan.cpp).
#include "cunum/mathematical.hpp"

#include <string>

#include "core/assign.hpp"
#include "core/loop_plan.hpp"
#include "core/scan.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/ufunc.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
using backend::ScanOp;

bool is_product(ScanOp op) { return op == ScanOp::CumProd || op == ScanOp::NanCumProd; }
bool is_nan_scan(ScanOp op) { return op == ScanOp::NanCumSum || op == ScanOp::NanCumProd; }

// NumPy's accumulation dtype (that of add.accumulate / multiply.accumulate):
// dtype= if given; with out= alone promote_types(out, a); else a's dtype,
// with bool and integers narrower than 64 bits widened to int64 (unsigned:
// uint64), as sum does.
DType loop_dtype(const ndarray& a, const ScanOptions& o) {
  if (o.dtype) return *o.dtype;
  if (o.out) return promote_types(o.out->dtype(), a.dtype());
  const DType d = a.dtype();
  if (is_bool(d)) return DType::Int64;
  if (is_integer(d)) return is_unsigned(d) ? DType::UInt64 : DType::Int64;
  return d;
}

// A view of `a` holding [start, start + n) along `axis`.
ndarray along(const ndarray& a, int axis, int64_t start, int64_t n) {
  Shape s = a.shape();
  s[axis] = n;
  return ndarray(a.storage(), a.offset() + start * a.strides()[axis], s, a.strides(), a.dtype());
}

// NumPy's errors for an out= of the wrong shape: its iterator's broadcast
// message where both have the same rank (at least 2) and no dim of 1 is
// involved (out's part past the initial element against the input's shape),
// else its accumulate's own message.
[[noreturn]] void out_shape_error(const Shape& out, const Shape& in, int axis, bool include_initial) {
  bool broadcast_error = out.size() == in.size() && in.size() >= 2;
  Shape tail = out;
  if (broadcast_error && include_initial) tail[axis] -= 1;
  for (size_t d = 0; broadcast_error && d < in.size(); ++d)
    if (tail[d] != in[d] && (tail[d] == 1 || in[d] == 1)) broadcast_error = false;
  if (broadcast_error)
    throw ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: " +
                     shape_str(tail) + "->" + shape_str(tail) + " " + shape_str(in) + "->" + shape_str(in) + " ");
  throw ValueError("provided out is the wrong size for the accumulation.");
}

// The scan of `a` (already at least 1-d) along `axis`, with include_initial
// putting the identity first.
ndarray scan_along(const ndarray& a0, int axis, ScanOp op, const ScanOptions& o, bool include_initial) {
  const DType loop = loop_dtype(a0, o);
  ndarray a = a0;
  // Note [NaN before conversion] (src/core/reduction.cpp): where converting to
  // the loop dtype would hide a NaN (to an integer or bool, complex to real),
  // NaNs become the identity in a copy first; otherwise the descriptor skips
  // them in registers.
  if (is_nan_scan(op) && is_inexact(a.dtype()) &&
      (!is_inexact(loop) || (is_complex(a.dtype()) && !is_complex(loop)))) {
    ndarray t = a.copy();
    copyto(t, is_product(op) ? 1.0 : 0.0, Casting::Unsafe, not_equal(a, a));
    a = t;
  }
  Shape shape = a.shape();
  if (include_initial) shape[axis] += 1;
  if (o.out && o.out->shape() != shape) out_shape_error(o.out->shape(), a.shape(), axis, include_initial);
  const bool direct = o.out && o.out->device() == a.device();
  // The identity goes in before the scan reads `a`: an out= overlapping it
  // scans a copy.
  if (direct && include_initial && core::may_overlap(*o.out, a)) a = a.copy();
  ndarray res = direct ? *o.out : empty(shape, loop, a.device());
  const int64_t first = include_initial ? 1 : 0;
  if (include_initial) copyto(along(res, axis, 0, 1), is_product(op) ? 1.0 : 0.0, Casting::Unsafe);
  core::scan(along(res, axis, first, a.shape()[axis]), a, axis, op, loop);
  if (o.out && !direct) {
    copyto(*o.out, res, Casting::Unsafe);
    return *o.out;
  }
  return res;
}

// cumsum & co.: axis None flattens (C order), as does a 0-d input.
ndarray cum(const ndarray& a, ScanOp op, const ScanOptions& o) {
  if (!o.axis || a.ndim() == 0) {
    if (a.ndim() == 0 && o.axis && *o.axis != 0 && *o.axis != -1) throw AxisError(*o.axis, 0);
    return scan_along(ravel(a), 0, op, o, false);
  }
  return scan_along(a, normalize_axis(*o.axis, a.ndim()), op, o, false);
}

// cumulative_sum & co.: axis may be omitted for 1-d (and 0-d) input only.
ndarray cumulative(const ndarray& a, ScanOp op, const ScanOptions& o, bool include_initial) {
  if (a.ndim() == 0) {
    if (o.axis && *o.axis != 0 && *o.axis != -1) throw AxisError(*o.axis, 0);
    return scan_along(ravel(a), 0, op, o, include_initial);
  }
  if (!o.axis && a.ndim() != 1)
    throw ValueError("For arrays which have more than one dimension ``axis`` argument is required.");
  const int axis = o.axis ? normalize_axis(*o.axis, a.ndim()) : 0;
  return scan_along(a, axis, op, o, include_initial);
}
}  // namespace

ndarray cumsum(const ndarray& a, const ScanOptions& o) { return cum(a, ScanOp::CumSum, o); }
ndarray cumprod(const ndarray& a, const ScanOptions& o) { return cum(a, ScanOp::CumProd, o); }
ndarray nancumsum(const ndarray& a, const ScanOptions& o) {
  return cum(a, is_inexact(a.dtype()) ? ScanOp::NanCumSum : ScanOp::CumSum, o);
}
ndarray nancumprod(const ndarray& a, const ScanOptions& o) {
  return cum(a, is_inexact(a.dtype()) ? ScanOp::NanCumProd : ScanOp::CumProd, o);
}
ndarray cumulative_sum(const ndarray& a, const ScanOptions& o, bool include_initial) {
  return cumulative(a, ScanOp::CumSum, o, include_initial);
}
ndarray cumulative_prod(const ndarray& a, const ScanOptions& o, bool include_initial) {
  return cumulative(a, ScanOp::CumProd, o, include_initial);
}

}  // namespace cunum
