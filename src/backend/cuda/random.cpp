// How a random plan becomes one launch (Note [Random kernels]).
#include <algorithm>

#include "backend/cuda/cuda_backend.hpp"
#include "cunum/kernels/random_dists.hpp"

namespace cunum::backend::cuda {

void CudaBackend::random(const RandomPlan& plan) {
  if (plan.n <= 0) return;
  const auto d = static_cast<::cunum::random::Dist>(plan.dist);
  const int per = ::cunum::random::random_per(d, static_cast<int>(itemsize(plan.dtype)));
  const uintptr_t bytes = static_cast<uintptr_t>(per) * itemsize(plan.dtype);
  const RandomKernel rk{plan.dist, plan.dtype, per > 1 && reinterpret_cast<uintptr_t>(plan.out) % bytes == 0};
  const uint64_t key = uint64_t(Family::Random) | uint64_t(rk.dist) << 8 | uint64_t(rk.dtype) << 16 |
                       uint64_t(rk.vec) << 24;
  LoadedKernel k = kernel(key, [&] { return random_source(rk); }, /*fmad=*/false);
  ::cunum::random::RandomArgs a{};
  a.out = plan.out;
  a.n = plan.n;
  a.counter = plan.counter;
  a.key = ::cunum::random::StreamKey{plan.key[0], plan.key[1], plan.jump};
  for (int j = 0; j < 3; ++j) {
    a.param[j] = plan.param[j];
    a.arrays[j] = plan.arrays[j];
  }
  long long blocks = (plan.n + per - 1) / per;
  use_device();
  void* args[] = {&a, &blocks};
  const int64_t grid = std::clamp<int64_t>((blocks + 255) / 256, 1, int64_t(1) << 30);
  launch_kernel(k, dim3(static_cast<unsigned>(grid)), dim3(256), args, stream());
}

}  // namespace cunum::backend::cuda
