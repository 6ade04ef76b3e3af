// Array creation routines (NumPy's "Array creation routines" chapter) that
// compose the array's constructors: identity matrices, contiguous copies.
// Numerical ranges (arange, linspace, logspace) are in ranges.cpp; the
// constructors themselves (empty, zeros, full, array ...) in
// src/core/constructors.cpp.
#include "cunum/creation.hpp"

#include <algorithm>

namespace cunum {

ndarray eye(int64_t n, std::optional<int64_t> m_opt, int64_t k, DType dtype,
            std::optional<Device> device, char order) {
  const int64_t m = m_opt ? *m_opt : n;
  ndarray a = zeros({n, m}, dtype, device, order);
  const int64_t len = std::max<int64_t>(0, std::min(n - std::max<int64_t>(-k, 0), m - std::max<int64_t>(k, 0)));
  if (len > 0) {
    const int64_t row = a.strides()[0], col = a.strides()[1];
    const int64_t off = k >= 0 ? k * col : -k * row;
    ndarray diag(a.storage(), a.offset() + off, {len}, {row + col}, dtype);
    diag.fill(Scalar(1));
  }
  return a;
}

ndarray identity(int64_t n, DType dtype, std::optional<Device> device) {
  return eye(n, n, 0, dtype, device);
}

ndarray ascontiguousarray(const ndarray& a, std::optional<DType> dtype) {
  ndarray r = array(a, dtype, false, 'C');
  return r.ndim() == 0 ? r.reshape({1}) : r;
}
ndarray asfortranarray(const ndarray& a, std::optional<DType> dtype) {
  ndarray r = array(a, dtype, false, 'F');
  return r.ndim() == 0 ? r.reshape({1}) : r;
}

}  // namespace cunum
