// A fused plan on the CPU (Note [CPU fused loops]).
#include <algorithm>
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
}

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
  std::vector<std::array<size_t, core::kMaxUfuncOut>> at(p.nsteps);
  size_t total = 0;
  for (int i = 0; i < p.nsteps; ++i) {
    const core::UfuncDef& def = *p.steps[i].def;
    for (int k = 0; k < def.nout; ++k) {
      at[i][k] = total;
      total += (itemsize(def.loops[p.steps[i].loop].out[k]) * kChunk + 63) / 64 * 64;
    }
  }
  auto value_dtype = [&](const FusedArg& a) {
    return p.steps[a.index].def->loops[p.steps[a.index].loop].out[a.out];
  };
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
      for (int i = 0; i < p.nsteps; ++i) {
        const FusedStep& st = p.steps[i];
        const core::UfuncDef& def = *st.def;
        const core::LoopSig& sig = def.loops[st.loop];
        LoopPlan lp;
        lp.shape.assign(1, len);
        lp.nops = def.nin + def.nout;
        lp.index32 = true;
        for (int k = 0; k < def.nin; ++k) {
          const FusedArg& a = st.args[k];
          if (a.kind == FusedArg::Input) {
            lp.data[k] = p.data[a.index] + off[a.index] + c0 * inner_stride[a.index];
            lp.strides[k].assign(1, inner_stride[a.index]);
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
        ufunc(def, st.loop, lp);
      }
      for (int k = 0; k < p.nout; ++k) {
        const FusedArg& r = p.results[k];
        const int j = p.nin + k;
        LoopPlan cp;
        cp.shape.assign(1, len);
        cp.nops = 2;
        cp.index32 = true;
        DType from;
        if (r.kind == FusedArg::Input) {
          from = p.dtypes[r.index];
          cp.data[0] = p.data[r.index] + off[r.index] + c0 * inner_stride[r.index];
          cp.strides[0].assign(1, inner_stride[r.index]);
        } else {
          from = value_dtype(r);
          cp.data[0] = base + at[r.index][r.out];
          cp.strides[0].assign(1, static_cast<int64_t>(itemsize(from)));
        }
        cp.data[1] = p.data[j] + off[j] + c0 * inner_stride[j];
        cp.strides[1].assign(1, inner_stride[j]);
        cp.dtypes[0] = from;
        cp.dtypes[1] = p.dtypes[j];
        copy(cp, from, p.dtypes[j]);
      }
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

}  // namespace cunum::backend::cpu
