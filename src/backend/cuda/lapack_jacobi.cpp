// The GPU's singular value decomposition of larger real matrices on
// cuSOLVER's one-sided Jacobi routine (Note [Jacobi SVD]); lapack.cpp's
// gesvd loop takes every plan this does not.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_libraries.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

// Note [Jacobi SVD]
// cusolverDn?gesvdj (one matrix per call; float32 and float64) instead of
// cusolverDnXgesvd for real matrices with min(m, n) > 32 and m <= 2n (the
// planner has m >= n; smaller stacks take gesvdjBatched, Note [Batched
// cuSOLVER]). H100, svd of a 2048^2 float32 matrix with its vectors (stop
// 20, bench/bench_linalg.py, one run): this path 227.8 ms, CuPy's gesvd
// 342.0, PyTorch's (Jacobi) 233.7; with CUNUM_SVD_JACOBI=0 (gesvd) 324.8
// against CuPy's 305.3 in the next run. Tolerance and sweep limit are cuSOLVER's defaults (machine
// precision, 100 sweeps; the singular values sorted descending, as LAPACK),
// from the gesvdjInfo kept with the handle. U is written straight into the
// plan's U (econ: its m x n columns; full: m x m); V comes back as V, not
// V^T, into a temporary that the copy family transposes into the plan's V^T.
// info: min(m, n) + 1 when the sweeps did not converge, which the routine
// raises as LAPACK's non-convergence ("SVD did not converge"); NaN input,
// which LAPACK fails on, is caught by the routine's NaN check of the singular
// values (linalg_svd.cpp). Tall matrices (m > 2n) stay on gesvd, whose QR
// step suits them (not measured here). CUNUM_SVD_JACOBI=0 keeps every plan
// on gesvd.
bool CudaBackend::lapack_jacobi_svd(const LapackPlan& p) {
  static const bool enabled = [] {
    const char* e = std::getenv("CUNUM_SVD_JACOBI");
    return !(e && std::string(e) == "0");
  }();
  const bool real = p.dtype == DType::Float32 || p.dtype == DType::Float64;
  if (!enabled || p.op != LapackOp::Gesvd || !real || p.n <= 32 || p.m < p.n || p.m > 2 * p.n ||
      p.m > INT32_MAX || p.lda > INT32_MAX || p.lda < p.m || (p.vectors && (p.ldu > INT32_MAX || p.ldu < p.m)))
    return false;
  const CusolverApi& api = cusolver_api();
  const int ti = p.dtype == DType::Float32 ? 0 : 1;
  if (!api.gesvdj[ti] || !api.gesvdj_buffer[ti] || !api.create_gesvdj_info) return false;
  const int64_t is = int64_t(itemsize(p.dtype));
  const int m = int(p.m), n = int(p.n), lda = int(p.lda);
  // econ for reduced U or no vectors (U's temporary then m x n, never m x m)
  const int econ = p.full && p.vectors ? 0 : 1;
  const int ucols = econ ? n : m, ldu = p.vectors ? int(p.ldu) : m;
  const cusolverEigMode_t jobz = p.vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  auto check = [](cusolverStatus_t st, const char* what) {
    if (st == CUSOLVER_STATUS_ALLOC_FAILED)
      throw OutOfMemoryError(std::string("cuSOLVER ") + what + ": out of memory");
    if (st != CUSOLVER_STATUS_SUCCESS)
      throw Error(std::string("cunum: cuSOLVER ") + what + " failed with status " + std::to_string(int(st)));
  };
  use_device();
  // U and V are given even without vectors (the batched routine's defensive
  // choice, Note [Batched cuSOLVER]); V always into a temporary (n x n).
  const size_t v_bytes = size_t(n) * size_t(n) * size_t(is);
  const size_t u_bytes = p.vectors ? 0 : size_t(m) * size_t(ucols) * size_t(is);
  void *v = nullptr, *u_tmp = nullptr, *work = nullptr;
  size_t work_bytes = 0;
  try {  // every allocation inside: an out-of-memory error gives back what was taken
    v = allocate(v_bytes);
    if (u_bytes) u_tmp = allocate(u_bytes);
    CusolverHandle& h = cusolver_handle(device_);
    {
      std::lock_guard<std::mutex> lock(h.mu);
      if (!h.gesvdj) check(api.create_gesvdj_info(&h.gesvdj), "gesvdj info");
      check(api.set_stream(h.handle, stream()), "set_stream");
      int lwork = 0;
      check(api.gesvdj_buffer[ti](h.handle, jobz, econ, m, n, p.a, lda, p.s, p.vectors ? p.u : u_tmp, ldu, v, n,
                                  &lwork, h.gesvdj),
            "gesvdj");
      work_bytes = size_t(lwork > 0 ? lwork : 1) * size_t(is);
      work = allocate(work_bytes);
      for (int64_t i = 0; i < p.batch; ++i) {
        char* a = p.a + i * p.stride_a * is;
        char* s = p.s + i * p.n * is;
        char* u = p.vectors ? p.u + i * p.stride_u * is : static_cast<char*>(u_tmp);
        check(api.gesvdj[ti](h.handle, jobz, econ, m, n, a, lda, s, u, ldu, v, n, work, lwork,
                             reinterpret_cast<int*>(p.info + i), h.gesvdj),
              "gesvdj");
        if (!p.vectors) continue;
        // vt(r, c) = V(c, r), column-major both: over (c, r)
        copy_strided(v, p.vt + i * p.stride_vt * is, p.dtype, Dims{int64_t(n), int64_t(n)},
                     Dims{is, int64_t(n) * is}, Dims{p.ldvt * is, is});
      }
    }
  } catch (...) {
    if (work) deallocate(work, work_bytes);
    if (u_tmp) deallocate(u_tmp, u_bytes);
    if (v) deallocate(v, v_bytes);
    throw;
  }
  // Back to the pool once queued: reused only by later work of this stream.
  deallocate(work, work_bytes);
  if (u_tmp) deallocate(u_tmp, u_bytes);
  deallocate(v, v_bytes);
  return true;
}

}  // namespace cunum::backend::cuda
