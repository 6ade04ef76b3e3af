// cunum/cuda_modules.hpp — CUDA modules written by the user (CuPy's RawModule
// and RawKernel): CUDA C++ compiled with NVRTC for the current device (and
// cached on disk like cunum's own kernels), or a .cubin/.ptx/.fatbin file
// loaded as it is; kernels launched with the caller's grid, block, dynamic
// shared memory and stream. A build without CUDA raises ValueError.
//
//   auto m = cunum::cuda::Module::compile(code, "mod", {"-DN=4"}, {"f<float>"});
//   cunum::cuda::Function f = m->get_function(m->lowered_name("f<float>"));
//   void* args[] = {&ptr, &n};
//   f.launch({grid, 1, 1}, {128, 1, 1}, args, 0, cunum::cuda::current_stream().ptr());
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cunum::cuda {

// cudaFuncAttributes, by CuPy's names.
struct FunctionAttributes {
  int max_threads_per_block = 0, num_regs = 0, ptx_version = 0, binary_version = 0;
  int max_dynamic_shared_size_bytes = 0, preferred_shared_memory_carveout = -1;
  size_t shared_size_bytes = 0, const_size_bytes = 0, local_size_bytes = 0;
};

class Function {
 public:
  FunctionAttributes attributes() const;
  // cudaFuncAttributeMaxDynamicSharedMemorySize / PreferredSharedMemoryCarveout.
  void set_max_dynamic_shared_size_bytes(int bytes) const;
  void set_preferred_shared_memory_carveout(int percent) const;
  // The size of each parameter, when the driver can tell (CUDA 12.4+).
  bool param_sizes(std::vector<size_t>& sizes) const;
  // The same, read when the function was looked up (null: unknown).
  const std::vector<size_t>* known_param_sizes() const { return params_known_ ? &param_sizes_ : nullptr; }
  // args: one pointer per kernel parameter, to its bytes.
  void launch(std::array<unsigned, 3> grid, std::array<unsigned, 3> block, void** args, size_t shared_mem,
              std::uintptr_t stream, bool cooperative = false) const;
  int device() const { return device_; }
  const std::string& name() const { return name_; }

 private:
  friend class Module;
  void* kernel_ = nullptr;    // cudaKernel_t
  void* function_ = nullptr;  // CUfunction (or null)
  int device_ = 0;
  std::string name_;
  // Read once by Module::get_function (a launch then checks without asking the driver).
  bool params_known_ = false;
  std::vector<size_t> param_sizes_;
};

class Module {
 public:
  static std::shared_ptr<Module> compile(const std::string& code, const std::string& name,
                                         const std::vector<std::string>& options,
                                         const std::vector<std::string>& name_expressions, int device = -1);
  static std::shared_ptr<Module> load(const std::string& path, int device = -1);
  Function get_function(const std::string& name) const;
  // The mangled name NVRTC gave a name expression (ValueError if not one).
  std::string lowered_name(const std::string& expression) const;
  // (device pointer, bytes) of the __device__ / __constant__ variable `name`.
  std::pair<std::uintptr_t, size_t> get_global(const std::string& name) const;
  int device() const { return device_; }

 private:
  void* library_ = nullptr;  // cudaLibrary_t, loaded for the life of the process
  int device_ = 0;
  std::vector<std::pair<std::string, std::string>> lowered_;
};

}  // namespace cunum::cuda
