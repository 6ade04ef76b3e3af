// CpuBackend::histogram (Note [Histogram plans]): strictly in order, one
// thread, so that weight sums add in NumPy's order (bincount's loop).
#include <algorithm>
#include <vector>

#include "backend/cpu/cpu_backend.hpp"
#include "cunum/kernels/histogram.hpp"

namespace cunum::backend::cpu {

void CpuBackend::histogram(const HistogramPlan& p) {
  if (p.n <= 0 || p.bins <= 0) return;
  constexpr int64_t kChunk = 1024;
  const bool direct = p.mode == HistogramMode::Direct;
  // x converted in chunks: to int64 (Direct), or to cmp and then to double.
  const LoopFn to_key = cast_loop_fn(p.x_dtype, direct ? DType::Int64 : p.cmp);
  const LoopFn cmp_to_double = direct ? nullptr : cast_loop_fn(p.cmp, DType::Float64);
  const LoopFn w_to_double = p.w ? cast_loop_fn(p.w_dtype, DType::Float64) : nullptr;
  const bool uniform = p.mode == HistogramMode::Uniform;
  const double scale = uniform ? static_cast<double>(p.bins) / (p.last - p.first) : 0;
  std::vector<char> key_buf(kChunk * 8), cmp_buf(kChunk * 8);
  std::vector<double> wbuf(p.w ? kChunk : 0);
  auto* counts = reinterpret_cast<int64_t*>(p.out);
  auto* sums = reinterpret_cast<double*>(p.out);
  for (int64_t i0 = 0; i0 < p.n; i0 += kChunk) {
    const int64_t m = std::min(kChunk, p.n - i0);
    {
      char* io[2] = {const_cast<char*>(p.x) + i0 * p.x_stride, cmp_buf.data()};
      const int64_t s[2] = {p.x_stride, static_cast<int64_t>(itemsize(direct ? DType::Int64 : p.cmp))};
      to_key(io, s, m);
    }
    if (!direct) {
      char* io[2] = {cmp_buf.data(), key_buf.data()};
      const int64_t s[2] = {static_cast<int64_t>(itemsize(p.cmp)), 8};
      cmp_to_double(io, s, m);
    }
    if (p.w) {
      char* io[2] = {const_cast<char*>(p.w) + i0 * p.w_stride, reinterpret_cast<char*>(wbuf.data())};
      const int64_t s[2] = {p.w_stride, 8};
      w_to_double(io, s, m);
    }
    const auto* keys = reinterpret_cast<const int64_t*>(cmp_buf.data());
    const auto* vals = reinterpret_cast<const double*>(key_buf.data());
    for (int64_t k = 0; k < m; ++k) {
      const int64_t b = direct ? keys[k] : hist::find_bin(vals[k], p.edges, p.bins, uniform, p.first, scale);
      if (b < 0 || b >= p.bins) continue;
      if (p.w) sums[b] += wbuf[k];
      else ++counts[b];
    }
  }
}

}  // namespace cunum::backend::cpu
