// The C interface of libcunum_cub (src/backend/cuda/cub/cub_sort.cu): CUB's
// device-wide radix sort, flagged select and scan, compiled ahead of time by
// nvcc into a shared library that the CUDA backend dlopen()s at its first
// sort (Note [The CUB library] in cub_loader.cpp). Plain C types only, so that
// neither side sees the other's headers. Every function follows CUB's
// convention: with temp == nullptr it only sets *temp_bytes; it returns a
// cudaError_t (0 on success). `device` is made current first (the library has
// its own copy of the static CUDA runtime, whose current device is its own);
// `stream` is a cudaStream_t.
#pragma once
#include <cstddef>
#include <cstdint>

extern "C" {

inline constexpr int kCunumCubAbi = 6;

struct CunumCubTable {
  int abi;  // kCunumCubAbi
  // Sorts n unsigned keys of key_bytes (1, 2, 4, 8) by bits [begin_bit,
  // end_bit), stably; keys_in -> keys_out (distinct). With vals_in, the
  // values (int32 or int64: value_bytes 4 or 8) move with their keys
  // (vals_in -> vals_out); key_bytes 4 or 8 then.
  int (*radix_sort)(int device, void* temp, size_t* temp_bytes, const void* keys_in, void* keys_out,
                    const void* vals_in, void* vals_out, int value_bytes, int64_t n, int key_bytes, int begin_bit,
                    int end_bit, void* stream);
  // Sorts n keys of their own type (kind 'i', 'u' or 'f'; key_bytes 1-8, 'f'
  // 4 or 8) in CUB's order, keys_in -> keys_out (distinct), then for floats
  // moves the NaNs with the sign bit set (which CUB's order puts first) to
  // the end, so that every NaN is last as in NumPy (Note [Native sorts]).
  int (*radix_sort_native)(int device, void* temp, size_t* temp_bytes, const void* keys_in, void* keys_out,
                           int64_t n, char kind, int key_bytes, void* stream);
  // The positions i in [0, n) with flags[i] != 0, in order, to out; their
  // count to *count (device memory).
  int (*select_flagged)(int device, void* temp, size_t* temp_bytes, const uint8_t* flags, int64_t* out,
                        int64_t* count, int64_t n, void* stream);
  // out[i] = flags[0] + ... + flags[i], in int64.
  int (*inclusive_sum)(int device, void* temp, size_t* temp_bytes, const uint8_t* flags, int64_t* out, int64_t n,
                       void* stream);
  // The stable argsort of n (0 < n < 2^31) values of their own type (kind
  // 'f', 'i' or 'u'; key_bytes 4) in NumPy's order, every NaN last by
  // position: index[i] (int64) = the position of the i-th smallest, and
  // sorted[i] = its value when sorted is not null (Note [Native argsorts]).
  int (*argsort_native)(int device, void* temp, size_t* temp_bytes, const void* data, int64_t* index, void* sorted,
                        int64_t n, char kind, int key_bytes, void* stream);
  // The same result as argsort_native for 0 < n < 2^30, by a radix sort of
  // our own (Note [Own onesweep argsort]): 64 bytes per item instead of 84.
  int (*argsort_onesweep)(int device, void* temp, size_t* temp_bytes, const void* data, int64_t* index,
                          void* sorted, int64_t n, char kind, int key_bytes, void* stream);
};

// The library's one exported symbol.
const CunumCubTable* cunum_cub_table();
typedef const CunumCubTable* (*CunumCubTableFn)();
}
