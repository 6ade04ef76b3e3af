// C++ API tests. Expected values are computed independently here (plain loops
// or NumPy-documented rules), never copied from cunum's output.
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

TEST(DType, PromotionFollowsNumPy) {
  EXPECT_EQ(promote_types(DType::Int8, DType::UInt8), DType::Int16);
  EXPECT_EQ(promote_types(DType::Int64, DType::UInt64), DType::Float64);
  EXPECT_EQ(promote_types(DType::UInt32, DType::Int32), DType::Int64);
  EXPECT_EQ(promote_types(DType::Int16, DType::Float16), DType::Float32);
  EXPECT_EQ(promote_types(DType::Float16, DType::Complex64), DType::Complex64);
  EXPECT_EQ(promote_types(DType::Float64, DType::Complex64), DType::Complex128);
  EXPECT_EQ(promote_types(DType::Bool, DType::Int8), DType::Int8);
  EXPECT_TRUE(can_cast(DType::UInt8, DType::Int8, Casting::SameKind));
  EXPECT_FALSE(can_cast(DType::Int8, DType::UInt8, Casting::SameKind));
  EXPECT_FALSE(can_cast(DType::Float64, DType::Float32, Casting::Safe));
  EXPECT_TRUE(can_cast(DType::Float64, DType::Float32, Casting::SameKind));
}

TEST(DType, WeakScalarsFollowNEP50) {
  DType f32 = DType::Float32, u8 = DType::UInt8, b = DType::Bool;
  WeakKind i = WeakKind::Int, f = WeakKind::Float, c = WeakKind::Complex;
  EXPECT_EQ(result_type(&f32, 1, &i, 1), DType::Float32);
  EXPECT_EQ(result_type(&u8, 1, &i, 1), DType::UInt8);
  EXPECT_EQ(result_type(&u8, 1, &f, 1), DType::Float64);
  EXPECT_EQ(result_type(&f32, 1, &c, 1), DType::Complex64);
  EXPECT_EQ(result_type(&b, 1, &i, 1), DType::Int64);
}

TEST(Half, RoundTripsAndRounds) {
  EXPECT_EQ(static_cast<float>(half(1.0f)), 1.0f);
  EXPECT_EQ(static_cast<float>(half(65504.0f)), 65504.0f);
  EXPECT_TRUE(std::isinf(static_cast<float>(half(65520.0f))));
  EXPECT_EQ(static_cast<float>(half(5.960464477539063e-08f)), 5.960464477539063e-08f);
  // 1 + 2^-11 is halfway between 1 and the next half: ties to even (1).
  EXPECT_EQ(static_cast<float>(half(1.0f + 1.0f / 2048)), 1.0f);
}

TEST(Array, ArangeReshapeSum) {
  ndarray a = arange(6).reshape({2, 3});
  EXPECT_EQ(a.dtype(), DType::Int64);
  EXPECT_EQ(a.shape(), (Shape{2, 3}));
  ndarray s = sum(a, 1);
  EXPECT_EQ(host<int64_t>(s), (std::vector<int64_t>{3, 12}));
  ndarray t = a.T();
  EXPECT_FALSE(t.is_c_contiguous());
  EXPECT_TRUE(t.is_f_contiguous());
  EXPECT_TRUE(t.shares_storage_with(a));
  EXPECT_EQ(host<int64_t>(t.copy()), (std::vector<int64_t>{0, 3, 1, 4, 2, 5}));
}

TEST(Ufunc, BroadcastAndPromote) {
  ndarray a = arange(3).astype(DType::Float32);
  ndarray b = arange(2).reshape({2, 1});
  ndarray c = a + b;  // float32 with int64 -> float64
  EXPECT_EQ(c.dtype(), DType::Float64);
  EXPECT_EQ(c.shape(), (Shape{2, 3}));
  std::vector<double> want;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) want.push_back(i + j);
  EXPECT_EQ(host<double>(c), want);
  ndarray d = a * 2.5;  // weak float keeps float32
  EXPECT_EQ(d.dtype(), DType::Float32);
}

TEST(Ufunc, FloorDivideAndRemainderMatchPython) {
  ndarray a = from_host<int64_t>({7, -7, 7, -7}, {4});
  ndarray b = from_host<int64_t>({2, 2, -2, -2}, {4});
  EXPECT_EQ(host<int64_t>(floor_divide(a, b)), (std::vector<int64_t>{3, -4, -4, 3}));
  EXPECT_EQ(host<int64_t>(remainder(a, b)), (std::vector<int64_t>{1, 1, -1, -1}));
}

TEST(Ufunc, OutAndWhere) {
  ndarray a = arange(4).astype(DType::Float64);
  ndarray out = zeros({4});
  ndarray mask = from_host(std::vector<bool>{true, false, true, false}, {4});
  add(a, 1.0, {.out = out, .where = mask});
  EXPECT_EQ(host<double>(out), (std::vector<double>{1, 0, 3, 0}));
}

TEST(Errors, MapToNumPyExceptions) {
  ndarray a = arange(6);
  EXPECT_THROW(a.reshape({4}), ValueError);
  EXPECT_THROW(sum(a, 3), AxisError);
  EXPECT_THROW(add(a, arange(4)), ValueError);
  EXPECT_THROW(index(a, {Index(10)}), IndexError);
  EXPECT_THROW(bitwise_and(a.astype(DType::Float32), a), TypeError);
  EXPECT_THROW(max(zeros({0})), ValueError);
}

TEST(Manipulation, RollMovesElementsAlongAxes) {
  ndarray a = arange(6).reshape({2, 3});  // [[0 1 2] [3 4 5]]
  // No axis: the flattened array rolls, the shape stays.
  ndarray r = roll(a, {1});
  EXPECT_EQ(r.shape(), (Shape{2, 3}));
  EXPECT_EQ(host<int64_t>(r), (std::vector<int64_t>{5, 0, 1, 2, 3, 4}));
  // Rows down by one, columns left by one (-1 = 2 mod 3).
  EXPECT_EQ(host<int64_t>(roll(a, {1, -1}, {{0, 1}})),
            (std::vector<int64_t>{4, 5, 3, 1, 2, 0}));
  // Shifts on a repeated axis add up (1 + 1 = 2), one shift broadcasts over axes.
  EXPECT_EQ(host<int64_t>(roll(a, {1, 1}, {{1, 1}})), (std::vector<int64_t>{1, 2, 0, 4, 5, 3}));
  EXPECT_EQ(host<int64_t>(roll(a, {4}, {{0, -1}})), (std::vector<int64_t>{2, 0, 1, 5, 3, 4}));
  // A new array, never a view of a.
  EXPECT_NE(roll(a, {0}).data(), a.data());
  EXPECT_THROW(roll(a, {1}, {{2}}), AxisError);
  EXPECT_THROW(roll(a, {1, 2}, {{0, 1, 1}}), ValueError);
}

TEST(Manipulation, JoinSplitAndFlip) {
  ndarray a = arange(6).reshape({2, 3});  // [[0 1 2] [3 4 5]]
  ndarray c = concatenate({a, a}, 1);
  EXPECT_EQ(c.shape(), (Shape{2, 6}));
  EXPECT_EQ(host<int64_t>(c), (std::vector<int64_t>{0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5}));
  EXPECT_EQ(host<int64_t>(concatenate({a, a}, std::nullopt)).size(), 12u);
  EXPECT_EQ(stack({a, a}, 1).shape(), (Shape{2, 2, 3}));
  EXPECT_EQ(concatenate({a, a}, 0, {}, DType::Float32).dtype(), DType::Float32);
  EXPECT_THROW(concatenate({a, a}, 0, {}, DType::Bool), TypeError);  // same_kind: no int64 -> bool
  std::vector<ndarray> parts = split(a, SplitSpec{3}, 1);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(host<int64_t>(parts[2]), (std::vector<int64_t>{2, 5}));
  EXPECT_EQ(parts[1].data(), a.data() + sizeof(int64_t));  // a view, as NumPy's
  EXPECT_THROW(split(a, SplitSpec{2}, 1), ValueError);
  EXPECT_EQ(array_split(a, SplitSpec{2}, 1).size(), 2u);
  EXPECT_EQ(host<int64_t>(flip(a)), (std::vector<int64_t>{5, 4, 3, 2, 1, 0}));
  EXPECT_EQ(host<int64_t>(rot90(a)), (std::vector<int64_t>{2, 5, 1, 4, 0, 3}));
  EXPECT_THROW(concatenate({a, arange(3)}, 0), ValueError);
}

TEST(Indexing, TakeGathersAlongAnAxis) {
  ndarray a = arange(12).reshape({3, 4});  // [[0 1 2 3] [4 5 6 7] [8 9 10 11]]
  // Rows 2 and 0 (a negative index counts from the end), indices of int8.
  ndarray rows = take(a, arange(0, -4, -2, DType::Int8), 0);  // [0, -2]
  EXPECT_EQ(rows.shape(), (Shape{2, 4}));
  EXPECT_EQ(host<int64_t>(rows), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  // Columns by a 2x2 index array: shape (3, 2, 2); of a transposed view.
  ndarray idx = arange(0, 4, 1, DType::UInt16).reshape({2, 2});  // [[0 1] [2 3]]
  ndarray cols = take(a.T(), idx, 0);                       // a.T[idx] = a[:, idx] moved
  EXPECT_EQ(cols.shape(), (Shape{2, 2, 3}));
  EXPECT_EQ(host<int64_t>(cols), (std::vector<int64_t>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  // No axis: the flattened array; wrap and clip.
  ndarray far = arange(10, 15);  // 10 .. 14
  EXPECT_EQ(host<int64_t>(take(a, far, {}, {}, ClipMode::Wrap)), (std::vector<int64_t>{10, 11, 0, 1, 2}));
  EXPECT_EQ(host<int64_t>(take(a, far, {}, {}, ClipMode::Clip)), (std::vector<int64_t>{10, 11, 11, 11, 11}));
  // One index: one dim fewer.
  ndarray col = take(a, int64_t{-1}, 1);
  EXPECT_EQ(col.shape(), (Shape{3}));
  EXPECT_EQ(host<int64_t>(col), (std::vector<int64_t>{3, 7, 11}));
  // out= of another dtype, written with an unsafe cast (int64 -> int8).
  ndarray out = zeros({3}, DType::Int8);
  EXPECT_EQ(take(a, arange(4, 7), {}, out).data(), out.data());
  EXPECT_EQ(host<int8_t>(out), (std::vector<int8_t>{4, 5, 6}));
  // NumPy's errors.
  EXPECT_THROW((void)host<int64_t>(take(a, far, 0)), IndexError);  // read: deferred on the GPU
  EXPECT_THROW((void)host<int64_t>(take(a, int64_t{4}, 1)), IndexError);
  EXPECT_THROW(take(a, arange(2), 2), AxisError);
  EXPECT_THROW(take(a, arange(0, 2, 1, DType::Float32), 0), TypeError);
  {  // out= of any dtype (NumPy 2.5): int64 items into float64
    ndarray f = zeros({2, 4}, DType::Float64);
    take(a, arange(2), 0, f);
    EXPECT_EQ(host<double>(f), (std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7}));
  }
  EXPECT_THROW(take(a, arange(2), 0, zeros({3, 4})), ValueError);
  try {
    (void)host<int64_t>(take(a, arange(2, 5), 0));  // [2, 3, 4]: 3 is the first out of bounds (read: deferred on the GPU)
    FAIL();
  } catch (const IndexError& e) {
    EXPECT_STREQ(e.what(), "index 3 is out of bounds for axis 0 with size 3");
  }
}

TEST(Reduction, PairwiseSumIsAccurate) {
  const int64_t n = 1 << 20;
  ndarray a = full({n}, Scalar(0.1), DType::Float32);
  double got = sum(a).item().as_double();
  double exact = n * static_cast<double>(0.1f);
  EXPECT_LT(std::fabs(got - exact) / exact, 1e-6);
}

TEST(Reduction, NanSumAndNanProdSkipNaN) {
  const double nan = std::nan("");
  ndarray a = from_host<double>({1.5, nan, 2.0, nan, 4.0, 0.5}, {2, 3});
  EXPECT_EQ(nansum(a).item().as_double(), 8.0);
  EXPECT_EQ(nanprod(a).item().as_double(), 6.0);
  EXPECT_EQ(host<double>(nansum(a, 0)), (std::vector<double>{1.5, 4.0, 2.5}));
  EXPECT_EQ(host<double>(nanprod(a, 1)), (std::vector<double>{3.0, 2.0}));
  ndarray i = nansum(a, {.dtype = DType::Int32});  // NaN counts as 0 before the conversion
  EXPECT_EQ(i.dtype(), DType::Int32);
  EXPECT_EQ(i.item().as_int64(), 1 + 2 + 4 + 0);
  EXPECT_EQ(nansum(from_host<int8_t>({100, 100}, {2})).dtype(), DType::Int64);
}

TEST(Reduction, OutOfAnotherDtypeSetsTheLoop) {
  // NumPy: the loop is promote_types(out, input).
  ndarray p = zeros({});
  prod(from_host<uint64_t>({uint64_t(1) << 32, uint64_t(1) << 32}, {2}), {.out = p});
  EXPECT_EQ(p.item().as_double(), 18446744073709551616.0);
  ndarray m = zeros({}, DType::UInt32);
  max(from_host<int16_t>({-3, 5}, {2}), {.out = m});
  EXPECT_EQ(m.item().as_int64(), 4294967293LL);
}

TEST(Indexing, SlicesAreViews) {
  ndarray a = arange(10);
  ndarray v = index(a, {Index(Slice{8, 1, -3})});  // 8, 5, 2
  EXPECT_EQ(host<int64_t>(v.copy()), (std::vector<int64_t>{8, 5, 2}));
  index_assign(a, {Index(Slice{8, 1, -3})}, Scalar(0));
  EXPECT_EQ(host<int64_t>(a), (std::vector<int64_t>{0, 1, 0, 3, 4, 0, 6, 7, 0, 9}));
}

TEST(Mathematical, ScansAlongAnAxis) {
  ndarray a = arange(1, 7, 1, DType::Int8).reshape({2, 3});  // [[1 2 3] [4 5 6]]
  // Flattened, accumulated in int64 (NumPy's dtype for int8).
  ndarray c = cumsum(a);
  EXPECT_EQ(c.dtype(), DType::Int64);
  EXPECT_EQ(host<int64_t>(c), (std::vector<int64_t>{1, 3, 6, 10, 15, 21}));
  // Along each axis, of a transposed view.
  EXPECT_EQ(host<int64_t>(cumsum(a, {.axis = 0})), (std::vector<int64_t>{1, 2, 3, 5, 7, 9}));
  EXPECT_EQ(host<int64_t>(cumprod(a.T(), {.axis = 0})), (std::vector<int64_t>{1, 4, 2, 20, 6, 120}));
  // dtype= and include_initial.
  ndarray f = cumulative_sum(a, {.axis = 1, .dtype = DType::Float64}, true);
  EXPECT_EQ(f.shape(), (Shape{2, 4}));
  EXPECT_EQ(host<double>(f), (std::vector<double>{0, 1, 3, 6, 0, 4, 9, 15}));
  // NaN taken as 0; out= in place.
  ndarray n = from_host(std::vector<double>{1.0, NAN, 2.0}, {3});
  EXPECT_EQ(host<double>(nancumsum(n)), (std::vector<double>{1.0, 1.0, 3.0}));
  ndarray g = arange(1, 5, 1, DType::Float64);
  EXPECT_EQ(cumprod(g, {.out = g}).data(), g.data());
  EXPECT_EQ(host<double>(g), (std::vector<double>{1, 2, 6, 24}));
  EXPECT_THROW(cumulative_sum(a), ValueError);  // axis required above 1-d
  EXPECT_THROW(cumsum(a, {.axis = 2}), AxisError);
}

namespace {
int g_complex_warnings = 0;
void count_warning(Warning w) {
  if (w == Warning::ComplexDiscarded) ++g_complex_warnings;
}
struct ThrowingWarning {};
void throw_warning(Warning) { throw ThrowingWarning{}; }
}  // namespace

// Note [Warnings]: the handler sees NumPy's ComplexWarning cases, not the others.
TEST(Warnings, ComplexToRealCastsCallTheHandler) {
  const WarningHandler before = set_warning_handler(&count_warning);
  g_complex_warnings = 0;
  const ndarray c = full({3}, Scalar(1.0, 2.0), DType::Complex128);
  const ndarray r = c.astype(DType::Float64);
  EXPECT_EQ(g_complex_warnings, 1);
  EXPECT_EQ(host<double>(r), (std::vector<double>{1.0, 1.0, 1.0}));
  (void)c.astype(DType::Bool);
  (void)c.astype(DType::Complex64);
  (void)c.real();
  EXPECT_EQ(g_complex_warnings, 1);
  (void)c.astype(DType::Int32);
  EXPECT_EQ(g_complex_warnings, 2);
  // a throwing handler stops the call before any work: the target is unchanged
  set_warning_handler(&throw_warning);
  const ndarray z = zeros({3}, DType::Float64);
  EXPECT_THROW(copyto(z, c, Casting::Unsafe), ThrowingWarning);
  EXPECT_EQ(host<double>(z), (std::vector<double>{0.0, 0.0, 0.0}));
  set_warning_handler(before);
}

// Note [Synchronization detection]: a copy to the host where this thread
// disallows waits throws before it starts; other work goes on.
TEST(SyncDetect, CopyToHostThrowsWhereDisallowed) {
  const ndarray a = arange(Scalar(int64_t(4)));
  EXPECT_TRUE(synchronize_allowed());
  EXPECT_TRUE(set_synchronize_allowed(false));
  const ndarray b = add(a, a);  // no wait
  std::vector<int64_t> v(4, -1);
  EXPECT_THROW(b.copy_to_host(v.data()), DeviceSynchronized);
  EXPECT_EQ(v, (std::vector<int64_t>(4, -1)));
  EXPECT_FALSE(set_synchronize_allowed(true));
  b.copy_to_host(v.data());
  EXPECT_EQ(v, (std::vector<int64_t>{0, 2, 4, 6}));
}
