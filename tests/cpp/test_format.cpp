// Printing from C++ (cunum/format.hpp): stream operators and std::format for
// dtypes, devices and shapes; arrays printed with NumPy's text under NumPy's
// print options. Expected strings are NumPy's documented output (its
// docstrings and the example); the byte-for-byte comparison with
// NumPy over every dtype and many options is tests/python/test_printing.py
// (test_cpp_printer_matches_numpy), which runs NumPy as the oracle.
#include <gtest/gtest.h>

#include <cmath>
#include <cunum/cunum.hpp>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace cunum;

namespace {
template <class T> std::string streamed(const T& v) {
  std::ostringstream os;
  os << v;
  return os.str();
}
}  // namespace

TEST(Format, VocabularyTypesStream) {
  EXPECT_EQ(streamed(DType::Float32), "float32");
  EXPECT_EQ(streamed(DType::Bool), "bool");
  EXPECT_EQ(streamed(DType::Complex128), "complex128");
  EXPECT_EQ(streamed(Device::cpu()), "cpu");
  EXPECT_EQ(streamed(Shape{2, 3}), "(2, 3)");
  EXPECT_EQ(streamed(Shape{5}), "(5,)");
  EXPECT_EQ(streamed(Shape{}), "()");
  ndarray a = zeros({4, 1, 2}, DType::Int8);
  EXPECT_EQ(streamed(a.dtype()) + " " + streamed(a.shape()), "int8 (4, 1, 2)");
}

#if defined(__cpp_lib_format)
TEST(Format, StdFormat) {
  ndarray a = arange(3);
  EXPECT_EQ(std::format("{} {} {} {}", a.dtype(), a.device(), a.shape(), a), "int64 cpu (3,) [0 1 2]");
  EXPECT_EQ(std::format("[{:>9}]", DType::Int8), "[     int8]");
}
#endif

TEST(Format, ArraysPrintNumPysText) {
  // the example: NumPy's precision 8 and column padding
  ndarray x = from_host<double>({9.82842712474619, 11.81913190966076}, {2});
  EXPECT_EQ(streamed(x), "[ 9.82842712 11.81913191]");
  EXPECT_EQ(array_repr(x), "array([ 9.82842712, 11.81913191])");
  // NumPy's docstrings (array_str, array_repr, array2string)
  EXPECT_EQ(array_str(arange(3)), "[0 1 2]");
  EXPECT_EQ(array_repr(from_host<int64_t>({1, 2}, {2})), "array([1, 2])");
  EXPECT_EQ(array_repr(zeros({0}, DType::Int32)), "array([], dtype=int32)");
  EXPECT_EQ(array2string(from_host<double>({1e-16, 1, 2, 3}, {4}), ","), "[1.e-16,1.e+00,2.e+00,3.e+00]");
  EXPECT_EQ(array_str(arange(6).reshape({2, 3})), "[[0 1 2]\n [3 4 5]]");
  EXPECT_EQ(array_str(from_host<float>({0.5f, 1.0f}, {2})), "[0.5 1. ]");
  EXPECT_EQ(array_repr(from_host<float>({0.5f, 1.0f}, {2})), "array([0.5, 1. ], dtype=float32)");
  EXPECT_EQ(array_str(from_host(std::vector<bool>{true, false}, {2})), "[ True False]");
  EXPECT_EQ(array_repr(scalar_array(2.5)), "array(2.5)");
  EXPECT_EQ(array_str(scalar_array(2.5)), "2.5");
  double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(array_str(from_host<double>({nan, -inf, 1.5}, {3})), "[ nan -inf  1.5]");
}

TEST(Format, SummarisedArrays) {
  // NumPy: np.arange(2000) prints its first and last three items
  EXPECT_EQ(array_str(arange(2000)), "[   0    1    2 ... 1997 1998 1999]");
  EXPECT_EQ(array_repr(arange(2000)), "array([   0,    1,    2, ..., 1997, 1998, 1999], shape=(2000,))");
  // only the corners are gathered for the host: 2*edgeitems per long axis
  ndarray big = zeros({1000, 1000}, DType::Float32);
  EXPECT_EQ(print_corners(big, 3).shape(), (Shape{6, 6}));
  EXPECT_EQ(print_corners(zeros({5, 400, 7}, DType::Float32), 2).shape(), (Shape{4, 4, 4}));
  EXPECT_EQ(print_corners(zeros({3, 400}, DType::Float32), 3).shape(), (Shape{3, 6}));
  // edgeitems 0 keeps the whole axis, as NumPy's a[-0:]
  EXPECT_EQ(print_corners(zeros({3, 40}, DType::Float32), 0).shape(), (Shape{3, 40}));
  std::vector<int64_t> got(36);
  print_corners(arange(1000 * 1000).reshape({1000, 1000}), 3).copy_to_host(got.data());
  EXPECT_EQ(got[0], 0);
  EXPECT_EQ(got[3], 997);
  EXPECT_EQ(got[6], 1000);
  EXPECT_EQ(got[35], 999999);
}

TEST(Format, PrintOptions) {
  ndarray x = from_host<double>({1e-6, 4e-7, 2, 3}, {4});
  PrintOptions defaults = get_printoptions();
  EXPECT_EQ(defaults.precision, 8);
  EXPECT_EQ(defaults.threshold, 1000);
  EXPECT_EQ(defaults.edgeitems, 3);
  EXPECT_EQ(defaults.linewidth, 75);
  {
    // np.array_repr(x, precision=6, suppress_small=True) in NumPy 2.4 (its
    // docstring still shows the pre-1.14 spacing)
    PrintOptions o;
    o.precision = 6;
    o.suppress = true;
    printoptions scoped(o);
    EXPECT_EQ(array_repr(x), "array([0.000001, 0.      , 2.      , 3.      ])");
    EXPECT_EQ(get_printoptions().precision, 6);
  }
  EXPECT_EQ(get_printoptions().precision, 8);  // restored
  {
    printoptions scoped({.precision = 3});
    EXPECT_EQ(array_str(from_host<double>({1.0 / 3, 2.0 / 3}, {2})), "[0.333 0.667]");
  }
  {
    printoptions scoped({.threshold = 5, .edgeitems = 1});
    EXPECT_EQ(array_str(arange(10)), "[0 ... 9]");
  }
  {
    printoptions scoped({.sign = '+'});
    EXPECT_EQ(array_str(from_host<int64_t>({1, -2}, {2})), "[+1 -2]");
  }
  EXPECT_THROW(set_printoptions({.precision = -1}), ValueError);
  EXPECT_THROW(set_printoptions({.sign = 'x'}), ValueError);
  EXPECT_EQ(get_printoptions().precision, 8);
}

TEST(Format, LineWrapping) {
  printoptions scoped({.linewidth = 20});
  EXPECT_EQ(array_str(arange(12)), "[ 0  1  2  3  4  5\n  6  7  8  9 10 11]");
}
