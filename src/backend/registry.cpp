// Which backend serves which device. A build without CUDA registers only the
// CPU; asking for a GPU then fails with a clear error rather than a crash.
#include "backend/backend.hpp"
#include "backend/cpu/cpu_backend.hpp"
#include "cunum/error.hpp"

#if CUNUM_WITH_CUDA
#include <atomic>
#include <mutex>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_runtime_probe.hpp"
#include "backend/cuda/streams.hpp"
#endif

namespace cunum {

int cuda_device_count() {
#if CUNUM_WITH_CUDA
  return backend::cuda::usable_device_count();
#else
  return 0;
#endif
}

namespace backend {

bool available(Device device) {
  if (device.is_cpu()) return true;
  return device.index >= 0 && device.index < cuda_device_count();
}

Backend& get(Device device) {
  if (device.is_cpu()) {
    static cpu::CpuBackend cpu_backend;
    return cpu_backend;
  }
  const int n = cuda_device_count();
  if (n == 0)
    throw ValueError("device " + device.str() +
                     " is not available: no usable CUDA device (set CUNUM_DEVICE=cpu)");
  if (device.index < 0 || device.index >= n)
    throw ValueError("device " + device.str() + " does not exist (" + std::to_string(n) +
                     " CUDA device(s) present)");
#if CUNUM_WITH_CUDA
  // One backend per device, made on first use and never destroyed: arrays
  // freed during interpreter shutdown may still need it.
  // The lookup on every call is one atomic load; the lock is taken only to make one.
  static std::atomic<cuda::CudaBackend*> backends[cuda::kMaxDevices] = {};
  static std::mutex mu;
  std::atomic<cuda::CudaBackend*>& slot = backends[device.index];
  if (cuda::CudaBackend* b = slot.load(std::memory_order_acquire)) return *b;
  std::lock_guard<std::mutex> lock(mu);
  cuda::CudaBackend* b = slot.load(std::memory_order_relaxed);
  if (!b) {
    b = new cuda::CudaBackend(device.index);
    slot.store(b, std::memory_order_release);
  }
  return *b;
#else
  throw ValueError("device " + device.str() + ": cunum was built without CUDA");
#endif
}

}  // namespace backend
}  // namespace cunum
