// CpuBackend::random: the distributions of cunum/kernels/random_dists.hpp
// over a RandomPlan (Note [Random plans]), the same per-block routine the
// GPU kernel runs, so both give the same values (Note [The counter model]).
// Compiled with -ffp-contract=off (CMakeLists.txt; Note [Bit-identical
// transforms]).
#include <algorithm>
#include <vector>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/parallel.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/random_dists.hpp"

namespace cunum::backend::cpu {

namespace {
using random::Dist;
using random::DistKind;

template <class D, class T> void fill_blocks(const random::RandomArgs& a) {
  constexpr int P = D::template per<T>();
  const int64_t blocks = (a.n + P - 1) / P;
  T* out = static_cast<T*>(a.out);
  // Rejection samplers (P == 1) cost more per element: smaller chunks.
  // A sequential engine skips ahead once per chunk (Note [Sequential engines]).
  parallel_for(blocks, P == 1 ? 1024 : 8192, [&](int64_t b, int64_t e) {
    T vals[P];
    if (a.engine == random::Engine::Philox) {
      for (int64_t t = b; t < e; ++t) {
        random::random_block<D, T>(a, t, vals);
        const int64_t m = std::min<int64_t>(P, a.n - t * P);
        for (int64_t j = 0; j < m; ++j) out[t * P + j] = vals[j];
      }
      return;
    }
    random::EngineCursor c = random::engine_at(a, b);
    for (int64_t t = b; t < e; ++t) {
      random::random_block_words<D, T>(a, t, c.next4(), vals);
      const int64_t m = std::min<int64_t>(P, a.n - t * P);
      for (int64_t j = 0; j < m; ++j) out[t * P + j] = vals[j];
    }
  });
}

template <class D> void fill_kind(DistKind kind, DType dtype, const random::RandomArgs& a) {
  switch (kind) {
    case DistKind::Real:
      if (dtype == DType::Float32) return fill_blocks<D, float>(a);
      if (dtype == DType::Float64) return fill_blocks<D, double>(a);
      break;
    case DistKind::Count:
      if (dtype == DType::Int64) return fill_blocks<D, int64_t>(a);
      break;
    case DistKind::Integers:
      switch (dtype) {
        case DType::Bool: return fill_blocks<D, bool>(a);
        case DType::Int8: return fill_blocks<D, int8_t>(a);
        case DType::UInt8: return fill_blocks<D, uint8_t>(a);
        case DType::Int16: return fill_blocks<D, int16_t>(a);
        case DType::UInt16: return fill_blocks<D, uint16_t>(a);
        case DType::Int32: return fill_blocks<D, int32_t>(a);
        case DType::UInt32: return fill_blocks<D, uint32_t>(a);
        case DType::Int64: return fill_blocks<D, int64_t>(a);
        case DType::UInt64: return fill_blocks<D, uint64_t>(a);
        default: break;
      }
      break;
    case DistKind::Raw:
      if (dtype == DType::UInt32) return fill_blocks<D, uint32_t>(a);
      if (dtype == DType::UInt64) return fill_blocks<D, uint64_t>(a);
      break;
  }
  CUNUM_ASSERT(false && "random: dtype outside the distribution's kind");
}

// The sequential engines' skip-ahead tables, built at the first use.
const uint32_t* jump_tables() {
  static const std::vector<uint32_t> t = [] {
    std::vector<uint32_t> v(random::kJumpTableWords);
    random::build_jump_tables(v.data());
    return v;
  }();
  return t.data();
}
}  // namespace

void CpuBackend::random(const RandomPlan& plan) {
  if (plan.n <= 0) return;
  random::RandomArgs a{};
  a.out = plan.out;
  a.n = plan.n;
  a.counter = plan.counter;
  a.key = random::StreamKey{plan.key[0], plan.key[1], plan.jump};
  a.engine = static_cast<random::Engine>(plan.engine);
  for (int j = 0; j < 6; ++j) a.init[j] = plan.init[j];
  a.table = a.engine == random::Engine::Philox ? nullptr : jump_tables();
  for (int k = 0; k < 3; ++k) {
    a.param[k] = plan.param[k];
    a.arrays[k] = plan.arrays[k];
  }
  const Dist d = static_cast<Dist>(plan.dist);
  switch (d) {
#define CUNUM_X(N, K, P) \
  case Dist::N: return fill_kind<random::N>(DistKind::K, plan.dtype, a);
    CUNUM_RANDOM_DISTS(CUNUM_X)
#undef CUNUM_X
  }
}

}  // namespace cunum::backend::cpu
