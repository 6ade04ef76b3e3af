// The random planner (Note [Random plans]).
#include "core/random.hpp"

#include "cunum/error.hpp"
#include "cunum/kernels/random_dists.hpp"

namespace cunum::core {

int64_t random_blocks(random::Dist dist, DType dtype, int64_t n) {
  const int per = random::random_per(dist, static_cast<int>(itemsize(dtype)));
  return (n + per - 1) / per;
}

int64_t random_fill(const ndarray& out, random::Dist dist, const uint32_t key[2], uint32_t jump, uint64_t counter,
                    const RandomParam params[3], uint32_t engine, const uint32_t* init) {
  CUNUM_ASSERT(out.is_c_contiguous());
  const int64_t n = out.size();
  backend::RandomPlan p;
  p.out = out.data();
  p.n = n;
  p.dtype = out.dtype();
  p.dist = static_cast<int>(dist);
  p.key[0] = key[0];
  p.key[1] = key[1];
  p.jump = jump;
  p.counter = counter;
  CUNUM_ASSERT(engine <= 2 && (engine == 0 || init));
  p.engine = engine;
  for (int j = 0; j < 6 && init; ++j) p.init[j] = init[j];
  for (int k = 0; k < 3; ++k) {
    p.param[k] = params[k].bits;
    if (const ndarray* a = params[k].array) {
      CUNUM_ASSERT(a->is_c_contiguous() && a->size() == n && a->itemsize() == 8 && a->device() == out.device());
      p.arrays[k] = reinterpret_cast<const uint64_t*>(a->data());
    }
  }
  if (n > 0) backend::get(out.device()).random(p);
  return random_blocks(dist, out.dtype(), n);
}

}  // namespace cunum::core
