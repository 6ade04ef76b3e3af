// The event half of the memory pool's Upstream (memory_pool.hpp) over CUDA
// events, shared by the device pool and the pinned staging pool.
#pragma once
#include <cuda_runtime_api.h>

#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/memory_pool.hpp"
#include "backend/cuda/streams.hpp"

namespace cunum::backend::cuda {

struct CudaEventUpstream : Upstream {
  // An event on the stream a pool key names (Note [Per-thread default stream
  // in the pool], Note [Retired streams]), in the current device's context.
  void* record_event(StreamHandle key) override {
    cudaEvent_t e;
    CUNUM_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    CUNUM_CUDA_CHECK(cudaEventRecord(e, stream_of_pool_key(key)));
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
};

}  // namespace cunum::backend::cuda
