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

// A loaded kernel: the runtime's library handle, and (when the driver API
// could be reached) the plain function handle for the current context, whose
// launches are much cheaper than launches through the library handle.
struct LoadedKernel {
  cudaKernel_t kernel = nullptr;
  void* function = nullptr;  // CUfunction, or null
  int blocks_per_sm = 0;      // resident 256-thread blocks per SM (0: unknown); sizes persistent grids
};
// Loads a CUBIN and returns the kernel named "cunum_kernel" in it.
LoadedKernel load_kernel(const std::vector<char>& cubin);
// Launches a loaded kernel on `stream` (args: one pointer per kernel parameter).
void launch_kernel(const LoadedKernel& k, dim3 grid, dim3 block, void** args, cudaStream_t stream);

// A program compiled with a caller's options (user-written kernels,
// RawModule): the image (CUBIN, or PTX when the options name a virtual
// architecture) and the lowered name of each name expression. The kernel
// headers are offered to #include as for cunum's own kernels. Throws
// cunum::CompileError carrying NVRTC's log on failure. `arch` applies unless
// the options name one (-arch / --gpu-architecture); -std=c++17 unless they
// name a standard.
struct Program {
  std::vector<char> image;
  std::vector<std::string> lowered;
};
Program compile_program(const std::string& source, const std::string& name, int arch,
                        const std::vector<std::string>& options, const std::vector<std::string>& name_expressions);
// Loads an image (CUBIN, PTX or fatbin) for the life of the process; returns
// the cudaLibrary_t.
void* load_library(const void* image);
// The kernel `name` of a library, with its driver function handle where the
// driver is reachable (throws cunum::Error naming a missing kernel).
LoadedKernel library_kernel(void* library, const char* name);
// The number and sizes of a kernel's parameters (cuFuncGetParamInfo,
// CUDA 12.4+); false when the driver cannot tell.
bool kernel_params(const LoadedKernel& k, std::vector<size_t>& offsets, std::vector<size_t>& sizes);

// NVRTC's version as major*1000 + minor*10 (part of cache keys).
int nvrtc_version();

}  // namespace cunum::backend::cuda
