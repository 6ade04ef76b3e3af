#include "core/fft.hpp"

#include <algorithm>

#include "backend/backend.hpp"
#include "core/assign.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"  // transpose (a core view)

namespace cunum::core {

namespace {
using backend::FftKind;
using backend::FftPlan;

DType real_of(DType c) { return c == DType::Complex64 ? DType::Float32 : DType::Float64; }
DType complex_of(DType r) { return r == DType::Float32 || r == DType::Complex64 ? DType::Complex64 : DType::Complex128; }

// `a` with axis `from` moved last (a view).
ndarray axis_last(const ndarray& a, int from) {
  std::vector<int64_t> perm;
  for (int d = 0; d < a.ndim(); ++d)
    if (d != from) perm.push_back(d);
  perm.push_back(from);
  return transpose(a, perm);
}
ndarray axis_back(const ndarray& a, int to) {  // undoes axis_last
  std::vector<int64_t> perm;
  const int last = a.ndim() - 1;
  for (int d = 0, src = 0; d < a.ndim(); ++d) perm.push_back(d == to ? last : src++);
  return transpose(a, perm);
}

// Note [FFT batch layouts]
// A pass of rank 1 over the last dim of `v` (a view with the axis moved
// last) is one plan when the other dims, size-1 dims left out, form one
// strided run: then batch b is at b * dist. Element strides must be whole
// and positive (cuFFT's layout); otherwise the caller copies.
bool one_batch_run(const ndarray& v, int64_t& stride, int64_t& dist) {
  const int64_t isz = int64_t(v.itemsize());
  const int nd = v.ndim();
  const int64_t axis_stride = v.strides()[nd - 1];
  if (axis_stride % isz != 0 || (axis_stride <= 0 && v.shape()[nd - 1] > 1)) return false;
  stride = std::max<int64_t>(axis_stride / isz, 1);
  dist = 1;
  int64_t expect = -1;  // the stride the next (outer) batch dim must have
  bool first = true;
  for (int d = nd - 2; d >= 0; --d) {
    const int64_t len = v.shape()[d], st = v.strides()[d];
    if (len == 1) continue;
    if (st % isz != 0 || st <= 0) return false;
    if (first) {
      dist = st / isz;
      first = false;
    } else if (st != expect) {
      return false;
    }
    expect = st * len;
  }
  return true;
}

int64_t batch_of(const ndarray& v) {
  int64_t b = 1;
  for (int d = 0; d + 1 < v.ndim(); ++d) b *= v.shape()[d];
  return b;
}

// One pass of rank 1 along `axis`: out gets length out_len there.
// `scratch`: x may be overwritten (a C2R pass needs that, or a copy).
ndarray pass(const ndarray& x, int axis, FftKind kind, bool forward, int64_t n, int64_t out_len, bool scratch) {
  const DType out_dtype = kind == FftKind::C2R ? real_of(x.dtype()) : complex_of(x.dtype());
  Shape oshape = x.shape();
  oshape[axis] = out_len;
  ndarray out = ndarray::allocate(oshape, out_dtype, x.device());
  if (out.size() == 0) return out;
  ndarray in = x;
  ndarray vin = axis_last(in, axis);
  FftPlan p;
  // C2R may overwrite its input: it gets a copy unless x is scratch.
  if ((kind == FftKind::C2R && !scratch) || !one_batch_run(vin, p.in_stride, p.in_dist)) {
    in = x.copy('C');
    vin = axis_last(in, axis);
    if (!one_batch_run(vin, p.in_stride, p.in_dist)) {
      vin = vin.copy('C');
      CUNUM_ASSERT(one_batch_run(vin, p.in_stride, p.in_dist));
    }
  }
  ndarray vout = axis_last(out, axis);
  bool moved_out = false;
  if (!one_batch_run(vout, p.out_stride, p.out_dist)) {
    // A C-ordered result with the axis innermost, viewed back in place.
    ndarray o = ndarray::allocate(vout.shape(), out_dtype, x.device());
    vout = o;
    moved_out = true;
    CUNUM_ASSERT(one_batch_run(vout, p.out_stride, p.out_dist));
  }
  p.in = vin.data();
  p.out = vout.data();
  p.kind = kind;
  p.forward = forward;
  p.dtype = complex_of(x.dtype());
  p.rank = 1;
  p.n = {n, 0, 0};
  p.batch = batch_of(vin);
  backend::get(x.device()).fft(p);
  return moved_out ? axis_back(vout, axis) : out;
}

int64_t count(const Shape& s) {
  int64_t n = 1;
  for (int64_t v : s) n *= v;
  return n;
}
}  // namespace

ndarray fft_execute(const ndarray& in, const std::vector<int>& axes, FftKind kind, bool forward, int64_t last_n,
                    bool scratch) {
  CUNUM_ASSERT(!axes.empty());
  const int nd = in.ndim(), k = int(axes.size());
  const int last = axes.back();
  backend::Backend& be = backend::get(in.device());
  // One plan: distinct axes that are the trailing dims in order, C-contiguous data.
  bool trailing = k <= be.fft_max_rank() && k <= 3 && k > 1;
  for (int i = 0; trailing && i < k; ++i) trailing = axes[i] == nd - k + i;
  if (trailing) {
    const ndarray x = in.is_c_contiguous() && (kind != FftKind::C2R || scratch) ? in : in.copy('C');
    Shape oshape = x.shape();
    if (kind == FftKind::R2C) oshape[last] = x.shape()[last] / 2 + 1;
    if (kind == FftKind::C2R) oshape[last] = last_n;
    const DType out_dtype = kind == FftKind::C2R ? real_of(x.dtype()) : complex_of(x.dtype());
    ndarray out = ndarray::allocate(oshape, out_dtype, x.device());
    if (out.size() == 0) return out;
    FftPlan p;
    p.in = x.data();
    p.out = out.data();
    p.kind = kind;
    p.forward = forward;
    p.dtype = complex_of(x.dtype());
    p.rank = k;
    Shape logical(oshape.begin() + (nd - k), oshape.end());
    if (kind == FftKind::R2C) logical[k - 1] = x.shape()[last];
    int64_t prod_in = 1, prod_out = 1;
    for (int i = 0; i < k; ++i) {
      p.n[i] = logical[i];
      prod_in *= x.shape()[nd - k + i];
      prod_out *= oshape[nd - k + i];
    }
    p.in_stride = p.out_stride = 1;
    p.in_dist = prod_in;
    p.out_dist = prod_out;
    p.batch = count(x.shape()) / std::max<int64_t>(prod_in, 1);
    be.fft(p);
    return out;
  }
  // Passes of rank 1, the last axis first (NumPy's order).
  ndarray x = in;
  if (kind == FftKind::R2C) {
    const int64_t n = in.shape()[last];
    x = pass(x, last, FftKind::R2C, true, n, n / 2 + 1, false);
    for (int i = k - 2; i >= 0; --i)
      x = pass(x, axes[i], FftKind::C2C, true, x.shape()[axes[i]], x.shape()[axes[i]], false);
    return x;
  }
  if (kind == FftKind::C2R) {
    for (int i = k - 2; i >= 0; --i)
      x = pass(x, axes[i], FftKind::C2C, false, x.shape()[axes[i]], x.shape()[axes[i]], false);
    return pass(x, last, FftKind::C2R, false, last_n, last_n, scratch || k > 1);  // a pass's result is ours
  }
  for (int i = k - 1; i >= 0; --i)
    x = pass(x, axes[i], FftKind::C2C, forward, x.shape()[axes[i]], x.shape()[axes[i]], false);
  return x;
}

}  // namespace cunum::core
