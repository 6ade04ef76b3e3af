// Statistics from C++ (cunum/statistics.hpp): moments, order statistics, histograms.
//   cmake -B build -DCUNUM_EXAMPLES=ON && cmake --build build && ./build/cunum_example_statistics
#include "check.hpp"

int main() {
  using namespace cunum;
  using example::to_vector;
  ndarray a = from_host<double>({1, 2, 3, 4, 5, 6, 7, 8}, {2, 4});
  ndarray m = mean(a);                                   // 0-d arrays, never host scalars
  ndarray v = var(a);
  ndarray s0 = cunum::std(a, {.axis = std::vector<int64_t>{0}});
  ndarray med = median(a, std::vector<int64_t>{1});
  ndarray p = percentile(a, {25, 50, 75}, {3});
  HistogramResult h = histogram(a, {.count = 4});

  std::cout << "a =\n" << a << "\n"
            << "mean = " << m << ", var = " << v << "\n"
            << "std(axis=0) = " << s0 << ", median(axis=1) = " << med << "\n"
            << "percentile([25, 50, 75]) = " << p << "\n"
            << "histogram: counts " << h.hist << ", edges " << h.edges << "\n";

  // by hand: mean 4.5; var = mean of (x - 4.5)^2 = 42 / 8; columns differ by 4 -> std 2;
  // linear percentiles of 1..8 at positions 1.75, 3.5, 5.25
  example::expect_near("mean", to_vector<double>(m), {4.5});
  example::expect_near("var", to_vector<double>(v), {5.25});
  example::expect_near("std(axis=0)", to_vector<double>(s0), {2, 2, 2, 2});
  example::expect_near("median(axis=1)", to_vector<double>(med), {2.5, 6.5});
  example::expect_near("percentile", to_vector<double>(p), {2.75, 4.5, 6.25});
  example::expect("histogram counts", to_vector<int64_t>(h.hist) == std::vector<int64_t>{2, 2, 2, 2});
  example::expect_near("histogram edges", to_vector<double>(h.edges), {1, 2.75, 4.5, 6.25, 8});
  return example::failures != 0;
}
