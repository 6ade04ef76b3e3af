// cunum::cuda::Stream / Event (include/cunum/cuda.hpp) over the CUDA runtime,
// and the per-thread current stream the backend launches on (streams.hpp).
#include "backend/cuda/streams.hpp"

#include <mutex>
#include <unordered_set>

#include "backend/backend.hpp"
#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/cuda_runtime_probe.hpp"
#include "backend/cuda/wait.hpp"
#include "cunum/cuda.hpp"
#include "cunum/device.hpp"
#include "cunum/error.hpp"
#include "cunum/sync_detect.hpp"

namespace cunum::backend::cuda {
namespace {
std::mutex g_retired_mu;
std::unordered_set<cudaStream_t>& retired() {
  static auto* set = new std::unordered_set<cudaStream_t>;  // never destroyed: used at exit
  return *set;
}
}  // namespace
void retire_stream(cudaStream_t s) {
  std::lock_guard<std::mutex> lock(g_retired_mu);
  retired().insert(s);
}
void unretire_stream(cudaStream_t s) {
  std::lock_guard<std::mutex> lock(g_retired_mu);
  retired().erase(s);
}
bool is_retired(cudaStream_t s) {
  std::lock_guard<std::mutex> lock(g_retired_mu);
  return retired().count(s) != 0;
}
}  // namespace cunum::backend::cuda

namespace cunum::cuda {

using backend::cuda::kMaxDevices;
using backend::cuda::t_current_stream;

namespace {
// Validates the device (ValueError when it does not exist), creates its
// backend (primary context) on first use, and makes it the thread's runtime
// device so that handles are created in its context.
int resolve_device(int device) {
  const int d = device < 0 ? current_device() : device;
  backend::get(Device::cuda(d));
  int cur = -1;
  if (cudaGetDevice(&cur) != cudaSuccess || cur != d) CUNUM_CUDA_CHECK(cudaSetDevice(d));
  return d;
}

// cudaStreamQuery / cudaEventQuery: finished, not yet, or a real error.
bool finished(cudaError_t r) {
  if (r == cudaErrorNotReady) {
    cudaGetLastError();
    return false;
  }
  CUNUM_CUDA_CHECK(r);
  return true;
}

// Keeps the thread's current streams alive while they are current.
thread_local std::shared_ptr<void> t_current_owner[kMaxDevices];
}  // namespace

int current_device() {
  const Device d = default_device();
  return d.is_cuda() ? d.index : 0;
}

struct Stream::State {
  cudaStream_t handle = nullptr;
  int device = 0;
  bool owned = false;
  ~State() {
    if (!owned) return;
    // Work still queued may use memory the pool will hand out again under a
    // later stream with the same handle: let it finish first.
    cudaStreamSynchronize(handle);
    backend::cuda::retire_stream(handle);  // Note [Retired streams]
    cudaStreamDestroy(handle);
    cudaGetLastError();
  }
};

Stream::Stream(bool non_blocking, int priority, int device) : st_(std::make_shared<State>()) {
  st_->device = resolve_device(device);
  int least = 0, greatest = 0;
  CUNUM_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  // CUDA clamps priorities into [greatest, least]; so do we.
  if (priority > least) priority = least;
  if (priority < greatest) priority = greatest;
  CUNUM_CUDA_CHECK(cudaStreamCreateWithPriority(
      &st_->handle, non_blocking ? cudaStreamNonBlocking : cudaStreamDefault, priority));
  st_->owned = true;
  backend::cuda::unretire_stream(st_->handle);  // CUDA may reuse a destroyed stream's handle
}

Stream Stream::null_stream(int device) {
  auto st = std::make_shared<State>();
  st->device = resolve_device(device);
  return Stream(std::move(st));
}

Stream Stream::per_thread(int device) {
  auto st = std::make_shared<State>();
  st->device = resolve_device(device);
  st->handle = cudaStreamPerThread;
  return Stream(std::move(st));
}

Stream Stream::external(std::uintptr_t handle, int device) {
  auto st = std::make_shared<State>();
  st->device = resolve_device(device);
  st->handle = reinterpret_cast<cudaStream_t>(handle);
  return Stream(std::move(st));
}

std::uintptr_t Stream::ptr() const { return reinterpret_cast<std::uintptr_t>(st_->handle); }
int Stream::device() const { return st_->device; }
bool Stream::owned() const { return st_->owned; }

void Stream::synchronize() const {
  resolve_device(st_->device);
  backend::cuda::wait_stream(st_->handle);  // Note [Interruptible waits]
}

bool Stream::done() const {
  resolve_device(st_->device);
  return finished(cudaStreamQuery(st_->handle));
}

void Stream::wait_event(const Event& e) const {
  resolve_device(st_->device);
  CUNUM_CUDA_CHECK(cudaStreamWaitEvent(st_->handle, reinterpret_cast<cudaEvent_t>(e.ptr()), 0));
}

Event Stream::record() const {
  Event e(false, false, false, st_->device);
  record(e);
  return e;
}

void Stream::record(const Event& e) const { e.record(*this); }

struct Event::State {
  cudaEvent_t handle = nullptr;
  int device = 0;
  bool timing = true;
  ~State() {
    if (handle) cudaEventDestroy(handle);
    cudaGetLastError();
  }
};

Event::Event(bool block, bool disable_timing, bool interprocess, int device) : st_(std::make_shared<State>()) {
  if (interprocess && !disable_timing)
    throw ValueError("an interprocess event must be created with disable_timing=True");
  st_->device = resolve_device(device);
  unsigned flags = cudaEventDefault;
  if (block) flags |= cudaEventBlockingSync;
  if (disable_timing) flags |= cudaEventDisableTiming;
  if (interprocess) flags |= cudaEventInterprocess;
  CUNUM_CUDA_CHECK(cudaEventCreateWithFlags(&st_->handle, flags));
  st_->timing = !disable_timing;
}

void Event::record(const Stream& s) const {
  if (s.device() != st_->device)
    throw ValueError("the event belongs to cuda:" + std::to_string(st_->device) +
                     " but the stream to cuda:" + std::to_string(s.device()));
  resolve_device(st_->device);
  CUNUM_CUDA_CHECK(cudaEventRecord(st_->handle, reinterpret_cast<cudaStream_t>(s.ptr())));
}

void Event::record() const { record(current_stream(st_->device)); }

void Event::synchronize() const {
  check_synchronize_allowed();  // Note [Synchronization detection]
  resolve_device(st_->device);
  backend::cuda::wait_event(st_->handle);
}

bool Event::done() const {
  resolve_device(st_->device);
  return finished(cudaEventQuery(st_->handle));
}

std::uintptr_t Event::ptr() const { return reinterpret_cast<std::uintptr_t>(st_->handle); }
int Event::device() const { return st_->device; }
bool Event::timing() const { return st_->timing; }

float elapsed_time(const Event& start, const Event& end) {
  if (!start.timing() || !end.timing())
    throw ValueError("elapsed time needs two events created without disable_timing");
  end.synchronize();
  float ms = 0;
  const cudaError_t r = cudaEventElapsedTime(&ms, reinterpret_cast<cudaEvent_t>(start.ptr()),
                                             reinterpret_cast<cudaEvent_t>(end.ptr()));
  if (r == cudaErrorInvalidResourceHandle || r == cudaErrorNotReady) {
    cudaGetLastError();
    throw ValueError("elapsed time needs both events recorded (and completed)");
  }
  CUNUM_CUDA_CHECK(r);
  return ms;
}

Stream current_stream(int device) {
  const int d = device < 0 ? current_device() : device;
  if (d >= kMaxDevices) throw ValueError("cuda:" + std::to_string(d) + " is out of range");
  if (auto owner = std::static_pointer_cast<Stream::State>(t_current_owner[d])) return Stream(owner);
  return Stream::null_stream(d);
}

std::uintptr_t current_stream_ptr(int device) {
  if (device < 0 || device >= kMaxDevices || device >= backend::cuda::usable_device_count())
    throw ValueError("cuda:" + std::to_string(device) + " is not a usable CUDA device");
  return reinterpret_cast<std::uintptr_t>(t_current_stream[device]);
}

void set_current_stream(const Stream& s) {
  const int d = s.device();
  if (d >= kMaxDevices) throw ValueError("cuda:" + std::to_string(d) + " is out of range");
  t_current_owner[d] = s.st_;
  t_current_stream[d] = reinterpret_cast<cudaStream_t>(s.ptr());
}

StreamGuard::StreamGuard(const Stream& s) : prev_(current_stream(s.device())) { set_current_stream(s); }
StreamGuard::~StreamGuard() { set_current_stream(prev_); }

}  // namespace cunum::cuda
