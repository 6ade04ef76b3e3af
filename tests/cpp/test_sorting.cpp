// The sorting, searching and set routines from C++ (cunum/sorting.hpp), with
// values worked out by hand; NumPy-oracle tests over every dtype and device
// are tests/python/test_sorting.py and test_sets.py.
#include <gtest/gtest.h>

#include <cmath>
#include <cunum/cunum.hpp>
#include <limits>
#include <vector>

using namespace cunum;

namespace {
template <class T> std::vector<T> host(const ndarray& a) {
  std::vector<T> v(static_cast<size_t>(a.size()));
  a.copy_to_host(v.data());
  return v;
}
}  // namespace

TEST(Sorting, SortAndStableArgsortAlongAxes) {
  // [[3 1 2] [1 1 0]]
  ndarray a = from_host(std::vector<int32_t>{3, 1, 2, 1, 1, 0}, {2, 3});
  EXPECT_EQ(host<int32_t>(sort(a, -1)), (std::vector<int32_t>{1, 2, 3, 0, 1, 1}));
  EXPECT_EQ(host<int32_t>(sort(a, 0)), (std::vector<int32_t>{1, 1, 0, 3, 1, 2}));
  EXPECT_EQ(host<int32_t>(sort(a, std::nullopt)), (std::vector<int32_t>{0, 1, 1, 1, 2, 3}));
  // Stable: the equal 1s keep their order.
  EXPECT_EQ(host<int64_t>(argsort(a, std::nullopt)), (std::vector<int64_t>{5, 1, 3, 4, 2, 0}));
  EXPECT_EQ(host<int64_t>(argsort(a, 1)), (std::vector<int64_t>{1, 2, 0, 2, 0, 1}));
  EXPECT_THROW(sort(a, 2), AxisError);
  // In place, through a view.
  sort_inplace(a, 0);
  EXPECT_EQ(host<int32_t>(a), (std::vector<int32_t>{1, 1, 0, 3, 1, 2}));
}

TEST(Sorting, FloatsPutNaNsLastAndKeepEqualZerosInOrder) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  ndarray a = from_host(std::vector<double>{nan, 0.0, -inf, -0.0, -nan, 1.0}, {6});
  EXPECT_EQ(host<int64_t>(argsort(a)), (std::vector<int64_t>{2, 1, 3, 5, 0, 4}));
  const std::vector<double> s = host<double>(sort(a, -1, /*stable=*/true));
  EXPECT_EQ(s[0], -inf);
  EXPECT_FALSE(std::signbit(s[1]));  // +0.0 came first
  EXPECT_TRUE(std::signbit(s[2]));
  EXPECT_TRUE(std::isnan(s[4]) && std::isnan(s[5]));
}

TEST(Sorting, ComplexOrderFollowsNumPysNaNClasses) {
  using c = cunum::complex<double>;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // R+Rj < R+nanj < nan+Rj < nan+nanj; lexicographic within.
  ndarray a = from_host(std::vector<c>{c{nan, 0}, c{1, nan}, c{2, 0}, c{1, 1}, c{nan, nan}, c{1, -1}}, {6});
  EXPECT_EQ(host<int64_t>(argsort(a)), (std::vector<int64_t>{5, 3, 2, 1, 0, 4}));
}

TEST(Sorting, PartitionLexsortSearchDigitize) {
  ndarray a = from_host(std::vector<int64_t>{5, 2, 9, 1}, {4});
  EXPECT_EQ(host<int64_t>(partition(a, {1})), (std::vector<int64_t>{1, 2, 5, 9}));
  EXPECT_THROW(partition(a, {4}), ValueError);
  // Last key first: by b, then by a.
  ndarray k0 = from_host(std::vector<int64_t>{1, 0, 1, 0}, {4});
  ndarray k1 = from_host(std::vector<int64_t>{2, 2, 1, 1}, {4});
  EXPECT_EQ(host<int64_t>(lexsort({k0, k1})), (std::vector<int64_t>{3, 2, 1, 0}));
  ndarray s = from_host(std::vector<double>{1.0, 2.0, 2.0, 3.0}, {4});
  ndarray v = from_host(std::vector<double>{2.0, 0.0, 4.0}, {3});
  EXPECT_EQ(host<int64_t>(searchsorted(s, v)), (std::vector<int64_t>{1, 0, 4}));
  EXPECT_EQ(host<int64_t>(searchsorted(s, v, true)), (std::vector<int64_t>{3, 0, 4}));
  ndarray bins = from_host(std::vector<double>{3.0, 2.0, 1.0}, {3});  // decreasing
  EXPECT_EQ(host<int64_t>(digitize(v, bins)), (std::vector<int64_t>{1, 3, 0}));
}

TEST(Sets, UniqueWithIndexInverseCounts) {
  ndarray a = from_host(std::vector<int16_t>{4, 1, 4, 3, 1, 4}, {2, 3});
  UniqueResult u = unique(a, {.return_index = true, .return_inverse = true, .return_counts = true});
  EXPECT_EQ(host<int16_t>(u.values), (std::vector<int16_t>{1, 3, 4}));
  EXPECT_EQ(host<int64_t>(*u.index), (std::vector<int64_t>{1, 3, 0}));
  EXPECT_EQ(u.inverse->shape(), (Shape{2, 3}));  // NumPy 2: the input's shape
  EXPECT_EQ(host<int64_t>(*u.inverse), (std::vector<int64_t>{2, 0, 2, 1, 0, 2}));
  EXPECT_EQ(host<int64_t>(*u.counts), (std::vector<int64_t>{2, 1, 3}));
  // Rows: [[1 2] [0 5] [1 2]] -> [[0 5] [1 2]].
  ndarray m = from_host(std::vector<int32_t>{1, 2, 0, 5, 1, 2}, {3, 2});
  UniqueResult r = unique(m, {.return_counts = true, .axis = 0});
  EXPECT_EQ(host<int32_t>(r.values), (std::vector<int32_t>{0, 5, 1, 2}));
  EXPECT_EQ(host<int64_t>(*r.counts), (std::vector<int64_t>{1, 2}));
}

TEST(Sets, IsinAndSetOperations) {
  ndarray a = from_host(std::vector<int32_t>{5, 1, 3, 1}, {4});
  ndarray b = from_host(std::vector<int32_t>{3, 4, 5}, {3});
  std::vector<uint8_t> in(4);
  isin(a, b).copy_to_host(in.data());
  EXPECT_EQ(in, (std::vector<uint8_t>{1, 0, 1, 0}));
  EXPECT_EQ(host<int32_t>(intersect1d(a, b).values), (std::vector<int32_t>{3, 5}));
  EXPECT_EQ(host<int32_t>(union1d(a, b)), (std::vector<int32_t>{1, 3, 4, 5}));
  EXPECT_EQ(host<int32_t>(setdiff1d(a, b)), (std::vector<int32_t>{1}));
  EXPECT_EQ(host<int32_t>(setxor1d(a, b)), (std::vector<int32_t>{1, 4}));
  IntersectResult r = intersect1d(a, b, false, true);
  EXPECT_EQ(host<int64_t>(*r.indices1), (std::vector<int64_t>{2, 0}));
  EXPECT_EQ(host<int64_t>(*r.indices2), (std::vector<int64_t>{0, 2}));
}
