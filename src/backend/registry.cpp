// Which backend serves which device. A build without CUDA registers only the
// CPU; asking for a GPU then fails with a clear error rather than a crash.
#include "backend/backend.hpp"
#include "backend/cpu/cpu_backend.hpp"
#include "cunum/error.hpp"

#if CUNUM_WITH_CUDA
#include "backend/cuda/cuda_runtime_probe.hpp"
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
  // The CUDA backend's kernels land with the CUDA-backend issue; until then a
  // GPU is detected but not used by default.
  return device.is_cpu();
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
  throw ValueError("device " + device.str() +
                   ": the CUDA backend's kernels are not available in this build yet");
}

}  // namespace backend
}  // namespace cunum
