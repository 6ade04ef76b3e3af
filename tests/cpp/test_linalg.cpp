// Products and linear algebra from C++ (cunum/linalg.hpp), with values worked
// out by hand; NumPy-oracle tests over every dtype and device are
// tests/python/test_matmul.py, test_linalg.py and test_einsum.py.
#include <gtest/gtest.h>

#include <cmath>
#include <cunum/cunum.hpp>
#include <vector>

using namespace cunum;

namespace {
template <class T> std::vector<T> host(const ndarray& a) {
  std::vector<T> v(static_cast<size_t>(a.size()));
  a.copy_to_host(v.data());  // C order, whatever a's layout
  return v;
}
}  // namespace

TEST(Linalg, MatmulOfMatricesVectorsAndStacks) {
  // [[1 2 3] [4 5 6]] @ [[1 0] [0 1] [1 1]] = [[4 5] [10 11]]
  const ndarray a = from_host(std::vector<double>{1, 2, 3, 4, 5, 6}, {2, 3});
  const ndarray b = from_host(std::vector<double>{1, 0, 0, 1, 1, 1}, {3, 2});
  EXPECT_EQ(host<double>(matmul(a, b)), (std::vector<double>{4, 5, 10, 11}));
  EXPECT_EQ(host<double>(matmul(b.T(), a.T())), (std::vector<double>{4, 10, 5, 11}));  // transposes: BLAS flags
  const ndarray v = from_host(std::vector<double>{1, 1, 1}, {3});
  EXPECT_EQ(matmul(a, v).shape(), Shape({2}));
  EXPECT_EQ(host<double>(matmul(a, v)), (std::vector<double>{6, 15}));
  EXPECT_EQ(matmul(v, v).ndim(), 0);
  // A stack of two against one matrix: broadcast, one strided-batched GEMM.
  const ndarray s = from_host(std::vector<double>{1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1}, {2, 2, 3});
  EXPECT_EQ(host<double>(matmul(s, b)), (std::vector<double>{4, 5, 10, 11, 10, 9, 4, 3}));
  EXPECT_THROW(matmul(a, a), ValueError);
}

TEST(Linalg, IntegerMatmulWrapsAndBoolIsAnyOfAnd) {
  const ndarray a = from_host(std::vector<int8_t>{100, 100}, {1, 2});
  const ndarray b = from_host(std::vector<int8_t>{1, 2}, {2, 1});
  EXPECT_EQ(host<int8_t>(matmul(a, b)), (std::vector<int8_t>{44}));  // 300 wraps to 44
  const ndarray t = from_host(std::vector<uint8_t>{1, 0, 0, 0}, {2, 2}).astype(DType::Bool);
  const ndarray u = from_host(std::vector<uint8_t>{0, 1, 1, 1}, {2, 2}).astype(DType::Bool);
  const ndarray r = matmul(t, u);
  EXPECT_EQ(r.dtype(), DType::Bool);
  EXPECT_EQ(host<uint8_t>(r.astype(DType::UInt8)), (std::vector<uint8_t>{0, 1, 0, 0}));
}

TEST(Linalg, DotTensordotEinsum) {
  const ndarray a = from_host(std::vector<double>{1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(host<double>(dot(a, a)), (std::vector<double>{7, 10, 15, 22}));
  EXPECT_EQ(host<double>(tensordot(a, a, 2)), (std::vector<double>{30}));
  EXPECT_EQ(host<double>(einsum("ij,jk->ik", {a, a})), (std::vector<double>{7, 10, 15, 22}));
  EXPECT_EQ(host<double>(einsum("ii", {a})), (std::vector<double>{5}));
}

TEST(Linalg, SolveInvDetCholesky) {
  // [[2 1] [1 3]] x = [3 5] -> x = [0.8 1.4]; det 5; L = [[sqrt2 0] [1/sqrt2 sqrt(5/2)]]
  const ndarray a = from_host(std::vector<double>{2, 1, 1, 3}, {2, 2});
  const ndarray b = from_host(std::vector<double>{3, 5}, {2});
  const std::vector<double> x = host<double>(linalg::solve(a, b));
  EXPECT_NEAR(x[0], 0.8, 1e-14);
  EXPECT_NEAR(x[1], 1.4, 1e-14);
  EXPECT_NEAR(host<double>(linalg::det(a))[0], 5.0, 1e-14);
  const std::vector<double> i = host<double>(linalg::inv(a));
  EXPECT_NEAR(i[0], 0.6, 1e-14);
  EXPECT_NEAR(i[1], -0.2, 1e-14);
  const std::vector<double> l = host<double>(linalg::cholesky(a));
  EXPECT_NEAR(l[0], std::sqrt(2.0), 1e-14);
  EXPECT_EQ(l[1], 0.0);
  EXPECT_NEAR(l[2], 1 / std::sqrt(2.0), 1e-14);
  EXPECT_NEAR(l[3], std::sqrt(2.5), 1e-14);
  const ndarray sing = from_host(std::vector<double>{1, 2, 2, 4}, {2, 2});
  EXPECT_THROW(linalg::inv(sing), LinAlgError);
  EXPECT_EQ(host<double>(linalg::det(sing))[0], 0.0);
  const ndarray indef = from_host(std::vector<double>{1, 2, 2, 1}, {2, 2});
  EXPECT_THROW(linalg::cholesky(indef), LinAlgError);
  const std::vector<double> sv = host<double>(linalg::svdvals(from_host(std::vector<double>{3, 0, 0, -4}, {2, 2})));
  EXPECT_NEAR(sv[0], 4.0, 1e-14);
  EXPECT_NEAR(sv[1], 3.0, 1e-14);
}

TEST(Linalg, EighQrPinv) {
  // [[2 1] [1 2]]: eigenvalues 1 and 3.
  const ndarray a = from_host(std::vector<double>{2, 1, 1, 2}, {2, 2});
  const std::vector<double> w = host<double>(linalg::eigvalsh(a));
  EXPECT_NEAR(w[0], 1.0, 1e-14);
  EXPECT_NEAR(w[1], 3.0, 1e-14);
  // QR of [[3 0] [4 5]]: |R[0,0]| = 5, Q R = A.
  const ndarray m = from_host(std::vector<double>{3, 0, 4, 5}, {2, 2});
  const linalg::QrResult qr = linalg::qr(m);
  EXPECT_NEAR(std::abs(host<double>(qr.r)[0]), 5.0, 1e-14);
  const std::vector<double> back = host<double>(matmul(qr.q, qr.r));
  for (size_t i = 0; i < 4; ++i) EXPECT_NEAR(back[i], (std::vector<double>{3, 0, 4, 5})[i], 1e-13);
  const std::vector<double> p = host<double>(linalg::pinv(from_host(std::vector<double>{2, 0, 0, 4}, {2, 2})));
  EXPECT_NEAR(p[0], 0.5, 1e-14);
  EXPECT_NEAR(p[3], 0.25, 1e-14);
}
