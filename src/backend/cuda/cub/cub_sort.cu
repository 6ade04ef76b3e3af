// libcunum_cub: the device-wide algorithms the CUDA backend takes from CUB
// (DESIGN.md: "compiled ahead of time with nvcc, with care for build time").
// Instantiated only per unsigned key width — keys only for 8/16/32/64 bits,
// key-value pairs (int64 values) for 32/64 bits — plus one flagged select
// and one scan: 8 instantiations in all. Everything dtype-specific (the
// order-preserving keys, NaNs, segments) is done by the NVRTC kernels of
// src/backend/cuda/sort.cpp before and after (Note [GPU sorts]).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cuda/std/cstdint>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "../cub_sort_abi.hpp"

namespace {

// The library's runtime has its own current device per thread: set it only
// when it differs (cudaSetDevice is not free).
cudaError_t use_device(int device) {
  int cur = -1;
  if (cudaGetDevice(&cur) == cudaSuccess && cur == device) return cudaSuccess;
  return cudaSetDevice(device);
}

template <class U>
cudaError_t sort_keys(void* temp, size_t& bytes, const void* in, void* out, int64_t n, int b0, int b1,
                      cudaStream_t s) {
  return cub::DeviceRadixSort::SortKeys(temp, bytes, static_cast<const U*>(in), static_cast<U*>(out), n, b0, b1, s);
}

template <class U>
cudaError_t sort_pairs(void* temp, size_t& bytes, const void* in, void* out, const int64_t* vin, int64_t* vout,
                       int64_t n, int b0, int b1, cudaStream_t s) {
  return cub::DeviceRadixSort::SortPairs(temp, bytes, static_cast<const U*>(in), static_cast<U*>(out), vin, vout, n,
                                         b0, b1, s);
}

int radix_sort(int device, void* temp, size_t* temp_bytes, const void* keys_in, void* keys_out,
               const int64_t* vals_in, int64_t* vals_out, int64_t n, int key_bytes, int begin_bit, int end_bit,
               void* stream) {
  cudaError_t e = use_device(device);
  if (e != cudaSuccess) return e;
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  size_t& b = *temp_bytes;
  if (vals_in) {
    switch (key_bytes) {
      case 4: return sort_pairs<uint32_t>(temp, b, keys_in, keys_out, vals_in, vals_out, n, begin_bit, end_bit, s);
      case 8: return sort_pairs<uint64_t>(temp, b, keys_in, keys_out, vals_in, vals_out, n, begin_bit, end_bit, s);
      default: return cudaErrorInvalidValue;
    }
  }
  switch (key_bytes) {
    case 1: return sort_keys<uint8_t>(temp, b, keys_in, keys_out, n, begin_bit, end_bit, s);
    case 2: return sort_keys<uint16_t>(temp, b, keys_in, keys_out, n, begin_bit, end_bit, s);
    case 4: return sort_keys<uint32_t>(temp, b, keys_in, keys_out, n, begin_bit, end_bit, s);
    case 8: return sort_keys<uint64_t>(temp, b, keys_in, keys_out, n, begin_bit, end_bit, s);
    default: return cudaErrorInvalidValue;
  }
}

int select_flagged(int device, void* temp, size_t* temp_bytes, const uint8_t* flags, int64_t* out, int64_t* count,
                   int64_t n, void* stream) {
  cudaError_t e = use_device(device);
  if (e != cudaSuccess) return e;
  return cub::DeviceSelect::Flagged(temp, *temp_bytes, thrust::counting_iterator<int64_t>(0), flags, out, count, n,
                                    static_cast<cudaStream_t>(stream));
}

struct Widen {
  __host__ __device__ int64_t operator()(uint8_t f) const { return f; }
};

int inclusive_sum(int device, void* temp, size_t* temp_bytes, const uint8_t* flags, int64_t* out, int64_t n,
                  void* stream) {
  cudaError_t e = use_device(device);
  if (e != cudaSuccess) return e;
  return cub::DeviceScan::InclusiveSum(temp, *temp_bytes, thrust::make_transform_iterator(flags, Widen{}), out, n,
                                       static_cast<cudaStream_t>(stream));
}

const CunumCubTable kTable = {kCunumCubAbi, &radix_sort, &select_flagged, &inclusive_sum};

}  // namespace

extern "C" __attribute__((visibility("default"))) const CunumCubTable* cunum_cub_table() { return &kTable; }
