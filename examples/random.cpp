// Random numbers from C++ (cunum/random.hpp): a seeded generator, the same
// values on the CPU and on the GPU for the same seed.
//   cmake -B build -DCUNUM_EXAMPLES=ON && cmake --build build && ./build/cunum_example_random
#include <cunum/random.hpp>  // (cunum.hpp does not include it)

#include "check.hpp"

int main() {
  using namespace cunum;
  using example::to_vector;
  cunum::random::Generator g(42);            // (cunum:: : ::random is C's)
  ndarray u = g.random({100000});            // float64 in [0, 1)
  ndarray z = g.normal(1.0, 2.0, {100000});  // mean 1, standard deviation 2
  ndarray k = g.integers(0, 10, {20});       // int64 in [0, 10)

  {
    printoptions scoped({.precision = 3});   // three digits for this block only
    std::cout << "random:   " << u << "\n" << "normal:   " << z << "\n";
  }
  std::cout << "integers: " << k << "\n";
  ndarray mu = mean(u), zm = mean(z), zs = cunum::std(z);
  std::cout << "mean(u) = " << mu << ", mean(z) = " << zm << ", std(z) = " << zs << "\n";

  // statistical checks, many standard errors wide (1/sqrt(12 * 1e5) ~ 0.001 for u)
  example::expect_near("mean of uniform ~ 0.5", to_vector<double>(mu), {0.5}, 0.01);
  example::expect_near("mean of normal ~ 1", to_vector<double>(zm), {1.0}, 0.05);
  example::expect_near("std of normal ~ 2", to_vector<double>(zs), {2.0}, 0.05);
  std::vector<int64_t> ks = to_vector<int64_t>(k);
  bool in_range = true;
  for (int64_t v : ks) in_range = in_range && v >= 0 && v < 10;
  example::expect("integers in [0, 10)", in_range);
  cunum::random::Generator again(42);                // the same seed, the same stream
  example::expect("reproducible", to_vector<double>(again.random({100000})) == to_vector<double>(u));
  return example::failures != 0;
}
