// parallel_memcpy (src/backend/cuda/host_copy.hpp): every byte lands, for
// sizes around its thresholds, from several threads at once.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <thread>
#include <vector>

#include "backend/cuda/host_copy.hpp"

using cunum::backend::cuda::parallel_memcpy;

namespace {
// Four threads whatever this machine has (read once, at the first copy), so
// the parallel path runs on a 2-core CI machine too.
const bool kFourThreads = [] { return setenv("CUNUM_COPY_THREADS", "4", 1) == 0; }();

std::vector<unsigned char> pattern(size_t n, unsigned seed) {
  std::vector<unsigned char> v(n);
  uint32_t x = seed * 2654435761u + 1;
  for (auto& b : v) b = static_cast<unsigned char>((x = x * 1664525u + 1013904223u) >> 24);
  return v;
}
}  // namespace

TEST(HostCopy, EveryByteForSizesAroundThresholds) {
  ASSERT_TRUE(kFourThreads);
  for (size_t n : {size_t{0}, size_t{1}, size_t{1} << 19, (size_t{1} << 20) - 1, size_t{1} << 20,
                   (size_t{1} << 20) + 1, (size_t{3} << 20) + 77, (size_t{8} << 20) + 5}) {
    const auto src = pattern(n, static_cast<unsigned>(n));
    std::vector<unsigned char> dst(n + 64, 0xAB);
    parallel_memcpy(dst.data() + 32, src.data(), n);
    for (size_t i = 0; i < 32; ++i) ASSERT_EQ(dst[i], 0xAB) << "wrote before the destination, n=" << n;
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(dst[32 + i], src[i]) << "byte " << i << " of " << n;
    for (size_t i = 0; i < 32; ++i) ASSERT_EQ(dst[32 + n + i], 0xAB) << "wrote past the end, n=" << n;
  }
}

TEST(HostCopy, ConcurrentCallers) {
  const size_t n = (size_t{5} << 20) + 3;
  std::vector<std::thread> callers;
  std::vector<int> ok(6, 0);
  for (int t = 0; t < 6; ++t)
    callers.emplace_back([&, t] {
      const auto src = pattern(n, static_cast<unsigned>(t + 1));
      for (int rep = 0; rep < 5; ++rep) {
        std::vector<unsigned char> dst(n);
        parallel_memcpy(dst.data(), src.data(), n);
        if (dst != src) return;
      }
      ok[t] = 1;
    });
  for (auto& c : callers) c.join();
  for (int t = 0; t < 6; ++t) EXPECT_EQ(ok[t], 1) << "caller " << t;
}
