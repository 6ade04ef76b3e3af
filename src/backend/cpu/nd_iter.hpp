// n-d iteration over a LoopPlan for CPU loops: calls an inner 1-d loop once
// per position of the outer dimensions (see Note [Loop plans]).
#pragma once
#include <cstdint>
#include <vector>

#include "backend/backend.hpp"

namespace cunum::backend::cpu {

// fn(char** ptrs, const int64_t* inner_strides, int64_t n)
template <class Fn> void for_each_inner(const LoopPlan& p, Fn&& fn) {
  const int nd = static_cast<int>(p.shape.size());
  const int nops = p.nops;
  char* ptrs[kMaxOperands];
  int64_t inner[kMaxOperands] = {0, 0, 0, 0};
  for (int k = 0; k < nops; ++k) ptrs[k] = p.data[k];
  if (nd == 0) {
    fn(ptrs, inner, 1);
    return;
  }
  for (int64_t s : p.shape)
    if (s == 0) return;
  const int64_t n = p.shape[nd - 1];
  for (int k = 0; k < nops; ++k) inner[k] = p.strides[k][nd - 1];
  std::vector<int64_t> idx(nd, 0);
  for (;;) {
    fn(ptrs, inner, n);
    int d = nd - 2;
    for (; d >= 0; --d) {
      for (int k = 0; k < nops; ++k) ptrs[k] += p.strides[k][d];
      if (++idx[d] < p.shape[d]) break;
      for (int k = 0; k < nops; ++k) ptrs[k] -= p.strides[k][d] * p.shape[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

}  // namespace cunum::backend::cpu
