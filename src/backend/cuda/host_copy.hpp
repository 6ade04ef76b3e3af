// Parallel host memcpy for staging transfers. One thread copies pageable
// memory at about 8-10 GB/s, below what a PCIe 5 DMA engine moves out of pinned
// memory, so copies into (and out of) the pinned staging blocks are split over
// a few worker threads. No CUDA here: it is unit-tested on every machine.
#pragma once
#include <cstddef>

namespace cunum::backend::cuda {

// dst <- src, n bytes, regions not overlapping. Returns when done. Below
// 1 MiB, or with one thread configured, a plain memcpy on the caller.
// Threads: CUNUM_COPY_THREADS, else half the hardware threads, at most 8.
void parallel_memcpy(void* dst, const void* src, size_t n);

}  // namespace cunum::backend::cuda
