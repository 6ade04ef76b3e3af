// Logic functions beyond the ufuncs (NumPy's chapter): isclose and the
// whole-array comparisons, composed of ufuncs and the `all` reduction. The
// whole-array answers stay on the device as 0-d arrays (CuPy's choice for
// allclose and array_equal; NumPy returns a Python bool, which would wait).
#include "cunum/logic.hpp"

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
// A weak Python scalar's dtype kind, or an array's / strong scalar's dtype.
DType inexact_of(const Operand& y) {
  const DType d = y.is_array() ? y.array().dtype() : y.scalar().dtype;
  const WeakKind w = WeakKind::Float;
  return result_type(&d, 1, &w, 1);
}
ndarray scalar_false(Device dev) { return full({}, Scalar(false), DType::Bool, dev); }
bool can_hold_nan(DType d) { return is_inexact(d); }
}  // namespace

ndarray isclose(const Operand& a, const Operand& b0, const Operand& rtol, const Operand& atol, bool equal_nan) {
  // y in result_type(y, 1.0): abs() of the lowest integer would overflow.
  Operand b = b0;
  if (b0.is_array()) {
    const DType d = inexact_of(b0);
    if (d != b0.array().dtype()) b = b0.array().astype(d);
  } else if (b0.scalar().strong) {
    b = Scalar::of(inexact_of(b0), b0.scalar());
  } else if (b0.scalar().kind == Scalar::Kind::Int || b0.scalar().kind == Scalar::Kind::UInt) {
    b = Scalar(b0.scalar().as_double());
  }
  const ndarray abs_b = absolute(b);
  const ndarray bound = add(atol, multiply(rtol, abs_b));
  ndarray r = logical_or(logical_and(less_equal(absolute(subtract(a, b)), bound), isfinite(b)), equal(a, b));
  if (equal_nan) r = logical_or(r, logical_and(isnan(a), isnan(b)));
  return r;
}

ndarray allclose(const Operand& a, const Operand& b, const Operand& rtol, const Operand& atol, bool equal_nan) {
  return all(isclose(a, b, rtol, atol, equal_nan));
}

ndarray array_equal(const ndarray& a1, const ndarray& a2, bool equal_nan) {
  if (a1.shape() != a2.shape()) return scalar_false(a1.device());
  const ndarray eq = equal(a1, a2);
  if (!equal_nan || (!can_hold_nan(a1.dtype()) && !can_hold_nan(a2.dtype()))) return all(eq);
  // NaNs at the same places, the other elements equal (a complex NaN is any
  // element with a NaN part, as NumPy's isnan).
  return all(logical_or(eq, logical_and(isnan(a1), isnan(a2))));
}

ndarray array_equiv(const ndarray& a1, const ndarray& a2) {
  try {
    broadcast_shapes({a1.shape(), a2.shape()});
  } catch (const ValueError&) {
    return scalar_false(a1.device());
  }
  return all(equal(a1, a2));
}

ndarray iscomplex(const ndarray& x) {
  if (is_complex(x.dtype())) return not_equal(x.imag(), Scalar(0));
  return zeros(x.shape(), DType::Bool, x.device());
}

ndarray isreal(const ndarray& x) { return equal(x.imag(), Scalar(0)); }

}  // namespace cunum
