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

#include "cunum/ufunc_list.hpp"
#include "cunum/device.hpp"
#include "cunum/dims.hpp"
#include "cunum/dtype.hpp"
#include "cunum/scalar.hpp"

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
// out has the kept dimensions (out_shape, out_strides, and the input's strides
// along them in in_strides); red_shape/red_strides are the reduced dimensions
// of the input, coalesced (usually to one). For argmin/argmax the reduced
// dimension is exactly one and `out` holds int64 indices.
struct ReducePlan {
  char* in = nullptr;
  char* out = nullptr;
  std::vector<int64_t> out_shape, in_strides, out_strides;
  std::vector<int64_t> red_shape, red_strides;
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
  // the dtype's own arithmetic as NumPy's fill does it: wrapping 64-bit
  // integers (then truncated), float for float16 and float32, double for
  // float64, per part for complex; never contracted into an FMA.
  virtual void iota(void* dst, int64_t n, DType dtype, const Scalar& start, const Scalar& step) = 0;
  // operands: [in0, (in1,) out]; all inputs have dtype `loop`, out has
  // ufunc_out_dtype(id, loop).
  virtual void ufunc(core::UfuncId id, DType loop, const LoopPlan& plan) = 0;
  // Whether ufunc() accepts plans with a scalar operand (Note [Scalar operands]).
  virtual bool ufunc_takes_scalars() const { return false; }
  // in and out have dtype `dtype` (int64 out for argmin/argmax, bool for any/all).
  virtual void reduce(core::ReduceId id, DType dtype, const ReducePlan& plan) = 0;

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
