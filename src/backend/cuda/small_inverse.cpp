// CudaBackend::small_inverse: the inverse of many small matrices in one
// launch (Note [Small inverse kernel], cunum/kernels/small_inverse.hpp),
// instead of cuBLAS's getrfBatched + getrsBatched with their pointer-array
// uploads, pivot conversions and the identity right-hand side (Note [Batched
// small LU]: ~10 launches for a stack of 8 x 8 matrices).
#include <algorithm>
#include <string>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/kernel_source.hpp"

namespace cunum::backend::cuda {

std::string small_inverse_source(DType dtype, int n) {
  int w = 1;
  while (w < n) w *= 2;
  return "#include \"cunum/kernels/small_inverse.hpp\"\n"
         "using namespace cunum;\n"
         "typedef " + std::string(kernel_type_name(dtype)) + " T;\n"
         "extern \"C\" __global__ void __launch_bounds__(256) cunum_kernel(const T* a, T* out, int* info,"
         " long long batch) {\n"
         "  small_inverse::invert<T, " + std::to_string(n) + ", " + std::to_string(w) + ">(a, out, info, batch);\n"
         "}\n";
}

bool CudaBackend::small_inverse(const LapackPlan& p) {
  const bool inexact = p.dtype == DType::Float32 || p.dtype == DType::Float64 || p.dtype == DType::Complex64 ||
                       p.dtype == DType::Complex128;
  // Orders up to 16 (8 for complex): the kernel unrolls every loop over a
  // row held in registers, so its first compile grows with n (NVRTC: ~0.3 s
  // at 8 x 8 float64, 0.6 s at 16 x 16, 2.6 s at 32 x 32, 7.7 s at 32 x 32
  // complex128); larger orders take cuBLAS's batched LU, which compiles
  // nothing and is no longer launch-bound there.
  const bool cplx = p.dtype == DType::Complex64 || p.dtype == DType::Complex128;
  if (!inexact || p.n < 1 || p.n > (cplx ? 8 : 16) || p.batch < 1 || p.lda != p.n || p.stride_a != p.n * p.n ||
      p.ldb != p.n || p.stride_b != p.n * p.n)
    return false;
  const int n = int(p.n);
  int w = 1;
  while (w < n) w *= 2;
  const uint64_t k = key(Family::SmallInverse, n, p.dtype, p.dtype, 0, false);
  LoadedKernel kern = kernel(k, [&] { return small_inverse_source(p.dtype, n); });
  use_device();
  const void* a = p.a;
  void* out = p.b;
  void* info = p.info;
  long long batch = p.batch;
  void* args[] = {&a, &out, &info, &batch};
  // A team of w lanes per matrix, 256 threads per block of threads.
  const int64_t threads = p.batch * w;
  const int64_t grid = std::max<int64_t>(1, (threads + 255) / 256);
  if (grid > INT32_MAX) return false;
  launch_kernel(kern, dim3(static_cast<unsigned>(grid)), dim3(256), args, stream());
  return true;
}

}  // namespace cunum::backend::cuda
