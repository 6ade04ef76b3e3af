// The CPU's matrix products (Note [Gemm plans]).
//
// Note [CPU gemm]
// float32, float64, complex64 and complex128 call the BLAS's ?gemm (Note
// [The CPU BLAS]) once per matrix of the batch; small matrices of a large
// batch are shared among the threads (OpenBLAS does not thread a 16 x 16
// product, and a loop of 100,000 calls on one core would be the bottleneck).
// float16 has no BLAS routine: each matrix is widened to float32, multiplied
// by sgemm and rounded back, the float32 accumulation cuBLAS uses for it
// (NumPy accumulates float16 products in float32 too). Integer dtypes wrap as
// NumPy's loops do (sums in uint64, then truncated: the same bits modulo
// 2^width); bool is an "any of and". Those are plain loops, as NumPy's own.
#include <complex>
#include <cstdint>
#include <cstring>
#include <vector>

#include "backend/cpu/blas.hpp"
#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/parallel.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/half.hpp"

namespace cunum::backend::cpu {

namespace {
char op_char(GemmOp op) { return op == GemmOp::N ? 'N' : op == GemmOp::T ? 'T' : 'C'; }

// Runs body(b) for every matrix of the batch: on the threads when the
// matrices are small, else one after the other (the BLAS threads each).
template <class Body> void for_batch(const GemmPlan& p, Body&& body) {
  const double work = double(p.m) * double(p.n) * double(p.k + 1);
  if (p.batch > 1 && work < double(1 << 18)) {
    const int64_t grain = std::max<int64_t>(1, int64_t(double(1 << 16) / (work + 1)));
    parallel_for(p.batch, grain, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) body(i);
    });
  } else {
    for (int64_t i = 0; i < p.batch; ++i) body(i);
  }
}

template <class Int, class T>
using FortranGemm = void (*)(const char*, const char*, const Int*, const Int*, const Int*, const T*, const T*,
                             const Int*, const T*, const Int*, const T*, T*, const Int*, size_t, size_t);

template <class Int, class T>
void call_gemm(void* fn, char ta, char tb, int64_t m, int64_t n, int64_t k, T alpha, const T* a, int64_t lda,
               const T* b, int64_t ldb, T beta, T* c, int64_t ldc) {
  const Int M = Int(m), N = Int(n), K = Int(k), LA = Int(lda), LB = Int(ldb), LC = Int(ldc);
  reinterpret_cast<FortranGemm<Int, T>>(fn)(&ta, &tb, &M, &N, &K, &alpha, a, &LA, b, &LB, &beta, c, &LC, 1, 1);
}

template <class T>
void gemm_one(void* fn, int int_bytes, char ta, char tb, int64_t m, int64_t n, int64_t k, T alpha, const T* a,
              int64_t lda, const T* b, int64_t ldb, T beta, T* c, int64_t ldc) {
  if (int_bytes == 8)
    call_gemm<int64_t, T>(fn, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  else
    call_gemm<int32_t, T>(fn, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

void check_lp64(const GemmPlan& p, int int_bytes) {
  if (int_bytes == 8) return;
  for (int64_t v : {p.m, p.n, p.k, p.lda, p.ldb, p.ldc})
    if (v > INT32_MAX)
      throw ValueError("cunum: this matrix product needs 64-bit BLAS integers; the BLAS in use (" + blas().path +
                       ") is LP64: set CUNUM_BLAS_LIBRARY to an ILP64 OpenBLAS");
}

template <class T> void blas_gemm(const GemmPlan& p, const char* name) {
  const BlasLibrary& lib = blas();
  check_lp64(p, lib.int_bytes);
  void* fn = blas_symbol(name);
  const T alpha = T(p.alpha), beta = T(p.beta);
  for_batch(p, [&](int64_t i) {
    gemm_one<T>(fn, lib.int_bytes, op_char(p.transa), op_char(p.transb), p.m, p.n, p.k, alpha,
                reinterpret_cast<const T*>(p.a) + i * p.stride_a, p.lda,
                reinterpret_cast<const T*>(p.b) + i * p.stride_b, p.ldb, beta,
                reinterpret_cast<T*>(p.c) + i * p.stride_c, p.ldc);
  });
}

// float16: each matrix widened to a float32 copy of its stored rows x cols.
void widen(const half* x, int64_t rows, int64_t cols, int64_t ld, float* to) {
  for (int64_t j = 0; j < cols; ++j)
    for (int64_t i = 0; i < rows; ++i) to[i + j * rows] = float(x[i + j * ld]);
}

void half_gemm(const GemmPlan& p) {
  const BlasLibrary& lib = blas();
  check_lp64(p, lib.int_bytes);
  void* fn = blas_symbol("sgemm");
  const int64_t ar = p.transa == GemmOp::N ? p.m : p.k, ac = p.transa == GemmOp::N ? p.k : p.m;
  const int64_t br = p.transb == GemmOp::N ? p.k : p.n, bc = p.transb == GemmOp::N ? p.n : p.k;
  for_batch(p, [&](int64_t i) {
    std::vector<float> a(size_t(ar * ac)), b(size_t(br * bc)), c(size_t(p.m * p.n));
    widen(reinterpret_cast<const half*>(p.a) + i * p.stride_a, ar, ac, p.lda, a.data());
    widen(reinterpret_cast<const half*>(p.b) + i * p.stride_b, br, bc, p.ldb, b.data());
    half* out = reinterpret_cast<half*>(p.c) + i * p.stride_c;
    if (p.beta != 0) widen(out, p.m, p.n, p.ldc, c.data());
    gemm_one<float>(fn, lib.int_bytes, p.transa == GemmOp::N ? 'N' : 'T', p.transb == GemmOp::N ? 'N' : 'T', p.m,
                    p.n, p.k, float(p.alpha), a.data(), std::max<int64_t>(1, ar), b.data(),
                    std::max<int64_t>(1, br), float(p.beta), c.data(), std::max<int64_t>(1, p.m));
    for (int64_t j = 0; j < p.n; ++j)
      for (int64_t r = 0; r < p.m; ++r) out[r + j * p.ldc] = half(c[r + j * p.m]);
  });
}

// Element (i, j) of op(X) for a stored column-major X.
template <class T> inline T at(const T* x, GemmOp op, int64_t ld, int64_t i, int64_t j) {
  return op == GemmOp::N ? x[i + j * ld] : x[j + i * ld];
}

// Integers: every product and sum in uint64 (wrapping), truncated at the end.
template <class T> void int_gemm(const GemmPlan& p) {
  const uint64_t alpha = uint64_t(int64_t(p.alpha)), beta = uint64_t(int64_t(p.beta));
  parallel_for(p.batch * p.n, std::max<int64_t>(1, 4096 / (p.m * p.k + 1)), [&](int64_t lo, int64_t hi) {
    std::vector<uint64_t> acc(size_t(p.m));
    for (int64_t col = lo; col < hi; ++col) {
      const int64_t bi = col / p.n, j = col % p.n;
      const T* a = reinterpret_cast<const T*>(p.a) + bi * p.stride_a;
      const T* b = reinterpret_cast<const T*>(p.b) + bi * p.stride_b;
      T* c = reinterpret_cast<T*>(p.c) + bi * p.stride_c + j * p.ldc;
      std::fill(acc.begin(), acc.end(), 0);
      for (int64_t q = 0; q < p.k; ++q) {
        const uint64_t bv = uint64_t(at(b, p.transb, p.ldb, q, j));
        if (p.transa == GemmOp::N) {
          const T* ac = a + q * p.lda;
          for (int64_t i = 0; i < p.m; ++i) acc[size_t(i)] += uint64_t(ac[i]) * bv;
        } else {
          for (int64_t i = 0; i < p.m; ++i) acc[size_t(i)] += uint64_t(a[q + i * p.lda]) * bv;
        }
      }
      for (int64_t i = 0; i < p.m; ++i) {
        uint64_t v = alpha * acc[size_t(i)];
        if (beta != 0) v += beta * uint64_t(c[i]);
        c[i] = T(v);
      }
    }
  });
}

void bool_gemm(const GemmPlan& p) {
  parallel_for(p.batch * p.n, std::max<int64_t>(1, 4096 / (p.m * p.k + 1)), [&](int64_t lo, int64_t hi) {
    for (int64_t col = lo; col < hi; ++col) {
      const int64_t bi = col / p.n, j = col % p.n;
      // bool data as bytes (Note [Bool bytes]): && and || test them against zero
      const uint8_t* a = reinterpret_cast<const uint8_t*>(p.a) + bi * p.stride_a;
      const uint8_t* b = reinterpret_cast<const uint8_t*>(p.b) + bi * p.stride_b;
      uint8_t* c = reinterpret_cast<uint8_t*>(p.c) + bi * p.stride_c + j * p.ldc;
      for (int64_t i = 0; i < p.m; ++i) {
        bool v = false;
        for (int64_t q = 0; q < p.k && !v; ++q) v = at(a, p.transa, p.lda, i, q) && at(b, p.transb, p.ldb, q, j);
        c[i] = (p.alpha != 0 && v) || (p.beta != 0 && c[i]);
      }
    }
  });
}
}  // namespace

void CpuBackend::gemm(const GemmPlan& p) {
  if (p.m == 0 || p.n == 0 || p.batch == 0) return;
  switch (p.dtype) {
    case DType::Float32: return blas_gemm<float>(p, "sgemm");
    case DType::Float64: return blas_gemm<double>(p, "dgemm");
    case DType::Complex64: return blas_gemm<std::complex<float>>(p, "cgemm");
    case DType::Complex128: return blas_gemm<std::complex<double>>(p, "zgemm");
    case DType::Float16: return half_gemm(p);
    case DType::Bool: return bool_gemm(p);
    case DType::Int8: return int_gemm<int8_t>(p);
    case DType::UInt8: return int_gemm<uint8_t>(p);
    case DType::Int16: return int_gemm<int16_t>(p);
    case DType::UInt16: return int_gemm<uint16_t>(p);
    case DType::Int32: return int_gemm<int32_t>(p);
    case DType::UInt32: return int_gemm<uint32_t>(p);
    case DType::Int64: return int_gemm<int64_t>(p);
    case DType::UInt64: return int_gemm<uint64_t>(p);
  }
}

}  // namespace cunum::backend::cpu
