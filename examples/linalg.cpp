// Linear algebra from C++ (cunum/linalg.hpp): products, solve, inv, det, norm.
//   cmake -B build -DCUNUM_EXAMPLES=ON && cmake --build build && ./build/cunum_example_linalg
#include "check.hpp"

int main() {
  using namespace cunum;
  using example::to_vector;
  ndarray A = from_host<double>({4, 1, 2, 3}, {2, 2});
  ndarray b = from_host<double>({1, 2}, {2});
  ndarray x = linalg::solve(A, b);        // A x = b
  ndarray Ainv = linalg::inv(A);
  ndarray d = linalg::det(A);
  ndarray Ax = matmul(A, x);               // back to b
  ndarray n = linalg::norm(from_host<double>({3, 4}, {2}));

  std::cout << "A =\n" << A << "\n"
            << "solve(A, b) = " << x << "\n"
            << "inv(A) =\n" << Ainv << "\n"
            << "det(A) = " << d << ",  A @ x = " << Ax << ",  norm([3, 4]) = " << n << "\n";

  // by hand: det = 4*3 - 1*2 = 10; x = (1*3 - 1*2, 4*2 - 2*1) / 10; inv = [[3, -1], [-2, 4]] / 10
  example::expect_near("solve", to_vector<double>(x), {0.1, 0.6});
  example::expect_near("inv", to_vector<double>(Ainv), {0.3, -0.1, -0.2, 0.4});
  example::expect_near("det", to_vector<double>(d), {10.0});
  example::expect_near("A @ x == b", to_vector<double>(Ax), {1.0, 2.0});
  example::expect_near("norm", to_vector<double>(n), {5.0});
  return example::failures != 0;
}
