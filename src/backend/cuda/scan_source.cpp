// Source of the scan kernels (Note [Scan kernels] in kernel_source.hpp).
// Only called on a kernel-cache miss.
#include <algorithm>
#include <string>

#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

int scan_items(DType loop, int items4, int threads) {
  // items4 at 4 bytes, scaled by bytes; the tile's loop values at most 32 KB
  // (static shared memory is 48 KB a block: the tile, its padding and a
  // prefix per thread).
  const int isz = static_cast<int>(itemsize(loop));
  const int cap = std::max(2, 32768 / (threads * isz));
  return std::clamp(items4 * 4 / isz, 2, cap);
}

namespace {
const char* kCommon =
    "struct S { const char* in; char* out; char* scratch;\n"
    "  long long len, lanes, tiles, in_axis, out_axis, phase; long long dims[3 * ND]; };\n"
    // byte offsets of lane l (C order over the lane dims)
    "__device__ __forceinline__ void lane_offsets(const S& p, long long l, long long& io, long long& oo) {\n"
    "  io = 0; oo = 0;\n"
    "#pragma unroll\n"
    "  for (int d = NLD - 1; d >= 0; --d) {\n"
    "    const long long e = p.dims[d], i = l % e; l /= e;\n"
    "    io += i * p.dims[ND + d]; oo += i * p.dims[2 * ND + d];\n"
    "  }\n"
    "}\n"
    "__device__ __forceinline__ T at(const S& p, long long io, long long j) {\n"
    "  return D::load(convert<T>(*(const In*)(p.in + io + j * p.in_axis)));\n"
    "}\n";

// A thread per (chunk of the axis, lane), lanes fastest. p.tiles chunks per
// lane; with one chunk, phase 2 alone. Otherwise phase 0 writes each chunk's
// total to scratch, phase 1 (a thread per lane) turns them into exclusive
// prefixes, phase 2 scans each chunk from its prefix.
const char* kLanes =
    "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(S p) {\n"
    "  T* totals = (T*)p.scratch;\n"
    "  const long long n = p.phase == 1 ? p.lanes : p.lanes * p.tiles, k = (p.len + p.tiles - 1) / p.tiles;\n"
    "  for (long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x; idx < n;"
    " idx += (long long)gridDim.x * blockDim.x) {\n"
    "    if (p.phase == 1) {\n"
    "      T acc = D::identity();\n"
    "      for (long long c = 0; c < p.tiles; ++c) {\n"
    "        const T t = totals[c * p.lanes + idx]; totals[c * p.lanes + idx] = acc; acc = D::combine(acc, t);\n"
    "      }\n"
    "      continue;\n"
    "    }\n"
    "    const long long c = idx / p.lanes, l = idx - c * p.lanes;\n"
    "    long long io, oo; lane_offsets(p, l, io, oo);\n"
    "    const long long j0 = c * k, j1 = j0 + k < p.len ? j0 + k : p.len;\n"
    "    T acc = p.phase == 2 && totals ? totals[idx] : D::identity();\n"
    "    if (p.phase == 0) {\n"
    "#pragma unroll 4\n"
    "      for (long long j = j0; j < j1; ++j) acc = D::combine(acc, at(p, io, j));\n"
    "      totals[idx] = acc;\n"
    "    } else {\n"
    "#pragma unroll 4\n"
    "      for (long long j = j0; j < j1; ++j) {\n"
    "        acc = D::combine(acc, at(p, io, j));\n"
    "        *(Out*)(p.out + oo + j * p.out_axis) = convert<Out>(acc);\n"
    "      }\n"
    "    }\n"
    "  }\n"
    "}\n";

// Decoupled look-back over tiles (Note [Scan kernels]). B threads, ITEMS
// elements each; RESIDENT: a grid of resident blocks looping over tickets;
// PIPELINED (resident too): the next tile's loads issued during this one;
// HINTS: streaming loads and stores of full tiles; SPIN: ns of nanosleep
// between look-back polls.
const char* kTiles =
    "constexpr int TILE = B * ITEMS, W = (sizeof(T) + 3) / 4;\n"
    // A loop value of 4 bytes or fewer travels with its flag in one 64-bit
    // status word: no fence between value and flag.
    "constexpr bool PACKED = sizeof(T) <= 4;\n"
    // WIDE16: an 8-byte loop value travels with its flag in one 16-byte status
    // record, written and read as one aligned 16-byte access (no fence).
    "constexpr bool PACKED16 = WIDE16 && sizeof(T) == 8;\n"
    "struct Words { unsigned w[W]; };\n"
    "__device__ __forceinline__ Words words_of(T v) {\n"
    "  Words r; for (int i = 0; i < W; ++i) r.w[i] = 0;\n"
    "  for (int i = 0; i < (int)sizeof(T); ++i) ((char*)r.w)[i] = ((const char*)&v)[i];\n"
    "  return r;\n"
    "}\n"
    "__device__ __forceinline__ T value_of(const Words& r) {\n"
    "  T v; for (int i = 0; i < (int)sizeof(T); ++i) ((char*)&v)[i] = ((const char*)r.w)[i];\n"
    "  return v;\n"
    "}\n"
    "__device__ __forceinline__ T shfl_up(T v, int d) {\n"
    "  Words r = words_of(v); for (int i = 0; i < W; ++i) r.w[i] = __shfl_up_sync(0xffffffffu, r.w[i], d);\n"
    "  return value_of(r);\n"
    "}\n"
    "__device__ __forceinline__ T shfl_down(T v, int d) {\n"
    "  Words r = words_of(v); for (int i = 0; i < W; ++i) r.w[i] = __shfl_down_sync(0xffffffffu, r.w[i], d);\n"
    "  return value_of(r);\n"
    "}\n"
    "__device__ __forceinline__ T shfl_idx(T v, int src) {\n"
    "  Words r = words_of(v); for (int i = 0; i < W; ++i) r.w[i] = __shfl_sync(0xffffffffu, r.w[i], src);\n"
    "  return value_of(r);\n"
    "}\n"
    "__device__ __forceinline__ void backoff() {\n"
    "#if __CUDA_ARCH__ >= 700\n"
    "  if (SPIN > 0) asm volatile(\"nanosleep.u32 %0;\" :: \"r\"((unsigned)SPIN));\n"
    "#endif\n"
    "}\n"
    // 16-byte tile loads and stores; HINTS: cache-streaming (evict first), the
    // data is touched once and the status words keep their L2 lines
    "__device__ __forceinline__ uint4 load16(const uint4* a) {\n"
    "  if (!HINTS) return *a;\n"
    "  uint4 v;\n"
    "  asm(\"ld.global.cs.v4.u32 {%0,%1,%2,%3}, [%4];\" : \"=r\"(v.x), \"=r\"(v.y), \"=r\"(v.z), \"=r\"(v.w) : \"l\"(a));\n"
    "  return v;\n"
    "}\n"
    "__device__ __forceinline__ void store16(uint4* a, uint4 v) {\n"
    "  if (!HINTS) { *a = v; return; }\n"
    "  asm volatile(\"st.global.cs.v4.u32 [%0], {%1,%2,%3,%4};\" :: \"l\"(a), \"r\"(v.x), \"r\"(v.y), \"r\"(v.z),"
    " \"r\"(v.w) : \"memory\");\n"
    "}\n"
    // scratch: counter (8 bytes), then PACKED: status[tiles] (flag << 32 | value
    // bits); PACKED16: from byte 16, {flag, value bits}[tiles] of 16 bytes;
    // else flags[tiles], aggregates[tiles][W], inclusive prefixes[tiles][W]
    "__device__ __forceinline__ volatile unsigned long long* status(const S& p) {\n"
    "  return (volatile unsigned long long*)(p.scratch + 8);\n"
    "}\n"
    "__device__ __forceinline__ volatile unsigned* flags(const S& p) { return (volatile unsigned*)(p.scratch + 8); }\n"
    "__device__ __forceinline__ volatile unsigned* values(const S& p, int which) {\n"
    "  const long long total = p.lanes * p.tiles;\n"
    "  return (volatile unsigned*)(p.scratch + 8 + 4 * total) + (long long)which * total * W;\n"
    "}\n"
    // which 0: the tile's aggregate (flag 1); 1: its inclusive prefix (flag 2)
    "__device__ __forceinline__ void publish(const S& p, long long g, int which, T v) {\n"
    "  const Words r = words_of(v);\n"
    "  if (PACKED) { status(p)[g] = (unsigned long long)(which + 1) << 32 | r.w[0]; return; }\n"
    "  if (PACKED16) {\n"
    "    const unsigned long long f = (unsigned long long)(which + 1), bits = (unsigned long long)r.w[W > 1 ? 1 : 0] << 32 | r.w[0];\n"
    "    asm volatile(\"st.volatile.global.v2.u64 [%0], {%1, %2};\" :: \"l\"(p.scratch + 16 + 16 * g), \"l\"(f), \"l\"(bits)"
    " : \"memory\");\n"
    "    return;\n"
    "  }\n"
    "  volatile unsigned* dst = values(p, which) + g * W;\n"
    "  for (int i = 0; i < W; ++i) dst[i] = r.w[i];\n"
    "  __threadfence();\n"
    "  flags(p)[g] = (unsigned)(which + 1);\n"
    "}\n"
    // Waits until tile q has published; returns its flag, its value in v.
    "__device__ __forceinline__ unsigned wait_for(const S& p, long long q, T& v) {\n"
    "  Words r;\n"
    "  if (PACKED) {\n"
    "    unsigned long long st = status(p)[q];\n"
    "    while ((st >> 32) == 0) { backoff(); st = status(p)[q]; }\n"
    "    r.w[0] = (unsigned)st; v = value_of(r);\n"
    "    return (unsigned)(st >> 32);\n"
    "  }\n"
    "  if (PACKED16) {\n"
    "    unsigned long long f, bits;\n"
    "    for (;;) {\n"
    "      asm volatile(\"ld.volatile.global.v2.u64 {%0, %1}, [%2];\" : \"=l\"(f), \"=l\"(bits) : \"l\"(p.scratch + 16 + 16 * q)"
    " : \"memory\");\n"
    "      if (f != 0) break;\n"
    "      backoff();\n"
    "    }\n"
    "    r.w[0] = (unsigned)bits; if (W > 1) r.w[W > 1 ? 1 : 0] = (unsigned)(bits >> 32);\n"
    "    v = value_of(r);\n"
    "    return (unsigned)f;\n"
    "  }\n"
    "  unsigned f = flags(p)[q];\n"
    "  while (f == 0) { backoff(); f = flags(p)[q]; }\n"
    "  __threadfence();\n"
    "  volatile unsigned* src = values(p, (int)f - 1) + q * W;\n"
    "  for (int i = 0; i < W; ++i) r.w[i] = src[i];\n"
    "  v = value_of(r);\n"
    "  return f;\n"
    "}\n"
    // The tile's exclusive prefix, by warp 0 (every lane returns it): publishes
    // the aggregate agg of tile g (tile t of its lane), then looks back over the
    // lane's earlier tiles 32 at a time, combining aggregates until it meets an
    // inclusive prefix, and publishes its own inclusive prefix.
    "__device__ __forceinline__ T look_back(const S& p, long long g, long long t, T agg, int lane) {\n"
    "  T prefix = D::identity();\n"
    "  if (t == 0) {\n"
    "    if (lane == 0) publish(p, g, 1, agg);\n"
    "    return prefix;\n"
    "  }\n"
    "  if (lane == 0) publish(p, g, 0, agg);\n"
    "  const long long first = g - t;\n"
    "  for (long long q0 = g - 1;; q0 -= 32) {\n"
    "    const long long q = q0 - lane;\n"
    "    unsigned f = 2; T v = D::identity();\n"
    "    if (q >= first) f = wait_for(p, q, v);\n"
    "    const unsigned inclusive = __ballot_sync(0xffffffffu, f == 2);\n"
    "    const int stop = inclusive ? __ffs(inclusive) - 1 : 31;\n"
    "    T c = lane <= stop ? v : D::identity();\n"
    "#pragma unroll\n"
    "    for (int d = 16; d > 0; d >>= 1) { const T o = shfl_down(c, d); if (lane + d < 32) c = D::combine(o, c); }\n"
    "    prefix = D::combine(shfl_idx(c, 0), prefix);\n"
    "    if (inclusive) break;\n"
    "  }\n"
    "  if (lane == 0) publish(p, g, 1, D::combine(prefix, agg));\n"
    "  return prefix;\n"
    "}\n"
    "__device__ __forceinline__ int pad(int i) { return i + (i >> 5); }\n"
    // VEC: the axis contiguous and every tile 16-byte aligned in and out (the
    // host checks), ITEMS * sizeof(In or Out) a multiple of 16: full tiles
    // move as 16-byte vectors, VI (VO) elements each.
    "constexpr int VI = 16 / sizeof(In) > 0 ? 16 / sizeof(In) : 1, VO = 16 / sizeof(Out) > 0 ? 16 / sizeof(Out) : 1;\n"
    "constexpr bool VECS = VEC && ITEMS * sizeof(In) % 16 == 0 && ITEMS * sizeof(Out) % 16 == 0;\n"
    // WARPSCAN keeps the tile in registers: no tile, no thread prefixes here
    "struct Smem {\n"
    "  T sh[WARPSCAN ? 1 : TILE + TILE / 32];\n"
    "  T warp_total[B / 32];\n"
    "  T thread_prefix[WARPSCAN ? 1 : B];\n"
    "  T tile_prefix;\n"
    "  long long ticket[3];\n"
    "};\n"
    "constexpr int CHI = VECS ? TILE / VI / B : 1;  // a thread's 16-byte loads of a full tile\n"
    // The 16-byte loads of full tile g into q; false (nothing loaded) when g
    // is past the end or not a full vector tile.
    "__device__ __forceinline__ bool load_tile(const S& p, long long g, int tid, uint4 (&q)[CHI]) {\n"
    "  if (!VECS || g >= p.lanes * p.tiles) return false;\n"
    "  const long long l = g / p.tiles, j0 = (g - l * p.tiles) * TILE;\n"
    "  if (j0 + TILE > p.len) return false;\n"
    "  long long io, oo; lane_offsets(p, l, io, oo);\n"
    "  const uint4* src = (const uint4*)(p.in + io + j0 * (long long)sizeof(In));\n"
    "#pragma unroll\n"
    "  for (int k = 0; k < CHI; ++k) q[k] = load16(src + k * B + tid);\n"
    "  return true;\n"
    "}\n"
    // WARPSCAN (CUNUM_SCAN_ALGO=warp): the tile in registers, two barriers.
    // Warp w owns the contiguous slice [w, w + 1) * 32 * ITEMS of the tile, as
    // CH chunks of 32 * V elements; in chunk k lane holds the V consecutive
    // elements from (k * 32 + lane) * V, so a full vector tile moves as one
    // coalesced vector (16 bytes for the wider of In and Out) per lane and
    // chunk, with no transpose. Each lane scans its V elements, the warp its
    // CH chunk totals (CH independent shuffle scans, interleaved), then a
    // carry across the chunks; the warp totals meet in shared memory (barrier
    // 1), warp 0 looks back, the tile prefix is shared (barrier 2), and every
    // lane stores straight from its registers.
    "constexpr int VMAX = (int)(16 / (sizeof(In) > sizeof(Out) ? sizeof(In) : sizeof(Out)));\n"
    "constexpr int V = VMAX < 1 ? 1 : (VMAX < ITEMS ? VMAX : ITEMS), CH = ITEMS / V;\n"
    "template <int N> struct Bytes;\n"
    "template <> struct Bytes<1> { typedef unsigned char type; };\n"
    "template <> struct Bytes<2> { typedef unsigned short type; };\n"
    "template <> struct Bytes<4> { typedef unsigned type; };\n"
    "template <> struct Bytes<8> { typedef uint2 type; };\n"
    "template <> struct Bytes<16> { typedef uint4 type; };\n"
    "template <class L> __device__ __forceinline__ L load_vec(const L* a) { return *a; }\n"
    "__device__ __forceinline__ uint4 load_vec(const uint4* a) { return load16(a); }\n"
    "template <class L> __device__ __forceinline__ void store_vec(L* a, L v) { *a = v; }\n"
    "__device__ __forceinline__ void store_vec(uint4* a, uint4 v) { store16(a, v); }\n"
    "__device__ __forceinline__ void scan_tile_warp(const S& p, Smem& m, const long long g) {\n"
    "  unsigned tid_; asm volatile(\"mov.u32 %0, %%tid.x;\" : \"=r\"(tid_));\n"
    "  const int tid = (int)tid_, lane = tid & 31, warp = tid >> 5;\n"
    "  const long long l = g / p.tiles, t = g - l * p.tiles, j0 = t * TILE + (long long)warp * 32 * ITEMS;\n"
    "  const bool full = VECS && t * TILE + TILE <= p.len;\n"
    "  long long io, oo; lane_offsets(p, l, io, oo);\n"
    "  T x[CH][V];\n"
    "  if (full) {\n"
    "    typedef typename Bytes<V * (int)sizeof(In)>::type LI;\n"
    "    const LI* src = (const LI*)(p.in + io + j0 * (long long)sizeof(In));\n"
    "    LI r[CH];\n"
    "#pragma unroll\n"
    "    for (int k = 0; k < CH; ++k) r[k] = load_vec(src + k * 32 + lane);\n"
    "#pragma unroll\n"
    "    for (int k = 0; k < CH; ++k) {\n"
    "      const In* e = (const In*)&r[k];\n"
    "#pragma unroll\n"
    "      for (int u = 0; u < V; ++u) x[k][u] = D::load(convert<T>(e[u]));\n"
    "    }\n"
    "  } else {\n"
    "#pragma unroll\n"
    "    for (int k = 0; k < CH; ++k)\n"
    "#pragma unroll\n"
    "      for (int u = 0; u < V; ++u) {\n"
    "        const long long j = j0 + (long long)(k * 32 + lane) * V + u;\n"
    "        x[k][u] = j < p.len ? at(p, io, j) : D::identity();\n"
    "      }\n"
    "  }\n"
    "  T incl[CH];\n"
    "#pragma unroll\n"
    "  for (int k = 0; k < CH; ++k) {\n"
    "#pragma unroll\n"
    "    for (int u = 1; u < V; ++u) x[k][u] = D::combine(x[k][u - 1], x[k][u]);\n"
    "    incl[k] = x[k][V - 1];\n"
    "  }\n"
    "#pragma unroll\n"
    "  for (int d = 1; d < 32; d <<= 1)\n"
    "#pragma unroll\n"
    "    for (int k = 0; k < CH; ++k) { const T o = shfl_up(incl[k], d); if (lane >= d) incl[k] = D::combine(o, incl[k]); }\n"
    "  T run = D::identity();  // the warp's chunks before chunk k\n"
    "#pragma unroll\n"
    "  for (int k = 0; k < CH; ++k) {\n"
    "    const T below = shfl_up(incl[k], 1), chunk = shfl_idx(incl[k], 31);\n"
    "    const T e = lane == 0 ? run : D::combine(run, below);\n"
    "#pragma unroll\n"
    "    for (int u = 0; u < V; ++u) x[k][u] = D::combine(e, x[k][u]);\n"
    "    run = D::combine(run, chunk);\n"
    "  }\n"
    "  if (lane == 0) m.warp_total[warp] = run;\n"
    "  __syncthreads();\n"
    "  T before = D::identity();\n"
    "  for (int w = 0; w < warp; ++w) before = D::combine(before, m.warp_total[w]);\n"
    "  if (warp == 0) {\n"
    "    T agg = D::identity();\n"
    "    for (int w = 0; w < B / 32; ++w) agg = D::combine(agg, m.warp_total[w]);\n"
    "    const T prefix = look_back(p, g, t, agg, lane);\n"
    "    if (lane == 0) m.tile_prefix = prefix;\n"
    "  }\n"
    "  __syncthreads();\n"
    "  const T pre = D::combine(m.tile_prefix, before);\n"
    "  if (full) {\n"
    "    typedef typename Bytes<V * (int)sizeof(Out)>::type LO;\n"
    "    LO* dst = (LO*)(p.out + oo + j0 * (long long)sizeof(Out));\n"
    "#pragma unroll\n"
    "    for (int k = 0; k < CH; ++k) {\n"
    "      LO r; Out* e = (Out*)&r;\n"
    "#pragma unroll\n"
    "      for (int u = 0; u < V; ++u) e[u] = convert<Out>(D::combine(pre, x[k][u]));\n"
    "      store_vec(dst + k * 32 + lane, r);\n"
    "    }\n"
    "  } else {\n"
    "#pragma unroll\n"
    "    for (int k = 0; k < CH; ++k)\n"
    "#pragma unroll\n"
    "      for (int u = 0; u < V; ++u) {\n"
    "        const long long j = j0 + (long long)(k * 32 + lane) * V + u;\n"
    "        if (j < p.len) *(Out*)(p.out + oo + j * p.out_axis) = convert<Out>(D::combine(pre, x[k][u]));\n"
    "      }\n"
    "  }\n"
    "}\n"
    "__device__ __forceinline__ void scan_tile(const S& p, Smem& m, const long long g, uint4 (&q)[CHI], bool& have,"
    " const long long next);\n"
    "__device__ __forceinline__ void run_tile(const S& p, Smem& m, const long long g, uint4 (&q)[CHI], bool& have,"
    " const long long next) {\n"
    "  if (WARPSCAN) scan_tile_warp(p, m, g); else scan_tile(p, m, g, q, have, next);\n"
    "}\n"
    // One tile g (lane g / tiles, tile g % tiles of it), by the whole block.
    // PIPELINED: q holds tile g's loads already when `have`; once they are in
    // shared memory, the loads of tile `next` are issued into q, to land while
    // this tile scans, looks back and stores.
    "__device__ __forceinline__ void scan_tile(const S& p, Smem& m, const long long g, uint4 (&q)[CHI], bool& have,"
    " const long long next) {\n"
    // The thread index through a volatile read: in the resident loop the
    // compiler would otherwise hoist every shared and global offset of the
    // tile out of the loop and keep them all in registers (32 -> 80 at 16
    // items: half the blocks per SM).
    "  unsigned tid_; asm volatile(\"mov.u32 %0, %%tid.x;\" : \"=r\"(tid_));\n"
    "  const int tid = (int)tid_, lane = tid & 31, warp = tid >> 5;\n"
    "  const long long l = g / p.tiles, t = g - l * p.tiles, j0 = t * TILE;\n"
    "  const bool full = VECS && j0 + TILE <= p.len;\n"
    "  long long io, oo; lane_offsets(p, l, io, oo);\n"
    "  // 1: loads into shared memory (element i of the tile at sh[pad(i)]): all of\n"
    "  // a thread's loads are issued before any is used\n"
    "  if (full) {\n"
    "    if (!have) load_tile(p, g, tid, q);\n"
    "#pragma unroll\n"
    "    for (int k = 0; k < CHI; ++k) {\n"
    "      const In* e = (const In*)&q[k];\n"
    "#pragma unroll\n"
    "      for (int u = 0; u < VI; ++u) m.sh[pad((k * B + tid) * VI + u)] = D::load(convert<T>(e[u]));\n"
    "    }\n"
    "  } else {\n"
    "#pragma unroll\n"
    "    for (int k = 0; k < ITEMS; ++k) {\n"
    "      const int i = k * B + tid; const long long j = j0 + i;\n"
    "      m.sh[pad(i)] = j < p.len ? at(p, io, j) : D::identity();\n"
    "    }\n"
    "  }\n"
    "  if (PIPELINED) have = load_tile(p, next, tid, q);\n"
    "  __syncthreads();\n"
    "  // 2: each thread scans its ITEMS consecutive elements in place\n"
    "  T s = m.sh[pad(tid * ITEMS)];\n"
    "#pragma unroll\n"
    "  for (int k = 1; k < ITEMS; ++k) { s = D::combine(s, m.sh[pad(tid * ITEMS + k)]); m.sh[pad(tid * ITEMS + k)] = s; }\n"
    "  // 3: the thread totals across the warp, then across the block\n"
    "#pragma unroll\n"
    "  for (int d = 1; d < 32; d <<= 1) { const T o = shfl_up(s, d); if (lane >= d) s = D::combine(o, s); }\n"
    "  T excl = shfl_up(s, 1);\n"
    "  if (lane == 0) excl = D::identity();\n"
    "  if (lane == 31) m.warp_total[warp] = s;\n"
    "  __syncthreads();\n"
    "  T before = D::identity();\n"
    "  for (int w = 0; w < warp; ++w) before = D::combine(before, m.warp_total[w]);\n"
    "  // 4: the tile's prefix, by looking back over the lane's earlier tiles\n"
    "  if (warp == 0) {\n"
    "    T agg = D::identity();\n"
    "    for (int w = 0; w < B / 32; ++w) agg = D::combine(agg, m.warp_total[w]);\n"
    "    const T prefix = look_back(p, g, t, agg, lane);\n"
    "    if (lane == 0) m.tile_prefix = prefix;\n"
    "  }\n"
    "  __syncthreads();\n"
    "  m.thread_prefix[tid] = D::combine(D::combine(m.tile_prefix, before), excl);\n"
    "  __syncthreads();\n"
    "  // 5: every element with its thread's prefix, stored as loaded\n"
    "  if (full) {\n"
    "    constexpr int CH = VECS ? TILE / VO / B : 1;\n"
    "    uint4* dst = (uint4*)(p.out + oo + j0 * (long long)sizeof(Out));\n"
    "#pragma unroll\n"
    "    for (int k = 0; k < CH; ++k) {\n"
    "      uint4 o;\n"
    "      Out* e = (Out*)&o;\n"
    "#pragma unroll\n"
    "      for (int u = 0; u < VO; ++u) {\n"
    "        const int i = (k * B + tid) * VO + u;\n"
    "        e[u] = convert<Out>(D::combine(m.thread_prefix[i / ITEMS], m.sh[pad(i)]));\n"
    "      }\n"
    "      store16(dst + k * B + tid, o);\n"
    "    }\n"
    "  } else {\n"
    "#pragma unroll\n"
    "    for (int k = 0; k < ITEMS; ++k) {\n"
    "      const int i = k * B + tid; const long long j = j0 + i;\n"
    "      if (j < p.len) *(Out*)(p.out + oo + j * p.out_axis) = convert<Out>(D::combine(m.thread_prefix[i / ITEMS], m.sh[pad(i)]));\n"
    "    }\n"
    "  }\n"
    "}\n"
    // Tiles are taken in the order of an atomic counter, so a tile only waits
    // on tiles held by running blocks. RESIDENT: the grid is what fits on the
    // device at once; each block takes its next ticket while it scans the
    // current tile (two ticket slots, alternating), so the atomic's round trip
    // and a block launch leave each tile's critical path.
    "extern \"C\" __global__ void __launch_bounds__(B) cunum_kernel(S p) {\n"
    "  __shared__ Smem m;\n"
    "  uint4 q[CHI];\n"
    "  bool have = false;\n"
    // TICKET_BLOCK (tiles grid only): the tile is the block's index, no atomic
    // and no barrier before the loads; relies on blocks being dispatched in
    // index order (docs/scan.md, "Fourth version")
    "  if (TICKET_BLOCK && !RESIDENT) { run_tile(p, m, (long long)blockIdx.x, q, have, -1); return; }\n"
    "  unsigned long long* counter = (unsigned long long*)p.scratch;\n"
    "  if (threadIdx.x == 0) {\n"
    "    m.ticket[0] = (long long)atomicAdd(counter, 1ull);\n"
    "    if (PIPELINED) m.ticket[1] = (long long)atomicAdd(counter, 1ull);\n"
    "  }\n"
    "  __syncthreads();\n"
    "  if (!RESIDENT) { run_tile(p, m, m.ticket[0], q, have, -1); return; }\n"
    "  const long long total = p.lanes * p.tiles;\n"
    // PIPELINED: tickets two ahead in a ring of three slots (slot i current,
    // i + 1 the tile whose loads this one issues, i + 2 taken now); otherwise
    // one ahead in two slots. A slot is written only after the barrier that
    // ends the last iteration reading it.
    "  constexpr int SLOTS = PIPELINED ? 3 : 2;\n"
    "  for (int i = 0;; i = i + 1 == SLOTS ? 0 : i + 1) {\n"
    "    const int i1 = i + 1 == SLOTS ? 0 : i + 1, i2 = i1 + 1 == SLOTS ? 0 : i1 + 1;\n"
    "    const long long g = m.ticket[i];\n"
    "    if (g >= total) return;\n"
    "    if (threadIdx.x == 0) m.ticket[PIPELINED ? i2 : i1] = (long long)atomicAdd(counter, 1ull);\n"
    "    run_tile(p, m, g, q, have, PIPELINED ? m.ticket[i1] : -1);\n"
    "    __syncthreads();  // the next ticket visible; the tile's shared memory free again\n"
    "  }\n"
    "}\n";
}  // namespace

std::string scan_source(const ScanKernel& k) {
  const int nd = k.lane_nd > 0 ? k.lane_nd : 1;
  std::string s =
      "#include \"cunum/kernels/scans.hpp\"\n"
      "using namespace cunum;\n"  // the prelude's last line, as every generated source
      "typedef " + std::string(stored_type_name(k.in)) + " In;\n"  // Note [Bool bytes]
      "typedef " + std::string(kernel_type_name(k.loop)) + " T;\n"
      "typedef " + std::string(kernel_type_name(k.out)) + " Out;\n"
      "typedef scans::" + std::string(scan_op_name(k.op)) + "<T> D;\n"
      "constexpr int ND = " + std::to_string(nd) + ", NLD = " + std::to_string(k.lane_nd) +
      ", ITEMS = " + std::to_string(scan_items(k.loop, k.items4, k.threads)) + ", B = " + std::to_string(k.threads) +
      ", SPIN = " + std::to_string(k.spin) + ", MIN_BLOCKS = " + std::to_string(k.min_blocks) + ";\n"
      "constexpr bool VEC = " + std::string(k.vec ? "true" : "false") +
      ", RESIDENT = " + std::string(k.resident || k.pipelined ? "true" : "false") +
      ", PIPELINED = " + std::string(k.pipelined ? "true" : "false") +
      ", WIDE16 = " + std::string(k.wide16 ? "true" : "false") + ", HINTS = " + std::string(k.hints ? "true" : "false") +
      ", WARPSCAN = " + std::string(k.warp_scan ? "true" : "false") +
      ", TICKET_BLOCK = " + std::string(k.block_ticket ? "true" : "false") +
      ";\n";
  s += kCommon;
  if (k.strategy == ScanStrategy::Lanes) return s + kLanes;
  s += kTiles;
  // A second __launch_bounds__ argument only when asked: even (B, 1) lets
  // ptxas spend registers freely (float32 16 x 256: 32 -> 72 registers).
  if (k.min_blocks > 0) {
    const std::string one = "__launch_bounds__(B)";
    s.replace(s.rfind(one), one.size(), "__launch_bounds__(B, MIN_BLOCKS)");
  }
  return s;
}

}  // namespace cunum::backend::cuda
