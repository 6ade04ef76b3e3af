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
  void synchronize_all() override { CUNUM_CUDA_CHECK(cudaDeviceSynchronize()); }
};
}  // namespace

MemoryPool& pinned_pool() {
  // Never destroyed: arrays and copies may still finish during shutdown.
  static PinnedUpstream* up = new PinnedUpstream;
  static MemoryPool* pool = new MemoryPool(*up);
  return *pool;
}

}  // namespace cunum::backend::cuda
