// The driver's floor for one kernel launch on this machine: host time per
// cuLaunchKernel of an empty kernel with a parameter block the size cunum's
// kernels take, on the legacy default stream, the per-thread default stream and
// created (blocking and non-blocking) streams.
//   nvcc -O2 -arch=sm_90 bench/launch_floor.cu -lcuda -o /tmp/launch_floor && /tmp/launch_floor
#include <cuda.h>
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>

struct Params { char bytes[160]; };  // cunum: 104 fixed bytes + 40 per dimension

__global__ void empty_kernel(Params) {}

static double per_launch_us(CUfunction f, CUstream s, int n) {
  Params p{};
  void* args[] = {&p};
  for (int i = 0; i < 1000; ++i) cuLaunchKernel(f, 4, 1, 1, 256, 1, 1, 0, s, args, nullptr);
  cuStreamSynchronize(s);
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) cuLaunchKernel(f, 4, 1, 1, 256, 1, 1, 0, s, args, nullptr);
  cuStreamSynchronize(s);
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::micro>(t1 - t0).count() / n;
}

int main() {
  cudaFree(nullptr);
  cudaFunction_t rf;
  if (cudaGetFuncBySymbol(&rf, reinterpret_cast<const void*>(empty_kernel)) != cudaSuccess) return 1;
  CUfunction f = reinterpret_cast<CUfunction>(rf);
  CUstream blocking, non_blocking;
  cuStreamCreate(&blocking, CU_STREAM_DEFAULT);
  cuStreamCreate(&non_blocking, CU_STREAM_NON_BLOCKING);
  const int n = 100000;
  for (int rep = 0; rep < 2; ++rep)
    std::printf("empty kernel, 160-byte params, us/launch: legacy %.3f, per-thread %.3f, created blocking %.3f, "
                "created non-blocking %.3f\n",
                per_launch_us(f, nullptr, n), per_launch_us(f, CU_STREAM_PER_THREAD, n),
                per_launch_us(f, blocking, n), per_launch_us(f, non_blocking, n));
  Params p{};
  void* args[] = {&p};
  cudaError_t e = cudaSuccess;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) e = cudaLaunchKernel(reinterpret_cast<const void*>(empty_kernel), dim3(4), dim3(256), args, 0, nullptr);
  cudaDeviceSynchronize();
  const auto t1 = std::chrono::steady_clock::now();
  std::printf("runtime cudaLaunchKernel: %.3f us/launch (%s)\n",
              std::chrono::duration<double, std::micro>(t1 - t0).count() / n, cudaGetErrorName(e));
  return 0;
}
