#include "backend/cuda/pinned_pool.hpp"

#include <cuda_runtime_api.h>

#include "backend/cuda/cuda_check.hpp"

namespace cunum::backend::cuda {

namespace {
struct PinnedUpstream final : Upstream {
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
  void* record_event(StreamHandle s) override {
    cudaEvent_t e;
    CUNUM_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    CUNUM_CUDA_CHECK(cudaEventRecord(e, static_cast<cudaStream_t>(s)));
    return e;
  }
  bool event_done(void* ev) override {
    if (cudaEventQuery(static_cast<cudaEvent_t>(ev)) == cudaErrorNotReady) {
      cudaGetLastError();
      return false;
    }
    return true;
  }
  void destroy_event(void* ev) noexcept override { cudaEventDestroy(static_cast<cudaEvent_t>(ev)); }
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
