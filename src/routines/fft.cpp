// NumPy's fft chapter (cunum/fft.hpp) on the FFT family's planner
// (src/core/fft.hpp): NumPy's lengths, axes, dtypes, normalisation and
// out=, the transforms themselves one plan (or one pass per axis) each.
#include "cunum/fft.hpp"

#include <cmath>
#include <string>

#include "core/assign.hpp"
#include "core/fft.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/kernels/half.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum::fft {

namespace {
using backend::FftKind;

// NumPy 2's precision: result_type(t, 1j) for the complex side.
DType complex_for(DType t) {
  return t == DType::Float16 || t == DType::Float32 || t == DType::Complex64 ? DType::Complex64 : DType::Complex128;
}
DType real_for(DType t) { return complex_for(t) == DType::Complex64 ? DType::Float32 : DType::Float64; }

std::string dtype_repr(DType t) { return "dtype('" + std::string(dtype_name(t)) + "')"; }

// x cropped (a view) or zero-padded (a copy) to len[i] along axes[i].
ndarray resize(const ndarray& x, const std::vector<int>& axes, const std::vector<int64_t>& len) {
  const int nd = x.ndim();
  Shape target = x.shape();
  std::vector<Index> crop(nd, Index(Slice{}));
  bool cropped = false, padded = false;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int ax = axes[i];
    if (len[i] < x.shape()[ax]) {
      crop[ax] = Index(Slice{0, len[i], {}});
      cropped = true;
    } else if (len[i] > x.shape()[ax]) {
      padded = true;
    }
    target[ax] = len[i];
  }
  const ndarray v = cropped ? index(x, crop) : x;
  if (!padded) return v;
  ndarray z = zeros(target, x.dtype(), x.device());
  std::vector<Index> corner(nd, Index(Slice{}));
  for (int d = 0; d < nd; ++d) corner[d] = Index(Slice{0, v.shape()[d], {}});
  core::assign(index(z, corner), v);
  return z;
}

// Note [FFT normalisation]
// NumPy scales each axis's pass by a factor computed in the input's real
// dtype (result_type(a.real, 1.0)): 1/n, or 1/sqrt(n) as sqrt then
// reciprocal, each rounded to that dtype; float16 input therefore gets
// factors rounded to half precision. cunum rounds each axis's factor the
// same way and applies their product once, after the transform.
double round_to(double v, DType real) {
  if (real == DType::Float16) return double(float(half(float(v))));
  if (real == DType::Float32) return double(float(v));
  return v;
}
// `first`: the axis NumPy transforms first, whose pass sees the input's
// dtype; later passes see the complex result (float16 -> complex64).
double norm_factor(Norm norm, bool forward, const std::vector<int64_t>& s, DType real, size_t first) {
  if (norm != Norm::Ortho && (norm == Norm::Forward) != forward) return 1.0;
  double f = 1.0;
  for (size_t i = 0; i < s.size(); ++i) {
    const DType r = i == first || real != DType::Float16 ? real : DType::Float32;
    const double n = double(s[i]);
    f *= norm == Norm::Ortho ? round_to(1.0 / round_to(std::sqrt(n), r), r) : round_to(1.0 / n, r);
  }
  return f;
}
// The dtype NumPy computes the factors in, for input dtype t.
DType factor_dtype(DType t) {
  if (t == DType::Float16) return DType::Float16;
  return complex_for(t) == DType::Complex64 ? DType::Float32 : DType::Float64;
}

ndarray scaled(ndarray r, double f) {
  if (f != 1.0 && r.size() > 0) multiply(r, Scalar(f), {.out = r});
  return r;
}

// out=: NumPy's shape check and the ufunc's same_kind cast.
ndarray deliver(const ndarray& r, const Out& out, const char* ufunc) {
  if (!out) return r;
  const ndarray& o = *out;
  if (o.shape() != r.shape()) throw ValueError("output array has wrong shape.");
  const char rk = dtype_kind(r.dtype()), ok = dtype_kind(o.dtype());
  if (!(ok == 'c' || (ok == 'f' && rk == 'f')))
    throw TypeError(std::string("Cannot cast ufunc '") + ufunc + "' output from " + dtype_repr(r.dtype()) + " to " +
                    dtype_repr(o.dtype()) + " with casting rule 'same_kind'");
  core::assign(o, r);
  return o;
}

// Note [Hermitian input of C2R]
// A C2R transform assumes a Hermitian half spectrum; NumPy defines the
// result for any input: ifft over the other axes, then irfft along the last,
// which ignores the imaginary parts of its zero (and, for even n, Nyquist)
// terms. cuFFT gives other values for such input (CuPy makes the input
// Hermitian first, and so does cunum). With the other axes' transforms
// linear, Re(ifft(v)) = ifft((v + conj(v reversed mod n)) / 2): replacing the
// zero and Nyquist slabs of x by their Hermitian parts along the other axes
// (along none: their real parts) gives every backend NumPy's result as an
// exactly Hermitian input. x is the call's own copy.
void make_hermitian(const ndarray& x, const std::vector<int>& ax, int64_t n) {
  const int last = ax.back(), nd = x.ndim();
  std::vector<int64_t> slabs{0};
  if (n % 2 == 0 && n / 2 > 0) slabs.push_back(n / 2);
  for (int64_t pos : slabs) {
    std::vector<Index> idx(nd, Index(Slice{}));
    idx[last] = Index(pos);
    const ndarray slab = index(x, idx);
    if (slab.size() == 0) continue;
    if (ax.size() == 1) {
      slab.imag().fill(Scalar(0.0));
      continue;
    }
    ndarray r = slab;
    for (size_t i = 0; i + 1 < ax.size(); ++i) {
      const int64_t a = ax[i] > last ? ax[i] - 1 : ax[i];  // the slab lacks `last`
      r = roll(flip(r, std::vector<int64_t>{a}), {1}, std::vector<int64_t>{a});
    }
    core::assign(slab, multiply(add(slab, conjugate(r)), Scalar(0.5)));
  }
}

bool distinct(const std::vector<int>& axes) {
  for (size_t i = 0; i < axes.size(); ++i)
    for (size_t j = i + 1; j < axes.size(); ++j)
      if (axes[i] == axes[j]) return false;
  return true;
}


void check_lengths(const ndarray& a, const std::vector<int64_t>& s, const std::vector<int64_t>& axes,
                   std::vector<int>& ax, bool in_order) {
  const int k = int(axes.size());
  ax.assign(k, 0);
  for (int j = 0; j < k; ++j) {
    const int i = in_order ? j : k - 1 - j;  // the order NumPy's passes check them
    if (s[i] < 1) throw ValueError("Invalid number of FFT data points (" + std::to_string(s[i]) + ") specified.");
    ax[i] = normalize_axis(axes[i], a.ndim());
  }
}
}  // namespace

Norm parse_norm(const std::string& s) {
  if (s == "backward") return Norm::Backward;
  if (s == "ortho") return Norm::Ortho;
  if (s == "forward") return Norm::Forward;
  throw ValueError("Invalid norm value " + s + "; should be \"backward\", \"ortho\" or \"forward\".");
}

namespace detail {

ndarray transform(Op op, const ndarray& a, const std::vector<int64_t>& s, const std::vector<int64_t>& axes, Norm norm,
                  const Out& out) {
  if (s.size() != axes.size()) throw ValueError("Shape and axes have different lengths.");
  const int k = int(axes.size());
  const bool real_out = op == Op::Irfft || op == Op::Hfft;
  const bool real_in = op == Op::Rfft || op == Op::Ihfft;
  if (k == 0) {
    if (real_in || real_out) throw IndexError("list index out of range");
    return a;  // NumPy's fftn over no axes: the input itself
  }
  std::vector<int> ax;
  check_lengths(a, s, axes, ax, real_out);
  // hfft is irfft of the conjugate, ihfft the conjugate of rfft, both with
  // the opposite normalisation (NumPy's definitions).
  const bool swap = op == Op::Hfft || op == Op::Ihfft;
  const Norm nrm = !swap ? norm : norm == Norm::Backward ? Norm::Forward : norm == Norm::Forward ? Norm::Backward : norm;
  const char* name = op == Op::Fft ? "fft" : op == Op::Ifft ? "ifft" : real_out ? "irfft"
                     : (s.back() % 2 == 0 ? "rfft_n_even" : "rfft_n_odd");
  if (real_in && is_complex(a.dtype()))
    throw TypeError(std::string("ufunc '") + name + "' not supported for the input types, and the inputs could not be "
                    "safely coerced to any supported types according to the casting rule ''safe''");
  if (!distinct(ax)) {
    // A repeated axis: NumPy's passes, one axis at a time.
    ndarray x = a;
    if (real_out) {
      for (int i = 0; i + 1 < k; ++i) x = transform(Op::Ifft, x, {s[i]}, {ax[i]}, nrm, {});
      return transform(op, x, {s.back()}, {ax.back()}, norm, out);
    }
    x = transform(op, x, {s.back()}, {ax.back()}, norm, {});
    const Op rest = op == Op::Ifft ? Op::Ifft : Op::Fft;
    for (int i = k - 2; i >= 0; --i) x = transform(rest, x, {s[i]}, {ax[i]}, nrm, {});
    return deliver(x, out, name);
  }
  ndarray r;
  const DType fdt = factor_dtype(a.dtype());
  if (real_in) {
    const ndarray x = resize(a.astype(real_for(a.dtype()), false), ax, s);
    r = scaled(core::fft_execute(x, ax, FftKind::R2C, true), norm_factor(nrm, true, s, fdt, k - 1));
    if (op == Op::Ihfft) conjugate(r, {.out = r});
  } else if (real_out) {
    std::vector<int64_t> len = s;
    len.back() = s.back() / 2 + 1;
    ndarray c = a.astype(complex_for(a.dtype()), false);
    if (op == Op::Hfft) c = conjugate(c);
    ndarray x = resize(c, ax, len);
    if (x.shares_storage_with(a)) x = x.copy();
    make_hermitian(x, ax, s.back());
    r = scaled(core::fft_execute(x, ax, FftKind::C2R, false, s.back(), /*scratch=*/true),
               norm_factor(nrm, false, s, fdt, 0));
    // NumPy's irfft of float16 gives float16; irfftn over several axes
    // passes complex64 to its last step and gives float32.
    if (a.dtype() == DType::Float16 && k == 1) r = r.astype(DType::Float16);
  } else {
    const bool fwd = op == Op::Fft;
    const ndarray x = resize(a.astype(complex_for(a.dtype()), false), ax, s);
    r = scaled(core::fft_execute(x, ax, FftKind::C2C, fwd), norm_factor(nrm, fwd, s, fdt, k - 1));
  }
  return deliver(r, out, name);
}

}  // namespace detail

namespace {
using detail::Op;

// NumPy's n=None: the axis's length (irfft/hfft: 2 * (m - 1)); a missing
// axis is tuple indexing's IndexError there.
ndarray one_axis(Op op, const ndarray& a, Length n, int64_t axis, Norm norm, const Out& out) {
  int64_t len;
  if (n) {
    len = *n;
  } else {
    if (axis < -a.ndim() || axis >= a.ndim()) throw IndexError("tuple index out of range");
    const int64_t m = a.shape()[axis < 0 ? axis + a.ndim() : axis];
    len = (op == Op::Irfft || op == Op::Hfft) ? (m - 1) * 2 : m;
  }
  return detail::transform(op, a, {len}, {axis}, norm, out);
}

// NumPy's _cook_nd_args: the lengths and axes of an n-d transform.
void cook(const ndarray& a, const Lengths& s, const Axes& axes, bool invreal, std::vector<int64_t>& ss,
          std::vector<int64_t>& ax) {
  const int nd = a.ndim();
  auto shape_at = [&](int64_t d, bool take) -> int64_t {
    if (d < -nd || d >= nd) {
      if (take)
        throw IndexError("index " + std::to_string(d) + " is out of bounds for axis 0 with size " + std::to_string(nd));
      throw IndexError("tuple index out of range");
    }
    return a.shape()[d < 0 ? d + nd : d];
  };
  if (!s) {
    if (axes) ax = *axes;
    else for (int d = 0; d < nd; ++d) ax.push_back(d);
    for (int64_t d : ax) ss.push_back(shape_at(d, true));
    if (invreal && !ss.empty()) ss.back() = (shape_at(ax.back(), false) - 1) * 2;
    return;
  }
  ss = *s;
  if (axes) ax = *axes;
  else for (int64_t i = -int64_t(ss.size()); i < 0; ++i) ax.push_back(i);
  if (ss.size() != ax.size()) throw ValueError("Shape and axes have different lengths.");
  for (size_t i = 0; i < ss.size(); ++i)
    if (ss[i] == -1) ss[i] = shape_at(ax[i], false);
}

ndarray nd_axes(Op op, const ndarray& a, const Lengths& s, const Axes& axes, Norm norm, const Out& out) {
  std::vector<int64_t> ss, ax;
  cook(a, s, axes, op == Op::Irfft, ss, ax);
  if ((op == Op::Rfft || op == Op::Irfft) && ss.empty()) throw IndexError("list index out of range");
  return detail::transform(op, a, ss, ax, norm, out);
}
}  // namespace

ndarray fft(const ndarray& a, Length n, int64_t axis, Norm norm, const Out& out) {
  return one_axis(Op::Fft, a, n, axis, norm, out);
}
ndarray ifft(const ndarray& a, Length n, int64_t axis, Norm norm, const Out& out) {
  return one_axis(Op::Ifft, a, n, axis, norm, out);
}
ndarray rfft(const ndarray& a, Length n, int64_t axis, Norm norm, const Out& out) {
  return one_axis(Op::Rfft, a, n, axis, norm, out);
}
ndarray irfft(const ndarray& a, Length n, int64_t axis, Norm norm, const Out& out) {
  return one_axis(Op::Irfft, a, n, axis, norm, out);
}
ndarray hfft(const ndarray& a, Length n, int64_t axis, Norm norm, const Out& out) {
  return one_axis(Op::Hfft, a, n, axis, norm, out);
}
ndarray ihfft(const ndarray& a, Length n, int64_t axis, Norm norm, const Out& out) {
  return one_axis(Op::Ihfft, a, n, axis, norm, out);
}
ndarray fftn(const ndarray& a, const Lengths& s, const Axes& axes, Norm norm, const Out& out) {
  return nd_axes(Op::Fft, a, s, axes, norm, out);
}
ndarray ifftn(const ndarray& a, const Lengths& s, const Axes& axes, Norm norm, const Out& out) {
  return nd_axes(Op::Ifft, a, s, axes, norm, out);
}
ndarray rfftn(const ndarray& a, const Lengths& s, const Axes& axes, Norm norm, const Out& out) {
  return nd_axes(Op::Rfft, a, s, axes, norm, out);
}
ndarray irfftn(const ndarray& a, const Lengths& s, const Axes& axes, Norm norm, const Out& out) {
  return nd_axes(Op::Irfft, a, s, axes, norm, out);
}
ndarray fft2(const ndarray& a, const Lengths& s, const Axes& axes, Norm norm, const Out& out) {
  return fftn(a, s, axes, norm, out);
}
ndarray ifft2(const ndarray& a, const Lengths& s, const Axes& axes, Norm norm, const Out& out) {
  return ifftn(a, s, axes, norm, out);
}
ndarray rfft2(const ndarray& a, const Lengths& s, const Axes& axes, Norm norm, const Out& out) {
  return rfftn(a, s, axes, norm, out);
}
ndarray irfft2(const ndarray& a, const Lengths& s, const Axes& axes, Norm norm, const Out& out) {
  return irfftn(a, s, axes, norm, out);
}

// ---- helpers
// NumPy computes the integer frequencies, then multiplies by 1 / (n * d).
ndarray fftfreq(int64_t n, double d, std::optional<Device> device) {
  if (n == 0 || n * d == 0.0) throw ZeroDivisionError("float division by zero");
  const int64_t pos = (n - 1) / 2 + 1;
  const ndarray k = concatenate({arange(Scalar(0LL), Scalar((long long)pos), Scalar(1), DType::Int64, device),
                                 arange(Scalar((long long)-(n / 2)), Scalar(0LL), Scalar(1), DType::Int64, device)});
  return multiply(k, Scalar(1.0 / (double(n) * d)));
}

ndarray rfftfreq(int64_t n, double d, std::optional<Device> device) {
  if (n == 0 || n * d == 0.0) throw ZeroDivisionError("float division by zero");
  const ndarray k = arange(Scalar(0LL), Scalar((long long)(n / 2 + 1)), Scalar(1), DType::Int64, device);
  return multiply(k, Scalar(1.0 / (double(n) * d)));
}

namespace {
ndarray shift(const ndarray& x, const Axes& axes, bool inverse) {
  std::vector<int64_t> ax, sh;
  if (axes) ax = *axes;
  else for (int d = 0; d < x.ndim(); ++d) ax.push_back(d);
  for (int64_t d : ax) {
    if (d < -x.ndim() || d >= x.ndim()) throw IndexError("tuple index out of range");
    const int64_t len = x.shape()[d < 0 ? d + x.ndim() : d];
    sh.push_back(inverse ? -(len / 2) : len / 2);
  }
  if (ax.empty()) return x.copy();
  return roll(x, sh, ax);
}
}  // namespace

ndarray fftshift(const ndarray& x, const Axes& axes) { return shift(x, axes, false); }
ndarray ifftshift(const ndarray& x, const Axes& axes) { return shift(x, axes, true); }

}  // namespace cunum::fft
