// CudaBackend::fft: the FFT family on cuFFT (Note [FFT plans]), with a plan
// cache per device (cunum.fft.config.get_plan_cache()).
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/cufft_api.hpp"
#include "backend/cuda/streams.hpp"
#include "cunum/cuda.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {

void check(cufft_result r, const char* what) {
  if (r == kCufftSuccess) return;
  const std::string msg = std::string("cuFFT error in ") + what + ": code " + std::to_string(int(r));
  if (r == kCufftAllocFailed) throw OutOfMemoryError(msg);
  throw Error(msg);
}

// Everything a cuFFT plan depends on; the direction of a C2C transform is
// given at execution, so one plan serves both.
struct PlanKey {
  FftKind kind;
  bool dbl;
  int rank;
  std::array<int64_t, 3> n;
  int64_t batch, in_stride, in_dist, out_stride, out_dist;
  bool operator==(const PlanKey& o) const {
    return kind == o.kind && dbl == o.dbl && rank == o.rank && n == o.n && batch == o.batch &&
           in_stride == o.in_stride && in_dist == o.in_dist && out_stride == o.out_stride && out_dist == o.out_dist;
  }
  std::string str() const {
    static const char* const kinds[] = {"C2C", "R2C", "C2R"};
    std::string s = std::string(dbl ? "double " : "single ") + kinds[int(kind)] + " n=(";
    for (int d = 0; d < rank; ++d) s += std::to_string(n[d]) + (d + 1 < rank ? "," : "");
    return s + ") batch=" + std::to_string(batch) + " in(stride=" + std::to_string(in_stride) + ", dist=" +
           std::to_string(in_dist) + ") out(stride=" + std::to_string(out_stride) + ", dist=" +
           std::to_string(out_dist) + ")";
  }
};
struct PlanKeyHash {
  size_t operator()(const PlanKey& k) const {
    uint64_t h = uint64_t(k.kind) | uint64_t(k.dbl) << 2 | uint64_t(k.rank) << 3;
    for (int64_t v : {k.n[0], k.n[1], k.n[2], k.batch, k.in_stride, k.in_dist, k.out_stride, k.out_dist})
      h = (h ^ uint64_t(v)) * 0x100000001b3ULL;
    return size_t(h);
  }
};

struct Plan {
  cufft_handle handle = 0;
  size_t work = 0;  // bytes of work area a run needs
};

// Note [cuFFT plans]
// Plans are made with automatic allocation off: each run takes its work
// area from the device's caching pool on the current stream and gives it
// back behind the run (stream-ordered), so cuFFT's memory is the pool's and
// counted there. A cached plan serves every stream: cufftSetStream, the work
// area and the launch happen under the cache's lock, so two threads never
// race on one plan. A plan leaves the cache (LRU order, size and memsize
// limits, clear()) only after the device has finished the work queued with
// it; with the cache disabled a plan lives for one call.
class PlanCache {
 public:
  // Runs `exec(plan)` with the plan for `key`, created on a miss.
  template <class Exec> void run(const PlanKey& key, Exec&& exec) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = index_.find(key);
    if (it != index_.end()) {
      ++hits_;
      lru_.splice(lru_.begin(), lru_, it->second);
      exec(it->second->second);
      return;
    }
    ++misses_;
    Plan p = make(key);
    if (!enabled() || (max_memsize_ >= 0 && int64_t(p.work) > max_memsize_)) {
      try {
        exec(p);
      } catch (...) {
        destroy(p);
        throw;
      }
      destroy(p);
      return;
    }
    lru_.emplace_front(key, p);
    index_[key] = lru_.begin();
    memsize_ += int64_t(p.work);
    trim(/*keep_newest=*/true);  // it fits alone: max_size != 0 and work <= max_memsize
    exec(p);
  }
  ::cunum::cuda::FftPlanCacheInfo info(int device) {
    std::lock_guard<std::mutex> lock(mu_);
    ::cunum::cuda::FftPlanCacheInfo r;
    r.device = device;
    r.enabled = enabled();
    r.size = int64_t(lru_.size());
    r.max_size = max_size_;
    r.memsize = memsize_;
    r.max_memsize = max_memsize_;
    r.hits = hits_;
    r.misses = misses_;
    for (auto& [k, p] : lru_) r.plans.push_back(k.str() + ", work area " + std::to_string(p.work) + " bytes");
    return r;
  }
  void set_size(int64_t n) {
    std::lock_guard<std::mutex> lock(mu_);
    max_size_ = n;
    trim();
  }
  void set_memsize(int64_t n) {
    std::lock_guard<std::mutex> lock(mu_);
    max_memsize_ = n;
    trim();
  }
  void clear() {
    std::lock_guard<std::mutex> lock(mu_);
    const int64_t keep = max_size_;
    max_size_ = 0;
    trim();
    max_size_ = keep;
    hits_ = misses_ = 0;
  }

 private:
  bool enabled() const { return max_size_ != 0 && max_memsize_ != 0; }
  static Plan make(const PlanKey& k) {
    const CufftApi& api = cufft_api();
    Plan p;
    check(api.create(&p.handle), "cufftCreate");
    long long n[3], ie[3], oe[3];
    for (int d = 0; d < k.rank; ++d) n[d] = ie[d] = oe[d] = k.n[d];
    const int last = k.rank - 1;
    if (k.kind == FftKind::R2C) oe[last] = k.n[last] / 2 + 1;
    if (k.kind == FftKind::C2R) ie[last] = k.n[last] / 2 + 1;
    const int type = k.kind == FftKind::C2C ? (k.dbl ? kCufftZ2Z : kCufftC2C)
                     : k.kind == FftKind::R2C ? (k.dbl ? kCufftD2Z : kCufftR2C)
                                              : (k.dbl ? kCufftZ2D : kCufftC2R);
    size_t work = 0;
    cufft_result r = api.set_auto_allocation(p.handle, 0);
    if (r == kCufftSuccess)
      r = api.make_plan_many64(p.handle, k.rank, n, ie, k.in_stride, k.in_dist, oe, k.out_stride, k.out_dist, type,
                               k.batch, &work);
    if (r != kCufftSuccess) {
      api.destroy(p.handle);
      check(r, "cufftMakePlanMany64");
    }
    p.work = work;
    return p;
  }
  // Destroys a plan once the device is done with the work queued with it.
  static void destroy(const Plan& p) noexcept {
    cudaDeviceSynchronize();
    cufft_api().destroy(p.handle);
  }
  void trim(bool keep_newest = false) {
    while (lru_.size() > (keep_newest ? 1u : 0u) && (!enabled() || (max_size_ > 0 && int64_t(lru_.size()) > max_size_) ||
                             (max_memsize_ > 0 && memsize_ > max_memsize_))) {
      auto& [k, p] = lru_.back();
      memsize_ -= int64_t(p.work);
      destroy(p);
      index_.erase(k);
      lru_.pop_back();
    }
  }
  std::mutex mu_;
  std::list<std::pair<PlanKey, Plan>> lru_;
  std::unordered_map<PlanKey, std::list<std::pair<PlanKey, Plan>>::iterator, PlanKeyHash> index_;
  int64_t max_size_ = 16, max_memsize_ = -1, memsize_ = 0;
  uint64_t hits_ = 0, misses_ = 0;
};

PlanCache& plan_cache(int device) {
  static PlanCache* caches = new PlanCache[kMaxDevices];  // never destroyed: plans outlive interpreter teardown
  return caches[device];
}

}  // namespace

void CudaBackend::fft(const FftPlan& p) {
  if (p.batch <= 0) return;
  use_device();
  const PlanKey key{p.kind, p.dtype == DType::Complex128, p.rank, p.n, p.batch, p.in_stride, p.in_dist,
                    p.out_stride, p.out_dist};
  cudaStream_t s = stream();
  auto exec = [&](const Plan& plan) {
    const CufftApi& api = cufft_api();
    check(api.set_stream(plan.handle, s), "cufftSetStream");
    void* work = plan.work ? allocate(plan.work) : nullptr;
    struct Release {  // back to the pool behind the transform (stream-ordered)
      CudaBackend* b;
      void* w;
      size_t n;
      ~Release() {
        if (w) b->deallocate(w, n);
      }
    } release{this, work, plan.work};
    if (work) check(api.set_work_area(plan.handle, work), "cufftSetWorkArea");
    void* in = const_cast<void*>(p.in);
    const int dir = p.forward ? kCufftForward : kCufftInverse;
    const bool dbl = key.dbl;
    switch (p.kind) {
      case FftKind::C2C:
        if (dbl) check(api.exec_z2z(plan.handle, in, p.out, dir), "cufftExecZ2Z");
        else check(api.exec_c2c(plan.handle, in, p.out, dir), "cufftExecC2C");
        break;
      case FftKind::R2C:
        if (dbl) check(api.exec_d2z(plan.handle, in, p.out), "cufftExecD2Z");
        else check(api.exec_r2c(plan.handle, in, p.out), "cufftExecR2C");
        break;
      case FftKind::C2R:
        if (dbl) check(api.exec_z2d(plan.handle, in, p.out), "cufftExecZ2D");
        else check(api.exec_c2r(plan.handle, in, p.out), "cufftExecC2R");
        break;
    }
  };
  // cuFFT allocates a plan's own tables with cudaMalloc: when the device is
  // full of the pool's cached blocks, they go back and the call is retried
  // once (the pool's own policy for its allocations).
  try {
    plan_cache(device_).run(key, exec);
  } catch (const OutOfMemoryError&) {
    pool_->free_all_blocks();
    plan_cache(device_).run(key, exec);
  }
}

}  // namespace cunum::backend::cuda

// ---------------------------------------------------------------- public API
namespace cunum::cuda {

namespace {
// The device d (ValueError when it does not exist) made the thread's current
// one while the cache evicts plans (their destruction synchronises that
// device), the previous one restored after.
struct OnDevice {
  int d = 0, prev = -1;
  explicit OnDevice(int device) {
    d = device < 0 ? current_device() : device;
    backend::get(Device::cuda(d));
    if (cudaGetDevice(&prev) != cudaSuccess) prev = -1;
    if (prev != d) CUNUM_CUDA_CHECK(cudaSetDevice(d));
  }
  ~OnDevice() {
    if (prev >= 0 && prev != d) cudaSetDevice(prev);
  }
};
}  // namespace

FftPlanCacheInfo fft_plan_cache_info(int device) {
  const int d = device < 0 ? current_device() : device;
  backend::get(Device::cuda(d));
  return backend::cuda::plan_cache(d).info(d);
}
void fft_plan_cache_set_size(int64_t size, int device) {
  if (size < -1) throw ValueError("the plan cache's size must be -1 (no limit) or >= 0");
  OnDevice on(device);
  backend::cuda::plan_cache(on.d).set_size(size);
}
void fft_plan_cache_set_memsize(int64_t bytes, int device) {
  if (bytes < -1) throw ValueError("the plan cache's memsize must be -1 (no limit) or >= 0");
  OnDevice on(device);
  backend::cuda::plan_cache(on.d).set_memsize(bytes);
}
void fft_plan_cache_clear(int device) {
  OnDevice on(device);
  backend::cuda::plan_cache(on.d).clear();
}

}  // namespace cunum::cuda
