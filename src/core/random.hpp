// The random planner: fills a C-contiguous array from one distribution of
// the random-bits family (Note [Random plans]). Behind cunum::random
// (src/routines/random.cpp).
#pragma once
#include "backend/backend.hpp"
#include "cunum/kernels/random_list.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::core {

// One parameter: a 64-bit word, or an array of n 8-byte items (C-contiguous,
// on the output's device, one per output element).
struct RandomParam {
  uint64_t bits = 0;
  const ndarray* array = nullptr;
};

// out (C-contiguous, of a dtype of the distribution's kind) = dist under
// key/jump from block `counter`. Returns the blocks used, by which the
// caller advances its counter.
// `engine` (Note [Sequential engines]): 0 Philox, else XORWOW (1) or
// MRG32k3a (2) from the six words `init`.
int64_t random_fill(const ndarray& out, random::Dist dist, const uint32_t key[2], uint32_t jump, uint64_t counter,
                    const RandomParam params[3], uint32_t engine = 0, const uint32_t* init = nullptr);

// Blocks a fill of n elements of `dtype` uses (Note [The counter model]).
int64_t random_blocks(random::Dist dist, DType dtype, int64_t n);

}  // namespace cunum::core
