// cunum::random from C++: Philox's published answers, NumPy's seeding, the
// counter model (a fill split in two is the fill), bounds, and CPU == GPU
// bit for bit where a GPU is present.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "cunum/creation.hpp"
#include "cunum/device.hpp"
#include "cunum/error.hpp"
#include "cunum/kernels/philox.hpp"
#include "cunum/kernels/random_engines.hpp"
#include "cunum/kernels/random_math.hpp"
#include "cunum/random.hpp"

using namespace cunum;

namespace {
template <class T> std::vector<T> host(const ndarray& a) {
  std::vector<T> v(static_cast<size_t>(a.size()));
  a.copy_to_host(v.data());
  return v;
}
}  // namespace

TEST(Random, PhiloxKnownAnswers) {
  // Random123's kat_vectors for philox4x32-10.
  auto r = random::philox4x32_10(0, 0, 0, 0, 0, 0);
  EXPECT_EQ(r.w[0], 0x6627e8d5u);
  EXPECT_EQ(r.w[3], 0x9b00dbd8u);
  r = random::philox4x32_10(~0u, ~0u, ~0u, ~0u, ~0u, ~0u);
  EXPECT_EQ(r.w[0], 0x408f276du);
  EXPECT_EQ(r.w[3], 0x6d5451fdu);
  r = random::philox4x32_10(0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u, 0xa4093822u, 0x299f31d0u);
  EXPECT_EQ(r.w[0], 0xd16cfe09u);
  EXPECT_EQ(r.w[1], 0x94fdccebu);
  EXPECT_EQ(r.w[2], 0x5001e420u);
  EXPECT_EQ(r.w[3], 0x24126ea1u);
}

TEST(Random, SeedStateIsNumpysSeedSequence) {
  // numpy.random.SeedSequence(s).generate_state(2)
  const struct { uint64_t seed; uint32_t k0, k1; } cases[] = {
      {0, 0xb0f478beu, 0xdb2cd7e7u}, {42, 0xcd540ab7u, 0x9f1e2e6du}, {(1ull << 40) + 3, 0xa64674f4u, 0x5418c9b7u}};
  for (const auto& c : cases) {
    const random::BitState s = random::seed_state(c.seed);
    EXPECT_EQ(s.key[0], c.k0) << c.seed;
    EXPECT_EQ(s.key[1], c.k1) << c.seed;
    EXPECT_EQ(s.counter, 0u);
  }
}

TEST(Random, SplitFillsEqualOneFill) {
  random::Generator a(7, Device::cpu()), b(7, Device::cpu());
  const auto whole = host<double>(a.random({1000}));
  auto first = host<double>(b.random({400}));
  const auto second = host<double>(b.random({600}));
  first.insert(first.end(), second.begin(), second.end());
  EXPECT_EQ(whole, first);
  for (double x : whole) {
    EXPECT_GE(x, 0.0);
    EXPECT_LT(x, 1.0);
  }
  random::Generator c(8, Device::cpu());
  EXPECT_NE(whole, host<double>(c.random({1000})));
}

TEST(Random, IntegersBoundsAndErrors) {
  random::Generator g(3, Device::cpu());
  const auto v = host<int8_t>(g.integers(-3, 4, {5000}, DType::Int8));
  bool seen[7] = {};
  for (int8_t x : v) {
    ASSERT_GE(x, -3);
    ASSERT_LT(x, 4);
    seen[x + 3] = true;
  }
  for (bool s : seen) EXPECT_TRUE(s);
  EXPECT_THROW(g.integers(5, 5, {3}), ValueError);
  EXPECT_THROW(g.normal(0.0, -1.0, {3}), ValueError);
  EXPECT_THROW(g.random({3}, DType::Int32), TypeError);
}

TEST(Random, PermutationsHoldEveryElement) {
  random::BitState st = random::seed_state(5);
  auto p = host<int64_t>(random::permutation(st, 1000, Device::cpu()));
  std::vector<int64_t> sorted = p;
  std::sort(sorted.begin(), sorted.end());
  for (int64_t i = 0; i < 1000; ++i) ASSERT_EQ(sorted[static_cast<size_t>(i)], i);
  std::vector<int64_t> iota(1000);
  for (int64_t i = 0; i < 1000; ++i) iota[static_cast<size_t>(i)] = i;
  EXPECT_NE(p, iota);
  const ndarray m = from_host(iota, {10, 100}, Device::cpu());
  const auto rows = host<int64_t>(random::permuted(st, m, 1));
  for (int r = 0; r < 10; ++r) {
    std::vector<int64_t> row(rows.begin() + r * 100, rows.begin() + (r + 1) * 100);
    std::sort(row.begin(), row.end());
    for (int c = 0; c < 100; ++c) ASSERT_EQ(row[static_cast<size_t>(c)], r * 100 + c);
  }
  random::shuffle(st, m, 0);
  const auto shuffled = host<int64_t>(m);
  for (int r = 0; r < 10; ++r) EXPECT_EQ(shuffled[static_cast<size_t>(r * 100)] % 100, 0);
}

TEST(Random, OutOfAnyLayoutGetsTheSameValues) {
  // A strided out= is filled through a temporary: the values are those of a fresh array.
  random::BitState a = random::seed_state(9), b = random::seed_state(9);
  const ndarray fresh = random::sample(a, random::Dist::Normal, {6, 5}, DType::Float32, {1.0, 2.0}, {},
                                       Device::cpu());
  const ndarray out = zeros({5, 6}, DType::Float32, Device::cpu()).transpose();
  random::sample(b, random::Dist::Normal, {6, 5}, DType::Float32, {1.0, 2.0}, out);
  EXPECT_EQ(host<float>(fresh), host<float>(ascontiguousarray(out)));
  EXPECT_EQ(a.counter, b.counter);
  // array parameters broadcast against the output
  random::BitState c = random::seed_state(1);
  const ndarray scale = from_host<double>({0.0, 1.0, 0.0}, {3}, Device::cpu());
  const auto v = host<double>(random::sample(c, random::Dist::Normal, {4, 3}, DType::Float64, {5.0, scale}, {},
                                             Device::cpu()));
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(v[static_cast<size_t>(3 * r)], 5.0);
    EXPECT_EQ(v[static_cast<size_t>(3 * r + 2)], 5.0);
    EXPECT_NE(v[static_cast<size_t>(3 * r + 1)], 5.0);
  }
}

TEST(Random, CpuEqualsGpu) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "needs a CUDA device";
  random::Generator c(2024, Device::cpu()), d(2024, Device::cuda(0));
  const ndarray pairs[][2] = {
      {c.random({100001}), d.random({100001})},
      {c.random({100001}, DType::Float32), d.random({100001}, DType::Float32)},
      {c.standard_normal({100001}), d.standard_normal({100001})},
      {c.standard_normal({100001}, DType::Float32), d.standard_normal({100001}, DType::Float32)},
      {c.normal(1.0, 2.0, {4097}), d.normal(1.0, 2.0, {4097})},
      {c.uniform(-1.0, 3.0, {4097}), d.uniform(-1.0, 3.0, {4097})},
      {c.integers(0, 1000, {100001}), d.integers(0, 1000, {100001})},
      {c.integers(-5, 5, {4097}, DType::Int16), d.integers(-5, 5, {4097}, DType::Int16)},
      {c.exponential(2.0, {4097}), d.exponential(2.0, {4097})},
  };
  for (const auto& p : pairs) {
    ASSERT_EQ(p[0].dtype(), p[1].dtype());
    std::vector<unsigned char> a(static_cast<size_t>(p[0].nbytes())), b(a.size());
    p[0].copy_to_host(a.data());
    p[1].copy_to_host(b.data());
    EXPECT_EQ(a, b) << dtype_name(p[0].dtype());
  }
}

// Note [Sequential engines]: the skip-ahead tables against stepping, for
// positions that set low and mixed bits, and a C++ Generator over XORWOW /
// MRG32k3a state on both devices.
TEST(Random, SequentialEnginesSkipAheadEqualsStepping) {
  std::vector<uint32_t> table(static_cast<size_t>(random::kJumpTableWords));
  random::build_jump_tables(table.data());
  const uint32_t init[6] = {123456789u, 362436069u, 521288629u, 88675123u, 5783321u, 6615241u};
  for (auto e : {random::Engine::Xorwow, random::Engine::Mrg32k3a}) {
    random::EngineCursor seq(e, init, table.data(), 0, 0);
    std::vector<uint32_t> words(4 * 3000);
    for (auto& w : words) w = seq.next();
    for (uint64_t b : {1ull, 2ull, 3ull, 255ull, 1024ull, 2999ull}) {
      random::EngineCursor c(e, init, table.data(), b, 0);
      for (int j = 0; j < 4; ++j) EXPECT_EQ(c.next(), words[static_cast<size_t>(4 * b + j)]) << int(e) << " " << b;
    }
    // skipping a then b equals skipping a + b (the tables compose)
    random::EngineCursor far(e, init, table.data(), (1ull << 40) + 7, 0);
    random::EngineCursor near(e, init, table.data(), 1ull << 40, 0);
    for (int j = 0; j < 28; ++j) near.next();
    EXPECT_EQ(far.next(), near.next());
  }
}

TEST(Random, SequentialEnginesCpuEqualsGpu) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "needs a CUDA device";
  for (uint32_t engine : {1u, 2u}) {
    random::BitState s = random::seed_state(77);
    s.engine = engine;
    const uint32_t init[6] = {1u, 2u, 3u, 4u, 5u, 6u};
    std::memcpy(s.init, init, sizeof init);
    random::Generator c(s, Device::cpu()), d(s, Device::cuda(0));
    const ndarray pairs[][2] = {
        {c.random({300001}, DType::Float32), d.random({300001}, DType::Float32)},
        {c.standard_normal({100001}), d.standard_normal({100001})},
        {c.integers(0, 1000, {100001}), d.integers(0, 1000, {100001})},
        {c.gamma(3.0, 1.0, {4097}), d.gamma(3.0, 1.0, {4097})},
    };
    for (const auto& p : pairs) {
      std::vector<unsigned char> a(static_cast<size_t>(p[0].nbytes())), b(a.size());
      p[0].copy_to_host(a.data());
      p[1].copy_to_host(b.data());
      EXPECT_EQ(a, b) << engine << " " << dtype_name(p[0].dtype());
    }
  }
}

// Note [Uniform logarithm]: the float normals' and exponentials' log(U),
// U = k 2^-24, within 1 ulp of the double log for every one of the 2^24
// values (0.87 measured: degree 8, one-term ln 2), and exact at U = 1.
TEST(Random, UniformLogAccuracy) {
  double worst = 0;
  uint32_t at = 0;
  for (uint32_t k = 1; k < (1u << 24); ++k) {
    const double ref = std::log(double(k) / 16777216.0);
    const float r = float(ref), got = random::rmath::log_u24(k);
    const double ulp = double(std::nextafter(std::fabs(r), INFINITY)) - std::fabs(r);
    const double err = std::fabs(double(got) - ref) / ulp;
    if (err > worst) worst = err, at = k;
  }
  EXPECT_LE(worst, 1.0) << "k = " << at;
  EXPECT_EQ(random::rmath::log_u24(1u << 24), 0.0f);
}

// Note [Philox round keys]: the precomputed schedule gives StreamKey::block's words.
TEST(Random, RoundKeysEqualStreamKey) {
  const random::StreamKey keys[] = {{0, 0, 0}, {~0u, ~0u, 3}, {0xa4093822u, 0x299f31d0u, 1}, {0x12345678u, 0x9abcdef0u, 7}};
  for (const auto& k : keys) {
    const random::RoundKeys rk = random::round_keys(k);
    for (uint64_t b : {uint64_t(0), uint64_t(1), uint64_t(0xffffffffu), uint64_t(1) << 32, ~uint64_t(0), uint64_t(0x123456789abcdefull)}) {
      const random::Words4 x = k.block(b, 0, 0), y = rk.block(b);
      for (int j = 0; j < 4; ++j) EXPECT_EQ(x.w[j], y.w[j]) << b << " " << j;
    }
    // Note [Philox low word]: block_low(c0, j) is block (hi + j) 2^32 + c0,
    // the high word wrapping with the 64-bit counter.
    uint32_t c0 = 0x9e3779b9u;
    for (uint32_t hi : {0u, 1u, 0x7fffffffu, 0xfffffffeu, 0xffffffffu, 0x5bd1e995u}) {
      const random::RoundKeys lk = random::round_keys(k, hi);
      for (int i = 0; i < 64; ++i) {
        c0 = c0 * 1664525u + 1013904223u;
        const uint32_t lo = i < 3 ? uint32_t(i) - 1u : c0;  // 0xffffffff, 0, 1, then spread
        for (int jj = 0; jj < 2; ++jj) {
          const uint64_t b = (uint64_t(hi + uint32_t(jj)) << 32) | lo;
          const random::Words4 x = k.block(b, 0, 0), y = lk.block_low(lo, jj);
          for (int j = 0; j < 4; ++j) EXPECT_EQ(x.w[j], y.w[j]) << hi << " " << lo << " " << jj;
        }
      }
    }
  }
}

// Note [Uniform logarithm], the normals' radius: neg2_log_u24 is -2 log_u24
// for every one of the 2^24 inputs (the same value; the sign of the zero at
// U = 1 aside, which the radius's square root keeps).
TEST(Random, NegTwoLogEqualsScaledLog) {
  uint32_t bad = 0, first = 0;
  for (uint32_t k = 1; k <= (1u << 24); ++k) {
    const float want = -2.0f * random::rmath::log_u24(k), got = random::rmath::neg2_log_u24(k);
    if (!(want == got)) {
      if (bad++ == 0) first = k;
    }
  }
  EXPECT_EQ(bad, 0u) << "first at k = " << first;
}

// Note [Table sine and cosine]: the table holds the nearest floats of sin
// and cos of 2 pi j / 1024 (exact at the quadrant points), and sincos_turn32
// is within 2 ulp (of the larger of |sin|, |cos|) of the double functions
// over 2^22 words spread over the whole turn, plus the words around every
// table point and both ends.
TEST(Random, TableSineCosine) {
  const double two_pi = 6.283185307179586476925;
  for (int j = 0; j < 1024; ++j) {
    const random::rmath::SinCos t = random::rmath::kTurnTable[j];
    const double s = std::sin(two_pi * j / 1024), c = std::cos(two_pi * j / 1024);
    if (j % 256 == 0) {
      EXPECT_EQ(std::fabs(t.s) + std::fabs(t.c), 1.0f) << j;
      continue;
    }
    for (auto [got, ref] : {std::pair<float, double>{t.s, s}, {t.c, c}}) {
      const float r = float(ref);
      const double ulp = double(std::nextafter(std::fabs(r), INFINITY)) - std::fabs(r);
      EXPECT_LE(std::fabs(double(got) - ref), 0.5 * ulp * (1 + 1e-6)) << j;
    }
  }
  double worst = 0;
  uint32_t at = 0;
  auto check = [&](uint32_t w) {
    float s, c;
    random::rmath::sincos_turn32(w, random::rmath::turn_table(), s, c);
    const double angle = two_pi * (double(w) / 4294967296.0);
    const double rs = std::sin(angle), rc = std::cos(angle);
    const float big = float(std::max(std::fabs(rs), std::fabs(rc)));
    const double ulp = double(std::nextafter(big, INFINITY)) - big;
    const double err = std::max(std::fabs(s - rs), std::fabs(c - rc)) / ulp;
    if (err > worst) worst = err, at = w;
  };
  for (uint32_t i = 0; i < (1u << 22); ++i) check(i * 1024u + (i * 2654435761u >> 22));
  for (uint32_t j = 0; j < 1024; ++j)
    for (int d = -3; d <= 3; ++d) {
      check(j * (1u << 22) + uint32_t(d));
      check(j * (1u << 22) + (1u << 21) + uint32_t(d));
    }
  EXPECT_LE(worst, 2.0) << "w = " << at;
  // exact zeros stay zeros where the word is a quadrant point
  float s, c;
  random::rmath::sincos_turn32(0, random::rmath::turn_table(), s, c);
  EXPECT_EQ(s, 0.0f);
  EXPECT_EQ(c, 1.0f);
  random::rmath::sincos_turn32(1u << 30, random::rmath::turn_table(), s, c);
  EXPECT_EQ(s, 1.0f);
  EXPECT_EQ(c, 0.0f);
}
