// cunum/kernels/user_prelude.hpp — what the body of a user-written kernel
// (cunum.ElementwiseKernel, cunum.ReductionKernel) sees, on the GPU (NVRTC)
// and on the CPU (the system C++ compiler): CuPy's type names over cunum's
// own scalar types, CArray (a `raw` argument), CIndexer (`_ind`), and the
// loop macros the generated code is written in (docs/user-kernels.md).
//
//   float16              cunum::half (arithmetic in float, as CuPy's float16)
//   complex<float>       cunum::complex<float>; also thrust::complex<float>
//   x[i], x.size()       a raw argument: element i in C order of its own shape
//   _ind.size()          the loop size; `i` is the element index
#pragma once
#include "../config.hpp"
#include "complex.hpp"
#include "convert.hpp"
#include "half.hpp"

#if !defined(__CUDACC_RTC__)
// Host: the CUDA keywords a kernel body or preamble may spell vanish.
#define __device__
#define __host__
#define __global__
#define __forceinline__ inline
#include <cmath>
#include <cstdlib>
using std::abs;
using std::acos;
using std::acosh;
using std::asin;
using std::asinh;
using std::atan;
using std::atan2;
using std::atanh;
using std::cbrt;
using std::ceil;
using std::copysign;
using std::cos;
using std::cosh;
using std::erf;
using std::erfc;
using std::exp;
using std::exp2;
using std::expm1;
using std::fabs;
using std::floor;
using std::fma;
using std::fmax;
using std::fmin;
using std::fmod;
using std::hypot;
using std::isfinite;
using std::isinf;
using std::isnan;
using std::lgamma;
using std::log;
using std::log10;
using std::log1p;
using std::log2;
using std::pow;
using std::rint;
using std::round;
using std::signbit;
using std::sin;
using std::sinh;
using std::sqrt;
using std::tan;
using std::tanh;
using std::tgamma;
using std::trunc;
// CUDA's min/max take mixed arguments; so do these.
template <class A, class B> inline auto max(A a, B b) -> decltype(a + b) { return a < b ? b : a; }
template <class A, class B> inline auto min(A a, B b) -> decltype(a + b) { return b < a ? b : a; }
#endif

namespace cunum {
// Mixed half/number arithmetic computes in float (the result is a float;
// assigning it to a float16 rounds once), as CuPy's float16 does.
namespace user {
// The type of `half op S`: double with a double, else float (half is never S).
template <class S> struct half_mix { using type = float; };
template <> struct half_mix<double> { using type = double; };
template <> struct half_mix<half> {};
template <class S> using half_mix_t =
    typename half_mix<traits::enable_if_t<traits::is_int_v<S> || traits::is_float_v<S>, S>>::type;
}  // namespace user
#define CUNUM_USER_HALF_OP(op, R)                                                                    \
  template <class S> CUNUM_HD R operator op(half a, S b) { return (user::half_mix_t<S>)(float)a op b; } \
  template <class S> CUNUM_HD R operator op(S a, half b) { return a op (user::half_mix_t<S>)(float)b; }
CUNUM_USER_HALF_OP(+, user::half_mix_t<S>)
CUNUM_USER_HALF_OP(-, user::half_mix_t<S>)
CUNUM_USER_HALF_OP(*, user::half_mix_t<S>)
CUNUM_USER_HALF_OP(/, user::half_mix_t<S>)
#define CUNUM_USER_HALF_CMP(op) CUNUM_USER_HALF_OP(op, decltype((void)sizeof(user::half_mix_t<S>), true))
CUNUM_USER_HALF_CMP(<)
CUNUM_USER_HALF_CMP(>)
CUNUM_USER_HALF_CMP(<=)
CUNUM_USER_HALF_CMP(>=)
CUNUM_USER_HALF_CMP(==)
CUNUM_USER_HALF_CMP(!=)
#undef CUNUM_USER_HALF_CMP
#undef CUNUM_USER_HALF_OP
CUNUM_HD half max(half a, half b) { return (float)a < (float)b ? b : a; }
CUNUM_HD half min(half a, half b) { return (float)b < (float)a ? b : a; }
CUNUM_HD half& operator+=(half& a, half b) { return a = a + b; }
CUNUM_HD half& operator-=(half& a, half b) { return a = a - b; }
CUNUM_HD half& operator*=(half& a, half b) { return a = a * b; }
CUNUM_HD half& operator/=(half& a, half b) { return a = a / b; }

// complex with a real number (either side), compound assignment, and the
// functions a kernel body names unqualified (found by argument lookup).
template <class T> CUNUM_HD complex<T> operator+(complex<T> a, T b) { return {a.re + b, a.im}; }
template <class T> CUNUM_HD complex<T> operator+(T a, complex<T> b) { return {a + b.re, b.im}; }
template <class T> CUNUM_HD complex<T> operator-(complex<T> a, T b) { return {a.re - b, a.im}; }
template <class T> CUNUM_HD complex<T> operator-(T a, complex<T> b) { return {a - b.re, -b.im}; }
template <class T> CUNUM_HD complex<T> operator*(complex<T> a, T b) { return {a.re * b, a.im * b}; }
template <class T> CUNUM_HD complex<T> operator*(T a, complex<T> b) { return {a * b.re, a * b.im}; }
template <class T> CUNUM_HD complex<T> operator/(complex<T> a, T b) { return {a.re / b, a.im / b}; }
template <class T> CUNUM_HD complex<T> operator/(T a, complex<T> b) { return complex<T>(a) / b; }
template <class T> CUNUM_HD complex<T>& operator+=(complex<T>& a, complex<T> b) { return a = a + b; }
template <class T> CUNUM_HD complex<T>& operator-=(complex<T>& a, complex<T> b) { return a = a - b; }
template <class T> CUNUM_HD complex<T>& operator*=(complex<T>& a, complex<T> b) { return a = a * b; }
template <class T> CUNUM_HD complex<T>& operator/=(complex<T>& a, complex<T> b) { return a = a / b; }
template <class T> CUNUM_HD T real(complex<T> z) { return z.re; }
template <class T> CUNUM_HD T imag(complex<T> z) { return z.im; }
template <class T> CUNUM_HD complex<T> conj(complex<T> z) { return {z.re, -z.im}; }
template <class T> CUNUM_HD T abs(complex<T> z) { return math::hypot(z.re, z.im); }
template <class T> CUNUM_HD T norm(complex<T> z) { return z.re * z.re + z.im * z.im; }
template <class T> CUNUM_HD T arg(complex<T> z) { return math::atan2(z.im, z.re); }
#define CUNUM_USER_CFN(f) \
  template <class T> CUNUM_HD complex<T> f(complex<T> z) { return math::f(z); }
CUNUM_USER_CFN(sqrt)
CUNUM_USER_CFN(exp)
CUNUM_USER_CFN(log)
CUNUM_USER_CFN(sin)
CUNUM_USER_CFN(cos)
CUNUM_USER_CFN(tan)
CUNUM_USER_CFN(sinh)
CUNUM_USER_CFN(cosh)
CUNUM_USER_CFN(tanh)
#undef CUNUM_USER_CFN
template <class T> CUNUM_HD complex<T> pow(complex<T> a, complex<T> b) { return math::pow(a, b); }

namespace user {
// The kernel's parameter block on the GPU: one struct of W 64-bit words
// passed by value (pointers, shapes, strides, scalar values; Note [User
// kernel words] in src/routines/user_kernel_source.cpp).
template <int W> struct Words {
  long long w[W];
};

// A `raw` argument (CuPy's CArray<T, N>): x[i] is the element at flat index i
// in C order of the array's own shape; x[idx] takes one index per dim.
template <class T, int N> struct CArray {
  char* p_;
  long long size_;
  long long shape_[N > 0 ? N : 1];
  long long strides_[N > 0 ? N : 1];  // bytes
  bool contiguous_;
  CUNUM_HD CArray(const long long* w) : p_(reinterpret_cast<char*>(w[0])), size_(1), contiguous_(true) {
    long long expect = (long long)sizeof(T);
    for (int d = N - 1; d >= 0; --d) {
      shape_[d] = w[1 + d];
      strides_[d] = w[1 + N + d];
      if (shape_[d] != 1 && strides_[d] != expect) contiguous_ = false;
      expect *= shape_[d];
      size_ *= shape_[d];
    }
  }
  CUNUM_HD long long size() const { return size_; }
  CUNUM_HD int ndim() const { return N; }
  CUNUM_HD const long long* shape() const { return shape_; }
  CUNUM_HD const long long* strides() const { return strides_; }
  CUNUM_HD T* data() const { return reinterpret_cast<T*>(p_); }
  CUNUM_HD T& operator[](long long i) const {
    if (contiguous_) return reinterpret_cast<T*>(p_)[i];
    long long off = 0;
    for (int d = N - 1; d >= 0; --d) {
      off += (i % shape_[d]) * strides_[d];
      i /= shape_[d];
    }
    return *reinterpret_cast<T*>(p_ + off);
  }
  template <class I> CUNUM_HD T& operator[](const I* idx) const {
    long long off = 0;
    for (int d = 0; d < N; ++d) off += (long long)idx[d] * strides_[d];
    return *reinterpret_cast<T*>(p_ + off);
  }
};

// `_ind`: the loop's index (CuPy's CIndexer, flat form).
struct CIndexer {
  long long size_, i_;
  CUNUM_HD explicit CIndexer(long long n) : size_(n), i_(0) {}
  CUNUM_HD long long size() const { return size_; }
  CUNUM_HD void set(long long i) { i_ = i; }
  CUNUM_HD long long get() const { return i_; }
};

// One chunk's partial result of a split reduction (Note [Split user
// reductions] in src/routines/user_kernel_source.cpp).
template <class R> struct Slot {
  R v;
  bool has;
};

template <class T> CUNUM_HD T scalar(const long long* w) { return *reinterpret_cast<const T*>(w); }
template <class T> CUNUM_HD T& at(const long long* w, long long off) { return *reinterpret_cast<T*>(reinterpret_cast<char*>(w[0]) + off); }
template <class To, class From> CUNUM_HD To load(const long long* w, long long off) {
  return convert<To>(*reinterpret_cast<const From*>(reinterpret_cast<const char*>(w[0]) + off));
}
}  // namespace user
}  // namespace cunum

namespace thrust {
using ::cunum::complex;
}
using float16 = ::cunum::half;
using ::cunum::complex;

// The entry point and loops of a generated kernel. On the GPU the block of
// words is one by-value parameter; on the CPU the caller passes the words and
// the range [_begin, _end) of elements (elementwise) or outputs (reduction)
// one thread of the host runs.
#if defined(__CUDACC_RTC__)
#define CUNUM_USER_ENTRY(W)                                                          \
  extern "C" __global__ void cunum_user_kernel(const ::cunum::user::Words<W> _P) { \
    const long long* _w = _P.w;
#define CUNUM_USER_FOR(i, n) \
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += (long long)blockDim.x * gridDim.x)
#define CUNUM_USER_OUTER(o, n) for (long long o = blockIdx.x; o < (n); o += gridDim.x)
#define CUNUM_USER_INNER(j, lo, hi) for (long long j = (lo) + threadIdx.x; j < (hi); j += blockDim.x)
// The size of a partials slot, read by the backend (cudaLibraryGetGlobal's size).
#define CUNUM_USER_SLOT_EXPORT(S) \
  extern "C" {                    \
  __device__ char cunum_user_slot_size[sizeof(S)];         \
  }
#else
#define CUNUM_USER_ENTRY(W) \
  extern "C" void cunum_user_kernel(const long long* _w, long long _begin, long long _end) {
#define CUNUM_USER_FOR(i, n) for (long long i = _begin; i < _end; ++i)
#define CUNUM_USER_OUTER(o, n) for (long long o = _begin; o < _end; ++o)
#define CUNUM_USER_INNER(j, lo, hi) for (long long j = (lo); j < (hi); ++j)
// The size of a partials slot, read by the backend (dlsym).
#define CUNUM_USER_SLOT_EXPORT(S) extern "C" const long long cunum_user_slot_size = sizeof(S);
#endif
