#include "backend/cuda/cuda_backend.hpp"

#include "backend/cuda/device_errors.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/disk_cache.hpp"
#include "backend/cuda/jit.hpp"
#include "backend/cuda/jit_log.hpp"
#include "backend/cuda/streams.hpp"
#include "backend/cuda/wait.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

void* CudaBackend::DeviceUpstream::allocate(size_t bytes) {
  cudaSetDevice(device);
  void* p = nullptr;
  if (cudaMalloc(&p, bytes) != cudaSuccess) {
    cudaGetLastError();
    return nullptr;
  }
  return p;
}
void CudaBackend::DeviceUpstream::deallocate(void* p, size_t) noexcept {
  cudaSetDevice(device);
  cudaFree(p);
}
void* CudaBackend::DeviceUpstream::record_event(StreamHandle s) {
  cudaSetDevice(device);
  return CudaEventUpstream::record_event(s);
}
void CudaBackend::DeviceUpstream::synchronize_all() {
  cudaSetDevice(device);
  CUNUM_CUDA_CHECK(cudaDeviceSynchronize());
}

CudaBackend::CudaBackend(int device)
    : device_(device), upstream_(device), pool_(new MemoryPool(upstream_)) {
  // Make the device's primary context current (and created) on this thread.
  CUNUM_CUDA_CHECK(cudaSetDevice(device));
  CUNUM_CUDA_CHECK(cudaFree(nullptr));
  cudaDeviceProp prop;
  CUNUM_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  arch_ = prop.major * 10 + prop.minor;
  sm_count_ = prop.multiProcessorCount;
  // CUNUM_GPU_MEMORY_LIMIT: bytes ("8000000000") or a fraction of the device ("0.5").
  if (const char* env = std::getenv("CUNUM_GPU_MEMORY_LIMIT"); env && *env) {
    const double v = std::atof(env);
    if (v > 0 && v <= 1.0 && std::string(env).find('.') != std::string::npos)
      pool_->set_limit(static_cast<size_t>(v * static_cast<double>(prop.totalGlobalMem)));
    else if (v > 0)
      pool_->set_limit(static_cast<size_t>(v));
  }
}

std::pair<size_t, size_t> CudaBackend::mem_info() {
  use_device();
  size_t free = 0, total = 0;
  CUNUM_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  return {free, total};
}

cudaStream_t CudaBackend::stream() const { return current_stream(device_); }

// cudaGetDevice is a thread-local read; cudaSetDevice is not free, so it is
// called only when the thread's current device differs.
void CudaBackend::use_device() const {
  int cur = -1;
  if (cudaGetDevice(&cur) == cudaSuccess && cur == device_) return;
  CUNUM_CUDA_CHECK(cudaSetDevice(device_));
}

void CudaBackend::synchronize() {
  use_device();
  wait_stream(stream());  // Note [Interruptible waits]
  raise_device_errors();  // Note [Deferred errors]
}

LoadedKernel CudaBackend::build_kernel(uint64_t k, const std::string& src, bool fmad) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = kernels_.find(k);
  if (it != kernels_.end()) return it->second;  // another thread built it meanwhile
  use_device();  // functions are resolved for the current context
  // The flag is part of the source text, so the disk cache keys on it too.
  const std::string source = src + (fmad ? "" : "// --fmad=false\n");
  JitLog log(k, source.size());
  LoadedKernel kern;
  if (std::optional<std::vector<char>> cached = disk_cache_load(source, arch_)) {
    log.lap(JitLog::CacheRead);
    try {
      kern = load_kernel(*cached);
      log.lap(JitLog::Load);
    } catch (const Error&) {
      kern = LoadedKernel{};  // a corrupt entry is only a miss
    }
  } else {
    log.lap(JitLog::CacheRead);
  }
  if (!kern.kernel) {
    std::vector<char> cubin = compile_to_cubin(source, arch_, fmad);
    log.lap(JitLog::Compile);
    disk_cache_store(source, arch_, cubin);
    log.lap(JitLog::CacheWrite);
    kern = load_kernel(cubin);
    log.lap(JitLog::Load);
  }
  // Occupancy at 256 threads, once per kernel: reductions size their chunk
  // counts so that one wave of blocks fills every SM.
  int blocks = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reinterpret_cast<const void*>(kern.kernel), 256, 0) ==
      cudaSuccess)
    kern.blocks_per_sm = blocks;
  else
    cudaGetLastError();
  log.lap(JitLog::Occupancy);
  kernels_.emplace(k, kern);
  return kern;
}

void CudaBackend::launch(const LoadedKernel& k, ParamBlock& p, int64_t n, int block) {
  if (n <= 0) return;
  use_device();
  const int64_t want = (n + block - 1) / block;
  const unsigned grid = static_cast<unsigned>(std::min<int64_t>(want, int64_t(sm_count_) * 32));
  void* args[] = {p.bytes.data()};
  launch_kernel(k, dim3(grid), dim3(block), args, stream());
}

ParamBlock CudaBackend::plan_params(const LoopPlan& plan) {
  const int nd = static_cast<int>(plan.shape.size());
  ParamBlock p(nd);
  for (int k = 0; k < plan.nops; ++k) p.set_data(k, plan.data[k]);
  p.set_n(plan.size());
  for (int d = 0; d < nd; ++d) {
    p.set_shape(d, plan.shape[d]);
    for (int k = 0; k < plan.nops; ++k) p.set_stride(k, d, plan.strides[k][d]);
  }
  return p;
}

void CudaBackend::launch_plan(const LoadedKernel& k, const LoopPlan& plan, ParamBlock& p) {
  launch(k, p, plan.size());
}

void CudaBackend::copy_where(const LoopPlan& plan, DType src, DType dst) {
  const int nd = static_cast<int>(plan.shape.size());
  LoadedKernel k = kernel(key(Family::CastWhere, 0, src, dst, nd, plan.index32),
                          [&] { return cast_source(src, dst, nd, plan.index32, true); });
  ParamBlock p = plan_params(plan);
  launch_plan(k, plan, p);
}

void CudaBackend::fill(const LoopPlan& plan, DType dst, const Scalar& value) {
  const int nd = static_cast<int>(plan.shape.size());
  if (copy_rows(plan, dst, dst, &value)) return;  // Note [Row copies]
  LoadedKernel k = kernel(key(Family::Fill, 0, dst, dst, nd, plan.index32),
                          [&] { return fill_source(dst, nd, plan.index32); });
  ParamBlock p = plan_params(plan);
  alignas(16) unsigned char bytes[16] = {};
  value.store(dst, bytes);
  p.set_value(bytes, sizeof bytes);
  launch_plan(k, plan, p);
}

void CudaBackend::iota(void* dst, int64_t n, DType dtype, const Scalar& start, const Scalar& step) {
  // No FMA contraction: start + i * step must round as on the host (NumPy).
  LoadedKernel k = kernel(key(Family::Iota, 0, dtype, dtype, 0, false), [&] { return iota_source(dtype); },
                          /*fmad=*/false);
  ParamBlock p(0);
  p.set_data(0, dst);
  p.set_n(n);
  if (is_integer(dtype) || is_bool(dtype)) {
    p.set_iaux(0, start.as_int64());
    p.set_iaux(1, step.as_int64());
  } else if (is_complex(dtype)) {
    p.set_aux(0, start.kind == Scalar::Kind::Complex ? start.re : start.as_double());
    p.set_aux(1, start.kind == Scalar::Kind::Complex ? start.im : 0.0);
    p.set_aux(2, step.kind == Scalar::Kind::Complex ? step.re : step.as_double());
    p.set_aux(3, step.kind == Scalar::Kind::Complex ? step.im : 0.0);
  } else {
    p.set_aux(0, start.as_double());
    p.set_aux(2, step.as_double());
  }
  launch(k, p, n);
}

}  // namespace cunum::backend::cuda
