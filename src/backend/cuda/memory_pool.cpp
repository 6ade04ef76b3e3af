// Stream-ordered caching device memory pool; the design is explained in memory_pool.hpp.
#include "backend/cuda/memory_pool.hpp"

#include <algorithm>
#include <cstdint>
#include <cunum/error.hpp>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <utility>

namespace cunum::backend::cuda {
namespace {
constexpr size_t kRound = 512;                 // every block size is a multiple of this
constexpr size_t kSmallSize = size_t{1} << 20;  // requests up to 1 MiB use the small pool
constexpr size_t kSmallSegment = size_t{2} << 20;  // segment size of the small pool
constexpr size_t kLargeRound = size_t{2} << 20;    // large segments are multiples of this

size_t round_up(size_t n, size_t m) { return (n + m - 1) / m * m; }
uintptr_t addr(const void* p) { return reinterpret_cast<uintptr_t>(p); }
}  // namespace

struct MemoryPool::Block {
  enum class State { Free, Allocated, Pending };  // Pending: freed, waiting on events
  Block(char* p, size_t n, StreamHandle s, bool sm) : ptr(p), size(n), stream(s), small(sm) {}
  char* ptr;
  size_t size;
  StreamHandle stream;  // the stream it was allocated on; never changes
  bool small;           // which pool its segment belongs to
  State state = State::Free;
  Block* prev = nullptr;  // neighbours in the same segment, in address order
  Block* next = nullptr;
  int events = 0;                    // pending events that must complete before reuse
  std::vector<StreamHandle> uses;    // other streams using it (record_stream)
};

bool MemoryPool::BlockLess::operator()(const Block* a, const Block* b) const {
  if (a->stream != b->stream) return addr(a->stream) < addr(b->stream);
  if (a->size != b->size) return a->size < b->size;
  return addr(a->ptr) < addr(b->ptr);
}

MemoryPool::MemoryPool(Upstream& up) : up_(up) {}

MemoryPool::~MemoryPool() {
  std::lock_guard lock(mu_);
  try {
    if (!pending_.empty()) up_.synchronize_all();
    complete_all_events();
  } catch (...) {  // device unusable: drop the events, keep those blocks out of reach
    for (auto& [ev, b] : pending_) up_.destroy_event(ev);
    pending_.clear();
  }
  release_cached();
  // Segments with live allocations stay with the Upstream (freeing memory still
  // pointed to would be worse); only the bookkeeping goes.
  for (auto& [head, bytes] : segments_)
    for (Block* b = head; b;) delete std::exchange(b, b->next);
}

MemoryPool::FreeSet& MemoryPool::free_set(const Block* b) {
  return b->small ? small_free_ : large_free_;
}

void* MemoryPool::allocate(size_t bytes, StreamHandle stream) {
  std::lock_guard lock(mu_);
  auto fail = [&] {
    return OutOfMemoryError("out of memory: cannot allocate " + std::to_string(bytes) +
                            " bytes on the device (memory pool: " + std::to_string(used_) +
                            " bytes in use, " + std::to_string(total_) + " bytes held" +
                            (limit_ ? ", limit " + std::to_string(limit_) + " bytes" : "") + ")");
  };
  if (bytes > std::numeric_limits<size_t>::max() - kLargeRound) throw fail();
  const size_t size = round_up(std::max<size_t>(bytes, 1), kRound);
  const bool small = size <= kSmallSize;

  process_events();
  Block* b = find_free(size, stream, small);
  if (!b) b = new_segment(size, stream, small);
  if (!b) {  // out of memory: wait for the device, return every cached segment, retry once
    up_.synchronize_all();
    complete_all_events();
    release_cached();
    b = find_free(size, stream, small);
    if (!b) b = new_segment(size, stream, small);
  }
  if (!b) throw fail();
  return take(b, size);
}

MemoryPool::Block* MemoryPool::find_free(size_t size, StreamHandle stream, bool small) {
  FreeSet& set = small ? small_free_ : large_free_;
  Block key{nullptr, size, stream, small};
  auto it = set.lower_bound(&key);  // smallest block on `stream` with size >= `size`
  if (it == set.end() || (*it)->stream != stream) return nullptr;
  Block* b = *it;
  set.erase(it);
  return b;
}

MemoryPool::Block* MemoryPool::new_segment(size_t size, StreamHandle stream, bool small) {
  const size_t preferred = small ? kSmallSegment : round_up(size, kLargeRound);
  // If the preferred segment does not fit (limit or device), try one of exactly `size`.
  const size_t tries[] = {preferred, size};
  for (size_t seg : std::span(tries, preferred == size ? 1 : 2)) {
    if (limit_ && (seg > limit_ || total_ > limit_ - seg)) continue;
    auto blk = std::make_unique<Block>(nullptr, seg, stream, small);
    void* p = up_.allocate(seg);
    if (!p) continue;
    blk->ptr = static_cast<char*>(p);
    try {
      segments_.emplace(blk.get(), seg);
    } catch (...) {
      up_.deallocate(p, seg);
      throw;
    }
    total_ += seg;
    return blk.release();
  }
  return nullptr;
}

void* MemoryPool::take(Block* b, size_t size) {
  const size_t rest = b->size - size;
  if (b->small ? rest >= kRound : rest > kSmallSize) {  // split off a useful remainder
    auto* r = new Block(b->ptr + size, rest, b->stream, b->small);
    r->prev = b;
    r->next = b->next;
    if (b->next) b->next->prev = r;
    b->next = r;
    b->size = size;
    free_set(r).insert(r);
  }
  b->state = Block::State::Allocated;
  allocated_.emplace(b->ptr, b);
  used_ += b->size;
  return b->ptr;
}

void MemoryPool::free_block(Block* b) {
  used_ -= b->size;
  b->state = Block::State::Free;
  b->uses.clear();
  if (Block* p = b->prev; p && p->state == Block::State::Free) {  // merge into prev
    free_set(p).erase(p);
    p->size += b->size;
    p->next = b->next;
    if (b->next) b->next->prev = p;
    delete b;
    b = p;
  }
  if (Block* n = b->next; n && n->state == Block::State::Free) {  // absorb next
    free_set(n).erase(n);
    b->size += n->size;
    b->next = n->next;
    if (n->next) n->next->prev = b;
    delete n;
  }
  free_set(b).insert(b);
}

void MemoryPool::deallocate(void* p, StreamHandle stream) noexcept {
  if (!p) return;
  std::lock_guard lock(mu_);
  auto it = allocated_.find(p);
  if (it == allocated_.end()) return;
  Block* b = it->second;
  allocated_.erase(it);
  if (stream != b->stream && std::find(b->uses.begin(), b->uses.end(), stream) == b->uses.end())
    b->uses.push_back(stream);
  if (b->uses.empty()) {  // only its own stream used it: reusable there at once
    free_block(b);
    return;
  }
  b->state = Block::State::Pending;
  try {
    pending_.reserve(pending_.size() + b->uses.size());
    for (StreamHandle s : b->uses) {
      pending_.emplace_back(up_.record_event(s), b);
      ++b->events;
    }
    b->uses.clear();
  } catch (...) {  // could not record an event: wait for the whole device instead
    try {
      up_.synchronize_all();
    } catch (...) {
      ++b->events;  // cannot prove the block idle: never reuse it
      return;
    }
    complete_all_events();
    if (b->state == Block::State::Pending) free_block(b);
  }
}

void MemoryPool::record_stream(void* p, StreamHandle other) {
  std::lock_guard lock(mu_);
  auto it = allocated_.find(p);
  CUNUM_CHECK(it != allocated_.end(), ValueError,
              "record_stream: pointer is not a live allocation of this memory pool");
  Block* b = it->second;
  if (other != b->stream && std::find(b->uses.begin(), b->uses.end(), other) == b->uses.end())
    b->uses.push_back(other);
}

void MemoryPool::process_events() {
  for (size_t i = 0; i < pending_.size();) {
    auto [ev, b] = pending_[i];
    if (!up_.event_done(ev)) {
      ++i;
      continue;
    }
    up_.destroy_event(ev);
    pending_[i] = pending_.back();
    pending_.pop_back();
    if (--b->events == 0) free_block(b);
  }
}

void MemoryPool::complete_all_events() {
  auto pending = std::move(pending_);
  pending_.clear();
  for (auto& [ev, b] : pending) {
    up_.destroy_event(ev);
    if (--b->events == 0) free_block(b);
  }
}

void MemoryPool::release_cached() {
  for (FreeSet* set : {&small_free_, &large_free_}) {
    for (auto it = set->begin(); it != set->end();) {
      Block* b = *it;
      if (b->prev || b->next) {  // part of a segment that is still in use
        ++it;
        continue;
      }
      it = set->erase(it);
      segments_.erase(b);
      total_ -= b->size;
      up_.deallocate(b->ptr, b->size);
      delete b;
    }
  }
}

void MemoryPool::free_all_blocks() {
  std::lock_guard lock(mu_);
  process_events();
  release_cached();
}

void MemoryPool::set_limit(size_t bytes) {
  std::lock_guard lock(mu_);
  limit_ = bytes;
}

size_t MemoryPool::get_limit() const {
  std::lock_guard lock(mu_);
  return limit_;
}

PoolStats MemoryPool::stats() const {
  std::lock_guard lock(mu_);
  return {used_, total_, total_ - used_, small_free_.size() + large_free_.size()};
}

void MemoryPool::check_consistency() const {
  std::lock_guard lock(mu_);
  using S = Block::State;
  size_t total = 0, used = 0, n_free = 0, n_alloc = 0;
  std::unordered_map<const Block*, int> waits;
  for (auto& [ev, b] : pending_) ++waits[b];
  for (auto& [head, bytes] : segments_) {
    CUNUM_ASSERT(head->prev == nullptr);
    total += bytes;
    size_t sum = 0;
    for (const Block* b = head; b; b = b->next) {
      CUNUM_ASSERT(b->ptr == head->ptr + sum);
      CUNUM_ASSERT(b->size > 0 && b->size % kRound == 0);
      CUNUM_ASSERT(b->stream == head->stream && b->small == head->small);
      CUNUM_ASSERT(!b->next || b->next->prev == b);
      const FreeSet& set = b->small ? small_free_ : large_free_;
      Block* mb = const_cast<Block*>(b);
      CUNUM_ASSERT((b->state == S::Free) == (set.count(mb) == 1));
      if (b->state == S::Free) {
        ++n_free;
        CUNUM_ASSERT(b->events == 0 && b->uses.empty());
        CUNUM_ASSERT(!b->next || b->next->state != S::Free);  // neighbours are merged
      } else {
        used += b->size;
      }
      if (b->state == S::Allocated) {
        ++n_alloc;
        auto it = allocated_.find(b->ptr);
        CUNUM_ASSERT(it != allocated_.end() && it->second == b);
      }
      if (b->state == S::Pending) CUNUM_ASSERT(b->events > 0 && b->events >= waits[b]);
      else CUNUM_ASSERT(waits.count(b) == 0);
      sum += b->size;
    }
    CUNUM_ASSERT(sum == bytes);
  }
  CUNUM_ASSERT(total == total_ && used == used_);
  CUNUM_ASSERT(n_free == small_free_.size() + large_free_.size());
  CUNUM_ASSERT(n_alloc == allocated_.size());
}

}  // namespace cunum::backend::cuda
