// cunum/dlpack.hpp — the DLPack C ABI (structs and constants), written from
// the DLPack specification (https://dmlc.github.io/dlpack/latest/, v1.1) so
// that cunum needs no third-party header. Only the layout matters: these are
// exchanged with other libraries (NumPy, PyTorch, CuPy, JAX) as raw pointers.
//
//   DLManagedTensorVersioned* t = cunum::to_dlpack_versioned(a);  // interop.hpp
//   cunum::ndarray b = cunum::from_dlpack(t);                       // b shares a's memory
#pragma once
#include <cstdint>

namespace cunum::dlpack {

inline constexpr uint32_t kMajorVersion = 1;
inline constexpr uint32_t kMinorVersion = 1;

// DLDeviceType: only the values cunum produces or accepts are named here.
enum DeviceType : int32_t {
  kDLCPU = 1,
  kDLCUDA = 2,
  kDLCUDAHost = 3,  // pinned host memory: readable by the CPU
  kDLROCM = 10,
  kDLCUDAManaged = 13,
  kDLOneAPI = 14,
};

// DLDataTypeCode.
enum DataTypeCode : uint8_t {
  kDLInt = 0,
  kDLUInt = 1,
  kDLFloat = 2,
  kDLOpaqueHandle = 3,
  kDLBfloat = 4,
  kDLComplex = 5,
  kDLBool = 6,
};

// Bits of DLManagedTensorVersioned::flags.
inline constexpr uint64_t kFlagReadOnly = 1ull << 0;
inline constexpr uint64_t kFlagIsCopied = 1ull << 1;
inline constexpr uint64_t kFlagIsSubbytePadded = 1ull << 2;

struct DLPackVersion {
  uint32_t major;
  uint32_t minor;
};

struct DLDevice {
  int32_t device_type;  // a DeviceType
  int32_t device_id;
};

struct DLDataType {
  uint8_t code;  // a DataTypeCode
  uint8_t bits;
  uint16_t lanes;
};

// Strides are in elements, not bytes; a null `strides` means C-contiguous.
// The first element is at (char*)data + byte_offset.
struct DLTensor {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;
  uint64_t byte_offset;
};

// The legacy (pre-1.0) managed tensor: what a "dltensor" PyCapsule holds.
struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor* self);
};

// The versioned managed tensor: what a "dltensor_versioned" PyCapsule holds.
// Everything up to `flags` stays stable across ABI versions, so a consumer can
// always read the version and call the deleter.
struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(DLManagedTensorVersioned* self);
  uint64_t flags;
  DLTensor dl_tensor;
};

}  // namespace cunum::dlpack
