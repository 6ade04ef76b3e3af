// cunum.linalg's products: multi_dot (NumPy's chain order) and cross.
#include <limits>
#include <string>

#include "cunum/error.hpp"
#include "cunum/linalg.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/products_internal.hpp"

namespace cunum::linalg {

namespace {
void require_2d(const ndarray& a) {
  if (a.ndim() != 2)
    throw LinAlgError(std::to_string(a.ndim()) + "-dimensional array given. Array must be two-dimensional");
}

// NumPy's _multi_dot_matrix_chain_order: the split s[i][j] that minimises
// the scalar multiplications of the product of arrays i..j.
std::vector<std::vector<int64_t>> chain_order(const std::vector<ndarray>& a) {
  const size_t n = a.size();
  std::vector<double> p(n + 1);
  for (size_t i = 0; i < n; ++i) p[i] = double(a[i].shape()[0]);
  p[n] = double(a[n - 1].shape()[1]);
  std::vector<std::vector<double>> m(n, std::vector<double>(n, 0));
  std::vector<std::vector<int64_t>> s(n, std::vector<int64_t>(n, 0));
  for (size_t l = 1; l < n; ++l)
    for (size_t i = 0; i + l < n; ++i) {
      const size_t j = i + l;
      m[i][j] = std::numeric_limits<double>::infinity();
      for (size_t k = i; k < j; ++k) {
        const double q = m[i][k] + m[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
        if (q < m[i][j]) m[i][j] = q, s[i][j] = int64_t(k);
      }
    }
  return s;
}

ndarray chain(const std::vector<ndarray>& a, const std::vector<std::vector<int64_t>>& s, size_t i, size_t j,
              const std::optional<ndarray>& out) {
  if (i == j) return a[i];
  const size_t k = size_t(s[i][j]);
  return dot(chain(a, s, i, k, {}), chain(a, s, k + 1, j, {}), out);
}

ndarray component(const ndarray& x, int64_t i) {  // x[..., i]
  const int nd = x.ndim();
  return ndarray(x.storage(), x.offset() + i * x.strides()[nd - 1], Shape(x.shape().begin(), x.shape().end() - 1),
                 Strides(x.strides().begin(), x.strides().end() - 1), x.dtype());
}
}  // namespace

ndarray multi_dot(const std::vector<ndarray>& arrays, const std::optional<ndarray>& out) {
  const size_t n = arrays.size();
  if (n < 2) throw ValueError("Expecting at least two arrays.");
  if (n == 2) return dot(arrays[0], arrays[1], out);
  std::vector<ndarray> a = arrays;
  const bool first_1d = a[0].ndim() == 1, last_1d = a[n - 1].ndim() == 1;
  if (first_1d) a[0] = reshape(a[0], {1, a[0].size()});
  if (last_1d) a[n - 1] = reshape(a[n - 1], {a[n - 1].size(), 1});
  for (const ndarray& x : a) require_2d(x);
  // The result of the chain has the squeezed shape only at the end; an out=
  // is written by the last product when no axis needs removing.
  const bool direct = !first_1d && !last_1d;
  ndarray r = chain(a, chain_order(a), 0, n - 1, direct ? out : std::nullopt);
  if (direct) return r;
  if (first_1d && last_1d) r = reshape(r, {});
  else if (first_1d) r = reshape(r, {r.shape()[1]});
  else r = reshape(r, {r.shape()[0]});
  if (out) {
    // NumPy hands out= to the last dot, with its checks.
    if (out->dtype() != r.dtype() || out->ndim() != r.ndim() || !out->is_c_contiguous())
      throw ValueError(
          "output array is not acceptable (must have the right datatype, number of dimensions, and be a C-Array)");
    if (out->shape() != r.shape()) throw ValueError("output array has wrong dimensions");
    copyto(*out, r);
    return *out;
  }
  return r;
}

ndarray cross(const ndarray& x1, const ndarray& x2, int64_t axis) {
  const int64_t n1 = x1.shape(normalize_axis(axis, x1.ndim())), n2 = x2.shape(normalize_axis(axis, x2.ndim()));
  if (n1 != 3 || n2 != 3)
    throw ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they are " +
                     std::to_string(n1) + " and " + std::to_string(n2) + " dimensional instead.");
  const ndarray a = moveaxis(x1, {axis}, {-1}), b = moveaxis(x2, {axis}, {-1});
  const ndarray a0 = component(a, 0), a1 = component(a, 1), a2 = component(a, 2);
  const ndarray b0 = component(b, 0), b1 = component(b, 1), b2 = component(b, 2);
  const ndarray c0 = subtract(multiply(a1, b2), multiply(a2, b1));
  const ndarray c1 = subtract(multiply(a2, b0), multiply(a0, b2));
  const ndarray c2 = subtract(multiply(a0, b1), multiply(a1, b0));
  return moveaxis(stack({c0, c1, c2}, -1), {-1}, {axis});
}

}  // namespace cunum::linalg
