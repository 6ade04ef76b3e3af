// The math, logic and binary routines and the ufunc methods from C++, with
// values worked out by hand (tests/python/test_math_routines.py,
// test_logic.py and test_ufunc_methods.py compare them with NumPy on every
// dtype and device).
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
using D = std::vector<double>;
using I = std::vector<int64_t>;
const core::UfuncDef& uf(const char* name) { return core::ufunc_by_name(name); }
}  // namespace

TEST(MathRoutines, RoundClipDiffInterp) {
  ndarray x = from_host<double>({0.125, 2.5, -1.5, 1234.0}, {4});
  EXPECT_EQ(host<double>(around(x, 2)), (D{0.12, 2.5, -1.5, 1234.0}));   // half to even after scaling
  EXPECT_EQ(host<double>(around(x, 0)), (D{0.0, 2.0, -2.0, 1234.0}));
  EXPECT_EQ(host<double>(around(x, -2)), (D{0.0, 0.0, -0.0, 1200.0}));
  EXPECT_EQ(host<double>(fix(x)), (D{0.0, 2.0, -1.0, 1234.0}));
  EXPECT_EQ(host<double>(clip(x, Operand(0.0), Operand(2.0))), (D{0.125, 2.0, 0.0, 2.0}));
  ndarray i8 = from_host<int8_t>({-5, 0, 5}, {3});
  EXPECT_EQ(clip(i8, Operand(-1000), Operand(1)).dtype(), DType::Int8);  // a Python int beyond int8 bounds nothing
  ndarray sq = from_host<int64_t>({0, 1, 4, 9, 16}, {5});
  EXPECT_EQ(host<int64_t>(diff(sq)), (I{1, 3, 5, 7}));
  EXPECT_EQ(host<int64_t>(diff(sq, {.n = 2})), (I{2, 2, 2}));
  ndarray xp = from_host<double>({1, 2, 3}, {3}), fp = from_host<double>({3, 2, 0}, {3});
  ndarray q = from_host<double>({0.0, 1.5, 2.5, 5.0}, {4});
  EXPECT_EQ(host<double>(interp(q, xp, fp)), (D{3.0, 2.5, 1.0, 0.0}));
  EXPECT_EQ(host<double>(interp(q, xp, fp, Scalar(-1.0), Scalar(9.0))), (D{-1.0, 2.5, 1.0, 9.0}));
  EXPECT_THROW(interp(q, xp, from_host<double>({1, 2}, {2})), ValueError);
  auto g = gradient(from_host<double>({1, 2, 4, 7, 11}, {5}));
  EXPECT_EQ(host<double>(g[0]), (D{1.0, 1.5, 2.5, 3.5, 4.0}));
  ndarray c = cross(from_host<int64_t>({1, 2, 3}, {3}), from_host<int64_t>({4, 5, 6}, {3}));
  EXPECT_EQ(host<int64_t>(c), (I{-3, 6, -3}));
}

TEST(Logic, CloseEqualPackShares) {
  ndarray a = from_host<double>({1.0, 2.0, NAN}, {3}), b = from_host<double>({1.0, 2.00001, NAN}, {3});
  EXPECT_EQ(host<uint8_t>(isclose(a, b).astype(DType::UInt8)), (std::vector<uint8_t>{1, 1, 0}));
  EXPECT_TRUE(allclose(a, b, Scalar(1e-5), Scalar(1e-8), true).item().b);
  EXPECT_EQ(allclose(a, b).ndim(), 0);
  EXPECT_FALSE(array_equal(a, b).item().b);
  EXPECT_TRUE(array_equal(a, a, true).item().b);
  EXPECT_FALSE(array_equal(a, index(a, {Slice{0, 2, {}}})).item().b);
  ndarray bits = from_host<uint8_t>({1, 0, 1, 1, 0, 0, 0, 1, 1}, {9}).astype(DType::Bool);
  EXPECT_EQ(host<uint8_t>(packbits(bits)), (std::vector<uint8_t>{177, 128}));
  EXPECT_EQ(host<uint8_t>(unpackbits(packbits(bits), {.count = 9})),
            (std::vector<uint8_t>{1, 0, 1, 1, 0, 0, 0, 1, 1}));
  ndarray x = arange(Scalar(0.0), Scalar(20.0));
  EXPECT_EQ(shares_memory(index(x, {Slice{0, {}, 2}}), index(x, {Slice{1, {}, 2}})), 0);
  EXPECT_TRUE(may_share_memory(index(x, {Slice{0, {}, 2}}), index(x, {Slice{1, {}, 2}})));
  EXPECT_EQ(shares_memory(index(x, {Slice{0, {}, 3}}), index(x, {Slice{1, {}, 2}})), 1);
}

TEST(UfuncMethods, ReduceAccumulateReduceatAt) {
  ndarray x = from_host<double>({10, 1, 2, 3}, {4});
  EXPECT_EQ(ufunc_reduce(uf("subtract"), x).item().as_double(), 4.0);  // ((10 - 1) - 2) - 3
  EXPECT_EQ(ufunc_reduce(uf("maximum"), x, {.initial = Scalar(20.0)}).item().as_double(), 20.0);
  EXPECT_EQ(host<double>(ufunc_accumulate(uf("subtract"), x)), (D{10, 9, 7, 4}));
  EXPECT_EQ(host<double>(ufunc_accumulate(uf("maximum"), from_host<double>({1, 3, 2, 5, 4}, {5}))),
            (D{1, 3, 3, 5, 5}));
  EXPECT_THROW(ufunc_reduce(uf("subtract"), zeros({0})), ValueError);
  EXPECT_THROW(ufunc_reduce(uf("sin"), x), ValueError);
  ndarray m = arange(Scalar(int64_t(0)), Scalar(int64_t(8)), Scalar(int64_t(1)), DType::Int64);
  EXPECT_EQ(host<int64_t>(ufunc_reduceat(uf("add"), m, from_host<int64_t>({0, 4, 1, 5}, {4}))),
            (I{6, 4, 10, 18}));
  EXPECT_EQ(host<int64_t>(ufunc_reduceat(uf("subtract"), m, from_host<int64_t>({0, 4, 1, 5}, {4}))),
            (I{-6, 4, -8, -8}));
  ndarray y = zeros({5});
  ufunc_at(uf("add"), y, {from_host<int64_t>({0, 1, 1, 4, 4, 4}, {6})}, Operand(1.5));
  EXPECT_EQ(host<double>(y), (D{1.5, 3.0, 0.0, 0.0, 4.5}));
  ndarray z = ones({3});
  ufunc_at(uf("divide"), z, {from_host<int64_t>({2, 2, 0}, {3})}, Operand(2.0));
  EXPECT_EQ(host<double>(z), (D{0.5, 1.0, 0.25}));
  auto o = ufunc_outer(uf("multiply"), from_host<int64_t>({1, 2}, {2}), from_host<int64_t>({3, 4, 5}, {3}));
  EXPECT_EQ(host<int64_t>(o[0]), (I{3, 4, 5, 6, 8, 10}));
}

TEST(MathRoutines, WindowFunctionsAndSignedInfinities) {
  // Five points: n = -4, -2, 0, 2, 4 over M - 1 = 4, so the cosines are at
  // -pi, -pi/2, 0, pi/2, pi and the triangle is 0, 1/2, 1, 1/2, 0.
  const auto near = [](const ndarray& a, const D& want) {
    const D got = host<double>(a);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-15) << i;
  };
  near(bartlett(5), {0.0, 0.5, 1.0, 0.5, 0.0});
  near(hanning(5), {0.0, 0.5, 1.0, 0.5, 0.0});
  near(hamming(5), {0.08, 0.54, 1.0, 0.54, 0.08});
  near(blackman(5), {0.0, 0.34, 1.0, 0.34, 0.0});
  near(kaiser(3, 0.0), {1.0, 1.0, 1.0});  // i0(0) / i0(0)
  EXPECT_EQ(hanning(0).size(), 0);
  EXPECT_EQ(host<double>(kaiser(1, 3.0)), (D{1.0}));
  EXPECT_EQ(hanning(7).dtype(), DType::Float64);
  const double inf = std::numeric_limits<double>::infinity();
  ndarray x = from_host<double>({inf, -inf, 0.0, -0.0}, {4});
  using U8 = std::vector<uint8_t>;
  EXPECT_EQ(host<uint8_t>(isposinf(x).astype(DType::UInt8)), (U8{1, 0, 0, 0}));
  EXPECT_EQ(host<uint8_t>(isneginf(x).astype(DType::UInt8)), (U8{0, 1, 0, 0}));
  EXPECT_THROW(isposinf(from_host<double>({1.0}, {1}).astype(DType::Complex128)), TypeError);
}
