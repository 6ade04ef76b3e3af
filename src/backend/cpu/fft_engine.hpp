// The CPU backend's own FFT (Note [CPU FFT]): one-dimensional transforms of
// any length in double precision, complex and real.
//
//   auto e = fft_engine(1000);               // cached per length
//   std::vector<cd> work(e->scratch());
//   e->run(data, work.data(), /*forward=*/true);   // in place, unnormalised
#pragma once
#include <complex>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace cunum::backend::cpu {

using cd = std::complex<double>;

// Note [CPU FFT]
// No FFT library that is permissively licensed installs on both of cunum's
// build machines (a GPU machine with no network and CI from a bare image);
// FFTW is GPL. So the CPU backend has its own (docs/fft.md):
// - lengths whose prime factors are all <= kMaxDirectRadix: an iterative
//   self-sorting (Stockham) mixed-radix transform, radix 4, 2, 3, 5 with
//   their own butterflies and any other odd prime by a direct DFT that pairs
//   j with p - j, twiddles computed once per length in long double;
// - other lengths (a large prime factor): Bluestein's chirp-z, one
//   convolution by power-of-two transforms of length >= 2n - 1, with the
//   chirp's angles k^2 reduced modulo 2n exactly in integers;
// - a backward transform is the forward one with conjugated twiddles; real
//   transforms of even length use a complex transform of half the length
//   (Note [Real transforms by half-length]).
// Every computation is in double: float32 data is widened on load and
// rounded on store, which keeps single precision results within NumPy's.
inline constexpr int kMaxDirectRadix = 64;

class FftEngine {
 public:
  explicit FftEngine(int64_t n);
  int64_t size() const { return n_; }
  // The complex entries run() needs at `work`.
  int64_t scratch() const { return scratch_; }
  // The unnormalised DFT of data[0..n) in place, exp(-2 pi i jk/n) forward,
  // exp(+2 pi i jk/n) backward.
  void run(cd* data, cd* work, bool forward) const;
  // exp(-i pi k / n) for k in [0, n]: the twiddles of the real transforms of
  // length 2n built on this engine (computed at the first call).
  const cd* half_twiddles() const;

 private:
  struct Stage {
    int p;           // radix
    int64_t L, m;    // sub-transforms done so far, length left after this stage / p
    size_t tw;       // offset of the stage's twiddles in tw_
    size_t roots;    // offset of cos/sin(2 pi r / p) in roots_ (generic radix)
  };
  void stockham(cd* data, cd* work, bool forward) const;
  void bluestein(cd* data, cd* work, bool forward) const;
  int64_t n_, scratch_ = 0;
  std::vector<Stage> stages_;
  std::vector<cd> tw_;       // forward twiddles, (p - 1) per j0 of each stage
  std::vector<cd> roots_;    // exp(-2 pi i r / p) for r < p, generic radices
  // Bluestein: the sub-transform, the chirp exp(-i pi k^2 / n) and the
  // forward transform of its conjugate's convolution kernel, divided by m.
  std::shared_ptr<const FftEngine> sub_;
  std::vector<cd> chirp_, kernel_;
  mutable std::once_flag half_once_;
  mutable std::vector<cd> half_;
};

// The engine for length n (n >= 1), built once and shared (thread-safe).
std::shared_ptr<const FftEngine> fft_engine(int64_t n);

// Real transforms of length n on top of the engines:
// rfft: n reals -> n/2 + 1 complex values (the half spectrum), forward.
// irfft: the n/2 + 1 values of a half spectrum -> n reals, backward,
// unnormalised; the imaginary parts of the zero (and, for even n, the
// Nyquist) frequency are ignored, as NumPy's pocketfft does. `half` may be
// overwritten. `work` holds real_scratch(n) entries.
int64_t real_scratch(int64_t n);
void rfft_real(const double* in, cd* out, int64_t n, cd* work);
void irfft_real(cd* half, double* out, int64_t n, cd* work);

}  // namespace cunum::backend::cpu
