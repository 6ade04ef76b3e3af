// cunum/cuda.hpp — CUDA streams and events (CuPy's cupy.cuda.Stream/Event).
//
//   cunum::cuda::Stream s(/*non_blocking=*/true);
//   {
//     cunum::cuda::StreamGuard g(s);   // kernels and copies of this thread go on s
//     auto y = cunum::sin(x);
//   }
//   cunum::cuda::Event e = s.record();
//   e.synchronize();
//
// Every kernel, copy and allocation cunum issues for a CUDA device is ordered
// on the calling thread's current stream of that device (the legacy default
// stream unless changed). In a build without CUDA these throw ValueError.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cunum {
class ndarray;
}

namespace cunum::cuda {

class Event;

class Stream {
 public:
  // A new stream on `device` (-1: the current CUDA device, see current_device()).
  explicit Stream(bool non_blocking = false, int priority = 0, int device = -1);
  // The legacy default stream (handle 0) and the per-thread default stream.
  static Stream null_stream(int device = -1);
  static Stream per_thread(int device = -1);
  // A stream made elsewhere (another library); cunum never destroys it.
  static Stream external(std::uintptr_t handle, int device = -1);

  std::uintptr_t ptr() const;  // the cudaStream_t
  int device() const;
  bool is_null() const { return ptr() == 0; }
  bool owned() const;          // created (and destroyed) by cunum
  // Waits for all work queued on this stream.
  void synchronize() const;
  // Whether all work queued on this stream has finished (never blocks).
  bool done() const;
  // Later work on this stream waits for `e`.
  void wait_event(const Event& e) const;
  // Records an event on this stream now (a new timing event when none given).
  Event record() const;
  void record(const Event& e) const;
  bool operator==(const Stream& o) const { return ptr() == o.ptr() && device() == o.device(); }

 private:
  struct State;
  explicit Stream(std::shared_ptr<State> st) : st_(std::move(st)) {}
  std::shared_ptr<State> st_;
  friend Stream current_stream(int);
  friend void set_current_stream(const Stream&);
};

class Event {
 public:
  // block: synchronize() yields the CPU instead of spinning.
  explicit Event(bool block = false, bool disable_timing = false, bool interprocess = false, int device = -1);
  void record(const Stream& s) const;
  void record() const;  // on the current stream of the event's device
  void synchronize() const;
  bool done() const;
  std::uintptr_t ptr() const;  // the cudaEvent_t
  int device() const;
  bool timing() const;

 private:
  struct State;
  std::shared_ptr<State> st_;
};

// Milliseconds between two recorded timing events (cudaEventElapsedTime);
// ValueError if either was made with disable_timing or has not completed.
float elapsed_time(const Event& start, const Event& end);

// The CUDA device new work goes to: the current thread's cunum device when it
// is a GPU, else device 0.
int current_device();
// The calling thread's current stream on `device` (-1: current_device()).
Stream current_stream(int device = -1);
// Its cudaStream_t (0: the legacy default stream), read without making a
// Stream or touching the device: for per-call paths (the DLPack handshake).
// `device` must be a usable CUDA device (ValueError when out of range).
std::uintptr_t current_stream_ptr(int device);
// Makes `s` the calling thread's current stream on s.device(). The stream is
// kept alive while it is current.
void set_current_stream(const Stream& s);
// The CUDA device whose memory `p` points into (device or managed memory from
// any allocator), or -1 when CUDA does not know the pointer (host memory).
// How cunum places a foreign array (__cuda_array_interface__) it is handed.
int pointer_device(const void* p);

// Makes a stream current for a scope, then restores the previous one.
class StreamGuard {
 public:
  explicit StreamGuard(const Stream& s);
  ~StreamGuard();
  StreamGuard(const StreamGuard&) = delete;
  StreamGuard& operator=(const StreamGuard&) = delete;

 private:
  Stream prev_;
};

// ---------------------------------------------------------------- memory
// Where new device arrays get their memory (cupy.cuda.set_allocator), for
// every device of the process:
//   Pool    the caching, stream-ordered pool (the default; see memory_pool.hpp)
//   Direct  cudaMalloc/cudaFree per array (the pool bypassed)
//   Async   cudaMallocAsync/cudaFreeAsync on the current stream (the driver's pool)
//   Managed cudaMallocManaged (unified memory)
enum class AllocatorKind : uint8_t { Pool, Direct, Async, Managed };
void set_allocator(AllocatorKind kind);
// The calling thread's allocator: its override if set, else the process's.
AllocatorKind get_allocator();
// A per-thread override (cupy.cuda.using_allocator); -1 clears it.
void set_thread_allocator(int kind);
int get_thread_allocator();  // -1: none

// One raw allocation of `kind` on `device` (-1: current_device()); free it
// with raw_free and the same kind. Throws OutOfMemoryError.
void* raw_malloc(AllocatorKind kind, size_t nbytes, int device = -1);
void raw_free(AllocatorKind kind, void* p, int device = -1) noexcept;

// Work on `s` uses a's memory: when the memory is freed, it is not reused
// before that work is done (a pool allocation; others are ignored).
void record_stream(const ndarray& a, const Stream& s);

// The pinned (page-locked) host pool that stages host<->device copies.
struct PinnedPoolStats {
  size_t used_bytes = 0, total_bytes = 0, n_free_blocks = 0;
};
PinnedPoolStats pinned_pool_stats();
void pinned_pool_free_all();
// Page-locked host memory for the user (cupy.cuda.alloc_pinned_memory):
// `nbytes` usable by asynchronous copies to and from every device, from the
// pinned pool (`pooled`) or from cudaHostAlloc directly; freed with
// pinned_free and the same `pooled`, once no copy still uses it (a pooled
// block is reusable at once). Throws OutOfMemoryError; in a build without
// CUDA, ValueError.
void* pinned_malloc(size_t nbytes, bool pooled = true);
void pinned_free(void* p, bool pooled = true) noexcept;

// cudaProfilerStart / cudaProfilerStop (cupyx.profiler.profile): the range
// an attached profiler (Nsight Systems with --capture-range=cudaProfilerApi,
// Nsight Compute) records. ValueError without CUDA.
void profiler_start();
void profiler_stop();

// What cunum.show_config() prints. Versions as CUDA writes them (12080 is
// 12.8): the toolkit cunum was built with (0 without CUDA), the runtime, the
// driver (0 without one) and NVRTC (0 when not found).
struct Versions {
  int build = 0, runtime = 0, driver = 0, nvrtc = 0;
};
Versions versions();
struct DeviceInfo {
  std::string name, pci_bus_id;
  size_t total_memory = 0;
  int major = 0, minor = 0, multiprocessors = 0;
};
DeviceInfo device_info(int device);  // cudaGetDeviceProperties

// The device's cudaMallocAsync pool, as used by AllocatorKind::Async.
struct AsyncPoolStats {
  size_t used_bytes = 0, total_bytes = 0;
};
AsyncPoolStats async_pool_stats(int device = -1);
void async_pool_free_all(int device = -1);
void async_pool_set_limit(size_t bytes, int device = -1);  // 0: none
size_t async_pool_get_limit(int device = -1);

// cuFFT's plan cache of one device (cunum.fft.config.get_plan_cache(), as
// CuPy's): at most max_size plans (-1: no limit) whose work areas together
// need at most max_memsize bytes (-1: no limit); 0 for either disables it.
// Work areas come from the device's memory pool at each call, so `memsize`
// is what the cached plans would take while they run, not memory held.
struct FftPlanCacheInfo {
  int device = 0;
  bool enabled = true;
  int64_t size = 0, max_size = 16, memsize = 0, max_memsize = -1;
  uint64_t hits = 0, misses = 0;
  std::vector<std::string> plans;  // most recently used first
};
FftPlanCacheInfo fft_plan_cache_info(int device = -1);
void fft_plan_cache_set_size(int64_t size, int device = -1);
void fft_plan_cache_set_memsize(int64_t bytes, int device = -1);
void fft_plan_cache_clear(int device = -1);

}  // namespace cunum::cuda
