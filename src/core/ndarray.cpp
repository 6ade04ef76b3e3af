#include "cunum/ndarray.hpp"

#include <algorithm>
#include <limits>

#include "backend/backend.hpp"
#include "core/assign.hpp"
#include "core/autofuse.hpp"
#include "core/loop_plan.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"

namespace cunum {

Storage::Storage(size_t n, Device dev) : nbytes(n), device(dev) {
  data = backend::get(dev).allocate(n);
}
Storage::~Storage() {
  if (lazy.load(std::memory_order_acquire)) core::drop_lazy(*this);
  backend::get(device).deallocate(data, nbytes);
}

namespace {
const char* const kTooBig =
    "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.";

// NumPy's limit on every array, views included: the product of the nonzero
// extents times the itemsize fits in int64 (so zeros((2**31, 2**31, 0)) is
// refused, as in NumPy, and no size or byte offset computed later overflows).
void check_extents(const Shape& shape, size_t itemsize) {
  int64_t n = static_cast<int64_t>(itemsize);
  for (int64_t s : shape) {
    if (s < 0) throw ValueError("negative dimensions are not allowed");
    if (s != 0 && __builtin_mul_overflow(n, s, &n)) throw ValueError(kTooBig);
  }
}
}  // namespace

int64_t shape_size(const Shape& shape) {
  int64_t n = 1;
  for (int64_t s : shape) {
    if (s < 0) throw ValueError("negative dimensions are not allowed");
    if (s != 0 && n > std::numeric_limits<int64_t>::max() / s)
      throw ValueError(kTooBig);
    n *= s;
  }
  return n;
}

// As NumPy spells shapes in its messages: "(2,3)", "(5,)", "()".
std::string shape_str(const Shape& shape) {
  std::string r = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) r += ",";
    r += std::to_string(shape[i]);
  }
  if (shape.size() == 1) r += ",";
  return r + ")";
}

int normalize_axis(int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim) throw AxisError(axis, ndim);
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}
int normalize_axis(int64_t axis, int ndim, const char* arg_name) {
  if (axis < -ndim || axis >= ndim) throw AxisError(axis, ndim, arg_name);
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

Strides contiguous_strides(const Shape& shape, size_t itemsize, char order) {
  const int nd = static_cast<int>(shape.size());
  Strides s(nd);
  int64_t acc = static_cast<int64_t>(itemsize);
  if (order == 'F') {
    for (int d = 0; d < nd; ++d) { s[d] = acc; acc *= std::max<int64_t>(shape[d], 1); }
  } else {
    for (int d = nd - 1; d >= 0; --d) { s[d] = acc; acc *= std::max<int64_t>(shape[d], 1); }
  }
  return s;
}

ndarray::ndarray(std::shared_ptr<Storage> storage, int64_t offset, Shape shape, Strides strides,
                 DType dtype, bool owndata)
    : storage_(std::move(storage)), offset_(offset), shape_(std::move(shape)),
      strides_(std::move(strides)), dtype_(dtype), owndata_(owndata) {
  if (shape_.size() > static_cast<size_t>(kMaxDims))
    throw ValueError("maximum supported dimension for an ndarray is currently 64, found " +
                     std::to_string(shape_.size()));
  check_extents(shape_, cunum::itemsize(dtype_));
}

ndarray ndarray::allocate(const Shape& shape, DType dtype, Device device, char order) {
  if (shape.size() > static_cast<size_t>(kMaxDims))
    throw ValueError("maximum supported dimension for an ndarray is currently 64, found " +
                     std::to_string(shape.size()));
  const size_t isz = cunum::itemsize(dtype);
  check_extents(shape, isz);  // so the product below cannot overflow
  int64_t n = 1;
  for (int64_t e : shape) n *= e;
  auto st = std::make_shared<Storage>(static_cast<size_t>(n) * isz, device);
  st->base_shape = shape;
  st->base_dtype = dtype;
  // Members set directly: the public constructor would check the extents
  // again and copy the shape twice (this is on every ufunc's path).
  ndarray r;
  r.storage_ = std::move(st);
  r.shape_ = shape;
  // NumPy gives a freshly allocated empty array all-zero strides.
  r.strides_ = n == 0 ? Strides(shape.size(), 0) : contiguous_strides(shape, isz, order == 'F' ? 'F' : 'C');
  r.dtype_ = dtype;
  r.owndata_ = true;
  return r;
}

int64_t ndarray::shape(int axis) const { return shape_[normalize_axis(axis, ndim())]; }

int64_t ndarray::size() const {
  int64_t n = 1;
  for (int64_t s : shape_) n *= s;
  return n;
}

bool ndarray::is_c_contiguous() const {
  if (size() == 0) return true;
  int64_t acc = static_cast<int64_t>(itemsize());
  for (int d = ndim() - 1; d >= 0; --d) {
    if (shape_[d] == 0) return true;
    if (shape_[d] != 1 && strides_[d] != acc) return false;
    acc *= shape_[d];
  }
  return true;
}

bool ndarray::is_f_contiguous() const {
  if (size() == 0) return true;
  int64_t acc = static_cast<int64_t>(itemsize());
  for (int d = 0; d < ndim(); ++d) {
    if (shape_[d] == 0) return true;
    if (shape_[d] != 1 && strides_[d] != acc) return false;
    acc *= shape_[d];
  }
  return true;
}

ndarray ndarray::base() const {
  const Shape& s = storage_->base_shape;
  // it owns the memory, as NumPy's base does (its own base is None)
  return ndarray(storage_, 0, s, contiguous_strides(s, cunum::itemsize(storage_->base_dtype)),
                 storage_->base_dtype, true);
}

ndarray ndarray::reshape(const Shape& shape, char order) const { return cunum::reshape(*this, shape, order); }
ndarray ndarray::transpose() const { return cunum::transpose(*this); }
ndarray ndarray::transpose(const std::vector<int64_t>& axes) const { return cunum::transpose(*this, axes); }
ndarray ndarray::ravel(char order) const { return cunum::ravel(*this, order); }

ndarray ndarray::astype(DType dtype, bool copy) const {
  if (!copy && dtype == dtype_) return *this;
  return cunum::array(*this, dtype, true, 'K');
}

ndarray ndarray::copy(char order) const { return cunum::array(*this, {}, true, order); }

ndarray ndarray::to(Device device) const {
  if (device == this->device()) return *this;
  return cunum::array(*this, {}, true, 'K', device);
}

ndarray ndarray::real() const {
  if (!cunum::is_complex(dtype_)) return *this;
  return ndarray(storage_, offset_, shape_, strides_, real_dtype(dtype_), false);
}

ndarray ndarray::imag() const {
  if (!cunum::is_complex(dtype_)) {
    ndarray z = zeros(shape_, dtype_, device());
    return z;
  }
  DType r = real_dtype(dtype_);
  return ndarray(storage_, offset_ + static_cast<int64_t>(cunum::itemsize(r)), shape_, strides_, r, false);
}

void ndarray::fill(const Scalar& value) {
  auto plan = core::plan_for(shape_, {this}, 0);
  backend::get(device()).fill(plan, dtype_, value);
}

Scalar ndarray::item() const {
  if (size() != 1) throw ValueError("can only convert an array of size 1 to a Python scalar");
  return item(0);
}

Scalar ndarray::item(int64_t flat) const {
  const int64_t n = size();
  if (flat < -n || flat >= n)
    throw IndexError("index " + std::to_string(flat) + " is out of bounds for size " + std::to_string(n));
  if (flat < 0) flat += n;
  int64_t off = 0;
  for (int d = ndim() - 1; d >= 0; --d) {
    off += (flat % shape_[d]) * strides_[d];
    flat /= shape_[d];
  }
  alignas(16) unsigned char buf[16];
  backend::get(device()).copy_to_host(buf, data() + off, itemsize());
  return Scalar::load(dtype_, buf);
}

void ndarray::copy_to_host(void* dst) const {
  ndarray src = *this;
  if (!is_c_contiguous()) src = copy('C');
  backend::get(device()).copy_to_host(dst, src.data(), static_cast<size_t>(nbytes()));
}

void ndarray::copy_from_host(const void* src) {
  if (is_c_contiguous()) {
    backend::get(device()).copy_from_host(data(), src, static_cast<size_t>(nbytes()));
    return;
  }
  ndarray tmp = from_host_bytes(src, shape_, dtype_, device());
  core::assign(*this, tmp);
}

ndarray ndarray::sum() const { return cunum::sum(*this); }
ndarray ndarray::sum(int64_t axis) const { return cunum::sum(*this, axis); }

}  // namespace cunum
