// How a copy/cast plan becomes a kernel launch (Note [Copy kernels]).
//
// Note [Copy kernels]
// Every copy (ascontiguousarray, astype, concatenate's slabs, flip(x).copy(),
// assignment) arrives as a two-operand plan: operand 0 is read, operand 1
// written, dims ordered by the destination's strides (its unit stride last).
// Three kernels:
// - contiguous: one dim, the destination's stride its itemsize, the source's
//   plus or minus its itemsize (a reversed view), both aligned to 16 bytes:
//   16-byte vector loads and stores, `unroll` vectors per thread in flight
//   (CUNUM_COPY_UNROLL, 1-8, for measuring);
// - transposed: the destination's unit stride on the last dim, the source's
//   on another dim R: the strided kernel would read one item per 32-byte
//   sector there; a shared-memory tile (CUNUM_COPY_TILE, 32 or 64) turns
//   both sides into coalesced rows. CUNUM_COPY_GROUP takes the tiles in
//   groups of tile rows (concurrent blocks sharing DRAM pages): measured no
//   gain on the H100 (docs/kernel-tuning.md), so one row (plain order).
//   Squares of 4-byte items with 16-byte aligned rows move by 16-byte
//   accesses on both sides (CUNUM_COPY_VEC4=0 turns that off);
// - repeat: repeat(x, r) along a contiguous last axis, 2 <= r <= 16 (the
//   plan (n, r) with the source's stride 0 on r): output-centric vectors
//   (Note [Row copies]);
// - rows: the destination's last dim contiguous and the source's contiguous
//   or broadcast along it, rows of at least 32 bytes (tile's and pad's
//   pieces, repeat along an outer axis, fills of any region):
//   Note [Row copies];
// - strided: any other plan (kernel_source.cpp's grid-stride loop).
//
// Note [Row copies]
// The strided kernel unravels every item's index over every dim (a 64-bit
// division per dim and item) and moves one item per access: 55-75 % of the
// copy bandwidth for 2-d pieces on the H100 (docs/kernel-tuning.md). When
// the destination's rows are contiguous, a row is a contiguous run on both
// sides: the rows kernel unravels the row number once per row and moves the
// row as 16-byte vectors (where every row of both operands starts 16-byte
// aligned; item by item otherwise), `tpr` threads per row — the smallest
// power of two that gives each thread about `unroll` vectors, up to the
// block — and long rows cut in chunks along blockIdx.y (`rounds` tiles of
// 256 * unroll vectors per block, CUNUM_COPY_ROW_ROUNDS). A broadcast source
// (stride 0 along the row) is read once per row; a fill is the same kernel
// with the value in the parameter block.
#include <algorithm>
#include <cstdlib>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/tuning.hpp"

namespace cunum::backend::cuda {

namespace {
int copy_unroll() {
  static const int u = env_int("CUNUM_COPY_UNROLL", 1, 8, 2);
  return u;
}
int copy_tile() {
  static const int t = env_int("CUNUM_COPY_TILE", 32, 64, 64) >= 64 ? 64 : 32;
  return t;
}
int copy_group() {  // 1, 2, 4, 8 or 16 rows of tiles per group
  static const int g = [] {
    const int v = env_int("CUNUM_COPY_GROUP", 1, 16, 1);
    int p = 1;
    while (p * 2 <= v) p *= 2;
    return p;
  }();
  return g;
}
// Vectors in flight per thread in the rows kernel (CUNUM_COPY_ROW_UNROLL,
// 1, 2, 4 or 8, for measuring). 4: with 8 rounds the best of the H200 sweep
// (stop 28, docs/kernel-tuning.md); the contiguous kernel's 2 was the worst.
int row_unroll() {
  static const int u = [] {
    const int v = env_int("CUNUM_COPY_ROW_UNROLL", 1, 8, 4);
    int p = 1;
    while (p * 2 <= v) p *= 2;
    return p;
  }();
  return u;
}
// Rounds of `unroll` vectors per thread in a block before a long row is cut
// along blockIdx.y (CUNUM_COPY_ROW_ROUNDS, 1-8, for measuring). 8: one-tile
// blocks (1, the contiguous kernel's shape) measured 0.81-0.84 of the copy
// for pad, tile (2, 2) and repeat rows on the H200, 8 rounds 0.90-0.95.
int row_rounds() {
  static const int r = env_int("CUNUM_COPY_ROW_ROUNDS", 1, 8, 8);
  return r;
}
int pow2_at_least(int64_t v, int cap) {
  int p = 1;
  while (p < v && p < cap) p *= 2;
  return p;
}
// CUNUM_COPY_ROW_REPLICATE=1: a row repeated along the dim before the last
// is read once and stored r times (RowSource::CopyReplicated) instead of read
// again per copy (from L2, its neighbour block having just read it). Off: on
// the H200 (stop 29, A/B twice in alternating processes) repeat rows ran at
// 0.845-0.856 of the copy with it and 0.867-0.881 without; tile (2, 2) the
// same either way. Kept for measuring on other devices.
bool row_replicate() {
  static const bool on = env_int("CUNUM_COPY_ROW_REPLICATE", 0, 1, 0) == 1;
  return on;
}
bool aligned16(const void* p) { return reinterpret_cast<uintptr_t>(p) % 16 == 0; }
bool copy_vec4() {  // CUNUM_COPY_VEC4=0: item-by-item squares, for measuring
  static const bool on = env_int("CUNUM_COPY_VEC4", 0, 1, 1) == 1;
  return on;
}
}  // namespace

bool CudaBackend::copy_contiguous(const LoopPlan& plan, DType src, DType dst) {
  if (plan.shape.size() != 1) return false;
  const int64_t ss = static_cast<int64_t>(itemsize(src)), ds = static_cast<int64_t>(itemsize(dst));
  const int vec = static_cast<int>(16 / std::max(ss, ds));
  const int64_t s = plan.strides[0][0];
  if (vec < 2 || plan.strides[1][0] != ds || (s != ss && s != -ss)) return false;
  const bool reversed = s < 0;
  // The lowest address of the source's first vector.
  const auto first = reinterpret_cast<uintptr_t>(plan.data[0]) - (reversed ? (vec - 1) * ss : 0);
  if (first % (ss * vec) != 0 || reinterpret_cast<uintptr_t>(plan.data[1]) % (ds * vec) != 0) return false;
  const int64_t n = plan.size();
  if (n == 0) return true;
  const int unroll = copy_unroll();
  LoadedKernel k = kernel(key(Family::CastContiguous, unroll | int(reversed) << 4, src, dst, 0, false),
                          [&] { return cast_contiguous_source(src, dst, vec, unroll, reversed); });
  ParamBlock p(0);
  p.set_data(0, plan.data[0]);
  p.set_data(1, plan.data[1]);
  p.set_n(n);
  // A block per tile of 256 * unroll vectors, as the contiguous ufunc kernel.
  const int64_t tiles = (n / vec + 256 * unroll - 1) / (256 * unroll);
  use_device();
  void* args[] = {p.bytes.data()};
  const unsigned grid = static_cast<unsigned>(std::clamp<int64_t>(tiles, 1, int64_t(1) << 30));
  launch_kernel(k, dim3(grid), dim3(256), args, stream());
  return true;
}

bool CudaBackend::copy_transposed(const LoopPlan& plan, DType src, DType dst) {
  const int nd = static_cast<int>(plan.shape.size());
  if (nd < 2) return false;
  const int64_t ss = static_cast<int64_t>(itemsize(src)), ds = static_cast<int64_t>(itemsize(dst));
  const int C = nd - 1;
  if (plan.strides[1][C] != ds || std::llabs(plan.strides[0][C]) == ss) return false;
  int R = -1;
  for (int d = C - 1; d >= 0 && R < 0; --d)
    if (std::llabs(plan.strides[0][d]) == ss) R = d;
  // Small extents waste most of a tile: the strided kernel does better there.
  if (R < 0 || plan.shape[R] < 16 || plan.shape[C] < 16) return false;
  const int tile = ds <= 4 ? copy_tile() : 32;  // 64 x 65 items of 8+ bytes pass 48 KB
  const int group = copy_group();
  int64_t batch = 1;
  for (int d = 0; d < C; ++d)
    if (d != R) batch *= plan.shape[d];
  const int64_t squares = ((plan.shape[C] + tile - 1) / tile) * ((plan.shape[R] + tile - 1) / tile);
  if (squares >= (int64_t(1) << 31) || batch > 65535) return false;
  // 16-byte accesses: 4-byte items, unit strides positive, every row and
  // batch offset of both operands 16-byte aligned (Note [Copy kernels]).
  bool vec4 = copy_vec4() && ss == 4 && ds == 4 && plan.strides[0][R] == 4;
  for (int j = 0; j < 2 && vec4; ++j) {
    vec4 = reinterpret_cast<uintptr_t>(plan.data[j]) % 16 == 0;
    for (int d = 0; d < nd && vec4; ++d)
      if (d != (j == 0 ? R : C)) vec4 = plan.strides[j][d] % 16 == 0;
  }
  LoadedKernel k = kernel(key(Family::CastTransposed, (tile == 64) | log2_ceil(group) << 1 | int(vec4) << 5, src, dst,
                              nd, false),
                          [&] { return cast_transposed_source(src, dst, nd, tile, group, vec4); });
  ParamBlock p = plan_params(plan);
  p.set_iaux(0, R);
  use_device();
  void* args[] = {p.bytes.data()};
  launch_kernel(k, dim3(static_cast<unsigned>(squares), static_cast<unsigned>(batch)), dim3(32, 8), args,
                stream());
  return true;
}

bool CudaBackend::copy_repeat_inner(const LoopPlan& plan, DType src, DType dst) {
  if (plan.shape.size() != 2) return false;
  const int64_t ss = static_cast<int64_t>(itemsize(src)), ds = static_cast<int64_t>(itemsize(dst));
  const int64_t r = plan.shape[1], n = plan.shape[0];
  if (r < 2 || r > 16 || plan.strides[0][1] != 0 || plan.strides[0][0] != ss || plan.strides[1][1] != ds ||
      plan.strides[1][0] != r * ds)
    return false;
  const int vec = aligned16(plan.data[1]) ? static_cast<int>(16 / std::max(ss, ds)) : 1;
  LoadedKernel k = kernel(key(Family::CastRepeat, static_cast<int>(r) | log2_ceil(vec) << 5, src, dst, 0, false),
                          [&] { return cast_repeat_source(src, dst, vec, static_cast<int>(r)); });
  ParamBlock p(0);
  p.set_data(0, plan.data[0]);
  p.set_data(1, plan.data[1]);
  p.set_n(n);
  use_device();
  void* args[] = {p.bytes.data()};
  const int64_t blocks = (n * r / vec + 255) / 256;
  launch_kernel(k, dim3(static_cast<unsigned>(std::clamp<int64_t>(blocks, 1, int64_t(sm_count_) * 32))), dim3(256),
                args, stream());
  return true;
}

bool CudaBackend::copy_rows(const LoopPlan& plan, DType src, DType dst, const Scalar* value) {
  const int nd = static_cast<int>(plan.shape.size());
  if (nd < 1 || (!value && nd < 2)) return false;
  const int C = nd - 1;
  const int64_t ss = static_cast<int64_t>(itemsize(src)), ds = static_cast<int64_t>(itemsize(dst));
  const int64_t L = plan.shape[C];
  const int w = value ? 0 : 1;  // the destination operand: a fill's plan has only it
  if (plan.strides[w][C] != ds || L * ds < 32) return false;
  RowSource source = RowSource::Fill;
  if (!value) {
    if (plan.strides[0][C] == ss)
      source = RowSource::Copy;
    else if (plan.strides[0][C] == 0)
      source = RowSource::Broadcast;
    else
      return false;
  }
  int64_t rows = 1;
  for (int d = 0; d < C; ++d) rows *= plan.shape[d];
  if (rows == 0) return true;
  // 16-byte vectors where every row of both operands starts 16-byte aligned.
  bool aligned = aligned16(plan.data[w]);
  for (int d = 0; d < C && aligned; ++d) aligned = plan.strides[w][d] % 16 == 0;
  if (source == RowSource::Copy) {
    aligned = aligned && aligned16(plan.data[0]);
    for (int d = 0; d < C && aligned; ++d) aligned = plan.strides[0][d] % 16 == 0;
  }
  const int64_t widest = source == RowSource::Copy ? std::max(ss, ds) : ds;
  const int vec = aligned && widest <= 8 ? static_cast<int>(16 / widest) : 1;
  const int64_t nv = (L + vec - 1) / vec;
  // A source broadcast along the dim before the last (repeat of rows, tile):
  // with CUNUM_COPY_ROW_REPLICATE=1, each row read once and stored up to 8
  // times, where the rows left still fill the device (CopyReplicated).
  if (source == RowSource::Copy && C >= 1 && plan.strides[0][C - 1] == 0 && row_replicate()) {
    const int64_t reps = plan.shape[C - 1];
    if (reps >= 2 && reps <= 8 && rows / reps * nv >= int64_t(sm_count_) * 2048) {
      source = RowSource::CopyReplicated;
      rows /= reps;
    }
  }
  const int unroll = row_unroll();
  const int tpr = pow2_at_least((nv + unroll - 1) / unroll, 256);
  const int rounds = row_rounds();
  const int64_t chunk = nv <= int64_t(tpr) * unroll * rounds ? nv : int64_t(256) * unroll * rounds;
  LoadedKernel k =
      kernel(key(Family::CastRows, log2_ceil(vec) | int(source) << 3 | log2_ceil(unroll) << 5, src, dst, nd, false),
             [&] { return cast_rows_source(src, dst, nd, vec, unroll, source); });
  // The kernel reads operand 0 and writes operand 1; a fill writes its only one.
  ParamBlock p(nd);
  if (!value) p.set_data(0, plan.data[0]);
  p.set_data(1, plan.data[w]);
  for (int d = 0; d < nd; ++d) {
    p.set_shape(d, plan.shape[d]);
    if (!value) p.set_stride(0, d, plan.strides[0][d]);
    p.set_stride(1, d, plan.strides[w][d]);
  }
  p.set_n(rows);
  p.set_iaux(0, tpr);
  p.set_iaux(1, chunk);
  if (value) {
    alignas(16) unsigned char bytes[16] = {};
    value->store(dst, bytes);
    p.set_value(bytes, sizeof bytes);
  }
  const int64_t rpb = 256 / tpr;
  const int64_t gx = std::min<int64_t>((rows + rpb - 1) / rpb, (int64_t(1) << 31) - 1);
  const int64_t gy = std::min<int64_t>((nv + chunk - 1) / chunk, 65535);
  use_device();
  void* args[] = {p.bytes.data()};
  launch_kernel(k, dim3(static_cast<unsigned>(gx), static_cast<unsigned>(gy)), dim3(256), args, stream());
  return true;
}

void CudaBackend::copy_strided(const void* src, void* dst, DType dtype, const Dims& shape,
                               const Dims& src_strides, const Dims& dst_strides) {
  LoopPlan lp;
  lp.shape = shape;
  lp.nops = 2;
  lp.data[0] = static_cast<char*>(const_cast<void*>(src));
  lp.data[1] = static_cast<char*>(dst);
  lp.dtypes[0] = lp.dtypes[1] = dtype;
  lp.strides[0] = src_strides;
  lp.strides[1] = dst_strides;
  lp.index32 = false;
  copy(lp, dtype, dtype);
}

void CudaBackend::copy(const LoopPlan& plan, DType src, DType dst) {
  if (copy_contiguous(plan, src, dst) || copy_transposed(plan, src, dst) || copy_repeat_inner(plan, src, dst) ||
      copy_rows(plan, src, dst, nullptr))
    return;
  const int nd = static_cast<int>(plan.shape.size());
  LoadedKernel k = kernel(key(Family::Cast, 0, src, dst, nd, plan.index32),
                          [&] { return cast_source(src, dst, nd, plan.index32, false); });
  ParamBlock p = plan_params(plan);
  launch_plan(k, plan, p);
}

}  // namespace cunum::backend::cuda
