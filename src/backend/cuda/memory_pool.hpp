// Stream-ordered caching device memory pool of the CUDA backend.
//
// Why a pool: cudaMalloc/cudaFree are slow and cudaFree synchronizes the whole
// device. The pool takes large segments from an Upstream (cudaMalloc in the real
// backend), cuts them into blocks, and keeps freed blocks cached for reuse; memory
// goes back to the Upstream only on free_all_blocks(), on out-of-memory, or when
// the pool is destroyed.
//
// Why stream-ordered: a kernel using a block may still be queued on its stream
// when the host frees the block. Every block belongs to the stream it was
// allocated on, and a freed block is only reused by allocations on that same
// stream: work on one stream runs in order, so the next user of the block runs
// after every earlier use and no synchronization is needed.
//
// Why events for cross-stream use: if a block was also used by work on another
// stream T (the caller says so with record_stream), stream order no longer
// protects it. On free, the pool records an event on each such T and keeps the
// block out of every free list until all those events have completed; later
// allocations poll the events (never block). Only the out-of-memory path blocks:
// it synchronizes the device, then returns every cached segment and retries once.
//
// Layout: a segment (one Upstream allocation) is a doubly linked list of blocks
// in address order. Free blocks sit in one of two best-fit sets ordered by
// (stream, size, address): small requests (<= 1 MiB) come from 2 MiB segments,
// large ones from segments of the request rounded up to 2 MiB. Sizes are rounded
// up to 512 bytes; a block is split when the remainder is useful, and merged
// with free neighbours of the same segment on free.
//
// This file includes no CUDA header: the Upstream abstracts allocation and
// events, so the pool is unit-tested on machines without a GPU.
#pragma once
#include <cstddef>
#include <mutex>
#include <set>
#include <unordered_map>
#include <vector>

namespace cunum::backend::cuda {

using StreamHandle = void*;  // cudaStream_t in the real backend; nullptr = legacy default stream

// What the pool needs from the device runtime.
struct Upstream {
  virtual ~Upstream() = default;
  virtual void* allocate(size_t bytes) = 0;  // nullptr on out-of-memory (never throws for OOM)
  virtual void deallocate(void* p, size_t bytes) noexcept = 0;
  virtual void* record_event(StreamHandle s) = 0;  // an opaque event recorded on s
  virtual bool event_done(void* ev) = 0;           // non-blocking query
  virtual void destroy_event(void* ev) noexcept = 0;
  virtual void synchronize_all() = 0;  // device-wide sync (before releasing everything on OOM)
};

struct PoolStats {
  size_t used_bytes;     // blocks handed out, plus freed blocks still waiting on events
  size_t total_bytes;    // bytes held from the Upstream
  size_t free_bytes;     // total_bytes - used_bytes: cached, reusable
  size_t n_free_blocks;  // cached free blocks
};

class MemoryPool {
 public:
  explicit MemoryPool(Upstream& up);
  ~MemoryPool();  // returns all cached memory to the Upstream
  MemoryPool(const MemoryPool&) = delete;
  MemoryPool& operator=(const MemoryPool&) = delete;

  // A block of at least `bytes` (0 allowed) usable in stream order on `stream`.
  // Throws cunum::OutOfMemoryError when the Upstream fails (or the limit is hit)
  // even after returning every cached block.
  void* allocate(size_t bytes, StreamHandle stream);
  // p: from allocate (nullptr and unknown pointers are ignored). Freeing on a
  // stream other than the allocation stream counts as a use on that stream
  // (as if record_stream(p, stream) had been called).
  void deallocate(void* p, StreamHandle stream) noexcept;
  // Work on `other` uses p: on free, p is not reused until that work is done.
  // Throws cunum::ValueError if p is not a live allocation of this pool.
  void record_stream(void* p, StreamHandle other);
  // Returns to the Upstream every segment that is entirely free (a free block
  // inside a segment with live allocations cannot be returned on its own).
  void free_all_blocks();
  void set_limit(size_t bytes);  // 0 = no limit; new segments may not push total_bytes over it
  size_t get_limit() const;
  PoolStats stats() const;
  // Walks every segment and checks the bookkeeping (links, sizes, free lists,
  // counters); throws cunum::InternalError on the first inconsistency. For tests.
  void check_consistency() const;

 private:
  struct Block;
  struct BlockLess {
    bool operator()(const Block* a, const Block* b) const;
  };
  using FreeSet = std::set<Block*, BlockLess>;

  FreeSet& free_set(const Block* b);
  Block* find_free(size_t size, StreamHandle stream, bool small);
  Block* new_segment(size_t size, StreamHandle stream, bool small);
  void* take(Block* b, size_t size);  // split if worthwhile, mark allocated
  void free_block(Block* b);          // mark free, merge neighbours, cache
  void process_events();              // non-blocking poll of pending events
  void complete_all_events();         // after synchronize_all: every event is done
  void release_cached();              // give entirely free segments back

  Upstream& up_;
  mutable std::mutex mu_;
  FreeSet small_free_, large_free_;
  std::unordered_map<void*, Block*> allocated_;
  std::unordered_map<Block*, size_t> segments_;         // first block -> segment bytes
  std::vector<std::pair<void*, Block*>> pending_;       // event, block waiting on it
  size_t used_ = 0, total_ = 0, limit_ = 0;
};

}  // namespace cunum::backend::cuda
