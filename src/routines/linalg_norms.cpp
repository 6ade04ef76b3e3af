// cunum.linalg's norms: vector_norm, matrix_norm and norm, as NumPy computes
// them (numpy/linalg/_linalg.py), on the ufuncs and reductions: every ord,
// axis and keepdims. The spectral norms (ord 2, -2, 'nuc') take the
// singular values (linalg::svdvals).
#include <cmath>
#include <limits>
#include <string>

#include "cunum/error.hpp"
#include "cunum/linalg.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum::linalg {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

// NumPy's norm works in the input's inexact dtype (integers and bool: float64).
ndarray inexact(const ndarray& x) { return is_inexact(x.dtype()) ? x : x.astype(DType::Float64); }

ReduceOptions over(std::vector<int64_t> axes, bool keepdims) {
  ReduceOptions o;
  o.axis = std::move(axes);
  o.keepdims = keepdims;
  return o;
}

// |x|^2 as a real array: (conj(x) * x).real for complex.
ndarray abs2(const ndarray& x) {
  if (is_complex(x.dtype())) {
    const ndarray re = x.real(), im = x.imag();
    return add(multiply(re, re), multiply(im, im));
  }
  return multiply(x, x);
}

ndarray vector_norm_axes(const ndarray& x, const std::vector<int64_t>& axes, bool keepdims, double ord) {
  const ReduceOptions o = over(axes, keepdims);
  if (ord == kInf) return max(absolute(x), o);
  if (ord == -kInf) return min(absolute(x), o);
  if (ord == 0) return sum(not_equal(x, Scalar(0)).astype(real_dtype(x.dtype())), o);
  if (ord == 1) return sum(absolute(x), o);
  if (ord == 2) return sqrt(sum(abs2(x), o));
  const ndarray a = absolute(x);
  return power(sum(power(a, Scalar(ord)), o), Scalar(1.0 / ord));
}

std::vector<int64_t> all_axes(int nd) {
  std::vector<int64_t> v;
  for (int d = 0; d < nd; ++d) v.push_back(d);
  return v;
}

// Puts back the two reduced axes as size 1 (keepdims of a reduction that
// went through svdvals or two steps).
ndarray keep(const ndarray& r, const Shape& in_shape, int row, int col) {
  Shape s = in_shape;
  s[row] = 1;
  s[col] = 1;
  return reshape(r, s);
}

ndarray matrix_norm_axes(const ndarray& x, const NormOrd& ord, int row, int col, bool keepdims) {
  if (row == col) throw ValueError("Duplicate axes given.");
  const int nd = x.ndim();
  auto spectral = [&](bool largest, bool nuc) {
    const ndarray s = svdvals(moveaxis(x, {row, col}, {-2, -1}));
    ndarray r = nuc ? sum(s, -1) : largest ? max(s, -1) : min(s, -1);
    return keepdims ? keep(r, x.shape(), row, col) : r;
  };
  if (std::holds_alternative<std::string>(ord)) {
    const std::string& s = std::get<std::string>(ord);
    if (s == "fro" || s == "f") return sqrt(sum(abs2(x), over({row, col}, keepdims)));
    if (s == "nuc") return spectral(true, true);
    throw ValueError("Invalid norm order for matrices.");
  }
  if (std::holds_alternative<std::monostate>(ord)) return sqrt(sum(abs2(x), over({row, col}, keepdims)));
  const double o = std::get<double>(ord);
  if (o == 2) return spectral(true, false);
  if (o == -2) return spectral(false, false);
  ndarray r;
  if (o == 1 || o == -1) {  // the largest (smallest) column sum
    const ndarray cs = sum(absolute(x), int64_t(row));
    r = o == 1 ? max(cs, int64_t(col > row ? col - 1 : col)) : min(cs, int64_t(col > row ? col - 1 : col));
  } else if (o == kInf || o == -kInf) {  // the largest (smallest) row sum
    const ndarray rs = sum(absolute(x), int64_t(col));
    r = o == kInf ? max(rs, int64_t(row > col ? row - 1 : row)) : min(rs, int64_t(row > col ? row - 1 : row));
  } else {
    throw ValueError("Invalid norm order for matrices.");
  }
  (void)nd;
  return keepdims ? keep(r, x.shape(), row, col) : r;
}
}  // namespace

ndarray vector_norm(const ndarray& x0, const std::optional<std::vector<int64_t>>& axis, bool keepdims, double ord) {
  const ndarray x = inexact(x0);
  if (!axis) {
    // NumPy's vector_norm of every axis: the norm of the flattened array,
    // reshaped to all-ones with keepdims.
    ndarray r = vector_norm_axes(ravel(x), {0}, false, ord);
    return keepdims ? reshape(r, Shape(size_t(x.ndim()), 1)) : r;
  }
  std::vector<int64_t> axes;
  for (int64_t a : *axis) axes.push_back(normalize_axis(a, x.ndim()));
  return vector_norm_axes(x, axes, keepdims, ord);
}

ndarray matrix_norm(const ndarray& x0, const NormOrd& ord, bool keepdims) {
  if (x0.ndim() < 2)
    throw LinAlgError(std::to_string(x0.ndim()) + "-dimensional array given. Array must be at least two-dimensional");
  const ndarray x = inexact(x0);
  return matrix_norm_axes(x, ord, x.ndim() - 2, x.ndim() - 1, keepdims);
}

ndarray norm(const ndarray& x0, const NormOrd& ord, const std::optional<std::vector<int64_t>>& axis, bool keepdims) {
  const ndarray x = inexact(x0);
  const int nd = x.ndim();
  const bool no_ord = std::holds_alternative<std::monostate>(ord);
  if (!axis) {
    const bool fro = std::holds_alternative<std::string>(ord) &&
                     (std::get<std::string>(ord) == "fro" || std::get<std::string>(ord) == "f");
    const bool two = std::holds_alternative<double>(ord) && std::get<double>(ord) == 2;
    if (no_ord || (fro && nd == 2) || (two && nd == 1)) {
      ndarray r = sqrt(sum(abs2(ravel(x))));
      return keepdims ? reshape(r, Shape(size_t(nd), 1)) : r;
    }
  }
  std::vector<int64_t> axes = axis ? *axis : all_axes(nd);
  if (axes.size() == 1) {
    if (std::holds_alternative<std::string>(ord))
      throw ValueError("Invalid norm order '" + std::get<std::string>(ord) + "' for vectors");
    const double o = no_ord ? 2.0 : std::get<double>(ord);
    return vector_norm_axes(x, {normalize_axis(axes[0], nd)}, keepdims, o);
  }
  if (axes.size() == 2)
    return matrix_norm_axes(x, ord, normalize_axis(axes[0], nd), normalize_axis(axes[1], nd), keepdims);
  throw ValueError("Improper number of dimensions to norm.");
}

}  // namespace cunum::linalg
