// cunum/ndarray.hpp — the n-dimensional array: a strided view of a device
// buffer (NumPy's model: shape, byte strides, byte offset into shared storage).
//
//   cunum::ndarray a = cunum::arange(6).reshape({2, 3});
//   cunum::ndarray b = a.T();            // a view: shares a's storage
//   cunum::ndarray s = cunum::sum(a + b.T(), 1);
#pragma once
#include <atomic>
#include <memory>
#include <vector>

#include "device.hpp"
#include "dims.hpp"
#include "dtype.hpp"
#include "scalar.hpp"

namespace cunum {

// Dims: a std::vector-like list that stores up to 6 entries inline (Note [Inline dims]).
using Shape = Dims;
using Strides = Dims;  // in bytes; may be negative or zero

struct Storage;
namespace core {
struct LazyLinks;  // Note [Automatic fusion] (src/core/autofuse.cpp)
// Runs the pending fused work that writes or reads `s` (ndarray::data()'s slow path).
void flush_lazy(const Storage& s);
}  // namespace core

// A device allocation shared by every view of it. Frees itself through the
// backend that allocated it.
struct Storage {
  void* data = nullptr;
  size_t nbytes = 0;
  Device device;
  // The layout of the array the allocation was made for (what `base` returns).
  Shape base_shape;
  DType base_dtype = DType::Float64;
  // Note [Automatic fusion]: non-null while a pending fused expression will
  // write this storage (its memory is not computed yet) or reads it; data()
  // runs that work first. Written under autofuse's lock, read here without it.
  std::atomic<core::LazyLinks*> lazy{nullptr};
  // Memory that code outside cunum may write behind its back (exported by
  // DLPack or __cuda_array_interface__, or imported from another library):
  // never an input of a pending expression.
  std::atomic<bool> shared{false};
  Storage(size_t nbytes, Device device);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;
};

class ndarray {
 public:
  // A placeholder with no storage (valid() is false); assign an array to it
  // before use. It allocates nothing, so declaring one costs nothing on a GPU.
  ndarray() = default;
  bool valid() const { return storage_ != nullptr; }
  ndarray(std::shared_ptr<Storage> storage, int64_t offset, Shape shape, Strides strides,
          DType dtype, bool owndata = false);

  // A fresh uninitialised C- or F-ordered array.
  static ndarray allocate(const Shape& shape, DType dtype, Device device, char order = 'C');

  const Shape& shape() const { return shape_; }
  const Strides& strides() const { return strides_; }
  int64_t shape(int axis) const;  // negative axes allowed
  DType dtype() const { return dtype_; }
  Device device() const { return storage_ ? storage_->device : Device::cpu(); }
  int ndim() const { return static_cast<int>(shape_.size()); }
  int64_t size() const;
  size_t itemsize() const { return cunum::itemsize(dtype_); }
  int64_t nbytes() const { return size() * static_cast<int64_t>(itemsize()); }
  int64_t offset() const { return offset_; }
  bool owndata() const { return owndata_; }
  bool is_c_contiguous() const;
  bool is_f_contiguous() const;
  // The first element. A pending result of automatic fusion is computed here
  // first (Note [Automatic fusion]): one load and branch on the common path.
  char* data() const {
    if (!storage_) return nullptr;
    if (storage_->lazy.load(std::memory_order_acquire) != nullptr) [[unlikely]] core::flush_lazy(*storage_);
    return static_cast<char*>(storage_->data) + offset_;
  }
  const std::shared_ptr<Storage>& storage() const { return storage_; }
  bool shares_storage_with(const ndarray& o) const { return storage_ == o.storage_; }
  // The whole allocation viewed with its original layout (NumPy's `base`).
  ndarray base() const;

  // Views and conversions (see manipulation.hpp / creation.hpp for the rest).
  ndarray reshape(const Shape& shape, char order = 'C') const;
  ndarray transpose() const;
  ndarray transpose(const std::vector<int64_t>& axes) const;
  ndarray T() const { return transpose(); }
  ndarray astype(DType dtype, bool copy = true) const;
  ndarray copy(char order = 'C') const;
  ndarray to(Device device) const;
  ndarray ravel(char order = 'C') const;
  ndarray real() const;
  ndarray imag() const;
  void fill(const Scalar& value);
  Scalar item() const;  // the only element of a size-1 array; ValueError otherwise
  Scalar item(int64_t flat_index) const;
  template <class T> T item_as() const;

  // Copies into host memory laid out C-contiguously (nbytes() bytes).
  void copy_to_host(void* dst) const;
  // Fills this array from C-contiguous host memory of its dtype and size.
  void copy_from_host(const void* src);

  // Reductions as methods: axis = nullopt-like -> use free functions for more.
  ndarray sum() const;
  ndarray sum(int64_t axis) const;

 private:
  std::shared_ptr<Storage> storage_;
  int64_t offset_ = 0;
  Shape shape_;
  Strides strides_;
  DType dtype_ = DType::Float64;
  bool owndata_ = false;
};

// C-order (row-major) or F-order byte strides for a shape.
Strides contiguous_strides(const Shape& shape, size_t itemsize, char order = 'C');
int64_t shape_size(const Shape& shape);  // product; throws ValueError on overflow
// Normalises an axis into [0, ndim); throws AxisError.
int normalize_axis(int64_t axis, int ndim);
// The same; the AxisError's message names the argument ("source: axis 5 ...").
int normalize_axis(int64_t axis, int ndim, const char* arg_name);
std::string shape_str(const Shape& shape);  // "(2,3)", as in NumPy's messages

}  // namespace cunum
