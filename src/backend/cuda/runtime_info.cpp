// cunum::cuda::profiler_start/stop, versions and device_info
// (include/cunum/cuda.hpp): the CUDA runtime's profiler control and the
// facts cunum.show_config() prints, through cunum's own (statically linked)
// runtime.
#include <cuda.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime_api.h>

#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/jit.hpp"
#include "cunum/cuda.hpp"

namespace cunum::cuda {

void profiler_start() {
  CUNUM_CUDA_CHECK(cudaSetDevice(current_device()));
  CUNUM_CUDA_CHECK(cudaProfilerStart());
}

void profiler_stop() {
  CUNUM_CUDA_CHECK(cudaSetDevice(current_device()));
  CUNUM_CUDA_CHECK(cudaProfilerStop());
}

Versions versions() {
  Versions v;
  v.build = CUDA_VERSION;
  if (cudaRuntimeGetVersion(&v.runtime) != cudaSuccess) v.runtime = 0;
  if (cudaDriverGetVersion(&v.driver) != cudaSuccess) v.driver = 0;
  cudaGetLastError();
  try {
    v.nvrtc = backend::cuda::nvrtc_version();
  } catch (...) {  // NVRTC not found: reported as 0
  }
  return v;
}

DeviceInfo device_info(int device) {
  cudaDeviceProp p{};
  CUNUM_CUDA_CHECK(cudaGetDeviceProperties(&p, device));
  char bus[32] = {};
  if (cudaDeviceGetPCIBusId(bus, sizeof bus, device) != cudaSuccess) cudaGetLastError();
  return {p.name, bus, p.totalGlobalMem, p.major, p.minor, p.multiProcessorCount};
}

}  // namespace cunum::cuda
