#include "backend/cpu/block_cache.hpp"

#include <cstdlib>

namespace cunum::backend::cpu {

namespace {
// Note [CPU block cache]
// Blocks up to 1 MiB are rounded up to a power of two (from 64 bytes) and, when
// freed, kept on a free list of their class in the freeing thread, a few per
// class: an `x + y` on small arrays then reuses the block its previous result
// held instead of calling malloc and free (whose consolidation showed in the
// profile). Larger blocks go straight to the system, so the cache never holds
// more than kPerClass * 2 MiB per thread. Each thread's lists are returned to
// the system when the thread ends.
constexpr size_t kMinShift = 6, kMaxShift = 20;
constexpr int kClasses = kMaxShift - kMinShift + 1;
constexpr int kPerClass = 4;

int class_of(size_t nbytes) {
  size_t c = size_t(1) << kMinShift;
  int k = 0;
  while (c < nbytes) c <<= 1, ++k;
  return k;
}

struct ThreadCache {
  void* blocks[kClasses][kPerClass] = {};
  int count[kClasses] = {};
  ~ThreadCache() {
    for (int k = 0; k < kClasses; ++k)
      for (int i = 0; i < count[k]; ++i) std::free(blocks[k][i]);
  }
};
thread_local ThreadCache t_cache;
}  // namespace

void* cached_alloc(size_t nbytes) {
  if (nbytes > (size_t(1) << kMaxShift)) return std::aligned_alloc(64, (nbytes + 63) / 64 * 64);
  const int k = class_of(nbytes);
  ThreadCache& c = t_cache;
  if (c.count[k] > 0) return c.blocks[k][--c.count[k]];
  return std::aligned_alloc(64, size_t(1) << (kMinShift + k));
}

void cached_free(void* p, size_t nbytes) noexcept {
  if (!p) return;
  if (nbytes <= (size_t(1) << kMaxShift)) {
    const int k = class_of(nbytes);
    ThreadCache& c = t_cache;
    if (c.count[k] < kPerClass) {
      c.blocks[k][c.count[k]++] = p;
      return;
    }
  }
  std::free(p);
}

}  // namespace cunum::backend::cpu
