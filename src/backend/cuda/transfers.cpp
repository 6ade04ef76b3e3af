// Host<->device and device<->device copies of the CUDA backend.
//
// Host memory handed to cunum is ordinary pageable memory (a NumPy array), so
// every host copy is staged through the pinned pool (pinned_pool.hpp):
// - to the device: the host copies a chunk into a pinned block and queues the
//   DMA on the current stream; nothing waits, and the block is reused only once
//   an event says the DMA has read it. The caller may free its memory at once.
// - to the host: chunks alternate between two pinned blocks, so the DMA of one
//   chunk overlaps the host's copy-out of the previous one; the call returns
//   when the data is in `dst`.
#include <algorithm>
#include <cstring>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/pinned_pool.hpp"
#include "backend/cuda/streams.hpp"

namespace cunum::backend::cuda {

namespace {
constexpr size_t kChunk = size_t{8} << 20;
}

void CudaBackend::copy_from_host(void* dst, const void* src, size_t n) {
  if (!n) return;
  use_device();
  const cudaStream_t s = stream();
  MemoryPool& pinned = pinned_pool();
  for (size_t off = 0; off < n; off += kChunk) {
    const size_t c = std::min(kChunk, n - off);
    void* buf = pinned.allocate(c, kHostStream);
    std::memcpy(buf, static_cast<const char*>(src) + off, c);
    const cudaError_t r = cudaMemcpyAsync(static_cast<char*>(dst) + off, buf, c, cudaMemcpyHostToDevice, s);
    pinned.deallocate(buf, s);  // held until the copy queued on s has run
    CUNUM_CUDA_CHECK(r);
  }
}

void CudaBackend::copy_to_host(void* dst, const void* src, size_t n) {
  if (!n) return;
  use_device();
  const cudaStream_t s = stream();
  MemoryPool& pinned = pinned_pool();
  const size_t chunk = std::min(kChunk, n);
  if (n <= kChunk) {
    void* buf = pinned.allocate(n, kHostStream);
    cudaError_t r = cudaMemcpyAsync(buf, src, n, cudaMemcpyDeviceToHost, s);
    if (r == cudaSuccess) r = cudaStreamSynchronize(s);
    if (r == cudaSuccess) std::memcpy(dst, buf, n);
    pinned.deallocate(buf, kHostStream);
    CUNUM_CUDA_CHECK(r);
    return;
  }
  struct Staging {
    void* buf[2] = {};
    cudaEvent_t ev[2] = {};
    ~Staging() {
      for (int i = 0; i < 2; ++i) {
        if (ev[i]) cudaEventSynchronize(ev[i]), cudaEventDestroy(ev[i]);
        if (buf[i]) pinned_pool().deallocate(buf[i], kHostStream);
      }
    }
  } st;
  for (int i = 0; i < 2; ++i) {
    st.buf[i] = pinned.allocate(chunk, kHostStream);
    CUNUM_CUDA_CHECK(cudaEventCreateWithFlags(&st.ev[i], cudaEventDisableTiming));
  }
  // Chunk k goes to buffer k % 2; the host drains chunk k-1 while chunk k is
  // in flight, so buffer k % 2 is free again when chunk k+2 needs it.
  size_t prev_off = 0, prev_len = 0;
  int k = 0;
  for (size_t off = 0; off < n; off += chunk, ++k) {
    const int b = k % 2;
    const size_t c = std::min(chunk, n - off);
    CUNUM_CUDA_CHECK(cudaMemcpyAsync(st.buf[b], static_cast<const char*>(src) + off, c, cudaMemcpyDeviceToHost, s));
    CUNUM_CUDA_CHECK(cudaEventRecord(st.ev[b], s));
    if (k > 0) {
      CUNUM_CUDA_CHECK(cudaEventSynchronize(st.ev[1 - b]));
      std::memcpy(static_cast<char*>(dst) + prev_off, st.buf[1 - b], prev_len);
    }
    prev_off = off;
    prev_len = c;
  }
  const int last = (k - 1) % 2;
  CUNUM_CUDA_CHECK(cudaEventSynchronize(st.ev[last]));
  std::memcpy(static_cast<char*>(dst) + prev_off, st.buf[last], prev_len);
}

void CudaBackend::copy_to_peer(void* dst, int dst_device, const void* src, size_t n) {
  if (!n) return;
  // Order: the copy waits for work already queued on the destination's current
  // stream (its allocation), runs on the source's current stream (after the
  // writes of src), and later work on the destination stream waits for it.
  const cudaStream_t src_stream = stream();
  const cudaStream_t dst_stream = current_stream(dst_device);
  cudaEvent_t dst_ready, copied;
  CUNUM_CUDA_CHECK(cudaSetDevice(dst_device));
  CUNUM_CUDA_CHECK(cudaEventCreateWithFlags(&dst_ready, cudaEventDisableTiming));
  CUNUM_CUDA_CHECK(cudaEventRecord(dst_ready, dst_stream));
  use_device();
  CUNUM_CUDA_CHECK(cudaStreamWaitEvent(src_stream, dst_ready, 0));
  CUNUM_CUDA_CHECK(cudaMemcpyPeerAsync(dst, dst_device, src, device_, n, src_stream));
  CUNUM_CUDA_CHECK(cudaEventCreateWithFlags(&copied, cudaEventDisableTiming));
  CUNUM_CUDA_CHECK(cudaEventRecord(copied, src_stream));
  CUNUM_CUDA_CHECK(cudaSetDevice(dst_device));
  CUNUM_CUDA_CHECK(cudaStreamWaitEvent(dst_stream, copied, 0));
  cudaEventDestroy(dst_ready);  // destroying a recorded event is safe: CUDA frees it when done
  cudaEventDestroy(copied);
  use_device();
}

}  // namespace cunum::backend::cuda
