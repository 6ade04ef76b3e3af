// cuFFT's entry points, resolved from libcufft at the first transform
// (Note [Loading cuFFT]). Nothing links against the library and nothing
// includes <cufft.h>: a toolkit without cuFFT's headers builds cunum too.
// The types and constants below are cuFFT's C ABI (stable since CUDA 9):
// a plan handle is an int, complex values are interleaved (re, im) pairs,
// results and transform types are these enum values.
#pragma once
#include <cuda_runtime_api.h>

#include <cstddef>

namespace cunum::backend::cuda {

using cufft_handle = int;
using cufft_result = int;
inline constexpr cufft_result kCufftSuccess = 0x0, kCufftAllocFailed = 0x2;
inline constexpr int kCufftR2C = 0x2a, kCufftC2R = 0x2c, kCufftC2C = 0x29;
inline constexpr int kCufftD2Z = 0x6a, kCufftZ2D = 0x6c, kCufftZ2Z = 0x69;
inline constexpr int kCufftForward = -1, kCufftInverse = 1;

struct CufftApi {
  cufft_result (*create)(cufft_handle* plan);
  cufft_result (*destroy)(cufft_handle plan);
  cufft_result (*set_auto_allocation)(cufft_handle plan, int auto_allocate);
  cufft_result (*make_plan_many64)(cufft_handle plan, int rank, long long* n, long long* inembed, long long istride,
                                   long long idist, long long* onembed, long long ostride, long long odist, int type,
                                   long long batch, size_t* work_size);
  cufft_result (*set_work_area)(cufft_handle plan, void* work);
  cufft_result (*set_stream)(cufft_handle plan, cudaStream_t stream);
  // Exec C2C/Z2Z take (plan, in, out, direction); the others (plan, in, out).
  cufft_result (*exec_c2c)(cufft_handle plan, void* in, void* out, int direction);
  cufft_result (*exec_z2z)(cufft_handle plan, void* in, void* out, int direction);
  cufft_result (*exec_r2c)(cufft_handle plan, void* in, void* out);
  cufft_result (*exec_d2z)(cufft_handle plan, void* in, void* out);
  cufft_result (*exec_c2r)(cufft_handle plan, void* in, void* out);
  cufft_result (*exec_z2d)(cufft_handle plan, void* in, void* out);
  cufft_result (*get_version)(int* version);
};

// The table, loaded once; throws cunum::Error naming the paths tried when
// the library cannot be found.
const CufftApi& cufft_api();

}  // namespace cunum::backend::cuda
