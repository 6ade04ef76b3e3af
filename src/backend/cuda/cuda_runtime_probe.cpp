#include "backend/cuda/cuda_runtime_probe.hpp"

#include <cuda_runtime_api.h>

namespace cunum::backend::cuda {

int usable_device_count() noexcept {
  static const int n = [] {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
      cudaGetLastError();  // clear the sticky error so later calls start clean
      return 0;
    }
    return count;
  }();
  return n;
}

}  // namespace cunum::backend::cuda
