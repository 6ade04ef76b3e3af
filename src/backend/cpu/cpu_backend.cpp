#include "backend/cpu/cpu_backend.hpp"

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "backend/cpu/nd_iter.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/convert.hpp"

namespace cunum::backend::cpu {

namespace {
constexpr size_t kAlign = 64;

template <class To, class From> void cast_loop(char** d, const int64_t* s, int64_t n) {
  if (s[0] == sizeof(From) && s[1] == sizeof(To)) {
    const From* a = reinterpret_cast<const From*>(d[0]);
    To* o = reinterpret_cast<To*>(d[1]);
    for (int64_t i = 0; i < n; ++i) o[i] = convert<To>(a[i]);
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    *reinterpret_cast<To*>(d[1] + i * s[1]) = convert<To>(*reinterpret_cast<const From*>(d[0] + i * s[0]));
}

template <class To, class From> void cast_where_loop(char** d, const int64_t* s, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    if (*reinterpret_cast<const bool*>(d[1] + i * s[1]))
      *reinterpret_cast<To*>(d[2] + i * s[2]) = convert<To>(*reinterpret_cast<const From*>(d[0] + i * s[0]));
}

// A value to write: convert the Scalar once, then copy its bytes.
void scalar_bytes(const Scalar& v, DType d, unsigned char* out) { v.store(d, out); }
}  // namespace

CpuBackend::CpuBackend() {
  register_arithmetic_loops(loops_);
  register_comparison_loops(loops_);
  register_math_loops(loops_);
  for (int u = 0; u < core::kNumUfuncs; ++u)
    for (int d = 0; d < kNumDTypes; ++d) {
      bool listed = (core::kUfuncInfo[u].types >> d) & 1u;
      CUNUM_ASSERT(listed == (loops_[u][d] != nullptr));
    }
}

void* CpuBackend::allocate(size_t nbytes) {
  size_t n = (nbytes + kAlign - 1) / kAlign * kAlign;
  if (n == 0) n = kAlign;
  void* p = std::aligned_alloc(kAlign, n);
  if (!p)
    throw OutOfMemoryError("cunum: out of host memory allocating " + std::to_string(nbytes) +
                           " bytes");
  return p;
}
void CpuBackend::deallocate(void* p, size_t) noexcept { std::free(p); }
void CpuBackend::copy_from_host(void* dst, const void* src, size_t n) {
  if (n) std::memcpy(dst, src, n);
}
void CpuBackend::copy_to_host(void* dst, const void* src, size_t n) {
  if (n) std::memcpy(dst, src, n);
}

void CpuBackend::copy(const LoopPlan& plan, DType src, DType dst) {
  LoopFn fn = dispatch(src, [&](auto s) {
    return dispatch(dst, [&](auto t) -> LoopFn {
      return &cast_loop<typename decltype(t)::type, typename decltype(s)::type>;
    });
  });
  for_each_inner(plan, fn);
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
  const size_t isz = itemsize(dst);
  for_each_inner(plan, [&](char** d, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) std::memcpy(d[0] + i * s[0], bytes, isz);
  });
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

void CpuBackend::ufunc(core::UfuncId id, DType loop, const LoopPlan& plan) {
  LoopFn fn = loops_[static_cast<int>(id)][static_cast<int>(loop)];
  CUNUM_ASSERT(fn != nullptr);
  for_each_inner(plan, fn);
}

}  // namespace cunum::backend::cpu
