// cunum.linalg's LU and Cholesky routines: solve, inv, det, slogdet,
// cholesky, on the backends' LAPACK family (Note [Lapack plans]).
//
// Note [LinAlgError]
// A singular matrix (solve, inv) or one that is not positive definite
// (cholesky) is found by the factorization, which leaves LAPACK's info per
// matrix in the array's memory. NumPy raises LinAlgError, so cunum reads the
// info array back: one wait for the device per call on the GPU (CuPy does
// the same; its cupyx.errstate can turn it off). det and slogdet never raise
// (a singular matrix has determinant 0), so they never wait.
//
// Note [Linalg dtypes]
// As NumPy: integers and bool are computed in float64, float16 is a
// TypeError ("array type float16 is unsupported in linalg"), complex stays
// complex. float32 is computed in float32 (CuPy's choice: NumPy computes it
// in float64 and rounds the result), so results agree to float32's
// precision, not bit for bit.
#include <limits>
#include <string>

#include "core/assign.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/linalg.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/linalg_internal.hpp"
#include "routines/products_internal.hpp"

namespace cunum::linalg {

namespace detail {

DType linalg_dtype(DType d) {
  if (d == DType::Float16) throw TypeError("array type float16 is unsupported in linalg");
  if (!is_inexact(d)) return DType::Float64;
  return d;
}

DType linalg_dtype(DType a, DType b) {
  const DType x = linalg_dtype(a), y = linalg_dtype(b);
  return promote_types(x, y);
}

void require_square(const ndarray& a) {
  if (a.ndim() < 2)
    throw LinAlgError(std::to_string(a.ndim()) + "-dimensional array given. Array must be at least two-dimensional");
  if (a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2])
    throw LinAlgError("Last 2 dimensions of the array must be square");
}

ndarray column_major(const ndarray& a, const Shape& batch, DType dt) {
  const int64_t r = a.shape()[a.ndim() - 2], c = a.shape()[a.ndim() - 1];
  Shape s = batch;
  s.push_back(c);
  s.push_back(r);
  ndarray buf = ndarray::allocate(s, dt, a.device());
  Shape full = batch;
  full.push_back(r);
  full.push_back(c);
  if (buf.size() > 0) core::assign(matrix_transpose(buf), broadcast_to(a, full));
  return buf;
}

int64_t count(const Shape& s) {
  int64_t n = 1;
  for (int64_t v : s) n *= v;
  return n;
}

Factors lu_factor(const ndarray& a, const Shape& batch, DType dt) {
  const int64_t n = a.shape()[a.ndim() - 1], nb = count(batch);
  Factors f;
  f.lu = column_major(a, batch, dt);
  f.ipiv = ndarray::allocate({nb, n}, DType::Int64, a.device());
  f.info = ndarray::allocate({nb}, DType::Int32, a.device());
  if (nb == 0 || n == 0) {
    f.info.fill(Scalar(0));
    return f;
  }
  backend::LapackPlan p;
  p.op = backend::LapackOp::Getrf;
  p.dtype = dt;
  p.m = p.n = n;
  p.batch = nb;
  p.a = f.lu.data();
  p.lda = n;
  p.stride_a = n * n;
  p.ipiv = reinterpret_cast<int64_t*>(f.ipiv.data());
  p.info = reinterpret_cast<int32_t*>(f.info.data());
  backend::get(a.device()).lapack(p);
  return f;
}

void raise_if(const ndarray& info, const char* message) {
  if (info.size() == 0) return;
  // One reduction and one read back (greater + any was two kernels).
  if (max(info).item().as_int64() > 0) throw LinAlgError(message);  // waits (Note [LinAlgError])
}

}  // namespace detail

using namespace detail;

ndarray solve(const ndarray& a, const ndarray& b) { return solve_impl(a, b, true); }

ndarray detail::solve_impl(const ndarray& a, const ndarray& b, bool check) {
  require_square(a);
  const int64_t n = a.shape()[a.ndim() - 1];
  const bool vec = b.ndim() == 1;
  if (vec && b.shape()[0] != n)
    products::core_mismatch({"solve1", "(m,m),(m)->(m)"}, "Input", 1, 0, b.shape()[0], n);
  if (!vec) {
    if (b.ndim() < 2) throw LinAlgError("0-dimensional array given. Array must be at least one-dimensional");
    if (b.shape()[b.ndim() - 2] != n)
      products::core_mismatch({"solve", "(m,m),(m,n)->(m,n)"}, "Input", 1, 0, b.shape()[b.ndim() - 2], n);
  }
  const DType dt = linalg_dtype(a.dtype(), b.dtype());
  const ndarray b2 = vec ? products::insert_axis(b, 1) : b;
  const int64_t k = b2.shape()[b2.ndim() - 1];
  const Shape batch = products::broadcast_batch({"solve", "(m,m),(m,n)->(m,n)"}, a, 2, b2, 2, std::nullopt, {n, k});
  Factors f = lu_factor(a, batch, dt);
  ndarray x = column_major(b2, batch, dt);
  const int64_t nb = count(batch);
  if (nb > 0 && n > 0 && k > 0) {
    if (check) raise_if(f.info, "Singular matrix");
    backend::LapackPlan p;
    p.op = backend::LapackOp::Getrs;
    p.dtype = dt;
    p.n = n;
    p.nrhs = k;
    p.batch = nb;
    p.a = f.lu.data();
    p.lda = n;
    p.stride_a = n * n;
    p.b = x.data();
    p.ldb = n;
    p.stride_b = n * k;
    p.ipiv = reinterpret_cast<int64_t*>(f.ipiv.data());
    p.info = reinterpret_cast<int32_t*>(f.info.data());
    backend::get(a.device()).lapack(p);
  } else if (nb > 0 && n > 0 && check) {
    raise_if(f.info, "Singular matrix");
  }
  ndarray r = matrix_transpose(x);
  return vec ? products::drop_axis(r, r.ndim() - 1) : r;
}

ndarray inv(const ndarray& a) {
  require_square(a);
  const int64_t n = a.shape()[a.ndim() - 1];
  const DType dt = linalg_dtype(a.dtype());
  const ndarray a_dt = a.dtype() == dt ? a : a.astype(dt);
  // Small matrices where the backend has its own kernel (the GPU, n <= 32:
  // Note [Small inverse kernel]); one wait for the info, as below. (The CPU
  // has none: it pays two small allocations, and a copy of a non-contiguous
  // input, before taking LAPACK's path.)
  if (n >= 1 && n <= 32 && a.size() > 0) {
    const Shape batch(a.shape().begin(), a.shape().end() - 2);
    const ndarray x = ascontiguousarray(a_dt);
    ndarray r = ndarray::allocate(a.shape(), dt, a.device());
    ndarray info = ndarray::allocate({count(batch)}, DType::Int32, a.device());
    backend::LapackPlan p;
    p.dtype = dt;
    p.m = p.n = n;
    p.batch = count(batch);
    p.a = x.data();
    p.lda = n;
    p.stride_a = n * n;
    p.b = r.data();
    p.ldb = n;
    p.stride_b = n * n;
    p.info = reinterpret_cast<int32_t*>(info.data());
    if (backend::get(a.device()).small_inverse(p)) {
      raise_if(info, "Singular matrix");
      return r;
    }
  }
  const ndarray eye_n = eye(n, std::nullopt, 0, dt, a.device());
  Shape full(a.shape().begin(), a.shape().end());
  return solve(a_dt, broadcast_to(eye_n, full));
}

namespace {
// The determinant's two parts from the LU factors: the sign of the row
// permutation (+1 or -1, in dt) and the diagonal of U, both shaped batch (+ n).
std::pair<ndarray, ndarray> lu_parts(const ndarray& a, DType dt) {
  require_square(a);
  const int64_t n = a.shape()[a.ndim() - 1];
  const Shape batch(a.shape().begin(), a.shape().end() - 2);
  Factors f = lu_factor(a, batch, dt);
  Shape bn = batch;
  bn.push_back(n);
  const ndarray diag = diagonal(f.lu, 0, -2, -1);
  const ndarray moved = not_equal(reshape(f.ipiv, bn), arange(Scalar(1), Scalar(n + 1), Scalar(1), DType::Int64, a.device()));
  const ndarray parity = remainder(sum(moved.astype(DType::Int64), -1), Scalar(2));
  const ndarray sign = subtract(Scalar(1), multiply(parity, Scalar(2))).astype(dt);
  return {sign, diag};
}
}  // namespace

ndarray det(const ndarray& a) {
  const DType dt = linalg_dtype(a.dtype());
  auto [sign, diag] = lu_parts(a, dt);
  // + 0.0 turns -0.0 into +0.0: NumPy's det of a singular matrix is +0.
  return add(multiply(sign, prod(diag, -1)), Scalar(0.0));
}

std::pair<ndarray, ndarray> slogdet(const ndarray& a) {
  const DType dt = linalg_dtype(a.dtype());
  auto [sign, diag] = lu_parts(a, dt);
  const ndarray ad = absolute(diag);
  const ndarray logdet = sum(log(ad), -1);
  ndarray phase;
  if (is_complex(dt))
    phase = divide(diag, where(equal(ad, Scalar(0)), Scalar(1.0), ad));
  else
    phase = cunum::sign(diag);
  // A singular matrix has sign exactly 0 (NumPy's, whatever the zeros' signs).
  const ndarray sg = multiply(sign, prod(phase, -1));
  return {where(equal(logdet, Scalar(-std::numeric_limits<double>::infinity())), Scalar(0.0), sg).astype(dt), logdet};
}

ndarray cholesky(const ndarray& a, bool upper) {
  require_square(a);
  const int64_t n = a.shape()[a.ndim() - 1];
  const DType dt = linalg_dtype(a.dtype());
  const Shape batch(a.shape().begin(), a.shape().end() - 2);
  ndarray c = column_major(a, batch, dt);
  const int64_t nb = count(batch);
  if (nb > 0 && n > 0) {
    ndarray info = ndarray::allocate({nb}, DType::Int32, a.device());
    backend::LapackPlan p;
    p.op = backend::LapackOp::Potrf;
    p.dtype = dt;
    p.n = n;
    p.batch = nb;
    p.a = c.data();
    p.lda = n;
    p.stride_a = n * n;
    p.info = reinterpret_cast<int32_t*>(info.data());
    p.lower = !upper;  // NumPy's upper=True factors the upper triangle
    backend::get(a.device()).lapack(p);
    raise_if(info, "Matrix is not positive definite");
  }
  return upper ? triu(matrix_transpose(c)) : tril(matrix_transpose(c));
}

}  // namespace cunum::linalg
