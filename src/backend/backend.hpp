// The interface every backend implements: memory, transfers, and the primitive
// families the planner (src/core) lowers every operation to. Backends see
// plans — pointers, shapes, byte strides, dtypes — never Python objects or
// ndarrays.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "base/fused_plan.hpp"
#include "base/plans.hpp"
#include "cunum/device.hpp"
#include "cunum/dims.hpp"
#include "cunum/dtype.hpp"
#include "cunum/reduction_list.hpp"
#include "cunum/scalar.hpp"
#include "cunum/ufunc_def.hpp"

namespace cunum::backend {

class Backend {
 public:
  virtual ~Backend() = default;
  virtual void* allocate(size_t nbytes) = 0;
  virtual void deallocate(void* p, size_t nbytes) noexcept = 0;
  virtual void copy_from_host(void* dst, const void* src, size_t nbytes) = 0;
  virtual void copy_to_host(void* dst, const void* src, size_t nbytes) = 0;
  virtual void synchronize() = 0;
  // dst (nbytes on device `to`, another device) <- src on this backend's device
  // without a trip through host memory; false when this backend cannot (the
  // caller then stages through the host).
  virtual bool copy_to_device(void* dst, Device to, const void* src, size_t nbytes) { return false; }

  // operands: [src, dst]; converts src dtype to dst dtype elementwise.
  virtual void copy(const LoopPlan& plan, DType src, DType dst) = 0;
  // operands: [src, mask(bool), dst]; writes only where mask is true.
  virtual void copy_where(const LoopPlan& plan, DType src, DType dst) = 0;
  // operands: [dst]
  virtual void fill(const LoopPlan& plan, DType dst, const Scalar& value) = 0;
  // dst[i] = start + i * step for a contiguous dst of n elements, computed in
  // the dtype's own arithmetic as NumPy's fill does it: wrapping 64-bit
  // integers (then truncated), float for float16 and float32, double for
  // float64, per part for complex; never contracted into an FMA.
  virtual void iota(void* dst, int64_t n, DType dtype, const Scalar& start, const Scalar& step) = 0;
  // operands: the def.nin inputs, then the def.nout outputs, with the dtypes
  // in plan.dtypes (Note [Operand dtypes]); computed by loop `loop` of `def`.
  virtual void ufunc(const core::UfuncDef& def, int loop, const LoopPlan& plan) = 0;
  // Whether ufunc() accepts plans with a scalar operand (Note [Scalar operands]).
  virtual bool ufunc_takes_scalars() const { return false; }
  // One reduction (Note [Reduction plans]); the descriptor named `id` over
  // plan.loop_dtype.
  virtual void reduce(core::ReduceId id, const ReducePlan& plan) = 0;
  // out[o, j, i] = in[o, index[j], i] (Note [Gather plans]). An index out of
  // bounds in mode Raise raises IndexError: at once on a backend that runs on
  // the host, at the first wait for the device otherwise (Note [Deferred
  // errors]).
  virtual void gather(const GatherPlan& plan) = 0;
  // An inclusive scan along one axis (Note [Scan plans]).
  virtual void scan(const ScanPlan& plan) = 0;
  // The sort family (Note [Sort plans]): segmented sort and stable argsort,
  // binary search, and the runs of equal values in sorted data (which returns
  // their count, so a device backend waits for it).
  virtual void sort(const SortPlan& plan) = 0;
  virtual void search(const SearchPlan& plan) = 0;
  virtual int64_t runs(const RunsPlan& plan) = 0;
  // out[o, index[j], i] (op)= value[o, j, i] (Note [Scatter plans]); index
  // errors as gather's.
  virtual void scatter(const ScatterPlan& plan) = 0;
  // Compaction by a mask (Note [Select plans]): the scratch entries a plan of
  // n mask entries needs (plus one for the total), the count (one wait for
  // the device on a GPU), and the write.
  virtual int64_t select_blocks(int64_t n) const = 0;
  virtual int64_t select_count(const SelectPlan& plan) = 0;
  virtual void select_write(const SelectPlan& plan) = 0;
  // A batch of FFTs (Note [FFT plans]) of rank <= fft_max_rank(), on the
  // device's current stream.
  virtual void fft(const FftPlan& plan) = 0;
  virtual int fft_max_rank() const { return 1; }
  // Random numbers under the counter model (Note [Random plans]).
  virtual void random(const RandomPlan& plan) = 0;

  // C = alpha op(A) op(B) + beta C, batched and strided (Note [Gemm plans]).
  virtual void gemm(const GemmPlan& plan) = 0;
  // LU, LU solve and Cholesky over a batch of matrices (Note [Lapack plans]).
  virtual void lapack(const LapackPlan& plan) = 0;
  // Several ufunc calls over the same elements in one pass (Note [Fused
  // plans]); false when this backend has no fused kernels (the planner then
  // runs the calls one by one).
  virtual bool fused(const FusedPlan& plan) { return false; }
  // A reduction of a fused map's value in one pass (Note [Fused reduction
  // plans]); false when this backend has none for the plan (the planner then
  // writes the map's value and runs reduce()).
  // Whether fused_reduce may run at all: asked before a fused reduction's
  // plan and result are built, so a backend that declines costs nothing.
  virtual bool fuses_reductions() const { return false; }
  virtual bool fused_reduce(core::ReduceId id, const FusedReducePlan& plan) { return false; }

  // A user-written kernel (Note [User kernel plans]): compiled on first use
  // (NVRTC on a GPU, the system C++ compiler on the CPU), cached in memory
  // and on disk, run on the current stream.
  virtual void user_kernel(const UserKernelPlan& plan);

  // Work queued on `stream` (a cudaStream_t) uses the allocation at `data`:
  // the pool does not hand it out again before that work is done
  // (cunum::cuda::record_stream). Nothing to do for a backend without streams.
  virtual void record_stream(void* data, std::uintptr_t stream) {}

  // The device memory pool, where the backend has one (the CPU has none).
  struct PoolStats {
    size_t used_bytes = 0, total_bytes = 0, free_bytes = 0, n_free_blocks = 0;
  };
  virtual PoolStats pool_stats() { return {}; }
  virtual void pool_free_all() {}
  virtual void pool_set_limit(size_t) {}
  virtual size_t pool_get_limit() { return 0; }
  // "90" for an H100 (CuPy's Device.compute_capability); "" for the CPU.
  virtual std::string compute_capability() { return ""; }
  // (free, total) bytes of device memory; (0, 0) for the CPU.
  virtual std::pair<size_t, size_t> mem_info() { return {0, 0}; }
  // Counts or weight sums per bin of a 1-d input (Note [Histogram plans]):
  // histogram, bincount.
  virtual void histogram(const HistogramPlan& plan) = 0;
  // The inverses of a stack of small square matrices by a kernel of the
  // backend's own (Note [Small inverse kernel]): a (input) and b (output)
  // C-contiguous, n x n each at stride n * n, info one int32 per matrix
  // (> 0: singular). false when this backend has none for the plan (the CPU:
  // linalg.inv then solves with LAPACK).
  virtual bool small_inverse(const LapackPlan& plan) { return false; }
};

Backend& get(Device device);  // throws if the device's backend is unavailable
bool available(Device device);  // whether get(device) can succeed

}  // namespace cunum::backend
