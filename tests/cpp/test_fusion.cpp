// cunum::fuse and fusion::Graph from C++ (cunum/fusion.hpp): results equal
// to the same expressions evaluated eagerly, on the default device; the
// NumPy-oracle tests are tests/python/test_fusion.py.
#include <cstdlib>
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
std::vector<float> ramp(int n, float scale) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = scale * static_cast<float>(i % 17) - 3.0f;
  return v;
}
}  // namespace

TEST(Fusion, ChainEqualsEager) {
  const int n = 5000;  // several CPU chunks
  ndarray a = from_host(ramp(n, 0.5f), {50, 100}), b = from_host(ramp(n, 0.25f), {50, 100});
  auto f = cunum::fuse([](auto x, auto y) { return (x * y + x) * y; });
  ndarray r = f(a, b);
  ndarray e = (a * b + a) * b;
  EXPECT_EQ(r.dtype(), DType::Float32);
  EXPECT_EQ(r.shape(), e.shape());
  EXPECT_EQ(host<float>(r), host<float>(e));
  // broadcasting a row, and a transposed view
  ndarray row = from_host(ramp(100, 1.0f), {100});
  EXPECT_EQ(host<float>(f(a, row)), host<float>((a * row + a) * row));
  ndarray at = transpose(a);
  EXPECT_EQ(host<float>(f(at, at)), host<float>((at * at + at) * at));
  EXPECT_EQ(f.graph().num_calls(), 3u);  // traced once
}

TEST(Fusion, ScalarsPromoteAsEager) {
  ndarray i8 = from_host(std::vector<int8_t>{1, 0, 3, 4}, {4});
  auto f = cunum::fuse([](auto x) { return fusion::apply("sqrt", x * 2.5 + 1) - 1; });
  ndarray r = f(i8);
  ndarray e = cunum::sqrt(i8 * 2.5 + 1) - 1;
  EXPECT_EQ(r.dtype(), DType::Float64);  // int8 with a weak float: the default float (NEP 50)
  EXPECT_EQ(host<double>(r), host<double>(e));
  auto g = cunum::fuse([](auto x) { return x * 3 + 1; });  // weak ints keep int8
  EXPECT_EQ(g(i8).dtype(), DType::Int8);
  EXPECT_EQ(host<int8_t>(g(i8)), (std::vector<int8_t>{4, 1, 10, 13}));
}

TEST(Fusion, GraphOutputsAndErrors) {
  fusion::Graph g(2);
  auto p = g.call("multiply", {g.input(0), g.input(1)})[0];
  auto d = g.call("divmod", {p, g.scalar(Scalar(4))});
  g.set_outputs({d[0], d[1], g.input(1)});
  ndarray a = from_host(std::vector<int32_t>{7, -9, 11}, {3}), b = from_host(std::vector<int32_t>{2, 3, -1}, {3});
  std::vector<ndarray> r = g.run({a, b});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(host<int32_t>(r[0]), (std::vector<int32_t>{3, -7, -3}));  // floor division
  EXPECT_EQ(host<int32_t>(r[1]), (std::vector<int32_t>{2, 1, 1}));
  EXPECT_EQ(r[2].data(), b.data());
  EXPECT_THROW(g.run({a}), TypeError);
  EXPECT_THROW(g.call("no_such_ufunc", {g.input(0)}), ValueError);
  EXPECT_THROW(g.call("add", {g.input(0)}), TypeError);
  EXPECT_THROW(g.set_outputs({g.scalar(Scalar(1))}), TypeError);
  fusion::Graph h(1);
  h.set_outputs({h.call("power", {h.input(0), h.scalar(Scalar(-1))})[0]});
  EXPECT_THROW(h.run({a}), ValueError);  // NumPy: integers to negative integer powers
}

// Note [Fused where]: where(c, x, y) inside the graph, promoting x and y as
// the eager routine does, with a scalar choice, a condition of another dtype
// and a fused reduction of it.
TEST(Fusion, WhereEqualsEager) {
  const int n = 5000;
  ndarray a = from_host(ramp(n, 0.5f), {50, 100});
  ndarray i16 = from_host(std::vector<int16_t>{3, 0, -2, 0}, {4});
  auto relu = cunum::fuse([](auto x) { return fusion::where(x > 0, x, 0) * 2; });
  ndarray r = relu(a);
  ndarray e = cunum::where(a > 0, a, Scalar(0)) * 2;
  EXPECT_EQ(r.dtype(), DType::Float32);  // a weak int keeps float32
  EXPECT_EQ(host<float>(r), host<float>(e));
  auto pick = cunum::fuse([](auto c, auto x) { return fusion::where(c, x, 1.5) + 1; });
  ndarray q = pick(i16, i16);  // the condition's truth value; int16 with a weak float: float64
  EXPECT_EQ(q.dtype(), DType::Float64);
  EXPECT_EQ(host<double>(q), (std::vector<double>{4.0, 2.5, -1.0, 2.5}));
  auto total = cunum::fuse([](auto x) { return fusion::reduce("sum", fusion::where(x < 0, -x, x)); });
  const uint64_t before = fusion::fused_reduction_count();
  ndarray s = total(a);
  EXPECT_EQ(host<float>(s), host<float>(cunum::sum(cunum::where(a < 0, -a, a))));
  if (a.device().is_cpu()) EXPECT_EQ(fusion::fused_reduction_count(), before + 1);
  fusion::Graph g(1);
  EXPECT_THROW(g.where(g.scalar(Scalar(true)), g.scalar(Scalar(1)), g.scalar(Scalar(2))), TypeError);
  EXPECT_THROW(g.where(g.input(0), g.input(0), fusion::Ref{fusion::Ref::Value, 3, 0}), ValueError);
}

// Note [Fused reductions]: a graph reduced in the same kernel gives the
// eager reduction of its value (the values here sum exactly in float32).
TEST(Fusion, ReductionOfTheGraph) {
  ndarray a = from_host(ramp(6000, 0.5f), {60, 100}), b = from_host(ramp(6000, 0.25f), {60, 100});
  const uint64_t before = fusion::fused_reduction_count();
  // On a GPU unless CUNUM_FUSED_REDUCE_GPU=0 (Note [Fused reductions on the
  // GPU]); then the same values through the written path.
  const char* gpu_off = std::getenv("CUNUM_FUSED_REDUCE_GPU");
  const uint64_t one = a.device().is_cpu() || !(gpu_off && std::string(gpu_off) == "0") ? 1 : 0;
  auto norm2 = cunum::fuse([](auto x) { return fusion::reduce("sum", x * x); });
  ndarray s = norm2(a);
  EXPECT_EQ(s.ndim(), 0);
  EXPECT_EQ(host<float>(s), host<float>(sum(a * a)));
  EXPECT_EQ(fusion::fused_reduction_count(), before + one);

  fusion::Graph g(2);
  g.set_outputs({g.call("multiply", {g.input(0), g.input(1)})[0]});
  ReduceOptions rows{{{1}}, false, {}, {}, true};
  EXPECT_EQ(host<float>(g.run_reduce({a, b}, "sum", rows)), host<float>(sum(a * b, rows)));
  ReduceOptions cols{{{0}}, true, DType::Float64, {}, true};
  ndarray c = g.run_reduce({a, b}, "sum", cols);
  EXPECT_EQ(c.dtype(), DType::Float64);
  EXPECT_EQ(c.shape(), (Shape{1, 100}));
  EXPECT_EQ(host<double>(c), host<double>(sum(a * b, cols)));
  EXPECT_EQ(host<float>(g.run_reduce({a, b}, "max")), host<float>(max(a * b)));
  EXPECT_EQ(host<float>(g.run_reduce({a, b}, "amin", rows)), host<float>(min(a * b, rows)));
  ReduceOptions colk{{{0}}, true, {}, {}, true};
  EXPECT_EQ(host<uint8_t>(g.run_reduce({a, b}, "any", colk)), host<uint8_t>(any(a * b, colk)));
  EXPECT_EQ(host<float>(g.run_reduce({a, b}, "mean", rows)), host<float>(mean(a * b, rows)));
  EXPECT_EQ(fusion::fused_reduction_count(), before + 7 * one);
  // the arg-reductions: the written path, the same answer
  EXPECT_EQ(host<int64_t>(g.run_reduce({a, b}, "argmax", rows)), host<int64_t>(argmax(a * b, 1)));
  EXPECT_EQ(fusion::fused_reduction_count(), before + 7 * one);
  // errors: an unknown reduction, a graph of two outputs, an axis out of range
  EXPECT_THROW(g.run_reduce({a, b}, "median"), ValueError);
  EXPECT_THROW(g.run_reduce({a, b}, "sum", ReduceOptions{{{2}}, false, {}, {}, true}), AxisError);
  fusion::Graph two(1);
  two.set_outputs({two.call("negative", {two.input(0)})[0], two.input(0)});
  EXPECT_THROW(two.run_reduce({a}, "sum"), ValueError);
  // a reduced value ends a C++ trace
  auto bad = cunum::fuse([](auto x) { return fusion::reduce("sum", x) + 1.0; });
  EXPECT_THROW(bad(a), TypeError);
  // a reduction made and dropped would apply to the value returned instead
  auto dropped = cunum::fuse([](auto x) {
    auto s = fusion::reduce("sum", x * x);
    (void)s;
    return x + 1.0;
  });
  EXPECT_THROW(dropped(a), TypeError);
}
