#include "backend/cuda/pinned_pool.hpp"

#include <cuda_runtime_api.h>

#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/event_upstream.hpp"

namespace cunum::backend::cuda {

namespace {
struct PinnedUpstream final : CudaEventUpstream {
  void* allocate(size_t bytes) override {
    void* p = nullptr;
    // Portable: usable for copies to and from every device.
    if (cudaHostAlloc(&p, bytes, cudaHostAllocPortable) != cudaSuccess) {
      cudaGetLastError();
      return nullptr;
    }
    return p;
  }
  void deallocate(void* p, size_t) noexcept override { cudaFreeHost(p); }
  // Staging blocks serve copies to and from every device: before the pool
  // treats its pending blocks as idle (out of memory), every device must be.
  void synchronize_all() override {
    int count = 0, current = 0;
    CUNUM_CUDA_CHECK(cudaGetDeviceCount(&count));
    CUNUM_CUDA_CHECK(cudaGetDevice(&current));
    for (int d = 0; d < count; ++d) {
      CUNUM_CUDA_CHECK(cudaSetDevice(d));
      CUNUM_CUDA_CHECK(cudaDeviceSynchronize());
    }
    CUNUM_CUDA_CHECK(cudaSetDevice(current));
  }
};
}  // namespace

MemoryPool& pinned_pool() {
  // Never destroyed: arrays and copies may still finish during shutdown.
  static PinnedUpstream* up = new PinnedUpstream;
  static MemoryPool* pool = new MemoryPool(*up);
  return *pool;
}

}  // namespace cunum::backend::cuda
