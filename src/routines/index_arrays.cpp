// Index arrays (NumPy's indices, unravel_index, ravel_multi_index) from
// ufuncs over int64, and the positions of true elements.
#include <string>

#include "core/assign.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/expand.hpp"

namespace cunum {

std::vector<ndarray> indices(const Shape& dims, DType dtype, bool sparse, std::optional<Device> device) {
  for (int64_t d : dims)
    if (d < 0) throw ValueError("negative dimensions are not allowed");
  const int n = static_cast<int>(dims.size());
  const Device dev = device.value_or(default_device());
  std::vector<ndarray> axes;
  for (int i = 0; i < n; ++i) {
    Shape s(n, 1);
    s[i] = dims[i];
    axes.push_back(reshape(arange(Scalar(0), Scalar(dims[i]), Scalar(1), dtype, dev), s));
  }
  if (sparse) return axes;
  Shape shape{n};
  for (int64_t d : dims) shape.push_back(d);
  ndarray res = empty(shape, dtype, dev);
  if (res.size())
    for (int i = 0; i < n; ++i) core::assign(index(res, {Index(i)}), axes[i]);
  return {res};
}

namespace {
void check_int_indices(const ndarray& a) {
  if (!is_integer(a.dtype()) && !is_bool(a.dtype())) throw TypeError("only int indices permitted");
}

// C order: the last dim varies fastest; F: the first.
std::vector<int64_t> dim_strides(const Shape& dims, char order) {
  const int n = static_cast<int>(dims.size());
  std::vector<int64_t> s(n);
  int64_t p = 1;
  for (int k = 0; k < n; ++k) {
    const int d = order == 'F' ? k : n - 1 - k;
    s[d] = p;
    p *= dims[d];
  }
  return s;
}

void check_order(char order) {
  if (order != 'C' && order != 'F') throw ValueError("only 'C' or 'F' order is permitted");
}
}  // namespace

std::vector<ndarray> unravel_index(const ndarray& idx0, const Shape& shape, char order) {
  check_int_indices(idx0);
  check_order(order);
  int64_t size = 1;
  for (int64_t d : shape) size *= d;
  const ndarray idx = idx0.astype(DType::Int64, false);
  if (idx.size()) {
    const ndarray bad = logical_or(less(idx, Scalar(0)), greater_equal(idx, Scalar(size)));
    const std::vector<int64_t> v = detail::read_int64({any(bad), take(idx, argmax(bad))});
    if (v[0])
      throw ValueError("index " + std::to_string(v[1]) + " is out of bounds for array with size " +
                       std::to_string(size));
  }
  const std::vector<int64_t> st = dim_strides(shape, order);
  std::vector<ndarray> out;
  for (size_t d = 0; d < shape.size(); ++d) {
    ndarray q = st[d] == 1 ? idx.copy() : floor_divide(idx, Scalar(st[d]));
    out.push_back(d == (order == 'F' ? shape.size() - 1 : 0) ? q : remainder(q, Scalar(shape[d])));
  }
  return out;
}

ndarray ravel_multi_index(const std::vector<ndarray>& multi, const Shape& dims, const std::vector<ClipMode>& modes_in,
                          char order) {
  const size_t n = dims.size();
  if (multi.size() != n)
    throw ValueError("parameter multi_index must be a sequence of length " + std::to_string(n));
  check_order(order);
  std::vector<ClipMode> modes = modes_in.size() == 1 ? std::vector<ClipMode>(n, modes_in[0]) : modes_in;
  if (modes.size() != n) throw ValueError("mode must have one entry, or one per dimension");
  int64_t size = 1;
  for (int64_t d : dims)
    if (d > 0 && size > INT64_MAX / d)
      throw ValueError("invalid dims: array size defined by dims is larger than the maximum possible size.");
    else
      size *= d;
  std::vector<Shape> shapes;
  for (const ndarray& m : multi) {
    check_int_indices(m);
    shapes.push_back(m.shape());
  }
  const Shape shape = detail::iterator_shape(shapes);
  const Device dev = multi.empty() ? default_device() : multi[0].device();
  const std::vector<int64_t> st = dim_strides(dims, order);
  ndarray r = zeros(shape, DType::Int64, dev);
  std::vector<ndarray> bad;
  for (size_t d = 0; d < n; ++d) {
    ndarray c = multi[d].astype(DType::Int64, false);
    switch (modes[d]) {
      case ClipMode::Raise:
        bad.push_back(any(logical_or(less(c, Scalar(0)), greater_equal(c, Scalar(dims[d])))));
        break;
      case ClipMode::Wrap: c = remainder(c, Scalar(dims[d])); break;
      case ClipMode::Clip: c = minimum(maximum(c, Scalar(0)), Scalar(dims[d] - 1)); break;
    }
    add(r, multiply(c, Scalar(st[d])), {.out = r});
  }
  if (r.size() && !bad.empty()) {
    for (int64_t b : detail::read_int64(bad))
      if (b) throw ValueError("invalid entry in coordinates array");
  }
  return r;
}

ndarray flat_true_positions(const ndarray& mask) { return detail::true_positions(ravel(is_bool(mask.dtype()) ? mask : not_equal(mask, Scalar(0)))); }

std::pair<ndarray, ndarray> mask_indices(int64_t n, const std::function<ndarray(const ndarray&, int64_t)>& mask_func,
                                         int64_t k, std::optional<Device> device) {
  const ndarray m = mask_func(ones({n, n}, DType::Int64, device), k);
  const std::vector<ndarray> rc = unravel_index(flat_true_positions(not_equal(m, Scalar(0))), {n, n}, 'C');
  return {rc[0], rc[1]};
}

}  // namespace cunum
