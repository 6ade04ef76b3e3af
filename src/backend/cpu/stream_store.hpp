// Streaming (non-temporal) stores for outputs too large to stay in cache.
//
// Note [Streaming stores]
// An ordinary store to a line that is not in cache first reads the line from
// memory (to own it), then writes it back: `add(x, y, out=o)` on arrays far
// larger than the caches moves four arrays' worth of bytes, not three.
// Streaming stores write whole lines without reading them first. For plans
// whose output is at least kStreamMinBytes (then it would not stay in cache
// for the next operation anyway) and contiguous along the inner dimension,
// for_each_inner (nd_iter.hpp) has the loop write runs of kStageBytes into a
// buffer in L1 and streams the buffer out: 10-25% less time for `add(out=)` on
// 2^24 float32 here, more with two threads sharing the memory bus. glibc's
// memcpy and memset do the same above a similar size. Only x86-64 has them
// here; elsewhere stream_copy is memcpy and staging is off.
#pragma once
#include <cstddef>
#include <cstdint>

namespace cunum::backend::cpu {

inline constexpr int64_t kStreamMinBytes = int64_t{16} << 20;
inline constexpr int64_t kStageBytes = 8192;

#if defined(__x86_64__) || defined(_M_X64)
inline constexpr bool kHaveStreamingStores = true;
#else
inline constexpr bool kHaveStreamingStores = false;
#endif

// dst <- src (n bytes, not overlapping) with streaming stores where aligned.
void stream_copy(char* dst, const char* src, size_t n);
// Orders this thread's streaming stores before its later stores (call once a
// range is done, before another thread may read what it wrote).
void stream_fence();

}  // namespace cunum::backend::cpu
