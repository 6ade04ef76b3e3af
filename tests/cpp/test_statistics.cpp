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

TEST(Statistics, Histogram2d) {
  // Points (0.5, 0.5), (1.5, 0.5), (1.5, 1.5), (1.5, 3.5) on [0, 2) x [0, 4)
  // with 2 x 2 bins: x edges 0 1 2, y edges 0 2 4; counts [[1 0] [2 1]].
  ndarray x = from_host(std::vector<double>{0.5, 1.5, 1.5, 1.5}, {4});
  ndarray y = from_host(std::vector<double>{0.5, 0.5, 1.5, 3.5}, {4});
  std::vector<std::optional<std::pair<double, double>>> range{std::pair<double, double>{0, 2},
                                                              std::pair<double, double>{0, 4}};
  Histogram2DResult h = histogram2d(x, y, {{.count = 2}}, range);
  EXPECT_EQ(h.hist.shape(), (Shape{2, 2}));
  EXPECT_EQ(h.hist.dtype(), DType::Float64);
  EXPECT_EQ(host<double>(h.hist), (std::vector<double>{1, 0, 2, 1}));
  EXPECT_EQ(host<double>(h.xedges), (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(host<double>(h.yedges), (std::vector<double>{0, 2, 4}));
  // One count per dim: 1 x 2 bins over the data's own ranges [0.5, 1.5] and [0.5, 3.5].
  Histogram2DResult g = histogram2d(x, y, {{.count = 1}, {.count = 2}});
  EXPECT_EQ(host<double>(g.hist), (std::vector<double>{3, 1}));
  EXPECT_EQ(host<double>(g.yedges), (std::vector<double>{0.5, 2, 3.5}));
  // density: counts / (total * bin area) = counts / (4 * 2)
  Histogram2DResult d = histogram2d(x, y, {{.count = 2}}, range, true);
  EXPECT_EQ(host<double>(d.hist), (std::vector<double>{0.125, 0, 0.25, 0.125}));
  EXPECT_THROW(histogram2d(x, y, {{.count = 2}, {.count = 2}, {.count = 2}}), ValueError);
  EXPECT_THROW(histogram2d(x, y, {{.count = 0}}), ValueError);
}
