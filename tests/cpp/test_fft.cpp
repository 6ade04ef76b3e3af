// The fft chapter from C++ (cunum/fft.hpp), against the DFT computed from its
// definition in long double here; the NumPy-oracle tests over every dtype,
// norm and device are tests/python/test_fft.py.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cunum/cunum.hpp>
#include <random>
#include <type_traits>
#include <vector>

#if __has_include(<cufft.h>)
#include <cufft.h>

#include "backend/cuda/cufft_api.hpp"
#endif

using namespace cunum;
using cd = std::complex<double>;

namespace {
std::vector<cd> host(const ndarray& a) {
  std::vector<cd> v(static_cast<size_t>(a.size()));
  a.copy_to_host(v.data());
  return v;
}

std::vector<cd> dft(const std::vector<cd>& x, int sign) {
  const size_t n = x.size();
  std::vector<cd> y(n);
  const long double pi = 3.141592653589793238462643383279502884L;
  for (size_t k = 0; k < n; ++k) {
    std::complex<long double> s = 0;
    for (size_t j = 0; j < n; ++j) {
      const long double a = sign * 2 * pi * (long double)((j * k) % n) / (long double)n;
      s += std::complex<long double>(x[j].real(), x[j].imag()) * std::complex<long double>(cosl(a), sinl(a));
    }
    y[k] = cd((double)s.real(), (double)s.imag());
  }
  return y;
}

double max_err(const std::vector<cd>& a, const std::vector<cd>& b) {
  double e = 0;
  for (size_t i = 0; i < a.size(); ++i) e = std::max(e, std::abs(a[i] - b[i]));
  return e;
}
}  // namespace

TEST(Fft, MatchesTheDefinitionForEveryKindOfLength) {
  // Radix 4, 2, 3, 5, a direct odd prime (7, 61) and Bluestein (67, 211, 1009).
  std::mt19937_64 rng(42);
  std::normal_distribution<double> nd;
  for (int64_t n : {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 45, 61, 67, 128, 210, 211, 1000, 1009}) {
    std::vector<cd> x(n);
    for (auto& v : x) v = cd(nd(rng), nd(rng));
    const ndarray a = from_host_bytes(x.data(), {n}, DType::Complex128);
    const double tol = 1e-13 * std::sqrt(double(n)) * std::max(1.0, std::log2(double(n)));
    EXPECT_LE(max_err(host(fft::fft(a)), dft(x, -1)), tol) << "n=" << n;
    std::vector<cd> inv = dft(x, +1);
    for (auto& v : inv) v /= double(n);
    EXPECT_LE(max_err(host(fft::ifft(a)), inv), tol) << "n=" << n;
    // rfft of the real parts: the first n/2 + 1 terms of their DFT.
    std::vector<cd> re(n);
    for (int64_t i = 0; i < n; ++i) re[i] = x[i].real();
    std::vector<double> rx(n);
    for (int64_t i = 0; i < n; ++i) rx[i] = x[i].real();
    const std::vector<cd> want = dft(re, -1);
    const std::vector<cd> got = host(fft::rfft(from_host(rx, {n})));
    ASSERT_EQ(int64_t(got.size()), n / 2 + 1);
    EXPECT_LE(max_err(got, std::vector<cd>(want.begin(), want.begin() + n / 2 + 1)), tol) << "n=" << n;
  }
}

TEST(Fft, IrfftInvertsRfftAndNormsScale) {
  std::vector<double> x{1, 2, 0, -1, 3, 5, 7};
  const ndarray a = from_host(x, {7});
  const ndarray back = fft::irfft(fft::rfft(a), 7);
  std::vector<double> got(7);
  back.copy_to_host(got.data());
  for (int i = 0; i < 7; ++i) EXPECT_NEAR(got[i], x[i], 1e-14);
  // ortho: sum |X|^2 == sum |x|^2 (Parseval).
  const std::vector<cd> o = host(fft::fft(a, {}, -1, fft::Norm::Ortho));
  double e = 0, f = 0;
  for (int i = 0; i < 7; ++i) e += x[i] * x[i], f += std::norm(o[i]);
  EXPECT_NEAR(e, f, 1e-12);
  EXPECT_EQ(fft::fft(a).dtype(), DType::Complex128);
  EXPECT_EQ(fft::fft(a.astype(DType::Float32)).dtype(), DType::Complex64);
  EXPECT_THROW(fft::fft(a, 0), ValueError);
  EXPECT_THROW(fft::fft(a, 4, 1), AxisError);
  EXPECT_THROW(fft::rfft(a.astype(DType::Complex128)), TypeError);
  EXPECT_THROW(fft::parse_norm("Ortho"), ValueError);
}

TEST(Fft, FreqsAndShifts) {
  std::vector<double> f(8);
  fft::fftfreq(8, 0.5).copy_to_host(f.data());
  const double want[] = {0, 0.25, 0.5, 0.75, -1, -0.75, -0.5, -0.25};
  for (int i = 0; i < 8; ++i) EXPECT_DOUBLE_EQ(f[i], want[i]);
  std::vector<int64_t> s(5);
  fft::fftshift(arange(Scalar(5))).copy_to_host(s.data());
  EXPECT_EQ(s, (std::vector<int64_t>{3, 4, 0, 1, 2}));
  fft::ifftshift(fft::fftshift(arange(Scalar(5)))).copy_to_host(s.data());
  EXPECT_EQ(s, (std::vector<int64_t>{0, 1, 2, 3, 4}));
}

#if __has_include(<cufft.h>)
// cufft_api.hpp declares cuFFT's C ABI itself (no header needed to build):
// where the header is at hand, its values must agree.
TEST(Fft, CufftAbiMatchesTheHeader) {
  using namespace cunum::backend::cuda;
  static_assert(kCufftR2C == CUFFT_R2C && kCufftC2R == CUFFT_C2R && kCufftC2C == CUFFT_C2C);
  static_assert(kCufftD2Z == CUFFT_D2Z && kCufftZ2D == CUFFT_Z2D && kCufftZ2Z == CUFFT_Z2Z);
  static_assert(kCufftForward == CUFFT_FORWARD && kCufftInverse == CUFFT_INVERSE);
  static_assert(kCufftSuccess == CUFFT_SUCCESS && kCufftAllocFailed == CUFFT_ALLOC_FAILED);
  static_assert(std::is_same_v<cufft_handle, cufftHandle>);
  static_assert(sizeof(cufftComplex) == 8 && sizeof(cufftDoubleComplex) == 16);
  SUCCEED();
}
#endif
