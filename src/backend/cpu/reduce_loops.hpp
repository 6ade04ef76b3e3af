// CPU reductions: the loops that run the descriptors of
// cunum/kernels/reductions.hpp (Note [Reduction descriptors]) over a
// ReducePlan (Note [Reduction plans]). Included by reduce.cpp,
// reduce_sums.cpp and reduce_extrema.cpp, which instantiate them for the
// rows of CUNUM_FOR_EACH_REDUCTION of their kinds (three files, so that the
// instantiations compile in parallel).
//
// Note [CPU reduction loops]
// Two loop shapes, chosen per plan by which of the reduced run and the
// innermost kept dim is closer together in memory:
// - Rows (sum(axis=1), full reductions): an output at a time, its run read
//   contiguously. Sums of floats are pairwise (NumPy's algorithm, so the
//   error grows like O(log n)); other reductions keep kLanes accumulators
//   (element i goes to lane i % kLanes, so each lane still sees increasing
//   indices) that the compiler turns into vector instructions, merged at the
//   end; arg-reductions skip blocks by their summary (Note [Block summaries]).
// - Columns (sum(axis=0) of a C-ordered matrix): a tile of accumulators, one
//   per output, and each reduced row adds its segment into the tile — what
//   NumPy does, reading memory in order instead of with a stride.
// An input of another dtype than the loop's, or a strided run, is converted
// (copied) kBlock elements at a time into a small buffer: no temporary of the
// input's size. Results are converted to the output's dtype as they are
// written.
//
// A fused reduction (Note [Fused reduction plans]) runs the same loops with
// the element source changed: every load of the input (always through the
// scratch buffer then) becomes the fused map's value over kBlock (or a
// tile of) elements, computed by the CPU fused loops (Note [CPU fused
// loops]) from the map's inputs at their own strides and converted to the
// loop dtype: one pass over the inputs, no temporary of the value's size.
// The blocks are those of a converted input, so a float sum adds kBlock
// blocks in NumPy's buffered order (an unfused sum of an unconverted
// contiguous value is pairwise over the whole run: the last bits may differ).
#pragma once
#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <new>
#include <array>

#include "backend/cpu/cpu_backend.hpp"
#include "cunum/dims.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/convert.hpp"
#include "cunum/kernels/reductions.hpp"

#include "backend/cpu/vector_clones.hpp"

namespace cunum::backend::cpu {

// n elements from src (byte stride ss, dtype From) to dst (stride ds, To);
// reduce.cpp holds the 196 instances.
using ConvertFn = void (*)(const char* src, int64_t ss, char* dst, int64_t ds, int64_t n);
ConvertFn converter(DType from, DType to);

// The reductions of the Sum and NanSum kinds (reduce_sums.cpp), of the
// Extremum and Arg kinds (reduce_extrema.cpp).
// `fz` non-null: the elements are a fused map's values (Note [Fused
// reduction plans]), plan is fz->plan->red.
struct FusedSource {
  CpuBackend* backend;
  const FusedReducePlan* plan;
};
void reduce_sum_kinds(core::ReduceId id, const ReducePlan& plan, const FusedSource* fz);
void reduce_extremum_kinds(core::ReduceId id, const ReducePlan& plan, const FusedSource* fz);

// Internal linkage: every including file has its own instances (and its own
// target_clones dispatchers); no two files instantiate the same descriptor.
namespace {

// Elements converted at a time (NumPy's buffer size, so a cast sum adds its
// blocks in NumPy's order).
constexpr int64_t kBlock = 8192;
// Outputs per column tile: 32 KB of accumulators (whole rows of most
// matrices, so the input is read in one sequential stream, as NumPy does).
template <class A> constexpr int64_t kTile = std::max<int64_t>(1024, 32768 / sizeof(A));

// Scratch aligned to a cache line: the vector loops' loads and stores then
// never straddle two lines.
struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};
template <class T> using Scratch = std::unique_ptr<T[], FreeDeleter>;
template <class T> Scratch<T> scratch(int64_t n) {
  const size_t bytes = (static_cast<size_t>(n) * sizeof(T) + 63) / 64 * 64;
  void* p = std::aligned_alloc(64, bytes);
  if (!p) throw std::bad_alloc();
  return Scratch<T>(static_cast<T*>(p));
}

// Accumulators per row in the lane loop: 64 bytes of them (four 16-byte vectors).
template <class A> constexpr int kLanes = sizeof(A) >= 16 ? 4 : static_cast<int>(64 / sizeof(A));

// acc += x[0..n) (indices j0 + i) through kLanes independent accumulators.
template <class R, class T>
CUNUM_VECTOR_CLONES void lanes(typename R::acc_t& acc, const T* x, int64_t n, int64_t j0) {
  using A = typename R::acc_t;
  constexpr int W = kLanes<A>;
  int64_t i = 0;
  if (n >= 2 * W) {
    A l[W];
    for (int k = 0; k < W; ++k) l[k] = R::init();
    for (; i + W <= n; i += W) {
#pragma GCC unroll 0
      for (int k = 0; k < W; ++k) R::accumulate(l[k], x[i + k], j0 + i + k);
    }
    for (int k = 0; k < W; ++k) R::merge(acc, l[k]);
  }
  for (; i < n; ++i) R::accumulate(acc, x[i], j0 + i);
}

// NumPy's pairwise summation of x[0..n): blocks of up to 128 elements summed
// by 8 accumulators, halves combined recursively.
template <class R, class T> CUNUM_VECTOR_CLONES typename R::acc_t pairwise(const T* x, int64_t n) {
  using A = typename R::acc_t;
  if (n < 8) {
    A r = R::init();
    for (int64_t i = 0; i < n; ++i) R::accumulate(r, x[i], i);
    return r;
  }
  if (n <= 128) {
    A r[8];
    for (int j = 0; j < 8; ++j) {
      r[j] = R::init();
      R::accumulate(r[j], x[j], j);
    }
    int64_t i = 8;
    for (; i + 8 <= n; i += 8)
      for (int j = 0; j < 8; ++j) R::accumulate(r[j], x[i + j], i + j);
    R::merge(r[0], r[1]);
    R::merge(r[2], r[3]);
    R::merge(r[4], r[5]);
    R::merge(r[6], r[7]);
    R::merge(r[0], r[2]);
    R::merge(r[4], r[6]);
    R::merge(r[0], r[4]);
    for (; i < n; ++i) R::accumulate(r[0], x[i], i);
    return r[0];
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  A a = pairwise<R>(x, n2);
  R::merge(a, pairwise<R>(x + n2, n - n2));
  return a;
}

// Note [Block summaries]
// An arg-reduction's answer is the first element equal to its summary (the
// run's max for argmax, NaN if it holds one; the descriptor names the
// summary reduction), so a run goes in blocks, each seen as kArgLanes lanes
// (element i in lane i % kArgLanes):
// 1. one vectorised sweep computes every lane's summary, and their merge M;
// 2. if offering M to the accumulator would not change it, no element of the
//    block can (the common case in a long run): the block is done;
// 3. otherwise only the lanes whose summary ties M (taken over M offered at
//    a later index) hold the block's answer: each is walked element by
//    element, in increasing index order, and merged (ties to the smaller
//    index). Elements past the last whole row of lanes are accumulated directly.
constexpr int kArgLanes = 32;
constexpr int64_t kArgBlock = kArgLanes * 512;

template <class S, class T>
CUNUM_VECTOR_CLONES void lane_summaries(typename S::acc_t* __restrict sv, const T* __restrict x, int64_t rows) {
  for (int k = 0; k < kArgLanes; ++k) sv[k] = S::init();
  for (int64_t r = 0; r < rows; ++r) {
#pragma GCC unroll 0
    for (int k = 0; k < kArgLanes; ++k) S::accumulate(sv[k], x[r * kArgLanes + k], 0);
  }
}

template <class R, class T> void indexed_run(typename R::acc_t& acc, const T* x, int64_t n, int64_t j0) {
  using S = typename R::summary;
  using A = typename R::acc_t;
  for (int64_t b = 0; b < n; b += kArgBlock) {
    const int64_t m = std::min(kArgBlock, n - b), rows = m / kArgLanes, jb = j0 + b;
    const T* xb = x + b;
    int64_t i = 0;
    if (rows >= 2) {
      i = rows * kArgLanes;
      typename S::acc_t sv[kArgLanes];
      lane_summaries<S>(sv, xb, rows);
      typename S::acc_t top = S::init();
      for (int k = 0; k < kArgLanes; ++k) S::merge(top, sv[k]);
      A at = R::init();  // the block's summary, offered after all its elements
      R::accumulate(at, S::finalize(top), jb + m);
      A probe = acc;
      R::merge(probe, at);
      if (probe.idx != acc.idx) {
        for (int k = 0; k < kArgLanes; ++k) {
          A lane = R::init(), tie = at;
          R::accumulate(lane, S::finalize(sv[k]), jb + k);
          R::merge(tie, lane);
          if (tie.idx == at.idx) continue;  // this lane's best is below the block's
          lane = R::init();
          for (int64_t r = 0; r < rows; ++r) R::accumulate(lane, xb[r * kArgLanes + k], jb + r * kArgLanes + k);
          R::merge(acc, lane);
        }
      }
    }
    for (; i < m; ++i) R::accumulate(acc, xb[i], jb + i);
  }
}

// Contiguous elements x[0..n) with indices j0... into acc.
template <class R, class T> void run(typename R::acc_t& acc, const T* x, int64_t n, int64_t j0) {
  if constexpr (R::pairwise) R::merge(acc, pairwise<R>(x, n));
  else if constexpr (R::indexed) indexed_run<R>(acc, x, n, j0);
  else lanes<R>(acc, x, n, j0);
}

template <class R> using result_of = typename R::result_t;

// Everything a loop needs besides the descriptor.
struct Ctx {
  const ReducePlan& p;
  int64_t R, rs;          // the reduced run: length, byte stride
  ConvertFn in_cvt;       // input -> loop dtype (null: the input is in the loop dtype)
  ConvertFn out_cvt;      // result -> output dtype (null: same dtype)
  char* buf;              // kBlock (or a tile of) loop-dtype elements of scratch
  const FusedSource* fz = nullptr;  // the elements are a fused map's values
  char* arena = nullptr;            // the fused loops' per-step buffers
  int nin = 1;                      // input cursors: 1, or the map's inputs
  DType loop = DType::Float64;
};

// Where each input is at the current output: the plain plan's one input, or
// the fused map's inputs.
using Cursor = std::array<const char*, kMaxFusedOperands>;

inline int64_t kept_stride(const Ctx& c, int k, int d) {
  return c.fz ? c.fz->plan->map.strides[k][d] : c.p.in_strides[d];
}
inline int64_t red_stride(const Ctx& c, int k) { return c.fz ? c.fz->plan->red_strides[k] : c.rs; }

// n elements into c.buf (in the loop dtype): from kept-inner index k0 and
// reduced index r of the cursor, stepping along the reduced run (along_red)
// or along the innermost kept dim.
inline void load(const Ctx& c, const Cursor& cur, int64_t k0, int64_t r, bool along_red, int64_t n) {
  const int nk = static_cast<int>(c.p.out_shape.size());
  if (!c.fz) {
    const int64_t cs = nk > 0 ? c.p.in_strides[nk - 1] : 0;
    c.in_cvt(cur[0] + k0 * cs + r * c.rs, along_red ? c.rs : cs, c.buf, itemsize(c.loop), n);
    return;
  }
  const char* in[kMaxFusedOperands];
  int64_t st[kMaxFusedOperands];
  for (int k = 0; k < c.nin; ++k) {
    const int64_t cs = nk > 0 ? kept_stride(c, k, nk - 1) : 0, rs = red_stride(c, k);
    in[k] = cur[k] + k0 * cs + r * rs;
    st[k] = along_red ? rs : cs;
  }
  c.fz->backend->fused_map(c.fz->plan->map, in, st, c.buf, c.loop, n, c.arena);
}

template <class R, class T> void write_result(const Ctx& c, char* out, result_of<R> v) {
  if (!c.out_cvt) *reinterpret_cast<result_of<R>*>(out) = v;
  else c.out_cvt(reinterpret_cast<const char*>(&v), 0, out, 0, 1);
}

// Calls fn(cursor, out) for every position of the kept dims [0, nk).
template <class Fn> void for_each_output(const Ctx& c, int nk, Fn&& fn) {
  const ReducePlan& p = c.p;
  Cursor in{};
  if (c.fz)
    for (int k = 0; k < c.nin; ++k) in[k] = c.fz->plan->map.data[k];
  else
    in[0] = p.in;
  char* out = p.out;
  if (nk == 0) {
    fn(in, out);
    return;
  }
  int64_t idx[::cunum::kMaxDims] = {};
  for (;;) {
    fn(in, out);
    int d = nk - 1;
    for (; d >= 0; --d) {
      for (int k = 0; k < c.nin; ++k) in[k] += kept_stride(c, k, d);
      out += p.out_strides[d];
      if (++idx[d] < p.out_shape[d]) break;
      for (int k = 0; k < c.nin; ++k) in[k] -= kept_stride(c, k, d) * p.out_shape[d];
      out -= p.out_strides[d] * p.out_shape[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

template <class R, class T> void reduce_rows(const Ctx& c) {
  const int nk = static_cast<int>(c.p.out_shape.size());
  const bool direct = !c.fz && !c.in_cvt && c.rs == static_cast<int64_t>(sizeof(T));
  T* buf = reinterpret_cast<T*>(c.buf);
  for_each_output(c, nk, [&](const Cursor& in, char* out) {
    typename R::acc_t acc = R::init();
    if (direct) {
      run<R>(acc, reinterpret_cast<const T*>(in[0]), c.R, 0);
    } else {
      for (int64_t b = 0; b < c.R; b += kBlock) {
        const int64_t m = std::min(kBlock, c.R - b);
        load(c, in, 0, b, true, m);
        run<R>(acc, buf, m, b);
      }
    }
    write_result<R, T>(c, out, R::finalize(acc));
  });
}

template <class R, class T, class A>
CUNUM_VECTOR_CLONES void accumulate_row(A* __restrict acc, const T* __restrict x, int64_t n, int64_t j) {
  for (int64_t k = 0; k < n; ++k) R::accumulate(acc[k], x[k], j);
}

// Two rows per pass over the tile (rows j and j + 1, in that order): half the
// loads and stores of the accumulators per element.
template <class R, class T, class A>
CUNUM_VECTOR_CLONES void accumulate_rows2(A* __restrict acc, const T* __restrict x0, const T* __restrict x1,
                                          int64_t n, int64_t j) {
  for (int64_t k = 0; k < n; ++k) {
    A a = acc[k];
    R::accumulate(a, x0[k], j);
    R::accumulate(a, x1[k], j + 1);
    acc[k] = a;
  }
}

template <class R, class T> void reduce_columns(const Ctx& c) {
  using A = typename R::acc_t;
  using V = result_of<R>;
  const int nk = static_cast<int>(c.p.out_shape.size());
  // (a fused plan has no in_strides: its loads go through load())
  const int64_t K = c.p.out_shape[nk - 1], cs = c.fz ? 0 : c.p.in_strides[nk - 1], os = c.p.out_strides[nk - 1];
  const bool direct = !c.fz && !c.in_cvt && cs == static_cast<int64_t>(sizeof(T));
  const int64_t tile = kTile<A>;
  Scratch<A> acc = scratch<A>(tile);
  Scratch<V> res = scratch<V>(tile);
  T* buf = reinterpret_cast<T*>(c.buf);
  for_each_output(c, nk - 1, [&](const Cursor& in, char* out) {
    for (int64_t k0 = 0; k0 < K; k0 += tile) {
      const int64_t kt = std::min(tile, K - k0);
      for (int64_t k = 0; k < kt; ++k) acc[k] = R::init();
      const char* row = in[0] + k0 * cs;
      int64_t r = 0;
      if (direct)
        for (; r + 1 < c.R; r += 2, row += 2 * c.rs)
          accumulate_rows2<R>(acc.get(), reinterpret_cast<const T*>(row), reinterpret_cast<const T*>(row + c.rs), kt, r);
      for (; r < c.R; ++r, row += c.rs) {
        const T* x = reinterpret_cast<const T*>(row);
        if (!direct) {
          load(c, in, k0, r, false, kt);
          x = buf;
        }
        accumulate_row<R>(acc.get(), x, kt, r);
      }
      for (int64_t k = 0; k < kt; ++k) res[k] = R::finalize(acc[k]);
      char* o = out + k0 * os;
      if (!c.out_cvt && os == static_cast<int64_t>(sizeof(V))) std::copy(res.get(), res.get() + kt, reinterpret_cast<V*>(o));
      else if (!c.out_cvt) for (int64_t k = 0; k < kt; ++k) *reinterpret_cast<V*>(o + k * os) = res[k];
      else c.out_cvt(reinterpret_cast<const char*>(res.get()), sizeof(V), o, os, kt);
    }
  });
}

template <class R, class T> void reduce_plan(const ReducePlan& p, const FusedSource* fz) {
  const int nk = static_cast<int>(p.out_shape.size());
  Ctx c{p, p.red_shape.empty() ? 1 : p.red_shape[0], p.red_strides.empty() ? 0 : p.red_strides[0], nullptr,
        nullptr, nullptr};
  const DType loop = dtype_of<T>(), result = dtype_of<result_of<R>>();
  CUNUM_ASSERT(p.loop_dtype == loop && p.red_shape.size() <= 1);
  c.loop = loop;
  // Bool data goes through the converter too, which tests each byte
  // (Note [Bool bytes]): max, min and argmax of a bool view of other bytes.
  if (p.in_dtype != loop || (loop == DType::Bool && !fz)) c.in_cvt = converter(p.in_dtype, loop);
  if (p.out_dtype != result) c.out_cvt = converter(result, p.out_dtype);
  // Columns when the innermost kept dim is nearer in memory than the reduced
  // run (a fused map: over all its inputs).
  bool columns = !fz && nk > 0 && c.R > 1 && std::llabs(p.in_strides[nk - 1]) < std::llabs(c.rs);
  std::unique_ptr<char[]> arena;
  if (fz) {
    c.fz = fz;
    c.nin = fz->plan->map.nin;
    int64_t kept = 0, red = 0;
    for (int k = 0; k < c.nin; ++k) {
      kept += nk > 0 ? std::llabs(kept_stride(c, k, nk - 1)) : 0;
      red += std::llabs(red_stride(c, k));
    }
    columns = nk > 0 && c.R > 1 && kept < red;
    arena.reset(new char[fz->backend->fused_arena_bytes(fz->plan->map) + 64]);
    c.arena = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(arena.get()) + 63) / 64 * 64);
  }
  // Scratch for converted (or gathered) input: one block or one tile.
  Scratch<T> buf;
  if (fz || (columns ? (c.in_cvt || p.in_strides[nk - 1] != static_cast<int64_t>(sizeof(T)))
                     : (c.in_cvt || c.rs != static_cast<int64_t>(sizeof(T))))) {
    if (!c.in_cvt && !fz) c.in_cvt = converter(loop, loop);  // a strided gather
    buf = scratch<T>(columns ? kTile<typename R::acc_t> : kBlock);
    c.buf = reinterpret_cast<char*>(buf.get());
  }
  if (columns) reduce_columns<R, T>(c);
  else reduce_rows<R, T>(c);
}

}  // namespace

// One `case` of a switch over ReduceId: the descriptor `name` over the plan's loop dtype.
#define CUNUM_CPU_REDUCE_CASE(name)                                 \
  case core::ReduceId::name:                                        \
    dispatch(plan.loop_dtype, [&](auto tag) {                       \
      using T = typename decltype(tag)::type;                       \
      reduce_plan<::cunum::reductions::name<T>, T>(plan, fz);       \
    });                                                             \
    return;

}  // namespace cunum::backend::cpu
