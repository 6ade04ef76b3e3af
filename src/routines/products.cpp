// NumPy's products other than the gufuncs: dot, vdot, inner, outer,
// tensordot, kron, matrix_power. Each contraction is a transpose and reshape
// (views where the layout allows, one copy otherwise) and one GEMM.
#include <string>

#include "core/assign.hpp"
#include "core/gemm.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/linalg.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/products_internal.hpp"

namespace cunum {

namespace products {
ndarray matmul2d(const ndarray& a0, const ndarray& b0, DType dt) {
  const ndarray a = a0.dtype() == dt ? a0 : a0.astype(dt);
  const ndarray b = b0.dtype() == dt ? b0 : b0.astype(dt);
  ndarray r = ndarray::allocate({a.shape()[0], b.shape()[1]}, dt, a.device());
  core::gemm(r, a, b);
  return r;
}
}  // namespace products

using namespace products;

namespace {
[[noreturn]] void not_aligned(const ndarray& a, int da, const ndarray& b, int db) {
  throw ValueError("shapes " + shape_str(a.shape()) + " and " + shape_str(b.shape()) + " not aligned: " +
                   std::to_string(a.shape()[da]) + " (dim " + std::to_string(da) + ") != " +
                   std::to_string(b.shape()[db]) + " (dim " + std::to_string(db) + ")");
}

// a's axes `ca` against b's axes `cb` (normalized, same extents), result in dtype dt.
ndarray contract(const ndarray& a, const ndarray& b, const std::vector<int64_t>& ca, const std::vector<int64_t>& cb,
                 DType dt) {
  std::vector<int64_t> pa, pb;
  Shape rs;
  int64_t m = 1, n = 1, k = 1;
  for (int d = 0; d < a.ndim(); ++d)
    if (std::find(ca.begin(), ca.end(), d) == ca.end()) pa.push_back(d), rs.push_back(a.shape()[d]), m *= a.shape()[d];
  for (int64_t d : ca) pa.push_back(d), k *= a.shape()[d];
  pb = cb;
  for (int d = 0; d < b.ndim(); ++d)
    if (std::find(cb.begin(), cb.end(), d) == cb.end()) pb.push_back(d), rs.push_back(b.shape()[d]), n *= b.shape()[d];
  const ndarray a2 = reshape(transpose(a, pa), {m, k}), b2 = reshape(transpose(b, pb), {k, n});
  return reshape(matmul2d(a2, b2, dt), rs);
}
}  // namespace

ndarray tensordot(const ndarray& a, const ndarray& b, const std::vector<int64_t>& axes_a,
                  const std::vector<int64_t>& axes_b) {
  if (axes_a.size() != axes_b.size()) throw ValueError("shape-mismatch for sum");
  std::vector<int64_t> ca, cb;
  for (size_t i = 0; i < axes_a.size(); ++i) {
    ca.push_back(normalize_axis(axes_a[i], a.ndim()));
    cb.push_back(normalize_axis(axes_b[i], b.ndim()));
    if (a.shape()[ca.back()] != b.shape()[cb.back()]) throw ValueError("shape-mismatch for sum");
  }
  for (size_t i = 0; i < ca.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (ca[i] == ca[j] || cb[i] == cb[j]) throw ValueError("repeated axis in tensordot axes");
  return contract(a, b, ca, cb, promote_types(a.dtype(), b.dtype()));
}

ndarray tensordot(const ndarray& a, const ndarray& b, int64_t axes) {
  if (axes < 0) throw ValueError("axes must be at least 0");  // NumPy 2: negative axes are an error
  if (axes > a.ndim() || axes > b.ndim()) throw ValueError("shape-mismatch for sum");
  std::vector<int64_t> ca, cb;
  for (int64_t i = 0; i < axes; ++i) ca.push_back(a.ndim() - axes + i), cb.push_back(i);
  return tensordot(a, b, ca, cb);
}

ndarray dot(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out) {
  if (a.ndim() == 0 || b.ndim() == 0) return multiply(a, b, {.out = out});
  const int da = a.ndim() - 1, db = b.ndim() == 1 ? 0 : b.ndim() - 2;
  if (a.shape()[da] != b.shape()[db]) not_aligned(a, da, b, db);
  const DType dt = promote_types(a.dtype(), b.dtype());
  if (out) {
    Shape rs(a.shape().begin(), a.shape().end() - 1);
    for (int d = 0; d < b.ndim(); ++d)
      if (d != db) rs.push_back(b.shape()[d]);
    // NumPy's two checks, in its order: the kind of array, then the extents.
    if (out->dtype() != dt || out->ndim() != int(rs.size()) || !out->is_c_contiguous())
      throw ValueError(
          "output array is not acceptable (must have the right datatype, number of dimensions, and be a C-Array)");
    if (out->shape() != rs) throw ValueError("output array has wrong dimensions");
  }
  ndarray r;
  if (a.ndim() == 2 && b.ndim() == 2 && out && out->device() == a.device()) {
    const ndarray a2 = a.dtype() == dt ? a : a.astype(dt), b2 = b.dtype() == dt ? b : b.astype(dt);
    core::gemm(*out, a2, b2);
    return *out;
  }
  r = contract(a, b, {da}, {db}, dt);
  if (!out) return r;
  core::assign(*out, r);
  return *out;
}

ndarray vdot(const ndarray& a, const ndarray& b) {
  const ndarray av = ravel(a), bv = reshape(ravel(b), {a.size()});
  const DType dt = promote_types(a.dtype(), b.dtype());
  const ndarray ac = conj_if_complex(av.dtype() == dt ? av : av.astype(dt));
  return reshape(matmul2d(reshape(ac, {1, a.size()}), reshape(bv, {a.size(), 1}), dt), {});
}

ndarray inner(const ndarray& a, const ndarray& b) {
  if (a.ndim() == 0 || b.ndim() == 0) return multiply(a, b);
  if (a.shape()[a.ndim() - 1] != b.shape()[b.ndim() - 1]) not_aligned(a, a.ndim() - 1, b, b.ndim() - 1);
  return contract(a, b, {a.ndim() - 1}, {b.ndim() - 1}, promote_types(a.dtype(), b.dtype()));
}

ndarray outer(const ndarray& a, const ndarray& b, const std::optional<ndarray>& out) {
  return multiply(reshape(ravel(a), {a.size(), 1}), reshape(ravel(b), {1, b.size()}), {.out = out});
}

ndarray kron(const ndarray& a0, const ndarray& b0) {
  // NumPy's algorithm (numpy/lib/_shape_base_impl.py): both to one rank,
  // interleaved size-1 axes, one broadcast multiply, one reshape.
  ndarray a = a0, b = b0;
  if (a.ndim() == 0 || b.ndim() == 0) return multiply(a, b);
  const int nd = std::max(a.ndim(), b.ndim());
  while (a.ndim() < nd) a = insert_axis(a, 0);
  while (b.ndim() < nd) b = insert_axis(b, 0);
  Shape rs;
  for (int d = 0; d < nd; ++d) rs.push_back(a.shape()[d] * b.shape()[d]);
  ndarray ae = a, be = b;
  for (int d = 0; d < nd; ++d) ae = insert_axis(ae, 2 * d + 1), be = insert_axis(be, 2 * d);
  return reshape(multiply(ae, be), rs);
}

ndarray matrix_power(const ndarray& a, int64_t n) {
  if (a.ndim() < 2)
    throw LinAlgError(std::to_string(a.ndim()) + "-dimensional array given. Array must be at least two-dimensional");
  if (a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2])
    throw LinAlgError("Last 2 dimensions of the array must be square");
  if (n == 0) {
    ndarray r = empty_like(a, std::nullopt, 'C');
    core::assign(r, broadcast_to(eye(a.shape()[a.ndim() - 1], std::nullopt, 0, a.dtype(), a.device()), a.shape()));
    return r;
  }
  ndarray x = a;
  if (n < 0) {
    x = linalg::inv(a);
    n = -n;
  }
  if (n == 1) return x.copy();
  std::optional<ndarray> z, result;
  while (n > 0) {
    z = z ? matmul(*z, *z) : x;
    const bool bit = n & 1;
    n >>= 1;
    if (bit) result = result ? matmul(*result, *z) : *z;
  }
  return *result;
}

}  // namespace cunum
