// Generated kernel sources and the parameter block they take.
//
// Note [Kernel parameter block]
// Every generated kernel takes one struct by value, laid out as
//   char* data[4]; long long n; double aux[4]; long long iaux[2];
//   unsigned char value[16]; long long shape[ND]; long long strides[4][ND];
// The host packs the same layout into bytes (ParamBlock), so one non-template
// launcher serves every kernel whatever its ND.
#pragma once
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "base/fused_plan.hpp"
#include "base/plans.hpp"
#include "cunum/dtype.hpp"
#include "cunum/reduction_list.hpp"
#include "cunum/ufunc_def.hpp"

namespace cunum::backend::cuda {

// The bytes live inside the object (the largest block, rank 64, is 2664
// bytes): building one per launch allocates nothing, and only the bytes the
// rank needs are zeroed.
struct ParamBlock {
  static constexpr size_t kFixed = 32 + 8 + 32 + 16 + 16;  // up to `shape`
  static constexpr size_t kMaxRank = 64;                    // kMaxDims
  static constexpr size_t size_for(int nd) { return kFixed + 8 * 5 * static_cast<size_t>(nd > 0 ? nd : 1); }
  struct Bytes {
    alignas(16) char buf[kFixed + 8 * 5 * kMaxRank];
    size_t n = 0;
    char* data() { return buf; }
    const char* data() const { return buf; }
    size_t size() const { return n; }
  };
  Bytes bytes;
  int nd;
  explicit ParamBlock(int nd_) : nd(nd_) {
    bytes.n = size_for(nd_ <= static_cast<int>(kMaxRank) ? nd_ : static_cast<int>(kMaxRank));
    std::memset(bytes.buf, 0, bytes.n);
  }
  void set_data(int k, const void* p) { std::memcpy(bytes.data() + 8 * k, &p, 8); }
  void set_n(int64_t n) { std::memcpy(bytes.data() + 32, &n, 8); }
  void set_aux(int k, double v) { std::memcpy(bytes.data() + 40 + 8 * k, &v, 8); }
  void set_iaux(int k, int64_t v) { std::memcpy(bytes.data() + 72 + 8 * k, &v, 8); }
  void set_value(const void* p, size_t n) { std::memcpy(bytes.data() + 88, p, n); }
  void set_shape(int d, int64_t v) { std::memcpy(bytes.data() + kFixed + 8 * d, &v, 8); }
  void set_stride(int k, int d, int64_t v) {
    const int w = nd > 0 ? nd : 1;
    std::memcpy(bytes.data() + kFixed + 8 * w + 8 * (k * w + d), &v, 8);
  }
};

// What every generated source starts with: the op headers (NVRTC finds them
// among the embedded headers).
extern const char* const kPrelude;
// The parameter struct `P` of Note [Kernel parameter block] for rank nd.
std::string params(int nd);

// C++ spelling of a dtype's scalar type inside kernels ("float", "cunum::half" ...).
const char* kernel_type_name(DType d);
// The type through which kernels read (and copy) a dtype's memory: cunum::bool_byte
// for bool (Note [Bool bytes] in cunum/kernels/convert.hpp: any byte may be
// there), kernel_type_name otherwise. cunum::convert<V>(x) makes it a value.
const char* stored_type_name(DType d);
// `stored`, an lvalue of stored_type_name(d), as a value of kernel_type_name(d).
std::string stored_value(DType d, const std::string& stored);
// The unsigned type that moves an item of `itemsize` bytes (1-8), or the
// source's own 16-byte struct `Item16`: for kernels that move bytes only.
const char* item_type_name(int itemsize);
// `lane`, an element of a loaded vector of `dtype`'s stored type, as a fused
// kernel reads it: through cunum::lane_value for int8 (Note [Signed byte
// lanes] in cunum/kernels/convert.hpp), as stored_value otherwise.
std::string vector_lane(DType dtype, const std::string& lane);

// Sources. `nd` is the plan's (coalesced) rank, `index32` picks int offsets.
// scalar_op: the input read from p.value instead of memory (-1: none).
// A ufunc's loop `loop` over operands of dtypes `dtypes` (nin inputs, then
// nout outputs; Note [Operand dtypes]): each input is converted in registers
// to the loop's dtype, each result to its output's dtype.
std::string ufunc_source(const core::UfuncDef& def, int loop, const DType* dtypes, int nd, bool index32,
                         int scalar_op = -1);
// All array operands contiguous and aligned to `vec` elements (vec * itemsize
// <= 16); each thread moves `unroll` such vectors per operand per tile.
std::string ufunc_contiguous_source(const core::UfuncDef& def, int loop, const DType* dtypes, int vec,
                                    int unroll, int scalar_op = -1);
std::string cast_source(DType from, DType to, int nd, bool index32, bool masked);
// Note [Copy kernels] (copy_source.cpp): both operands contiguous and aligned
// to vec items, the source read forward or backward (a reversed view).
std::string cast_contiguous_source(DType from, DType to, int vec, int unroll, bool reversed);
// The source's unit stride on dim p.iaux[0], the destination's on the last:
// a tiled transpose through shared memory, `tile` x `tile` per block, the
// blocks walking the tiles in groups of `group` tile rows; vec4: 4-byte items
// with 16-byte aligned rows, whole squares moved by 16-byte accesses.
std::string cast_transposed_source(DType from, DType to, int nd, int tile, int group, bool vec4);
// Rows (Note [Row copies]): the destination's last dim contiguous, the
// source's contiguous (RowSource::Copy), broadcast along it (Broadcast: one
// item per row) or absent (Fill: p.value); `vec` items per access (1 where
// the rows are not 16-byte aligned), `unroll` accesses in flight per thread.
// CopyReplicated: a Copy whose source is also broadcast along the dim before
// the last (repeat of rows, tile): each row is read once and stored
// p.shape[ND-2] times, and p.n counts the rows of the other dims.
enum class RowSource : uint8_t { Copy, Broadcast, Fill, CopyReplicated };
std::string cast_rows_source(DType from, DType to, int nd, int vec, int unroll, RowSource source);
// repeat(x, r) along a contiguous last axis: each thread reads `vec`
// source items and writes their r copies each as r vectors.
std::string cast_repeat_source(DType from, DType to, int vec, int r);
std::string fill_source(DType dtype, int nd, bool index32);
std::string iota_source(DType dtype);
// Note [Reduction strategies]
// The planner hands over kept dims (the outputs) and one reduced run of R
// elements at byte stride rs. Two ways to read it, each able to split R into
// C chunks of L elements (aux[0], aux[1]) whose partials a Final pass merges:
// Inner*: a group per (output, chunk) walks the run; with unit stride each
//   thread reads 16-byte vectors, four (narrow types: two) in flight.
//   InnerWarp: many short rows; a group is 2^k lanes of a warp (about four
//   vectors per lane), merged by shuffles. InnerBlock: a block per task, for
//   long rows (small tasks, so the last wave is short) and for few rows, then
//   with C chunks so that the tasks fill every SM once, down to a single
//   output (a full reduction).
// Outer*: strided reductions (sum(axis=0)). A thread per output (OuterVec:
//   per 2-4 neighbouring outputs, read with one vector load per row), so a
//   warp reads contiguous row segments; tiles are as wide as the outputs (up
//   to 32 threads), the rest of the block splits the rows, and a shared-memory
//   tree merges them; chunks across blocks only to fill the GPU.
// FinalThread (a thread per output, few partials) / FinalBlock (a block per
// output, many partials) merge the partials, at p.aux[2] * o + p.aux[3] * c.
enum class ReduceMode : uint8_t { InnerWarp, InnerBlock, Outer, OuterVec, FinalThread, FinalBlock };
constexpr int kNumReduceModes = 6;
// Elements per 16-byte vector of `dtype` in the Inner modes, and in OuterVec.
int reduce_vector_width(DType dtype);
int reduce_outer_vector_width(DType dtype);
// Bytes per partial (an upper bound of the kernels' `sizeof(Acc)`) for a
// reduction over loop dtype `loop`.
size_t reduce_partial_bytes(core::ReduceId id, DType loop);
// A kernel that reads `in` elements, reduces them as the descriptor of `id`
// over `loop` and writes `out` results (Note [Reduction plans]).
std::string reduce_source(core::ReduceId id, DType in, DType loop, DType out, int out_nd, ReduceMode mode);
// What every reduction source starts with: the descriptor as `R`, `Acc`,
// `acc_init`, `put` (an element of dtype `in` converted to the loop dtype),
// `merge`, `finish`, the warp and block merges and `Vec`.
std::string reduce_common_source(core::ReduceId id, DType in, DType loop, DType out, int out_nd);
// The task loop of the Inner modes, which the plain and the fused kernels
// share: `open` starts the loop over tasks (output o, chunk c) of groups of G
// threads, `tid` a thread's rank in its group (InnerWarp: 2^flags[1] lanes;
// InnerBlock: the block), and declares its `task`, `valid` and the
// accumulator s0; `close` merges the group's s0 and has thread 0 of a valid
// task write the output at p.data[1] + oo (one chunk) or the partial of
// (o, c), then ends the loop and the kernel. The caller declares `flags`
// (p.value) before `open`, and o, c, oo between the two.
std::string reduce_inner_tasks_open(bool warp);
std::string reduce_inner_tasks_close(bool warp);

// Note [Gather kernels]
// The gather family (Note [Gather plans]) takes its own parameter struct,
// GatherParams below, mirrored by the `G` of the source: three pointers,
// seven integers, then shape[nd] and strides[nd] of the coalesced outer dims
// followed by the inner ones (nd = outer_nd + inner_nd). A kernel is
// generated per item size (1-16 bytes), index dtype, outer and inner rank,
// mode, index width and unroll; nothing depends on the array's dtype. A block
// takes a tile of 256 x unroll output items; each thread first computes its
// `unroll` source addresses (one index load each, coalesced), then issues
// all their loads, then the stores: several random reads in flight per
// thread. An index out of bounds in mode Raise is reported (Note [Deferred
// errors]) and its item is neither read nor written. The index reads and the
// stores carry streaming hints (ld/st .cs: evict first), so that L2 keeps
// more of the randomly read source, whose 32-byte sectors are most of the
// traffic (an H100 measurement decides: CUNUM_GATHER_STREAMING=0 for the
// plain accesses). The source reads of items up to 8 bytes go through the
// read-only data path (__ldg: the kernel never writes what it reads; the
// cache is coherent across launches); CUNUM_GATHER_NC=0 for plain loads.
struct GatherKernel {
  int itemsize;  // 1, 2, 4, 8, 16
  DType index;
  int outer_nd, inner_nd;
  GatherMode mode;
  bool index32;
  int unroll;  // items per thread per tile, 1-8
  bool streaming = true;  // cache hints on the index reads and stores
  bool nc = true;         // source reads through the read-only path (ld.global.nc), items up to 8 bytes
};
struct GatherParams {
  const void* in = nullptr;
  void* out = nullptr;
  const void* index = nullptr;
  int64_t n = 0, nidx = 0, inner = 0, len = 0, axis_stride = 0, index_stride = 0, axis = 0;
  int64_t dims[2 * ParamBlock::kMaxRank] = {};  // shape[nd], then strides[nd]
};
std::string gather_source(const GatherKernel& k);

// Note [Scan kernels]
// The scan family (Note [Scan plans]) is generated per descriptor, input,
// loop and output dtype, lane rank and strategy, and takes its own
// parameter struct (ScanParams, mirrored by the source's `S`):
// - Tiles: a decoupled look-back scan, one pass over memory. A block takes a
//   tile of `threads` x `items` elements of one lane (its tile number from an
//   atomic counter, so every tile it waits on has started), loads it into
//   shared memory (striped, coalesced along a contiguous axis; with `vec`,
//   a full tile of a contiguous 16-byte aligned axis as 16-byte vectors, all
//   of a thread's loads issued before the first is used), has each thread
//   scan `items` consecutive elements in place there (no per-thread register
//   array: ~40 registers, so 8 blocks fit an SM and twice the loads are in
//   flight), scans the thread totals across the warp (shuffles) and the
//   block (8 warp totals), then publishes its aggregate (flag 1) and has one
//   warp look back over the preceding tiles of its lane, 32 at a time,
//   combining aggregates until it meets an inclusive prefix (flag 2); it
//   publishes its own inclusive prefix and writes the tile out, each element
//   combined with its thread's prefix. A loop dtype of 4 bytes or fewer
//   publishes flag and value in one 64-bit status word (no fence between
//   them); wider ones write the value, fence, then the flag. Status words,
//   values and the counter live in one scratch allocation whose flags are
//   zeroed by one memset (8 bytes per 16 KB tile). Knobs (environment,
//   read once: docs/scan.md): items per thread, threads per block, a
//   resident grid whose blocks loop over tickets taking the next one while
//   they scan the current tile (pipelined: also issuing the next tile's
//   16-byte loads once this tile's are in shared memory), streaming cache hints on full tiles, and a
//   nanosleep backoff in the look-back's polls. Two more (docs/scan.md,
//   "Fourth version"): `warp_scan` keeps the tile in registers (each warp
//   scans its contiguous slice of the tile with shuffles, its lanes holding
//   16-byte chunks as loaded: two barriers a tile, no shared-memory tile), and
//   `block_ticket` takes the tile from blockIdx.x instead of the atomic
//   ticket (no atomic round trip and no barrier before a block's loads).
// - Lanes: for lanes neighbouring in memory with the axis strided
//   (cumsum(axis=0) of a C matrix), or short axes: a thread per lane walks
//   the axis, every step a coalesced row. Too few lanes to fill the device
//   split the axis into chunks (reduce, then scan): chunk totals, their
//   prefixes per lane, then each chunk scanned from its prefix — three
//   launches of one kernel, the input read twice.
enum class ScanStrategy : uint8_t { Tiles, Lanes };
struct ScanKernel {
  ScanOp op;
  DType in, loop, out;
  int lane_nd;
  ScanStrategy strategy;
  bool vec = false;  // Tiles: full tiles as 16-byte vectors (contiguous, aligned axis)
  // Tiles, the run-time knobs (scan_tuning() in scan.cpp, docs/scan.md):
  int items4 = 32;        // items per thread at a 4-byte loop dtype (a power of two, 2 to 64)
  int threads = 256;      // threads per block: 128, 256 or 512
  bool resident = false;  // a grid of resident blocks looping over tiles
  bool pipelined = false; // resident, and the next tile's loads issued while this one scans
  bool hints = false;     // cache-streaming 16-byte loads and stores
  int spin = 0;           // ns of nanosleep between look-back polls (0 to 511)
  int min_blocks = 0;     // __launch_bounds__'s blocks per SM (0 to 15; 0: none): caps registers
  bool wide16 = false;    // 8-byte loop dtypes: flag and value in one 16-byte status record
  bool warp_scan = false;     // the tile in registers, each warp scanning its slice (CUNUM_SCAN_ALGO=warp)
  bool block_ticket = false;  // tiles grid: the tile is blockIdx.x, no ticket atomic (CUNUM_SCAN_TICKET=block)
};
// Elements per thread in a tile (Tiles): items4 scaled to the loop dtype's
// bytes (128 bytes of loop dtype at the default 32), at least 2, the tile's
// loop values at most 32 KB.
int scan_items(DType loop, int items4 = 32, int threads = 256);
struct ScanParams {
  const void* in = nullptr;
  void* out = nullptr;
  void* scratch = nullptr;  // counter (8 bytes), flags (4 per tile), aggregates, inclusive prefixes
  int64_t len = 0, lanes = 0, tiles = 0, in_axis_stride = 0, out_axis_stride = 0;
  int64_t phase = 2;  // Lanes: 0 chunk totals, 1 their prefixes, 2 the scan (Note [Scan kernels])
  int64_t dims[3 * ParamBlock::kMaxRank] = {};  // lane shape[nd], in strides[nd], out strides[nd]
};
std::string scan_source(const ScanKernel& k);

// Note [Sort kernels]
// The NVRTC half of the GPU sort family (Note [GPU sorts], sort.cpp): small
// elementwise kernels around CUB's radix sort, one per SortOp, specialised by
// dtype and flags, each taking one SortParams (mirrored by the source's
// struct S) and looping over p.n items with a grid stride:
//   Encode     out (U[n], the unsigned key container) = the key of component
//              `comp` of a[src] (Note [Sort keys]; comp 3: the segment number
//              alone), src = perm b[i] or i; `pack` ORs the segment number
//              src / len in at bit `shift`; `iota` writes out2[i] = i.
//   Decode     out (T) = the value of reversible key a[i] (the low bits).
//   Finish     out[i] = a[b[i]] (keys), out2[i] (int64) = b[i] - (i / len) * len
//              (index; b[i] alone when not `segs`, no division).
// Positions (b of Encode and Finish, out2 of Encode) are int32 when `idx32`
// (arrays under 2^31 items: CUB moves 4 bytes less per item and pass), else
// int64.
//   Search     out[i] = the insertion point of b[i] among a[0..len).
//   RunFlags   out[i] (uint8) = i == 0 or a run starts at i (a bool flag array
//              when `flags`, else a[i] differs from a[i-1]: sortkey::same).
//   RunScatter out[b ? b[i] : i] = a[i] - 1 (the inclusive sum of the flags).
// The kernels include only sort_keys.hpp (no ops): ~0.1-0.2 s each to compile.
enum class SortOp : uint8_t { Encode, Decode, Finish, Search, RunFlags, RunScatter };
struct SortKernel {
  SortOp op = SortOp::Encode;
  DType dtype = DType::Float32;
  int key_bytes = 4;  // Encode, Decode: 1, 2, 4, 8
  int comp = 0;       // Encode: 0..2, or 3 for the segment number
  bool exact = false, perm = false, pack = false, iota = false;
  bool keys = false, index = false;      // Finish
  bool idx32 = false;                    // Encode, Finish: int32 positions
  bool segs = false;                     // Finish: several segments
  bool right = false;                    // Search
  bool flags = false, equal_nan = false;  // RunFlags
};
struct SortParams {
  const void* a = nullptr;
  const void* b = nullptr;
  void* out = nullptr;
  void* out2 = nullptr;
  long long n = 0, len = 0, shift = 0;
};
std::string sort_source(const SortKernel& k);
// Note [Scatter kernels]
// The scatter family (Note [Scatter plans]) mirrors the gather's: its own
// parameter struct (ScatterParams, the source's `S`), a kernel per item size
// (Assign) or dtype (Add, Max, Min), index dtype, outer and inner rank, mode
// and index width; a thread per value item, grid-stride. Add, Max and Min are
// atomics: CUDA's own where the hardware has them (atomicAdd on int32,
// uint32, (u)int64, float32, float64; atomicMax/Min on the integers), a
// compare-and-swap loop on the item's aligned 32- or 64-bit word otherwise
// (float16, 8- and 16-bit integers, float max/min with NaN propagating as
// numpy.maximum), and complex Add as two atomic adds (its parts: each part
// is exact, the pair is not one atomic step).
struct ScatterKernel {
  int itemsize;  // Assign: 1, 2, 4, 8, 16
  DType dtype;   // Add, Max, Min: the target's
  DType index;
  int outer_nd, inner_nd;
  GatherMode mode;
  ScatterOp op;
  bool index32;
};
struct ScatterParams {
  void* out = nullptr;
  const void* value = nullptr;
  const void* index = nullptr;
  int64_t n = 0, nidx = 0, inner = 0, len = 0, axis_stride = 0, index_stride = 0, value_index_stride = 0, axis = 0;
  int64_t dims[3 * ParamBlock::kMaxRank] = {};  // shape[nd], strides[nd], value strides[nd]
};
std::string scatter_source(const ScatterKernel& k);

// Note [Select kernels]
// Compaction (Note [Select plans]) in three launches: `count` (a block per
// kSelectChunk mask entries, 16 per thread read as one 16-byte load, counts
// summed over the block), `scan` (one block: exclusive offsets of the block
// counts, the total after them) and `write` (a block per chunk again; each
// warp counts its 512 entries, the block offsets them, then the warp walks
// its entries 32 at a time: a ballot says which lanes hold a true entry and
// those lanes store at consecutive places, so the stores of a warp are one
// contiguous run). Rows of `items` items of `itemsize` bytes each, or the
// positions as int64 (`positions`).
inline constexpr int64_t kSelectChunk = 4096;
enum class SelectStage : uint8_t { Count, Scan, Write };
struct SelectKernel {
  SelectStage stage;
  int itemsize;    // Write: 1, 2, 4, 8, 16
  bool positions;  // Write: int64 positions instead of rows
  bool rows;       // Write: more than one item per row
};
std::string select_source(const SelectKernel& k);

// Note [Random kernels]
// One kernel per (distribution, output dtype, vector store), taking
// cunum::random::RandomArgs (cunum/kernels/random_dists.hpp, the very
// struct the CPU backend fills) and the number of blocks: a thread per
// Philox block, grid-stride, each writing the block's `per` values — as one
// aligned store of per * itemsize bytes when `vec` (the output's address
// allows it), so float32 and float64 uniforms and normals go out as 16-byte
// stores. Compiled with --fmad=false (Note [Bit-identical transforms]).
// Philox kernels also take the fill's round keys (Note [Philox round keys])
// and, below 2^31 elements, index in 32 bits (Note [Random kernel index]).
// With a sequential engine (`engine` 1 XORWOW, 2 MRG32k3a; Note [Sequential
// engines]) a thread makes a run of `run` consecutive blocks (a kernel
// argument): it skips ahead to the run's first block once, then steps;
// with `vec` a warp stores its lanes' blocks through shared memory,
// coalesced (Note [Staged engine stores]).
struct RandomKernel {
  int dist;  // the row of CUNUM_RANDOM_DISTS
  DType dtype;
  bool vec;
  int engine = 0;
  bool index32 = false;  // Note [Random kernel index]
  bool scalar = false;   // no parameter arrays (random_block_words' Scalar)
};
std::string random_source(const RandomKernel& k);
// Threads per block of threads of the Philox random kernels (the aligned
// kernel's launch bounds and first index are compiled in with it:
// random_source and random.cpp agree).
constexpr int kRandomThreads = 256;

// Note [Small inverse kernel] (cunum/kernels/small_inverse.hpp): the inverse
// of a stack of n x n matrices (1 <= n <= 16, complex n <= 8, float32/64, complex64/128), a
// team of lanes per matrix; one kernel per (dtype, n).
std::string small_inverse_source(DType dtype, int n);

// Note [Gemm kernels]
// Integer and bool matrix products (cuBLAS has none; Note [Gemm plans]): a
// block of 16 x 16 threads per 16 x 16 tile of C, the tiles of op(A) and
// op(B) staged through shared memory 16 columns of k at a time, each thread
// summing its element of C in uint64 (wrapping, truncated to the dtype at
// the store) or as a bool "any". The grid's y and z loop over tile columns
// and the batch beyond the launch limits. Parameters: GemmParams, mirrored
// by the source's `struct GP`.
struct GemmKernel {
  DType dtype;  // an integer dtype or bool
  GemmOp transa, transb;
};
struct GemmParams {
  const void* a = nullptr;
  const void* b = nullptr;
  void* c = nullptr;
  int64_t m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0, sa = 0, sb = 0, sc = 0, batch = 0;
  int64_t alpha = 1, beta = 0;
};
std::string gemm_source(const GemmKernel& k);

// Note [Fused kernels]
// A fused plan (Note [Fused plans]) as one kernel: each element's inputs
// loaded once in their own dtypes, the steps as `cunum::ops::<name>{}` over
// operands converted in registers to each loop's dtypes, the outputs
// converted on the store. Parameters: FusedParams, mirrored by the source's
// `struct F` (scalars first, 16-byte aligned, then the operand pointers, the
// count, shape[nd] and strides[8][nd]). `vec` > 0: every operand contiguous
// and aligned to vec items, a thread per vector of vec elements (a block per
// 256 vectors, as the contiguous ufunc kernel), the tail elementwise; vec 0:
// the strided n-d loop of rank nd with 32- or 64-bit offsets.
struct FusedParams {
  alignas(16) unsigned char scalars[kMaxFusedScalars][16] = {};
  const void* data[kMaxFusedOperands] = {};
  int64_t n = 0;
  int64_t dims[(kMaxFusedOperands + 1) * kMaxFusedRank] = {};  // shape[nd], then strides[8][nd]
};
std::string fused_source(const FusedPlan& plan, int nd, bool index32, int vec);
// The per-element body of a fused plan (the steps, each value rounded as
// stored: Note [Rounding between fused steps]) over inputs named in0.. and
// scalars at p.scal[k]; store(k, expr) gives the statement for result k.
std::string fused_body(const FusedPlan& p, const std::function<std::string(int, const std::string&)>& store);
// The cunum_rounded helpers fused_body's statements call.
std::string fused_rounding_source();

// Note [Fused reduction kernels]
// A fused reduction (Note [Fused reduction plans]) as the reduction kernels
// of Note [Reduction strategies] with the load of an element replaced by the
// fused map over its inputs (`fmap`, fused_body's statements), the value
// then put into the accumulator as a plain reduction puts a loaded element
// (converted to the loop dtype). Modes InnerWarp, InnerBlock (`vec`: every
// input unit-stride along the run and its rows aligned to V of its items, V
// = 16 bytes / the widest input's itemsize: each input read in vectors of V
// items, U = 4 (V >= 8: 2) vectors in flight per input and thread; else a
// strided element loop) and Outer (a thread per output, the rows of a tile
// split over the block; no vector loads). Partials, and the Final modes that
// merge them, are those of the plain reduction (reduce_source's Final
// kernels run unchanged). The kernel takes the plain parameter block `P` (p:
// outputs, partials, counts; strides[1] the output's) and FusedReduceParams
// (`FR f`: the map's scalars, input pointers, reduced-run strides and kept
// strides [k][max(nd, 1)]).
struct FusedReduceParams {
  alignas(16) unsigned char scalars[kMaxFusedScalars][16] = {};
  const void* data[kMaxFusedOperands] = {};
  int64_t red[kMaxFusedOperands] = {};
  int64_t strides[kMaxFusedOperands * kMaxFusedRank] = {};
};
std::string fused_reduce_source(core::ReduceId id, const FusedPlan& map, DType value, DType loop, DType out,
                                int out_nd, ReduceMode mode, bool vec);
// Input items per vector of a fused reduction's vec path.
int fused_reduce_vector_width(const FusedPlan& map);

// Note [Histogram kernels]
// The histogram family (Note [Histogram plans]): a kernel per mode, x dtype,
// comparison dtype, weight dtype (or none) and shared-memory capacity `sh`
// (256, 512, 1024 or 2048 bins, or 0). Each thread loads 8 elements (and
// weights) before it bins them, so 8 loads are in flight per thread; the bin
// is cunum::hist::find_bin (cunum/kernels/histogram.hpp) over the edges as
// doubles, or x itself (Direct). With sh > 0 a block keeps its own counters
// in shared memory (32-bit counts, exact while a block sees fewer than 2^32
// elements, which the grid guarantees; double weight sums) next to a copy of
// the edges, and adds its nonzero counters to the output with one global
// atomic each at the end; with sh 0 (more bins) every element is a global
// atomic on the output and the edges are read from global memory.
struct HistogramKernel {
  HistogramMode mode;
  DType x, cmp, w;  // w: the weight dtype, read only when `weights`
  bool weights;
  int sh;
};
struct HistogramParams {
  const void* x = nullptr;
  const void* w = nullptr;
  const double* edges = nullptr;
  void* out = nullptr;
  int64_t n = 0, x_stride = 0, w_stride = 0, bins = 0;
  double first = 0, scale = 0;
};
std::string histogram_source(const HistogramKernel& k);

}  // namespace cunum::backend::cuda
