// How a scan plan becomes kernel launches (Note [Scan kernels]).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>
#include <map>
#include <utility>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/cuda_check.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
// The tile kernel's knobs (docs/scan.md, "Third version"), from the
// environment once per process, so that bench/bench_scan_sweep.py can time
// every combination in subprocesses and the defaults follow its numbers.
// Defaults from the H100 sweep (2026-11-24, docs/scan.md): one block per tile
// of 16 x 256 items; streaming hints (f32 2^26 2163 -> 2215 GB/s); flag and
// value of 8-byte accumulators in one 16-byte record (f64 1360 -> 2490,
// int32 -> int64 1123 -> 2210). The resident and pipelined grids measured
// slower (1930-2010 and 550-1120 GB/s at f32 2^26). Stop 20's sweeps: tiles
// of 32 x 256 (32 KB of loop values) beat 16 x 256 in every case (f32 2^26
// 2194 -> 2311, 2^28 2323 -> 2445, f64 2306 -> 2546, int32 -> int64 2237 ->
// 2436): the loads in flight per SM are what limits, not the look-back.
struct ScanTuning {
  int items4 = 32, threads = 256, spin = 0, min_blocks = 0;
  bool resident = false, pipelined = false, hints = true, wide16 = true;
  bool warp_scan = false, block_ticket = false;  // docs/scan.md, "Fourth version"
};

int env_int(const char* name, int fallback, bool (*ok)(int), const char* allowed) {
  const char* e = std::getenv(name);
  if (!e || !*e) return fallback;
  char* end = nullptr;
  const long v = std::strtol(e, &end, 10);
  if (*end != '\0' || v < -(1L << 30) || v > (1L << 30) || !ok(static_cast<int>(v)))
    throw Error(std::string("cunum: ") + name + "='" + e + "': expected " + allowed);
  return static_cast<int>(v);
}

const ScanTuning& scan_tuning() {
  static const ScanTuning t = [] {
    ScanTuning r;
    r.items4 = env_int("CUNUM_SCAN_ITEMS", r.items4, [](int v) { return v >= 2 && v <= 64 && (v & (v - 1)) == 0; },
                       "a power of two from 2 to 64");
    r.threads = env_int("CUNUM_SCAN_THREADS", r.threads, [](int v) { return v == 128 || v == 256 || v == 512; },
                        "128, 256 or 512");
    r.spin = env_int("CUNUM_SCAN_SPIN", r.spin, [](int v) { return v >= 0 && v <= 511; }, "0 to 511 (ns)");
    r.min_blocks = env_int("CUNUM_SCAN_MIN_BLOCKS", r.min_blocks, [](int v) { return v >= 0 && v <= 15; },
                           "0 to 15 (resident blocks per SM asked of the register allocator)");
    r.hints = env_int("CUNUM_SCAN_HINTS", r.hints ? 1 : 0, [](int v) { return v == 0 || v == 1; }, "0 or 1") == 1;
    if (r.min_blocks * r.threads > 2048)
      throw Error("cunum: CUNUM_SCAN_MIN_BLOCKS=" + std::to_string(r.min_blocks) + " with " +
                  std::to_string(r.threads) + " threads: more than the 2048 threads an SM holds");
    if (const char* w = std::getenv("CUNUM_SCAN_WIDE"); w && *w) {
      const std::string s = w;
      if (s != "fence" && s != "packed")
        throw Error("cunum: CUNUM_SCAN_WIDE='" + s + "': expected 'fence' or 'packed'");
      r.wide16 = s == "packed";
    }
    if (const char* g = std::getenv("CUNUM_SCAN_GRID"); g && *g) {
      const std::string s = g;
      if (s != "tiles" && s != "resident" && s != "pipelined")
        throw Error("cunum: CUNUM_SCAN_GRID='" + s + "': expected 'tiles', 'resident' or 'pipelined'");
      r.resident = s != "tiles";
      r.pipelined = s == "pipelined";
    }
    if (const char* a = std::getenv("CUNUM_SCAN_ALGO"); a && *a) {
      const std::string s = a;
      if (s != "smem" && s != "warp") throw Error("cunum: CUNUM_SCAN_ALGO='" + s + "': expected 'smem' or 'warp'");
      r.warp_scan = s == "warp";
      if (r.warp_scan && r.pipelined)
        throw Error("cunum: CUNUM_SCAN_ALGO=warp keeps the tile in registers: it takes CUNUM_SCAN_GRID=tiles or "
                    "resident, not pipelined");
    }
    if (const char* k = std::getenv("CUNUM_SCAN_TICKET"); k && *k) {
      const std::string s = k;
      if (s != "atomic" && s != "block")
        throw Error("cunum: CUNUM_SCAN_TICKET='" + s + "': expected 'atomic' or 'block'");
      r.block_ticket = s == "block";
      if (r.block_ticket && r.resident)
        throw Error("cunum: CUNUM_SCAN_TICKET=block takes CUNUM_SCAN_GRID=tiles (a resident grid loops over "
                    "atomic tickets)");
    }
    return r;
  }();
  return t;
}

int ilog2(int v) {
  int r = 0;
  while ((1 << (r + 1)) <= v) ++r;
  return r;
}
}  // namespace

// Everything scan_source depends on, in 64 bits (Note [Kernel cache keys]).
uint64_t CudaBackend::scan_key(const ScanKernel& k) {
  // strategy is 0 or 1 (bit 32): bits 33-35 carry wide16, warp_scan, block_ticket
  return uint64_t(Family::Scan) | uint64_t(k.op) << 8 | uint64_t(k.in) << 12 | uint64_t(k.loop) << 16 |
         uint64_t(k.out) << 20 | uint64_t(k.lane_nd) << 24 | uint64_t(k.strategy) << 32 | uint64_t(k.wide16) << 33 |
         uint64_t(k.warp_scan) << 34 | uint64_t(k.block_ticket) << 35 |
         uint64_t(k.vec) << 40 |
         uint64_t(ilog2(k.items4)) << 41 | uint64_t(ilog2(k.threads)) << 44 | uint64_t(k.resident) << 48 |
         uint64_t(k.hints) << 49 | uint64_t(k.spin) << 50 | uint64_t(k.min_blocks) << 59 | uint64_t(k.pipelined) << 63;
}

namespace {
// Blocks of a tile kernel resident per SM at its block size, once per kernel
// and device (the resident grid's size; LoadedKernel's count is for 256
// threads).
int resident_blocks(const LoadedKernel& k, uint64_t kernel_key, int threads, int device) {
  static std::mutex mu;
  static std::map<std::pair<int, uint64_t>, int> known;
  const std::pair<int, uint64_t> key{device, kernel_key};
  {
    std::lock_guard<std::mutex> lock(mu);
    if (auto it = known.find(key); it != known.end()) return it->second;
  }
  int blocks = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reinterpret_cast<const void*>(k.kernel), threads, 0) !=
      cudaSuccess) {
    cudaGetLastError();
    blocks = 0;
  }
  blocks = std::max(blocks, 1);
  std::lock_guard<std::mutex> lock(mu);
  known.emplace(key, blocks);
  return blocks;
}
}  // namespace

void CudaBackend::scan(const ScanPlan& plan) {
  const int64_t lanes = plan.lanes(), len = plan.len;
  if (len <= 0 || lanes <= 0) return;
  const int nd = static_cast<int>(plan.lane_shape.size());
  CUNUM_ASSERT(nd <= static_cast<int>(ParamBlock::kMaxRank));
  const ScanTuning& tune = scan_tuning();
  const int items = scan_items(plan.loop_dtype, tune.items4, tune.threads);
  const int64_t tile = int64_t(tune.threads) * items;
  const int64_t tiles = (len + tile - 1) / tile;
  // Lanes neighbouring in memory with the axis strided (cumsum(axis=0) of a
  // C matrix), enough of them to fill the device; or axes too short for a
  // tile to pay: a thread per lane. Otherwise tiles along each lane.
  const bool lanes_inner = nd > 0 && std::llabs(plan.in_lane_strides[nd - 1]) < std::llabs(plan.in_axis_stride);
  const bool per_lane = len <= 32 || (lanes_inner && lanes >= 32) || lanes * tiles > (int64_t(1) << 31) - 1;
  // 16-byte vectors for full tiles: the axis contiguous in and out, every
  // tile's start 16-byte aligned (the pointers and lane strides), and a
  // thread's share of a tile a whole number of vectors.
  const int64_t isz = static_cast<int64_t>(itemsize(plan.in_dtype)), osz = static_cast<int64_t>(itemsize(plan.out_dtype));
  bool vec = !per_lane && plan.in_axis_stride == isz && plan.out_axis_stride == osz &&
             reinterpret_cast<uintptr_t>(plan.in) % 16 == 0 && reinterpret_cast<uintptr_t>(plan.out) % 16 == 0 &&
             (items * isz) % 16 == 0 && (items * osz) % 16 == 0;
  for (int d = 0; d < nd; ++d)
    vec = vec && plan.in_lane_strides[d] % 16 == 0 && plan.out_lane_strides[d] % 16 == 0;
  ScanKernel sk{plan.op, plan.in_dtype, plan.loop_dtype, plan.out_dtype, nd,
                per_lane ? ScanStrategy::Lanes : ScanStrategy::Tiles, vec};
  if (!per_lane) {
    sk.items4 = tune.items4;
    sk.threads = tune.threads;
    sk.resident = tune.resident;
    sk.pipelined = tune.pipelined;
    sk.hints = tune.hints;
    sk.spin = tune.spin;
    sk.min_blocks = tune.min_blocks;
    sk.wide16 = tune.wide16 && itemsize(plan.loop_dtype) == 8;
    sk.warp_scan = tune.warp_scan;
    sk.block_ticket = tune.block_ticket && !tune.resident;
  }
  const uint64_t skey = scan_key(sk);
  LoadedKernel k = kernel(skey, [&] { return scan_source(sk); });
  ScanParams p;
  p.in = plan.in;
  p.out = plan.out;
  p.len = len;
  p.lanes = lanes;
  p.tiles = tiles;
  p.in_axis_stride = plan.in_axis_stride;
  p.out_axis_stride = plan.out_axis_stride;
  for (int d = 0; d < nd; ++d) {
    p.dims[d] = plan.lane_shape[d];
    p.dims[nd + d] = plan.in_lane_strides[d];
    p.dims[2 * nd + d] = plan.out_lane_strides[d];
  }
  use_device();
  void* args[] = {&p};
  if (per_lane) {
    // Enough threads to fill the device (2048 per SM): chunks of the axis
    // when the lanes alone are too few, at most 256 and at least 16 elements.
    const int64_t want = int64_t(sm_count_ > 0 ? sm_count_ : 132) * 2048;
    const int64_t chunks = lanes >= want ? 1 : std::clamp<int64_t>(std::min((want + lanes - 1) / lanes, len / 16), 1, 256);
    p.tiles = chunks;
    auto run = [&](int64_t phase, int64_t threads) {
      p.phase = phase;
      const unsigned grid = static_cast<unsigned>(std::clamp<int64_t>((threads + 255) / 256, 1, int64_t(1) << 30));
      launch_kernel(k, dim3(grid), dim3(256), args, stream());
    };
    if (chunks == 1) return run(2, lanes);
    void* totals = allocate(static_cast<size_t>(lanes * chunks) * itemsize(plan.loop_dtype));
    p.scratch = totals;
    run(0, lanes * chunks);
    run(1, lanes);
    run(2, lanes * chunks);
    deallocate(totals, 0);
    return;
  }
  // Scratch: the tile counter, then a 64-bit status word per tile holding
  // flag and value (loop dtypes of 4 bytes or fewer), or (wide16, 8-byte
  // loop dtypes) a 16-byte record per tile from byte 16, or a flag per tile
  // and per tile its aggregate and inclusive prefix (loop-dtype values in
  // 32-bit words). Only the counter and flags need zeros.
  const int64_t total = lanes * tiles;
  const size_t words = (itemsize(plan.loop_dtype) + 3) / 4;
  const bool packed = itemsize(plan.loop_dtype) <= 4 || sk.wide16;
  const size_t status_bytes =
      sk.wide16 ? 16 + 16 * static_cast<size_t>(total) : 8 + (packed ? 8 : 4) * static_cast<size_t>(total);
  void* scratch = allocate(status_bytes + (packed ? 0 : 2 * 4 * words * static_cast<size_t>(total)));
  p.scratch = scratch;
  CUNUM_CUDA_CHECK(cudaMemsetAsync(scratch, 0, status_bytes, stream()));
  int64_t grid = total;
  if (sk.resident || sk.pipelined) {
    const int64_t sms = sm_count_ > 0 ? sm_count_ : 132;
    grid = std::min<int64_t>(total, int64_t(resident_blocks(k, skey, sk.threads, device_)) * sms);
  }
  launch_kernel(k, dim3(static_cast<unsigned>(grid)), dim3(static_cast<unsigned>(sk.threads)), args, stream());
  deallocate(scratch, 0);
}

}  // namespace cunum::backend::cuda
