// cunum::random's routines composed of fills (choice, dirichlet,
// multinomial, multivariate_hypergeometric, multivariate_normal) from C++:
// shapes, dtypes, statistics, NumPy's errors, determinism, equality with
// their composition of fills (the stream the Python methods give:
// tests/python/test_random_composed.py), and CPU == GPU where a GPU is present.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <vector>

#include "cunum/creation.hpp"
#include "cunum/device.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/mathematical.hpp"
#include "cunum/random.hpp"
#include "cunum/sorting.hpp"
#include "cunum/ufuncs.hpp"

using namespace cunum;

namespace {
template <class T> std::vector<T> host(const ndarray& a) {
  std::vector<T> v(static_cast<size_t>(a.size()));
  if (!v.empty()) ascontiguousarray(a).copy_to_host(v.data());
  return v;
}
ndarray f64(const std::vector<double>& v, Shape shape = {}) {
  if (shape.empty()) shape = {static_cast<int64_t>(v.size())};
  ndarray a = empty(shape, DType::Float64, Device::cpu());
  if (!v.empty()) a.copy_from_host(v.data());
  return a;
}
ndarray i64(const std::vector<int64_t>& v) {
  ndarray a = empty({static_cast<int64_t>(v.size())}, DType::Int64, Device::cpu());
  if (!v.empty()) a.copy_from_host(v.data());
  return a;
}
random::BitState seeded(uint64_t seed) { return random::seed_state(seed); }

// The message of the ValueError `f` throws ("" when it throws none).
template <class F> std::string value_error(F f) {
  try {
    f();
  } catch (const AxisError& e) {
    return std::string("AxisError: ") + e.what();
  } catch (const LinAlgError& e) {
    return std::string("LinAlgError: ") + e.what();
  } catch (const ValueError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST(RandomMultivariate, ChoiceShapesAndFrequencies) {
  auto st = seeded(8);
  const Device cpu = Device::cpu();
  const ndarray x = random::choice(st, 10, Shape{50000}, true, {}, true, cpu);
  EXPECT_EQ(x.dtype(), DType::Int64);
  EXPECT_EQ(x.shape(), (Shape{50000}));
  std::vector<int> count(10);
  for (int64_t v : host<int64_t>(x)) {
    ASSERT_TRUE(v >= 0 && v < 10);
    ++count[v];
  }
  for (int c : count) EXPECT_NEAR(c, 5000, 300);  // ~4.4 standard deviations
  // with p: a zero probability never drawn, the others at their rates
  const ndarray y = random::choice(st, 4, Shape{40000}, true, f64({0.1, 0.0, 0.6, 0.3}), true, cpu);
  std::vector<int> cp(4);
  for (int64_t v : host<int64_t>(y)) ++cp[v];
  EXPECT_EQ(cp[1], 0);
  EXPECT_NEAR(cp[0], 4000, 300);
  EXPECT_NEAR(cp[2], 24000, 450);
  // without replacement: distinct; shuffle=false: sorted; with p: distinct, never a zero-p entry
  const auto z = host<int64_t>(random::choice(st, 100, Shape{100}, false, {}, true, cpu));
  EXPECT_EQ(std::set<int64_t>(z.begin(), z.end()).size(), 100u);
  const auto s = host<int64_t>(random::choice(st, 50, Shape{4, 5}, false, {}, false, cpu));
  EXPECT_TRUE(std::is_sorted(s.begin(), s.end()));
  EXPECT_EQ(std::set<int64_t>(s.begin(), s.end()).size(), 20u);
  const auto w = host<int64_t>(random::choice(st, 5, Shape{4}, false, f64({0.25, 0.25, 0.0, 0.25, 0.25}), true, cpu));
  EXPECT_EQ(std::set<int64_t>(w.begin(), w.end()), (std::set<int64_t>{0, 1, 3, 4}));
  // size nullopt: 0-d
  EXPECT_EQ(random::choice(st, 5, {}, true, {}, true, cpu).ndim(), 0);
  // of an array, along an axis
  const ndarray a = arange(0, 12, 1, DType::Int64, cpu).reshape({4, 3});
  const ndarray rows = random::choice(st, a, Shape{5}, true, {}, 0);
  EXPECT_EQ(rows.shape(), (Shape{5, 3}));
  for (size_t i = 0; const int64_t v : host<int64_t>(rows)) EXPECT_EQ(v % 3, static_cast<int64_t>(i++ % 3));
  const ndarray cols = random::choice(st, a, Shape{1, 2}, false, {}, -1);
  EXPECT_EQ(cols.shape(), (Shape{4, 1, 2}));
  const auto cv = host<int64_t>(cols);  // two distinct entries of each row
  for (size_t r = 0; r < 4; ++r) {
    EXPECT_EQ(cv[2 * r] / 3, static_cast<int64_t>(r));
    EXPECT_EQ(cv[2 * r + 1] / 3, static_cast<int64_t>(r));
    EXPECT_NE(cv[2 * r], cv[2 * r + 1]);
  }
  EXPECT_EQ(random::choice(st, arange(0, 5, 1, DType::Int64, cpu), {}).ndim(), 0);
}

TEST(RandomMultivariate, ChoiceEqualsItsComposition) {
  // choice with p is the searchsorted of uniforms in the normalised cumsum;
  // without replacement the first k of a permutation.
  const Device cpu = Device::cpu();
  const ndarray p = f64({0.1, 0.0, 0.2, 0.3, 0.1, 0.2, 0.1});
  auto s1 = seeded(5), s2 = seeded(5);
  const ndarray got = random::choice(s1, 7, Shape{3, 4}, true, p, true, cpu);
  ndarray cdf = cumsum(p);
  cdf = divide(cdf, index(cdf, {Index(-1)}));
  const ndarray u = random::sample(s2, random::Dist::Random, {3, 4}, DType::Float64, {}, {}, cpu);
  const ndarray want = minimum(searchsorted(cdf, u.ravel(), true), Scalar(int64_t{6})).reshape({3, 4});
  EXPECT_EQ(host<int64_t>(got), host<int64_t>(want));
  EXPECT_EQ(s1.counter, s2.counter);
  const auto k = host<int64_t>(random::choice(s1, 30, Shape{6}, false, {}, true, cpu));
  auto perm = host<int64_t>(random::permutation(s2, 30, cpu));
  perm.resize(6);
  EXPECT_EQ(k, perm);
  EXPECT_EQ(s1.counter, s2.counter);
}

TEST(RandomMultivariate, ChoiceErrors) {
  auto st = seeded(1);
  const Device cpu = Device::cpu();
  EXPECT_EQ(value_error([&] { random::choice(st, -1, Shape{2}); }),
            "a must be a positive integer unless no samples are taken");
  EXPECT_EQ(value_error([&] { random::choice(st, 0, Shape{2}); }),
            "a must be a positive integer unless no samples are taken");
  EXPECT_EQ(value_error([&] { random::choice(st, 5, Shape{6}, false); }),
            "Cannot take a larger sample than population when replace is False");
  EXPECT_EQ(value_error([&] { random::choice(st, 5, Shape{2}, true, f64({0.5, 0.6, 0, 0, 0})); }),
            "Probabilities do not sum to 1. See Notes section of docstring for more information.");
  EXPECT_EQ(value_error([&] { random::choice(st, 3, Shape{2}, true, f64({1.5, -0.5, 0})); }),
            "Probabilities are not non-negative");
  EXPECT_EQ(value_error([&] { random::choice(st, 3, Shape{2}, true, f64({0.5, std::nan(""), 0.5})); }),
            "Probabilities contain NaN");  // NumPy checks NaN first
  EXPECT_EQ(value_error([&] { random::choice(st, 3, Shape{2}, true, f64({0.5, 0.5})); }), "a and p must have same size");
  EXPECT_EQ(value_error([&] { random::choice(st, 3, Shape{2}, true, f64({0.5, 0.5, 0, 0}, {2, 2})); }),
            "p must be 1-dimensional");
  EXPECT_EQ(value_error([&] { random::choice(st, 3, Shape{3}, false, f64({0.5, 0.5, 0})); }),
            "Fewer non-zero entries in p than size");
  EXPECT_EQ(value_error([&] { random::choice(st, zeros({0}, DType::Float64, cpu), Shape{1}); }),
            "a cannot be empty unless no samples are taken");
  EXPECT_EQ(value_error([&] { random::choice(st, zeros({}, DType::Float64, cpu), Shape{1}); }),
            "a must be a sequence or an integer, not a 0-d array");
  EXPECT_EQ(value_error([&] { random::choice(st, zeros({3}, DType::Float64, cpu), Shape{1}, true, {}, 1); }),
            "AxisError: axis 1 is out of bounds for array of dimension 1");
}

TEST(RandomMultivariate, Dirichlet) {
  auto st = seeded(10);
  const Device cpu = Device::cpu();
  const ndarray d = random::dirichlet(st, f64({1.0, 2.0, 3.0}), Shape{20000}, cpu);
  EXPECT_EQ(d.dtype(), DType::Float64);
  EXPECT_EQ(d.shape(), (Shape{20000, 3}));
  const auto v = host<double>(d);
  double mean[3] = {0, 0, 0};
  for (size_t i = 0; i < 20000; ++i) {
    EXPECT_NEAR(v[3 * i] + v[3 * i + 1] + v[3 * i + 2], 1.0, 1e-12);
    for (int j = 0; j < 3; ++j) mean[j] += v[3 * i + j] / 20000;
  }
  for (int j = 0; j < 3; ++j) EXPECT_NEAR(mean[j], (j + 1) / 6.0, 0.01);
  // every alpha < 0.1: the stick-breaking betas (no 0 / 0)
  const auto small = host<double>(random::dirichlet(st, f64({0.01, 0.02, 0.05}), Shape{20000}, cpu));
  double ms[3] = {0, 0, 0};
  for (size_t i = 0; i < 20000; ++i) {
    ASSERT_FALSE(std::isnan(small[3 * i]) || std::isnan(small[3 * i + 1]) || std::isnan(small[3 * i + 2]));
    EXPECT_NEAR(small[3 * i] + small[3 * i + 1] + small[3 * i + 2], 1.0, 1e-12);
    for (int j = 0; j < 3; ++j) ms[j] += small[3 * i + j] / 20000;
  }
  EXPECT_NEAR(ms[0], 1 / 8.0, 0.02);
  EXPECT_NEAR(ms[2], 5 / 8.0, 0.02);
  EXPECT_EQ(random::dirichlet(st, f64({0.5, 4.0}), {}, cpu).shape(), (Shape{2}));
  EXPECT_EQ(value_error([&] { random::dirichlet(st, f64({1.0, -1.0})); }), "alpha < 0");
  EXPECT_EQ(value_error([&] { random::dirichlet(st, f64({1.0, NAN})); }), "alpha contains NaNs");
  EXPECT_EQ(value_error([&] { random::dirichlet(st, f64({1, 1, 1, 1}, {2, 2})); }),
            "alpha must be a one-dimensional sequence of floats");
}

TEST(RandomMultivariate, Multinomial) {
  auto st = seeded(11);
  const Device cpu = Device::cpu();
  const ndarray m = random::multinomial(st, full({}, Scalar(int64_t{100}), DType::Int64, cpu),
                                        f64({0.2, 0.3, 0.5}), Shape{20000}, cpu);
  EXPECT_EQ(m.dtype(), DType::Int64);
  EXPECT_EQ(m.shape(), (Shape{20000, 3}));
  const auto v = host<int64_t>(m);
  double mean[3] = {0, 0, 0};
  for (size_t i = 0; i < 20000; ++i) {
    ASSERT_EQ(v[3 * i] + v[3 * i + 1] + v[3 * i + 2], 100);
    for (int j = 0; j < 3; ++j) mean[j] += v[3 * i + j] / 20000.0;
  }
  EXPECT_NEAR(mean[0], 20, 0.3);
  EXPECT_NEAR(mean[2], 50, 0.3);
  // n an array: its shape without size, broadcast to size with it
  const ndarray n = i64({5, 50, 500});
  const ndarray a = random::multinomial(st, n, f64({0.5, 0.5}), {}, cpu);
  EXPECT_EQ(a.shape(), (Shape{3, 2}));
  const auto av = host<int64_t>(a);
  EXPECT_EQ(av[0] + av[1], 5);
  EXPECT_EQ(av[4] + av[5], 500);
  EXPECT_EQ(random::multinomial(st, n, f64({0.5, 0.5}), Shape{2, 3}, cpu).shape(), (Shape{2, 3, 2}));
  EXPECT_EQ(random::multinomial(st, i64({7}).reshape({}), f64({0.25, 0.75}), {}, cpu).shape(), (Shape{2}));
  EXPECT_EQ(value_error([&] { random::multinomial(st, i64({-1}), f64({0.5, 0.5})); }), "n < 0");
  EXPECT_EQ(value_error([&] { random::multinomial(st, i64({5}), f64({0.8, 0.8, 0.1})); }), "sum(pvals[:-1]) > 1.0");
  EXPECT_EQ(value_error([&] { random::multinomial(st, i64({5}), f64({1.5, 0.1})); }),
            "pvals < 0, pvals > 1 or pvals contains NaNs");
  // rows of pvals broadcast against n: (1,) with 2 rows of 2 -> (2, 2); each row sums to n
  const ndarray rows = random::multinomial(st, i64({5}), f64({0.5, 0.5, 1, 0}, {2, 2}), {}, cpu);
  EXPECT_EQ(rows.shape(), (Shape{2, 2}));
  std::vector<int64_t> rv(4);
  rows.copy_to_host(rv.data());
  EXPECT_EQ(rv[0] + rv[1], 5);
  EXPECT_EQ(rv[2], 5);  // the row [1, 0]
  EXPECT_EQ(value_error([&] { random::multinomial(st, i64({5}), f64({0.8, 0.8, 0.1, 0.1, 0.1, 0.8}, {2, 3})); }),
            "sum(pvals[...,:-1]) > 1.0");
  EXPECT_EQ(value_error([&] { random::multinomial(st, i64({5}), f64({0.5}).reshape({})); }),
            "pvals must have at least 1 dimension and the last dimension of pvals must be greater than 0.");
}

TEST(RandomMultivariate, MultinomialEqualsConditionalBinomials) {
  const Device cpu = Device::cpu();
  auto s1 = seeded(12), s2 = seeded(12);
  const ndarray got = random::multinomial(s1, i64({9, 90}), f64({0.3, 0.2, 0.5}), {}, cpu);
  ndarray left = i64({9, 90});
  const ndarray x0 = random::sample(s2, random::Dist::Binomial, {2}, DType::Int64, {random::Param(left), 0.3}, {}, cpu);
  left = subtract(left, x0);
  const double q1 = std::min(std::max(0.2 / (1.0 - 0.3), 0.0), 1.0);
  const ndarray x1 = random::sample(s2, random::Dist::Binomial, {2}, DType::Int64, {random::Param(left), q1}, {}, cpu);
  left = subtract(left, x1);
  const auto g = host<int64_t>(got), a = host<int64_t>(x0), b = host<int64_t>(x1), c = host<int64_t>(left);
  EXPECT_EQ(g, (std::vector<int64_t>{a[0], b[0], c[0], a[1], b[1], c[1]}));
  EXPECT_EQ(s1.counter, s2.counter);
}

TEST(RandomMultivariate, MultivariateHypergeometric) {
  auto st = seeded(13);
  const Device cpu = Device::cpu();
  for (const char* method : {"marginals", "count"}) {
    const ndarray h = random::multivariate_hypergeometric(st, i64({5, 10, 15}), 12, Shape{5000}, method, cpu);
    EXPECT_EQ(h.dtype(), DType::Int64);
    EXPECT_EQ(h.shape(), (Shape{5000, 3}));
    const auto v = host<int64_t>(h);
    double mean[3] = {0, 0, 0};
    for (size_t i = 0; i < 5000; ++i) {
      ASSERT_EQ(v[3 * i] + v[3 * i + 1] + v[3 * i + 2], 12);
      ASSERT_TRUE(v[3 * i] <= 5 && v[3 * i + 1] <= 10 && v[3 * i + 2] <= 15);
      for (int j = 0; j < 3; ++j) mean[j] += v[3 * i + j] / 5000.0;
    }
    EXPECT_NEAR(mean[0], 2, 0.1);
    EXPECT_NEAR(mean[2], 6, 0.1);
  }
  EXPECT_EQ(random::multivariate_hypergeometric(st, i64({3, 0, 4}), 7, {}, "marginals", cpu).shape(), (Shape{3}));
  EXPECT_EQ(value_error([&] { random::multivariate_hypergeometric(st, i64({3, 4}), 2, {}, "all"); }),
            "method must be \"count\" or \"marginals\".");
  const std::string colors_msg =
      "colors must be a one-dimensional sequence of nonnegative integers not exceeding 9223372036854775807.";
  EXPECT_EQ(value_error([&] { random::multivariate_hypergeometric(st, i64({3, -4}), 2); }), colors_msg);
  EXPECT_EQ(value_error([&] { random::multivariate_hypergeometric(st, i64({3, 4}).astype(DType::Float64), 2); }),
            colors_msg);  // NumPy takes integers only
  EXPECT_EQ(value_error([&] { random::multivariate_hypergeometric(st, i64({3, 4}), -2); }),
            "nsample must be nonnegative");
  EXPECT_EQ(value_error([&] { random::multivariate_hypergeometric(st, i64({3, 4}), 8); }), "nsample > sum(colors)");
}

TEST(RandomMultivariate, MultivariateNormal) {
  const Device cpu = Device::cpu();
  const ndarray mean = f64({1.0, -1.0});
  const ndarray cov = f64({2.0, 0.6, 0.6, 1.0}, {2, 2});
  for (const char* method : {"svd", "eigh", "cholesky"}) {
    auto st = seeded(14);
    bool not_psd = true;
    const ndarray x = random::multivariate_normal(st, mean, cov, Shape{40000}, "warn", 1e-8, method, &not_psd, cpu);
    EXPECT_FALSE(not_psd);
    EXPECT_EQ(x.shape(), (Shape{40000, 2}));
    EXPECT_EQ(x.dtype(), DType::Float64);
    const auto v = host<double>(x);
    double m0 = 0, m1 = 0, c00 = 0, c01 = 0, c11 = 0;
    for (size_t i = 0; i < 40000; ++i) m0 += v[2 * i] / 40000, m1 += v[2 * i + 1] / 40000;
    for (size_t i = 0; i < 40000; ++i) {
      const double a = v[2 * i] - m0, b = v[2 * i + 1] - m1;
      c00 += a * a / 40000, c01 += a * b / 40000, c11 += b * b / 40000;
    }
    EXPECT_NEAR(m0, 1.0, 0.03) << method;
    EXPECT_NEAR(m1, -1.0, 0.03) << method;
    EXPECT_NEAR(c00, 2.0, 0.05) << method;
    EXPECT_NEAR(c01, 0.6, 0.05) << method;
    EXPECT_NEAR(c11, 1.0, 0.05) << method;
  }
  auto st = seeded(15);
  EXPECT_EQ(random::multivariate_normal(st, mean, cov, {}, "warn", 1e-8, "svd", nullptr, cpu).shape(), (Shape{2}));
  // not positive semi-definite: warn (the flag), raise, ignore; cholesky: LinAlgError
  const ndarray bad = f64({1.0, 2.0, 2.0, 1.0}, {2, 2});
  for (const char* method : {"svd", "eigh"}) {
    bool not_psd = false;
    random::multivariate_normal(st, mean, bad, Shape{3}, "warn", 1e-8, method, &not_psd, cpu);
    EXPECT_TRUE(not_psd) << method;
    EXPECT_EQ(value_error([&] { random::multivariate_normal(st, mean, bad, Shape{3}, "raise", 1e-8, method); }),
              "covariance is not symmetric positive-semidefinite.");
    not_psd = true;
    random::multivariate_normal(st, mean, bad, Shape{3}, "ignore", 1e-8, method, &not_psd, cpu);
    EXPECT_FALSE(not_psd);
  }
  EXPECT_EQ(value_error([&] { random::multivariate_normal(st, mean, bad, {}, "warn", 1e-8, "cholesky"); })
                .rfind("LinAlgError: ", 0),
            0u);
  EXPECT_EQ(value_error([&] { random::multivariate_normal(st, mean, cov, {}, "nope"); }),
            "check_valid must equal 'warn', 'raise', or 'ignore'");
  EXPECT_EQ(value_error([&] { random::multivariate_normal(st, mean, cov, {}, "warn", 1e-8, "qr"); }),
            "method must be one of {'eigh', 'svd', 'cholesky'}");
  EXPECT_EQ(value_error([&] { random::multivariate_normal(st, f64({1, 2, 3}), cov); }),
            "mean and cov must have same length");
  EXPECT_EQ(value_error([&] { random::multivariate_normal(st, cov, cov); }), "mean must be 1 dimensional");
  EXPECT_EQ(value_error([&] { random::multivariate_normal(st, mean, mean); }), "cov must be 2 dimensional and square");
}

TEST(RandomMultivariate, SameSeedSameValues) {
  const Device cpu = Device::cpu();
  auto run = [&](uint64_t seed) {
    auto st = seeded(seed);
    std::vector<double> all;
    auto put = [&](const ndarray& a) {
      const auto v = host<double>(a.astype(DType::Float64));
      all.insert(all.end(), v.begin(), v.end());
    };
    put(random::choice(st, 9, Shape{7}, true, f64(std::vector<double>(9, 1 / 9.0)), true, cpu));
    put(random::dirichlet(st, f64({0.5, 1.5}), Shape{5}, cpu));
    put(random::dirichlet(st, f64({0.05, 0.05}), Shape{5}, cpu));
    put(random::multinomial(st, i64({40}), f64({0.5, 0.25, 0.25}), Shape{4}, cpu));
    put(random::multivariate_hypergeometric(st, i64({4, 8, 2}), 6, Shape{4}, "count", cpu));
    put(random::multivariate_normal(st, f64({0, 0}), f64({1, 0, 0, 1}, {2, 2}), Shape{4}, "warn", 1e-8, "eigh",
                                    nullptr, cpu));
    all.push_back(static_cast<double>(st.counter));
    return all;
  };
  EXPECT_EQ(run(21), run(21));
  EXPECT_NE(run(21), run(22));
}

TEST(RandomMultivariate, CpuEqualsGpu) {
  if (cuda_device_count() == 0) GTEST_SKIP() << "needs a CUDA device";
  // choice without p (integers, sorted keys) and multivariate_hypergeometric
  // are bit-identical; dirichlet's gammas are (alpha >= 1) but its row sums
  // may round differently, so it is compared to 1e-15.
  auto c = seeded(31), g = seeded(31);
  const Device cpu = Device::cpu(), gpu = Device::cuda(0);
  EXPECT_EQ(host<int64_t>(random::choice(c, 1000, Shape{5000}, true, {}, true, cpu)),
            host<int64_t>(random::choice(g, 1000, Shape{5000}, true, {}, true, gpu)));
  EXPECT_EQ(host<int64_t>(random::choice(c, 5000, Shape{300}, false, {}, false, cpu)),
            host<int64_t>(random::choice(g, 5000, Shape{300}, false, {}, false, gpu)));
  EXPECT_EQ(host<int64_t>(random::multivariate_hypergeometric(c, i64({50, 100, 25}), 60, Shape{1000}, "marginals", cpu)),
            host<int64_t>(random::multivariate_hypergeometric(g, i64({50, 100, 25}), 60, Shape{1000}, "marginals", gpu)));
  const auto dc = host<double>(random::dirichlet(c, f64({1.0, 2.5, 4.0}), Shape{1000}, cpu));
  const auto dg = host<double>(random::dirichlet(g, f64({1.0, 2.5, 4.0}), Shape{1000}, gpu));
  ASSERT_EQ(dc.size(), dg.size());
  for (size_t i = 0; i < dc.size(); ++i) EXPECT_NEAR(dc[i], dg[i], 1e-15) << i;
  EXPECT_EQ(c.counter, g.counter);
}
