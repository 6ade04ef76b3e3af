// Where device memory comes from: the caching pool (default), or, after
// cunum.cuda.set_allocator, cudaMalloc, cudaMallocAsync or cudaMallocManaged;
// plus the public memory API of include/cunum/cuda.hpp.
#include <atomic>
#include <optional>
#include <string>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/pinned_pool.hpp"
#include "backend/cuda/streams.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

using AllocatorKind = ::cunum::cuda::AllocatorKind;

namespace {
std::atomic<AllocatorKind> g_allocator{AllocatorKind::Pool};
thread_local int t_allocator = -1;  // the thread's override (using_allocator), -1: none

AllocatorKind effective_allocator() {
  return t_allocator >= 0 ? static_cast<AllocatorKind>(t_allocator) : g_allocator.load(std::memory_order_relaxed);
}

OutOfMemoryError oom(size_t bytes, const char* how, int device) {
  size_t free = 0, total = 0;
  cudaMemGetInfo(&free, &total);
  cudaGetLastError();
  return OutOfMemoryError("out of memory: cannot allocate " + std::to_string(bytes) + " bytes on cuda:" +
                          std::to_string(device) + " with " + how + " (" + std::to_string(free) +
                          " of " + std::to_string(total) + " bytes free on the device)");
}

cudaMemPool_t default_async_pool(int device) {
  cudaMemPool_t pool;
  CUNUM_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, device));
  return pool;
}

size_t async_attr(int device, cudaMemPoolAttr attr) {
  unsigned long long v = 0;  // the attribute is a cuuint64_t
  CUNUM_CUDA_CHECK(cudaMemPoolGetAttribute(default_async_pool(device), attr, &v));
  return static_cast<size_t>(v);
}
}  // namespace

void* CudaBackend::raw_allocate(AllocatorKind kind, size_t n) {
  use_device();
  void* p = nullptr;
  switch (kind) {
    case AllocatorKind::Pool:
      return pool_->allocate(n, pool_key(stream()));
    case AllocatorKind::Direct:
      if (cudaMalloc(&p, n) != cudaSuccess) {
        cudaGetLastError();
        pool_->free_all_blocks();  // cached pool memory is the first thing to give back
        if (cudaMalloc(&p, n) != cudaSuccess) throw oom(n, "cudaMalloc (the memory pool bypassed)", device_);
      }
      return p;
    case AllocatorKind::Async: {
      const size_t limit = async_limit_.load(std::memory_order_relaxed);
      if (limit && async_attr(device_, cudaMemPoolAttrUsedMemCurrent) + n > limit)
        throw OutOfMemoryError("out of memory: cannot allocate " + std::to_string(n) + " bytes on cuda:" +
                               std::to_string(device_) + " from the cudaMallocAsync pool (limit " +
                               std::to_string(limit) + " bytes, " +
                               std::to_string(async_attr(device_, cudaMemPoolAttrUsedMemCurrent)) + " in use)");
      if (cudaMallocAsync(&p, n, stream()) != cudaSuccess) {
        cudaGetLastError();
        pool_->free_all_blocks();
        CUNUM_CUDA_CHECK(cudaDeviceSynchronize());
        CUNUM_CUDA_CHECK(cudaMemPoolTrimTo(default_async_pool(device_), 0));
        if (cudaMallocAsync(&p, n, stream()) != cudaSuccess) throw oom(n, "cudaMallocAsync", device_);
      }
      return p;
    }
    case AllocatorKind::Managed:
      if (cudaMallocManaged(&p, n ? n : 1, cudaMemAttachGlobal) != cudaSuccess) {
        cudaGetLastError();
        pool_->free_all_blocks();
        if (cudaMallocManaged(&p, n ? n : 1, cudaMemAttachGlobal) != cudaSuccess)
          throw oom(n, "cudaMallocManaged", device_);
      }
      return p;
  }
  return nullptr;
}

void CudaBackend::raw_deallocate(AllocatorKind kind, void* p) noexcept {
  if (!p) return;
  switch (kind) {
    case AllocatorKind::Pool: pool_->deallocate(p, pool_key(stream())); break;
    case AllocatorKind::Direct:
    case AllocatorKind::Managed: cudaSetDevice(device_); cudaFree(p); break;
    case AllocatorKind::Async: free_async(p, pool_key(stream()), {}); return;
  }
  cudaGetLastError();
}

void* CudaBackend::allocate(size_t nbytes) {
  const AllocatorKind kind = effective_allocator();
  if (kind == AllocatorKind::Pool) return pool_->allocate(nbytes, pool_key(stream()));
  void* p = raw_allocate(kind, nbytes);
  if (p) {
    std::lock_guard<std::mutex> lock(foreign_mu_);
    foreign_.emplace(p, Foreign{kind, pool_key(stream()), {}});
    n_foreign_.store(foreign_.size(), std::memory_order_release);
  }
  return p;
}

// cudaFreeAsync on the current stream S lets work ordered after S reuse the
// memory, so S first waits for every other stream that used the block (its
// allocation stream and record_stream's), as the caching pool does with events.
void CudaBackend::free_async(void* p, void* alloc_key, const std::vector<void*>& uses) noexcept {
  cudaSetDevice(device_);
  const cudaStream_t s = stream();
  auto wait_for = [&](void* key) {
    const cudaStream_t other = stream_of_pool_key(key);  // a retired stream: the legacy one
    if (other == s) return;
    cudaEvent_t e;
    if (cudaEventCreateWithFlags(&e, cudaEventDisableTiming) != cudaSuccess) {
      cudaStreamSynchronize(other);  // cannot order by event: wait for it
      return;
    }
    cudaEventRecord(e, other);
    cudaStreamWaitEvent(s, e, 0);
    cudaEventDestroy(e);
  };
  wait_for(alloc_key);
  for (void* k : uses) wait_for(k);
  cudaFreeAsync(p, s);
  cudaGetLastError();
}

void CudaBackend::record_stream(void* p, cudaStream_t s) {
  if (n_foreign_.load(std::memory_order_acquire) != 0) {
    std::lock_guard<std::mutex> lock(foreign_mu_);
    if (auto it = foreign_.find(p); it != foreign_.end()) {
      it->second.uses.push_back(pool_key(s));  // cudaFree of the other kinds waits for the device anyway
      return;
    }
  }
  pool_->record_stream(p, pool_key(s));
}

void CudaBackend::deallocate(void* p, size_t) noexcept {
  if (!p) return;
  if (n_foreign_.load(std::memory_order_acquire) != 0) {
    std::optional<Foreign> f;
    {
      std::lock_guard<std::mutex> lock(foreign_mu_);
      auto it = foreign_.find(p);
      if (it != foreign_.end()) {
        f = std::move(it->second);
        foreign_.erase(it);
        n_foreign_.store(foreign_.size(), std::memory_order_release);
      }
    }
    if (f && f->kind == AllocatorKind::Async) return free_async(p, f->stream, f->uses);
    if (f) return raw_deallocate(f->kind, p);
  }
  pool_->deallocate(p, pool_key(stream()));
}

::cunum::cuda::AsyncPoolStats CudaBackend::async_pool_stats() {
  use_device();
  return {async_attr(device_, cudaMemPoolAttrUsedMemCurrent), async_attr(device_, cudaMemPoolAttrReservedMemCurrent)};
}

void CudaBackend::async_pool_free_all() {
  use_device();
  CUNUM_CUDA_CHECK(cudaDeviceSynchronize());  // blocks freed on streams must be really free
  CUNUM_CUDA_CHECK(cudaMemPoolTrimTo(default_async_pool(device_), 0));
}

}  // namespace cunum::backend::cuda

// ---------------------------------------------------------------- public API
namespace cunum::cuda {

namespace {
backend::cuda::CudaBackend& backend_of(int device) {
  const int d = device < 0 ? current_device() : device;
  return static_cast<backend::cuda::CudaBackend&>(backend::get(Device::cuda(d)));
}
}  // namespace

void set_allocator(AllocatorKind kind) { backend::cuda::g_allocator.store(kind); }
AllocatorKind get_allocator() { return backend::cuda::effective_allocator(); }
void set_thread_allocator(int kind) {
  if (kind < -1 || kind > static_cast<int>(AllocatorKind::Managed)) throw ValueError("unknown allocator kind");
  backend::cuda::t_allocator = kind;
}
int get_thread_allocator() { return backend::cuda::t_allocator; }

void* raw_malloc(AllocatorKind kind, size_t nbytes, int device) { return backend_of(device).raw_allocate(kind, nbytes); }
void raw_free(AllocatorKind kind, void* p, int device) noexcept {
  try {
    backend_of(device).raw_deallocate(kind, p);
  } catch (...) {  // the device could not be reached: nothing to free there
  }
}

PinnedPoolStats pinned_pool_stats() {
  auto s = backend::cuda::pinned_pool().stats();
  return {s.used_bytes, s.total_bytes, s.n_free_blocks};
}
void pinned_pool_free_all() { backend::cuda::pinned_pool().free_all_blocks(); }

void* pinned_malloc(size_t nbytes, bool pooled) {
  if (pooled) return backend::cuda::pinned_pool().allocate(nbytes, backend::cuda::kHostStream);
  void* p = nullptr;
  if (cudaHostAlloc(&p, nbytes ? nbytes : 1, cudaHostAllocPortable) != cudaSuccess) {
    cudaGetLastError();
    throw OutOfMemoryError("out of memory: cannot allocate " + std::to_string(nbytes) + " bytes of pinned host memory");
  }
  return p;
}
void pinned_free(void* p, bool pooled) noexcept {
  if (!p) return;
  if (pooled) backend::cuda::pinned_pool().deallocate(p, backend::cuda::kHostStream);
  else cudaFreeHost(p);
}

AsyncPoolStats async_pool_stats(int device) { return backend_of(device).async_pool_stats(); }
void async_pool_free_all(int device) { backend_of(device).async_pool_free_all(); }
void async_pool_set_limit(size_t bytes, int device) { backend_of(device).async_pool_set_limit(bytes); }
size_t async_pool_get_limit(int device) { return backend_of(device).async_pool_get_limit(); }

}  // namespace cunum::cuda
