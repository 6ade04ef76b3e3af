// cunum.linalg's singular value decomposition: svd and svdvals on the
// backends' Gesvd (Note [Lapack plans]).
//
// Note [Wide SVDs]
// cuSOLVER's gesvd takes only m >= n, so a wide matrix (m < n) is
// decomposed as its conjugate transpose: A^H = U' S V'^H gives A = V' S U'^H,
// i.e. U = V'^H and V^H = U'^H. The factors come back column-major in C-order
// buffers (each buffer holds a matrix's transpose), so each is a
// matrix_transpose view for a tall matrix and a conjugate for a wide one: no
// transposing copy either way.
#include <string>

#include "core/assign.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/linalg.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/linalg_internal.hpp"

namespace cunum::linalg {

using namespace detail;

SvdResult svd(const ndarray& a, bool full_matrices, bool compute_uv, bool hermitian) {
  (void)hermitian;  // the general SVD serves Hermitian input too (same values; vectors up to phase)
  if (a.ndim() < 2)
    throw LinAlgError(std::to_string(a.ndim()) + "-dimensional array given. Array must be at least two-dimensional");
  const DType dt = linalg_dtype(a.dtype()), rt = real_dtype(dt);
  const int64_t m0 = a.shape()[a.ndim() - 2], n0 = a.shape()[a.ndim() - 1];
  const bool wide = m0 < n0;
  const int64_t m = wide ? n0 : m0, n = wide ? m0 : n0;  // the decomposed matrix: m >= n
  const Shape batch(a.shape().begin(), a.shape().end() - 2);
  const int64_t nb = count(batch);
  const ndarray src = wide ? (is_complex(dt) ? conjugate(matrix_transpose(a)) : matrix_transpose(a)) : a;
  ndarray work = column_major(src, batch, dt);
  auto shape = [&](std::initializer_list<int64_t> tail) {
    Shape s = batch;
    for (int64_t v : tail) s.push_back(v);
    return s;
  };
  const int64_t ucols = full_matrices ? m : n;
  SvdResult r;
  r.s = ndarray::allocate(shape({n}), rt, a.device());
  ndarray ubuf, vtbuf;
  if (compute_uv) {
    ubuf = ndarray::allocate(shape({ucols, m}), dt, a.device());
    vtbuf = ndarray::allocate(shape({n, n}), dt, a.device());
  }
  if (nb > 0 && n > 0) {
    ndarray info = ndarray::allocate({nb}, DType::Int32, a.device());
    backend::LapackPlan p;
    p.op = backend::LapackOp::Gesvd;
    p.dtype = dt;
    p.m = m, p.n = n, p.batch = nb;
    p.a = work.data(), p.lda = m, p.stride_a = m * n;
    p.s = r.s.data();
    p.vectors = compute_uv, p.full = full_matrices;
    if (compute_uv) {
      p.u = ubuf.data(), p.ldu = m, p.stride_u = m * ucols;
      p.vt = vtbuf.data(), p.ldvt = n, p.stride_vt = n * n;
    }
    p.info = reinterpret_cast<int32_t*>(info.data());
    backend::get(a.device()).lapack(p);
    // NaN input makes LAPACK's SVD fail (NumPy raises); cuSOLVER's Jacobi
    // SVD (the GPU's path for larger real matrices, Note [Jacobi SVD]) can
    // return NaN singular values instead: a NaN among them counts as the
    // same failure. Folded into the info read: still one wait.
    const ndarray nan_s = any(isnan(reshape(r.s, {nb, n})), ReduceOptions{{{1}}});  // per matrix, as info
    raise_if(maximum(info, nan_s.astype(DType::Int32)), "SVD did not converge");
  } else if (compute_uv) {
    // No singular values: the factors are identities (what LAPACK leaves for
    // the empty side), as NumPy returns.
    if (ubuf.size()) core::assign(ubuf, broadcast_to(eye(ucols, m, 0, dt, a.device()), ubuf.shape()));
    if (vtbuf.size()) core::assign(vtbuf, broadcast_to(eye(n, n, 0, dt, a.device()), vtbuf.shape()));
  }
  if (compute_uv) {
    if (wide) {  // Note [Wide SVDs]
      r.u = is_complex(dt) ? conjugate(vtbuf) : vtbuf;
      r.vh = is_complex(dt) ? conjugate(ubuf) : ubuf;
    } else {
      r.u = matrix_transpose(ubuf);
      r.vh = matrix_transpose(vtbuf);
    }
  }
  return r;
}

ndarray svdvals(const ndarray& a) { return svd(a, false, false).s; }

}  // namespace cunum::linalg
