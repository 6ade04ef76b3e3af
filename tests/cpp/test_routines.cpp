// The tiling, padding and indexing routines from C++, with values worked out
// by hand (the Python suite compares them with NumPy on every dtype).
#include <gtest/gtest.h>

#include <cunum/cunum.hpp>
#include <cstdint>
#include <limits>
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

// NumPy's delete: the items obj selects along axis are left out.
TEST(Tiling, Delete) {
  ndarray a = arange(6);  // [0 1 2 3 4 5]
  EXPECT_EQ(host<int64_t>(delete_(a, int64_t{1})), (I{0, 2, 3, 4, 5}));
  EXPECT_EQ(host<int64_t>(delete_(a, int64_t{-1})), (I{0, 1, 2, 3, 4}));
  EXPECT_EQ(host<int64_t>(delete_(a, Slice{{}, {}, 2})), (I{1, 3, 5}));         // [::2] goes
  EXPECT_EQ(host<int64_t>(delete_(a, Slice{4, 1, -1})), (I{0, 1, 5}));          // [4:1:-1] = 4, 3, 2
  EXPECT_EQ(host<int64_t>(delete_(a, std::vector<int64_t>{1, 1, -3})), (I{0, 2, 4, 5}));  // repeats: once
  EXPECT_EQ(host<int64_t>(delete_(a, std::vector<int64_t>{})), (I{0, 1, 2, 3, 4, 5}));
  ndarray mask = from_host(std::vector<bool>{true, false, false, true, false, true}, {6});
  EXPECT_EQ(host<int64_t>(delete_(a, mask)), (I{1, 2, 4}));
  EXPECT_EQ(host<int64_t>(delete_(a, from_host<int32_t>({5, 0}, {2}))), (I{1, 2, 3, 4}));
  ndarray m = arange(12).reshape({3, 4});
  ndarray c = delete_(m, std::vector<int64_t>{0, 2}, 1);  // columns 1 and 3 stay
  EXPECT_EQ(c.shape(), (Shape{3, 2}));
  EXPECT_EQ(host<int64_t>(c), (I{1, 3, 5, 7, 9, 11}));
  EXPECT_EQ(host<int64_t>(delete_(m, int64_t{1}, 0)), (I{0, 1, 2, 3, 8, 9, 10, 11}));
  ndarray f = delete_(m, Slice{2, {}, {}});  // no axis: of the flattened array
  EXPECT_EQ(f.shape(), (Shape{2}));
  EXPECT_EQ(host<int64_t>(f), (I{0, 1}));
  ndarray same = delete_(a, Slice{6, {}, {}});  // nothing selected: a copy
  EXPECT_FALSE(same.shares_storage_with(a));
  EXPECT_EQ(host<int64_t>(same), (I{0, 1, 2, 3, 4, 5}));
  EXPECT_THROW(delete_(a, int64_t{6}), IndexError);
  EXPECT_THROW(delete_(a, std::vector<int64_t>{1, -7}), IndexError);
  EXPECT_THROW(delete_(a, from_host(std::vector<bool>{true, false}, {2})), ValueError);
  EXPECT_THROW(delete_(a, from_host<double>({1.0}, {1})), IndexError);
  EXPECT_THROW(delete_(a, from_host<double>({}, {0})), IndexError);  // NumPy: an empty float array too
  EXPECT_THROW(delete_(m, int64_t{0}, 2), AxisError);
  try {
    delete_(m, int64_t{4}, 1);
    FAIL();
  } catch (const IndexError& e) {
    EXPECT_STREQ(e.what(), "index 4 is out of bounds for axis 1 with size 4");
  }
}

// NumPy's insert: values go in before the positions obj selects.
TEST(Tiling, Insert) {
  ndarray a = arange(4);  // [0 1 2 3]
  ndarray nine = from_host<int64_t>({9}, {});
  EXPECT_EQ(host<int64_t>(insert(a, int64_t{1}, nine)), (I{0, 9, 1, 2, 3}));
  EXPECT_EQ(host<int64_t>(insert(a, int64_t{4}, nine)), (I{0, 1, 2, 3, 9}));   // at the end
  EXPECT_EQ(host<int64_t>(insert(a, int64_t{-1}, nine)), (I{0, 1, 2, 9, 3}));  // before the last
  // One scalar position and several values: all go in there, in order.
  EXPECT_EQ(host<int64_t>(insert(a, int64_t{2}, from_host<int64_t>({7, 8}, {2}))), (I{0, 1, 7, 8, 2, 3}));
  // Several positions: one value each, before the original items (stable for repeats).
  EXPECT_EQ(host<int64_t>(insert(a, std::vector<int64_t>{3, 1, 1}, from_host<int64_t>({7, 8, 9}, {3}))),
            (I{0, 8, 9, 1, 2, 7, 3}));
  EXPECT_EQ(host<int64_t>(insert(a, Slice{1, 3, {}}, from_host<int64_t>({5, 6}, {2}))), (I{0, 5, 1, 6, 2, 3}));
  ndarray mask = from_host(std::vector<bool>{true, false, true, false}, {4});  // positions 0 and 2
  EXPECT_EQ(host<int64_t>(insert(a, mask, nine)), (I{9, 0, 1, 9, 2, 3}));
  // A negative position among several counts from arr's end: -5 + 4 = -1. In
  // sorted order (-1, 1) the k-th moves k places: (-1, 2), and -1 is the new
  // array's last item (of length 6): 9 lands at 2 and at 5.
  EXPECT_EQ(host<int64_t>(insert(a, std::vector<int64_t>{1, -5}, nine)), (I{0, 1, 9, 2, 3, 9}));
  // values are cast to arr's dtype (unsafe, as NumPy).
  ndarray r = insert(a, int64_t{0}, from_host<double>({2.7}, {}));
  EXPECT_EQ(r.dtype(), DType::Int64);
  EXPECT_EQ(host<int64_t>(r), (I{2, 0, 1, 2, 3}));
  // Along an axis: a scalar position puts values in as one row/column.
  ndarray z = zeros({2, 3}, DType::Int64);
  ndarray c = insert(z, int64_t{1}, from_host<int64_t>({1, 2}, {2}), 1);
  EXPECT_EQ(c.shape(), (Shape{2, 4}));
  EXPECT_EQ(host<int64_t>(c), (I{0, 1, 0, 0, 0, 2, 0, 0}));
  // A one-element list instead: values (2, 1) broadcast to the new column.
  ndarray c1 = insert(z, std::vector<int64_t>{1}, from_host<int64_t>({1, 2}, {2, 1}), 1);
  EXPECT_EQ(host<int64_t>(c1), (I{0, 1, 0, 0, 0, 2, 0, 0}));
  ndarray rows = insert(z, int64_t{2}, from_host<int64_t>({4, 5, 6}, {3}), 0);
  EXPECT_EQ(rows.shape(), (Shape{3, 3}));
  EXPECT_EQ(host<int64_t>(rows), (I{0, 0, 0, 0, 0, 0, 4, 5, 6}));
  EXPECT_EQ(insert(z, int64_t{0}, nine).shape(), (Shape{7}));  // no axis: flattened
  EXPECT_THROW(insert(a, int64_t{5}, nine), IndexError);
  EXPECT_THROW(insert(a, int64_t{-5}, nine), IndexError);
  EXPECT_THROW(insert(a, std::vector<int64_t>{1, -12}, nine), IndexError);
  EXPECT_THROW(insert(a, from_host<double>({1.0}, {1}), nine), TypeError);       // one float position: a slice bound
  EXPECT_THROW(insert(a, from_host<double>({1.0, 2.0}, {2}), nine), IndexError);  // several: an index array
  // a uint64 position past int64's range is out of bounds, not a negative position
  EXPECT_THROW(insert(a, from_host<uint64_t>({~uint64_t{0}}, {1}), nine), IndexError);
  EXPECT_THROW(delete_(a, from_host<uint64_t>({~uint64_t{0}}, {1})), IndexError);
  // a step far beyond the axis (its positions counted first, no overflow): NumPy's a[1::2**63-1]
  EXPECT_EQ(host<int64_t>(delete_(arange(6), Slice{1, {}, std::numeric_limits<int64_t>::max()})),
            (I{0, 2, 3, 4, 5}));
  EXPECT_EQ(host<int64_t>(delete_(arange(6), Slice{{}, {}, std::numeric_limits<int64_t>::min()})),
            (I{0, 1, 2, 3, 4}));
  EXPECT_THROW(insert(a, from_host<double>({}, {0}), nine), IndexError);         // an empty float array too
  EXPECT_THROW(insert(a, from_host<int64_t>({1, 2}, {2, 1}), nine), ValueError);  // 2-d positions
  EXPECT_THROW(insert(a, from_host(std::vector<bool>{true}, {}), nine), ValueError);  // a 0-d mask
  EXPECT_THROW(insert(z, int64_t{0}, nine, 2), AxisError);
}

// NumPy's block: the innermost lists along the last axis.
TEST(Joining, Block) {
  ndarray a = from_host<int64_t>({1, 2, 3, 4}, {2, 2});
  ndarray b = from_host<int64_t>({5, 6}, {2, 1});
  ndarray c = from_host<int64_t>({7, 8, 9}, {1, 3});
  ndarray m = block({{a, b}, {c}});  // [[1 2 5] [3 4 6] [7 8 9]]
  EXPECT_EQ(m.shape(), (Shape{3, 3}));
  EXPECT_EQ(host<int64_t>(m), (I{1, 2, 5, 3, 4, 6, 7, 8, 9}));
  ndarray v = block({arange(2), from_host<int64_t>({7}, {})});  // 1-d: a 0-d leaf becomes (1,)
  EXPECT_EQ(host<int64_t>(v), (I{0, 1, 7}));
  ndarray deep = block({{{a}}, {{a}}});  // depth 3 > ndim 2: a new leading axis
  EXPECT_EQ(deep.shape(), (Shape{2, 2, 2}));
  ndarray lone = block(a);  // no list: a copy
  EXPECT_FALSE(lone.shares_storage_with(a));
  EXPECT_EQ(host<int64_t>(lone), (I{1, 2, 3, 4}));
  EXPECT_THROW(block(Block(std::vector<Block>{})), ValueError);
  try {
    block({{a, a}, a});
    FAIL();
  } catch (const ValueError& e) {
    EXPECT_STREQ(e.what(), "List depths are mismatched. First element was at depth 2, but there is an element "
                           "at depth 1 (arrays[1])");
  }
  try {
    block({{a}, Block(std::vector<Block>{})});
    FAIL();
  } catch (const ValueError& e) {
    EXPECT_STREQ(e.what(), "List at arrays[1] cannot be empty");
  }
  EXPECT_THROW(block({{a, b}, {a}}), ValueError);  // rows of 3 and 2 columns
}

TEST(Manipulation, AsarrayChkfinite) {
  ndarray x = from_host<double>({1.0, 2.0}, {2});
  EXPECT_TRUE(asarray_chkfinite(x).shares_storage_with(x));
  EXPECT_EQ(asarray_chkfinite(x, DType::Float32).dtype(), DType::Float32);
  EXPECT_THROW(asarray_chkfinite(from_host<double>({1.0, NAN}, {2})), ValueError);
  EXPECT_THROW(asarray_chkfinite(from_host<float>({-INFINITY}, {1})), ValueError);
  EXPECT_EQ(host<int64_t>(asarray_chkfinite(arange(2))), (I{0, 1}));  // integers: nothing to check
}

TEST(IndexingRoutines, MaskIndices) {
  // triu with k = 1 on 3 x 3: (0,1) (0,2) (1,2), as triu_indices(3, 1).
  auto [r, c] = mask_indices(3, [](const ndarray& m, int64_t k) { return triu(m, k); }, 1);
  EXPECT_EQ(host<int64_t>(r), (I{0, 0, 1}));
  EXPECT_EQ(host<int64_t>(c), (I{1, 2, 2}));
  auto [r0, c0] = mask_indices(0, [](const ndarray& m, int64_t k) { return tril(m, k); });
  EXPECT_EQ(r0.size(), 0);
  EXPECT_EQ(c0.size(), 0);
}

// Beyond 2^20 items along the axis the kept items go up as a boolean mask
// (src/routines/inserting.cpp): the same results.
TEST(Tiling, InsertDeleteLongAxis) {
  const int64_t n = (int64_t{1} << 20) + 3;
  ndarray a = arange(n);
  ndarray d = delete_(a, std::vector<int64_t>{0, 5, n - 1});
  EXPECT_EQ(d.size(), n - 3);
  std::vector<int64_t> v = host<int64_t>(d);
  EXPECT_EQ((I{v[0], v[1], v[2], v[3], v[4], v[5]}), (I{1, 2, 3, 4, 6, 7}));
  EXPECT_EQ(v.back(), n - 2);
  ndarray i = insert(a, std::vector<int64_t>{n, 2}, from_host<int64_t>({-1, -2}, {2}));
  std::vector<int64_t> w = host<int64_t>(i);
  EXPECT_EQ(i.size(), n + 2);
  EXPECT_EQ((I{w[0], w[1], w[2], w[3]}), (I{0, 1, -2, 2}));
  EXPECT_EQ((I{w[w.size() - 2], w.back()}), (I{n - 1, -1}));
}
