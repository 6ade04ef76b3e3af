// CpuBackend::fft: batches of one-dimensional transforms (Note [FFT plans])
// on the CPU's own engine (Note [CPU FFT]). Each transform is loaded into a
// contiguous double-precision buffer, transformed there and stored: the
// strides, the element type and the conversion are handled once, here.
#include <algorithm>
#include <vector>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/fft_engine.hpp"
#include "backend/cpu/parallel.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cpu {

namespace {
template <class R>
void run_batches(const FftPlan& p) {
  using C = std::complex<R>;
  const int64_t n = p.n[0], half = n / 2 + 1;
  // Threads take whole transforms, at least ~32k elements' worth each.
  // Transforms that lie side by side (dist < stride: the columns of a C
  // matrix) are loaded and stored kBlock at a time, so that each row of the
  // block is one contiguous read or write.
  constexpr int64_t kBlock = 16;
  const bool side_by_side = p.kind == FftKind::C2C && (p.in_dist < p.in_stride || p.out_dist < p.out_stride);
  const int64_t block = side_by_side ? kBlock : 1;
  // Threads take whole transforms (whole blocks), ~32k elements' worth or more.
  const int64_t grain = std::max<int64_t>(block, (int64_t(1) << 15) / n);
  parallel_for(p.batch, grain, [&](int64_t b0, int64_t b1) {
    std::vector<cd> buf(n + 1), work;
    std::vector<double> real;
    if (p.kind == FftKind::C2C) {
      const auto e = fft_engine(n);
      work.resize(e->scratch());
      buf.resize(block * n);
      for (int64_t b = b0; b < b1; b += block) {
        const int64_t m = std::min(block, b1 - b);
        const C* in = static_cast<const C*>(p.in) + b * p.in_dist;
        C* out = static_cast<C*>(p.out) + b * p.out_dist;
        for (int64_t i = 0; i < n; ++i)
          for (int64_t j = 0; j < m; ++j) buf[j * n + i] = cd(in[i * p.in_stride + j * p.in_dist]);
        for (int64_t j = 0; j < m; ++j) e->run(buf.data() + j * n, work.data(), p.forward);
        for (int64_t i = 0; i < n; ++i)
          for (int64_t j = 0; j < m; ++j) out[i * p.out_stride + j * p.out_dist] = C(buf[j * n + i]);
      }
      return;
    }
    work.resize(real_scratch(n));
    real.resize(n);
    for (int64_t b = b0; b < b1; ++b) {
      if (p.kind == FftKind::R2C) {
        const R* in = static_cast<const R*>(p.in) + b * p.in_dist;
        C* out = static_cast<C*>(p.out) + b * p.out_dist;
        for (int64_t i = 0; i < n; ++i) real[i] = in[i * p.in_stride];
        rfft_real(real.data(), buf.data(), n, work.data());
        for (int64_t i = 0; i < half; ++i) out[i * p.out_stride] = C(buf[i]);
      } else {
        const C* in = static_cast<const C*>(p.in) + b * p.in_dist;
        R* out = static_cast<R*>(p.out) + b * p.out_dist;
        for (int64_t i = 0; i < half; ++i) buf[i] = cd(in[i * p.in_stride]);
        irfft_real(buf.data(), real.data(), n, work.data());
        for (int64_t i = 0; i < n; ++i) out[i * p.out_stride] = R(real[i]);
      }
    }
  });
}
}  // namespace

void CpuBackend::fft(const FftPlan& p) {
  CUNUM_ASSERT(p.rank == 1 && p.n[0] >= 1);
  CUNUM_ASSERT(p.kind == FftKind::C2C || p.forward == (p.kind == FftKind::R2C));
  if (p.batch <= 0) return;
  if (p.dtype == DType::Complex64) run_batches<float>(p);
  else run_batches<double>(p);
}

}  // namespace cunum::backend::cpu
