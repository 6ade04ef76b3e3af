#include "backend/cuda/jit.hpp"

#include "backend/cuda/device_errors.hpp"

#include <cuda.h>  // types only: the driver is dlopen()ed
#include <dlfcn.h>
#include <nvrtc.h>

#include <mutex>

#include "backend/cuda/cuda_check.hpp"
#include "backend/cuda/embedded_headers.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
// The NVRTC entry points cunum uses, resolved from libnvrtc at first use.
struct Nvrtc {
  decltype(&nvrtcCreateProgram) create = nullptr;
  decltype(&nvrtcCompileProgram) compile = nullptr;
  decltype(&nvrtcGetProgramLogSize) log_size = nullptr;
  decltype(&nvrtcGetProgramLog) log = nullptr;
  decltype(&nvrtcGetCUBINSize) cubin_size = nullptr;
  decltype(&nvrtcGetCUBIN) cubin = nullptr;
  decltype(&nvrtcDestroyProgram) destroy = nullptr;
  decltype(&nvrtcVersion) version = nullptr;
  decltype(&nvrtcGetErrorString) error_string = nullptr;
};

const Nvrtc& nvrtc() {
  static const Nvrtc api = [] {
    void* h = nullptr;
    for (const char* name : {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"})
      if ((h = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
    if (!h)
      throw Error("cunum: NVRTC (libnvrtc.so) was not found; it is needed to build GPU kernels "
                  "(install the CUDA toolkit's NVRTC, e.g. pip install nvidia-cuda-nvrtc)");
    Nvrtc a;
    auto sym = [&](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(h, name));
      if (!fn) throw Error(std::string("cunum: NVRTC lacks ") + name);
    };
    sym(a.create, "nvrtcCreateProgram");
    sym(a.compile, "nvrtcCompileProgram");
    sym(a.log_size, "nvrtcGetProgramLogSize");
    sym(a.log, "nvrtcGetProgramLog");
    sym(a.cubin_size, "nvrtcGetCUBINSize");
    sym(a.cubin, "nvrtcGetCUBIN");
    sym(a.destroy, "nvrtcDestroyProgram");
    sym(a.version, "nvrtcVersion");
    sym(a.error_string, "nvrtcGetErrorString");
    return a;
  }();
  return api;
}

void check(nvrtcResult r, const char* what) {
  if (r != NVRTC_SUCCESS)
    throw Error(std::string("NVRTC error in ") + what + ": " + nvrtc().error_string(r));
}
}  // namespace

int nvrtc_version() {
  int major = 0, minor = 0;
  check(nvrtc().version(&major, &minor), "nvrtcVersion");
  return major * 1000 + minor * 10;
}

std::vector<char> compile_to_cubin(const std::string& source, int arch, bool fmad) {
  const Nvrtc& api = nvrtc();
  // Each header is offered under its full name and under the names the
  // kernel headers use for each other ("complex.hpp", "../config.hpp").
  std::vector<const char*> names, texts;
  std::vector<std::string> storage;
  storage.reserve(kNumEmbeddedHeaders * 3);
  for (int i = 0; i < kNumEmbeddedHeaders; ++i) {
    const std::string full = kEmbeddedHeaders[i].name;
    const std::string base = full.substr(full.rfind('/') + 1);
    for (const std::string& n : {full, base, "../" + base}) {
      storage.push_back(n);
      names.push_back(storage.back().c_str());
      texts.push_back(kEmbeddedHeaders[i].text);
    }
  }
  nvrtcProgram prog;
  check(api.create(&prog, source.c_str(), "cunum_kernel.cu", static_cast<int>(names.size()),
                   texts.data(), names.data()),
        "nvrtcCreateProgram");
  struct Destroy {
    nvrtcProgram* p;
    ~Destroy() { nvrtc().destroy(p); }
  } destroy{&prog};
  const std::string arch_opt = "--gpu-architecture=sm_" + std::to_string(arch);
  const char* opts[] = {arch_opt.c_str(), "-std=c++17", fmad ? "--fmad=true" : "--fmad=false"};
  nvrtcResult r = api.compile(prog, 3, opts);
  if (r != NVRTC_SUCCESS) {
    size_t n = 0;
    api.log_size(prog, &n);
    std::string log(n, '\0');
    if (n) api.log(prog, log.data());
    throw Error("cunum: kernel compilation failed (" + std::string(api.error_string(r)) + "):\n" +
                log + "\n--- source ---\n" + source);
  }
  size_t n = 0;
  check(api.cubin_size(prog, &n), "nvrtcGetCUBINSize");
  std::vector<char> cubin(n);
  check(api.cubin(prog, cubin.data()), "nvrtcGetCUBIN");
  return cubin;
}

namespace {
// Two driver entry points, from libcuda (always present where a GPU works;
// dlopen()ed so that cunum never links against it).
struct Driver {
  using GetFunction = CUresult (*)(CUfunction*, CUkernel);
  using Launch = CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                              unsigned, CUstream, void**, void**);
  GetFunction get_function = nullptr;
  Launch launch = nullptr;
};
const Driver& driver() {
  static const Driver d = [] {
    Driver r;
    if (void* h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL)) {
      r.get_function = reinterpret_cast<Driver::GetFunction>(dlsym(h, "cuKernelGetFunction"));
      r.launch = reinterpret_cast<Driver::Launch>(dlsym(h, "cuLaunchKernel"));
      if (!r.get_function || !r.launch) r = Driver{};
    }
    return r;
  }();
  return d;
}
}  // namespace

LoadedKernel load_kernel(const std::vector<char>& cubin) {
  cudaLibrary_t lib;
  CUNUM_CUDA_CHECK(cudaLibraryLoadData(&lib, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
  LoadedKernel k;
  CUNUM_CUDA_CHECK(cudaLibraryGetKernel(&k.kernel, lib, "cunum_kernel"));
  attach_error_word(lib, cubin);  // Note [Deferred errors]
  // The library stays loaded for the life of the process.
  CUfunction f = nullptr;
  if (driver().get_function &&
      driver().get_function(&f, reinterpret_cast<CUkernel>(k.kernel)) == CUDA_SUCCESS)
    k.function = f;
  return k;
}

void launch_kernel(const LoadedKernel& k, dim3 grid, dim3 block, void** args, cudaStream_t stream) {
  if (k.function) {
    auto launch = [&] {
      return driver().launch(static_cast<CUfunction>(k.function), grid.x, grid.y, grid.z, block.x, block.y,
                             block.z, 0, reinterpret_cast<CUstream>(stream), args, nullptr);
    };
    CUresult r = launch();
    if (r == CUDA_ERROR_INVALID_CONTEXT) {
      // A thread whose first CUDA call is this launch has no current context:
      // the runtime binds its primary context to a thread lazily, and
      // cudaGetDevice alone does not. cudaSetDevice binds it; then again.
      int dev = 0;
      CUNUM_CUDA_CHECK(cudaGetDevice(&dev));
      CUNUM_CUDA_CHECK(cudaSetDevice(dev));
      r = launch();
    }
    if (r != CUDA_SUCCESS) throw Error("cunum: kernel launch failed (CUresult " + std::to_string(r) + ")");
    return;
  }
  CUNUM_CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(k.kernel), grid, block, args, 0, stream));
}

}  // namespace cunum::backend::cuda
