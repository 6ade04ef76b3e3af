// Host<->device and device<->device copies of the CUDA backend.
//
// Host memory handed to cunum is ordinary pageable memory (a NumPy array), so
// every host copy is staged through the pinned pool (pinned_pool.hpp):
// - to the device: the host copies a chunk into a pinned block (with a few
//   threads: host_copy.hpp) and queues the DMA on the current stream; nothing waits, and the block is reused only once
//   an event says the DMA has read it. The caller may free its memory at once.
// - to the host: up to one chunk through a pinned block; larger copies go
//   straight into `dst` (the driver pipelines pageable copies faster than a
//   single-threaded memcpy out of pinned blocks). The call returns when the
//   data is in `dst`.
#include <algorithm>
#include <cstring>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/device_errors.hpp"
#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/host_copy.hpp"
#include "backend/cuda/pinned_pool.hpp"
#include "backend/cuda/streams.hpp"
#include "backend/cuda/wait.hpp"
#include "cunum/interrupt.hpp"

namespace cunum::backend::cuda {

namespace {
constexpr size_t kChunk = size_t{8} << 20;
}

void CudaBackend::copy_from_host(void* dst, const void* src, size_t n) {
  if (!n) return;
  use_device();
  const cudaStream_t s = stream();
  MemoryPool& pinned = pinned_pool();
  // At most kInFlight chunks wait for their DMA: a large upload queued behind
  // long-running work would otherwise pin as much host memory as it copies.
  constexpr int kInFlight = 3;
  struct Ring {
    cudaEvent_t ev[kInFlight] = {};
    ~Ring() {
      for (cudaEvent_t e : ev)
        if (e) cudaEventDestroy(e);
    }
  } ring;
  const bool bounded = n > kInFlight * kChunk;
  InterruptPoller poll;  // Ctrl-C between chunks: the chunks queued still land
  int k = 0;
  for (size_t off = 0; off < n; off += kChunk, ++k) {
    const size_t c = std::min(kChunk, n - off);
    cudaEvent_t& slot = ring.ev[k % kInFlight];
    if (bounded && slot) wait_event(slot);  // chunk k - kInFlight has landed
    poll();
    void* buf = pinned.allocate(c, kHostStream);
    parallel_memcpy(buf, static_cast<const char*>(src) + off, c);
    const cudaError_t r = cudaMemcpyAsync(static_cast<char*>(dst) + off, buf, c, cudaMemcpyHostToDevice, s);
    pinned.deallocate(buf, s);  // held until the copy queued on s has run
    CUNUM_CUDA_CHECK(r);
    if (bounded) {
      if (!slot) CUNUM_CUDA_CHECK(cudaEventCreateWithFlags(&slot, cudaEventDisableTiming));
      CUNUM_CUDA_CHECK(cudaEventRecord(slot, s));
    }
  }
}

void CudaBackend::copy_to_host(void* dst, const void* src, size_t n) {
  use_device();
  if (!n) {
    // Nothing to copy, but reading an array back is where a deferred error of
    // the work that made it surfaces (an out-of-range index of an empty gather
    // still raises IndexError, as in NumPy): the same wait as for a copy.
    wait_stream(stream());
    raise_device_errors();  // Note [Deferred errors]
    return;
  }
  const cudaStream_t s = stream();
  // The work queued before the copy first, in a wait that Ctrl-C can
  // abandon (Note [Interruptible waits]); a copy into pageable memory then
  // returns only when it is done.
  wait_stream(s);
  if (n > kChunk) {
    // Large: the driver's own pipelined copy into pageable memory measured
    // 13 GB/s against 7.3 for staging through two pinned blocks and copying
    // out with memcpy (bench/transfers.py, H100); in pieces of 256 MiB
    // (20 ms each) with the interrupt check between them.
    constexpr size_t kPiece = size_t{256} << 20;
    InterruptPoller poll;
    for (size_t off = 0; off < n; off += kPiece) {
      poll();
      const size_t c = std::min(kPiece, n - off);
      CUNUM_CUDA_CHECK(cudaMemcpyAsync(static_cast<char*>(dst) + off, static_cast<const char*>(src) + off, c,
                                       cudaMemcpyDeviceToHost, s));
      wait_stream(s);
    }
    raise_device_errors();  // Note [Deferred errors]
    return;
  }
  // Small: one pinned block, then a memcpy (lower latency than pageable).
  MemoryPool& pinned = pinned_pool();
  void* buf = pinned.allocate(n, kHostStream);
  cudaError_t r = cudaMemcpyAsync(buf, src, n, cudaMemcpyDeviceToHost, s);
  if (r == cudaSuccess) r = cudaStreamSynchronize(s);  // the copy alone: the queue was waited for above
  if (r == cudaSuccess) parallel_memcpy(dst, buf, n);
  pinned.deallocate(buf, kHostStream);
  CUNUM_CUDA_CHECK(r);
  raise_device_errors();  // Note [Deferred errors]
}

void CudaBackend::copy_to_peer(void* dst, int dst_device, const void* src, size_t n) {
  if (!n) return;
  // Order: the copy waits for work already queued on the destination's current
  // stream (its allocation), runs on the source's current stream (after the
  // writes of src), and later work on the destination stream waits for it.
  // The caller's current device is restored, and the events freed, whatever happens.
  struct Restore {
    int device = -1;
    cudaEvent_t ev[2] = {};
    ~Restore() {
      for (cudaEvent_t e : ev)
        if (e) cudaEventDestroy(e);  // safe while recorded work is pending
      if (device >= 0) cudaSetDevice(device);
    }
  } guard;
  CUNUM_CUDA_CHECK(cudaGetDevice(&guard.device));
  const cudaStream_t src_stream = stream();
  const cudaStream_t dst_stream = current_stream(dst_device);
  CUNUM_CUDA_CHECK(cudaSetDevice(dst_device));
  CUNUM_CUDA_CHECK(cudaEventCreateWithFlags(&guard.ev[0], cudaEventDisableTiming));
  CUNUM_CUDA_CHECK(cudaEventRecord(guard.ev[0], dst_stream));
  CUNUM_CUDA_CHECK(cudaSetDevice(device_));
  CUNUM_CUDA_CHECK(cudaStreamWaitEvent(src_stream, guard.ev[0], 0));
  CUNUM_CUDA_CHECK(cudaMemcpyPeerAsync(dst, dst_device, src, device_, n, src_stream));
  CUNUM_CUDA_CHECK(cudaEventCreateWithFlags(&guard.ev[1], cudaEventDisableTiming));
  CUNUM_CUDA_CHECK(cudaEventRecord(guard.ev[1], src_stream));
  CUNUM_CUDA_CHECK(cudaSetDevice(dst_device));
  CUNUM_CUDA_CHECK(cudaStreamWaitEvent(dst_stream, guard.ev[1], 0));
}

}  // namespace cunum::backend::cuda
