// CpuBackend::scan: the scan descriptors of cunum/kernels/scans.hpp over a
// ScanPlan (Note [Scan plans]).
#include <algorithm>
#include <cstdlib>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/parallel.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/scans.hpp"

namespace cunum::backend::cpu {

namespace {
// Note [CPU scans]
// Every lane is combined strictly left to right, as NumPy's accumulate does.
// Two walks, by which is closer in memory:
// - along the axis (the axis is the inner one, or there is one lane): each
//   lane in chunks of 256 elements, converted into a loop-dtype buffer by
//   the cast loop, scanned there with a running carry, converted out;
// - across lanes (cumsum(axis=0) of a C matrix): up to 256 neighbouring
//   lanes in lock step, one row of the axis at a time, so every step reads
//   and writes runs along the lanes' inner dim.
// Threads take lanes (or blocks of lanes); a single long lane runs on one
// thread, as NumPy's does. In place (out == in) each chunk is read before it
// is written.
constexpr int64_t kChunk = 256;
constexpr int64_t kGrain = 1 << 15;  // elements per thread chunk

struct Walk {
  const ScanPlan& p;
  LoopFn cast_in, cast_out;
  // Byte offsets of lane `l` over the dims [0, nd) of the lane shape.
  void offsets(int64_t l, int nd, int64_t& in_off, int64_t& out_off) const {
    in_off = out_off = 0;
    for (int d = nd - 1; d >= 0; --d) {
      const int64_t e = p.lane_shape[d], i = l % e;
      l /= e;
      in_off += i * p.in_lane_strides[d];
      out_off += i * p.out_lane_strides[d];
    }
  }
};

template <template <class> class D, class T> void along_axis(const Walk& w) {
  const ScanPlan& p = w.p;
  const int nd = static_cast<int>(p.lane_shape.size());
  parallel_for(p.lanes(), std::max<int64_t>(1, kGrain / p.len), [&](int64_t b, int64_t e) {
    alignas(64) T buf[kChunk];
    for (int64_t l = b; l < e; ++l) {
      int64_t io, oo;
      w.offsets(l, nd, io, oo);
      T carry = D<T>::identity();
      for (int64_t j0 = 0; j0 < p.len; j0 += kChunk) {
        const int64_t m = std::min(kChunk, p.len - j0);
        char* in_io[2] = {const_cast<char*>(p.in) + io + j0 * p.in_axis_stride, reinterpret_cast<char*>(buf)};
        const int64_t in_s[2] = {p.in_axis_stride, static_cast<int64_t>(sizeof(T))};
        w.cast_in(in_io, in_s, m);
        for (int64_t k = 0; k < m; ++k) buf[k] = carry = D<T>::combine(carry, D<T>::load(buf[k]));
        char* out_io[2] = {reinterpret_cast<char*>(buf), p.out + oo + j0 * p.out_axis_stride};
        const int64_t out_s[2] = {static_cast<int64_t>(sizeof(T)), p.out_axis_stride};
        w.cast_out(out_io, out_s, m);
      }
    }
  });
}

template <template <class> class D, class T> void across_lanes(const Walk& w) {
  const ScanPlan& p = w.p;
  const int nd = static_cast<int>(p.lane_shape.size());
  const int64_t inner = p.lane_shape[nd - 1];
  const int64_t si = p.in_lane_strides[nd - 1], so = p.out_lane_strides[nd - 1];
  const int64_t blocks = (inner + kChunk - 1) / kChunk;
  const int64_t units = p.lanes() / inner * blocks;
  parallel_for(units, std::max<int64_t>(1, kGrain / (p.len * std::min(inner, kChunk))), [&](int64_t b, int64_t e) {
    alignas(64) T buf[kChunk], carry[kChunk];
    for (int64_t u = b; u < e; ++u) {
      int64_t io, oo;
      w.offsets(u / blocks, nd - 1, io, oo);
      const int64_t l0 = (u % blocks) * kChunk, m = std::min(kChunk, inner - l0);
      io += l0 * si;
      oo += l0 * so;
      for (int64_t k = 0; k < m; ++k) carry[k] = D<T>::identity();
      for (int64_t j = 0; j < p.len; ++j) {
        char* in_io[2] = {const_cast<char*>(p.in) + io + j * p.in_axis_stride, reinterpret_cast<char*>(buf)};
        const int64_t in_s[2] = {si, static_cast<int64_t>(sizeof(T))};
        w.cast_in(in_io, in_s, m);
        for (int64_t k = 0; k < m; ++k) carry[k] = D<T>::combine(carry[k], D<T>::load(buf[k]));
        char* out_io[2] = {reinterpret_cast<char*>(carry), p.out + oo + j * p.out_axis_stride};
        const int64_t out_s[2] = {static_cast<int64_t>(sizeof(T)), so};
        w.cast_out(out_io, out_s, m);
      }
    }
  });
}

template <template <class> class D, class T> void run(const Walk& w) {
  const ScanPlan& p = w.p;
  const int nd = static_cast<int>(p.lane_shape.size());
  const bool lanes_inner = nd > 0 && std::llabs(p.in_lane_strides[nd - 1]) < std::llabs(p.in_axis_stride);
  if (lanes_inner) across_lanes<D, T>(w);
  else along_axis<D, T>(w);
}
}  // namespace

void CpuBackend::scan(const ScanPlan& p) {
  if (p.len <= 0 || p.lanes() <= 0) return;
  const Walk w{p, cast_loop_fn(p.in_dtype, p.loop_dtype), cast_loop_fn(p.loop_dtype, p.out_dtype)};
  dispatch(p.loop_dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    switch (p.op) {
      case ScanOp::CumSum: return run<scans::cumsum, T>(w);
      case ScanOp::CumProd: return run<scans::cumprod, T>(w);
      case ScanOp::NanCumSum: return run<scans::nancumsum, T>(w);
      case ScanOp::NanCumProd: return run<scans::nancumprod, T>(w);
    }
  });
}

}  // namespace cunum::backend::cpu
