// cunum.linalg's eigh, eigvalsh and qr on the backends' Syevd, Geqrf and
// Orgqr (Note [Lapack plans]).
#include <string>

#include "core/assign.hpp"
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
std::pair<ndarray, ndarray> eigh_impl(const ndarray& a, bool lower, bool vectors) {
  require_square(a);
  const DType dt = linalg_dtype(a.dtype());
  const int64_t n = a.shape()[a.ndim() - 1];
  const Shape batch(a.shape().begin(), a.shape().end() - 2);
  const int64_t nb = count(batch);
  ndarray buf = column_major(a, batch, dt);
  Shape ws = batch;
  ws.push_back(n);
  ndarray w = ndarray::allocate(ws, real_dtype(dt), a.device());
  if (nb > 0 && n > 0) {
    ndarray info = ndarray::allocate({nb}, DType::Int32, a.device());
    backend::LapackPlan p;
    p.op = backend::LapackOp::Syevd;
    p.dtype = dt;
    p.n = p.m = n, p.batch = nb;
    p.a = buf.data(), p.lda = n, p.stride_a = n * n;
    p.s = w.data();
    p.vectors = vectors, p.lower = lower;
    p.info = reinterpret_cast<int32_t*>(info.data());
    backend::get(a.device()).lapack(p);
    raise_if(info, "Eigenvalues did not converge");
  }
  return {w, vectors ? matrix_transpose(buf) : ndarray()};
}

ndarray rows(const ndarray& x, int64_t r) {  // x[..., :r, :]
  return index(x, {Index::ellipsis(), Slice{std::nullopt, r, std::nullopt}, Slice{}});
}
}  // namespace

std::pair<ndarray, ndarray> eigh(const ndarray& a, bool lower) { return eigh_impl(a, lower, true); }
ndarray eigvalsh(const ndarray& a, bool lower) { return eigh_impl(a, lower, false).first; }

namespace {
ndarray cols(const ndarray& x, int64_t lo, int64_t hi) {  // x[..., lo:hi]
  return index(x, {Index::ellipsis(), Slice{lo, hi, std::nullopt}});
}

// LAPACK's real eigenvectors (a conjugate pair j, j+1 stored as its real
// part in column j and imaginary part in column j+1) as complex columns:
// v_j = re + i im, v_{j+1} = re - i im. Column-wise where/shift, any device.
ndarray unpack_pairs(const ndarray& vr, const ndarray& w) {
  const int64_t n = vr.shape()[vr.ndim() - 1];
  const ndarray im = products::insert_axis(w.imag(), w.ndim() - 1);  // (..., 1, n)
  const ndarray zero = zeros_like(cols(vr, 0, 1));
  const ndarray next = concatenate({cols(vr, 1, n), zero}, -1);      // column j+1
  const ndarray prev = concatenate({zero, cols(vr, 0, n - 1)}, -1);  // column j-1
  const ndarray pos = greater(im, Scalar(0.0)), neg = less(im, Scalar(0.0));
  const ndarray re = where(neg, prev, vr);
  const ndarray imv = where(pos, next, where(neg, negative(vr), zero));
  const DType cdt = complex_dtype(vr.dtype());
  return add(re.astype(cdt), multiply(imv.astype(cdt), Scalar(0.0, 1.0)));
}
}  // namespace

std::pair<ndarray, ndarray> eig(const ndarray& a, bool vectors, bool real_if_real) {
  require_square(a);
  const DType dt = linalg_dtype(a.dtype()), cdt = complex_dtype(dt);
  const int64_t n = a.shape()[a.ndim() - 1];
  const Shape batch(a.shape().begin(), a.shape().end() - 2);
  const int64_t nb = count(batch);
  ndarray buf = column_major(a, batch, dt);
  Shape ws = batch;
  ws.push_back(n);
  ndarray w = ndarray::allocate(ws, cdt, a.device());
  ndarray v = vectors ? column_major(a, batch, dt) : ndarray();  // only its shape and layout: overwritten
  if (nb > 0 && n > 0) {
    ndarray info = ndarray::allocate({nb}, DType::Int32, a.device());
    backend::LapackPlan p;
    p.op = backend::LapackOp::Geev;
    p.dtype = dt;
    p.m = p.n = n, p.batch = nb;
    p.a = buf.data(), p.lda = n, p.stride_a = n * n;
    p.s = w.data();
    p.vectors = vectors;
    if (vectors) p.u = v.data(), p.ldu = n, p.stride_u = n * n;
    p.info = reinterpret_cast<int32_t*>(info.data());
    backend::get(a.device()).lapack(p);
    raise_if(info, "Eigenvalues did not converge");
  }
  ndarray vm = vectors ? matrix_transpose(v) : ndarray();
  if (is_complex(dt)) return {w, vm};
  // NumPy 2.4's rule for real input: real results when every eigenvalue is
  // real (one wait for the device); NumPy 2.5: always complex (pairs unpacked).
  if (real_if_real && (w.size() == 0 || all(equal(w.imag(), Scalar(0.0))).item().is_true()))
    return {w.real().copy(), vm};
  return {w, vectors ? unpack_pairs(vm, w) : vm};
}

QrResult qr(const ndarray& a, const std::string& mode) {
  if (mode != "reduced" && mode != "complete" && mode != "r" && mode != "raw")
    throw ValueError("Unrecognized mode '" + mode + "'");
  if (a.ndim() < 2)
    throw LinAlgError(std::to_string(a.ndim()) + "-dimensional array given. Array must be at least two-dimensional");
  const DType dt = linalg_dtype(a.dtype());
  const int64_t m = a.shape()[a.ndim() - 2], n = a.shape()[a.ndim() - 1], k = std::min(m, n);
  const Shape batch(a.shape().begin(), a.shape().end() - 2);
  const int64_t nb = count(batch);
  ndarray buf = column_major(a, batch, dt);  // batch + (n, m): each matrix column-major
  Shape ts = batch;
  ts.push_back(k);
  ndarray tau = ndarray::allocate(ts, dt, a.device());
  backend::Backend& be = backend::get(a.device());
  if (nb > 0 && m > 0 && n > 0) {
    ndarray info = ndarray::allocate({nb}, DType::Int32, a.device());
    backend::LapackPlan p;
    p.op = backend::LapackOp::Geqrf;
    p.dtype = dt;
    p.m = m, p.n = n, p.batch = nb;
    p.a = buf.data(), p.lda = m, p.stride_a = m * n;
    p.tau = tau.data();
    p.info = reinterpret_cast<int32_t*>(info.data());
    be.lapack(p);
  }
  QrResult r;
  if (mode == "raw") {
    r.q = buf;  // NumPy's h: the reflectors and R, transposed (Fortran data as C)
    r.r = tau;
    return r;
  }
  const ndarray af = matrix_transpose(buf);  // (m, n)
  const int64_t rrows = mode == "complete" ? m : k;
  r.r = triu(rows(af, rrows));
  if (mode == "r") return r;
  // Q: the first k columns of the factored matrix, extended to m columns for
  // "complete", turned into Q's columns by orgqr.
  const int64_t qcols = mode == "complete" ? m : k;
  Shape qs = batch;
  qs.push_back(qcols);
  qs.push_back(m);
  ndarray q = zeros(qs, dt, a.device());
  if (q.size() > 0 && k > 0) core::assign(rows(q, k), rows(buf, k));
  if (nb > 0 && m > 0) {
    ndarray info = ndarray::allocate({nb}, DType::Int32, a.device());
    backend::LapackPlan p;
    p.op = backend::LapackOp::Orgqr;
    p.dtype = dt;
    p.m = m, p.n = qcols, p.k = k, p.batch = nb;
    p.a = q.data(), p.lda = m, p.stride_a = m * qcols;
    p.tau = tau.data();
    p.info = reinterpret_cast<int32_t*>(info.data());
    be.lapack(p);
  }
  r.q = matrix_transpose(q);
  return r;
}

}  // namespace cunum::linalg
