// The CPU backend's threads (src/backend/cpu/parallel.hpp) and plan walks
// (src/backend/cpu/nd_iter.hpp): every index exactly once, for sizes around
// the thresholds, from several callers at once, with exceptions, and for
// plans that take the threaded and tiled paths.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "backend/cpu/nd_iter.hpp"
#include "backend/cpu/parallel.hpp"

using namespace cunum::backend::cpu;
using cunum::backend::LoopPlan;

namespace {
// Four threads whatever this machine has, so that the threaded paths run on a
// 2-core CI machine too (and with more threads than cores).
struct FourThreads {
  FourThreads() { set_num_threads(4); }
  ~FourThreads() { set_num_threads(0); }
};

void expect_each_once(int64_t n, int64_t grain) {
  std::vector<std::atomic<int>> seen(static_cast<size_t>(n));
  parallel_for(n, grain, [&](int64_t b, int64_t e) {
    ASSERT_LE(0, b);
    ASSERT_LT(b, e);
    ASSERT_LE(e, n);
    for (int64_t i = b; i < e; ++i) seen[static_cast<size_t>(i)].fetch_add(1);
  });
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(seen[static_cast<size_t>(i)].load(), 1) << i;
}

std::set<std::thread::id> threads_used(int64_t n, int64_t grain) {
  std::mutex mu;
  std::set<std::thread::id> ids;
  parallel_for(n, grain, [&](int64_t, int64_t) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::lock_guard<std::mutex> lock(mu);
    ids.insert(std::this_thread::get_id());
  });
  return ids;
}
}  // namespace

TEST(ParallelFor, EveryIndexOnce) {
  FourThreads four;
  EXPECT_EQ(num_threads(), 4);
  for (int64_t grain : {1, 7, 4096})
    for (int64_t n :
         {int64_t{0}, int64_t{1}, grain - 1, grain, grain + 1, 2 * grain + 3, int64_t{100003}})
      expect_each_once(n, grain);
}

TEST(ParallelFor, ThreadsOnlyForLargeWork) {
  FourThreads four;
  EXPECT_EQ(threads_used(100, 100), std::set<std::thread::id>{std::this_thread::get_id()});
  EXPECT_GT(threads_used(64, 1).size(), 1u);
  set_num_threads(1);
  EXPECT_EQ(threads_used(64, 1), std::set<std::thread::id>{std::this_thread::get_id()});
}

TEST(ParallelFor, ExceptionsReachTheCaller) {
  FourThreads four;
  for (int rep = 0; rep < 20; ++rep) {
    EXPECT_THROW(parallel_for(1000, 10,
                              [&](int64_t b, int64_t e) {
                                if (b <= 537 && 537 < e) throw std::runtime_error("chunk");
                              }),
                 std::runtime_error);
    expect_each_once(1000, 10);  // the pool still works
  }
}

TEST(ParallelFor, NestedCallsRunOnTheirThread) {
  FourThreads four;
  std::vector<std::atomic<int>> seen(64 * 100);
  parallel_for(64, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      const auto outer = std::this_thread::get_id();
      parallel_for(100, 1, [&](int64_t b2, int64_t e2) {
        EXPECT_EQ(std::this_thread::get_id(), outer);
        for (int64_t j = b2; j < e2; ++j) seen[static_cast<size_t>(i * 100 + j)].fetch_add(1);
      });
    }
  });
  for (auto& s : seen) ASSERT_EQ(s.load(), 1);
}

TEST(ParallelFor, SeveralCallersAtOnce) {
  FourThreads four;
  std::vector<std::thread> callers;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t)
    callers.emplace_back([&, t] {
      for (int rep = 0; rep < 200; ++rep) {
        const int64_t n = 1000 + 37 * t + rep;
        std::atomic<int64_t> sum{0};
        parallel_for(n, 16, [&](int64_t b, int64_t e) {
          int64_t s = 0;
          for (int64_t i = b; i < e; ++i) s += i;
          sum.fetch_add(s);
        });
        if (sum.load() != n * (n - 1) / 2) wrong.fetch_add(1);
      }
    });
  for (auto& c : callers) c.join();
  EXPECT_EQ(wrong.load(), 0);
}

// ---------------------------------------------------------------- plan walks

namespace {
// A 2-operand plan over int32 buffers: out = in + 1 at every position.
struct Walk {
  std::vector<int32_t> in, out;
  LoopPlan plan;
};

// shape/strides in elements; the input of `perm` order over a C-contiguous
// buffer, the output C-contiguous (as the planner orders plans by the output).
Walk make_walk(const std::vector<int64_t>& shape, const std::vector<int>& perm,
               bool reverse_first) {
  Walk w;
  const int nd = static_cast<int>(shape.size());
  int64_t total = 1;
  for (int64_t s : shape) total *= s;
  w.in.resize(static_cast<size_t>(total));
  std::iota(w.in.begin(), w.in.end(), 0);
  w.out.assign(static_cast<size_t>(total), 0);
  // the input buffer is C-contiguous in the permuted shape
  std::vector<int64_t> pshape(nd), pstride(nd), in_strides(nd), out_strides(nd);
  for (int d = 0; d < nd; ++d) pshape[d] = shape[perm[d]];
  int64_t s = 4;
  for (int d = nd - 1; d >= 0; --d) pstride[d] = s, s *= pshape[d];
  for (int d = 0; d < nd; ++d) in_strides[perm[d]] = pstride[d];
  s = 4;
  for (int d = nd - 1; d >= 0; --d) out_strides[d] = s, s *= shape[d];
  char* in0 = reinterpret_cast<char*>(w.in.data());
  if (reverse_first) {
    in0 += in_strides[0] * (shape[0] - 1);
    in_strides[0] = -in_strides[0];
  }
  w.plan.shape = shape;
  w.plan.nops = 2;
  w.plan.data = {in0, reinterpret_cast<char*>(w.out.data())};
  w.plan.strides[0] = in_strides;
  w.plan.strides[1] = out_strides;
  return w;
}

// The value the walk must have written at each output position.
std::vector<int32_t> expected(const Walk& w) {
  const auto& p = w.plan;
  const int nd = static_cast<int>(p.shape.size());
  std::vector<int32_t> e(w.out.size());
  std::vector<int64_t> idx(nd, 0);
  for (size_t i = 0; i < e.size(); ++i) {
    int64_t off = 0;
    for (int d = 0; d < nd; ++d) off += idx[d] * p.strides[0][d];
    e[i] = *reinterpret_cast<const int32_t*>(p.data[0] + off) + 1;
    for (int d = nd - 1; d >= 0 && ++idx[d] == p.shape[d]; --d) idx[d] = 0;
  }
  return e;
}

void row(char** d, const int64_t* s, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    *reinterpret_cast<int32_t*>(d[1] + i * s[1]) =
        *reinterpret_cast<const int32_t*>(d[0] + i * s[0]) + 1;
}
}  // namespace

TEST(ForEachInner, EveryLayoutAndPath) {
  FourThreads four;
  struct Case {
    std::vector<int64_t> shape;
    std::vector<int> perm;
  };
  const std::vector<Case> cases = {
      {{300000}, {0}},            // 1-d, threaded over the inner dimension
      {{513, 1031}, {0, 1}},      // threaded over rows and within them
      {{513, 1031}, {1, 0}},      // transposed: tiled
      {{4, 70, 130}, {2, 0, 1}},  // 3-d permutations: tiled with outer dims
      {{70, 3, 130}, {0, 2, 1}}, {{33, 70, 130}, {1, 2, 0}},
      {{5, 1000}, {1, 0}},  // too few rows to tile
      {{1, 1}, {1, 0}},
  };
  for (const auto& c : cases)
    for (bool rev : {false, true})
      for (bool tiles : {false, true}) {
        Walk w = make_walk(c.shape, c.perm, rev);
        if (tiles) {
          // a tile body as the copy's: read along the tile's rows, write along its columns
          for_each_tile(
              w.plan, row,
              [](char** d, const int64_t* rs, const int64_t* cs, int64_t nr, int64_t nc) {
                ASSERT_LE(nr, kTile);
                ASSERT_LE(nc, kTile);
                for (int64_t c2 = 0; c2 < nc; ++c2)
                  for (int64_t r = 0; r < nr; ++r)
                    *reinterpret_cast<int32_t*>(d[1] + r * rs[1] + c2 * cs[1]) =
                        *reinterpret_cast<const int32_t*>(d[0] + r * rs[0] + c2 * cs[0]) + 1;
              },
              1 << 12);
        } else {
          for_each_inner(w.plan, row, 1 << 12);
        }
        ASSERT_EQ(w.out, expected(w))
            << "ndim " << c.shape.size() << " rev " << rev << " tiles " << tiles;
      }
}

TEST(ForEachInner, ZeroDimAndEmpty) {
  int32_t a = 41, b = 0;
  LoopPlan p;
  p.nops = 2;
  p.data = {reinterpret_cast<char*>(&a), reinterpret_cast<char*>(&b)};
  for_each_inner(p, row);
  EXPECT_EQ(b, 42);
  p.shape = {0, 5};
  p.strides[0] = {20, 4};
  p.strides[1] = {20, 4};
  for_each_inner(p, [](char**, const int64_t*, int64_t) { FAIL(); });
}
