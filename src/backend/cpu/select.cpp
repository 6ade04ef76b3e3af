// The select family on the CPU (Note [Select plans]): compaction by a mask.
//
// Note [CPU select]
// The mask is cut into blocks of kSelectBlock entries. select_count counts
// each block's true entries on the threads and turns the counts into
// exclusive offsets on the caller (a few thousand additions); select_write
// then writes each block's rows (or positions) from its offset, again on
// the threads. The same two passes as the GPU's, with blocks that fit L2.
#include <cstring>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/nd_iter.hpp"
#include "cunum/sync_detect.hpp"

namespace cunum::backend::cpu {

namespace {
constexpr int64_t kSelectBlock = int64_t(1) << 16;

int64_t count_true(const char* m, int64_t n) {
  int64_t c = 0;
  for (int64_t k = 0; k < n; ++k) c += m[k] != 0;
  return c;
}

template <class Item> void write_items(const SelectPlan& p, int64_t b, int64_t e, int64_t at) {
  const Item* in = reinterpret_cast<const Item*>(p.in);
  Item* out = reinterpret_cast<Item*>(p.out) + at;
  for (int64_t k = b; k < e; ++k) {
    *out = in[k];
    out += p.mask[k] != 0;  // branch-free: the store always happens, the cursor moves on a true entry
  }
}
}  // namespace

int64_t CpuBackend::select_blocks(int64_t n) const { return (n + kSelectBlock - 1) / kSelectBlock; }

int64_t CpuBackend::select_count(const SelectPlan& p) {
  check_synchronize_allowed();  // the GPU waits for this count (Note [Synchronization detection])
  const int64_t nb = select_blocks(p.n);
  parallel_for(nb, 1, [&](int64_t b, int64_t e) {
    for (int64_t k = b; k < e; ++k) {
      const int64_t lo = k * kSelectBlock;
      p.blocks[k] = count_true(p.mask + lo, std::min(kSelectBlock, p.n - lo));
    }
  });
  int64_t total = 0;
  for (int64_t k = 0; k < nb; ++k) {
    const int64_t c = p.blocks[k];
    p.blocks[k] = total;
    total += c;
  }
  p.blocks[nb] = total;
  return total;
}

void CpuBackend::select_write(const SelectPlan& p) {
  const int64_t nb = select_blocks(p.n);
  const int64_t total = p.blocks[nb];
  parallel_for(nb, 1, [&](int64_t b, int64_t e) {
    for (int64_t k = b; k < e; ++k) {
      const int64_t lo = k * kSelectBlock, hi = std::min(p.n, lo + kSelectBlock);
      int64_t at = p.blocks[k];
      const int64_t end = k + 1 < nb ? p.blocks[k + 1] : total;
      if (at == end) continue;
      // The branch-free loops store at the cursor on every entry: they stop
      // at the block's last true entry, so every store lands inside the
      // block's own share of the output.
      int64_t stop = hi;
      while (!p.mask[stop - 1]) --stop;
      if (!p.in) {
        int64_t* out = reinterpret_cast<int64_t*>(p.out) + at;
        for (int64_t i = lo; i < stop; ++i) {
          *out = i;
          out += p.mask[i] != 0;
        }
        continue;
      }
      switch (p.row_bytes) {
        case 1: write_items<uint8_t>(p, lo, stop, at); continue;
        case 2: write_items<uint16_t>(p, lo, stop, at); continue;
        case 4: write_items<uint32_t>(p, lo, stop, at); continue;
        case 8: write_items<uint64_t>(p, lo, stop, at); continue;
        default: break;
      }
      for (int64_t i = lo; i < hi; ++i)
        if (p.mask[i]) std::memcpy(p.out + (at++) * p.row_bytes, p.in + i * p.row_bytes, p.row_bytes);
    }
  });
}

}  // namespace cunum::backend::cpu
