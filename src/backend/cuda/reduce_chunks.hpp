// How a reduction's run is split into chunks (Note [Reduction chunks]): the
// one geometry of CudaBackend::reduce (reduce.cpp) and of the fused
// reductions (fused_reduce.cpp), whose partials the same Final kernels merge.
#pragma once
#include <cstdint>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

inline int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// The strategy the launcher chose (Note [Reduction strategies]).
struct ReduceStrategy {
  ReduceMode mode;
  bool inner;     // an Inner mode: partials per output contiguous, chunks of whole vectors
  int64_t V;      // elements per vector load of the Inner modes
  int64_t width;  // 2^flags[1]: lanes per group (InnerWarp), threads across the outputs (Outer)
  int64_t cols;   // Outer: the outputs as threads see them (OuterVec: n_out / its vector width)
};

// C chunks of L elements each, tasks0 tasks per chunk, tasks_per_block of
// them per block of 256 threads.
struct ReduceChunks {
  int64_t C, L, tasks0, tasks_per_block;
};

// Note [Reduction chunks]
// A run of R elements is split only when the n_out tasks without chunks
// leave SMs idle (sms SMs, per_sm resident blocks each for the main kernel);
// then into as many chunks as fill every SM once (one wave, so no SM waits
// on a straggling second one), but never so short that a thread reads fewer
// than ~8 vectors or rows.
ReduceChunks reduce_chunks(const ReduceStrategy& s, int64_t R, int64_t n_out, int64_t sms, int64_t per_sm);

}  // namespace cunum::backend::cuda
