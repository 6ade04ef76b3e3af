// libcunum_cub: the device-wide algorithms the CUDA backend takes from CUB
// (DESIGN.md: "compiled ahead of time with nvcc, with care for build time").
// Instantiated per unsigned key width — keys only for 8/16/32/64 bits,
// key-value pairs for 32/64 bits with int32 values (positions of arrays under
// 2^31 items: 8 bytes less per item and pass; 32-bit offsets) or int64 values —
// plus the native sorts of Note [Native sorts] and Note [Native argsorts], one
// flagged select and one scan;
// and one algorithm of our own on CUB's block-level scan: the onesweep
// argsort of Note [Own onesweep argsort].
// Everything else dtype-specific (the order-preserving keys, NaNs, segments)
// is done by the NVRTC kernels of src/backend/cuda/sort.cpp before and after
// (Note [GPU sorts]).
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cuda/std/cstdint>
#include <algorithm>
#include <cstdlib>
#include <cstring>
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

// A stable radix sort of n < 2^32 items through CUB's dispatch with 32-bit
// offsets (CUB's sm90 tuning gives pairs of 32-bit keys and values 23 items a
// thread with them, 17 with 64-bit ones), CUB's 8-bit digits. V is
// cub::NullType for keys only (vi, vo null). (An 11-bit policy hub of our own
// through the same dispatch hung on the H100: docs/sorting.md, "Digit width".)
template <class K, class V>
cudaError_t sort32(void* temp, size_t& bytes, const K* ki, K* ko, const V* vi, V* vo, int64_t n, int b0, int b1,
                   cudaStream_t s) {
  cub::DoubleBuffer<K> dk(const_cast<K*>(ki), ko);
  cub::DoubleBuffer<V> dv(const_cast<V*>(vi), vo);
  const uint32_t m = static_cast<uint32_t>(n);
  return cub::DispatchRadixSort<cub::SortOrder::Ascending, K, V, uint32_t>::Dispatch(temp, bytes, dk, dv, m, b0, b1,
                                                                                      false, s);
}

template <class U>
cudaError_t sort_keys(void* temp, size_t& bytes, const void* in, void* out, int64_t n, int b0, int b1,
                      cudaStream_t s) {
  return cub::DeviceRadixSort::SortKeys(temp, bytes, static_cast<const U*>(in), static_cast<U*>(out), n, b0, b1, s);
}

template <class U, class V>
cudaError_t sort_pairs(void* temp, size_t& bytes, const void* in, void* out, const void* vin, void* vout, int64_t n,
                       int b0, int b1, cudaStream_t s) {
  if constexpr (sizeof(V) == 4) {  // int32 positions: n < 2^31
    if (n >= (int64_t(1) << 31)) return cudaErrorInvalidValue;
    return sort32<U, V>(temp, bytes, static_cast<const U*>(in), static_cast<U*>(out), static_cast<const V*>(vin),
                        static_cast<V*>(vout), n, b0, b1, s);
  } else {
    return cub::DeviceRadixSort::SortPairs(temp, bytes, static_cast<const U*>(in), static_cast<U*>(out),
                                           static_cast<const V*>(vin), static_cast<V*>(vout), n, b0, b1, s);
  }
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

// A keys-only sort of T's own order: CUB's digits (64-bit offsets, as
// DeviceRadixSort::SortKeys with an int64 count).
template <class T>
cudaError_t keys_native(void* temp, size_t& bytes, const T* in, T* out, int64_t n, cudaStream_t s) {
  return cub::DeviceRadixSort::SortKeys(temp, bytes, in, out, n, 0, int(sizeof(T) * 8), s);
}

template <class T>
cudaError_t sort_native(void* temp, size_t& bytes, const void* in, void* out, int64_t n, cudaStream_t s) {
  constexpr bool fp = std::is_floating_point_v<T>;
  size_t cub_bytes = 0;
  cudaError_t e = keys_native<T>(nullptr, cub_bytes, static_cast<const T*>(in), static_cast<T*>(out), n, s);
  if (e != cudaSuccess) return e;
  const size_t need = round_up(cub_bytes) + (fp ? round_up(size_t(n) * sizeof(T)) + 256 : 0);
  if (!temp) {
    bytes = need;
    return cudaSuccess;
  }
  if (bytes < need) return cudaErrorInvalidValue;
  e = keys_native<T>(temp, cub_bytes, static_cast<const T*>(in), static_cast<T*>(out), n, s);
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

// Note [Native argsorts]
// The stable argsort of one segment of float32, int32 or uint32 values under
// 2^31 items sorts (value, int32 position) pairs of the values themselves:
// no NVRTC encode pass writing keys (Note [GPU sorts]). CUB orders these types
// as NumPy does, -0.0 and +0.0 equal (its digits map -0.0 to +0.0, the keys
// keep their bits), except for NaNs: the ones with the sign bit set come
// first (a prefix of k), the others last (a suffix of m), each group by its
// bits and then by position, where NumPy puts every NaN last by position.
// float32 2^26: iota 4 B an item, CUB (histogram 4, four 8-bit passes of 16)
// 68, finish 4 + 8: 84 B against the encoded path's 92.
// - iota: the positions 0..n-1 (16-byte stores);
// - CUB SortPairs (32-bit offsets) into scratch keys and positions;
// - floats: one thread finds k and m (two binary searches over the sorted
//   keys, run only when the first or the last key is a NaN);
// - finish: index[j] = position[j + k] widened to int64 for j < n - k - m
//   (16-byte loads and stores when k == 0), and the sorted values when asked;
// - floats: the NaN tail. Each NaN's place among the NaNs is the count of
//   NaNs before it in the input: a count per 4096-item tile, a scan of the
//   counts, a block scan per tile that writes index[n - k - m + rank] = i.
//   The three kernels read (k, m) and return at once when there is no NaN
//   (a launch each, no pass over the data).
// No synchronisation with the host anywhere. Note [Own onesweep argsort]
// does the same in 64 B (CUNUM_ARGSORT_OWN=1, until measured).
template <class T>
__device__ bool is_nan(T v) {
  if constexpr (std::is_floating_point_v<T>) return v != v;
  else return false;
}
template <class T>
__device__ bool positive_nan(T v) { return is_nan(v) && !negative_nan(v); }

constexpr int kNanTile = 4096, kNanThreads = 256, kNanItems = kNanTile / kNanThreads;

__global__ void iota32(int32_t* p, int64_t n) {
  const int64_t step = int64_t(gridDim.x) * blockDim.x, t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t nv = n / 4;
  int4* v = reinterpret_cast<int4*>(p);  // pool memory: 256-byte aligned
  for (int64_t i = t; i < nv; i += step) {
    const int b = int(i * 4);
    v[i] = make_int4(b, b + 1, b + 2, b + 3);
  }
  for (int64_t i = nv * 4 + t; i < n; i += step) p[i] = int32_t(i);
}

// km[0] = k, km[1] = m (see above) from the sorted keys.
template <class T>
__global__ void nan_bounds(const T* keys, int64_t n, int64_t* km) {
  int64_t k = 0, m = 0;
  if (negative_nan(keys[0])) {
    int64_t lo = 0, hi = n;  // keys[lo] is such a NaN; keys[hi] is not (or hi == n)
    while (hi - lo > 1) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (negative_nan(keys[mid])) lo = mid; else hi = mid;
    }
    k = hi;
  }
  if (positive_nan(keys[n - 1])) {
    int64_t lo = k - 1, hi = n - 1;  // keys[lo] is not such a NaN (or lo == k - 1); keys[hi] is
    while (hi - lo > 1) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (positive_nan(keys[mid])) hi = mid; else lo = mid;
    }
    m = n - hi;
  }
  km[0] = k;
  km[1] = m;
}

// index[j] = pos[j + k] (int64) and sorted[j] = keys[j + k] for j < n - k - m.
template <class T>
__global__ void finish_native(const int32_t* pos, const T* keys, int64_t* index, T* sorted, int64_t n,
                              const int64_t* km) {
  const int64_t k = km ? km[0] : 0, nn = n - k - (km ? km[1] : 0);
  const int64_t step = int64_t(gridDim.x) * blockDim.x, t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  int64_t done = 0;
  if (k == 0 && reinterpret_cast<uintptr_t>(index) % 16 == 0) {
    // 8-byte loads, 16-byte stores: consecutive lanes write consecutive
    // 16 bytes. (An int4 load with two longlong2 stores per lane wrote every
    // 32-byte sector in two halves from two instructions: H100 ncu, 443 us
    // at 2^26 with 491 cycles per issued instruction, against ~290 expected
    // for 12 B an item.)
    const int64_t nv = nn / 2;
    const int2* p2 = reinterpret_cast<const int2*>(pos);
    longlong2* i2 = reinterpret_cast<longlong2*>(index);
    for (int64_t v = t; v < nv; v += step) {
      const int2 q = p2[v];
      i2[v] = make_longlong2(q.x, q.y);
    }
    done = nv * 2;
  }
  for (int64_t j = done + t; j < nn; j += step) index[j] = pos[j + k];
  if (sorted)
    for (int64_t j = t; j < nn; j += step) sorted[j] = keys[j + k];
}

// counts[tile] = the NaNs among the input's items [tile * 4096, +4096).
template <class T>
__global__ void __launch_bounds__(kNanThreads) nan_tile_counts(const T* data, int64_t n, const int64_t* km,
                                                               uint32_t* counts) {
  if (km[0] + km[1] == 0) return;
  using Reduce = cub::BlockReduce<int, kNanThreads>;
  __shared__ typename Reduce::TempStorage tmp;
  const int64_t tiles = (n + kNanTile - 1) / kNanTile;
  for (int64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    int c = 0;
    for (int u = 0; u < kNanItems; ++u) {
      const int64_t i = tile * kNanTile + int64_t(u) * kNanThreads + threadIdx.x;
      c += i < n && is_nan(data[i]);
    }
    const int total = Reduce(tmp).Sum(c);
    if (threadIdx.x == 0) counts[tile] = uint32_t(total);
    __syncthreads();  // tmp is reused by the next tile
  }
}

// counts -> their exclusive prefix sums, one block of 1024 threads.
__global__ void __launch_bounds__(1024) nan_scan_counts(uint32_t* counts, int64_t tiles, const int64_t* km) {
  if (km[0] + km[1] == 0) return;
  using Scan = cub::BlockScan<uint32_t, 1024>;
  __shared__ typename Scan::TempStorage tmp;
  uint32_t running = 0;
  for (int64_t base = 0; base < tiles; base += 1024) {
    const int64_t i = base + threadIdx.x;
    uint32_t v = i < tiles ? counts[i] : 0, ex = 0, total = 0;
    Scan(tmp).ExclusiveSum(v, ex, total);
    if (i < tiles) counts[i] = running + ex;
    running += total;
    __syncthreads();
  }
}

// Every NaN of the input, in input order, to index[n - k - m + rank] (and its
// value to sorted[...]).
template <class T>
__global__ void __launch_bounds__(kNanThreads) nan_scatter(const T* data, int64_t n, const int64_t* km,
                                                           const uint32_t* offsets, int64_t* index, T* sorted) {
  if (km[0] + km[1] == 0) return;
  using Scan = cub::BlockScan<int, kNanThreads>;
  __shared__ typename Scan::TempStorage tmp;
  const int64_t tail = n - km[0] - km[1];
  const int64_t tiles = (n + kNanTile - 1) / kNanTile;
  for (int64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int64_t first = tile * kNanTile + int64_t(threadIdx.x) * kNanItems;  // this thread's items, in order
    int c = 0;
    for (int u = 0; u < kNanItems; ++u) c += first + u < n && is_nan(data[first + u]);
    int before = 0;
    Scan(tmp).ExclusiveSum(c, before);
    int64_t r = tail + offsets[tile] + before;
    for (int u = 0; u < kNanItems && c > 0; ++u) {
      const int64_t i = first + u;
      if (i < n && is_nan(data[i])) {
        index[r] = i;
        if (sorted) sorted[r] = data[i];
        ++r;
        --c;
      }
    }
    __syncthreads();
  }
}

size_t grid_for(int64_t n, int per_block) {
  int dev = 0, sms = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  const int64_t want = (n + per_block - 1) / per_block, cap = int64_t(sms > 0 ? sms : 132) * 16;
  return size_t(std::max<int64_t>(1, want < cap ? want : cap));
}

template <class T>
cudaError_t argsort_typed(void* temp, size_t& bytes, const T* data, int64_t* index, T* sorted, int64_t n,
                          cudaStream_t s) {
  constexpr bool fp = std::is_floating_point_v<T>;
  if (n <= 0 || n >= (int64_t(1) << 31)) return cudaErrorInvalidValue;
  size_t cub_bytes = 0;
  cudaError_t e = sort32<T, int32_t>(nullptr, cub_bytes, data, nullptr, nullptr, nullptr, n, 0, int(sizeof(T) * 8), s);
  if (e != cudaSuccess) return e;
  const int64_t tiles = (n + kNanTile - 1) / kNanTile;
  const size_t o_keys = round_up(cub_bytes), o_pin = o_keys + round_up(size_t(n) * sizeof(T)),
               o_pout = o_pin + round_up(size_t(n) * 4), o_km = o_pout + round_up(size_t(n) * 4),
               o_counts = o_km + 256, need = fp ? o_counts + round_up(size_t(tiles) * 4) : o_km;
  if (!temp) {
    bytes = need;
    return cudaSuccess;
  }
  if (bytes < need) return cudaErrorInvalidValue;
  char* t = static_cast<char*>(temp);
  T* keys = reinterpret_cast<T*>(t + o_keys);
  int32_t* pin = reinterpret_cast<int32_t*>(t + o_pin);
  int32_t* pout = reinterpret_cast<int32_t*>(t + o_pout);
  int64_t* km = fp ? reinterpret_cast<int64_t*>(t + o_km) : nullptr;
  uint32_t* counts = reinterpret_cast<uint32_t*>(t + o_counts);
  const unsigned g = unsigned(grid_for(n, 1024));
  iota32<<<g, 256, 0, s>>>(pin, n);
  e = sort32<T, int32_t>(temp, cub_bytes, data, keys, pin, pout, n, 0, int(sizeof(T) * 8), s);
  if (e != cudaSuccess) return e;
  if (fp) nan_bounds<T><<<1, 1, 0, s>>>(keys, n, km);
  finish_native<T><<<g, 256, 0, s>>>(pout, keys, index, sorted, n, km);
  if (fp) {
    const unsigned gt = unsigned(grid_for(tiles, 1));
    nan_tile_counts<T><<<gt, kNanThreads, 0, s>>>(data, n, km, counts);
    nan_scan_counts<<<1, 1024, 0, s>>>(counts, tiles, km);
    nan_scatter<T><<<gt, kNanThreads, 0, s>>>(data, n, km, counts, index, sorted);
  }
  return cudaGetLastError();
}

// The argsort entry points' common part: the device made current, then the
// typed implementation for the kind of 4-byte value ('f', 'i', 'u'), called
// with a value of that type as a tag.
template <class Typed>
int by_kind(int device, char kind, int key_bytes, Typed&& typed) {
  cudaError_t e = use_device(device);
  if (e != cudaSuccess) return e;
  if (key_bytes != 4) return cudaErrorInvalidValue;
  switch (kind) {
    case 'f': return int(typed(float{}));
    case 'i': return int(typed(int32_t{}));
    case 'u': return int(typed(uint32_t{}));
    default: return cudaErrorInvalidValue;
  }
}

int argsort_native(int device, void* temp, size_t* temp_bytes, const void* data, int64_t* index, void* sorted,
                   int64_t n, char kind, int key_bytes, void* stream) {
  return by_kind(device, kind, key_bytes, [&](auto tag) {
    using T = decltype(tag);
    return argsort_typed<T>(temp, *temp_bytes, static_cast<const T*>(data), index, static_cast<T*>(sorted), n,
                            static_cast<cudaStream_t>(stream));
  });
}

// Note [Own onesweep argsort]
// The stable argsort of one segment of float32, int32 or uint32 values
// (0 < n < 2^30) as an LSD radix sort of our own: 8-bit digits, 4 passes,
// each a onesweep pass (one kernel, a decoupled look-back per digit) as in
// Merrill & Garland / CUB's onesweep, but with the bytes cut to what the
// argsort needs (CUNUM_ARGSORT_OWN=1 selects it; Note [Native argsorts] is
// the default until the H100 has run it):
// - Keys: order_key() turns a value into an unsigned key in registers, with
//   -0.0 mapped to +0.0 and every NaN to 0xFFFFFFFF (above +inf, which is
//   0xFF800000): equal keys keep their input order, so NaNs come last by
//   position and -0.0/+0.0 stay in input order, as NumPy's stable argsort
//   has them. No NaN fix-up kernel.
// - os_histogram reads the data once and counts all four digits (4 B an
//   item) with shared-memory atomics (4 copies of the histograms, a digit
//   common to the 32 lanes added once); os_scan turns them into the digits'
//   global bases.
// - Pass 0 reads the data itself (keys in registers; the position is the
//   element's index: no iota) and writes (key, int32 position): 4 + 8 B.
//   Passes 1 and 2 read and write (key, position): 16 B. Pass 3 reads them
//   and writes only the int64 index: 8 + 8 B. Total 64 B an item (84 for
//   Note [Native argsorts]); the look-back words add ~0.7 B (a memset of
//   4 x tiles x 256 x 4 B, written twice and read about once per tile).
// - A pass: a block of 256 threads takes the next tile of 256 x kItems items
//   (kItems = 16, 24 or 32: CUNUM_OS_ITEMS, default 24) in order from an
//   atomic tile counter (so every earlier tile already has a running block,
//   and the look-back below cannot wait on a tile that has not started). It
//   loads the tile's keys warp-striped (item u of lane l in warp w is the
//   tile's element w x 32 kItems + u x 32 + l) and ranks them by the digit:
//   each warp walks its items in element order (u, then lane), adding to a
//   16-bit per-warp counter per digit the lanes of the item with the same
//   digit, found by an atomicOr of the lane bits into a shared word per digit
//   (default) or by __match_any_sync (CUNUM_OS_RANK=match: its cost grows
//   with the distinct digits of a warp); then the warps' counters are scanned
//   per digit (thread t owns digit t) and the digits' tile totals across
//   digits. The rank is thus stable: by digit, then by element index within
//   the tile.
// - Look-back (thread t, digit t): publish the tile's count of digit t as
//   an aggregate (flag 1 << 30; tile 0 publishes an inclusive prefix, flag
//   2 << 30), then walk the predecessors p = tile - 1, tile - 2, ..., spin
//   until p's word has a flag, add its count, stop at an inclusive prefix;
//   then publish this tile's inclusive prefix. Flag and count share one
//   32-bit word written by one store, so a reader never sees a flag with a
//   stale count; counts < 2^30 (hence n < 2^30).
// - Scatter: the keys go through shared memory in rank order, then thread t
//   writes the tile's sorted items t, t + 256, ... to global
//   base[digit] + (items of this digit in earlier tiles) + (rank within the
//   digit in this tile): runs of one digit are contiguous in both, so the
//   writes coalesce. Only then are the positions read (pass 0 makes them
//   from the element index) and sent through the same buffer, the digit of
//   each rank kept as a byte: registers hold the keys and the ranks (two
//   16-bit ranks a register), not the positions (64-80 registers against
//   104-125 before).
// - Sorted values when asked (stable sort): pass 3 gathers data[position]
//   (the keys lost -0.0's sign and the NaN payloads).
// Everything is on the stream, no host synchronisation; the counters, tile
// counters and histograms are zeroed by one memset per call.
namespace onesweep {

constexpr int kThreads = 256, kWarps = kThreads / 32, kBins = 256, kPasses = 4;
constexpr uint32_t kAggregate = 1u << 30, kPrefix = 2u << 30, kCount = (1u << 30) - 1;
static_assert(kThreads == kBins, "thread t owns digit t in the scans and the look-back");

__device__ uint32_t order_key(float v) {
  if (v != v) return 0xFFFFFFFFu;                    // every NaN: last, by position
  uint32_t u = __float_as_uint(v);
  if (u == 0x80000000u) u = 0;                       // -0.0 == +0.0
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);  // negatives reversed below positives
}
__device__ uint32_t order_key(int32_t v) { return uint32_t(v) ^ 0x80000000u; }
__device__ uint32_t order_key(uint32_t v) { return v; }

// hist[p * 256 + d] += the items whose digit p (bits 8p..8p+7 of the key) is d.
// One shared-memory atomicAdd per item and digit (no __match_any_sync: with
// random digits its cost grows with the distinct digits of a warp, and made
// this kernel 15x slower than CUB's). kHistParts copies of the four
// histograms, one per quarter of the warps, so that skewed data contends
// within a warp only; and a digit that is the same in all 32 lanes (all-equal
// keys, the high bytes of small ints: 32 atomics on one address, serialised)
// is added once, by lane 0: one __shfl_sync and one __reduce_or_sync an item
// find the digits where some lane differs from lane 0. One global atomicAdd
// per bin and block at the end. kHistUnroll independent loads a thread a trip.
constexpr int kHistParts = 4, kHistUnroll = 8;
template <class T>
__global__ void __launch_bounds__(kThreads) os_histogram(const T* data, int64_t n, uint32_t* hist) {
  __shared__ uint32_t h[kHistParts][kPasses * kBins];
  for (int i = threadIdx.x; i < kHistParts * kPasses * kBins; i += kThreads) (&h[0][0])[i] = 0;
  __syncthreads();
  uint32_t* mine = h[(threadIdx.x >> 5) % kHistParts];
  const int64_t chunk = int64_t(kThreads) * kHistUnroll, step = int64_t(gridDim.x) * chunk;
  for (int64_t b = int64_t(blockIdx.x) * chunk; b < n; b += step) {
    uint32_t k[kHistUnroll];
#pragma unroll
    for (int u = 0; u < kHistUnroll; ++u) {  // coalesced: item u of the chunk's u-th stripe
      const int64_t i = b + u * kThreads + threadIdx.x;
      k[u] = i < n ? order_key(data[i]) : 0;
    }
#pragma unroll
    for (int u = 0; u < kHistUnroll; ++u) {
      const int64_t i = b + u * kThreads + threadIdx.x;
      if (b + u * kThreads + (threadIdx.x | 31) < n) {  // the whole warp has items (warp-uniform)
        const uint32_t differ = __reduce_or_sync(0xFFFFFFFFu, k[u] ^ __shfl_sync(0xFFFFFFFFu, k[u], 0));
#pragma unroll
        for (int p = 0; p < kPasses; ++p) {
          uint32_t* bin = &mine[p * kBins + ((k[u] >> (8 * p)) & 0xFF)];
          if ((differ >> (8 * p)) & 0xFF)
            atomicAdd(bin, 1u);
          else if ((threadIdx.x & 31) == 0)
            atomicAdd(bin, 32u);
        }
      } else if (i < n) {
#pragma unroll
        for (int p = 0; p < kPasses; ++p) atomicAdd(&mine[p * kBins + ((k[u] >> (8 * p)) & 0xFF)], 1u);
      }
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < kPasses * kBins; i += kThreads) {
    uint32_t c = 0;
#pragma unroll
    for (int q = 0; q < kHistParts; ++q) c += h[q][i];
    if (c) atomicAdd(&hist[i], c);
  }
}

// base[p * 256 + d] = the items whose digit p is below d (one block).
__global__ void __launch_bounds__(kBins) os_scan(const uint32_t* hist, uint32_t* base) {
  using Scan = cub::BlockScan<uint32_t, kBins>;
  __shared__ typename Scan::TempStorage tmp;
  for (int p = 0; p < kPasses; ++p) {
    uint32_t ex = 0;
    Scan(tmp).ExclusiveSum(hist[p * kBins + threadIdx.x], ex);
    base[p * kBins + threadIdx.x] = ex;
    __syncthreads();  // tmp is reused
  }
}

__device__ void put_word(uint32_t* w, uint32_t v) { *reinterpret_cast<volatile uint32_t*>(w) = v; }
__device__ uint32_t get_word(const uint32_t* w) { return *reinterpret_cast<const volatile uint32_t*>(w); }

// Blocks of 256 threads an SM that ptxas must fit (registers: 65536 / (256 x
// blocks), rounded down to 8): 16 items a thread -> 4 (64 registers, no
// spill), 24 -> 3 (80; the atomic_or ranking spills 16 B), 32 -> 2 (128; at
// 3 blocks it spilled 72 B, sm_90, nvcc 13.0).
constexpr int min_blocks(int items) { return items <= 16 ? 4 : items <= 24 ? 3 : 2; }

// The ranks, two 16-bit halves a register (a rank is below the tile's
// 256 x kItems < 2^16 items): kItems / 2 registers instead of kItems. u is a
// constant in the unrolled loops, so the halves are picked at compile time.
template <int kItems>
struct Ranks {
  uint32_t r[(kItems + 1) / 2];
  __device__ uint32_t get(int u) const { return (r[u >> 1] >> (16 * (u & 1))) & 0xFFFFu; }
  __device__ void set(int u, uint32_t v) {
    r[u >> 1] = (u & 1) ? (r[u >> 1] & 0xFFFFu) | (v << 16) : (r[u >> 1] & 0xFFFF0000u) | v;
  }
};

// Rank within the warp, items in element order (u, then lane): rank[u] =
// the warp's earlier items with the same digit; counts[d] ends as the warp's
// count of digit d. kAtomicOr: each lane ORs its bit into the warp's word
// for its digit, reads the word back (the lanes of this item with that
// digit: its "peers"), the highest peer adds their number to the counter and
// clears the word. Two sets of words, alternating with u: a set is cleared
// in item u and ORed again in item u + 2, with item u + 1's first
// __syncwarp between. Otherwise __match_any_sync finds the peers (its cost
// grows with the distinct digits of the warp: the slow variant on random
// data, kept to compare).
template <int kItems, bool kAtomicOr>
__device__ void rank_in_warp(const uint32_t (&key)[kItems], Ranks<kItems>& rank, int shift, int valid_in_warp,
                             uint16_t* counts, uint32_t* words) {
  const int lane = threadIdx.x & 31;
  const uint32_t lower = (1u << lane) - 1;
#pragma unroll
  for (int u = 0; u < kItems; ++u) {
    const bool ok = u * 32 + lane < valid_in_warp;
    const uint32_t d = (key[u] >> shift) & 0xFF;
    if constexpr (kAtomicOr) {
      uint32_t* w = words + (u & 1) * kBins + d;
      if (ok) atomicOr(w, 1u << lane);
      __syncwarp();
      const uint32_t peers = ok ? *reinterpret_cast<volatile uint32_t*>(w) : 0;
      const uint32_t before = ok ? counts[d] : 0;
      __syncwarp();  // every peer has read the word and the counter
      if (ok && lane == 31 - __clz(peers)) {
        counts[d] = uint16_t(before + __popc(peers));
        *w = 0;
      }
      rank.set(u, before + __popc(peers & lower));
    } else {
      const uint32_t peers = __match_any_sync(0xFFFFFFFFu, ok ? d : uint32_t(kBins));
      rank.set(u, ok ? counts[d] + __popc(peers & lower) : 0);
      __syncwarp();  // every peer has read the counter
      if (ok && lane == 31 - __clz(peers)) counts[d] = uint16_t(counts[d] + __popc(peers));
      __syncwarp();  // the update is seen by the next item's readers
    }
  }
}

// Decoupled look-back for digit t = threadIdx.x: publish the tile's count
// as an aggregate, walk the predecessors to the nearest inclusive prefix,
// publish this tile's inclusive prefix; returns the items of digit t in
// earlier tiles.
__device__ uint32_t look_back(uint32_t* status, uint32_t tile, uint32_t count) {
  const int tid = threadIdx.x;
  uint32_t* mine = status + size_t(tile) * kBins + tid;
  put_word(mine, (tile == 0 ? kPrefix : kAggregate) | count);
  uint32_t before = 0;
  for (int64_t p = int64_t(tile) - 1; p >= 0; --p) {
    uint32_t w;
    do {
      w = get_word(status + size_t(p) * kBins + tid);
    } while ((w & ~kCount) == 0);
    before += w & kCount;
    if (w & kPrefix) break;
  }
  if (tile != 0) put_word(mine, kPrefix | (before + count));
  return before;
}

// One pass over digit kPass, tiles of 256 x kItems items. Pass 0 reads `data`
// (T) and makes the keys and positions; passes 1-3 read (keys_in, pos_in).
// Passes 0-2 write (keys_out, pos_out); pass 3 writes index (and sorted[i] =
// data[index[i]] as 32-bit words when sorted is not null). status: this
// pass's tiles x 256 words, zero; tile_counter: this pass's, zero; base: this
// pass's 256 digit bases. Only the keys are held in registers through the
// ranking (kItems) and the ranks after it (kItems / 2, Ranks): the positions are read
// after the keys are scattered, as CUB's onesweep does with its values.
// kEarly (CUNUM_OS_EARLY=1, "early counts" as CUB's onesweep has them): the
// tile's digit counts are taken by shared atomics right after the load and
// the look-back runs before the ranking, so a tile's inclusive prefix waits
// on its predecessors' loads, not on their rankings (kItems more shared
// atomics a thread; a digit common to a warp's 32 lanes is added once).
template <class T, int kPass, int kItems, bool kAtomicOr, bool kEarly>
__global__ void __launch_bounds__(kThreads, min_blocks(kItems))
    os_pass(const T* data, const uint32_t* keys_in, const int32_t* pos_in, uint32_t* keys_out, int32_t* pos_out,
            int64_t* index, uint32_t* sorted, int64_t n, const uint32_t* base, uint32_t* status,
            uint32_t* tile_counter) {
  constexpr int shift = 8 * kPass, kTile = kThreads * kItems, kWarpItems = 32 * kItems;
  static_assert(kTile >= kWarps * 2 * kBins, "the ranking's words live in the stage");
  static_assert(kTile < 65536, "16-bit counters");
  using Scan = cub::BlockScan<uint32_t, kThreads>;
  // stage: during the ranking each warp's 2 x 256 words (kAtomicOr), then the
  // tile in rank order (keys, then positions).
  __shared__ uint32_t stage[kTile];
  __shared__ uint16_t warp_count[kWarps][kBins];  // per warp and digit: count, then its first rank in the tile
  __shared__ uint8_t slot_digit[kTile];           // the digit of the tile's rank j
  __shared__ uint32_t digit_out[kBins];           // per digit: global index of the tile's rank 0 of it, minus its first rank
  __shared__ typename Scan::TempStorage scan_tmp;
  __shared__ uint32_t tile_word;
  __shared__ uint32_t tile_count[kEarly ? kBins : 1];  // kEarly: the tile's count per digit
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;

  if (tid == 0) tile_word = atomicAdd(tile_counter, 1u);
  if constexpr (kEarly) tile_count[tid] = 0;
  for (int i = tid; i < kWarps * kBins; i += kThreads) (&warp_count[0][0])[i] = 0;
  if constexpr (kAtomicOr)
    for (int i = tid; i < kWarps * 2 * kBins; i += kThreads) stage[i] = 0;
  __syncthreads();
  const uint32_t tile = tile_word;
  const int64_t first = int64_t(tile) * kTile;
  const int valid = int(n - first < kTile ? n - first : kTile);
  const int valid_in_warp = valid - warp * kWarpItems;  // may be <= 0 or > kWarpItems

  // Load the keys, warp-striped: item u of lane l in warp w is the tile's
  // element w x 32 kItems + 32 u + l.
  uint32_t key[kItems];
#pragma unroll
  for (int u = 0; u < kItems; ++u) {
    const int j = warp * kWarpItems + u * 32 + lane;
    key[u] = 0;
    if (j < valid) {
      if constexpr (kPass == 0)
        key[u] = order_key(data[first + j]);
      else
        key[u] = keys_in[first + j];
    }
  }
  uint32_t before = 0;  // items of digit tid in earlier tiles
  if constexpr (kEarly) {
#pragma unroll
    for (int u = 0; u < kItems; ++u) {
      const uint32_t d = (key[u] >> shift) & 0xFF;
      if (u * 32 + 31 < valid_in_warp) {  // the whole warp has items (warp-uniform)
        if (__reduce_or_sync(0xFFFFFFFFu, d ^ __shfl_sync(0xFFFFFFFFu, d, 0)))
          atomicAdd(&tile_count[d], 1u);
        else if (lane == 0)
          atomicAdd(&tile_count[d], 32u);
      } else if (u * 32 + lane < valid_in_warp) {
        atomicAdd(&tile_count[d], 1u);
      }
    }
    __syncthreads();
    before = look_back(status, tile, tile_count[tid]);
  }
  Ranks<kItems> rank{};  // zero: set() keeps the other half of a word
  rank_in_warp<kItems, kAtomicOr>(key, rank, shift, valid_in_warp, warp_count[warp], stage + warp * 2 * kBins);
  __syncthreads();

  // Thread t = digit t: exclusive prefix over the warps, the tile's count,
  // its first rank in the tile (all < kTile < 2^16).
  uint32_t count = 0;
#pragma unroll
  for (int w = 0; w < kWarps; ++w) {
    const uint32_t c = warp_count[w][tid];
    warp_count[w][tid] = uint16_t(count);
    count += c;
  }
  uint32_t start = 0;
  Scan(scan_tmp).ExclusiveSum(count, start);
#pragma unroll
  for (int w = 0; w < kWarps; ++w) warp_count[w][tid] = uint16_t(warp_count[w][tid] + start);

  // Decoupled look-back for digit t: the items of digit t in earlier tiles.
  if constexpr (!kEarly) before = look_back(status, tile, count);
  digit_out[tid] = base[tid] + before - start;  // mod 2^32: + a rank >= start gives the global index
  __syncthreads();

  // Ranks within the tile; the keys in rank order.
#pragma unroll
  for (int u = 0; u < kItems; ++u) {
    if (u * 32 + lane < valid_in_warp) {
      rank.set(u, rank.get(u) + warp_count[warp][(key[u] >> shift) & 0xFF]);
      stage[rank.get(u)] = key[u];
    }
  }
  __syncthreads();
  // Runs of one digit are contiguous in the tile and in the output: coalesced.
#pragma unroll
  for (int u = 0; u < kItems; ++u) {
    const int j = u * kThreads + tid;
    if (j < valid) {
      const uint32_t k = stage[j], d = (k >> shift) & 0xFF;
      slot_digit[j] = uint8_t(d);
      if constexpr (kPass != kPasses - 1) keys_out[digit_out[d] + uint32_t(j)] = k;
    }
  }
  __syncthreads();  // every key is read before the positions overwrite them
#pragma unroll
  for (int u = 0; u < kItems; ++u) {
    if (u * 32 + lane < valid_in_warp) {
      const int64_t g = first + warp * kWarpItems + u * 32 + lane;
      stage[rank.get(u)] = kPass == 0 ? uint32_t(g) : uint32_t(pos_in[g]);
    }
  }
  __syncthreads();
#pragma unroll
  for (int u = 0; u < kItems; ++u) {
    const int j = u * kThreads + tid;
    if (j < valid) {
      const int32_t p = int32_t(stage[j]);
      const uint32_t dst = digit_out[slot_digit[j]] + uint32_t(j);
      if constexpr (kPass == kPasses - 1) {
        index[dst] = p;
        if (sorted) sorted[dst] = reinterpret_cast<const uint32_t*>(data)[p];
      } else {
        pos_out[dst] = p;
      }
    }
  }
}

// The variant, read once per process (docs/sorting.md, "Variants"):
// CUNUM_OS_RANK = atomic_or (default) | match, CUNUM_OS_ITEMS = 16 | 24
// (default) | 32 items a thread (match: 24 only), CUNUM_OS_EARLY = 0
// (default) | 1 (atomic_or with 24 items only). Anything else makes the
// argsort fail with cudaErrorInvalidValue rather than run another variant.
struct Variant {
  bool atomic_or = true;
  int items = 24;
  bool early = false;
  bool ok = true;
};
Variant variant() {
  static const Variant v = [] {
    Variant r;
    if (const char* s = std::getenv("CUNUM_OS_RANK"); s && *s) {
      if (std::strcmp(s, "match") == 0)
        r.atomic_or = false;
      else if (std::strcmp(s, "atomic_or") != 0)
        r.ok = false;
    }
    if (const char* s = std::getenv("CUNUM_OS_ITEMS"); s && *s) {
      if (std::strcmp(s, "16") == 0)
        r.items = 16;
      else if (std::strcmp(s, "32") == 0)
        r.items = 32;
      else if (std::strcmp(s, "24") != 0)
        r.ok = false;
    }
    if (const char* s = std::getenv("CUNUM_OS_EARLY"); s && *s) {
      if (std::strcmp(s, "1") == 0)
        r.early = true;
      else if (std::strcmp(s, "0") != 0)
        r.ok = false;
    }
    if (!r.atomic_or && r.items != 24) r.ok = false;
    if (r.early && !(r.atomic_or && r.items == 24)) r.ok = false;
    return r;
  }();
  return v;
}

// Scratch: [hist 4 x 256 | tile counters 4 | status 4 x tiles x 256] (zeroed
// by one memset), [bases 4 x 256], keys and positions twice.
template <class T, int kItems, bool kAtomicOr, bool kEarly = false>
cudaError_t argsort_with(void* temp, size_t& bytes, const T* data, int64_t* index, void* sorted, int64_t n,
                         cudaStream_t s) {
  constexpr int kTile = kThreads * kItems;
  const int64_t tiles = (n + kTile - 1) / kTile;
  const size_t table = size_t(kPasses) * kBins * 4;
  const size_t o_counter = table, o_status = o_counter + 256, o_zero_end = o_status + size_t(kPasses) * tiles * kBins * 4;
  const size_t o_base = round_up(o_zero_end), o_ka = o_base + round_up(table), o_pa = o_ka + round_up(size_t(n) * 4),
               o_kb = o_pa + round_up(size_t(n) * 4), o_pb = o_kb + round_up(size_t(n) * 4),
               need = o_pb + round_up(size_t(n) * 4);
  if (!temp) {
    bytes = need;
    return cudaSuccess;
  }
  if (bytes < need) return cudaErrorInvalidValue;
  char* t = static_cast<char*>(temp);
  uint32_t* hist = reinterpret_cast<uint32_t*>(t);
  uint32_t* counter = reinterpret_cast<uint32_t*>(t + o_counter);
  uint32_t* status = reinterpret_cast<uint32_t*>(t + o_status);
  uint32_t* base = reinterpret_cast<uint32_t*>(t + o_base);
  uint32_t* ka = reinterpret_cast<uint32_t*>(t + o_ka);
  uint32_t* kb = reinterpret_cast<uint32_t*>(t + o_kb);
  int32_t* pa = reinterpret_cast<int32_t*>(t + o_pa);
  int32_t* pb = reinterpret_cast<int32_t*>(t + o_pb);
  const size_t per_pass = size_t(tiles) * kBins;
  const unsigned g = unsigned(tiles);
  uint32_t* out = static_cast<uint32_t*>(sorted);
  const uint32_t* bits = reinterpret_cast<const uint32_t*>(data);
  cudaError_t e = cudaMemsetAsync(t, 0, o_zero_end, s);
  if (e != cudaSuccess) return e;
  os_histogram<T><<<unsigned(grid_for(n, kThreads * kHistUnroll)), kThreads, 0, s>>>(data, n, hist);
  os_scan<<<1, kBins, 0, s>>>(hist, base);
  constexpr auto pass0 = os_pass<T, 0, kItems, kAtomicOr, kEarly>;
  constexpr auto pass1 = os_pass<uint32_t, 1, kItems, kAtomicOr, kEarly>;
  constexpr auto pass2 = os_pass<uint32_t, 2, kItems, kAtomicOr, kEarly>;
  constexpr auto pass3 = os_pass<uint32_t, 3, kItems, kAtomicOr, kEarly>;
  pass0<<<g, kThreads, 0, s>>>(data, nullptr, nullptr, ka, pa, nullptr, nullptr, n, base, status, counter);
  pass1<<<g, kThreads, 0, s>>>(bits, ka, pa, kb, pb, nullptr, nullptr, n, base + kBins, status + per_pass,
                               counter + 1);
  pass2<<<g, kThreads, 0, s>>>(bits, kb, pb, ka, pa, nullptr, nullptr, n, base + 2 * kBins, status + 2 * per_pass,
                               counter + 2);
  pass3<<<g, kThreads, 0, s>>>(bits, ka, pa, nullptr, nullptr, index, out, n, base + 3 * kBins,
                               status + 3 * per_pass, counter + 3);
  return cudaGetLastError();
}

template <class T>
cudaError_t argsort(void* temp, size_t& bytes, const T* data, int64_t* index, void* sorted, int64_t n,
                    cudaStream_t s) {
  if (n <= 0 || n >= (int64_t(1) << 30)) return cudaErrorInvalidValue;
  const Variant v = variant();
  if (!v.ok) return cudaErrorInvalidValue;
  if (!v.atomic_or) return argsort_with<T, 24, false>(temp, bytes, data, index, sorted, n, s);
  if (v.early) return argsort_with<T, 24, true, true>(temp, bytes, data, index, sorted, n, s);
  switch (v.items) {
    case 16: return argsort_with<T, 16, true>(temp, bytes, data, index, sorted, n, s);
    case 32: return argsort_with<T, 32, true>(temp, bytes, data, index, sorted, n, s);
    default: return argsort_with<T, 24, true>(temp, bytes, data, index, sorted, n, s);
  }
}

}  // namespace onesweep

int argsort_onesweep(int device, void* temp, size_t* temp_bytes, const void* data, int64_t* index, void* sorted,
                     int64_t n, char kind, int key_bytes, void* stream) {
  return by_kind(device, kind, key_bytes, [&](auto tag) {
    using T = decltype(tag);
    return onesweep::argsort<T>(temp, *temp_bytes, static_cast<const T*>(data), index, sorted, n,
                                static_cast<cudaStream_t>(stream));
  });
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

const CunumCubTable kTable = {kCunumCubAbi, &radix_sort, &radix_sort_native, &select_flagged, &inclusive_sum,
                               &argsort_native, &argsort_onesweep};

}  // namespace

extern "C" __attribute__((visibility("default"))) const CunumCubTable* cunum_cub_table() { return &kTable; }
