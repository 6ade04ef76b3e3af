// A fused plan on the CPU (Note [CPU fused loops]).
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/parallel.hpp"

namespace cunum::backend::cpu {

// Note [CPU fused loops]
// The steps of a fused plan (Note [Fused plans]) run one after the other on
// chunks of kChunk elements of the innermost dim, each through the ufunc
// loops of eager calls (the same functors, conversions and AVX2 clones),
// their results in per-step buffers of one chunk: every temporary stays in
// L1/L2 and each input and output crosses memory once, where eager
// evaluation writes and rereads a whole temporary per call. Scalars are the
// plan's scalar operand (Note [Scalar operands]); the outputs are the
// results converted by the cast loops. The chunks (an outer position and a
// piece of the inner dim each) are shared among the pool's threads, at least
// kChunksPerTask per task, each task with its own buffers.
namespace {
constexpr int64_t kChunk = 1024;
constexpr int64_t kChunksPerTask = 16;

// Where each step's outputs live in the arena (kChunk elements of their
// loop dtype each, 64-byte aligned), and the arena's size. A where step
// (Note [Fused where]) has three more buffers after its output's, for the
// condition, x and y where they must be converted (bool bytes, its dtype).
using Offsets = std::vector<std::array<size_t, core::kMaxUfuncOut>>;
size_t chunk_bytes(DType d) { return (itemsize(d) * kChunk + 63) / 64 * 64; }
void step_offsets(const FusedPlan& p, Offsets& at, size_t& total) {
  at.resize(p.nsteps);
  total = 0;
  for (int i = 0; i < p.nsteps; ++i) {
    const FusedStep& st = p.steps[i];
    for (int k = 0; k < step_nout(st); ++k) {
      at[i][k] = total;
      total += chunk_bytes(step_out(st, k));
    }
    if (!st.def) total += chunk_bytes(DType::Bool) + 2 * chunk_bytes(st.where_dtype);
  }
}

// An operand in memory: its first item and byte stride.
struct Strided {
  const char* p;
  int64_t stride;
};
// Picks x[i] where the byte c[i] is nonzero, else y[i]: items of N bytes.
template <size_t N> void pick(Strided c, Strided x, Strided y, char* out, int64_t len) {
  for (int64_t i = 0; i < len; ++i)
    std::memcpy(out + i * N, c.p[i * c.stride] ? x.p + i * x.stride : y.p + i * y.stride, N);
}

// One chunk of len <= kChunk elements: input k at in[k] (byte stride
// in_stride[k]), result k written at out[k] (out_stride[k], dtype out_dtype[k]).
void run_chunk(CpuBackend& be, const FusedPlan& p, const Offsets& at,
               char* base, const char* const* in, const int64_t* in_stride, char* const* out,
               const int64_t* out_stride, const DType* out_dtype, int64_t len) {
  auto value_dtype = [&](const FusedArg& a) { return step_out(p.steps[a.index], a.out); };
  // Operand `a` (a scalar: stored as `scalar_dtype`) converted to dtype `to`
  // at dst (byte stride dst_stride), through the cast loops.
  auto copy_arg = [&](const FusedArg& a, DType scalar_dtype, char* dst, int64_t dst_stride, DType to) {
    LoopPlan cp;
    cp.shape.assign(1, len);
    cp.nops = 2;
    cp.index32 = true;
    DType from;
    if (a.kind == FusedArg::Input) {
      from = p.dtypes[a.index];
      cp.data[0] = const_cast<char*>(in[a.index]);
      cp.strides[0].assign(1, in_stride[a.index]);
    } else if (a.kind == FusedArg::Scalar) {
      from = scalar_dtype;
      cp.data[0] = const_cast<char*>(reinterpret_cast<const char*>(p.scalars[a.index].data()));
      cp.strides[0].assign(1, 0);
    } else {
      from = value_dtype(a);
      cp.data[0] = base + at[a.index][a.out];
      cp.strides[0].assign(1, static_cast<int64_t>(itemsize(from)));
    }
    cp.data[1] = dst;
    cp.strides[1].assign(1, dst_stride);
    cp.dtypes[0] = from;
    cp.dtypes[1] = to;
    be.copy(cp, from, to);
  };
  // Argument k of step st as dtype step_in(st, k): where it already is (an
  // input or value of that dtype, or a scalar, stored in it), else converted
  // into the contiguous buffer `buf`.
  auto arg_as = [&](const FusedStep& st, int k, char* buf) -> Strided {
    const FusedArg& a = st.args[k];
    const DType to = step_in(st, k);
    if (a.kind == FusedArg::Scalar) return {reinterpret_cast<const char*>(p.scalars[a.index].data()), 0};
    if (a.kind == FusedArg::Input && p.dtypes[a.index] == to) return {in[a.index], in_stride[a.index]};
    if (a.kind == FusedArg::Value && value_dtype(a) == to)
      return {base + at[a.index][a.out], static_cast<int64_t>(itemsize(to))};
    copy_arg(a, to, buf, static_cast<int64_t>(itemsize(to)), to);
    return {buf, static_cast<int64_t>(itemsize(to))};
  };
  for (int i = 0; i < p.nsteps; ++i) {
    const FusedStep& st = p.steps[i];
    if (!st.def) {  // Note [Fused where]
      const DType t = st.where_dtype;
      char* out = base + at[i][0];
      char* c = out + chunk_bytes(t);
      char* x = c + chunk_bytes(DType::Bool);
      char* y = x + chunk_bytes(t);
      const Strided cs = arg_as(st, 0, c), xs = arg_as(st, 1, x), ys = arg_as(st, 2, y);
      switch (itemsize(t)) {
        case 1: pick<1>(cs, xs, ys, out, len); break;
        case 2: pick<2>(cs, xs, ys, out, len); break;
        case 4: pick<4>(cs, xs, ys, out, len); break;
        case 8: pick<8>(cs, xs, ys, out, len); break;
        default: pick<16>(cs, xs, ys, out, len); break;
      }
      continue;
    }
    const core::UfuncDef& def = *st.def;
    const core::LoopSig& sig = def.loops[st.loop];
    LoopPlan lp;
    lp.shape.assign(1, len);
    lp.nops = def.nin + def.nout;
    lp.index32 = true;
    for (int k = 0; k < def.nin; ++k) {
      const FusedArg& a = st.args[k];
      if (a.kind == FusedArg::Input) {
        lp.data[k] = const_cast<char*>(in[a.index]);
        lp.strides[k].assign(1, in_stride[a.index]);
        lp.dtypes[k] = p.dtypes[a.index];
      } else if (a.kind == FusedArg::Scalar) {
        lp.scalar_op = k;
        std::copy(p.scalars[a.index].begin(), p.scalars[a.index].end(), lp.scalar);
        lp.data[k] = nullptr;
        lp.strides[k].assign(1, 0);
        lp.dtypes[k] = sig.in[k];
      } else {
        const DType d = value_dtype(a);
        lp.data[k] = base + at[a.index][a.out];
        lp.strides[k].assign(1, static_cast<int64_t>(itemsize(d)));
        lp.dtypes[k] = d;
      }
    }
    for (int k = 0; k < def.nout; ++k) {
      lp.data[def.nin + k] = base + at[i][k];
      lp.strides[def.nin + k].assign(1, static_cast<int64_t>(itemsize(sig.out[k])));
      lp.dtypes[def.nin + k] = sig.out[k];
    }
    be.ufunc(def, st.loop, lp);
  }
  // the results, converted to their arrays (a result is never a scalar)
  for (int k = 0; k < p.nout; ++k) copy_arg(p.results[k], DType::Bool, out[k], out_stride[k], out_dtype[k]);
}
}  // namespace

bool CpuBackend::fused(const FusedPlan& p) {
  const int nops = p.nin + p.nout;
  if (nops > kMaxFusedOperands) return false;
  const int64_t n = p.size();
  if (n == 0) return true;
  const int nd = static_cast<int>(p.shape.size());
  const int64_t inner = nd > 0 ? p.shape[nd - 1] : 1;
  int64_t inner_stride[kMaxFusedOperands] = {};
  for (int k = 0; k < nops; ++k) inner_stride[k] = nd > 0 ? p.strides[k][nd - 1] : 0;

  // One buffer per step output, kChunk elements of its loop dtype.
  size_t total = 0;
  Offsets at;
  step_offsets(p, at, total);
  const int64_t nchunks = (inner + kChunk - 1) / kChunk, outer = n / inner;

  // Chunks [begin, end) of the outer * nchunks chunks, in C order.
  auto run = [&](int64_t begin, int64_t end) {
    std::unique_ptr<char[]> arena(new char[total + 64]);
    char* base = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(arena.get()) + 63) / 64 * 64);
    Dims idx(static_cast<size_t>(std::max(nd - 1, 0)), 0);
    int64_t off[kMaxFusedOperands] = {};
    int64_t o = begin / nchunks;
    for (int d = nd - 2; d >= 0; --d) {  // unravel the first chunk's outer position
      idx[d] = o % p.shape[d];
      o /= p.shape[d];
      for (int k = 0; k < nops; ++k) off[k] += idx[d] * p.strides[k][d];
    }
    for (int64_t u = begin; u < end; ++u) {
      const int64_t c0 = (u % nchunks) * kChunk;
      const int64_t len = std::min(kChunk, inner - c0);
      const char* in[kMaxFusedOperands];
      char* out[kMaxFusedOperands];
      for (int k = 0; k < p.nin; ++k) in[k] = p.data[k] + off[k] + c0 * inner_stride[k];
      for (int k = 0; k < p.nout; ++k) out[k] = p.data[p.nin + k] + off[p.nin + k] + c0 * inner_stride[p.nin + k];
      run_chunk(*this, p, at, base, in, inner_stride, out, inner_stride + p.nin, p.dtypes.data() + p.nin, len);
      if ((u + 1) % nchunks != 0) continue;
      // the next outer position (C order over dims 0..nd-2)
      for (int d = nd - 2; d >= 0; --d) {
        for (int k = 0; k < nops; ++k) off[k] += p.strides[k][d];
        if (++idx[d] < p.shape[d]) break;
        for (int k = 0; k < nops; ++k) off[k] -= p.strides[k][d] * p.shape[d];
        idx[d] = 0;
      }
    }
  };
  parallel_for(outer * nchunks, kChunksPerTask, run);
  return true;
}

size_t CpuBackend::fused_arena_bytes(const FusedPlan& p) const {
  size_t total = 0;
  Offsets at;
  step_offsets(p, at, total);
  return total;
}

void CpuBackend::fused_map(const FusedPlan& p, const char* const* in, const int64_t* stride, char* out, DType to,
                           int64_t n, char* arena) {
  // Called per block or tile row of a reduction: the offsets reuse one
  // vector per thread rather than allocating each time.
  thread_local Offsets at;
  size_t total = 0;
  step_offsets(p, at, total);
  const int64_t out_stride = static_cast<int64_t>(itemsize(to));
  const char* ptr[kMaxFusedOperands];
  for (int64_t c0 = 0; c0 < n; c0 += kChunk) {
    const int64_t len = std::min(kChunk, n - c0);
    for (int k = 0; k < p.nin; ++k) ptr[k] = in[k] + c0 * stride[k];
    char* o = out + c0 * out_stride;
    run_chunk(*this, p, at, arena, ptr, stride, &o, &out_stride, &to, len);
  }
}

}  // namespace cunum::backend::cpu
