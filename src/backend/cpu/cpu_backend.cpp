#include "backend/cpu/cpu_backend.hpp"

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "backend/cpu/block_cache.hpp"
#include "backend/cpu/nd_iter.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/convert.hpp"

namespace cunum::backend::cpu {

namespace {

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

CpuBackend::CpuBackend() : loops_(static_cast<size_t>(core::num_ufuncs())) {
  register_arithmetic_loops(loops_);
  register_comparison_loops(loops_);
  register_math_loops(loops_);
  register_floating_loops(loops_);
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
  return p;
}
void CpuBackend::deallocate(void* p, size_t nbytes) noexcept { cached_free(p, nbytes == 0 ? 1 : nbytes); }
void CpuBackend::copy_from_host(void* dst, const void* src, size_t n) {
  if (n) std::memcpy(dst, src, n);
}
void CpuBackend::copy_to_host(void* dst, const void* src, size_t n) {
  if (n) std::memcpy(dst, src, n);
}

void CpuBackend::copy(const LoopPlan& plan, DType src, DType dst) {
  for_each_inner(plan, cast_loop_fn(src, dst));
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
    int64_t a = start.as_int64(), b = step.as_int64();
    for (int64_t i = 0; i < n; ++i) Scalar((long long)(a + i * b)).store(dtype, out + i * isz);
  } else if (is_complex(dtype)) {
    for (int64_t i = 0; i < n; ++i)
      Scalar(start.re + (double)i * step.re, start.im + (double)i * step.im).store(dtype, out + i * isz);
  } else {
    double a = start.as_double(), b = step.as_double();
    for (int64_t i = 0; i < n; ++i) Scalar(a + (double)i * b).store(dtype, out + i * isz);
  }
}


}  // namespace cunum::backend::cpu
