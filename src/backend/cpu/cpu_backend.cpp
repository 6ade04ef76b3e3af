#include "backend/cpu/cpu_backend.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <type_traits>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "backend/cpu/block_cache.hpp"
#include "backend/cpu/bool_bytes.hpp"
#include "backend/cpu/nd_iter.hpp"
#include "backend/cpu/vector_math.hpp"
#include "cunum/error.hpp"
#include "cunum/sync_detect.hpp"
#include "cunum/kernels/convert.hpp"

namespace cunum::backend::cpu {

namespace {

// Bool data is read through Stored<T> (Note [Bool bytes]).
template <class To, class From> void cast_loop(char** d, const int64_t* s, int64_t n) {
  if constexpr (std::is_same_v<To, From>) {
    using Raw = Stored<From>;  // a copy: the bytes as they are (Note [Bool bytes])
    if (s[0] == sizeof(Raw) && s[1] == sizeof(Raw)) {
      std::memcpy(d[1], d[0], static_cast<size_t>(n) * sizeof(Raw));
      return;
    }
    for (int64_t i = 0; i < n; ++i)
      *reinterpret_cast<Raw*>(d[1] + i * s[1]) = *reinterpret_cast<const Raw*>(d[0] + i * s[0]);
    return;
  } else {
    if (s[0] == sizeof(From) && s[1] == sizeof(To)) {
      const Stored<From>* a = reinterpret_cast<const Stored<From>*>(d[0]);
      To* o = reinterpret_cast<To*>(d[1]);
      for (int64_t i = 0; i < n; ++i) o[i] = convert<To>(value_of<From>(a[i]));
      return;
    }
    for (int64_t i = 0; i < n; ++i)
      *reinterpret_cast<To*>(d[1] + i * s[1]) = convert<To>(load_at<From>(d[0] + i * s[0]));
  }
}

// Note [Transposing copies]
// ascontiguousarray(m.T) reads the input with a stride of a whole row. A tile
// (Note [Tiled walks]) of a copy goes through a buffer: read along the
// input's contiguous direction, written along the output's, so that every line
// is used whole at once and cache-set conflicts do not matter. On 4096² float32
// here: 26 ms, where the same tiles walked in rows took 72 ms (NumPy: 150 ms).
// A copy within one dtype goes through Stored<T> (Note [Bool bytes]).
template <class To, class From>
void cast_tile(char** d, const int64_t* rs, const int64_t* cs, int64_t nr, int64_t nc) {
  constexpr bool same = std::is_same_v<To, From>;
  using Out = std::conditional_t<same, Stored<To>, To>;
  Out buf[kTile][kTile];  // [col][row]
  for (int64_t c = 0; c < nc; ++c) {
    const char* in = d[0] + c * cs[0];
    if (rs[0] == sizeof(From)) {  // the usual case: a plain loop the compiler vectorises
      const Stored<From>* a = reinterpret_cast<const Stored<From>*>(in);
      for (int64_t r = 0; r < nr; ++r) {
        if constexpr (same) buf[c][r] = a[r];
        else buf[c][r] = convert<To>(value_of<From>(a[r]));
      }
    } else {
      for (int64_t r = 0; r < nr; ++r) {
        if constexpr (same) buf[c][r] = *reinterpret_cast<const Out*>(in + r * rs[0]);
        else buf[c][r] = convert<To>(load_at<From>(in + r * rs[0]));
      }
    }
  }
  for (int64_t r = 0; r < nr; ++r) {
    char* out = d[1] + r * rs[1];
    for (int64_t c = 0; c < nc; ++c) *reinterpret_cast<Out*>(out + c * cs[1]) = buf[c][r];
  }
}
using TileFn = void (*)(char** d, const int64_t* rs, const int64_t* cs, int64_t nr, int64_t nc);

template <class To, class From> void cast_where_loop(char** d, const int64_t* s, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    if (load_at<bool>(d[1] + i * s[1])) {
      if constexpr (std::is_same_v<To, From>)
        *reinterpret_cast<Stored<To>*>(d[2] + i * s[2]) = *reinterpret_cast<const Stored<From>*>(d[0] + i * s[0]);
      else
        *reinterpret_cast<To*>(d[2] + i * s[2]) = convert<To>(load_at<From>(d[0] + i * s[0]));
    }
}

// A value to write: convert the Scalar once, then copy its bytes.
void scalar_bytes(const Scalar& v, DType d, unsigned char* out) { v.store(d, out); }

// Writes the item at `value` (an unsigned type of the item's size, or a
// 16-byte struct) n times with stride s.
template <class Item> void fill_items(char* dst, int64_t s, int64_t n, const unsigned char* value) {
  Item v;
  std::memcpy(&v, value, sizeof(Item));
  const bool one_byte =
      std::all_of(value, value + sizeof(Item), [&](unsigned char b) { return b == value[0]; });
  if (s == sizeof(Item) && one_byte) {  // zeros, mostly: memset is the fastest loop there is
    std::memset(dst, value[0], static_cast<size_t>(n) * sizeof(Item));
    return;
  }
  if (s == sizeof(Item)) {
    Item* o = reinterpret_cast<Item*>(dst);
    for (int64_t i = 0; i < n; ++i) o[i] = v;
    return;
  }
  for (int64_t i = 0; i < n; ++i) std::memcpy(dst + i * s, &v, sizeof(Item));
}
struct Item16 {
  uint64_t lo, hi;
};
template <class Item> void fill_plan(const LoopPlan& plan, const unsigned char* value) {
  for_each_inner(plan, [&](char** d, const int64_t* s, int64_t n) {
    fill_items<Item>(d[0], s[0], n, value);
  });
}

// Note [Huge pages for large arrays]
// A fresh 64 MiB block costs 16384 page faults of 4 KiB (~35 ms, more than
// most operations on it) the first time it is written. Where transparent huge
// pages are in "madvise" mode (a common default), NumPy asks for them on
// blocks of 4 MiB and more; so does cunum: the fault count drops 512-fold.
constexpr size_t kHugePageMin = size_t{4} << 20;
void advise_huge_pages(void* p, size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (n < kHugePageMin) return;
  const uintptr_t page = 4096, begin = (reinterpret_cast<uintptr_t>(p) + page - 1) / page * page;
  const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + n) / page * page;
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);  // a hint
#endif
}

}  // namespace

// Elements per thread chunk of a ufunc: the transcendentals cost 5-20x an add
// per element, so they are split from smaller sizes on.
int64_t ufunc_grain(const core::UfuncDef& def) {
  // The ufuncs that call the C library per element (tens of ns each).
  static const std::vector<bool> heavy = [] {
    std::vector<bool> h(static_cast<size_t>(core::num_ufuncs()), false);
    for (const char* n : {"sin", "cos", "exp", "log", "tanh", "power", "tan", "arcsin", "arccos", "arctan",
                          "arctan2", "sinh", "cosh", "arcsinh", "arccosh", "arctanh", "exp2", "expm1",
                          "log1p", "log2", "log10", "logaddexp", "logaddexp2", "cbrt", "float_power", "gcd",
                          "lcm"})
      h[static_cast<size_t>(core::ufunc_by_name(n).index)] = true;
    return h;
  }();
  return heavy[static_cast<size_t>(def.index)] ? kDefaultGrain / 8 : kDefaultGrain;
}

CpuBackend::CpuBackend() : loops_(static_cast<size_t>(core::num_ufuncs())) {
  register_arithmetic_loops(loops_);
  register_comparison_loops(loops_);
  register_math_loops(loops_);
  register_floating_loops(loops_);
  register_trigonometric_loops(loops_);
  register_vector_math_loops(loops_);
  // Every declared loop of every ufunc has its CPU loop.
  for (int u = 0; u < core::num_ufuncs(); ++u)
    CUNUM_ASSERT(static_cast<int>(loops_[u].size()) == core::ufunc_def(u).nloops);
}

LoopFn cast_loop_fn(DType from, DType to) {
  return dispatch(from, [&](auto s) {
    return dispatch(to, [&](auto t) -> LoopFn {
      return &cast_loop<typename decltype(t)::type, typename decltype(s)::type>;
    });
  });
}

void* CpuBackend::allocate(size_t nbytes) {
  void* p = cached_alloc(nbytes == 0 ? 1 : nbytes);
  if (!p)
    throw OutOfMemoryError("cunum: out of host memory allocating " + std::to_string(nbytes) +
                           " bytes");
  advise_huge_pages(p, nbytes);
  return p;
}
void CpuBackend::deallocate(void* p, size_t nbytes) noexcept { cached_free(p, nbytes == 0 ? 1 : nbytes); }
void CpuBackend::copy_from_host(void* dst, const void* src, size_t n) {
  if (n) std::memcpy(dst, src, n);
}
void CpuBackend::copy_to_host(void* dst, const void* src, size_t n) {
  check_synchronize_allowed();  // where the GPU would wait (Note [Synchronization detection])
  if (n) std::memcpy(dst, src, n);
}
void CpuBackend::synchronize() { check_synchronize_allowed(); }

void CpuBackend::copy(const LoopPlan& plan, DType src, DType dst) {
  struct Loops {
    LoopFn row;
    TileFn tile;
  };
  Loops loops = dispatch(src, [&](auto s) {
    return dispatch(dst, [&](auto t) -> Loops {
      using To = typename decltype(t)::type;
      using From = typename decltype(s)::type;
      return {&cast_loop<To, From>, &cast_tile<To, From>};
    });
  });
  for_each_tile(plan, loops.row, loops.tile);
}

void CpuBackend::copy_where(const LoopPlan& plan, DType src, DType dst) {
  LoopFn fn = dispatch(src, [&](auto s) {
    return dispatch(dst, [&](auto t) -> LoopFn {
      return &cast_where_loop<typename decltype(t)::type, typename decltype(s)::type>;
    });
  });
  for_each_inner(plan, fn);
}

void CpuBackend::fill(const LoopPlan& plan, DType dst, const Scalar& value) {
  alignas(16) unsigned char bytes[16];
  scalar_bytes(value, dst, bytes);
  switch (itemsize(dst)) {
    case 1: return fill_plan<uint8_t>(plan, bytes);
    case 2: return fill_plan<uint16_t>(plan, bytes);
    case 4: return fill_plan<uint32_t>(plan, bytes);
    case 8: return fill_plan<uint64_t>(plan, bytes);
    case 16: return fill_plan<Item16>(plan, bytes);
    default: CUNUM_ASSERT(false);
  }
}

void CpuBackend::iota(void* dst, int64_t n, DType dtype, const Scalar& start, const Scalar& step) {
  char* out = static_cast<char*>(dst);
  const size_t isz = itemsize(dtype);
  if (is_integer(dtype) || is_bool(dtype)) {
    const uint64_t a = static_cast<uint64_t>(start.as_int64()), b = static_cast<uint64_t>(step.as_int64());
    for (int64_t i = 0; i < n; ++i)
      Scalar(static_cast<long long>(a + static_cast<uint64_t>(i) * b)).store(dtype, out + i * isz);
    return;
  }
  const bool cplx = is_complex(dtype);
  const double ar = cplx ? start.re : start.as_double(), ai = cplx ? start.im : 0.0;
  const double br = cplx ? step.re : step.as_double(), bi = cplx ? step.im : 0.0;
  if (real_dtype(dtype) == DType::Float64) {
    for (int64_t i = 0; i < n; ++i) {
      const double x = static_cast<double>(i);
      (cplx ? Scalar(ar + x * br, ai + x * bi) : Scalar(ar + x * br)).store(dtype, out + i * isz);
    }
  } else {  // float arithmetic for float16, float32 and complex64
    const float fr = static_cast<float>(ar), fi = static_cast<float>(ai);
    const float gr = static_cast<float>(br), gi = static_cast<float>(bi);
    for (int64_t i = 0; i < n; ++i) {
      const float x = static_cast<float>(i);
      const float re = fr + x * gr, im = fi + x * gi;
      (cplx ? Scalar(static_cast<double>(re), static_cast<double>(im)) : Scalar(static_cast<double>(re)))
          .store(dtype, out + i * isz);
    }
  }
}


}  // namespace cunum::backend::cpu
