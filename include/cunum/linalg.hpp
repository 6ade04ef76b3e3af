// cunum/linalg.hpp — NumPy's "Linear algebra" chapter: matrix and vector
// products (cunum::matmul, dot, tensordot ...) and cunum::linalg (norms,
// multi_dot ...), on the backends' GEMM family (docs/linalg.md): cuBLAS on
// the GPU, the OpenBLAS NumPy ships (or any BLAS) on the CPU.
//
//   auto c = cunum::matmul(a, b);                       // a @ b, batched and broadcast
//   auto d = cunum::dot(a, b);
//   auto t = cunum::tensordot(a, b, {{1, 0}}, {{0, 1}});
//   auto v = cunum::vecdot(x, y);                       // conj(x) . y along the last axis
//   auto e = cunum::einsum("ij,jk->ik", {a, b});
//   auto n = cunum::linalg::norm(a);                    // Frobenius
//   auto m = cunum::linalg::multi_dot({a, b, c});
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ndarray.hpp"

namespace cunum {

// out=, dtype= and casting= of the product gufuncs (NumPy's ufunc keywords).
struct ProductOptions {
  std::optional<ndarray> out;
  std::optional<DType> dtype;
  Casting casting = Casting::SameKind;
};

// ---- the product gufuncs
// NumPy's matmul, signature (n?,k),(k,m?)->(n?,m?): the last two dims are
// matrices (a 1-d operand is a vector), the others broadcast. The loop dtype
// is dtype= or promote_types(a, b); bool sums as logical or, integers wrap.
// Errors as NumPy's: ValueError for 0-d operands, core-dimension mismatches
// and batch dims that do not broadcast; TypeError for casts `casting` forbids.
ndarray matmul(const ndarray& a, const ndarray& b, const ProductOptions& o = {});
// (n),(n)->(): sum over `axis` of conj(a) * b.
ndarray vecdot(const ndarray& a, const ndarray& b, int64_t axis = -1, const ProductOptions& o = {});
// (m,n),(n)->(m) and (n),(n,m)->(m) (vecmat conjugates its vector).
ndarray matvec(const ndarray& a, const ndarray& b, const ProductOptions& o = {});
ndarray vecmat(const ndarray& a, const ndarray& b, const ProductOptions& o = {});

// ---- NumPy's other products
// dot: 0-d operands multiply; otherwise a's last axis against b's last (b
// 1-d) or second-to-last. out= must be C-contiguous of the result's dtype
// and shape (NumPy's ValueError otherwise).
ndarray dot(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out = {});
ndarray vdot(const ndarray& a, const ndarray& b);  // conj(a.ravel()) . b.ravel(), 0-d
ndarray inner(const ndarray& a, const ndarray& b);
ndarray outer(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out = {});
// Sums over axes_a of a against axes_b of b (same lengths); the result has
// a's other axes, then b's. NumPy's "shape-mismatch for sum" otherwise.
ndarray tensordot(const ndarray& a, const ndarray& b, const std::vector<int64_t>& axes_a,
                  const std::vector<int64_t>& axes_b);
// axes = N: a's last N axes against b's first N.
ndarray tensordot(const ndarray& a, const ndarray& b, int64_t axes = 2);
ndarray kron(const ndarray& a, const ndarray& b);
// a @ a @ ... (n times) by repeated squaring over the last two dims; n = 0
// gives the identity; n < 0 inverts first (linalg::inv).
ndarray matrix_power(const ndarray& a, int64_t n);

// Einstein summation (NumPy's einsum, subscripts with "->" or implicit,
// "..." broadcasting). `optimize`: "greedy"/"optimal" (true) choose a
// pairwise contraction order, each step a transpose/reshape and one GEMM or
// batched GEMM; "none" (false) contracts left to right.
ndarray einsum(const std::string& subscripts, const std::vector<ndarray>& operands,
               const ProductOptions& o = {}, const std::string& optimize = "greedy");
// The order einsum would use: the pairs of operand positions (NumPy's
// einsum_path list, without its leading "einsum_path") and a report.
std::pair<std::vector<std::vector<int64_t>>, std::string> einsum_path(const std::string& subscripts,
                                                                      const std::vector<Shape>& shapes,
                                                                      const std::string& optimize = "greedy");

namespace linalg {

// ---- products and views
ndarray multi_dot(const std::vector<ndarray>& arrays, const std::optional<ndarray>& out = {});
ndarray cross(const ndarray& a, const ndarray& b, int64_t axis = -1);

// ---- norms
// ord: nullopt (2-norm of vectors, Frobenius of matrices), a number (inf and
// -inf included), or "fro"/"nuc" for matrices.
using NormOrd = std::variant<std::monostate, double, std::string>;
ndarray vector_norm(const ndarray& x, const std::optional<std::vector<int64_t>>& axis = {}, bool keepdims = false,
                    double ord = 2.0);
ndarray matrix_norm(const ndarray& x, const NormOrd& ord = std::string("fro"), bool keepdims = false);
ndarray norm(const ndarray& x, const NormOrd& ord = {}, const std::optional<std::vector<int64_t>>& axis = {},
             bool keepdims = false);

// ---- decompositions and solvers, batched over leading dims (Note [Lapack
// plans]): on the GPU cuSOLVER, on the CPU the LAPACK of the BLAS in use.
// A singular or non-positive-definite input raises LinAlgError, which on the
// GPU waits for the device once per call (the info array is read back), as
// CuPy does.
ndarray inv(const ndarray& a);
ndarray solve(const ndarray& a, const ndarray& b);
ndarray det(const ndarray& a);
std::pair<ndarray, ndarray> slogdet(const ndarray& a);  // (sign, logabsdet)
ndarray cholesky(const ndarray& a, bool upper = false);
// A = U diag(S) V^H, S descending; u and vh only with compute_uv
// (full_matrices: U is m x m and V^H n x n, else k = min(m, n) columns/rows).
struct SvdResult {
  ndarray u, s, vh;
};
SvdResult svd(const ndarray& a, bool full_matrices = true, bool compute_uv = true, bool hermitian = false);
ndarray svdvals(const ndarray& a);
// Eigenvalues (ascending, real) and eigenvectors (columns) of Hermitian
// matrices, from their lower (or upper) triangle.
std::pair<ndarray, ndarray> eigh(const ndarray& a, bool lower = true);
ndarray eigvalsh(const ndarray& a, bool lower = true);
// Eigenvalues and right eigenvectors (columns, unit norm) of general
// matrices: complex, except for real input whose eigenvalues are all real
// (NumPy's rule: one wait for the device to decide).
// Complex results for every input (NumPy 2.5); `real_if_real`: NumPy 2.4's
// rule, real results for real input whose eigenvalues are all real (one wait).
std::pair<ndarray, ndarray> eig(const ndarray& a, bool vectors = true, bool real_if_real = false);
// mode "reduced", "complete", "r" (q empty) or "raw" (q: NumPy's h, r: tau).
struct QrResult {
  ndarray q, r;
};
QrResult qr(const ndarray& a, const std::string& mode = "reduced");
// NumPy's pinv (cutoff rcond * the largest singular value), matrix_rank
// (tol: absolute; else rtol * the largest singular value, default
// max(m, n) * eps), cond (p: nullopt/2/-2 from the singular values, else
// norm(x, p) * norm(inv(x), p), singular -> inf), lstsq (x, residuals, rank,
// singular values; the residuals' size depends on the rank: one wait for the
// device), tensorsolve, tensorinv.
ndarray pinv(const ndarray& a, double rcond = 1e-15, bool hermitian = false);
ndarray matrix_rank(const ndarray& a, std::optional<double> tol = {}, bool hermitian = false,
                    std::optional<double> rtol = {});
ndarray cond(const ndarray& x, const NormOrd& p = {});
struct LstsqResult {
  ndarray x, residuals;
  int64_t rank = 0;
  ndarray s;
};
LstsqResult lstsq(const ndarray& a, const ndarray& b, std::optional<double> rcond = {});
ndarray tensorsolve(const ndarray& a, const ndarray& b, const std::optional<std::vector<int64_t>>& axes = {});
ndarray tensorinv(const ndarray& a, int64_t ind = 2);

}  // namespace linalg
}  // namespace cunum
