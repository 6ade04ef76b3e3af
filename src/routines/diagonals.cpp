// Diagonals and triangles (NumPy's diagonal, diag, diagflat, trace, tri,
// tril, triu, the *_indices routines and fill_diagonal): views where NumPy
// gives views, masked copies for the triangles, and index arrays built on
// the device.
#include <algorithm>
#include <string>

#include "core/assign.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/tiling.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/expand.hpp"

namespace cunum {

ndarray diagonal(const ndarray& a, int64_t offset, int64_t axis1, int64_t axis2) {
  const int nd = a.ndim();
  if (nd < 2) throw ValueError("diag requires an array of at least two dimensions");
  const int a1 = normalize_axis(axis1, nd, "axis1"), a2 = normalize_axis(axis2, nd, "axis2");
  if (a1 == a2) throw ValueError("axis1 and axis2 cannot be the same");
  const int64_t n1 = a.shape()[a1], n2 = a.shape()[a2];
  int64_t len, start1 = 0, start2 = 0;
  if (offset >= 0) {
    len = offset >= n2 ? 0 : std::min(n1, n2 - offset);
    start2 = offset;
  } else {
    len = offset <= -n1 ? 0 : std::min(n1 + offset, n2);
    start1 = -offset;
  }
  Shape shape;
  Strides strides;
  for (int d = 0; d < nd; ++d)
    if (d != a1 && d != a2) {
      shape.push_back(a.shape()[d]);
      strides.push_back(a.strides()[d]);
    }
  shape.push_back(len);
  strides.push_back(a.strides()[a1] + a.strides()[a2]);
  const int64_t off = len > 0 ? a.offset() + start1 * a.strides()[a1] + start2 * a.strides()[a2] : a.offset();
  return ndarray(a.storage(), off, shape, strides, a.dtype());
}

namespace {
ndarray diag_matrix(const ndarray& v, int64_t k) {
  const int64_t n = v.size() + (k < 0 ? -k : k);
  ndarray r = zeros({n, n}, v.dtype(), v.device());
  if (v.size()) core::assign(diagonal(r, k), v);
  return r;
}
}  // namespace

ndarray diag(const ndarray& v, int64_t k) {
  if (v.ndim() == 1) return diag_matrix(v, k);
  if (v.ndim() == 2) return diagonal(v, k);
  throw ValueError("Input must be 1- or 2-d.");
}

ndarray diagflat(const ndarray& v, int64_t k) { return diag_matrix(ravel(v), k); }

ndarray trace(const ndarray& a, int64_t offset, int64_t axis1, int64_t axis2, std::optional<DType> dtype,
              const std::optional<ndarray>& out) {
  const ndarray d = diagonal(a, offset, axis1, axis2);
  return sum(d, ReduceOptions{{{-1}}, false, dtype, out});
}

ndarray tri(int64_t n, std::optional<int64_t> m_opt, int64_t k, DType dtype, std::optional<Device> device) {
  // A negative size is an empty arange in NumPy's tri: an empty axis.
  const int64_t m = std::max<int64_t>(m_opt.value_or(n), 0);
  n = std::max<int64_t>(n, 0);
  const Device dev = device.value_or(default_device());
  // j <= i + k, as greater_equal.outer(arange(n), arange(-k, m - k)).
  const ndarray rows = reshape(arange(Scalar(0), Scalar(n), Scalar(1), DType::Int64, dev), {n, 1});
  const ndarray cols = reshape(arange(Scalar(-k), Scalar(m - k), Scalar(1), DType::Int64, dev), {1, m});
  const ndarray mask = greater_equal(rows, cols);
  return mask.astype(dtype, false);
}

namespace {
ndarray triangle(const ndarray& m, int64_t k, bool lower) {
  if (m.ndim() == 0) throw TypeError("tri() missing 1 required positional argument: 'N'");
  const int64_t rows = m.ndim() >= 2 ? m.shape()[m.ndim() - 2] : m.shape()[0];
  const int64_t cols = m.shape()[m.ndim() - 1];
  const ndarray mask = tri(rows, cols, lower ? k : k - 1, DType::Bool, m.device());
  const ndarray zero = zeros({1}, m.dtype(), m.device());
  return lower ? where(mask, m, zero) : where(mask, zero, m);
}

// Rows [0, n) of an n x m matrix, row i holding columns [first_i, last_i):
// the (row, column) index pairs in row order, built on the device from the
// per-row counts (Note [Expanding counts without a scan], expand.hpp).
std::pair<ndarray, ndarray> rows_of(int64_t n, int64_t m, int64_t k, bool lower, std::optional<Device> device) {
  n = std::max<int64_t>(n, 0);  // as tri: a negative size is empty
  m = std::max<int64_t>(m, 0);
  const Device dev = device.value_or(default_device());
  std::vector<int64_t> ends(n), base(n);
  int64_t total = 0;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t first = lower ? 0 : std::clamp<int64_t>(i + k, 0, m);
    const int64_t last = lower ? std::clamp<int64_t>(i + k + 1, 0, m) : m;
    base[i] = total - first;  // column = position - base[row]
    total += last - first;
    ends[i] = total;
  }
  if (total == 0) return {zeros({0}, DType::Int64, dev), zeros({0}, DType::Int64, dev)};
  const ndarray e = from_host(ends, {n}, dev), b = from_host(base, {n}, dev);
  const ndarray row = detail::expand_positions(e, total);
  const ndarray col = subtract(arange(Scalar(0), Scalar(total), Scalar(1), DType::Int64, dev), take(b, row));
  return {row, col};
}

void check_square(const ndarray& a) {
  for (int64_t s : a.shape())
    if (s != a.shape()[0]) throw ValueError("All dimensions of input must be of equal length");
}
}  // namespace

ndarray tril(const ndarray& m, int64_t k) { return triangle(m, k, true); }
ndarray triu(const ndarray& m, int64_t k) { return triangle(m, k, false); }

std::pair<ndarray, ndarray> tril_indices(int64_t n, int64_t k, std::optional<int64_t> m, std::optional<Device> dev) {
  return rows_of(n, m.value_or(n), k, true, dev);
}
std::pair<ndarray, ndarray> triu_indices(int64_t n, int64_t k, std::optional<int64_t> m, std::optional<Device> dev) {
  return rows_of(n, m.value_or(n), k, false, dev);
}
std::pair<ndarray, ndarray> tril_indices_from(const ndarray& a, int64_t k) {
  if (a.ndim() != 2) throw ValueError("input array must be 2-d");
  return tril_indices(a.shape()[0], k, a.shape()[1], a.device());
}
std::pair<ndarray, ndarray> triu_indices_from(const ndarray& a, int64_t k) {
  if (a.ndim() != 2) throw ValueError("input array must be 2-d");
  return triu_indices(a.shape()[0], k, a.shape()[1], a.device());
}

std::vector<ndarray> diag_indices(int64_t n, int64_t ndim, std::optional<Device> device) {
  const ndarray idx = arange(Scalar(0), Scalar(n), Scalar(1), DType::Int64, device);
  return std::vector<ndarray>(static_cast<size_t>(std::max<int64_t>(ndim, 0)), idx);
}

std::vector<ndarray> diag_indices_from(const ndarray& a) {
  if (a.ndim() < 2) throw ValueError("input array must be at least 2-d");
  check_square(a);
  return diag_indices(a.shape()[0], a.ndim(), a.device());
}

void fill_diagonal(const ndarray& a, const Operand& val, bool wrap) {
  const int nd = a.ndim();
  if (nd < 2) throw ValueError("array must be at least 2-d");
  int64_t step, end = a.size();
  if (nd == 2) {
    step = a.shape()[1] + 1;
    if (!wrap) end = std::min(end, a.shape()[1] * a.shape()[1]);
  } else {
    check_square(a);
    step = 1;
    int64_t prod = 1;
    for (int d = 0; d < nd - 1; ++d) step += (prod *= a.shape()[d]);
  }
  const int64_t count = end > 0 ? (end + step - 1) / step : 0;
  if (count == 0) return;
  // a.flat[:end:step]: a strided view of a C-contiguous array, else of a
  // C-ordered copy written back.
  const ndarray flat = a.is_c_contiguous() ? a : a.copy('C');
  const ndarray sel(flat.storage(), flat.offset(), {count}, {step * static_cast<int64_t>(a.itemsize())}, a.dtype());
  if (!val.is_array()) {
    const_cast<ndarray&>(sel).fill(val.scalar());
  } else if (val.array().size() > 0) {
    core::assign(sel, resize(val.array(), {count}));
  }
  if (!a.is_c_contiguous()) core::assign(a, flat);
}

}  // namespace cunum
