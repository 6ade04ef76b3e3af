// n-d iteration over a LoopPlan for CPU loops: calls an inner 1-d loop once
// per run of the innermost dimension (see Note [Loop plans]), split over the
// pool's threads for large plans and walked in tiles for transposing plans.
//
//   for_each_inner(plan, [&](char** ptrs, const int64_t* inner_strides, int64_t n) {
//     // n elements: operand k at ptrs[k] + i * inner_strides[k], i < n
//   });
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "backend/backend.hpp"
#include "backend/cpu/parallel.hpp"

namespace cunum::backend::cpu {

// Elements below which a plan runs on one thread (about 20-50 µs of a cheap
// loop such as add; a thread's wake-up costs a few µs).
inline constexpr int64_t kDefaultGrain = int64_t{1} << 16;
// The side of the tiles of a transposing plan (Note [Tiled walks]), in
// elements: a float32 tile is 16 KiB.
inline constexpr int64_t kTile = 64;

namespace detail {

inline constexpr int kMaxDims = 64;  // cunum::kMaxDims (ndarray.hpp)

// A plan's dimensions, copied so they can be reordered (Note [Tiled walks]).
struct IterDims {
  int nd = 0, nops = 0;
  int64_t shape[kMaxDims];
  int64_t strides[kMaxOperands][kMaxDims];
  char* base[kMaxOperands];
};

// Note [Tiled walks]
// A plan whose output is contiguous along the inner dimension while an input
// is read with a large stride there (ascontiguousarray(m.T), a + b.T) would
// touch a new cache line, and often a new page, for every element. When that
// input has a small stride along another dimension j, j is moved next to the
// inner dimension (an elementwise plan may run in any order) and the last two
// dimensions are walked in kTile x kTile tiles, so that the lines a tile
// reads are used whole while they are in cache. Within a tile, rows of
// kFarRun elements: a row touches kFarRun lines of the far operand, and with a
// power-of-two row length those lines all map to one cache set, of 8 to 16
// ways; more of them would evict each other before the next row reuses them.
// Copies go further (Note [Transposing copies]).
inline constexpr int64_t kFarStride = 64;
inline constexpr int64_t kFarRun = 16;  // bytes: consecutive elements on different lines

inline bool prepare_tiles(IterDims& it) {
  const int nd = it.nd;
  if (nd < 2 || it.shape[nd - 1] < kTile / 2) return false;
  int far = -1;  // the operand with the largest inner stride
  for (int k = 0; k < it.nops; ++k)
    if (std::llabs(it.strides[k][nd - 1]) > kFarStride &&
        (far < 0 || std::llabs(it.strides[k][nd - 1]) > std::llabs(it.strides[far][nd - 1])))
      far = k;
  if (far < 0) return false;
  int j = -1;  // where that operand has its smallest non-zero stride
  for (int d = 0; d < nd - 1; ++d) {
    const int64_t s = std::llabs(it.strides[far][d]);
    if (s != 0 && it.shape[d] >= kTile / 2 && (j < 0 || s < std::llabs(it.strides[far][j]))) j = d;
  }
  if (j < 0 || std::llabs(it.strides[far][j]) >= std::llabs(it.strides[far][nd - 1])) return false;
  auto move_to_second_last = [&](int64_t* a) { std::rotate(a + j, a + j + 1, a + nd - 1); };
  move_to_second_last(it.shape);
  for (int k = 0; k < it.nops; ++k) move_to_second_last(it.strides[k]);
  return true;
}

// Elements [begin, end) of the plan in row-major order, one call per run of
// the inner dimension.
template <class Fn>
void walk_range(const IterDims& it, int64_t begin, int64_t end, Fn& fn) {
  const int nd = it.nd, nops = it.nops;
  const int64_t n = it.shape[nd - 1];
  int64_t idx[kMaxDims];
  char* ptrs[kMaxOperands];
  int64_t inner[kMaxOperands] = {0, 0, 0, 0};
  int64_t row = begin / n, col = begin % n;
  for (int d = nd - 2; d >= 0; --d) {
    idx[d] = row % it.shape[d];
    row /= it.shape[d];
  }
  for (int k = 0; k < nops; ++k) {
    inner[k] = it.strides[k][nd - 1];
    char* p = it.base[k] + col * inner[k];
    for (int d = 0; d < nd - 1; ++d) p += idx[d] * it.strides[k][d];
    ptrs[k] = p;
  }
  for (int64_t left = end - begin;;) {
    const int64_t len = std::min(n - col, left);
    fn(ptrs, inner, len);
    left -= len;
    if (left == 0) return;
    for (int k = 0; k < nops; ++k) ptrs[k] -= col * inner[k];
    col = 0;
    for (int d = nd - 2; d >= 0; --d) {
      for (int k = 0; k < nops; ++k) ptrs[k] += it.strides[k][d];
      if (++idx[d] < it.shape[d]) break;
      for (int k = 0; k < nops; ++k) ptrs[k] -= it.strides[k][d] * it.shape[d];
      idx[d] = 0;
    }
  }
}

// Units [begin, end) of a tiled walk; a unit is kTile rows of dimension nd - 2
// (at one position of the outer dimensions), walked tile by tile along nd - 1:
// tile(ptrs, row_strides, col_strides, rows, cols) with ptrs at the tile's
// first element, row_strides the operands' strides along nd - 2 and
// col_strides along nd - 1.
template <class Tile>
void walk_tiles(const IterDims& it, int64_t begin, int64_t end, Tile& tile) {
  const int nd = it.nd, nops = it.nops;
  const int64_t rows = it.shape[nd - 2], cols = it.shape[nd - 1];
  const int64_t row_tiles = (rows + kTile - 1) / kTile;
  int64_t rs[kMaxOperands] = {0, 0, 0, 0}, cs[kMaxOperands] = {0, 0, 0, 0};
  for (int k = 0; k < nops; ++k) {
    rs[k] = it.strides[k][nd - 2];
    cs[k] = it.strides[k][nd - 1];
  }
  for (int64_t u = begin; u < end; ++u) {
    int64_t outer = u / row_tiles;
    const int64_t r0 = (u % row_tiles) * kTile, nr = std::min(kTile, rows - r0);
    char* unit[kMaxOperands];
    for (int k = 0; k < nops; ++k) unit[k] = it.base[k] + r0 * rs[k];
    for (int d = nd - 3; d >= 0; --d) {
      const int64_t i = outer % it.shape[d];
      outer /= it.shape[d];
      for (int k = 0; k < nops; ++k) unit[k] += i * it.strides[k][d];
    }
    for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
      char* ptrs[kMaxOperands];
      for (int k = 0; k < nops; ++k) ptrs[k] = unit[k] + c0 * cs[k];
      tile(ptrs, static_cast<const int64_t*>(rs), static_cast<const int64_t*>(cs), nr,
           std::min(kTile, cols - c0));
    }
  }
}

// The plan walk behind for_each_inner and for_each_tile.
template <class Fn, class Tile>
void walk_plan(const LoopPlan& p, Fn& fn, Tile& tile, int64_t grain) {
  const int nd = static_cast<int>(p.shape.size());
  const int nops = p.nops;
  if (nd == 0) {
    char* ptrs[kMaxOperands];
    int64_t inner[kMaxOperands] = {0, 0, 0, 0};
    for (int k = 0; k < nops; ++k) ptrs[k] = p.data[k];
    fn(ptrs, static_cast<const int64_t*>(inner), int64_t{1});
    return;
  }
  IterDims it;
  it.nd = nd;
  it.nops = nops;
  int64_t total = 1;
  bool out_repeats = false;
  for (int d = 0; d < nd; ++d) {
    it.shape[d] = p.shape[d];
    total *= p.shape[d];
    for (int k = 0; k < nops; ++k) it.strides[k][d] = p.strides[k][d];
    out_repeats |= p.strides[nops - 1][d] == 0 && p.shape[d] > 1;
  }
  if (total == 0) return;
  for (int k = 0; k < nops; ++k) it.base[k] = p.data[k];
  if (out_repeats) grain = total;
  if (!out_repeats && prepare_tiles(it)) {
    const int64_t rows = it.shape[nd - 2], cols = it.shape[nd - 1];
    const int64_t unit = kTile * cols;  // elements per unit of walk_tiles
    const int64_t units = total / (rows * cols) * ((rows + kTile - 1) / kTile);
    parallel_for(units, std::max<int64_t>(1, grain / unit),
                 [&](int64_t b, int64_t e) { walk_tiles(it, b, e, tile); });
    return;
  }
  parallel_for(total, grain, [&](int64_t b, int64_t e) { walk_range(it, b, e, fn); });
}

}  // namespace detail

// fn(char** ptrs, const int64_t* inner_strides, int64_t n), called
// concurrently from several threads on disjoint parts of the plan when the
// plan has more than `grain` elements (Note [CPU threads]). The last operand
// is the one written; a plan that writes one element more than once (a
// zero stride in its last operand) runs on one thread, in order.
template <class Fn>
void for_each_inner(const LoopPlan& p, Fn&& fn, int64_t grain = kDefaultGrain) {
  // Rows of kTile x kFarRun blocks: reading kTile rows of kFarRun elements of a
  // far operand touches only kFarRun of its lines, reused by the next rows.
  auto rows = [&](char** ptrs, const int64_t* rs, const int64_t* cs, int64_t nr, int64_t nc) {
    char* row[kMaxOperands];
    for (int64_t c0 = 0; c0 < nc; c0 += detail::kFarRun)
      for (int64_t r = 0; r < nr; ++r) {
        for (int k = 0; k < p.nops; ++k) row[k] = ptrs[k] + r * rs[k] + c0 * cs[k];
        fn(row, cs, std::min(detail::kFarRun, nc - c0));
      }
  };
  detail::walk_plan(p, fn, rows, grain);
}

// for_each_inner, where a transposing plan (Note [Tiled walks]) calls
// tile(char** ptrs, const int64_t* row_strides, const int64_t* col_strides,
// int64_t rows, int64_t cols) once per tile of at most kTile x kTile elements
// instead of fn once per row of a tile.
template <class Fn, class Tile>
void for_each_tile(const LoopPlan& p, Fn&& fn, Tile&& tile, int64_t grain = kDefaultGrain) {
  detail::walk_plan(p, fn, tile, grain);
}

}  // namespace cunum::backend::cpu
