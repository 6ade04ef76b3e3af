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

#include "cunum/device.hpp"
#include "cunum/dims.hpp"
#include "cunum/dtype.hpp"
#include "cunum/reduction_list.hpp"
#include "cunum/scalar.hpp"
#include "cunum/ufunc_def.hpp"

namespace cunum::backend {

inline constexpr int kMaxOperands = 4;

// Note [Loop plans]
// A LoopPlan describes an n-d iteration over up to kMaxOperands operands that
// all share one shape. The planner has already broadcast (stride 0), sorted
// and coalesced the dimensions: the last dimension is the innermost one
// (smallest output stride), and no two adjacent dimensions can be merged.
// `index32` says every byte offset fits in 32 bits.
struct LoopPlan {
  Dims shape;  // inline storage: building a plan allocates nothing (Note [Inline dims])
  int nops = 0;
  std::array<char*, kMaxOperands> data{};
  // Note [Operand dtypes]
  // Each operand's own dtype. A ufunc plan's operands need not have the dtypes
  // of the loop that computes them (add(int8, float32, out=float64) runs the
  // float32 loop): the backend reads each input in its dtype, converts it in
  // registers to the loop's input dtype, and converts the loop's result to
  // each output's dtype on the way out. One pass over memory, no temporaries.
  std::array<DType, kMaxOperands> dtypes{};
  std::array<Dims, kMaxOperands> strides;
  bool index32 = false;
  // Note [Scalar operands]
  // scalar_op >= 0: that input is a constant (a Python scalar) whose value,
  // already in the loop dtype, is in `scalar` rather than in memory (its data
  // pointer is null and its strides are 0). The planner only builds such
  // plans for backends whose ufunc_takes_scalars() is true; the CUDA backend
  // passes the value in the kernel's parameters instead of allocating and
  // filling a 0-d array (one allocation and one launch fewer per `x * 2`).
  int scalar_op = -1;
  alignas(16) unsigned char scalar[16] = {};
  int64_t size() const {
    int64_t n = 1;
    for (int64_t s : shape) n *= s;
    return n;
  }
};

// Note [Reduction plans]
// One reduction over an input of dtype `in`: every input element is
// converted (in registers) to the loop dtype `loop`, the T of the reduction's
// descriptor (cunum/kernels/reductions.hpp), and each result, the
// descriptor's result_t (`loop`, bool or an int64 index), is converted to
// `out`, the dtype of the output array. out_shape lists the kept dims (the
// outputs), with the input's strides along them in in_strides and the
// output's in out_strides; red_shape/red_strides are the reduced dims of the
// input. The planner has coalesced both (Note [Dimension coalescing]): the
// reduced dims form at most one run (none: one element per output; a zero
// extent: an empty reduction, whose outputs get the descriptor's init), the
// kept dims are ordered innermost last, and there is at least one output.
struct ReducePlan {
  char* in = nullptr;
  char* out = nullptr;
  DType in_dtype = DType::Float64, loop_dtype = DType::Float64, out_dtype = DType::Float64;
  Dims out_shape, in_strides, out_strides;
  Dims red_shape, red_strides;
  int64_t outputs() const {
    int64_t n = 1;
    for (int64_t s : out_shape) n *= s;
    return n;
  }
};

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
  // int64 (integer dtypes), double, or complex<double>, then converted.
  virtual void iota(void* dst, int64_t n, DType dtype, const Scalar& start, const Scalar& step) = 0;
  // operands: the def.nin inputs, then the def.nout outputs, with the dtypes
  // in plan.dtypes (Note [Operand dtypes]); computed by loop `loop` of `def`.
  virtual void ufunc(const core::UfuncDef& def, int loop, const LoopPlan& plan) = 0;
  // Whether ufunc() accepts plans with a scalar operand (Note [Scalar operands]).
  virtual bool ufunc_takes_scalars() const { return false; }
  // One reduction (Note [Reduction plans]); the descriptor named `id` over
  // plan.loop_dtype.
  virtual void reduce(core::ReduceId id, const ReducePlan& plan) = 0;

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
};

Backend& get(Device device);  // throws if the device's backend is unavailable
bool available(Device device);  // whether get(device) can succeed

}  // namespace cunum::backend
