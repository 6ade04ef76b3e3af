// CUDA runtime error checking: errors become cunum exceptions (out of memory
// becomes OutOfMemoryError, a MemoryError in Python).
#pragma once
#include <cuda_runtime_api.h>

#include <string>

#include "cunum/error.hpp"

namespace cunum::backend::cuda {
[[noreturn]] inline void throw_cuda_error(cudaError_t e, const char* what) {
  cudaGetLastError();  // clear a non-sticky error
  std::string msg = std::string("CUDA error in ") + what + ": " + cudaGetErrorName(e) + " (" +
                    cudaGetErrorString(e) + ")";
  if (e == cudaErrorMemoryAllocation) throw OutOfMemoryError(msg);
  throw Error(msg);
}
}  // namespace cunum::backend::cuda

#define CUNUM_CUDA_CHECK(expr)                                                  \
  do {                                                                          \
    cudaError_t cunum_err_ = (expr);                                            \
    if (cunum_err_ != cudaSuccess) ::cunum::backend::cuda::throw_cuda_error(cunum_err_, #expr); \
  } while (0)
