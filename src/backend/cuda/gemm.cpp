// The GPU's matrix products (Note [Gemm plans]): cuBLAS for float16,
// float32, float64, complex64 and complex128 (Note [CUDA libraries]),
// generated kernels for integers and bool (Note [Gemm kernels]). Both on
// the current stream, no synchronisation.
//
// Note [cuBLAS compute types]
// Each call names its compute type, so NumPy's precision is kept whatever the
// handle's math mode: float32 products accumulate in float32 without TF32
// (CUBLAS_COMPUTE_32F; $CUNUM_TF32=1 allows CUBLAS_COMPUTE_32F_FAST_TF32, as
// CuPy's CUPY_TF32), float64 in float64, float16 inputs and outputs in
// float32 arithmetic (NumPy's float16 matmul sums in float32 too).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <cuComplex.h>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_libraries.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
cublasOperation_t cublas_op(GemmOp op) {
  return op == GemmOp::N ? CUBLAS_OP_N : op == GemmOp::T ? CUBLAS_OP_T : CUBLAS_OP_C;
}

// alpha and beta as the compute type's scalars (host memory: the default pointer mode).
struct Scalars {
  alignas(16) unsigned char alpha[16] = {}, beta[16] = {};
};
template <class T> void put(unsigned char* to, T v) { std::memcpy(to, &v, sizeof v); }

// Note [cuBLAS workspace]
// cuBLAS's GEMM heuristics pick some kernels (split-K, stream-K) only when
// the handle has workspace for them; NVIDIA's cublasSetWorkspace
// documentation recommends 32 MiB on Hopper and 4 MiB on earlier GPUs (what
// PyTorch gives its handles). cublasSetStream resets the workspace to the
// library's default pool, so it is set again after every SetStream. The
// buffer comes from cunum's caching pool (a free-list hit after the first
// call) and goes back once the call is queued: the pool hands it out again
// only to later work of the same stream, so two streams never share one.
// $CUNUM_CUBLAS_WORKSPACE (bytes) overrides the size.
size_t cublas_workspace_bytes(int arch) {
  static const long long env = [] {
    const char* e = std::getenv("CUNUM_CUBLAS_WORKSPACE");
    return e ? std::atoll(e) : -1LL;
  }();
  if (env > 0) return size_t(env);
  return arch >= 90 ? size_t(32) << 20 : size_t(4) << 20;
}
}  // namespace

void CudaBackend::gemm(const GemmPlan& p) {
  if (p.m == 0 || p.n == 0 || p.batch == 0) return;
  cudaDataType type;
  cublasComputeType_t compute;
  Scalars s;
  switch (p.dtype) {
    case DType::Float16:
      type = CUDA_R_16F, compute = CUBLAS_COMPUTE_32F;
      put(s.alpha, float(p.alpha)), put(s.beta, float(p.beta));
      break;
    case DType::Float32:
      type = CUDA_R_32F, compute = allow_tf32() ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
      put(s.alpha, float(p.alpha)), put(s.beta, float(p.beta));
      break;
    case DType::Float64:
      type = CUDA_R_64F, compute = CUBLAS_COMPUTE_64F;
      put(s.alpha, p.alpha), put(s.beta, p.beta);
      break;
    case DType::Complex64:
      type = CUDA_C_32F, compute = allow_tf32() ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
      put(s.alpha, make_cuFloatComplex(float(p.alpha), 0)), put(s.beta, make_cuFloatComplex(float(p.beta), 0));
      break;
    case DType::Complex128:
      type = CUDA_C_64F, compute = CUBLAS_COMPUTE_64F;
      put(s.alpha, make_cuDoubleComplex(p.alpha, 0)), put(s.beta, make_cuDoubleComplex(p.beta, 0));
      break;
    default: {
      const GemmKernel gk{p.dtype, p.transa == GemmOp::N ? GemmOp::N : GemmOp::T,
                          p.transb == GemmOp::N ? GemmOp::N : GemmOp::T};
      const uint64_t key = uint64_t(Family::Gemm) | uint64_t(gk.dtype) << 8 | uint64_t(gk.transa) << 16 |
                           uint64_t(gk.transb) << 24;
      LoadedKernel k = kernel(key, [&] { return gemm_source(gk); });
      use_device();
      GemmParams gp;
      gp.a = p.a, gp.b = p.b, gp.c = p.c;
      gp.m = p.m, gp.n = p.n, gp.k = p.k, gp.lda = p.lda, gp.ldb = p.ldb, gp.ldc = p.ldc;
      gp.sa = p.stride_a, gp.sb = p.stride_b, gp.sc = p.stride_c, gp.batch = p.batch;
      gp.alpha = int64_t(p.alpha), gp.beta = int64_t(p.beta);
      const int64_t gx = (p.m + 15) / 16, gy = std::min<int64_t>((p.n + 15) / 16, 65535);
      const int64_t gz = std::min<int64_t>(p.batch, 65535);
      if (gx > INT32_MAX) throw ValueError("cunum: matrix product too large for the integer kernel");
      void* args[] = {&gp};
      launch_kernel(k, dim3(unsigned(gx), unsigned(gy), unsigned(gz)), dim3(256), args, stream());
      return;
    }
  }
  const CublasApi& api = cublas_api();
  use_device();
  CublasHandle& h = cublas_handle(device_);
  // Note [cuBLAS workspace]: a workspace from the caching pool, given after
  // the stream (cublasSetStream resets it to cuBLAS's default pool).
  // Without memory for it (or a cuBLAS without cublasSetWorkspace) the call
  // runs without a workspace, as cuBLAS allows: slower kernels, no failure.
  size_t ws_bytes = api.set_workspace ? cublas_workspace_bytes(arch_) : 0;
  void* ws = nullptr;
  if (ws_bytes) {
    try {
      ws = allocate(ws_bytes);
    } catch (const OutOfMemoryError&) {
      ws = nullptr;
    }
    if (!ws) ws_bytes = 0;
  }
  struct Release {
    CudaBackend* b;
    void* p;
    size_t n;
    ~Release() {
      if (p) b->deallocate(p, n);  // after the call is queued: the pool reuses it only on this stream
    }
  } release{this, ws, ws_bytes};
  // CuPy's algorithm hint on sm_80+ (cuBLAS treats both hints alike since
  // CUDA 11; named so that the two libraries make the same request).
  const cublasGemmAlgo_t algo = arch_ >= 80 ? CUBLAS_GEMM_DEFAULT_TENSOR_OP : CUBLAS_GEMM_DEFAULT;
  constexpr int64_t kIntMax = INT32_MAX;
  const bool fits32 = p.m <= kIntMax && p.n <= kIntMax && p.k <= kIntMax && p.lda <= kIntMax &&
                      p.ldb <= kIntMax && p.ldc <= kIntMax;
  std::lock_guard<std::mutex> lock(h.mu);
  cublasStatus_t st = api.set_stream(h.handle, stream());
  if (st == CUBLAS_STATUS_SUCCESS && api.set_workspace) st = api.set_workspace(h.handle, ws, ws_bytes);
  if (st == CUBLAS_STATUS_SUCCESS) {
    if (p.batch == 1 && fits32) {
      st = api.gemm_ex32(h.handle, cublas_op(p.transa), cublas_op(p.transb), int(p.m), int(p.n), int(p.k), s.alpha,
                         p.a, type, int(p.lda), p.b, type, int(p.ldb), s.beta, p.c, type, int(p.ldc), compute, algo);
    } else if (p.batch == 1) {
      st = api.gemm_ex(h.handle, cublas_op(p.transa), cublas_op(p.transb), p.m, p.n, p.k, s.alpha, p.a, type, p.lda,
                       p.b, type, p.ldb, s.beta, p.c, type, p.ldc, compute, algo);
    } else {
      st = api.gemm_strided_batched_ex(h.handle, cublas_op(p.transa), cublas_op(p.transb), p.m, p.n, p.k, s.alpha,
                                       p.a, type, p.lda, p.stride_a, p.b, type, p.ldb, p.stride_b, s.beta, p.c,
                                       type, p.ldc, p.stride_c, p.batch, compute, algo);
    }
  }
  if (st == CUBLAS_STATUS_ALLOC_FAILED) throw OutOfMemoryError("cuBLAS could not allocate its workspace");
  if (st != CUBLAS_STATUS_SUCCESS) throw Error("cunum: cuBLAS gemm failed with status " + std::to_string(int(st)));
}

}  // namespace cunum::backend::cuda
