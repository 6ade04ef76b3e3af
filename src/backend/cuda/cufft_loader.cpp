// Note [Loading cuFFT]
// libcufft is dlopen()ed at the first transform on a GPU, never at import
// (it is ~300 MB of code; `import cunum` stays in milliseconds) and never in
// a CPU-only run. Where: $CUNUM_CUFFT_LIBRARY when set; else the sonames of
// the CUDA 13 and 12 toolkits (libcufft.so.12, .so.11) and libcufft.so
// through the dynamic loader's search path; else the toolkit's own folder
// ($CUDA_HOME or $CUDA_PATH, then /usr/local/cuda), else NVIDIA's Python
// wheel beside cunum's package. The entry points used
// (plan creation with 64-bit sizes, work areas, streams, execution) have
// kept their ABI across those versions. cuFFT runs on the device's primary
// context, the one the backend's runtime uses, so streams and device
// pointers pass between them.
#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <string>
#include <type_traits>

#include "backend/cuda/cufft_api.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
void* open_cufft(std::string& tried) {
  auto attempt = [&](const std::string& path) -> void* {
    tried += path + "; ";
    return dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  };
  if (const char* env = std::getenv("CUNUM_CUFFT_LIBRARY")) return attempt(env);
  const char* names[] = {"libcufft.so.12", "libcufft.so.11", "libcufft.so"};
  for (const char* n : names)
    if (void* h = attempt(n)) return h;
  std::string dirs[4];
  if (const char* h = std::getenv("CUDA_HOME")) dirs[0] = std::string(h) + "/lib64/";
  if (const char* h = std::getenv("CUDA_PATH")) dirs[1] = std::string(h) + "/lib64/";
  dirs[2] = "/usr/local/cuda/lib64/";
  // NVIDIA's wheels (nvidia-cufft-cu12, as PyTorch and CuPy install them):
  // site-packages/nvidia/cufft/lib beside site-packages/cunum/.
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&open_cufft), &info) && info.dli_fname) {
    std::string d = info.dli_fname;
    const size_t slash = d.rfind('/');
    if (slash != std::string::npos) dirs[3] = d.substr(0, slash) + "/../nvidia/cufft/lib/";
  }
  for (const std::string& d : dirs) {
    if (d.empty()) continue;
    for (const char* n : names)
      if (void* h = attempt(d + n)) return h;
  }
  return nullptr;
}
}  // namespace

const CufftApi& cufft_api() {
  static CufftApi api{};
  static bool ok = false;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    std::string tried;
    void* h = open_cufft(tried);
    if (!h) {
      error = "cunum: cuFFT (libcufft) could not be loaded (tried " + tried + "); set CUNUM_CUFFT_LIBRARY";
      return;
    }
    std::string missing;
    auto sym = [&](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(h, name));  // the C ABI's signature
      if (!fn) missing += std::string(" ") + name;
    };
    sym(api.create, "cufftCreate");
    sym(api.destroy, "cufftDestroy");
    sym(api.set_auto_allocation, "cufftSetAutoAllocation");
    sym(api.make_plan_many64, "cufftMakePlanMany64");
    sym(api.set_work_area, "cufftSetWorkArea");
    sym(api.set_stream, "cufftSetStream");
    sym(api.exec_c2c, "cufftExecC2C");
    sym(api.exec_z2z, "cufftExecZ2Z");
    sym(api.exec_r2c, "cufftExecR2C");
    sym(api.exec_d2z, "cufftExecD2Z");
    sym(api.exec_c2r, "cufftExecC2R");
    sym(api.exec_z2d, "cufftExecZ2D");
    sym(api.get_version, "cufftGetVersion");
    if (!missing.empty()) {
      error = "cunum: the loaded libcufft lacks" + missing;
      return;
    }
    ok = true;
  });
  if (!ok) throw Error(error);
  return api;
}

}  // namespace cunum::backend::cuda
