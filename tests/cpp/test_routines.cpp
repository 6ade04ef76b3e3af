// The tiling, padding and indexing routines from C++, with values worked out
// by hand (the Python suite compares them with NumPy on every dtype).
#include <gtest/gtest.h>

#include <cunum/cunum.hpp>
#include <vector>

using namespace cunum;

namespace {
template <class T> std::vector<T> host(const ndarray& a) {
  std::vector<T> v(static_cast<size_t>(a.size()));
  a.copy_to_host(v.data());
  return v;
}
using I = std::vector<int64_t>;
}  // namespace

TEST(Tiling, TileAndRepeat) {
  ndarray a = arange(3);  // [0 1 2]
  ndarray t = tile(a, {2, 2});
  EXPECT_EQ(t.shape(), (Shape{2, 6}));
  EXPECT_EQ(host<int64_t>(t), (I{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(host<int64_t>(repeat(a, 2)), (I{0, 0, 1, 1, 2, 2}));
  EXPECT_EQ(host<int64_t>(repeat(a, from_host<int64_t>({2, 0, 3}, {3}))), (I{0, 0, 2, 2, 2}));
  ndarray m = arange(4).reshape({2, 2});
  EXPECT_EQ(host<int64_t>(repeat(m, 2, 1)), (I{0, 0, 1, 1, 2, 2, 3, 3}));
  EXPECT_THROW(tile(a, {-1}), ValueError);
  EXPECT_THROW(repeat(a, from_host<int64_t>({1, -1, 1}, {3})), ValueError);
  EXPECT_THROW(repeat(a, from_host<int64_t>({1, 2}, {2})), ValueError);
}

TEST(Tiling, ResizeAppendTrimRollaxisMeshgrid) {
  ndarray a = arange(3);
  EXPECT_EQ(host<int64_t>(resize(a, {2, 4})), (I{0, 1, 2, 0, 1, 2, 0, 1}));
  EXPECT_EQ(host<int64_t>(append(a, arange(2))), (I{0, 1, 2, 0, 1}));
  ndarray z = from_host<int64_t>({0, 0, 4, 0, 5, 0}, {6});
  EXPECT_EQ(host<int64_t>(trim_zeros(z)), (I{4, 0, 5}));
  EXPECT_EQ(host<int64_t>(trim_zeros(z, "f")), (I{4, 0, 5, 0}));
  EXPECT_EQ(rollaxis(zeros({2, 3, 4}), 2).shape(), (Shape{4, 2, 3}));
  std::vector<ndarray> g = meshgrid({arange(3), arange(2)});
  EXPECT_EQ(g[0].shape(), (Shape{2, 3}));
  EXPECT_EQ(host<int64_t>(g[1]), (I{0, 0, 0, 1, 1, 1}));
}

TEST(Padding, ModesOnAVector) {
  ndarray a = from_host<int64_t>({1, 2, 3}, {3});
  EXPECT_EQ(host<int64_t>(pad(a, {{2, 1}})), (I{0, 0, 1, 2, 3, 0}));
  EXPECT_EQ(host<int64_t>(pad(a, {{2, 1}}, PadMode::Edge)), (I{1, 1, 1, 2, 3, 3}));
  EXPECT_EQ(host<int64_t>(pad(a, {{2, 2}}, PadMode::Reflect)), (I{3, 2, 1, 2, 3, 2, 1}));
  EXPECT_EQ(host<int64_t>(pad(a, {{2, 2}}, PadMode::Symmetric)), (I{2, 1, 1, 2, 3, 3, 2}));
  EXPECT_EQ(host<int64_t>(pad(a, {{2, 2}}, PadMode::Wrap)), (I{2, 3, 1, 2, 3, 1, 2}));
  EXPECT_EQ(host<int64_t>(pad(a, {{1, 1}}, PadMode::Maximum)), (I{3, 1, 2, 3, 3}));
  EXPECT_EQ(host<int64_t>(pad(a, {{1, 1}}, PadMode::Median)), (I{2, 1, 2, 3, 2}));
  EXPECT_EQ(host<int64_t>(pad(a, {{2, 0}}, PadMode::LinearRamp, {.end_values = {{Scalar(5), Scalar(0)}}})),
            (I{5, 3, 1, 2, 3}));
  EXPECT_THROW(pad(a, {{-1, 0}}), ValueError);
  EXPECT_THROW(pad_mode_from_string("foo"), ValueError);
}

TEST(IndexingRoutines, WhereDiagonalsAndIndexArrays) {
  ndarray m = arange(9).reshape({3, 3});
  EXPECT_EQ(host<int64_t>(where(m > 4, m, 0)), (I{0, 0, 0, 0, 0, 5, 6, 7, 8}));
  EXPECT_EQ(host<int64_t>(diagonal(m, 1)), (I{1, 5}));
  EXPECT_TRUE(diagonal(m).shares_storage_with(m));
  EXPECT_EQ(host<int64_t>(trace(m)), (I{12}));
  EXPECT_EQ(host<int64_t>(triu(m, 1)), (I{0, 1, 2, 0, 0, 5, 0, 0, 0}));
  auto [r, c] = tril_indices(3);
  EXPECT_EQ(host<int64_t>(r), (I{0, 1, 1, 2, 2, 2}));
  EXPECT_EQ(host<int64_t>(c), (I{0, 0, 1, 0, 1, 2}));
  std::vector<ndarray> rc = unravel_index(from_host<int64_t>({5, 7}, {2}), {3, 3});
  EXPECT_EQ(host<int64_t>(rc[0]), (I{1, 2}));
  EXPECT_EQ(host<int64_t>(rc[1]), (I{2, 1}));
  EXPECT_EQ(host<int64_t>(ravel_multi_index(rc, {3, 3})), (I{5, 7}));
  EXPECT_EQ(host<int64_t>(choose(from_host<int64_t>({1, 0}, {2}), {Operand(arange(2)), Operand(9)})), (I{9, 1}));
  EXPECT_THROW(unravel_index(from_host<int64_t>({9}, {1}), {3, 3}), ValueError);
  EXPECT_THROW(diagonal(arange(3)), ValueError);
}
