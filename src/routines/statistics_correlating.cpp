// Correlating: correlate, convolve, cov, corrcoef. Compositions of gathers,
// ufuncs and reductions (no kernel of their own, no host loop over
// elements).
#include <algorithm>
#include <cmath>
#include <string>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/linalg.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/statistics.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
ndarray conj_of(const ndarray& v) { return is_complex(v.dtype()) ? conjugate(v) : v; }

// Note [correlate by windows]
// out[k] = sum_j a[k - left + j] * conj(v[j]), a taken as 0 outside: the
// windows of the zero-padded a are gathered as a (rows, len(v)) matrix (the
// index matrix k + j), multiplied by conj(v) and summed along the rows.
// Blocks of output rows keep the matrix under 2^24 elements: the host loops
// over blocks, never over elements. (A direct kernel, or an FFT for long
// kernels, would read a once; this reads it len(v) times through the cache.)
ndarray correlate_long_first(const ndarray& a, const ndarray& v, int mode, DType rt) {
  const int64_t La = a.size(), Lv = v.size();
  const int64_t left = mode == 0 ? 0 : mode == 1 ? Lv / 2 : Lv - 1;
  const int64_t right = mode == 0 ? 0 : mode == 1 ? Lv - left - 1 : Lv - 1;
  const int64_t Lout = La + left + right - Lv + 1;
  ndarray pad = zeros({La + left + right}, rt, a.device());
  copyto(index(pad, {Slice{left, left + La, {}}}), a.astype(rt, false), Casting::Unsafe);
  const ndarray vc = reshape(conj_of(v.astype(rt, false)), {1, Lv});
  ndarray out = empty({Lout}, rt, a.device());
  const int64_t block = std::max<int64_t>(1, (int64_t(1) << 24) / std::max<int64_t>(Lv, 1));
  const ndarray taps = reshape(arange(Scalar(int64_t(0)), Scalar(Lv), Scalar(int64_t(1)), DType::Int64, a.device()), {1, Lv});
  for (int64_t k0 = 0; k0 < Lout; k0 += block) {
    const int64_t kb = std::min(block, Lout - k0);
    const ndarray rows = reshape(arange(Scalar(k0), Scalar(k0 + kb), Scalar(int64_t(1)), DType::Int64, a.device()), {kb, 1});
    const ndarray win = take(pad, add(rows, taps));
    sum(multiply(win, vc), ReduceOptions{{{1}}, false, rt, index(out, {Slice{k0, k0 + kb, {}}}), true});
  }
  return out;
}
}  // namespace

ndarray correlate(const ndarray& a0, const ndarray& v0, int mode) {
  const ndarray a = a0.ndim() == 0 ? reshape(a0, {1}) : a0, v = v0.ndim() == 0 ? reshape(v0, {1}) : v0;
  if (a.ndim() != 1 || v.ndim() != 1) throw ValueError("object too deep for desired array");
  if (a.size() == 0) throw ValueError("first array argument cannot be empty");
  if (v.size() == 0) throw ValueError("second array argument cannot be empty");
  if (mode < 0 || mode > 2) throw ValueError("integer convolve/correlate mode must be 0, 1, or 2");
  const DType rt = promote_types(a.dtype(), v.dtype());
  if (v.size() <= a.size()) return correlate_long_first(a, v, mode, rt);
  // NumPy's correlate2: the longer first, the result reversed and conjugated.
  return conj_of(flip(correlate_long_first(v, a, mode, rt))).copy();
}

ndarray convolve(const ndarray& a0, const ndarray& v0, int mode) {
  ndarray a = a0.ndim() == 0 ? reshape(a0, {1}) : a0, v = v0.ndim() == 0 ? reshape(v0, {1}) : v0;
  if (v.size() > a.size()) std::swap(a, v);
  if (a.size() == 0) throw ValueError("a cannot be empty");
  if (v.size() == 0) throw ValueError("v cannot be empty");
  if (mode < 0 || mode > 2) throw ValueError("integer convolve/correlate mode must be 0, 1, or 2");
  // convolve(a, v) = correlate(a, conj(v)[::-1]) (correlate conjugates v back).
  return correlate(a, conj_of(flip(v)), mode);
}

ndarray cov(const ndarray& m, const std::optional<ndarray>& y, const CovOptions& o) {
  if (o.ddof && *o.ddof != std::floor(*o.ddof)) throw ValueError("ddof must be integer");
  if (m.ndim() > 2) throw ValueError("m has more than 2 dimensions");
  if (y && y->ndim() > 2) throw ValueError("y has more than 2 dimensions");
  DType dt = o.dtype ? *o.dtype : promote_types(m.dtype(), DType::Float64);
  if (!o.dtype && y) dt = promote_types(dt, y->dtype());
  ndarray X = atleast_2d(m).astype(dt);
  if (!o.rowvar && m.ndim() != 1) X = transpose(X);
  if (X.shape()[0] == 0) return empty({0, 0}, DType::Float64, m.device());
  if (y) {
    ndarray Y = atleast_2d(*y).astype(dt);
    if (!o.rowvar && Y.shape()[0] != 1) Y = transpose(Y);
    X = concatenate({X, Y}, 0);
  }
  const double ddof = o.ddof ? *o.ddof : (o.bias ? 0.0 : 1.0);
  const int64_t N = X.shape()[1];
  std::optional<ndarray> w;
  auto check = [&](const ndarray& f, const char* name) {
    if (f.ndim() > 1) throw ValueError(std::string("cannot handle multidimensional ") + name);
    if (f.ndim() == 0 || f.shape()[0] != N)
      throw ValueError(std::string("incompatible numbers of samples and ") + name);
    // NumPy checks the values: one flag read back.
    if (any(less(f, Scalar(0.0))).item().b) throw ValueError(std::string(name) + " cannot be negative");
  };
  std::optional<ndarray> fw, aw;
  if (o.fweights) {
    fw = o.fweights->astype(DType::Float64);
    if (any(not_equal(*fw, rint(*fw))).item().b) throw TypeError("fweights must be integer");
    check(*fw, "fweights");
    w = fw;
  }
  if (o.aweights) {
    aw = o.aweights->astype(DType::Float64);
    check(*aw, "aweights");
    w = w ? multiply(*w, *aw) : *aw;
  }
  const AverageResult avg = average(X, std::vector<int64_t>{1}, w);
  // The normalisation: a host number without weights, else a 0-d array.
  Operand fact = Scalar(std::max(static_cast<double>(N) - ddof, 0.0));
  if (w) {
    const ndarray w_sum = index(avg.sum_of_weights, {Index(int64_t(0))});
    ndarray f = ddof == 0 ? w_sum
                : !aw ? subtract(w_sum, Scalar(ddof))
                      : subtract(w_sum, divide(multiply(Scalar(ddof), sum(multiply(*w, *aw))), w_sum));
    fact = where(less_equal(f, Scalar(0.0)), Scalar(0.0), f);
  }
  // NumPy's X -= avg: in place (X is this routine's own copy), so an integer
  // or bool dtype= gets NumPy's casting error for the float mean.
  UfuncOptions in_place;
  in_place.out = X;
  X = subtract(X, reshape(avg.average, {X.shape()[0], 1}), in_place);
  const ndarray XT = w ? multiply(X, *w) : X;
  // NumPy's c = dot(X, XT.T.conj()): one matrix product (GEMM: cuBLAS on
  // the GPU, the CPU BLAS), V x V out of V x N, never the (V, V, N) products.
  ndarray c = matmul(X, transpose(conj_of(XT)));
  // NumPy's c *= 1 / fact: in place, so c keeps X's dtype (a float32
  // dtype= gives float32, as NumPy).
  UfuncOptions scale;
  scale.out = c;
  c = multiply(c, divide(Scalar(1.0), fact), scale);
  return squeeze(c);
}

ndarray corrcoef(const ndarray& x, const std::optional<ndarray>& y, bool rowvar, std::optional<DType> dtype) {
  CovOptions o;
  o.rowvar = rowvar;
  o.dtype = dtype;
  ndarray c = cov(x, y, o);
  if (c.ndim() == 0) return divide(c, c);  // NumPy: a scalar covariance gives c / c
  const ndarray d = diag(c);
  const ndarray sd = sqrt(is_complex(d.dtype()) ? d.real() : d);
  c = divide(c, reshape(sd, {sd.size(), 1}));
  c = divide(c, reshape(sd, {1, sd.size()}));
  // Clip to [-1, 1] (rounding), both parts for complex.
  auto clip1 = [](const ndarray& r) { return minimum(maximum(r, Scalar(-1.0)), Scalar(1.0)); };
  if (!is_complex(c.dtype())) return clip1(c);
  copyto(c.real(), clip1(c.real()));
  copyto(c.imag(), clip1(c.imag()));
  return c;
}

}  // namespace cunum
