// Note [Reduction chunks] (reduce_chunks.hpp).
#include "backend/cuda/reduce_chunks.hpp"

#include <algorithm>

namespace cunum::backend::cuda {

ReduceChunks reduce_chunks(const ReduceStrategy& s, int64_t R, int64_t n_out, int64_t sms, int64_t per_sm) {
  const int64_t V = s.V, width = s.width;
  int64_t C = 1, tasks_per_block = 1, tasks0 = n_out, min_len = 1;
  int64_t capacity = sms * per_sm;  // resident tasks
  switch (s.mode) {
    case ReduceMode::InnerWarp:
      tasks_per_block = 256 / width, capacity *= 256 / width, min_len = width * V * 8;
      break;
    case ReduceMode::InnerBlock: min_len = 256 * V * 8; break;
    default: tasks0 = ceil_div(s.cols, width), min_len = (256 / width) * 8; break;
  }
  if (tasks0 < capacity && R > min_len) C = std::max<int64_t>(1, std::min(capacity / tasks0, R / min_len));
  int64_t L = ceil_div(R, C);
  // Inner: chunk starts stay 16-byte aligned relative to the row (plain), a
  // multiple of every input's vector (fused)
  if (s.inner) L = ceil_div(L, 16) * 16;
  if (L > 0) C = ceil_div(R, L);
  if (C < 1) C = 1;
  return {C, L, tasks0, tasks_per_block};
}

}  // namespace cunum::backend::cuda
