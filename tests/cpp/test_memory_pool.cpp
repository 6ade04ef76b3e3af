// Tests of the stream-ordered caching memory pool of the CUDA backend, run on
// the host: a fake Upstream hands out malloc memory, counts calls, can be told to
// fail, and has events that the test completes by hand.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <cunum/error.hpp>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "../../src/backend/cuda/memory_pool.hpp"

using namespace cunum::backend::cuda;

namespace {
constexpr size_t KiB = 1024, MiB = 1024 * 1024;

StreamHandle stream(int i) { return reinterpret_cast<StreamHandle>(static_cast<uintptr_t>(0x1000 * i)); }
const StreamHandle S1 = stream(1), S2 = stream(2), S3 = stream(3);

struct FakeUpstream : Upstream {
  size_t capacity = SIZE_MAX;  // allocate fails when it would hold more than this
  size_t held = 0;
  int n_alloc = 0, n_dealloc = 0, n_sync = 0;
  std::map<void*, size_t> live;
  std::map<void*, bool> events;  // event -> done
  std::vector<std::pair<StreamHandle, void*>> recorded;

  ~FakeUpstream() override {
    for (auto& [p, n] : live) std::free(p);
    for (auto& [ev, done] : events) delete static_cast<int*>(ev);
  }
  void* allocate(size_t bytes) override {
    if (bytes > capacity - held) return nullptr;
    void* p = std::malloc(bytes);
    live[p] = bytes;
    held += bytes;
    ++n_alloc;
    return p;
  }
  void deallocate(void* p, size_t bytes) noexcept override {
    EXPECT_EQ(live.at(p), bytes) << "deallocate with the wrong size";
    live.erase(p);
    held -= bytes;
    ++n_dealloc;
    std::free(p);
  }
  void* record_event(StreamHandle s) override {
    void* ev = new int(0);
    events[ev] = false;
    recorded.emplace_back(s, ev);
    return ev;
  }
  bool event_done(void* ev) override { return events.at(ev); }
  void destroy_event(void* ev) noexcept override {
    EXPECT_EQ(events.erase(ev), 1u);
    delete static_cast<int*>(ev);
  }
  void synchronize_all() override {
    ++n_sync;
    complete_all();
  }
  void complete_all() {
    for (auto& [ev, done] : events) done = true;
  }
};

// Every byte accounted for: the pool's own walk of its segments, plus the totals.
void expect_consistent(const MemoryPool& pool, const FakeUpstream& up) {
  ASSERT_NO_THROW(pool.check_consistency());
  PoolStats s = pool.stats();
  EXPECT_EQ(s.total_bytes, up.held);
  EXPECT_EQ(s.total_bytes, s.used_bytes + s.free_bytes);
}
}  // namespace

TEST(MemoryPool, ReusesFreedBlockOnSameStream) {
  FakeUpstream up;
  MemoryPool pool(up);
  void* p = pool.allocate(1000, S1);
  EXPECT_EQ(up.n_alloc, 1);
  EXPECT_EQ(pool.stats().used_bytes, 1024u);  // rounded to 512
  EXPECT_EQ(pool.stats().total_bytes, 2 * MiB);
  pool.deallocate(p, S1);
  EXPECT_EQ(pool.stats().used_bytes, 0u);
  EXPECT_EQ(pool.allocate(900, S1), p);
  EXPECT_EQ(up.n_alloc, 1);
  expect_consistent(pool, up);
}

TEST(MemoryPool, NoReuseAcrossStreams) {
  FakeUpstream up;
  MemoryPool pool(up);
  void* p = pool.allocate(1000, S1);
  pool.deallocate(p, S1);
  void* q = pool.allocate(1000, S2);
  EXPECT_NE(q, p);
  EXPECT_EQ(up.n_alloc, 2);
  EXPECT_EQ(pool.allocate(1000, S1), p);  // S1 still has its block
  EXPECT_EQ(up.n_alloc, 2);
  expect_consistent(pool, up);
}

TEST(MemoryPool, ZeroBytesGivesDistinctBlocks) {
  FakeUpstream up;
  MemoryPool pool(up);
  void* a = pool.allocate(0, S1);
  void* b = pool.allocate(0, S1);
  EXPECT_NE(a, nullptr);
  EXPECT_NE(a, b);
  EXPECT_EQ(pool.stats().used_bytes, 1024u);
}

TEST(MemoryPool, SplitAndMerge) {
  FakeUpstream up;
  MemoryPool pool(up);
  char* a = static_cast<char*>(pool.allocate(4096, S1));
  char* b = static_cast<char*>(pool.allocate(4096, S1));
  char* c = static_cast<char*>(pool.allocate(4000, S1));
  EXPECT_EQ(up.n_alloc, 1);
  EXPECT_EQ(b, a + 4096);  // carved one after the other from one segment
  EXPECT_EQ(c, b + 4096);
  PoolStats s = pool.stats();
  EXPECT_EQ(s.used_bytes, 3 * 4096u);
  EXPECT_EQ(s.free_bytes, 2 * MiB - 3 * 4096);
  EXPECT_EQ(s.n_free_blocks, 1u);  // the remainder of the segment

  pool.deallocate(b, S1);  // a and c are live: b cannot merge
  EXPECT_EQ(pool.stats().n_free_blocks, 2u);
  pool.deallocate(a, S1);  // a merges with b
  EXPECT_EQ(pool.stats().n_free_blocks, 2u);
  expect_consistent(pool, up);
  pool.deallocate(c, S1);  // a+b, c and the remainder become one block
  s = pool.stats();
  EXPECT_EQ(s.n_free_blocks, 1u);
  EXPECT_EQ(s.used_bytes, 0u);
  EXPECT_EQ(s.free_bytes, 2 * MiB);
  expect_consistent(pool, up);
  // The merged block is whole again: a 1 MiB request is carved from its start.
  EXPECT_EQ(pool.allocate(1 * MiB, S1), a);
  EXPECT_EQ(up.n_alloc, 1);
}

TEST(MemoryPool, BestFit) {
  FakeUpstream up;
  MemoryPool pool(up);
  // Free holes of 8K, 4K and 16K separated by live 512-byte blocks.
  void* h8 = pool.allocate(8 * KiB, S1);
  pool.allocate(1, S1);
  void* h4 = pool.allocate(4 * KiB, S1);
  pool.allocate(1, S1);
  void* h16 = pool.allocate(16 * KiB, S1);
  pool.allocate(1, S1);
  pool.deallocate(h8, S1);
  pool.deallocate(h4, S1);
  pool.deallocate(h16, S1);
  EXPECT_EQ(pool.stats().n_free_blocks, 4u);
  EXPECT_EQ(pool.allocate(3 * KiB, S1), h4);
  EXPECT_EQ(pool.allocate(5 * KiB, S1), h8);
  EXPECT_EQ(pool.allocate(9 * KiB, S1), h16);
  EXPECT_EQ(up.n_alloc, 1);
  expect_consistent(pool, up);
}

TEST(MemoryPool, LargeRequestsUseTheirOwnSegments) {
  FakeUpstream up;
  MemoryPool pool(up);
  void* big = pool.allocate(5 * MiB, S1);  // segment rounded up to 6 MiB
  EXPECT_EQ(up.live.at(big), 6 * MiB);
  // The 1 MiB remainder is not worth splitting off a large block.
  EXPECT_EQ(pool.stats().used_bytes, 6 * MiB);
  pool.deallocate(big, S1);
  // A small request never comes from the large pool.
  pool.allocate(1000, S1);
  EXPECT_EQ(up.n_alloc, 2);
  // A large request is carved from the cached large block (remainder > 1 MiB).
  EXPECT_EQ(pool.allocate(2 * MiB, S1), big);
  EXPECT_EQ(up.n_alloc, 2);
  PoolStats s = pool.stats();
  EXPECT_EQ(s.used_bytes, 2 * MiB + 1024);
  EXPECT_EQ(s.total_bytes, 8 * MiB);
  expect_consistent(pool, up);
}

TEST(MemoryPool, RecordStreamDelaysReuseUntilEventDone) {
  FakeUpstream up;
  MemoryPool pool(up);
  void* p = pool.allocate(4096, S1);
  pool.record_stream(p, S2);
  pool.record_stream(p, S1);  // its own stream: nothing to wait for
  pool.deallocate(p, S1);
  ASSERT_EQ(up.recorded.size(), 1u);
  EXPECT_EQ(up.recorded[0].first, S2);
  EXPECT_EQ(pool.stats().used_bytes, 4096u);  // still in use by S2's work
  expect_consistent(pool, up);

  void* q = pool.allocate(4096, S1);  // event not done: p is not handed out
  EXPECT_NE(q, p);
  EXPECT_NE(pool.allocate(4096, S1), p);
  up.complete_all();
  EXPECT_EQ(pool.allocate(4096, S1), p);  // polled on this call
  EXPECT_TRUE(up.events.empty());         // the event was destroyed
  EXPECT_EQ(up.n_sync, 0);                // never blocked
  EXPECT_EQ(up.n_alloc, 1);
  expect_consistent(pool, up);
}

TEST(MemoryPool, FreeOnAnotherStreamWaitsForThatStream) {
  FakeUpstream up;
  MemoryPool pool(up);
  void* p = pool.allocate(4096, S1);
  pool.deallocate(p, S2);
  ASSERT_EQ(up.recorded.size(), 1u);
  EXPECT_EQ(up.recorded[0].first, S2);
  EXPECT_NE(pool.allocate(4096, S1), p);
  up.complete_all();
  EXPECT_EQ(pool.allocate(4096, S1), p);  // back on its own stream S1
}

TEST(MemoryPool, LimitThrowsAndPoolStaysUsable) {
  FakeUpstream up;
  MemoryPool pool(up);
  pool.set_limit(4 * MiB);
  EXPECT_EQ(pool.get_limit(), 4 * MiB);
  void* a = pool.allocate(3 * MiB, S1);  // a 4 MiB segment
  PoolStats before = pool.stats();
  try {
    pool.allocate(512, S1);
    FAIL() << "expected OutOfMemoryError";
  } catch (const cunum::OutOfMemoryError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("512 bytes"), std::string::npos) << msg;
    EXPECT_NE(msg.find(std::to_string(4 * MiB)), std::string::npos) << msg;
  }
  PoolStats after = pool.stats();
  EXPECT_EQ(after.used_bytes, before.used_bytes);
  EXPECT_EQ(after.total_bytes, before.total_bytes);
  expect_consistent(pool, up);

  pool.deallocate(a, S1);
  EXPECT_NE(pool.allocate(512, S1), nullptr);  // the cached 4 MiB went back first
  EXPECT_LE(pool.stats().total_bytes, 4 * MiB);
  expect_consistent(pool, up);

  pool.set_limit(0);
  EXPECT_NE(pool.allocate(64 * MiB, S1), nullptr);
  expect_consistent(pool, up);
}

TEST(MemoryPool, LimitBelowSegmentSizeUsesExactSegments) {
  FakeUpstream up;
  MemoryPool pool(up);
  pool.set_limit(1 * MiB);
  void* p = pool.allocate(1000, S1);
  EXPECT_EQ(up.live.at(p), 1024u);
  EXPECT_EQ(pool.stats().total_bytes, 1024u);
  expect_consistent(pool, up);
}

TEST(MemoryPool, UpstreamFailureReleasesCacheAndRetries) {
  FakeUpstream up;
  up.capacity = 6 * MiB;
  MemoryPool pool(up);
  void* a = pool.allocate(3 * MiB, S1);  // 4 MiB segment
  pool.record_stream(a, S3);
  pool.deallocate(a, S1);  // pending on an event that is not done
  void* b = pool.allocate(3 * MiB, S2);  // needs 4 more MiB: only after a's segment goes back
  EXPECT_NE(b, nullptr);
  EXPECT_EQ(up.n_sync, 1);
  EXPECT_EQ(up.n_dealloc, 1);
  EXPECT_TRUE(up.events.empty());
  EXPECT_EQ(pool.stats().total_bytes, 4 * MiB);
  expect_consistent(pool, up);
}

TEST(MemoryPool, OutOfMemoryThrowsAndPoolStaysUsable) {
  FakeUpstream up;
  up.capacity = 4 * MiB;
  MemoryPool pool(up);
  void* a = pool.allocate(1000, S1);  // small segment with a live block: not releasable
  try {
    pool.allocate(8 * MiB, S1);
    FAIL() << "expected OutOfMemoryError";
  } catch (const cunum::OutOfMemoryError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find(std::to_string(8 * MiB) + " bytes"), std::string::npos) << msg;
    EXPECT_NE(msg.find("1024 bytes in use"), std::string::npos) << msg;
    EXPECT_NE(msg.find(std::to_string(2 * MiB) + " bytes held"), std::string::npos) << msg;
  }
  EXPECT_THROW(pool.allocate(SIZE_MAX, S1), cunum::OutOfMemoryError);
  EXPECT_EQ(pool.stats().used_bytes, 1024u);
  expect_consistent(pool, up);
  int n = up.n_alloc;
  void* b = pool.allocate(1000, S1);
  EXPECT_NE(b, a);
  EXPECT_EQ(up.n_alloc, n);
  EXPECT_NE(pool.allocate(2 * MiB, S2), nullptr);
  expect_consistent(pool, up);
}

TEST(MemoryPool, FreeAllBlocksReturnsMemory) {
  FakeUpstream up;
  MemoryPool pool(up);
  std::vector<std::pair<void*, StreamHandle>> ps = {
      {pool.allocate(1000, S1), S1}, {pool.allocate(70 * KiB, S2), S2},
      {pool.allocate(3 * MiB, S1), S1}, {pool.allocate(10 * MiB, S3), S3}};
  void* keep = pool.allocate(1000, S2);
  for (auto [p, s] : ps) pool.deallocate(p, s);
  EXPECT_GT(pool.stats().free_bytes, 0u);
  pool.free_all_blocks();
  PoolStats s = pool.stats();
  EXPECT_EQ(s.total_bytes, 2 * MiB);  // only the segment holding `keep`
  EXPECT_EQ(s.used_bytes, 1024u);
  EXPECT_EQ(s.n_free_blocks, 2u);  // S2's segment: [70 KiB free][keep][rest free]
  expect_consistent(pool, up);
  pool.deallocate(keep, S2);
  pool.free_all_blocks();
  s = pool.stats();
  EXPECT_EQ(s.total_bytes, 0u);
  EXPECT_EQ(s.n_free_blocks, 0u);
  EXPECT_EQ(up.held, 0u);
  EXPECT_EQ(up.n_dealloc, up.n_alloc);
}

TEST(MemoryPool, DestructorReturnsCachedMemory) {
  FakeUpstream up;
  {
    MemoryPool pool(up);
    void* a = pool.allocate(1000, S1);
    void* b = pool.allocate(5 * MiB, S2);
    pool.record_stream(b, S1);
    pool.deallocate(a, S1);
    pool.deallocate(b, S2);  // still pending
  }
  EXPECT_EQ(up.held, 0u);
  EXPECT_TRUE(up.events.empty());
}

TEST(MemoryPool, BadPointers) {
  FakeUpstream up;
  MemoryPool pool(up);
  int x = 0;
  EXPECT_THROW(pool.record_stream(&x, S2), cunum::ValueError);
  pool.deallocate(nullptr, S1);  // no-ops
  pool.deallocate(&x, S1);
  void* p = pool.allocate(100, S1);
  pool.deallocate(p, S1);
  pool.deallocate(p, S1);  // double free is ignored
  EXPECT_THROW(pool.record_stream(p, S2), cunum::ValueError);
  expect_consistent(pool, up);
}

// Random allocations, frees, cross-stream uses, event completions, releases and
// injected upstream failures; after every step the books must balance and live
// blocks must not overlap or be overwritten.
TEST(MemoryPool, RandomSequencesKeepStatsConsistent) {
  FakeUpstream up;
  MemoryPool pool(up);
  std::mt19937 rng(12345);
  auto uniform = [&](size_t lo, size_t hi) { return std::uniform_int_distribution<size_t>(lo, hi)(rng); };
  struct Live { size_t n; StreamHandle s; unsigned char tag; };
  std::map<char*, Live> live;
  auto fill = [](char* p, size_t n, unsigned char tag) {  // both ends and up to 4K
    std::memset(p, tag, std::min<size_t>(n, 4096));
    std::memset(p + n - std::min<size_t>(n, 256), tag, std::min<size_t>(n, 256));
  };
  auto intact = [](char* p, size_t n, unsigned char tag) {
    for (size_t i = 0; i < std::min<size_t>(n, 4096); ++i) if (static_cast<unsigned char>(p[i]) != tag) return false;
    for (size_t i = n - std::min<size_t>(n, 256); i < n; ++i) if (static_cast<unsigned char>(p[i]) != tag) return false;
    return true;
  };
  int n_oom = 0;
  for (int step = 0; step < 10000; ++step) {
    size_t op = uniform(0, 99);
    if (op < 46 || live.empty()) {
      size_t r = uniform(0, 99);
      size_t n = r < 70 ? uniform(0, 64 * KiB) : r < 90 ? uniform(64 * KiB, 1 * MiB) : uniform(1 * MiB, 12 * MiB);
      StreamHandle s = stream(static_cast<int>(uniform(0, 3)));
      up.capacity = uniform(0, 19) == 0 ? up.held + uniform(0, 4 * MiB) : SIZE_MAX;
      char* p;
      try {
        p = static_cast<char*>(pool.allocate(n, s));
      } catch (const cunum::OutOfMemoryError&) {
        ++n_oom;
        continue;
      }
      ASSERT_NE(p, nullptr);
      size_t len = std::max<size_t>(n, 1);
      auto next = live.lower_bound(p);
      ASSERT_TRUE(next == live.end() || p + len <= next->first) << "overlap at step " << step;
      if (next != live.begin()) {
        auto prev = std::prev(next);
        ASSERT_LE(prev->first + prev->second.n, p) << "overlap at step " << step;
      }
      auto tag = static_cast<unsigned char>(step);
      fill(p, len, tag);
      live[p] = {len, s, tag};
    } else if (op < 90) {
      auto it = std::next(live.begin(), static_cast<long>(uniform(0, live.size() - 1)));
      ASSERT_TRUE(intact(it->first, it->second.n, it->second.tag)) << "overwritten at step " << step;
      if (uniform(0, 3) == 0) pool.record_stream(it->first, stream(static_cast<int>(uniform(0, 3))));
      pool.deallocate(it->first, uniform(0, 9) == 0 ? stream(static_cast<int>(uniform(0, 3))) : it->second.s);
      live.erase(it);
    } else if (op < 98) {
      for (auto& [ev, done] : up.events) done = done || uniform(0, 1) == 0;
    } else {
      pool.free_all_blocks();
    }
    ASSERT_NO_THROW(pool.check_consistency()) << "step " << step;
    PoolStats s = pool.stats();
    ASSERT_EQ(s.total_bytes, up.held);
    ASSERT_EQ(s.total_bytes, s.used_bytes + s.free_bytes);
    size_t live_bytes = 0;
    for (auto& [p, l] : live) live_bytes += (l.n + 511) / 512 * 512;
    ASSERT_GE(s.used_bytes, live_bytes);
  }
  EXPECT_GT(n_oom, 0);               // the failure path was exercised
  EXPECT_GT(up.recorded.size(), 0u);  // and the cross-stream path
  for (auto& [p, l] : live) pool.deallocate(p, l.s);
  up.complete_all();
  pool.free_all_blocks();
  EXPECT_EQ(pool.stats().total_bytes, 0u);
  EXPECT_EQ(pool.stats().used_bytes, 0u);
  EXPECT_EQ(up.held, 0u);
  EXPECT_TRUE(up.events.empty());
}

TEST(MemoryPool, ConcurrentThreads) {
  FakeUpstream up;  // only ever called under the pool's lock
  MemoryPool pool(up);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&pool, t] {
      std::mt19937 rng(static_cast<unsigned>(t));
      std::vector<void*> mine;
      for (int i = 0; i < 3000; ++i) {
        if (mine.empty() || rng() % 2) {
          mine.push_back(pool.allocate(rng() % (256 * KiB), stream(t)));
        } else {
          pool.deallocate(mine.back(), stream(t));
          mine.pop_back();
        }
      }
      for (void* p : mine) pool.deallocate(p, stream(t));
    });
  for (auto& th : threads) th.join();
  expect_consistent(pool, up);
  EXPECT_EQ(pool.stats().used_bytes, 0u);
}
