// DLPack export/import and arrays over foreign memory (cunum/interop.hpp,
// docs/interop.md).
#include "cunum/interop.hpp"

#include <string>
#include <utility>
#include <vector>

#include "backend/backend.hpp"
#include "cunum/error.hpp"

namespace cunum {

namespace dl = dlpack;

// Note [Foreign storage]
// Storage (ndarray.hpp) frees its memory through the backend that allocated
// it. Memory from another library must instead be handed back to its owner.
// Rather than widen Storage (every file of the library includes ndarray.hpp),
// a foreign array's Storage is made as a 0-byte CPU allocation whose fields
// are then pointed at the foreign memory; the shared_ptr's deleter puts the
// CPU fields back before deleting it (so ~Storage frees only its own 0-byte
// block) and then releases the owner. Nothing else reads Storage::nbytes of
// a foreign array but `base`, which sees a 1-D uint8 view of the span.
namespace {
struct ForeignDeleter {
  void* own_data;
  size_t own_nbytes;
  std::shared_ptr<void> owner;
  void operator()(Storage* s) noexcept {
    s->data = own_data;
    s->nbytes = own_nbytes;
    s->device = Device::cpu();
    delete s;
    owner.reset();
  }
};

// The byte span [lo, hi) that the view touches, relative to `data`.
std::pair<int64_t, int64_t> byte_span(const Shape& shape, const Strides& strides, size_t itemsize) {
  int64_t lo = 0, hi = static_cast<int64_t>(itemsize);
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0) return {0, 0};
    const int64_t reach = (shape[i] - 1) * strides[i];
    if (reach < 0) lo += reach;
    else hi += reach;
  }
  return {lo, hi};
}

const std::string kDLPack = "from_dlpack: ";
}  // namespace

ndarray from_external(void* data, const Shape& shape, const Strides& byte_strides, DType dtype, Device device,
                      std::shared_ptr<void> owner) {
  if (shape.size() != byte_strides.size())
    throw ValueError("from_external: shape and strides have different lengths");
  for (int64_t s : shape)
    if (s < 0) throw ValueError("negative dimensions are not allowed");
  const auto [lo, hi] = byte_span(shape, byte_strides, itemsize(dtype));
  if (!data && hi > lo) throw ValueError("from_external: a null data pointer for a non-empty array");
  auto* s = new Storage(0, Device::cpu());
  ForeignDeleter del{s->data, s->nbytes, std::move(owner)};
  s->data = static_cast<char*>(data) + lo;
  s->nbytes = static_cast<size_t>(hi - lo);
  s->device = device;
  s->base_shape = Shape{hi - lo};
  s->base_dtype = DType::UInt8;
  s->shared = true;  // its owner may write it (Note [Automatic fusion])
  std::shared_ptr<Storage> storage(s, std::move(del));
  return ndarray(std::move(storage), -lo, shape, byte_strides, dtype, false);
}

bool is_external(const ndarray& a) {
  return a.valid() && std::get_deleter<ForeignDeleter>(a.storage()) != nullptr;
}

dl::DLDataType to_dlpack_dtype(DType dtype) {
  const uint8_t bits = static_cast<uint8_t>(itemsize(dtype) * 8);
  switch (dtype_kind(dtype)) {
    case 'b': return {dl::kDLBool, 8, 1};
    case 'i': return {dl::kDLInt, bits, 1};
    case 'u': return {dl::kDLUInt, bits, 1};
    case 'f': return {dl::kDLFloat, bits, 1};
    default: return {dl::kDLComplex, bits, 1};
  }
}

DType from_dlpack_dtype(dl::DLDataType t) {
  const std::string what = "(code " + std::to_string(t.code) + ", bits " + std::to_string(t.bits) +
                           ", lanes " + std::to_string(t.lanes) + ")";
  if (t.lanes != 1) throw ValueError(kDLPack + "vector dtypes (lanes != 1) are not supported " + what);
  switch (t.code) {
    case dl::kDLBool:
      if (t.bits == 8) return DType::Bool;
      break;
    case dl::kDLInt:
      switch (t.bits) {
        case 8: return DType::Int8;
        case 16: return DType::Int16;
        case 32: return DType::Int32;
        case 64: return DType::Int64;
      }
      break;
    case dl::kDLUInt:
      switch (t.bits) {
        case 8: return DType::UInt8;
        case 16: return DType::UInt16;
        case 32: return DType::UInt32;
        case 64: return DType::UInt64;
      }
      break;
    case dl::kDLFloat:
      switch (t.bits) {
        case 16: return DType::Float16;
        case 32: return DType::Float32;
        case 64: return DType::Float64;
      }
      break;
    case dl::kDLComplex:
      if (t.bits == 64) return DType::Complex64;
      if (t.bits == 128) return DType::Complex128;
      break;
    case dl::kDLBfloat:
      throw ValueError(kDLPack + "cunum has no bfloat16 dtype " + what);
  }
  throw ValueError(kDLPack + "unsupported DLPack dtype " + what);
}

dl::DLDevice to_dlpack_device(Device device) {
  if (device.is_cpu()) return {dl::kDLCPU, 0};
  return {dl::kDLCUDA, device.index};
}

Device from_dlpack_device(dl::DLDevice d) {
  switch (d.device_type) {
    case dl::kDLCPU:
    case dl::kDLCUDAHost:  // pinned host memory is ordinary host memory to the CPU
      return Device::cpu();
    case dl::kDLCUDA: {
      const Device dev = Device::cuda(d.device_id);
      if (d.device_id < 0 || !backend::available(dev))
        throw ValueError(kDLPack + "the tensor is on CUDA device " + std::to_string(d.device_id) +
                         ", which this process cannot use (" + std::to_string(cuda_device_count()) +
                         " CUDA devices)");
      return dev;
    }
  }
  throw ValueError(kDLPack + "unsupported DLPack device type " + std::to_string(d.device_type) +
                   " (cunum reads kDLCPU=1, kDLCUDA=2 and kDLCUDAHost=3)");
}

namespace {
// What a managed tensor made by cunum points into: the array (keeping its
// memory alive) and the shape and strides arrays DLTensor points at.
template <class Managed> struct Export {
  Managed managed{};
  ndarray array;
  std::vector<int64_t> shape, strides;
};

template <class Managed> Export<Managed>* make_export(const ndarray& a) {
  auto* e = new Export<Managed>();
  e->array = a;
  const auto isz = static_cast<int64_t>(a.itemsize());
  for (int i = 0; i < a.ndim(); ++i) {
    const int64_t st = a.strides()[i];
    if (st % isz != 0) {
      delete e;
      throw ValueError("to_dlpack: a stride of " + std::to_string(st) + " bytes is not a multiple of the itemsize (" +
                       std::to_string(isz) + "); DLPack counts strides in elements");
    }
    e->shape.push_back(a.shape()[i]);
    e->strides.push_back(st / isz);
  }
  dl::DLTensor& t = e->managed.dl_tensor;
  t.data = a.data();
  a.storage()->shared = true;  // the consumer may write it (Note [Automatic fusion])
  t.device = to_dlpack_device(a.device());
  t.ndim = a.ndim();
  t.dtype = to_dlpack_dtype(a.dtype());
  t.shape = e->shape.data();
  t.strides = e->strides.data();
  t.byte_offset = 0;
  e->managed.manager_ctx = e;
  e->managed.deleter = [](Managed* self) { delete static_cast<Export<Managed>*>(self->manager_ctx); };
  return e;
}

// Checks a foreign DLTensor before any of it is used.
void check_tensor(const dl::DLTensor& t) {
  if (t.ndim < 0) throw ValueError(kDLPack + "negative ndim " + std::to_string(t.ndim));
  if (t.ndim > 0 && !t.shape) throw ValueError(kDLPack + "the tensor has a null shape pointer");
}

// The array viewing `t`; `release` is called (once) when its last view goes.
template <class Managed> ndarray import_tensor(Managed* m) {
  if (!m) throw ValueError(kDLPack + "a null managed tensor");
  const dl::DLTensor& t = m->dl_tensor;
  check_tensor(t);
  const DType dtype = from_dlpack_dtype(t.dtype);
  const Device device = from_dlpack_device(t.device);
  const auto isz = static_cast<int64_t>(itemsize(dtype));
  Shape shape;
  Strides strides;
  for (int i = 0; i < t.ndim; ++i) {
    if (t.shape[i] < 0) throw ValueError(kDLPack + "negative extent " + std::to_string(t.shape[i]));
    shape.push_back(t.shape[i]);
  }
  if (t.strides) {
    for (int i = 0; i < t.ndim; ++i) strides.push_back(t.strides[i] * isz);
  } else {  // C-contiguous
    strides.resize(shape.size());
    int64_t s = isz;
    for (int i = t.ndim - 1; i >= 0; --i) {
      strides[i] = s;
      s *= shape[i] ? shape[i] : 1;
    }
  }
  void* data = static_cast<char*>(t.data) + t.byte_offset;
  std::shared_ptr<void> owner(m, [](Managed* p) {
    if (p->deleter) p->deleter(p);
  });
  return from_external(data, shape, strides, dtype, device, std::move(owner));
}
}  // namespace

dl::DLManagedTensorVersioned* to_dlpack_versioned(const ndarray& a, bool read_only, bool is_copied) {
  auto* e = make_export<dl::DLManagedTensorVersioned>(a);
  e->managed.version = {dl::kMajorVersion, dl::kMinorVersion};
  e->managed.flags = (read_only ? dl::kFlagReadOnly : 0) | (is_copied ? dl::kFlagIsCopied : 0);
  return &e->managed;
}

dl::DLManagedTensor* to_dlpack(const ndarray& a) { return &make_export<dl::DLManagedTensor>(a)->managed; }

ndarray from_dlpack(dl::DLManagedTensorVersioned* t) {
  if (t && t->version.major > dl::kMajorVersion)
    throw ValueError(kDLPack + "DLPack version " + std::to_string(t->version.major) + "." +
                     std::to_string(t->version.minor) + " is newer than cunum's " +
                     std::to_string(dl::kMajorVersion) + "." + std::to_string(dl::kMinorVersion));
  if (t && (t->flags & dl::kFlagIsSubbytePadded))
    throw ValueError(kDLPack + "sub-byte dtypes are not supported");
  return import_tensor(t);
}

ndarray from_dlpack(dl::DLManagedTensor* t) { return import_tensor(t); }

}  // namespace cunum
