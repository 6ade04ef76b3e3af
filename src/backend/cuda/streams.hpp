// The current stream of each device, per thread (CuPy's model: `with stream:`
// or `stream.use()` changes it for the calling thread only). The backend reads
// it on every launch, so it is a plain thread-local array.
#pragma once
#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>

namespace cunum::backend::cuda {

inline constexpr int kMaxDevices = 64;
// nullptr: the legacy default stream (CuPy's Stream.null).
inline thread_local cudaStream_t t_current_stream[kMaxDevices] = {};

inline cudaStream_t current_stream(int device) { return t_current_stream[device]; }

// Note [Per-thread default stream in the pool]
// The memory pool reuses a freed block at once for the stream it was freed on
// (stream order protects it) and keys its free lists by stream handle. The
// per-thread default stream has one handle (cudaStreamPerThread) but is a
// different stream in every thread, so the pool gets a key per thread
// instead: (thread number << 2) | 3, never a real handle (those are aligned
// pointers, 0, or 2). An event for such a key is recorded on
// cudaStreamPerThread by its own thread, and on the legacy stream (which is
// ordered after every blocking stream, per-thread ones included) by any other.
inline void* ptds_pool_key() {
  static std::atomic<uintptr_t> next{1};
  thread_local const uintptr_t key = (next.fetch_add(1) << 2) | 3;
  return reinterpret_cast<void*>(key);
}
inline void* pool_key(cudaStream_t s) { return s == cudaStreamPerThread ? ptds_pool_key() : static_cast<void*>(s); }
// Note [Retired streams]
// A block may remember a stream that was used on it (its allocation stream,
// record_stream) after cunum destroyed that stream. Every stream cunum
// destroys is synchronized first, so its work is done; its handle is marked
// retired (until CUDA hands the same handle to a new stream) and nothing is
// ever recorded on it again: stream_of_pool_key gives the legacy stream for
// it, which is valid and orders after any other blocking stream.
void retire_stream(cudaStream_t s);
void unretire_stream(cudaStream_t s);
bool is_retired(cudaStream_t s);

inline cudaStream_t stream_of_pool_key(void* key) {
  if ((reinterpret_cast<uintptr_t>(key) & 3) != 3) {
    const auto s = static_cast<cudaStream_t>(key);
    return s && is_retired(s) ? nullptr : s;
  }
  return key == ptds_pool_key() ? cudaStreamPerThread : nullptr;
}

}  // namespace cunum::backend::cuda
