// cunum/interop.hpp — handing arrays to and from other libraries without a
// copy: DLPack (both ways) and arrays over memory cunum did not allocate
// (docs/interop.md).
//
//   // export: the consumer calls t->deleter(t) when done; `a` stays alive till then
//   cunum::dlpack::DLManagedTensorVersioned* t = cunum::to_dlpack_versioned(a);
//   // import: b views the producer's memory and calls its deleter when the
//   // last view of b goes
//   cunum::ndarray b = cunum::from_dlpack(t);
//   // any pointer with a keep-alive handle (a cudaMalloc'd buffer, a mapped file):
//   cunum::ndarray c = cunum::from_external(ptr, {3, 4}, {32, 8}, cunum::DType::Float64,
//                                           cunum::Device::cuda(0), owner);
//
// No stream handshake happens here: a C++ caller orders work itself (record an
// event on the producer's stream, make the consumer's stream wait on it);
// the Python protocol (__dlpack__(stream=)) does it for Python callers.
// Errors: ValueError for a malformed or unsupported tensor (null pointer,
// lanes != 1, an unknown dtype code or width, a device cunum cannot address,
// a negative ndim or extent), with the DLPack codes in the message; the
// tensor is then left untouched (the caller still owns it).
#pragma once
#include <memory>

#include "dlpack.hpp"
#include "ndarray.hpp"

namespace cunum {

// A view of memory cunum did not allocate. `byte_strides` as ndarray's
// (bytes, may be negative); `owner` is released (from whichever thread drops
// the last view) when no view of the array is left; it may be null when the
// memory outlives every view by other means.
ndarray from_external(void* data, const Shape& shape, const Strides& byte_strides, DType dtype,
                      Device device, std::shared_ptr<void> owner);
// Whether `a` views memory cunum did not allocate (from_external, from_dlpack).
bool is_external(const ndarray& a);

// The DLPack description of cunum's dtypes and devices, and back.
dlpack::DLDataType to_dlpack_dtype(DType dtype);
DType from_dlpack_dtype(dlpack::DLDataType t);  // ValueError when cunum has no such dtype
dlpack::DLDevice to_dlpack_device(Device device);
Device from_dlpack_device(dlpack::DLDevice d);  // kDLCUDAHost is the CPU; ValueError otherwise

// New managed tensors viewing `a` (no copy). The caller owns the result and
// must call its deleter exactly once; `a`'s memory lives until then.
// ValueError when a stride is not a multiple of the itemsize (DLPack counts
// strides in elements). `read_only` sets kFlagReadOnly.
dlpack::DLManagedTensorVersioned* to_dlpack_versioned(const ndarray& a, bool read_only = false,
                                                     bool is_copied = false);
dlpack::DLManagedTensor* to_dlpack(const ndarray& a);

// An array viewing the tensor's memory. On success cunum owns `t` and calls
// its deleter once the last view is gone (on failure the caller still owns it).
ndarray from_dlpack(dlpack::DLManagedTensorVersioned* t);
ndarray from_dlpack(dlpack::DLManagedTensor* t);

}  // namespace cunum
