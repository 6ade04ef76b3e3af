// Advanced indexing from C++ (include/cunum/indexing.hpp): index arrays and
// masks among the items of cunum::index / index_assign, the nonzero family
// and the scatter ops, with values worked out by hand.
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
}  // namespace

TEST(AdvancedIndexing, IntegerArraysMasksAndTheirPlaces) {
  ndarray a = arange(24).reshape({2, 3, 4});  // a[i, j, k] = 12 i + 4 j + k
  // a[:, [2, 0]]: one array, adjacent: shape (2, 2, 4).
  ndarray cols = from_host<int32_t>({2, 0}, {2});
  ndarray g = index(a, {Slice{}, cols});
  EXPECT_EQ(g.shape(), (Shape{2, 2, 4}));
  EXPECT_EQ(host<int64_t>(g)[4], 0);   // a[0, 0, 0]
  EXPECT_EQ(host<int64_t>(g)[8], 20);  // a[1, 2, 0]
  // a[[1, 0], :, [3, -1]]: separated by a slice, the broadcast dim goes first.
  ndarray i = from_host<int64_t>({1, 0}, {2}), k = from_host<int8_t>({3, -1}, {2});
  ndarray s = index(a, {i, Slice{}, k});
  EXPECT_EQ(s.shape(), (Shape{2, 3}));
  EXPECT_EQ(host<int64_t>(s), (std::vector<int64_t>{15, 19, 23, 3, 7, 11}));
  // a[1, :, [0, 2]]: an integer counts as advanced, so the same rule.
  EXPECT_EQ(index(a, {1, Slice{}, from_host<int64_t>({0, 2}, {2})}).shape(), (Shape{2, 3}));
  // A mask: a[a % 5 == 0] (one wait for the count).
  ndarray m = equal(remainder(a, 5), 0);
  EXPECT_EQ(host<int64_t>(index(a, {m})), (std::vector<int64_t>{0, 5, 10, 15, 20}));
  // Errors: NumPy's messages, naming the axis of a.
  try {
    // read back: on the GPU the bounds check is deferred to the next wait (Note [Deferred errors])
    (void)host<int64_t>(index(a, {Index::newaxis(), Slice{}, from_host<int64_t>({3}, {1})}));
    FAIL();
  } catch (const IndexError& e) {
    EXPECT_STREQ(e.what(), "index 3 is out of bounds for axis 1 with size 3");
  }
  EXPECT_THROW(index(a, {from_host<int64_t>({0, 1}, {2}), from_host<int64_t>({0, 1, 2}, {3})}), IndexError);
  EXPECT_THROW(index(a, {from_host<double>({0.0}, {1})}), IndexError);
}

TEST(AdvancedIndexing, AssignmentAndScatterOps) {
  ndarray a = zeros({3, 4}, DType::Float64);
  ndarray rows = from_host<int64_t>({0, 2, 2}, {3}), cols = from_host<int64_t>({1, 3, 3}, {3});
  // Repeated (2, 3): the CPU keeps the last value (NumPy's rule); the GPU one
  // of them (unspecified, as CuPy: docs/advanced-indexing.md).
  index_assign(a, {rows, cols}, from_host<double>({1.0, 2.0, 3.0}, {3}));
  std::vector<double> h = host<double>(a);
  EXPECT_EQ(h[1], 1.0);
  if (a.device().is_cpu()) EXPECT_EQ(h[11], 3.0);
  else EXPECT_TRUE(h[11] == 2.0 || h[11] == 3.0) << h[11];
  // a[mask] = scalar: a masked copy.
  index_assign(a, {greater(a, 1.5)}, Scalar(-1.0));
  EXPECT_EQ(host<double>(a)[11], -1.0);
  // scatter_add counts every value.
  ndarray b = zeros({4}, DType::Float32);
  index_combine(b, {from_host<int64_t>({1, 1, 3}, {3})}, full({3}, Scalar(2.0), DType::Float32), ScatterKind::Add);
  EXPECT_EQ(host<float>(b), (std::vector<float>{0.f, 4.f, 0.f, 2.f}));
  // nonzero, argwhere, count_nonzero.
  ndarray x = from_host<int32_t>({0, 3, 0, 4, 5, 0}, {2, 3});
  std::vector<ndarray> nz = nonzero(x);
  EXPECT_EQ(host<int64_t>(nz[0]), (std::vector<int64_t>{0, 1, 1}));
  EXPECT_EQ(host<int64_t>(nz[1]), (std::vector<int64_t>{1, 0, 1}));
  EXPECT_EQ(argwhere(x).shape(), (Shape{3, 2}));
  EXPECT_EQ(host<int64_t>(count_nonzero(x, std::vector<int64_t>{0})), (std::vector<int64_t>{1, 2, 0}));
}
