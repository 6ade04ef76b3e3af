// Window functions. NumPy computes each in float64 from `n = arange(1-M, M, 2)`
// (kaiser: arange(0, M)) with a fixed sequence of ufuncs; the same sequence
// here gives NumPy's rounding, and both backends run it unchanged (one arange
// and a few elementwise kernels; no host round trip).
#include "cunum/window_functions.hpp"

#include "cunum/creation.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/mathematical.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
constexpr double kPi = 3.141592653589793;

// NumPy's special cases before the formula: M < 1 gives an empty window, M == 1
// a single 1 (the formula would divide by M - 1 == 0).
std::optional<ndarray> degenerate(double M) {
  if (M < 1) return empty({0}, DType::Float64);
  if (M == 1) return ones({1}, DType::Float64);
  return std::nullopt;
}

// n = arange(1-M, M, 2), float64.
ndarray symmetric_points(double M) { return arange(Scalar(1.0 - M), Scalar(M), Scalar(2.0), DType::Float64); }

// cos(k * pi * n / (M - 1)), evaluated as NumPy writes it: (k*pi)*n, then / (M-1).
ndarray cos_term(const ndarray& n, double M, double k) {
  return cos(true_divide(multiply(Scalar(k * kPi), n), Scalar(M - 1.0)));
}

// a + b * cos(pi * n / (M - 1)): hanning and hamming.
ndarray raised_cosine(double M, double a, double b) {
  if (auto d = degenerate(M)) return *d;
  return add(Scalar(a), multiply(Scalar(b), cos_term(symmetric_points(M), M, 1.0)));
}
}  // namespace

ndarray bartlett(double M) {
  if (auto d = degenerate(M)) return *d;
  const ndarray n = symmetric_points(M);
  const ndarray ratio = true_divide(n, Scalar(M - 1.0));
  return where(less_equal(n, Scalar(0.0)), add(Scalar(1.0), ratio), subtract(Scalar(1.0), ratio));
}

ndarray blackman(double M) {
  if (auto d = degenerate(M)) return *d;
  const ndarray n = symmetric_points(M);
  const ndarray first = add(Scalar(0.42), multiply(Scalar(0.5), cos_term(n, M, 1.0)));
  return add(first, multiply(Scalar(0.08), cos_term(n, M, 2.0)));
}

ndarray hamming(double M) { return raised_cosine(M, 0.54, 0.46); }
ndarray hanning(double M) { return raised_cosine(M, 0.5, 0.5); }

ndarray kaiser(double M, double beta) {
  if (M == 1) return ones({1}, DType::Float64);
  const ndarray n = arange(Scalar(0.0), Scalar(M), Scalar(1.0), DType::Float64);
  const double alpha = (M - 1.0) / 2.0;
  // i0(beta * sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / i0(beta)
  const ndarray r = true_divide(subtract(n, Scalar(alpha)), Scalar(alpha));
  const ndarray arg = multiply(Scalar(beta), sqrt(subtract(Scalar(1.0), power(r, Scalar(2.0)))));
  return true_divide(i0(arg), i0(full({}, Scalar(beta), DType::Float64)));
}

}  // namespace cunum
