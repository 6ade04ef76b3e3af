// The CUDA backend: device memory, transfers, and the primitive families as
// NVRTC-compiled kernels generated from include/cunum/kernels/.
#pragma once
#include <cuda_runtime_api.h>

#include <atomic>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "backend/backend.hpp"
#include "backend/cuda/event_upstream.hpp"
#include "backend/cuda/jit.hpp"
#include "backend/cuda/kernel_source.hpp"
#include "backend/cuda/memory_pool.hpp"
#include "cunum/cuda.hpp"

namespace cunum::backend::cuda {

struct ReduceStrategy;  // reduce_chunks.hpp

class CudaBackend final : public Backend {
 public:
  explicit CudaBackend(int device);
  void* allocate(size_t nbytes) override;
  void deallocate(void* p, size_t nbytes) noexcept override;
  void copy_from_host(void* dst, const void* src, size_t nbytes) override;
  void copy_to_host(void* dst, const void* src, size_t nbytes) override;
  void synchronize() override;
  // dst on `dst_device` (another GPU) <- src on this one, ordered after the
  // current streams of both devices (transfers.cpp).
  void copy_to_peer(void* dst, int dst_device, const void* src, size_t nbytes);
  bool copy_to_device(void* dst, Device to, const void* src, size_t nbytes) override {
    if (!to.is_cuda()) return false;
    copy_to_peer(dst, to.index, src, nbytes);
    return true;
  }
  void copy(const LoopPlan& plan, DType src, DType dst) override;  // copy.cpp
  // dst <- src element by element over `shape` (byte strides), one dtype: the
  // copy family for the vendor libraries' layouts (lapack_batched.cpp,
  // lapack_jacobi.cpp: U and V^T into the plan's strides).
  void copy_strided(const void* src, void* dst, DType dtype, const Dims& shape, const Dims& src_strides,
                    const Dims& dst_strides);
  void copy_where(const LoopPlan& plan, DType src, DType dst) override;
  void fill(const LoopPlan& plan, DType dst, const Scalar& value) override;
  void iota(void* dst, int64_t n, DType dtype, const Scalar& start, const Scalar& step) override;
  void ufunc(const core::UfuncDef& def, int loop, const LoopPlan& plan) override;
  bool ufunc_takes_scalars() const override { return true; }
  void reduce(core::ReduceId id, const ReducePlan& plan) override;
  void gather(const GatherPlan& plan) override;  // gather.cpp
  void scan(const ScanPlan& plan) override;      // scan.cpp
  void sort(const SortPlan& plan) override;      // sort.cpp
  void search(const SearchPlan& plan) override;  // sort.cpp
  int64_t runs(const RunsPlan& plan) override;   // sort.cpp
  void scatter(const ScatterPlan& plan) override;  // scatter.cpp
  int64_t select_blocks(int64_t n) const override;  // select.cpp
  int64_t select_count(const SelectPlan& plan) override;
  void select_write(const SelectPlan& plan) override;
  void fft(const FftPlan& plan) override;  // fft.cpp: cuFFT (Note [cuFFT plans])
  int fft_max_rank() const override { return 3; }
  void random(const RandomPlan& plan) override;  // random.cpp
  void gemm(const GemmPlan& plan) override;  // gemm.cpp
  void lapack(const LapackPlan& plan) override;  // lapack.cpp
  void user_kernel(const UserKernelPlan& plan) override;  // user_kernel.cpp (Note [User kernels on the GPU])
  bool fused(const FusedPlan& plan) override;  // fused.cpp
  bool fuses_reductions() const override;  // fused_reduce.cpp (Note [Fused reductions on the GPU])
  bool fused_reduce(core::ReduceId id, const FusedReducePlan& plan) override;  // fused_reduce.cpp
  bool small_inverse(const LapackPlan& plan) override;  // small_inverse.cpp
  void histogram(const HistogramPlan& plan) override;  // histogram.cpp

  PoolStats pool_stats() override {
    auto s = pool_->stats();
    return {s.used_bytes, s.total_bytes, s.free_bytes, s.n_free_blocks};
  }
  void pool_free_all() override { pool_->free_all_blocks(); }
  void pool_set_limit(size_t bytes) override { pool_->set_limit(bytes); }
  size_t pool_get_limit() override { return pool_->get_limit(); }
  std::pair<size_t, size_t> mem_info() override;
  std::string compute_capability() override { return std::to_string(arch_); }
  int arch() const { return arch_; }
  int device() const { return device_; }
  MemoryPool& pool() { return *pool_; }

  // allocators.cpp: the cudaMallocAsync pool (cunum.cuda.MemoryAsyncPool) and
  // raw allocations of a chosen kind (MemoryPointer in Python).
  void* raw_allocate(::cunum::cuda::AllocatorKind kind, size_t nbytes);
  void raw_deallocate(::cunum::cuda::AllocatorKind kind, void* p) noexcept;
  ::cunum::cuda::AsyncPoolStats async_pool_stats();
  void async_pool_free_all();
  void async_pool_set_limit(size_t bytes) { async_limit_ = bytes; }
  // Work on stream `s` uses the allocation at p (cunum.cuda.record_stream).
  void record_stream(void* p, cudaStream_t s);
  void record_stream(void* p, std::uintptr_t s) override { record_stream(p, reinterpret_cast<cudaStream_t>(s)); }
  size_t async_pool_get_limit() const { return async_limit_; }

 private:
  // Note [Kernel cache keys]
  // A key packs everything a generated source depends on into 64 bits
  // (family, op, two dtypes, ndim, index width), so a cache hit builds no
  // string and allocates nothing.
  enum class Family : uint8_t {
    Ufunc, Cast, CastWhere, Fill, Iota, Reduce, Gather, CastContiguous, CastTransposed, Scatter, Select, Scan,
    Sort, CastRows, CastRepeat, Random, Gemm, Fused, Histogram, SmallInverse, FusedReduce
  };
  static uint64_t key(Family f, int op, DType a, DType b, int nd, bool index32) {
    return uint64_t(f) | uint64_t(op) << 8 | uint64_t(a) << 16 | uint64_t(b) << 24 |
           uint64_t(nd) << 32 | uint64_t(index32) << 40;
  }
  static uint64_t ufunc_key(const core::UfuncDef& def, int loop, const DType* dtypes, int nd, bool index32,
                            int scalar_op, int vec, int unroll);
  static uint64_t gather_key(const GatherKernel& k);
  static uint64_t scan_key(const ScanKernel& k);
  static uint64_t histogram_key(const HistogramKernel& k);  // histogram.cpp
  static uint64_t sort_key(const SortKernel& k);  // sort.cpp
  void launch_sort(const SortKernel& k, SortParams& p);  // over p.n items
  static uint64_t scatter_key(const ScatterKernel& k);
  static uint64_t select_key(const SelectKernel& k);
  // The kernel for key k: an in-memory hit builds nothing; a miss calls
  // make() for the source and compiles it (or loads it from the disk cache).
  template <class MakeSource> LoadedKernel kernel(uint64_t k, MakeSource&& make, bool fmad = true) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = kernels_.find(k);
      if (it != kernels_.end()) return it->second;
    }
    return build_kernel(k, make(), fmad);
  }
  LoadedKernel build_kernel(uint64_t k, const std::string& source, bool fmad);
  // The copy family's fast kernels (copy.cpp, Note [Copy kernels]): true
  // when the plan fits the kernel and it was launched.
  bool copy_contiguous(const LoopPlan& plan, DType src, DType dst);
  bool copy_transposed(const LoopPlan& plan, DType src, DType dst);
  bool copy_repeat_inner(const LoopPlan& plan, DType src, DType dst);
  // Rows: `value` null copies the plan's operand 0 (inner stride its
  // itemsize, or 0: one item per row broadcast), else fills with it.
  bool copy_rows(const LoopPlan& plan, DType src, DType dst, const Scalar* value);
  // The current thread's stream on this device (cunum.cuda.Stream); every
  // kernel, copy and allocation of this backend is ordered on it.
  cudaStream_t stream() const;
  void launch(const LoadedKernel& k, ParamBlock& p, int64_t n, int block = 256);
  void launch_plan(const LoadedKernel& k, const LoopPlan& plan, ParamBlock& p);
  ParamBlock plan_params(const LoopPlan& plan);
  void use_device() const;
  // reduce.cpp: the plain reduction kernel of `id` in mode m for the plan's
  // dtypes and rank; and what CudaBackend::reduce and fused_reduce do once
  // their strategy and main kernel are chosen: the chunks (Note [Reduction
  // chunks]) into p.aux, the partials at p.data[2], the main launch over
  // `args` and, with chunks, the plain Final pass over p.
  LoadedKernel reduce_kernel(core::ReduceId id, const ReducePlan& plan, ReduceMode m);
  void launch_reduction(core::ReduceId id, const ReducePlan& plan, const ReduceStrategy& s, const LoadedKernel& main,
                        ParamBlock& p, void** args);
  bool lapack_small_batch(const LapackPlan& p);  // lapack.cpp: Note [Batched small LU]
  bool lapack_solver_batch(const LapackPlan& p);  // lapack_batched.cpp: Note [Batched cuSOLVER]
  bool lapack_jacobi_svd(const LapackPlan& p);    // lapack_jacobi.cpp: Note [Jacobi SVD]

  // cudaMalloc/cudaFree and events for the caching pool (memory_pool.hpp).
  struct DeviceUpstream final : CudaEventUpstream {
    int device;
    explicit DeviceUpstream(int d) : device(d) {}
    void* allocate(size_t bytes) override;
    void deallocate(void* p, size_t bytes) noexcept override;
    void* record_event(StreamHandle s) override;  // in this device's context
    void synchronize_all() override;
  };

  int device_;
  DeviceUpstream upstream_;
  MemoryPool* pool_;  // never destroyed: arrays may be freed during interpreter shutdown
  int arch_ = 0;
  int sm_count_ = 0;
  std::mutex mu_;
  std::unordered_map<uint64_t, LoadedKernel> kernels_;
  // Allocations not from pool_ (set_allocator), by pointer: deallocate must
  // free each the way it was made. The count lets the pool path skip the map.
  std::mutex foreign_mu_;
  struct Foreign {
    ::cunum::cuda::AllocatorKind kind;
    void* stream;              // pool key (streams.hpp) of the allocating stream
    std::vector<void*> uses;   // record_stream keys
  };
  std::unordered_map<void*, Foreign> foreign_;
  void free_async(void* p, void* alloc_key, const std::vector<void*>& uses) noexcept;
  std::atomic<size_t> n_foreign_{0};
  std::atomic<size_t> async_limit_{0};
};

}  // namespace cunum::backend::cuda
