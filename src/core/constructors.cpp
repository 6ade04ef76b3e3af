// The array's constructors: one allocation plus at most one fill or copy.
// The planner and the ndarray's own methods (astype, copy, to) build on them,
// so they sit in the core layer. Creation routines that compute their
// contents (ranges, diagonals) or compose these are in src/routines/creation.cpp.
#include "cunum/creation.hpp"

#include <algorithm>
#include <vector>

#include "backend/backend.hpp"
#include "core/assign.hpp"
#include "cunum/error.hpp"
#include "cunum/warnings.hpp"

namespace cunum {

namespace {
Device dev_or_default(std::optional<Device> d) { return d ? *d : default_device(); }

char keep_order(const ndarray& a) {
  return (a.is_f_contiguous() && !a.is_c_contiguous()) ? 'F' : 'C';
}

// A fresh array of `shape` (a's number of dimensions) whose memory order
// follows a's strides (NumPy's order='K').
ndarray allocate_like_k(const ndarray& a, const Shape& shape, DType dtype, Device dev) {
  if (a.is_c_contiguous() || a.ndim() < 2) return ndarray::allocate(shape, dtype, dev, 'C');
  if (a.is_f_contiguous()) return ndarray::allocate(shape, dtype, dev, 'F');
  const int nd = a.ndim();
  std::vector<int64_t> perm(nd);
  for (int i = 0; i < nd; ++i) perm[i] = i;
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t x, int64_t y) {
    return std::llabs(a.strides()[x]) > std::llabs(a.strides()[y]);
  });
  Shape ps(nd);
  for (int i = 0; i < nd; ++i) ps[i] = shape[perm[i]];
  ndarray c = ndarray::allocate(ps, dtype, dev, 'C');
  Shape s(nd);
  Strides st(nd);
  for (int i = 0; i < nd; ++i) {
    s[perm[i]] = ps[i];
    st[perm[i]] = c.strides()[i];
  }
  return ndarray(c.storage(), 0, s, st, dtype, true);
}
}  // namespace

ndarray empty(const Shape& shape, DType dtype, std::optional<Device> device, char order) {
  if (order != 'C' && order != 'F') throw ValueError("only 'C' or 'F' order is permitted");
  return ndarray::allocate(shape, dtype, dev_or_default(device), order);
}
ndarray zeros(const Shape& shape, DType dtype, std::optional<Device> device, char order) {
  ndarray a = empty(shape, dtype, device, order);
  a.fill(Scalar(0));
  return a;
}
ndarray ones(const Shape& shape, DType dtype, std::optional<Device> device, char order) {
  ndarray a = empty(shape, dtype, device, order);
  a.fill(Scalar(1));
  return a;
}
ndarray full(const Shape& shape, const Scalar& value, std::optional<DType> dtype,
             std::optional<Device> device, char order) {
  ndarray a = empty(shape, dtype ? *dtype : value.default_dtype(), device, order);
  a.fill(value);
  return a;
}

ndarray empty_like(const ndarray& like, std::optional<DType> dtype, char order,
                   std::optional<Shape> shape, std::optional<Device> device) {
  char o = order;
  const DType d = dtype ? *dtype : like.dtype();
  const Device dev = device ? *device : like.device();
  // NumPy: order 'K' keeps the prototype's memory order for a new shape of as
  // many dimensions, and is 'C' for one of another number of dimensions.
  if (o == 'K' && (!shape || static_cast<int>(shape->size()) == like.ndim()))
    return allocate_like_k(like, shape ? *shape : like.shape(), d, dev);
  if (o == 'K') o = 'C';
  if (o == 'A') o = keep_order(like);
  return empty(shape ? *shape : like.shape(), d, dev, o);
}
ndarray zeros_like(const ndarray& like, std::optional<DType> dtype, char order,
                   std::optional<Shape> shape, std::optional<Device> device) {
  ndarray a = empty_like(like, dtype, order, shape, device);
  a.fill(Scalar(0));
  return a;
}
ndarray ones_like(const ndarray& like, std::optional<DType> dtype, char order,
                  std::optional<Shape> shape, std::optional<Device> device) {
  ndarray a = empty_like(like, dtype, order, shape, device);
  a.fill(Scalar(1));
  return a;
}
ndarray full_like(const ndarray& like, const Scalar& value, std::optional<DType> dtype,
                  char order, std::optional<Shape> shape, std::optional<Device> device) {
  ndarray a = empty_like(like, dtype, order, shape, device);
  a.fill(value);
  return a;
}

ndarray scalar_array(const Scalar& value, std::optional<DType> dtype, std::optional<Device> device) {
  DType d = dtype ? *dtype : value.default_dtype();
  if (!dtype) value.check_fits(d);
  ndarray a = empty({}, d, device);
  a.fill(value);
  return a;
}

ndarray from_host_bytes(const void* data, const Shape& shape, DType dtype, std::optional<Device> device) {
  ndarray a = empty(shape, dtype, device);
  backend::get(a.device()).copy_from_host(a.data(), data, static_cast<size_t>(a.nbytes()));
  return a;
}

ndarray array(const ndarray& a, std::optional<DType> dtype, bool copy, char order,
              std::optional<Device> device) {
  const DType d = dtype ? *dtype : a.dtype();
  const Device dev = device ? *device : a.device();
  warn_if_discarding_imaginary(a.dtype(), d);
  char o = order;
  if (o == 'K' || o == 'A') o = keep_order(a);
  if (!copy && d == a.dtype() && dev == a.device() &&
      (order == 'K' || order == 'A' || (o == 'C' ? a.is_c_contiguous() : a.is_f_contiguous())))
    return a;
  ndarray r = order == 'K' ? allocate_like_k(a, a.shape(), d, dev) : ndarray::allocate(a.shape(), d, dev, o);
  if (dev != a.device()) {
    // Across devices, in the source dtype (cast afterwards on the target):
    // CPU memory is host memory, so one backend copy does it; GPU to GPU goes
    // directly where the backend can, else through a host buffer.
    const ndarray src = a.is_c_contiguous() ? a : a.copy('C');
    ndarray moved = d == a.dtype() && r.is_c_contiguous() ? r : empty(a.shape(), a.dtype(), dev);
    const size_t n = static_cast<size_t>(a.nbytes());
    if (a.device().is_cpu()) {
      backend::get(dev).copy_from_host(moved.data(), src.data(), n);
    } else if (dev.is_cpu()) {
      backend::get(a.device()).copy_to_host(moved.data(), src.data(), n);
    } else if (!backend::get(a.device()).copy_to_device(moved.data(), dev, src.data(), n)) {
      std::vector<unsigned char> buf(n);
      backend::get(a.device()).copy_to_host(buf.data(), src.data(), n);
      backend::get(dev).copy_from_host(moved.data(), buf.data(), n);
    }
    if (moved.data() != r.data()) core::assign(r, moved);
  } else {
    core::assign(r, a);
  }
  return r;
}

}  // namespace cunum
