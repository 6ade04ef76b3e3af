// A small per-thread cache of freed host blocks, so that the allocate/free of
// every temporary and result of a small array operation does not go through
// malloc (Note [CPU block cache] in block_cache.cpp).
#pragma once
#include <cstddef>

namespace cunum::backend::cpu {
// A 64-byte aligned block of at least `nbytes`; nullptr when out of memory.
void* cached_alloc(size_t nbytes);
// Returns a block of `nbytes` (the size it was asked for) to the cache or the system.
void cached_free(void* p, size_t nbytes) noexcept;
}  // namespace cunum::backend::cpu
