// cunum.linalg's routines composed from the decompositions: pinv,
// matrix_rank, cond, lstsq (on the SVD), tensorsolve and tensorinv (on
// solve and inv), as NumPy composes them (numpy/linalg/_linalg.py).
#include <cmath>
#include <limits>
#include <string>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/linalg.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/linalg_internal.hpp"
#include "routines/products_internal.hpp"

namespace cunum::linalg {

using namespace detail;

namespace {
double eps_of(DType d) {
  return real_dtype(d) == DType::Float32 ? double(std::numeric_limits<float>::epsilon())
                                         : std::numeric_limits<double>::epsilon();
}

ReduceOptions last_axis(bool keepdims) {
  ReduceOptions o;
  o.axis = std::vector<int64_t>{-1};
  o.keepdims = keepdims;
  return o;
}

// 1/s where s > cutoff, else 0 (NumPy's divide(1, s, where=large) then zeros).
ndarray inverted(const ndarray& s, const ndarray& cutoff) {
  const ndarray large = greater(s, cutoff);
  return where(large, divide(Scalar(1.0), where(large, s, Scalar(1.0))), Scalar(0.0)).astype(s.dtype());
}
}  // namespace

ndarray pinv(const ndarray& a0, double rcond, bool hermitian) {
  if (a0.ndim() < 2)
    throw LinAlgError(std::to_string(a0.ndim()) + "-dimensional array given. Array must be at least two-dimensional");
  const DType dt = linalg_dtype(a0.dtype());
  const ndarray a = a0.astype(dt, false);
  if (a.size() == 0) {
    Shape s = a.shape();
    std::swap(s[s.size() - 1], s[s.size() - 2]);
    return zeros(s, dt, a.device());
  }
  const ndarray ac = is_complex(dt) ? conjugate(a) : a;
  const SvdResult r = svd(ac, false, true, hermitian);
  const ndarray cutoff = multiply(Scalar(rcond), max(r.s, last_axis(true)));
  const ndarray sinv = inverted(r.s, cutoff);
  return matmul(matrix_transpose(r.vh), multiply(products::insert_axis(sinv, sinv.ndim()), matrix_transpose(r.u)));
}

ndarray matrix_rank(const ndarray& a, std::optional<double> tol, bool hermitian, std::optional<double> rtol) {
  if (a.ndim() < 2) return logical_not(all(equal(a, Scalar(0)))).astype(DType::Int64);
  const ndarray s = svd(a, false, false, hermitian).s;
  ndarray t;
  if (tol) {
    t = ndarray::allocate({}, s.dtype(), a.device());
    t.fill(Scalar(*tol));
  } else {
    const double r = rtol ? *rtol
                          : double(std::max(a.shape()[a.ndim() - 1], a.shape()[a.ndim() - 2])) * eps_of(s.dtype());
    t = multiply(max(s, last_axis(true)), Scalar(r));
  }
  return count_nonzero(greater(s, t), std::vector<int64_t>{-1});
}

ndarray cond(const ndarray& x, const NormOrd& p) {
  if (x.ndim() >= 2 && x.shape()[x.ndim() - 1] * x.shape()[x.ndim() - 2] == 0)
    throw LinAlgError("cond is not defined on empty arrays");
  const bool by_svd = std::holds_alternative<std::monostate>(p) ||
                      (std::holds_alternative<double>(p) && std::abs(std::get<double>(p)) == 2);
  ndarray r;
  if (by_svd) {
    const ndarray s = svdvals(x);
    const int64_t n = s.shape()[s.ndim() - 1];
    const ndarray first = index(s, {Index::ellipsis(), int64_t(0)}), last = index(s, {Index::ellipsis(), n - 1});
    const bool minus = std::holds_alternative<double>(p) && std::get<double>(p) == -2;
    r = minus ? divide(last, first) : divide(first, last);
  } else {
    require_square(x);
    const DType dt = linalg_dtype(x.dtype());
    const int64_t n = x.shape()[x.ndim() - 1];
    const ndarray xi = solve_impl(x, broadcast_to(eye(n, std::nullopt, 0, dt, x.device()), x.shape()), false);
    r = multiply(norm(x, p, std::vector<int64_t>{-2, -1}), norm(xi, p, std::vector<int64_t>{-2, -1}))
            .astype(real_dtype(dt));
  }
  // NaNs (a singular matrix) become inf unless x itself holds NaNs.
  ReduceOptions both;
  both.axis = std::vector<int64_t>{-2, -1};
  const ndarray x_nan = any(isnan(x), both);
  return where(logical_and(isnan(r), logical_not(x_nan)), Scalar(std::numeric_limits<double>::infinity()), r)
      .astype(r.dtype());
}

LstsqResult lstsq(const ndarray& a, const ndarray& b0, std::optional<double> rcond) {
  if (a.ndim() != 2)
    throw LinAlgError(std::to_string(a.ndim()) + "-dimensional array given. Array must be two-dimensional");
  const bool vec = b0.ndim() == 1;
  if (!vec && b0.ndim() != 2)
    throw LinAlgError(std::to_string(b0.ndim()) + "-dimensional array given. Array must be two-dimensional");
  const int64_t m = a.shape()[0], n = a.shape()[1];
  if (b0.shape()[0] != m) throw LinAlgError("Incompatible dimensions");
  const DType dt = linalg_dtype(a.dtype(), b0.dtype());
  const ndarray b = (vec ? products::insert_axis(b0, 1) : b0).astype(dt, false);
  const int64_t k = b.shape()[1];
  const double rc = rcond ? *rcond : eps_of(dt) * double(std::max(m, n));
  LstsqResult res;
  const SvdResult r = svd(a.astype(dt, false), false, true);
  res.s = r.s;
  const int64_t kk = std::min(m, n);
  ndarray x;
  if (kk == 0) {
    x = zeros({n, k}, dt, a.device());
    res.rank = 0;
  } else {
    const ndarray cutoff = multiply(Scalar(rc), max(r.s));
    res.rank = count_nonzero(greater(r.s, cutoff)).item().as_int64();  // waits: the rank decides the residuals' size
    const ndarray sinv = inverted(r.s, cutoff);
    const ndarray uhb = matmul(is_complex(dt) ? conjugate(matrix_transpose(r.u)) : matrix_transpose(r.u), b);
    const ndarray vv = is_complex(dt) ? conjugate(matrix_transpose(r.vh)) : matrix_transpose(r.vh);
    x = matmul(vv, multiply(products::insert_axis(sinv, 1), uhb));
  }
  // NumPy: the squared residual norms when the system is overdetermined and
  // of full rank, else an empty array.
  const DType rt = real_dtype(dt);
  if (res.rank == n && m > n) {
    const ndarray d = subtract(matmul(a.astype(dt, false), x), b);
    const ndarray ad = absolute(d);
    res.residuals = sum(multiply(ad, ad), 0).astype(rt);
  } else {
    res.residuals = zeros({0}, rt, a.device());
  }
  res.x = vec ? products::drop_axis(x, 1) : x;
  return res;
}

ndarray tensorsolve(const ndarray& a0, const ndarray& b, const std::optional<std::vector<int64_t>>& axes) {
  ndarray a = a0;
  const int an = a.ndim();
  if (axes) {
    std::vector<int64_t> all;
    for (int d = 0; d < an; ++d) all.push_back(d);
    for (int64_t k : *axes) {
      const int64_t kk = normalize_axis(k, an);
      all.erase(std::find(all.begin(), all.end(), kk));
      all.push_back(kk);
    }
    a = transpose(a, all);
  }
  const int keep = an - b.ndim();
  if (keep < 0) throw LinAlgError("Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])");
  const Shape old(a.shape().end() - keep, a.shape().end());
  int64_t prod = 1;
  for (int64_t v : old) prod *= v;
  if (a.size() != prod * prod)
    throw LinAlgError("Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])");
  return reshape(solve(reshape(a, {prod, prod}), ravel(b)), old);
}

ndarray tensorinv(const ndarray& a, int64_t ind) {
  if (ind <= 0) throw ValueError("Invalid ind argument.");
  if (ind > a.ndim()) throw LinAlgError("0-dimensional array given. Array must be at least two-dimensional");
  Shape inv_shape(a.shape().begin() + ind, a.shape().end());
  inv_shape.insert(inv_shape.end(), a.shape().begin(), a.shape().begin() + ind);
  int64_t prod = 1;
  for (int d = int(ind); d < a.ndim(); ++d) prod *= a.shape()[d];
  return reshape(inv(reshape(a, {prod, prod == 0 ? 0 : a.size() / prod})), inv_shape);
}

}  // namespace cunum::linalg
