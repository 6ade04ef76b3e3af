// Note [The CUB library]
// CUB's device-wide radix sort, select and scan are compiled by nvcc into
// their own shared library, libcunum_cub.so (src/backend/cuda/cub/), and
// dlopen()ed at the first call that needs them, never at import: `import
// cunum` loads no CUB code, and a build without nvcc (or a machine without a
// GPU) never looks for it. Where: $CUNUM_CUB_LIBRARY when set, else beside the
// binary that holds this code (the Python extension's folder, or the folder
// of a C++ program linked with libcunum), else the dynamic loader's search
// path. The library links its own copy of the static CUDA runtime, as the
// backend does (CUDA::cudart_static); both run on the device's primary
// context, so streams and pointers pass between them, and each call makes its
// device current in the library's runtime (its current device is its own).
#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <string>

#include "backend/cuda/cub_sort_abi.hpp"
#include "backend/cuda/sort_cub.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
void* open_library(std::string& tried) {
  if (const char* env = std::getenv("CUNUM_CUB_LIBRARY")) {
    tried += std::string(env) + "; ";
    return dlopen(env, RTLD_NOW | RTLD_LOCAL);
  }
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&cub_table), &info) && info.dli_fname) {
    std::string dir = info.dli_fname;
    const size_t slash = dir.rfind('/');
    dir = slash == std::string::npos ? "." : dir.substr(0, slash);
    const std::string path = dir + "/libcunum_cub.so";
    tried += path + "; ";
    if (void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) return h;
  }
  tried += "libcunum_cub.so";
  return dlopen("libcunum_cub.so", RTLD_NOW | RTLD_LOCAL);
}
}  // namespace

const CunumCubTable& cub_table() {
  static const CunumCubTable* table = nullptr;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    std::string tried;
    void* h = open_library(tried);
    if (!h) {
      const char* e = dlerror();
      error = "cunum: the CUDA sort library could not be loaded (tried " + tried + ")" + (e ? std::string(": ") + e : "");
      return;
    }
    auto fn = reinterpret_cast<CunumCubTableFn>(dlsym(h, "cunum_cub_table"));
    const CunumCubTable* t = fn ? fn() : nullptr;
    if (!t || t->abi != kCunumCubAbi) {
      error = "cunum: libcunum_cub.so does not match this build of cunum (rebuild it)";
      return;
    }
    table = t;
  });
  if (!table) throw Error(error);
  return *table;
}

}  // namespace cunum::backend::cuda
