// User CUDA modules (cunum/cuda_modules.hpp): NVRTC through the disk cache,
// or a file loaded by the runtime's library API (CUBIN, PTX or fatbin alike).
#include <fstream>
#include <optional>
#include <sstream>

#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/disk_cache.hpp"
#include "backend/cuda/jit.hpp"
#include "cunum/cuda.hpp"
#include "cunum/cuda_modules.hpp"
#include "cunum/error.hpp"

namespace cunum::cuda {

namespace {
using backend::cuda::LoadedKernel;

int device_or_current(int device) { return device < 0 ? current_device() : device; }

int arch_of(int device) {
  int major = 0, minor = 0;
  CUNUM_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  CUNUM_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  return major * 10 + minor;
}

std::string key_text(const std::string& code, const std::vector<std::string>& options,
                     const std::vector<std::string>& names) {
  std::string t = code + "\n// raw module options:";
  for (const std::string& o : options) t += " " + o;
  t += "\n// name expressions:";
  for (const std::string& n : names) t += " " + n;
  return t + "\n";
}
std::vector<char> join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x + '\n';
  return {s.begin(), s.end()};
}
std::vector<std::string> split(const std::vector<char>& b) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : b) {
    if (c == '\n') out.push_back(cur), cur.clear();
    else cur += c;
  }
  return out;
}
}  // namespace

std::shared_ptr<Module> Module::compile(const std::string& code, const std::string& name,
                                        const std::vector<std::string>& options,
                                        const std::vector<std::string>& name_expressions, int device) {
  auto m = std::make_shared<Module>();
  m->device_ = device_or_current(device);
  CUNUM_CUDA_CHECK(cudaSetDevice(m->device_));
  const int arch = arch_of(m->device_);
  const std::string key = key_text(code, options, name_expressions);
  std::vector<std::string> lowered;
  std::optional<std::vector<char>> image = backend::cuda::disk_cache_load(key, arch);
  if (image && !name_expressions.empty()) {
    std::optional<std::vector<char>> names = backend::cuda::disk_cache_load(key + "// lowered names\n", arch);
    if (names) lowered = split(*names);
    if (lowered.size() != name_expressions.size()) image.reset();
  }
  if (!image) {
    backend::cuda::Program p = backend::cuda::compile_program(code, name, arch, options, name_expressions);
    backend::cuda::disk_cache_store(key, arch, p.image);
    if (!name_expressions.empty())
      backend::cuda::disk_cache_store(key + "// lowered names\n", arch, join(p.lowered));
    image = std::move(p.image);
    lowered = std::move(p.lowered);
  }
  image->push_back('\0');  // PTX is read as a string
  m->library_ = backend::cuda::load_library(image->data());
  for (size_t i = 0; i < name_expressions.size(); ++i) m->lowered_.emplace_back(name_expressions[i], lowered[i]);
  return m;
}

std::shared_ptr<Module> Module::load(const std::string& path, int device) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw ValueError("cunum: cannot read the module file '" + path + "'");
  std::stringstream ss;
  ss << f.rdbuf();
  std::string bytes = ss.str();
  auto m = std::make_shared<Module>();
  m->device_ = device_or_current(device);
  CUNUM_CUDA_CHECK(cudaSetDevice(m->device_));
  bytes.push_back('\0');
  try {
    m->library_ = backend::cuda::load_library(bytes.data());
  } catch (const Error& e) {
    throw ValueError("cunum: '" + path + "' is not a CUBIN, PTX or fatbin this device can load (" + e.what() + ")");
  }
  return m;
}

Function Module::get_function(const std::string& name) const {
  CUNUM_CUDA_CHECK(cudaSetDevice(device_));
  LoadedKernel k = backend::cuda::library_kernel(library_, name.c_str());
  Function f;
  f.kernel_ = k.kernel;
  f.function_ = k.function;
  f.device_ = device_;
  f.name_ = name;
  f.params_known_ = f.param_sizes(f.param_sizes_);
  return f;
}

std::string Module::lowered_name(const std::string& expression) const {
  for (const auto& [e, l] : lowered_)
    if (e == expression) return l;
  throw ValueError("cunum: '" + expression + "' is not one of the module's name_expressions");
}

std::pair<std::uintptr_t, size_t> Module::get_global(const std::string& name) const {
  CUNUM_CUDA_CHECK(cudaSetDevice(device_));
  void* p = nullptr;
  size_t bytes = 0;
  if (cudaLibraryGetGlobal(&p, &bytes, static_cast<cudaLibrary_t>(library_), name.c_str()) != cudaSuccess) {
    cudaGetLastError();
    throw ValueError("cunum: the module has no global variable named '" + name + "'");
  }
  return {reinterpret_cast<std::uintptr_t>(p), bytes};
}

FunctionAttributes Function::attributes() const {
  CUNUM_CUDA_CHECK(cudaSetDevice(device_));
  cudaFuncAttributes a{};
  CUNUM_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel_));
  FunctionAttributes r;
  r.max_threads_per_block = a.maxThreadsPerBlock;
  r.num_regs = a.numRegs;
  r.ptx_version = a.ptxVersion;
  r.binary_version = a.binaryVersion;
  r.max_dynamic_shared_size_bytes = a.maxDynamicSharedSizeBytes;
  r.preferred_shared_memory_carveout = a.preferredShmemCarveout;
  r.shared_size_bytes = a.sharedSizeBytes;
  r.const_size_bytes = a.constSizeBytes;
  r.local_size_bytes = a.localSizeBytes;
  return r;
}

void Function::set_max_dynamic_shared_size_bytes(int bytes) const {
  CUNUM_CUDA_CHECK(cudaSetDevice(device_));
  CUNUM_CUDA_CHECK(cudaFuncSetAttribute(kernel_, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
}

void Function::set_preferred_shared_memory_carveout(int percent) const {
  CUNUM_CUDA_CHECK(cudaSetDevice(device_));
  CUNUM_CUDA_CHECK(cudaFuncSetAttribute(kernel_, cudaFuncAttributePreferredSharedMemoryCarveout, percent));
}

bool Function::param_sizes(std::vector<size_t>& sizes) const {
  LoadedKernel k;
  k.kernel = static_cast<cudaKernel_t>(kernel_);
  k.function = function_;
  std::vector<size_t> offsets;
  return backend::cuda::kernel_params(k, offsets, sizes);
}

void Function::launch(std::array<unsigned, 3> grid, std::array<unsigned, 3> block, void** args, size_t shared_mem,
                      std::uintptr_t stream, bool cooperative) const {
  CUNUM_CUDA_CHECK(cudaSetDevice(device_));
  const dim3 g(grid[0], grid[1], grid[2]), b(block[0], block[1], block[2]);
  const auto s = reinterpret_cast<cudaStream_t>(stream);
  if (cooperative)
    CUNUM_CUDA_CHECK(cudaLaunchCooperativeKernel(kernel_, g, b, args, shared_mem, s));
  else
    CUNUM_CUDA_CHECK(cudaLaunchKernel(kernel_, g, b, args, shared_mem, s));
}

}  // namespace cunum::cuda
