// libcunum_cub: the device-wide algorithms the CUDA backend takes from CUB
// (DESIGN.md: "compiled ahead of time with nvcc, with care for build time").
// Instantiated only per unsigned key width — keys only for 8/16/32/64 bits,
// key-value pairs for 32/64 bits with int32 values (positions of arrays under
// 2^31 items: 8 bytes less per item and pass) or int64 values — plus one
// flagged select and one scan: 10 instantiations in all. Everything dtype-specific (the
// order-preserving keys, NaNs, segments) is done by the NVRTC kernels of
// src/backend/cuda/sort.cpp before and after (Note [GPU sorts]).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cuda/std/cstdint>
#include <type_traits>
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

template <class U, class V>
cudaError_t sort_pairs(void* temp, size_t& bytes, const void* in, void* out, const void* vin, void* vout, int64_t n,
                       int b0, int b1, cudaStream_t s) {
  return cub::DeviceRadixSort::SortPairs(temp, bytes, static_cast<const U*>(in), static_cast<U*>(out),
                                         static_cast<const V*>(vin), static_cast<V*>(vout), n, b0, b1, s);
}

int radix_sort(int device, void* temp, size_t* temp_bytes, const void* keys_in, void* keys_out, const void* vals_in,
               void* vals_out, int value_bytes, int64_t n, int key_bytes, int begin_bit, int end_bit, void* stream) {
  cudaError_t e = use_device(device);
  if (e != cudaSuccess) return e;
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  size_t& b = *temp_bytes;
  if (vals_in) {
    const void *ki = keys_in, *vi = vals_in;
    void *ko = keys_out, *vo = vals_out;
    const int b0 = begin_bit, b1 = end_bit;
    if (value_bytes == 4 && key_bytes == 4) return sort_pairs<uint32_t, int32_t>(temp, b, ki, ko, vi, vo, n, b0, b1, s);
    if (value_bytes == 4 && key_bytes == 8) return sort_pairs<uint64_t, int32_t>(temp, b, ki, ko, vi, vo, n, b0, b1, s);
    if (value_bytes == 8 && key_bytes == 4) return sort_pairs<uint32_t, int64_t>(temp, b, ki, ko, vi, vo, n, b0, b1, s);
    if (value_bytes == 8 && key_bytes == 8) return sort_pairs<uint64_t, int64_t>(temp, b, ki, ko, vi, vo, n, b0, b1, s);
    return cudaErrorInvalidValue;
  }
  switch (key_bytes) {
    case 1: return sort_keys<uint8_t>(temp, b, keys_in, keys_out, n, begin_bit, end_bit, s);
    case 2: return sort_keys<uint16_t>(temp, b, keys_in, keys_out, n, begin_bit, end_bit, s);
    case 4: return sort_keys<uint32_t>(temp, b, keys_in, keys_out, n, begin_bit, end_bit, s);
    case 8: return sort_keys<uint64_t>(temp, b, keys_in, keys_out, n, begin_bit, end_bit, s);
    default: return cudaErrorInvalidValue;
  }
}

// Note [Native sorts]
// A keys-only sort of one segment of an integer or float32/float64 dtype
// needs no encoding: CUB orders these types itself (two's complement for
// ints; for floats by sign and magnitude, -0.0 before +0.0, which NumPy's
// unstable sort allows). Sorting the input straight into the output saves
// the encode and decode passes of Note [GPU sorts] (16 of 52 bytes per
// float32 element). Only NaNs differ: CUB puts the ones with the sign bit set
// before -inf. After the sort they are a prefix of length k; a first kernel
// finds k (each thread by binary search, only when out[0] is such a NaN) and
// writes the rotated array to a scratch buffer, a second copies it back when
// k > 0. Without such NaNs both kernels read one word and exit: no pass over
// the data and no synchronisation.
__device__ bool negative_nan(float v) { return v != v && (__float_as_uint(v) >> 31) != 0; }
__device__ bool negative_nan(double v) { return v != v && __double_as_longlong(v) < 0; }
template <class T>
__device__ bool negative_nan(T) { return false; }

template <class T>
__global__ void neg_nan_stage(const T* out, T* tmp, int64_t n, int64_t* k_word) {
  if (!negative_nan(out[0])) {
    if (blockIdx.x == 0 && threadIdx.x == 0) *k_word = 0;
    return;
  }
  int64_t lo = 0, hi = n;  // out[lo] is such a NaN; out[hi] is not (or hi == n)
  while (hi - lo > 1) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (negative_nan(out[mid])) lo = mid; else hi = mid;
  }
  const int64_t k = hi;
  if (blockIdx.x == 0 && threadIdx.x == 0) *k_word = k;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x)
    tmp[i] = out[i + k < n ? i + k : i + k - n];
}

template <class T>
__global__ void neg_nan_apply(const T* tmp, T* out, int64_t n, const int64_t* k_word) {
  if (*k_word == 0) return;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += int64_t(gridDim.x) * blockDim.x)
    out[i] = tmp[i];
}

size_t round_up(size_t b) { return (b + 255) / 256 * 256; }

template <class T>
cudaError_t sort_native(void* temp, size_t& bytes, const void* in, void* out, int64_t n, cudaStream_t s) {
  constexpr bool fp = std::is_floating_point_v<T>;
  size_t cub_bytes = 0;
  cudaError_t e = cub::DeviceRadixSort::SortKeys(nullptr, cub_bytes, static_cast<const T*>(in), static_cast<T*>(out),
                                                 n, 0, int(sizeof(T) * 8), s);
  if (e != cudaSuccess) return e;
  const size_t need = round_up(cub_bytes) + (fp ? round_up(size_t(n) * sizeof(T)) + 256 : 0);
  if (!temp) {
    bytes = need;
    return cudaSuccess;
  }
  if (bytes < need) return cudaErrorInvalidValue;
  e = cub::DeviceRadixSort::SortKeys(temp, cub_bytes, static_cast<const T*>(in), static_cast<T*>(out), n, 0,
                                     int(sizeof(T) * 8), s);
  if (e != cudaSuccess || !fp || n == 0) return e;
  char* t = static_cast<char*>(temp) + round_up(cub_bytes);
  T* tmp = reinterpret_cast<T*>(t);
  int64_t* k_word = reinterpret_cast<int64_t*>(t + round_up(size_t(n) * sizeof(T)));
  int dev = 0, sms = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  const int64_t want = (n + 255) / 256, cap = int64_t(sms > 0 ? sms : 132) * 16;
  const unsigned grid = unsigned(want < cap ? want : cap);
  neg_nan_stage<T><<<grid, 256, 0, s>>>(static_cast<const T*>(out), tmp, n, k_word);
  neg_nan_apply<T><<<grid, 256, 0, s>>>(tmp, static_cast<T*>(out), n, k_word);
  return cudaGetLastError();
}

int radix_sort_native(int device, void* temp, size_t* temp_bytes, const void* keys_in, void* keys_out, int64_t n,
                      char kind, int key_bytes, void* stream) {
  cudaError_t e = use_device(device);
  if (e != cudaSuccess) return e;
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  size_t& b = *temp_bytes;
  if (kind == 'u') {
    if (!temp) {
      size_t cb = 0;
      e = cudaError_t(radix_sort(device, nullptr, &cb, keys_in, keys_out, nullptr, nullptr, 0, n, key_bytes, 0,
                                 key_bytes * 8, stream));
      b = cb;
      return e;
    }
    return radix_sort(device, temp, temp_bytes, keys_in, keys_out, nullptr, nullptr, 0, n, key_bytes, 0,
                      key_bytes * 8, stream);
  }
  if (kind == 'i') {
    switch (key_bytes) {
      case 1: return sort_native<int8_t>(temp, b, keys_in, keys_out, n, s);
      case 2: return sort_native<int16_t>(temp, b, keys_in, keys_out, n, s);
      case 4: return sort_native<int32_t>(temp, b, keys_in, keys_out, n, s);
      case 8: return sort_native<int64_t>(temp, b, keys_in, keys_out, n, s);
      default: return cudaErrorInvalidValue;
    }
  }
  if (kind == 'f') {
    switch (key_bytes) {
      case 4: return sort_native<float>(temp, b, keys_in, keys_out, n, s);
      case 8: return sort_native<double>(temp, b, keys_in, keys_out, n, s);
      default: return cudaErrorInvalidValue;
    }
  }
  return cudaErrorInvalidValue;
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

const CunumCubTable kTable = {kCunumCubAbi, &radix_sort, &radix_sort_native, &select_flagged, &inclusive_sum};

}  // namespace

extern "C" __attribute__((visibility("default"))) const CunumCubTable* cunum_cub_table() { return &kTable; }
