// The CPU backend: host memory and loops over the op definitions.
#pragma once
#include <vector>

#include "backend/backend.hpp"

namespace cunum::backend::cpu {

using LoopFn = void (*)(char** data, const int64_t* strides, int64_t n);
// loops[ufunc index][loop index], in the order of the ufunc's declaration.
using LoopTable = std::vector<std::vector<LoopFn>>;

// Each fills its chapter's rows of the ufunc table (loops_*.cpp).
void register_arithmetic_loops(LoopTable& t);
void register_comparison_loops(LoopTable& t);
void register_math_loops(LoopTable& t);
void register_floating_loops(LoopTable& t);
void register_trigonometric_loops(LoopTable& t);

// The conversion loop from one dtype to another (operands [src, dst]).
LoopFn cast_loop_fn(DType from, DType to);
// Elements per thread chunk of a ufunc's loops (heavier ops split sooner).
int64_t ufunc_grain(const core::UfuncDef& def);

class CpuBackend final : public Backend {
 public:
  CpuBackend();
  void* allocate(size_t nbytes) override;
  void deallocate(void* p, size_t nbytes) noexcept override;
  void copy_from_host(void* dst, const void* src, size_t nbytes) override;
  void copy_to_host(void* dst, const void* src, size_t nbytes) override;
  void synchronize() override;  // nothing to wait for; checks as the GPU would
  void copy(const LoopPlan& plan, DType src, DType dst) override;
  void copy_where(const LoopPlan& plan, DType src, DType dst) override;
  void fill(const LoopPlan& plan, DType dst, const Scalar& value) override;
  void iota(void* dst, int64_t n, DType dtype, const Scalar& start, const Scalar& step) override;
  void ufunc(const core::UfuncDef& def, int loop, const LoopPlan& plan) override;
  bool ufunc_takes_scalars() const override { return true; }
  void reduce(core::ReduceId id, const ReducePlan& plan) override;
  void user_kernel(const UserKernelPlan& plan) override;  // user_kernel.cpp: the host compiler
  void gather(const GatherPlan& plan) override;  // gather.cpp
  void random(const RandomPlan& plan) override;  // random.cpp
  void scan(const ScanPlan& plan) override;      // scan.cpp
  void sort(const SortPlan& plan) override;      // sort.cpp
  void search(const SearchPlan& plan) override;  // sort.cpp
  int64_t runs(const RunsPlan& plan) override;   // sort.cpp
  void scatter(const ScatterPlan& plan) override;  // scatter.cpp
  int64_t select_blocks(int64_t n) const override;  // select.cpp
  int64_t select_count(const SelectPlan& plan) override;
  void select_write(const SelectPlan& plan) override;
  void fft(const FftPlan& plan) override;  // fft.cpp (rank 1: Note [CPU FFT])
  void gemm(const GemmPlan& plan) override;  // gemm.cpp
  void lapack(const LapackPlan& plan) override;  // lapack.cpp
  bool fused(const FusedPlan& plan) override;  // fused.cpp: chunk by chunk (Note [CPU fused loops])
  bool fuses_reductions() const override { return true; }
  bool fused_reduce(core::ReduceId id, const FusedReducePlan& plan) override;  // reduce.cpp
  // n values of a fused plan's result 0 (fused.cpp): input k read at in[k]
  // with byte stride stride[k], each value converted to `to` and written
  // contiguously at out; `arena` holds fused_arena_bytes(p) bytes, 64-aligned.
  void fused_map(const FusedPlan& p, const char* const* in, const int64_t* stride, char* out, DType to, int64_t n,
                 char* arena);
  size_t fused_arena_bytes(const FusedPlan& p) const;
  void histogram(const HistogramPlan& plan) override;  // histogram.cpp

 private:
  LoopTable loops_;
};

}  // namespace cunum::backend::cpu
