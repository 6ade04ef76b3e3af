// cunum/mathematical.hpp — routines of NumPy's "Mathematical functions"
// chapter beyond the ufuncs: the sums and products along an axis (scans).
//
//   auto c = cunum::cumsum(x);                                  // x flattened
//   auto r = cunum::cumsum(m, {.axis = 1, .dtype = DType::Float64});
//   auto i = cunum::cumulative_sum(v, {}, /*include_initial=*/true);  // [0, v0, v0 + v1, ...]
//   auto r = cunum::around(x, -2);                  // half to even after scaling by 10^-2
//   auto c = cunum::clip(x, 0.0, 1.0);               // NaN propagates, as NumPy 2
//   auto d = cunum::diff(x, {.n = 2, .axis = 0});
//   auto g = cunum::gradient(f, {cunum::Operand(0.5)});  // one array per axis
//   auto y = cunum::interp(x, xp, fp);                // a device search, no host loop
#pragma once
#include <optional>
#include <vector>

#include "ndarray.hpp"
#include "ufunc.hpp"

namespace cunum {

struct ScanOptions {
  std::optional<int64_t> axis;  // nullopt: cumsum & co. flatten (C order); cumulative_* need 1-d
  std::optional<DType> dtype;   // the accumulation (and result) dtype
  std::optional<ndarray> out;   // written with unsafe casting, as NumPy's accumulate does
};

// NumPy's cumsum and cumprod: inclusive running sums and products along an
// axis. Without dtype=, bool and integers narrower than 64 bits accumulate
// in int64 (unsigned: uint64), like sum; with out= alone, in
// promote_types(out, a).
ndarray cumsum(const ndarray& a, const ScanOptions& o = {});
ndarray cumprod(const ndarray& a, const ScanOptions& o = {});
// The same with NaN taken as 0 (nancumsum) or 1 (nancumprod).
ndarray nancumsum(const ndarray& a, const ScanOptions& o = {});
ndarray nancumprod(const ndarray& a, const ScanOptions& o = {});
// The array API's forms: `axis` may be omitted only for 1-d (or 0-d) input;
// include_initial puts the identity (0 or 1) first, one more element along
// the axis.
ndarray cumulative_sum(const ndarray& a, const ScanOptions& o = {}, bool include_initial = false);
ndarray cumulative_prod(const ndarray& a, const ScanOptions& o = {}, bool include_initial = false);

// ------------------------------------------------------------ rounding and clipping
// (src/routines/math_rounding.cpp)

// NumPy's round/around: x * 10^d, rounded half to even, divided back (for d < 0:
// x / 10^-d, rounded, multiplied); complex rounds both parts; integers with d >= 0
// are copied, with d < 0 computed in float64 and cast back; bool goes through
// rint (float16). out= receives the result (same_kind casting per step, as NumPy).
ndarray around(const ndarray& a, int64_t decimals = 0, const std::optional<ndarray>& out = {});
// Rounds toward zero: ceil, then floor where x >= 0 (integers and bool keep their dtype).
ndarray fix(const ndarray& x, const std::optional<ndarray>& out = {});
// NumPy 2's clip: min(max(a, lo), hi) with NaN propagating; a bound left out
// (nullopt) is not applied; a Python int bound beyond an integer dtype's range
// is dropped (NumPy's _clip); neither bound: positive(a). opts: out, where,
// dtype, casting as for a ufunc.
ndarray clip(const ndarray& a, const std::optional<Operand>& lo, const std::optional<Operand>& hi,
             const UfuncOptions& opts = {});
// NaN -> nan, +inf -> posinf (default: the dtype's largest), -inf -> neginf
// (default: its lowest), on both parts of a complex; other dtypes unchanged.
// copy=false replaces in place (and returns x).
ndarray nan_to_num(const ndarray& x, bool copy = true, double nan = 0.0, std::optional<double> posinf = {},
                   std::optional<double> neginf = {});

// ------------------------------------------------------------ complex numbers
// real/imag: views of a complex array's parts; of a real array: itself / zeros.
ndarray real(const ndarray& val);
ndarray imag(const ndarray& val);
// The argument, arctan2(imag, real) (of a real array: arctan2(0, x)), in
// degrees with deg.
ndarray angle(const ndarray& z, bool deg = false);
// The real part when every imaginary part is below tol (tol > 1: tol machine
// epsilons); else a. Waits for the device: the answer picks the result's dtype.
ndarray real_if_close(const ndarray& a, double tol = 100);

// ------------------------------------------------------------ special functions
// sin(pi x) / (pi x), 1 at 0 (NumPy: pi*x, then eps in place of exact zeros).
ndarray sinc(const ndarray& x);
// The modified Bessel function of the first kind, order 0 (Cephes' Chebyshev
// series, as NumPy); integers are computed in float64, complex is a TypeError.
ndarray i0(const ndarray& x);

// ------------------------------------------------------------ differences and integrals
// (src/routines/math_differences.cpp)
struct DiffOptions {
  int64_t n = 1;
  int64_t axis = -1;
  std::optional<ndarray> prepend, append;  // 0-d values are broadcast along the axis
};
// n-th discrete difference along axis (not_equal for bool, as NumPy).
ndarray diff(const ndarray& a, const DiffOptions& o = {});
// Differences of the flattened array, with to_begin/to_end (same_kind to ary's dtype).
ndarray ediff1d(const ndarray& ary, const std::optional<ndarray>& to_end = {},
                const std::optional<ndarray>& to_begin = {});
// NumPy's gradient: central differences inside, one-sided (edge_order 1 or 2)
// at the ends. spacing: empty (1 everywhere), one scalar (every axis), or one
// scalar or 1-d coordinate array per axis in `axis`. Array coordinates always
// take the non-uniform formula (NumPy first tests them for uniform steps, a
// host wait; the formulas agree up to rounding). One array per axis.
std::vector<ndarray> gradient(const ndarray& f, const std::vector<Operand>& spacing = {},
                              std::optional<std::vector<int64_t>> axis = {}, int edge_order = 1);
// The trapezoidal rule along axis, with sample points x (1-d along the axis,
// or y's shape) or a spacing dx.
ndarray trapezoid(const ndarray& y, const std::optional<ndarray>& x = {}, const Operand& dx = 1.0,
                  int64_t axis = -1);
// The cross product of 2- or 3-vectors along axisa/axisb, vectors of the
// result along axisc (axis, if given, sets all three).
ndarray cross(const ndarray& a, const ndarray& b, int64_t axisa = -1, int64_t axisb = -1, int64_t axisc = -1,
              std::optional<int64_t> axis = {});
// Unwraps by taking the complement of jumps larger than discont (default period/2).
// discont and period are Python-like scalars: an integer period keeps integer
// input integer (NumPy's rule).
ndarray unwrap(const ndarray& p, std::optional<Scalar> discont = {}, int64_t axis = -1,
               const Scalar& period = Scalar(6.283185307179586));

// ------------------------------------------------------------ interpolation
// (src/routines/math_interp.cpp) NumPy's interp: piecewise-linear through
// (xp, fp), xp increasing; left/right for x outside (default fp[0], fp[-1]);
// period wraps x and xp. float64 results (complex128 for complex fp); the
// intervals are found by searchsorted on the device.
ndarray interp(const ndarray& x, const ndarray& xp, const ndarray& fp, std::optional<Scalar> left = {},
               std::optional<Scalar> right = {}, std::optional<double> period = {});

}  // namespace cunum
