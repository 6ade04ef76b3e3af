// Automatic fusion from C++ (docs/fusion.md, Note [Automatic fusion]): the
// operators of cunum::ndarray on large arrays record a pending expression
// that runs when a result is read; results equal eager evaluation, and a
// write to an input runs the expression first (the aliasing rule).
#include <gtest/gtest.h>

#include <cunum/cunum.hpp>
#include <cunum/fusion.hpp>
#include <vector>

using namespace cunum;

namespace {
template <class T> std::vector<T> host(const ndarray& a) {
  std::vector<T> v(static_cast<size_t>(a.size()));
  a.copy_to_host(v.data());
  return v;
}
std::vector<float> ramp(int n, float scale) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = scale * static_cast<float>(i % 17) - 3.0f;
  return v;
}
// Sets the switch for one test and restores it.
struct AutoFuse {
  bool on;
  int64_t min;
  AutoFuse(bool enable, int64_t min_size) : on(fusion::auto_enabled()), min(fusion::auto_min_size()) {
    fusion::set_auto(enable, min_size);
  }
  ~AutoFuse() { fusion::set_auto(on, min); }
};
}  // namespace

TEST(AutoFusion, ChainEqualsEagerBitwise) {
  const int n = 5000;
  ndarray a = from_host(ramp(n, 0.37f), {50, 100}), b = from_host(ramp(n, 0.21f), {50, 100});
  std::vector<float> want;
  {
    AutoFuse off(false, 1);
    want = host<float>((a * b + a) * b);
  }
  AutoFuse on(true, 1);
  ndarray r = (a * b + a) * b;
  EXPECT_EQ(r.dtype(), DType::Float32);
  EXPECT_EQ(r.shape(), (Shape{50, 100}));
  EXPECT_EQ(host<float>(r), want);
  ndarray row = from_host(ramp(100, 1.0f), {100});
  ndarray s = (a * row + 2.5) * row;  // broadcast input, a weak scalar
  EXPECT_EQ(s.dtype(), DType::Float32);
  std::vector<float> ws;
  {
    AutoFuse off(false, 1);
    ws = host<float>((a * row + 2.5) * row);
  }
  EXPECT_EQ(host<float>(s), ws);
}

TEST(AutoFusion, WriteToAnInputRunsTheExpressionFirst) {
  AutoFuse on(true, 1);
  ndarray a = from_host(ramp(3000, 0.5f), {3000}), b = from_host(ramp(3000, 0.25f), {3000});
  const std::vector<float> ha = host<float>(a), hb = host<float>(b);
  ndarray c = a * b + 1.0;
  a.fill(Scalar(0.0));  // c keeps the old a
  a += 1.0;
  const std::vector<float> hc = host<float>(c);
  for (size_t i = 0; i < hc.size(); ++i) ASSERT_EQ(hc[i], ha[i] * hb[i] + 1.0f) << i;
  EXPECT_EQ(host<float>(a)[7], 1.0f);
}

TEST(AutoFusion, SwitchAndThreshold) {
  AutoFuse on(true, 1 << 16);
  EXPECT_TRUE(fusion::auto_enabled());
  EXPECT_EQ(fusion::auto_min_size(), 1 << 16);
  ndarray big = full(Shape{1 << 16}, Scalar(2.0), DType::Float32, std::nullopt);
  ndarray r = (big * big + big) * big;
  fusion::flush();
  EXPECT_EQ(host<float>(r)[123], 12.0f);
}
