// The GPU's LAPACK family (Note [Lapack plans]) on cuSOLVER's 64-bit API
// (Note [CUDA libraries]), on the current stream: workspaces come from the
// caching pool (device) and the heap (host), and info stays on the device
// for the caller to read or not (Note [LinAlgError]). One call per matrix of
// a batch.
#include <vector>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_libraries.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
cudaDataType cuda_type(DType d) {
  switch (d) {
    case DType::Float32: return CUDA_R_32F;
    case DType::Float64: return CUDA_R_64F;
    case DType::Complex64: return CUDA_C_32F;
    case DType::Complex128: return CUDA_C_64F;
    default: throw InternalError("lapack: unsupported dtype");
  }
}

void check(cusolverStatus_t st, const char* what) {
  if (st == CUSOLVER_STATUS_ALLOC_FAILED) throw OutOfMemoryError(std::string("cuSOLVER ") + what + ": out of memory");
  if (st != CUSOLVER_STATUS_SUCCESS)
    throw Error(std::string("cunum: cuSOLVER ") + what + " failed with status " + std::to_string(int(st)));
}
}  // namespace

// Note [Batched small LU]
// Many small matrices (n <= 32) go to cuBLAS's getrfBatched/getrsBatched:
// two launches for the whole batch instead of one cuSOLVER call per matrix
// (what CuPy does for batched inv and solve). They take arrays of device
// pointers (built on the host, uploaded on the stream) and int32 pivots,
// converted to and from the plan's int64 by the copy kernels.
bool CudaBackend::lapack_small_batch(const LapackPlan& p) {
  if ((p.op != LapackOp::Getrf && p.op != LapackOp::Getrs) || p.batch < 2 || p.n > 32 || p.n < 1 ||
      p.batch > INT32_MAX || (p.op == LapackOp::Getrf && p.m != p.n) || (p.op == LapackOp::Getrs && p.nrhs > INT32_MAX))
    return false;
  const CublasApi& api = cublas_api();
  const int ti = p.dtype == DType::Float32 ? 0 : p.dtype == DType::Float64 ? 1 : p.dtype == DType::Complex64 ? 2 : 3;
  const size_t is = itemsize(p.dtype);
  const int64_t nb = p.batch, n = p.n;
  std::vector<void*> ptrs(size_t(nb) * (p.op == LapackOp::Getrs ? 2 : 1));
  for (int64_t i = 0; i < nb; ++i) ptrs[size_t(i)] = p.a + i * p.stride_a * int64_t(is);
  if (p.op == LapackOp::Getrs)
    for (int64_t i = 0; i < nb; ++i) ptrs[size_t(nb + i)] = p.b + i * p.stride_b * int64_t(is);
  const size_t ptr_bytes = ptrs.size() * sizeof(void*), piv_bytes = size_t(nb * n) * sizeof(int);
  void** dptrs = static_cast<void**>(allocate(ptr_bytes));
  int* piv = static_cast<int*>(allocate(piv_bytes));
  // int32 <-> int64 pivots through the copy kernels: one contiguous run.
  auto convert = [&](const void* src, DType from, void* dst, DType to) {
    LoopPlan lp;
    lp.shape = Dims{nb * n};
    lp.nops = 2;
    lp.data[0] = static_cast<char*>(const_cast<void*>(src));
    lp.data[1] = static_cast<char*>(dst);
    lp.dtypes[0] = from, lp.dtypes[1] = to;
    lp.strides[0] = Dims{int64_t(itemsize(from))};
    lp.strides[1] = Dims{int64_t(itemsize(to))};
    lp.index32 = nb * n * 8 < (int64_t(1) << 31);
    copy(lp, from, to);
  };
  cublasStatus_t st = CUBLAS_STATUS_SUCCESS;
  try {
    copy_from_host(dptrs, ptrs.data(), ptr_bytes);
    use_device();
    CublasHandle& h = cublas_handle(device_);
    if (p.op == LapackOp::Getrs) convert(p.ipiv, DType::Int64, piv, DType::Int32);
    {
      std::lock_guard<std::mutex> lock(h.mu);
      st = api.set_stream(h.handle, stream());
      if (st == CUBLAS_STATUS_SUCCESS) {
        if (p.op == LapackOp::Getrf) {
          st = api.getrf_batched[ti](h.handle, int(n), dptrs, int(p.lda), piv, reinterpret_cast<int*>(p.info), int(nb));
        } else {
          int host_info = 0;  // parameter errors only
          st = api.getrs_batched[ti](h.handle, CUBLAS_OP_N, int(n), int(p.nrhs), dptrs, int(p.lda), piv, dptrs + nb,
                                     int(p.ldb), &host_info, int(nb));
          if (st == CUBLAS_STATUS_SUCCESS && host_info != 0)
            throw InternalError("cublas getrsBatched: bad argument " + std::to_string(-host_info));
        }
      }
    }
    if (st == CUBLAS_STATUS_SUCCESS && p.op == LapackOp::Getrf) convert(piv, DType::Int32, p.ipiv, DType::Int64);
  } catch (...) {
    deallocate(dptrs, ptr_bytes);
    deallocate(piv, piv_bytes);
    throw;
  }
  deallocate(dptrs, ptr_bytes);
  deallocate(piv, piv_bytes);
  if (st != CUBLAS_STATUS_SUCCESS)
    throw Error("cunum: cuBLAS batched LU failed with status " + std::to_string(int(st)));
  if (p.op == LapackOp::Getrs) {
    // getrs reports no info per matrix: the plan's info says success.
    LoopPlan fp;
    fp.shape = Dims{nb};
    fp.nops = 1;
    fp.data[0] = reinterpret_cast<char*>(p.info);
    fp.dtypes[0] = DType::Int32;
    fp.strides[0] = Dims{4};
    fp.index32 = true;
    fill(fp, DType::Int32, Scalar(0));
  }
  return true;
}

void CudaBackend::lapack(const LapackPlan& p) {
  if (p.batch == 0) return;
  if (lapack_small_batch(p)) return;
  if (lapack_solver_batch(p)) return;
  if (lapack_jacobi_svd(p)) return;
  const CusolverApi& api = cusolver_api();
  use_device();
  CusolverHandle& h = cusolver_handle(device_);
  std::lock_guard<std::mutex> lock(h.mu);
  check(api.set_stream(h.handle, stream()), "set_stream");
  const cudaDataType t = cuda_type(p.dtype);
  const size_t is = itemsize(p.dtype);
  size_t dev_bytes = 0, host_bytes = 0;
  const cublasFillMode_t uplo = p.lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
  if (p.op == LapackOp::Getrf)
    check(api.getrf_buffer(h.handle, h.params, p.m, p.n, t, p.a, p.lda, t, &dev_bytes, &host_bytes), "getrf");
  else if (p.op == LapackOp::Potrf)
    check(api.potrf_buffer(h.handle, h.params, uplo, p.n, t, p.a, p.lda, t, &dev_bytes, &host_bytes), "potrf");
  const cudaDataType rt = cuda_type(real_dtype(p.dtype));
  const cudaDataType ct = cuda_type(complex_dtype(p.dtype));  // geev's eigenvalues, complex for real A too
  const signed char job_u = !p.vectors ? 'N' : p.full ? 'A' : 'S', job_vt = p.vectors ? 'A' : 'N';
  if (p.op == LapackOp::Gesvd)
    check(api.gesvd_buffer(h.handle, h.params, job_u, job_vt, p.m, p.n, t, p.a, p.lda, rt, p.s, t, p.u, p.ldu, t,
                           p.vt, p.ldvt, t, &dev_bytes, &host_bytes),
          "gesvd");
  const cusolverEigMode_t jobz = p.vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const int ti = p.dtype == DType::Float32 ? 0 : p.dtype == DType::Float64 ? 1 : p.dtype == DType::Complex64 ? 2 : 3;
  if (p.op == LapackOp::Syevd)
    check(api.syevd_buffer(h.handle, h.params, jobz, uplo, p.n, t, p.a, p.lda, rt, p.s, t, &dev_bytes, &host_bytes),
          "syevd");
  if (p.op == LapackOp::Geqrf)
    check(api.geqrf_buffer(h.handle, h.params, p.m, p.n, t, p.a, p.lda, t, p.tau, t, &dev_bytes, &host_bytes),
          "geqrf");
  if (p.op == LapackOp::Geev) {
    if (!api.geev) throw Error("cunum: linalg.eig needs cuSOLVER's cusolverDnXgeev (CUDA 12.6 or newer)");
    check(api.geev_buffer(h.handle, h.params, CUSOLVER_EIG_MODE_NOVECTOR, jobz, p.n, t, p.a, p.lda, ct, p.s, t,
                          nullptr, 1, t, p.u, p.vectors ? p.ldu : 1, t, &dev_bytes, &host_bytes),
          "geev");
  }
  if (p.op == LapackOp::Orgqr) {
    if (p.m > INT32_MAX || p.lda > INT32_MAX) throw ValueError("cunum: qr of a matrix this large is not supported by cuSOLVER's orgqr");
    int lwork = 0;
    check(api.orgqr_buffer[ti](h.handle, int(p.m), int(p.n), int(p.k), p.a, int(p.lda), p.tau, &lwork), "orgqr");
    dev_bytes = size_t(lwork) * is;
  }
  // The workspace goes back to the pool after the calls are queued: the pool
  // reuses it only for later work of this stream (memory_pool.hpp).
  void* dev = dev_bytes ? allocate(dev_bytes) : nullptr;
  std::vector<char> host(host_bytes);
  try {
    const int64_t k = std::min(p.m, p.n);
    for (int64_t i = 0; i < p.batch; ++i) {
      char* a = p.a + i * p.stride_a * int64_t(is);
      int* info = reinterpret_cast<int*>(p.info + i);
      switch (p.op) {
        case LapackOp::Getrf:
          check(api.getrf(h.handle, h.params, p.m, p.n, t, a, p.lda, p.ipiv + i * k, t, dev, dev_bytes,
                          host.data(), host_bytes, info),
                "getrf");
          break;
        case LapackOp::Getrs:
          check(api.getrs(h.handle, h.params, CUBLAS_OP_N, p.n, p.nrhs, t, a, p.lda, p.ipiv + i * p.n, t,
                          p.b + i * p.stride_b * int64_t(is), p.ldb, info),
                "getrs");
          break;
        case LapackOp::Potrf:
          check(api.potrf(h.handle, h.params, uplo, p.n, t, a, p.lda, t, dev, dev_bytes, host.data(), host_bytes,
                          info),
                "potrf");
          break;
        case LapackOp::Gesvd:
          check(api.gesvd(h.handle, h.params, job_u, job_vt, p.m, p.n, t, a, p.lda, rt,
                          p.s + i * p.n * int64_t(itemsize(real_dtype(p.dtype))), t,
                          p.vectors ? p.u + i * p.stride_u * int64_t(is) : nullptr, p.ldu, t,
                          p.vectors ? p.vt + i * p.stride_vt * int64_t(is) : nullptr, p.ldvt, t, dev, dev_bytes,
                          host.data(), host_bytes, info),
                "gesvd");
          break;
        case LapackOp::Syevd:
          check(api.syevd(h.handle, h.params, jobz, uplo, p.n, t, a, p.lda, rt,
                          p.s + i * p.n * int64_t(itemsize(real_dtype(p.dtype))), t, dev, dev_bytes, host.data(),
                          host_bytes, info),
                "syevd");
          break;
        case LapackOp::Geqrf:
          check(api.geqrf(h.handle, h.params, p.m, p.n, t, a, p.lda, t, p.tau + i * k * int64_t(is), t, dev,
                          dev_bytes, host.data(), host_bytes, info),
                "geqrf");
          break;
        case LapackOp::Geev:
          check(api.geev(h.handle, h.params, CUSOLVER_EIG_MODE_NOVECTOR, jobz, p.n, t, a, p.lda, ct,
                         p.s + i * p.n * int64_t(itemsize(complex_dtype(p.dtype))), t, nullptr, 1, t,
                         p.vectors ? p.u + i * p.stride_u * int64_t(is) : nullptr, p.vectors ? p.ldu : 1, t, dev,
                         dev_bytes, host.data(), host_bytes, info),
                "geev");
          break;
        case LapackOp::Orgqr:
          check(api.orgqr[ti](h.handle, int(p.m), int(p.n), int(p.k), a, int(p.lda), p.tau + i * p.k * int64_t(is),
                              dev, int(dev_bytes / is), info),
                "orgqr");
          break;
      }
    }
  } catch (...) {
    if (dev) deallocate(dev, dev_bytes);
    throw;
  }
  if (dev) deallocate(dev, dev_bytes);
}

}  // namespace cunum::backend::cuda
