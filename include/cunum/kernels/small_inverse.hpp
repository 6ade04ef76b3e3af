// cunum/kernels/small_inverse.hpp — the GPU's inverse of many small matrices
// (n <= 16, complex n <= 8: CudaBackend::small_inverse), one team of lanes per matrix (Note [Small inverse kernel]).
// Device code only: included by the NVRTC source small_inverse.cpp makes.
//
// Note [Small inverse kernel]
// Gauss-Jordan elimination with partial pivoting, in place, in registers:
// a team of W lanes of one warp (W = n rounded up to a power of two, so a
// warp holds 32 / W matrices) owns one matrix, lane r its row r (n values,
// a compile-time count: the row stays in registers). Step k:
// - pivot: the unpivoted row with the largest |a_rk| (|re| + |im| for
//   complex, LAPACK's choice for getrf; a NaN counts as the largest, so a
//   NaN matrix gives NaNs as NumPy's does instead of an error); ties go to
//   the lowest row, as LAPACK's i?amax. A butterfly of shuffles gives every
//   lane of the team the same winner p;
// - the pivot is exactly 0 (every candidate 0): the matrix is singular,
//   info = k + 1 (LAPACK getrf's convention: the first zero pivot); the
//   elimination goes on regardless (all lanes of the warp must take part in
//   every shuffle) and its values are never read: inv raises LinAlgError;
// - row p becomes logical row k: a_pk = 1, then the row times 1 / a_pk;
//   every other row i: f = a_ik, a_ik = 0, row_i -= f * row_p (row_p's
//   values broadcast by one shuffle each).
// No row moves: with logical row k = physical row p_k, the elimination
// inverts P A (P the permutation), X = (P A)^-1 = A^-1 P^T, so
// A^-1[i][p_k] = X[i][k]: the lane of logical row i writes its value k to
// column p_k of output row i (p_k found by a ballot at the end).
// Input and output are C-contiguous stacks (matrix m at m * n * n).
#pragma once
#include "../config.hpp"
#include "complex.hpp"

namespace cunum::small_inverse {

template <class T> struct Real { using type = T; };
template <class T> struct Real<complex<T>> { using type = T; };

// The pivot key: |x| (|re| + |im| for complex), a NaN as +inf.
CUNUM_HD float key_of(float x) { return x != x ? __int_as_float(0x7f800000) : fabsf(x); }
CUNUM_HD double key_of(double x) { return x != x ? __longlong_as_double(0x7ff0000000000000ll) : fabs(x); }
CUNUM_HD float key_of(complex<float> x) { return key_of(fabsf(x.re) + fabsf(x.im)); }
CUNUM_HD double key_of(complex<double> x) { return key_of(fabs(x.re) + fabs(x.im)); }

CUNUM_HD float shfl(float v, int src, int w) { return __shfl_sync(0xffffffffu, v, src, w); }
CUNUM_HD double shfl(double v, int src, int w) { return __shfl_sync(0xffffffffu, v, src, w); }
template <class R> CUNUM_HD complex<R> shfl(complex<R> v, int src, int w) {
  return complex<R>(shfl(v.re, src, w), shfl(v.im, src, w));
}

template <class T> CUNUM_HD T one() { return T(1); }
template <class T> CUNUM_HD T zero() { return T(0); }

// fma-free products as the complex header's (a - f * b).
template <class T> CUNUM_HD T sub_mul(T a, T f, T b) { return a - f * b; }

// The whole kernel body: N the order, W the team width (a power of two >= N).
template <class T, int N, int W>
CUNUM_HD void invert(const T* __restrict__ a, T* __restrict__ out, int* __restrict__ info, long long batch) {
  using R = typename Real<T>::type;
  const long long g = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long m = g / W;
  const int r = (int)(threadIdx.x & (W - 1));
  const bool live = m < batch && r < N;
  T row[N];
  const T* src = a + (live ? m * (N * N) + r * N : 0);
#pragma unroll
  for (int j = 0; j < N; ++j) row[j] = live ? src[j] : zero<T>();
  int lr = -1;    // this row's logical index once it has been a pivot
  int sing = 0;   // info: the first zero pivot, 1-based
#pragma unroll
  for (int k = 0; k < N; ++k) {
    R key = (live && lr < 0) ? key_of(row[k]) : R(-1);
    int p = r;
#pragma unroll
    for (int off = W / 2; off >= 1; off /= 2) {
      const R ok = __shfl_xor_sync(0xffffffffu, key, off, W);
      const int op = __shfl_xor_sync(0xffffffffu, p, off, W);
      if (ok > key || (ok == key && op < p)) {
        key = ok;
        p = op;
      }
    }
    if (!(key > R(0)) && sing == 0) sing = k + 1;
    if (r == p) {
      const T ip = one<T>() / row[k];
      lr = k;
      row[k] = one<T>();
#pragma unroll
      for (int j = 0; j < N; ++j) row[j] = row[j] * ip;
    }
    const T f = row[k];
    if (r != p) row[k] = zero<T>();
#pragma unroll
    for (int j = 0; j < N; ++j) {
      const T pj = shfl(row[j], p, W);
      if (r != p) row[j] = sub_mul(row[j], f, pj);
    }
  }
  if (live && r == 0) info[m] = sing;
  const int base = (int)(threadIdx.x & 31) & ~(W - 1);
#pragma unroll
  for (int k = 0; k < N; ++k) {
    const unsigned bal = __ballot_sync(0xffffffffu, lr == k);
    const unsigned team = W == 32 ? 0xffffffffu : ((1u << (W & 31)) - 1u);
    const int pk = __ffs((int)((bal >> base) & team)) - 1;  // the team's lane that pivoted step k
    if (live && lr >= 0 && pk >= 0 && pk < N) out[m * (N * N) + lr * N + pk] = row[k];
  }
}

}  // namespace cunum::small_inverse
