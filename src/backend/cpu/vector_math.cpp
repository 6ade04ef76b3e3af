#include "backend/cpu/vector_math.hpp"

#include "cunum/error.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <utility>

#if defined(__x86_64__) && defined(__GLIBC__) && defined(__GNUC__)
#define CUNUM_CPU_AVX2_LOOPS 1
#include <dlfcn.h>
#include <immintrin.h>
#endif

namespace cunum::backend::cpu {

#if CUNUM_CPU_AVX2_LOOPS
namespace {

// Functions compiled for AVX2 + FMA; called only after a CPU check, so the
// library still runs on any x86-64.
#define CUNUM_AVX2 __attribute__((target("avx2,fma")))

enum MvecFn { kSin, kCos, kExp, kLog, kTanh, kNumMvec };
constexpr const char* kMvecUfunc[kNumMvec] = {"sin", "cos", "exp", "log", "tanh"};

// The table entry of ufunc `name`'s loop d->d.
LoopFn& loop_entry(LoopTable& t, const char* name, DType d) {
  const core::UfuncDef& u = core::ufunc_by_name(name);
  for (int l = 0; l < u.nloops; ++l)
    if (u.loops[l].in[0] == d && u.loops[l].out[0] == d) return t[u.index][l];
  CUNUM_ASSERT(false);
  return t[u.index][0];
}

// Lanes of one AVX register.
struct F32 {
  using T = float;
  using V = __m256;
  static constexpr int kWidth = 8;
  static constexpr DType kDType = DType::Float32;
  static constexpr const char* kMvecNames[kNumMvec] = {
      "_ZGVdN8v_sinf", "_ZGVdN8v_cosf", "_ZGVdN8v_expf", "_ZGVdN8v_logf", "_ZGVdN8v_tanhf"};
  CUNUM_AVX2 static V load(const T* p) { return _mm256_loadu_ps(p); }
  CUNUM_AVX2 static void store(T* p, V v) { _mm256_storeu_ps(p, v); }
  CUNUM_AVX2 static V sqrt(V v) { return _mm256_sqrt_ps(v); }
  static inline void* mvec[kNumMvec] = {};
};
struct F64 {
  using T = double;
  using V = __m256d;
  static constexpr int kWidth = 4;
  static constexpr DType kDType = DType::Float64;
  static constexpr const char* kMvecNames[kNumMvec] = {
      "_ZGVdN4v_sin", "_ZGVdN4v_cos", "_ZGVdN4v_exp", "_ZGVdN4v_log", "_ZGVdN4v_tanh"};
  CUNUM_AVX2 static V load(const T* p) { return _mm256_loadu_pd(p); }
  CUNUM_AVX2 static void store(T* p, V v) { _mm256_storeu_pd(p, v); }
  CUNUM_AVX2 static V sqrt(V v) { return _mm256_sqrt_pd(v); }
  static inline void* mvec[kNumMvec] = {};
};

// One libmvec function (F < kNumMvec) or sqrt (F == kNumMvec).
template <class L, int F>
struct VecOp {
  CUNUM_AVX2 static typename L::V apply(typename L::V x) {
    if constexpr (F == kNumMvec) {
      return L::sqrt(x);
    } else {
      using Fn = typename L::V (*)(typename L::V);
      return reinterpret_cast<Fn>(L::mvec[F])(x);
    }
  }
};

// The ufunc loop (LoopFn): whole registers straight from memory where both
// operands are contiguous; the rest (a tail, or strided operands) through a
// register-sized buffer, so that every element is computed by the same code.
template <class L, int F>
CUNUM_AVX2 void vec_loop(char** d, const int64_t* s, int64_t n) {
  using T = typename L::T;
  constexpr int W = L::kWidth;
  int64_t i = 0;
  if (s[0] == sizeof(T) && s[1] == sizeof(T)) {
    const T* a = reinterpret_cast<const T*>(d[0]);
    T* o = reinterpret_cast<T*>(d[1]);
    for (; i + W <= n; i += W) L::store(o + i, VecOp<L, F>::apply(L::load(a + i)));
  }
  for (; i < n; i += W) {
    const int m = static_cast<int>(n - i < W ? n - i : W);
    alignas(32) T buf[W] = {};
    for (int j = 0; j < m; ++j) std::memcpy(&buf[j], d[0] + (i + j) * s[0], sizeof(T));
    L::store(buf, VecOp<L, F>::apply(L::load(buf)));
    for (int j = 0; j < m; ++j) std::memcpy(d[1] + (i + j) * s[1], &buf[j], sizeof(T));
  }
}

template <class L, int... F>
void install(LoopTable& t, void* libmvec, std::integer_sequence<int, F...>) {
  (
      [&] {
        if constexpr (F == kNumMvec) {
          loop_entry(t, "sqrt", L::kDType) = &vec_loop<L, F>;
        } else {
          L::mvec[F] = libmvec ? dlsym(libmvec, L::kMvecNames[F]) : nullptr;
          if (L::mvec[F])
            loop_entry(t, kMvecUfunc[F], L::kDType) = &vec_loop<L, F>;
        }
      }(),
      ...);
}

}  // namespace

void register_vector_math_loops(LoopTable& t) {
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return;
  if (const char* e = std::getenv("CUNUM_CPU_VECTOR_MATH"); e && std::strcmp(e, "0") == 0) return;
  // Never closed: the loops keep pointers into it.
  void* libmvec = dlopen("libmvec.so.1", RTLD_NOW | RTLD_LOCAL);
  install<F32>(t, libmvec, std::make_integer_sequence<int, kNumMvec + 1>{});
  install<F64>(t, libmvec, std::make_integer_sequence<int, kNumMvec + 1>{});
}

#else

void register_vector_math_loops(LoopTable&) {}

#endif

}  // namespace cunum::backend::cpu
