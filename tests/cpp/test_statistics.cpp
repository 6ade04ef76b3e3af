// The statistics routines from C++ (cunum/statistics.hpp), with values
// worked out by hand; NumPy-oracle tests over every dtype and device are
// tests/python/test_statistics_*.py.
#include <gtest/gtest.h>

#include <cmath>
#include <cunum/cunum.hpp>
#include <vector>

using namespace cunum;

namespace {
template <class T> std::vector<T> host(const ndarray& a) {
  std::vector<T> v(static_cast<size_t>(a.size()));
  a.copy_to_host(v.data());
  return v;
}
}  // namespace

TEST(Statistics, VarAndStdInOnePass) {
  // [[1 2 3 4] [1e9+1 1e9+2 1e9+3 1e9+4]]: the same variance, 1.25, whatever the mean.
  ndarray a = from_host(std::vector<double>{1, 2, 3, 4, 1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4}, {2, 4});
  EXPECT_EQ(host<double>(var(a, {.axis = {{1}}})), (std::vector<double>{1.25, 1.25}));
  EXPECT_EQ(host<double>(var(a, {.axis = {{1}}, .ddof = 1})), (std::vector<double>{5.0 / 3, 5.0 / 3}));
  EXPECT_DOUBLE_EQ(host<double>(cunum::std(a, {.axis = {{1}}}))[0], std::sqrt(1.25));
  ndarray i = from_host(std::vector<int32_t>{2, 4, 4, 4, 5, 5, 7, 9}, {8});
  EXPECT_EQ(var(i).dtype(), DType::Float64);
  EXPECT_EQ(host<double>(var(i)), (std::vector<double>{4.0}));
  EXPECT_THROW(var(a, {.axis = {{2}}}), AxisError);
}

TEST(Statistics, MedianQuantileHistogram) {
  ndarray a = from_host(std::vector<double>{3, 1, 4, 1, 5, 9, 2, 6}, {8});
  EXPECT_EQ(host<double>(median(a)), (std::vector<double>{3.5}));
  // linear: (n - 1) q = 1.75 -> 1 + 0.75 (2 - 1)
  EXPECT_EQ(host<double>(quantile(a, {0.25}, {})), (std::vector<double>{1.75}));
  EXPECT_EQ(host<double>(quantile(a, {0.25}, {}, {.method = QuantileMethod::Lower})), (std::vector<double>{1}));
  HistogramResult h = histogram(a, {.count = 4}, std::pair<double, double>{0, 8});
  EXPECT_EQ(host<int64_t>(h.hist), (std::vector<int64_t>{2, 2, 2, 1}));  // 9 is outside
  ndarray x = from_host(std::vector<int64_t>{0, 1, 1, 3}, {4});
  EXPECT_EQ(host<int64_t>(bincount(x)), (std::vector<int64_t>{1, 2, 0, 1}));
  EXPECT_THROW(quantile(a, {1.5}, {}), ValueError);
}

TEST(Statistics, CorrelateAndCov) {
  ndarray a = from_host(std::vector<double>{1, 2, 3}, {3});
  ndarray v = from_host(std::vector<double>{0, 1, 0.5}, {3});
  EXPECT_EQ(host<double>(correlate(a, v, 1)), (std::vector<double>{2, 3.5, 3}));
  EXPECT_EQ(host<double>(convolve(a, v, 2)), (std::vector<double>{0, 1, 2.5, 4, 1.5}));
  ndarray m = from_host(std::vector<double>{0, 1, 2, 2, 1, 0}, {2, 3});
  EXPECT_EQ(host<double>(cov(m)), (std::vector<double>{1, -1, -1, 1}));
}
