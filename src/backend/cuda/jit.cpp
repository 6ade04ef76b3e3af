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
  decltype(&nvrtcAddNameExpression) add_name = nullptr;
  decltype(&nvrtcGetLoweredName) lowered_name = nullptr;
  decltype(&nvrtcGetPTXSize) ptx_size = nullptr;
  decltype(&nvrtcGetPTX) ptx = nullptr;
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
    sym(a.add_name, "nvrtcAddNameExpression");
    sym(a.lowered_name, "nvrtcGetLoweredName");
    sym(a.ptx_size, "nvrtcGetPTXSize");
    sym(a.ptx, "nvrtcGetPTX");
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
  // -minimal (NVRTC 12.4+) leaves out the texture, device-runtime and CUDA
  // runtime API declarations, which cunum's kernels never use: a ufunc
  // kernel compiles ~12 % faster (docs/scan.md, "Compile time").
  static const bool minimal = nvrtc_version() >= 12040;
  const char* opts[] = {arch_opt.c_str(), "-std=c++17", fmad ? "--fmad=true" : "--fmad=false", "-minimal"};
  nvrtcResult r = api.compile(prog, minimal ? 4 : 3, opts);
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
  using ParamInfo = CUresult (*)(CUfunction, size_t, size_t*, size_t*);
  ParamInfo param_info = nullptr;  // CUDA 12.4+
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
      else r.param_info = reinterpret_cast<Driver::ParamInfo>(dlsym(h, "cuFuncGetParamInfo"));
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
    // A thread whose first CUDA call is this launch has no current context:
    // the runtime binds its primary context to a thread lazily, and
    // cudaGetDevice alone does not. cudaSetDevice binds it, once per thread,
    // before the first launch (compute-sanitizer reports the failed launch
    // otherwise, even though the retry below recovers).
    thread_local bool bound = false;
    if (!bound) {
      int dev = 0;
      if (cudaGetDevice(&dev) == cudaSuccess && cudaSetDevice(dev) == cudaSuccess) bound = true;
    }
    auto launch = [&] {
      return driver().launch(static_cast<CUfunction>(k.function), grid.x, grid.y, grid.z, block.x, block.y,
                             block.z, 0, reinterpret_cast<CUstream>(stream), args, nullptr);
    };
    CUresult r = launch();
    if (r == CUDA_ERROR_INVALID_CONTEXT) {  // should the binding above not have held: bind, then again
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

// The header table for NVRTC, built once (the names each header answers to:
// Note in compile_to_cubin).
namespace {
struct HeaderTable {
  std::vector<std::string> storage;
  std::vector<const char*> names, texts;
};
const HeaderTable& header_table() {
  static const HeaderTable t = [] {
    HeaderTable t;
    t.storage.reserve(kNumEmbeddedHeaders * 3);
    for (int i = 0; i < kNumEmbeddedHeaders; ++i) {
      const std::string full = kEmbeddedHeaders[i].name;
      const std::string base = full.substr(full.rfind('/') + 1);
      for (const std::string& n : {full, base, "../" + base}) {
        t.storage.push_back(n);
        t.texts.push_back(kEmbeddedHeaders[i].text);
      }
    }
    for (const std::string& n : t.storage) t.names.push_back(n.c_str());
    return t;
  }();
  return t;
}
bool starts_with(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }
}  // namespace

Program compile_program(const std::string& source, const std::string& name, int arch,
                        const std::vector<std::string>& options, const std::vector<std::string>& name_expressions) {
  const Nvrtc& api = nvrtc();
  const HeaderTable& h = header_table();
  nvrtcProgram prog;
  check(api.create(&prog, source.c_str(), (name + ".cu").c_str(), static_cast<int>(h.names.size()), h.texts.data(),
                   h.names.data()),
        "nvrtcCreateProgram");
  struct Destroy {
    nvrtcProgram* p;
    ~Destroy() { nvrtc().destroy(p); }
  } destroy{&prog};
  std::vector<std::string> opts = options;
  bool has_arch = false, has_std = false, is_virtual = false;
  for (size_t i = 0; i < opts.size(); ++i) {
    const std::string& o = opts[i];
    if (starts_with(o, "-arch") || starts_with(o, "--gpu-architecture")) {
      has_arch = true;
      const std::string value = o.find('=') != std::string::npos ? o.substr(o.find('=') + 1)
                                : i + 1 < opts.size()           ? opts[i + 1]
                                                                : "";
      is_virtual = starts_with(value, "compute_");
    }
    if (starts_with(o, "-std") || starts_with(o, "--std")) has_std = true;
  }
  if (!has_arch) opts.push_back("--gpu-architecture=sm_" + std::to_string(arch));
  if (!has_std) opts.push_back("-std=c++17");
  std::vector<const char*> copts;
  for (const std::string& o : opts) copts.push_back(o.c_str());
  for (const std::string& e : name_expressions) check(api.add_name(prog, e.c_str()), "nvrtcAddNameExpression");
  const nvrtcResult r = api.compile(prog, static_cast<int>(copts.size()), copts.data());
  if (r != NVRTC_SUCCESS) {
    size_t n = 0;
    api.log_size(prog, &n);
    std::string log(n, '\0');
    if (n) api.log(prog, log.data());
    while (!log.empty() && log.back() == '\0') log.pop_back();
    throw CompileError("cunum: kernel '" + name + "' failed to compile (" + api.error_string(r) + "):\n" + log, log,
                       source, name);
  }
  Program p;
  size_t n = 0;
  if (is_virtual) {
    check(api.ptx_size(prog, &n), "nvrtcGetPTXSize");
    p.image.resize(n);
    check(api.ptx(prog, p.image.data()), "nvrtcGetPTX");
  } else {
    check(api.cubin_size(prog, &n), "nvrtcGetCUBINSize");
    p.image.resize(n);
    check(api.cubin(prog, p.image.data()), "nvrtcGetCUBIN");
  }
  for (const std::string& e : name_expressions) {
    const char* lowered = nullptr;
    check(api.lowered_name(prog, e.c_str(), &lowered), "nvrtcGetLoweredName");
    p.lowered.emplace_back(lowered);
  }
  return p;
}

void* load_library(const void* image) {
  cudaLibrary_t lib;
  CUNUM_CUDA_CHECK(cudaLibraryLoadData(&lib, image, nullptr, nullptr, 0, nullptr, nullptr, 0));
  return lib;
}

LoadedKernel library_kernel(void* library, const char* name) {
  LoadedKernel k;
  if (cudaLibraryGetKernel(&k.kernel, static_cast<cudaLibrary_t>(library), name) != cudaSuccess) {
    cudaGetLastError();
    throw Error(std::string("cunum: the module has no kernel named '") + name + "'");
  }
  CUfunction f = nullptr;
  if (driver().get_function &&
      driver().get_function(&f, reinterpret_cast<CUkernel>(k.kernel)) == CUDA_SUCCESS)
    k.function = f;
  return k;
}

bool kernel_params(const LoadedKernel& k, std::vector<size_t>& offsets, std::vector<size_t>& sizes) {
  if (!k.function || !driver().param_info) return false;
  offsets.clear();
  sizes.clear();
  for (size_t i = 0;; ++i) {
    size_t off = 0, size = 0;
    if (driver().param_info(static_cast<CUfunction>(k.function), i, &off, &size) != CUDA_SUCCESS) break;
    offsets.push_back(off);
    sizes.push_back(size);
  }
  return true;
}

}  // namespace cunum::backend::cuda
