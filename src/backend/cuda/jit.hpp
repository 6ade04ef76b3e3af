// Run-time kernel compilation: NVRTC (loaded with dlopen on first use, so a
// machine without the toolkit can still import cunum) turns generated CUDA C++
// into a CUBIN for the device's exact architecture; the CUDA runtime's
// library API loads it.
#pragma once
#include <cuda_runtime_api.h>

#include <string>
#include <vector>

namespace cunum::backend::cuda {

// Compiles `source` (which may #include the embedded cunum kernel headers)
// for sm_<arch> (e.g. 90) and returns the CUBIN. Throws cunum::Error with the
// compiler log on failure. Needs no GPU.
// `fmad`: let the compiler contract a*b+c into FMAs (fast transcendental
// code needs it; kernels that must match the host's separate multiply and add
// bit for bit, like iota, pass false).
std::vector<char> compile_to_cubin(const std::string& source, int arch, bool fmad = true);

// Loads a CUBIN and returns the kernel named "cunum_kernel" in it.
cudaKernel_t load_kernel(const std::vector<char>& cubin);

// NVRTC's version as major*1000 + minor*10 (part of cache keys).
int nvrtc_version();

}  // namespace cunum::backend::cuda
