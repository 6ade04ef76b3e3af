// How a random plan becomes one launch (Note [Random kernels]).
#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/kernel_source.hpp"
#include "backend/cuda/tuning.hpp"
#include "cunum/kernels/random_dists.hpp"

namespace cunum::backend::cuda {

namespace {
// The sequential engines' skip-ahead tables (build_jump_tables), uploaded
// once per device at its first XORWOW or MRG32k3a fill (a synchronous copy
// of 314 KB; never freed, outside the memory pool).
const uint32_t* jump_tables(int device) {
  static std::mutex mu;
  static std::unordered_map<int, uint32_t*> tables;
  std::lock_guard<std::mutex> lock(mu);
  auto it = tables.find(device);
  if (it != tables.end()) return it->second;
  std::vector<uint32_t> host(::cunum::random::kJumpTableWords);
  ::cunum::random::build_jump_tables(host.data());
  void* p = nullptr;
  const size_t bytes = host.size() * sizeof(uint32_t);
  CUNUM_CUDA_CHECK(cudaMalloc(&p, bytes));
  CUNUM_CUDA_CHECK(cudaMemcpy(p, host.data(), bytes, cudaMemcpyHostToDevice));
  tables[device] = static_cast<uint32_t*>(p);
  return static_cast<uint32_t*>(p);
}
}  // namespace

void CudaBackend::random(const RandomPlan& plan) {
  if (plan.n <= 0) return;
  const auto d = static_cast<::cunum::random::Dist>(plan.dist);
  const int per = ::cunum::random::random_per(d, static_cast<int>(itemsize(plan.dtype)));
  const uintptr_t bytes = static_cast<uintptr_t>(per) * itemsize(plan.dtype);
  RandomKernel rk{plan.dist, plan.dtype, per > 1 && reinterpret_cast<uintptr_t>(plan.out) % bytes == 0,
                  static_cast<int>(plan.engine)};
  // Note [Random kernel index]: 32-bit indices below 2^31 elements (Philox).
  rk.index32 = plan.engine == 0 && plan.n < (int64_t(1) << 31);
  rk.scalar = !plan.arrays[0] && !plan.arrays[1] && !plan.arrays[2];
  const uint64_t key = uint64_t(Family::Random) | uint64_t(rk.dist) << 8 | uint64_t(rk.dtype) << 16 |
                       uint64_t(rk.vec) << 24 | uint64_t(rk.engine) << 25 | uint64_t(rk.index32) << 28 |
                       uint64_t(rk.scalar) << 29;
  LoadedKernel k = kernel(key, [&] { return random_source(rk); }, /*fmad=*/false);
  ::cunum::random::RandomArgs a{};
  a.out = plan.out;
  a.n = plan.n;
  a.counter = plan.counter;
  a.key = ::cunum::random::StreamKey{plan.key[0], plan.key[1], plan.jump};
  a.engine = static_cast<::cunum::random::Engine>(plan.engine);
  for (int j = 0; j < 6; ++j) a.init[j] = plan.init[j];
  use_device();
  a.table = plan.engine == 0 ? nullptr : jump_tables(device());
  for (int j = 0; j < 3; ++j) {
    a.param[j] = plan.param[j];
    a.arrays[j] = plan.arrays[j];
  }
  long long blocks = (plan.n + per - 1) / per;
  if (plan.engine == 0) {
    // Note [Philox round keys]; four blocks per thread once the grid would
    // pass 8192 blocks of threads (~8 waves of the H100's 132 SMs x 8): the
    // threads' start-up (index, bounds, loop set-up) is then paid once per
    // four blocks, and small fills keep a thread per block.
    // Note [Philox low word]: for the counter's high word at the fill's start.
    ::cunum::random::RoundKeys keys = ::cunum::random::round_keys(a.key, static_cast<uint32_t>(a.counter >> 32));
    int64_t grid = (blocks + kRandomThreads - 1) / kRandomThreads;
    const bool turn = (d == ::cunum::random::Dist::StandardNormal || d == ::cunum::random::Dist::Normal) &&
                      plan.dtype == DType::Float32;
    if (turn) {
      // Note [Table sine and cosine]: each block of threads first copies the
      // 8 KB table into shared memory, so large fills run a resident grid
      // (2 waves of 8 blocks of threads per SM) looping over many blocks per
      // thread instead of one block of threads per 1024 Philox blocks.
      // CUNUM_RANDOM_NORMAL_GRID (blocks of threads per SM, 1 to 64) is a
      // knob for measuring: values do not depend on the grid. Default 16 from
      // the H100 (stop 20, standard_normal f32 2^28): 8 2778, 16 2822, 32
      // 2660 (bench_random), 64 2636 GB/s.
      static const int per_sm = env_int("CUNUM_RANDOM_NORMAL_GRID", 1, 64, 16);
      grid = std::min<int64_t>(grid, int64_t(sm_count_ > 0 ? sm_count_ : 132) * per_sm);
    } else if (grid > 8192) {
      grid = (grid + 3) / 4;
    }
    grid = std::clamp<int64_t>(grid, 1, int64_t(1) << 30);
    unsigned stride = static_cast<unsigned>(grid * kRandomThreads);  // read by the aligned 32-bit kernel only
    void* args[] = {&a, &blocks, &keys, &stride};
    launch_kernel(k, dim3(static_cast<unsigned>(grid)), dim3(kRandomThreads), args, stream());
    return;
  }
  // Runs of at least 64 blocks, a multiple of 8 (Note [Staged engine
  // stores]), about 2^17 runs for large fills (half of the H100's 270,336
  // resident threads, ~8 warps per scheduler to hide the steps' dependent
  // chains; 2^16 before left ~4): a skip-ahead costs about as much as a few
  // hundred steps (Note [Sequential engines]). The values do not depend on
  // this.
  long long run = std::max<long long>(64, (blocks + 131071) / 131072);
  run = (run + 7) / 8 * 8;
  const int64_t threads = (blocks + run - 1) / run;
  void* args[] = {&a, &blocks, &run};
  const int64_t grid = std::clamp<int64_t>((threads + 255) / 256, 1, int64_t(1) << 30);
  launch_kernel(k, dim3(static_cast<unsigned>(grid)), dim3(256), args, stream());
}

}  // namespace cunum::backend::cuda
