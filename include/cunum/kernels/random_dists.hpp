// cunum/kernels/random_dists.hpp — the distributions of cunum.random as
// CUNUM_HD functors, and the per-block routine both backends loop over.
//
// Note [Distribution functors]
// A distribution D (one row of random_list.hpp) has, for its output type T:
//   per<T>()            values made from one Philox block (1, 2 or 4)
//   block(w, z)         the block's standard values z[0 .. per) (no parameters)
//   element(z, s, p)    element's value from its standard value z, its stream
//                       s (for more words) and its parameters p
// Distributions that transform a uniform, normal or exponential do the
// costly part once per block (one Philox call, one log and sincos for four
// float normals: the GPU kernel then writes 16 bytes per thread);
// rejection samplers have per = 1 and draw everything in element() from a
// stream that starts at their block (Note [The counter model]).
#pragma once
#include "math.hpp"
#include "philox.hpp"
#include "random_engines.hpp"
#include "random_list.hpp"
#include "random_math.hpp"
#include "random_samplers.hpp"

namespace cunum::random {

// An element's three parameters, as 64-bit words.
struct RParams {
  uint64_t b[3];
  CUNUM_HD double d(int k) const { return detail::double_of_bits(b[k]); }
  CUNUM_HD int64_t i(int k) const { return (int64_t)b[k]; }
};

// What one fill shares (both backends build it from a RandomPlan; the CUDA
// kernel takes it by value, compiled from this same header).
struct RandomArgs {
  void* out;
  int64_t n;
  uint64_t counter;  // the block of element 0
  StreamKey key;
  uint64_t param[3];          // scalar parameters
  const uint64_t* arrays[3];  // or, where not null, n words each
  // The bit generator (Note [Sequential engines]): Philox, or XORWOW /
  // MRG32k3a from `init` (their state at position 0) through `table`
  // (build_jump_tables, in the memory of the device that runs the fill).
  Engine engine;
  uint32_t init[6];
  const uint32_t* table;
  CUNUM_HD RParams params(int64_t i) const {
    RParams p;
    for (int k = 0; k < 3; ++k) p.b[k] = arrays[k] ? arrays[k][i] : param[k];
    return p;
  }
  // The parameters when no `arrays[k]` is set (the same words as params(i)).
  CUNUM_HD RParams scalar_params() const { return RParams{{param[0], param[1], param[2]}}; }
};

// Blocks of uniforms, normals and exponentials (Note [Bit-identical transforms]).
template <class T> CUNUM_HD constexpr int per_wide() { return sizeof(T) == 4 ? 4 : 2; }
template <class T> CUNUM_HD void uniform_block(const Words4& w, T* z) {
  if constexpr (sizeof(T) == 4) {
    for (int j = 0; j < 4; ++j) z[j] = u01f(w.w[j]);
  } else {
    z[0] = u01d(w.w[0], w.w[1]);
    z[1] = u01d(w.w[2], w.w[3]);
  }
}
template <class T> CUNUM_HD void normal_block(const Words4& w, T* z) {
  if constexpr (sizeof(T) == 4) {
    for (int j = 0; j < 4; j += 2) {
      const float r = rmath::sqrt_bounded(rmath::neg2_log_u24((w.w[j] >> 8) + 1));  // -2 log(u01f_oc)
      float sn, cs;
      rmath::sincos_turn32(w.w[j + 1], rmath::turn_table(), sn, cs);
      z[j] = r * cs;
      z[j + 1] = r * sn;
    }
  } else {
    const double r = math::sqrt(-2.0 * rmath::log(u01d_oc(w.w[0], w.w[1])));
    double sn, cs;
    rmath::sincos_turn53(((uint64_t)w.w[2] | ((uint64_t)w.w[3] << 32)) >> 11, sn, cs);
    z[0] = r * cs;
    z[1] = r * sn;
  }
}
template <class T> CUNUM_HD void exponential_block(const Words4& w, T* z) {
  if constexpr (sizeof(T) == 4) {
    for (int j = 0; j < 4; ++j) z[j] = -rmath::log_u24((w.w[j] >> 8) + 1);  // log(u01f_oc)
  } else {
    z[0] = -rmath::log(u01d_oc(w.w[0], w.w[1]));
    z[1] = -rmath::log(u01d_oc(w.w[2], w.w[3]));
  }
}

#define CUNUM_WIDE(BLOCK, EXPR)                                                     \
  template <class T> CUNUM_HD static constexpr int per() { return per_wide<T>(); } \
  template <class T> CUNUM_HD static void block(const Words4& w, T* z) { BLOCK<T>(w, z); } \
  template <class T> CUNUM_HD static T element(const Words4&, int, T z, Stream&, const RParams& p) { return EXPR; }

struct Random { CUNUM_WIDE(uniform_block, z) };
// low + (high - low) U: p0 low, p1 high - low (computed by the planner, as NumPy)
struct Uniform { CUNUM_WIDE(uniform_block, (T)p.d(0) + (T)p.d(1) * z) };
struct StandardNormal { CUNUM_WIDE(normal_block, z) };
struct Normal { CUNUM_WIDE(normal_block, (T)p.d(0) + (T)p.d(1) * z) };
struct StandardExponential { CUNUM_WIDE(exponential_block, z) };
struct Exponential { CUNUM_WIDE(exponential_block, (T)p.d(0) * z) };
#undef CUNUM_WIDE

// 128-bit product's high and low halves.
CUNUM_HD void mul64(uint64_t a, uint64_t b, uint64_t& hi, uint64_t& lo) {
#if defined(__CUDA_ARCH__)
  hi = __umul64hi(a, b);
  lo = a * b;
#else
  const unsigned __int128 m = (unsigned __int128)a * b;
  hi = (uint64_t)(m >> 64);
  lo = (uint64_t)m;
#endif
}

// Integers in [low, low + span]: Lemire's multiply-and-reject (no modulo
// bias): the first word(s) are the element's own in the block, a rejection
// (probability below span / 2^32 or 2^64) reads its sub-stream.
struct Integers {
  template <class T> CUNUM_HD static constexpr int per() { return sizeof(T) == 8 ? 2 : 4; }
  // element() reads its own words from the block: T may be as narrow as bool
  template <class T> CUNUM_HD static void block(const Words4&, T*) {}
  CUNUM_HD static uint64_t bounded32(uint32_t x, uint32_t span, Stream& s) {
    if (span == 0xffffffffu) return x;
    const uint32_t r = span + 1;
    uint64_t m = (uint64_t)x * r;
    uint32_t l = (uint32_t)m;
    if (l < r) {
      const uint32_t t = (0u - r) % r;
      while (l < t) {
        m = (uint64_t)s.next32() * r;
        l = (uint32_t)m;
      }
    }
    return m >> 32;
  }
  CUNUM_HD static uint64_t bounded64(uint64_t x, uint64_t span, Stream& s) {
    if (span == ~0ull) return x;
    if (span <= 0xffffffffull) return bounded32((uint32_t)(x >> 32), (uint32_t)span, s);
    const uint64_t r = span + 1;
    uint64_t hi, lo;
    mul64(x, r, hi, lo);
    if (lo < r) {
      const uint64_t t = (0ull - r) % r;
      while (lo < t) mul64(s.next64(), r, hi, lo);
    }
    return hi;
  }
  template <class T> CUNUM_HD static T element(const Words4& w, int lane, T, Stream& s, const RParams& p) {
    uint64_t v;
    if constexpr (sizeof(T) == 8) {
      v = bounded64((uint64_t)w.w[2 * lane] | ((uint64_t)w.w[2 * lane + 1] << 32), p.b[1], s);
    } else {
      v = bounded32(w.w[lane], (uint32_t)p.b[1], s);
    }
    v += p.b[0];
    if constexpr (sizeof(T) == 1 && T(2) == T(1)) return v != 0;  // bool
    else return (T)v;
  }
};

// random_raw (uint64, two words each) and bytes (uint32 words).
struct RawBits {
  template <class T> CUNUM_HD static constexpr int per() { return sizeof(T) == 8 ? 2 : 4; }
  template <class T> CUNUM_HD static void block(const Words4& w, T* z) {
    if constexpr (sizeof(T) == 8) {
      z[0] = (T)((uint64_t)w.w[0] | ((uint64_t)w.w[1] << 32));
      z[1] = (T)((uint64_t)w.w[2] | ((uint64_t)w.w[3] << 32));
    } else {
      for (int j = 0; j < 4; ++j) z[j] = (T)w.w[j];
    }
  }
  template <class T> CUNUM_HD static T element(const Words4&, int, T z, Stream&, const RParams&) { return z; }
};

// One value per block, all from the element's stream (double, then T).
#define CUNUM_ONE(NAME, EXPR)                                                                      \
  struct NAME {                                                                                    \
    template <class T> CUNUM_HD static constexpr int per() { return 1; }                           \
    template <class T> CUNUM_HD static void block(const Words4&, T*) {}                            \
    template <class T> CUNUM_HD static T element(const Words4&, int, T, Stream& s, const RParams& p) { return (T)(EXPR); } \
  };

CUNUM_ONE(Lognormal, math::exp(p.d(0) + p.d(1) * s_normal(s)))
CUNUM_ONE(StandardGamma, s_gamma(s, p.d(0)))
CUNUM_ONE(Gamma, p.d(1) * s_gamma(s, p.d(0)))
CUNUM_ONE(Beta, s_beta(s, p.d(0), p.d(1)))
CUNUM_ONE(Chisquare, s_chisquare(s, p.d(0)))
CUNUM_ONE(F, (s_chisquare(s, p.d(0)) * p.d(1)) / (s_chisquare(s, p.d(1)) * p.d(0)))
CUNUM_ONE(StandardT, t_value(s, p.d(0)))
CUNUM_ONE(StandardCauchy, cauchy_value(s))
CUNUM_ONE(Laplace, laplace_value(s, p.d(0), p.d(1)))
CUNUM_ONE(Logistic, logistic_value(s, p.d(0), p.d(1)))
CUNUM_ONE(Gumbel, p.d(0) - p.d(1) * rmath::log(-rmath::log(s.next_double_oo())))
CUNUM_ONE(Pareto, math::expm1(s_exponential(s) / p.d(0)))
CUNUM_ONE(Power, math::pow(-math::expm1(-s_exponential(s)), 1.0 / p.d(0)))
CUNUM_ONE(Rayleigh, p.d(0) * math::sqrt(2.0 * s_exponential(s)))
CUNUM_ONE(Weibull, p.d(0) == 0.0 ? 0.0 : math::pow(s_exponential(s), 1.0 / p.d(0)))
CUNUM_ONE(Wald, wald_value(s, p.d(0), p.d(1)))
CUNUM_ONE(Triangular, triangular_value(s, p.d(0), p.d(1), p.d(2)))
CUNUM_ONE(Vonmises, vonmises_value(s, p.d(0), p.d(1)))
CUNUM_ONE(NoncentralChisquare, noncentral_chisquare_value(s, p.d(0), p.d(1)))
CUNUM_ONE(NoncentralF, noncentral_chisquare_value(s, p.d(0), p.d(2)) * p.d(1) / (s_chisquare(s, p.d(1)) * p.d(0)))
CUNUM_ONE(Binomial, s_binomial(s, p.i(0), p.d(1)))
CUNUM_ONE(NegativeBinomial, s_poisson(s, s_gamma(s, p.d(0)) * (1.0 - p.d(1)) / p.d(1)))
CUNUM_ONE(Poisson, s_poisson(s, p.d(0)))
CUNUM_ONE(Geometric, geometric_value(s, p.d(0)))
CUNUM_ONE(Hypergeometric, s_hypergeometric(s, p.i(0), p.i(1), p.i(2)))
CUNUM_ONE(Logseries, logseries_value(s, p.d(0)))
CUNUM_ONE(Zipf, zipf_value(s, p.d(0)))
#undef CUNUM_ONE

// Element i = t * per + lane of a fill: its value, from block t, whose
// four words are `w`. Both backends call this (the GPU with one thread per
// block t, or per run of blocks for the sequential engines). All `per`
// values are computed, with constant indices (registers, not the stack);
// the caller stores those below n (a lane past the end reads the last
// element's parameters, and its value is dropped). Scalar: the fill has no
// parameter arrays (the GPU kernel's variant for that case reads the
// parameters once, not two pointers and three words per element).
template <class D, class T, bool Scalar = false>
CUNUM_HD void random_block_words(const RandomArgs& a, int64_t t, const Words4& w, T* out_vals) {
  constexpr int P = D::template per<T>();
  const uint64_t blk = a.counter + (uint64_t)t;
  T z[P];
  D::template block<T>(w, z);
  const int64_t i0 = t * P;
#if defined(__CUDA_ARCH__)
#pragma unroll
#endif
  for (int lane = 0; lane < P; ++lane) {
    Stream s(a.key, blk, (uint32_t)lane, P == 1 ? &w : nullptr);
    const int64_t i = i0 + lane < a.n ? i0 + lane : a.n - 1;
    if constexpr (Scalar) {
      out_vals[lane] = D::template element<T>(w, lane, z[lane], s, a.scalar_params());
    } else {
      out_vals[lane] = D::template element<T>(w, lane, z[lane], s, a.params(i));
    }
  }
}

// Block t under Philox (the block is the counter's).
template <class D, class T> CUNUM_HD void random_block(const RandomArgs& a, int64_t t, T* out_vals) {
  random_block_words<D, T>(a, t, a.key.block(a.counter + (uint64_t)t, 0, 0), out_vals);
}

// A sequential engine at block t of the fill (skipped ahead once; then
// next4() gives blocks t, t + 1, ...).
CUNUM_HD EngineCursor engine_at(const RandomArgs& a, int64_t t) {
  return EngineCursor(a.engine, a.init, a.table, a.counter + (uint64_t)t, a.key.jump);
}

#if !defined(__CUDACC_RTC__)
// Host side: values per block of a distribution for an output of `itemsize`
// bytes (per<T>() depends on sizeof(T) only), its kind and parameter count.
template <class D> inline int per_for_itemsize(int itemsize) {
  switch (itemsize) {
    case 1: return D::template per<uint8_t>();
    case 2: return D::template per<uint16_t>();
    case 4: return D::template per<float>();
    default: return D::template per<double>();
  }
}
inline int random_per(Dist d, int itemsize) {
  switch (d) {
#define CUNUM_X(N, K, P) \
  case Dist::N: return per_for_itemsize<N>(itemsize);
    CUNUM_RANDOM_DISTS(CUNUM_X)
#undef CUNUM_X
  }
  return 1;
}
inline DistKind random_kind(Dist d) {
  switch (d) {
#define CUNUM_X(N, K, P) \
  case Dist::N: return DistKind::K;
    CUNUM_RANDOM_DISTS(CUNUM_X)
#undef CUNUM_X
  }
  return DistKind::Real;
}
inline const char* random_name(Dist d) {
  switch (d) {
#define CUNUM_X(N, K, P) \
  case Dist::N: return #N;
    CUNUM_RANDOM_DISTS(CUNUM_X)
#undef CUNUM_X
  }
  return "?";
}
inline constexpr int kNumRandomDists = 0
#define CUNUM_X(N, K, P) +1
    CUNUM_RANDOM_DISTS(CUNUM_X)
#undef CUNUM_X
    ;
#endif

}  // namespace cunum::random
