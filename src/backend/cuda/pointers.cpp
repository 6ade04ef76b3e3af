// cunum::cuda::pointer_device (cunum/cuda.hpp): where a foreign pointer lives.
#include <cuda_runtime.h>

#include "cunum/cuda.hpp"

namespace cunum::cuda {

int pointer_device(const void* p) {
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky-free error so later calls are unaffected
    return -1;
  }
  if (attr.type == cudaMemoryTypeDevice || attr.type == cudaMemoryTypeManaged) return attr.device;
  return -1;
}

}  // namespace cunum::cuda
