// The process's pinned (page-locked) host memory pool: staging buffers for
// host<->device copies. It is the same caching MemoryPool as the device's,
// over cudaHostAlloc. Blocks are taken under kHostStream; a block handed to a
// copy on stream S is freed "on S", so the pool keeps it until an event on S
// says the copy has finished (memory_pool.hpp), and the host never overwrites
// a buffer a DMA engine is still reading.
#pragma once
#include "backend/cuda/memory_pool.hpp"

namespace cunum::backend::cuda {

inline const StreamHandle kHostStream = reinterpret_cast<StreamHandle>(~uintptr_t{0});

MemoryPool& pinned_pool();

}  // namespace cunum::backend::cuda
