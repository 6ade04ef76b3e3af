// The CUDA toolkit's libraries (cuBLAS, cuSOLVER), each dlopen()ed at the
// first call that needs it (Note [CUDA libraries] in cuda_libraries.cpp):
// `import cunum` and every kernel of cunum's own load none of them.
#pragma once
#include <cublas_v2.h>
#include <cusolverDn.h>

#include <mutex>

namespace cunum::backend::cuda {

// The cuBLAS entry points cunum calls (types from cublas_api.h).
struct CublasApi {
  cublasStatus_t (*create)(cublasHandle_t*) = nullptr;
  cublasStatus_t (*set_stream)(cublasHandle_t, cudaStream_t) = nullptr;
  cublasStatus_t (*set_math_mode)(cublasHandle_t, cublasMath_t) = nullptr;
  cublasStatus_t (*set_workspace)(cublasHandle_t, void*, size_t) = nullptr;
  // The 32-bit cublasGemmEx (CuPy's call), used when every size fits in an int.
  cublasStatus_t (*gemm_ex32)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                              const void*, cudaDataType, int, const void*, cudaDataType, int, const void*, void*,
                              cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
  cublasStatus_t (*gemm_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t, int64_t, int64_t,
                            const void*, const void*, cudaDataType, int64_t, const void*, cudaDataType, int64_t,
                            const void*, void*, cudaDataType, int64_t, cublasComputeType_t,
                            cublasGemmAlgo_t) = nullptr;
  cublasStatus_t (*gemm_strided_batched_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int64_t,
                                            int64_t, int64_t, const void*, const void*, cudaDataType, int64_t,
                                            long long, const void*, cudaDataType, int64_t, long long,
                                            const void*, void*, cudaDataType, int64_t, long long, int64_t,
                                            cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
  // Batched LU of many small matrices (arrays of device pointers), indexed S, D, C, Z.
  cublasStatus_t (*getrf_batched[4])(cublasHandle_t, int, void* const*, int, int*, int*, int) = {};
  cublasStatus_t (*getrs_batched[4])(cublasHandle_t, cublasOperation_t, int, int, const void* const*, int,
                                     const int*, void* const*, int, int*, int) = {};
};

// Loaded on the first call; throws cunum::Error naming what was tried.
const CublasApi& cublas_api();

// A cuBLAS handle per device, created on first use with the device current
// and never destroyed (arrays and handles may outlive interpreter shutdown).
// Callers hold the returned mutex while they set the stream and call: one
// handle serves every thread and stream of its device.
struct CublasHandle {
  cublasHandle_t handle = nullptr;
  std::mutex mu;
};
CublasHandle& cublas_handle(int device);

// The cuSOLVER entry points cunum calls (the 64-bit generic API, CUDA 11.1+).
struct CusolverApi {
  cusolverStatus_t (*create)(cusolverDnHandle_t*) = nullptr;
  cusolverStatus_t (*set_stream)(cusolverDnHandle_t, cudaStream_t) = nullptr;
  cusolverStatus_t (*create_params)(cusolverDnParams_t*) = nullptr;
  cusolverStatus_t (*getrf_buffer)(cusolverDnHandle_t, cusolverDnParams_t, int64_t, int64_t, cudaDataType,
                                   const void*, int64_t, cudaDataType, size_t*, size_t*) = nullptr;
  cusolverStatus_t (*getrf)(cusolverDnHandle_t, cusolverDnParams_t, int64_t, int64_t, cudaDataType, void*, int64_t,
                            int64_t*, cudaDataType, void*, size_t, void*, size_t, int*) = nullptr;
  cusolverStatus_t (*getrs)(cusolverDnHandle_t, cusolverDnParams_t, cublasOperation_t, int64_t, int64_t,
                            cudaDataType, const void*, int64_t, const int64_t*, cudaDataType, void*, int64_t,
                            int*) = nullptr;
  cusolverStatus_t (*potrf_buffer)(cusolverDnHandle_t, cusolverDnParams_t, cublasFillMode_t, int64_t, cudaDataType,
                                   const void*, int64_t, cudaDataType, size_t*, size_t*) = nullptr;
  cusolverStatus_t (*potrf)(cusolverDnHandle_t, cusolverDnParams_t, cublasFillMode_t, int64_t, cudaDataType, void*,
                            int64_t, cudaDataType, void*, size_t, void*, size_t, int*) = nullptr;
  cusolverStatus_t (*gesvd_buffer)(cusolverDnHandle_t, cusolverDnParams_t, signed char, signed char, int64_t,
                                   int64_t, cudaDataType, const void*, int64_t, cudaDataType, const void*,
                                   cudaDataType, const void*, int64_t, cudaDataType, const void*, int64_t,
                                   cudaDataType, size_t*, size_t*) = nullptr;
  cusolverStatus_t (*gesvd)(cusolverDnHandle_t, cusolverDnParams_t, signed char, signed char, int64_t, int64_t,
                            cudaDataType, void*, int64_t, cudaDataType, void*, cudaDataType, void*, int64_t,
                            cudaDataType, void*, int64_t, cudaDataType, void*, size_t, void*, size_t,
                            int*) = nullptr;
  cusolverStatus_t (*syevd_buffer)(cusolverDnHandle_t, cusolverDnParams_t, cusolverEigMode_t, cublasFillMode_t,
                                   int64_t, cudaDataType, const void*, int64_t, cudaDataType, const void*,
                                   cudaDataType, size_t*, size_t*) = nullptr;
  cusolverStatus_t (*syevd)(cusolverDnHandle_t, cusolverDnParams_t, cusolverEigMode_t, cublasFillMode_t, int64_t,
                            cudaDataType, void*, int64_t, cudaDataType, void*, cudaDataType, void*, size_t, void*,
                            size_t, int*) = nullptr;
  cusolverStatus_t (*geqrf_buffer)(cusolverDnHandle_t, cusolverDnParams_t, int64_t, int64_t, cudaDataType,
                                   const void*, int64_t, cudaDataType, const void*, cudaDataType, size_t*,
                                   size_t*) = nullptr;
  cusolverStatus_t (*geqrf)(cusolverDnHandle_t, cusolverDnParams_t, int64_t, int64_t, cudaDataType, void*, int64_t,
                            cudaDataType, void*, cudaDataType, void*, size_t, void*, size_t, int*) = nullptr;
  // Xgeev (CUDA 12.6+; null when the library is older).
  cusolverStatus_t (*geev_buffer)(cusolverDnHandle_t, cusolverDnParams_t, cusolverEigMode_t, cusolverEigMode_t,
                                  int64_t, cudaDataType, const void*, int64_t, cudaDataType, const void*,
                                  cudaDataType, const void*, int64_t, cudaDataType, const void*, int64_t,
                                  cudaDataType, size_t*, size_t*) = nullptr;
  cusolverStatus_t (*geev)(cusolverDnHandle_t, cusolverDnParams_t, cusolverEigMode_t, cusolverEigMode_t, int64_t,
                           cudaDataType, void*, int64_t, cudaDataType, void*, cudaDataType, void*, int64_t,
                           cudaDataType, void*, int64_t, cudaDataType, void*, size_t, void*, size_t,
                           int*) = nullptr;
  // ?orgqr / ?ungqr (32-bit legacy API; no 64-bit one exists), indexed S, D, C, Z.
  cusolverStatus_t (*orgqr_buffer[4])(cusolverDnHandle_t, int, int, int, const void*, int, const void*, int*) = {};
  cusolverStatus_t (*orgqr[4])(cusolverDnHandle_t, int, int, int, void*, int, const void*, void*, int, int*) = {};
  // Batched variants for stacks of small matrices (Note [Batched cuSOLVER]), 32-bit API.
  // ?potrfBatched, indexed S, D, C, Z: arrays of device pointers, info per matrix.
  cusolverStatus_t (*potrf_batched[4])(cusolverDnHandle_t, cublasFillMode_t, int, void**, int, int*, int) = {};
  // ?syevjBatched / ?heevjBatched (n <= 32, matrices back to back), indexed S, D, C, Z.
  cusolverStatus_t (*create_syevj_info)(syevjInfo_t*) = nullptr;
  cusolverStatus_t (*destroy_syevj_info)(syevjInfo_t) = nullptr;
  cusolverStatus_t (*syevj_batched_buffer[4])(cusolverDnHandle_t, cusolverEigMode_t, cublasFillMode_t, int,
                                              const void*, int, const void*, int*, syevjInfo_t, int) = {};
  cusolverStatus_t (*syevj_batched[4])(cusolverDnHandle_t, cusolverEigMode_t, cublasFillMode_t, int, void*, int,
                                       void*, void*, int, int*, syevjInfo_t, int) = {};
  // ?gesvdjBatched (m, n <= 32, matrices back to back), indexed S, D, C, Z.
  cusolverStatus_t (*create_gesvdj_info)(gesvdjInfo_t*) = nullptr;
  cusolverStatus_t (*destroy_gesvdj_info)(gesvdjInfo_t) = nullptr;
  cusolverStatus_t (*gesvdj_batched_buffer[4])(cusolverDnHandle_t, cusolverEigMode_t, int, int, const void*, int,
                                               const void*, const void*, int, const void*, int, int*, gesvdjInfo_t,
                                               int) = {};
  cusolverStatus_t (*gesvdj_batched[4])(cusolverDnHandle_t, cusolverEigMode_t, int, int, void*, int, void*, void*,
                                        int, void*, int, void*, int, int*, gesvdjInfo_t, int) = {};
  // ?gesvdj (one matrix, any size; Note [Jacobi SVD]), indexed S, D (real only).
  cusolverStatus_t (*gesvdj_buffer[2])(cusolverDnHandle_t, cusolverEigMode_t, int, int, int, const void*, int,
                                       const void*, const void*, int, const void*, int, int*, gesvdjInfo_t) = {};
  cusolverStatus_t (*gesvdj[2])(cusolverDnHandle_t, cusolverEigMode_t, int, int, int, void*, int, void*, void*, int,
                                void*, int, void*, int, int*, gesvdjInfo_t) = {};
};
const CusolverApi& cusolver_api();

// A cuSOLVER handle (and its 64-bit API parameters) per device, as cublas_handle.
struct CusolverHandle {
  cusolverDnHandle_t handle = nullptr;
  cusolverDnParams_t params = nullptr;
  // The Jacobi routines' parameter objects (default tolerance, sweeps and
  // sorting), made at the first batched call under `mu` and kept with the
  // handle: never destroyed while work that was given them may still run.
  syevjInfo_t syevj = nullptr;
  gesvdjInfo_t gesvdj = nullptr;
  std::mutex mu;
};
CusolverHandle& cusolver_handle(int device);

// Whether float32 products may use TF32 tensor cores (CUBLAS_COMPUTE_32F_FAST_TF32):
// $CUNUM_TF32=1 (as CuPy's CUPY_TF32), read once; off by default, so float32
// results keep NumPy's precision.
bool allow_tf32();

// Opens the first of: $env_var, the library already loaded in the process
// (another module's), each soname in `names`, each again under the toolkit
// folder cunum was built against. Throws cunum::Error when none opens.
void* open_cuda_library(const char* what, const char* env_var, const char* const* names, int nnames);
// A symbol of a library opened above; throws cunum::Error when missing
// (optional: returns null).
void* cuda_library_symbol(void* lib, const char* what, const char* name, bool optional = false);

}  // namespace cunum::backend::cuda
