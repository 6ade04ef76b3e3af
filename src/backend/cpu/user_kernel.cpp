// User-written kernels on the CPU (Note [Host-compiled user kernels]).
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/parallel.hpp"
#include "backend/cuda/embedded_headers.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cpu {

// Note [Host-compiled user kernels]
// The generated source of an ElementwiseKernel or ReductionKernel compiles
// with the host's C++ compiler as it does with NVRTC (user_prelude.hpp gives
// each loop its host form: a function over a range of elements or outputs).
// The compiler is found at the first such kernel ($CXX, else c++, g++,
// clang++ on $PATH); the kernel headers are written once under the cache
// folder ($CUNUM_CACHE_DIR, default ~/.cache/cunum, in host/), and each
// shared object is kept there under a hash of the source, the compiler and
// its flags, written atomically (temporary name, rename), so a second process
// only dlopen()s it. In memory, a map from the plan's hash to the function.
// Elementwise kernels and reductions over many outputs split their range
// over the backend's threads (loop_prep/after_loop run once per chunk, as
// they run once per GPU thread).
namespace {
using HostKernel = void (*)(const long long*, long long, long long);
// A loaded kernel and, for reductions, the bytes of a partials slot (0: none).
struct HostLoaded {
  HostKernel fn = nullptr;
  size_t slot = 0;
};

uint64_t fnv1a(const std::string& s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}
int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }
std::string hex(uint64_t h) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
  return b;
}

std::string find_compiler() {
  std::vector<std::string> names;
  if (const char* cxx = std::getenv("CXX"); cxx && *cxx) names.push_back(cxx);
  for (const char* n : {"c++", "g++", "clang++"}) names.push_back(n);
  const char* path = std::getenv("PATH");
  for (const std::string& name : names) {
    if (name.find('/') != std::string::npos) {
      if (access(name.c_str(), X_OK) == 0) return name;
      continue;
    }
    std::stringstream dirs(path ? path : "");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
      const std::string p = (dir.empty() ? "." : dir) + "/" + name;
      if (access(p.c_str(), X_OK) == 0) return p;
    }
  }
  throw Error("cunum: ElementwiseKernel and ReductionKernel on the CPU need a C++ compiler ($CXX, or c++, g++ or "
              "clang++ on PATH); none was found");
}

std::string cache_root() {
  std::string d;
  if (const char* e = std::getenv("CUNUM_CACHE_DIR"); e && *e) d = e;
  else if (const char* h = std::getenv("HOME"); h && *h) d = std::string(h) + "/.cache/cunum";
  else d = "/tmp/cunum-cache-" + std::to_string(getuid());
  return d + "/host";
}

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

struct Toolchain {
  std::string compiler, flags, root, include_dir;
  uint64_t key = 0;  // compiler, flags and headers
};

// Writes the embedded headers under root/include-<hash>/ once.
const Toolchain& toolchain() {
  static const Toolchain t = [] {
    Toolchain t;
    t.compiler = find_compiler();
    t.flags = "-O2 -std=c++17 -shared -fPIC -w";
    t.root = cache_root();
    uint64_t h = fnv1a(t.compiler + '\0' + t.flags);
    for (int i = 0; i < cuda::kNumEmbeddedHeaders; ++i)
      h = fnv1a(std::string(cuda::kEmbeddedHeaders[i].name) + '\0' + cuda::kEmbeddedHeaders[i].text, h);
    t.key = h;
    t.include_dir = t.root + "/include-" + hex(h);
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::exists(t.include_dir + "/.complete", ec)) {
      const std::string tmp = t.include_dir + ".tmp" + std::to_string(getpid());
      for (int i = 0; i < cuda::kNumEmbeddedHeaders; ++i) {
        const fs::path p = fs::path(tmp) / cuda::kEmbeddedHeaders[i].name;
        fs::create_directories(p.parent_path(), ec);
        std::ofstream(p) << cuda::kEmbeddedHeaders[i].text;
      }
      std::ofstream(fs::path(tmp) / ".complete") << "";
      fs::rename(tmp, t.include_dir, ec);
      if (ec) fs::remove_all(tmp, ec);  // another process won the race: its copy is the same
      if (!fs::exists(t.include_dir + "/.complete"))
        throw Error("cunum: cannot write the kernel headers for the host compiler under " + t.root);
    }
    return t;
  }();
  return t;
}

HostLoaded build(const UserKernelPlan& plan) {
  const Toolchain& t = toolchain();
  const std::string stem = t.root + "/" + hex(fnv1a(*plan.source, t.key));
  const std::string so = stem + ".so";
  std::error_code ec;
  if (!std::filesystem::exists(so, ec)) {
    const std::string tag = ".tmp" + std::to_string(getpid());
    const std::string src = stem + tag + ".cpp", out = stem + tag + ".so", log = stem + tag + ".log";
    std::ofstream(src) << *plan.source;
    const std::string cmd = quote(t.compiler) + " " + t.flags + " -I" + quote(t.include_dir) + " -o " + quote(out) +
                            " " + quote(src) + " > " + quote(log) + " 2>&1";
    const int rc = std::system(cmd.c_str());
    std::stringstream text;
    text << std::ifstream(log).rdbuf();
    std::filesystem::remove(src, ec);
    std::filesystem::remove(log, ec);
    if (rc != 0) {
      std::filesystem::remove(out, ec);
      throw CompileError("cunum: kernel '" + std::string(plan.name) + "' failed to compile for the CPU (" +
                             t.compiler + "):\n" + text.str(),
                         text.str(), *plan.source, plan.name);
    }
    std::filesystem::rename(out, so, ec);
    if (ec) std::filesystem::remove(out, ec);
  }
  void* lib = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) throw Error("cunum: cannot load the compiled kernel " + so + ": " + dlerror());
  auto fn = reinterpret_cast<HostKernel>(dlsym(lib, "cunum_user_kernel"));
  if (!fn) throw Error("cunum: the compiled kernel " + so + " lacks its entry point");
  HostLoaded h;
  h.fn = fn;
  if (plan.reduction)
    if (auto* size = reinterpret_cast<const long long*>(dlsym(lib, "cunum_user_slot_size"))) h.slot = *size;
  return h;  // the library stays loaded for the life of the process
}
}  // namespace

void CpuBackend::user_kernel(const UserKernelPlan& plan) {
  static std::mutex mu;
  static std::unordered_map<uint64_t, HostLoaded> kernels;
  HostLoaded k;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = kernels.find(plan.hash);
    if (it == kernels.end()) it = kernels.emplace(plan.hash, build(plan)).first;
    k = it->second;
  }
  const long long* w = reinterpret_cast<const long long*>(plan.words);
  const HostKernel fn = k.fn;
  if (!plan.reduction) {
    parallel_for(plan.n, 32768, [&](int64_t begin, int64_t end) { fn(w, begin, end); });
    return;
  }
  // Too few outputs to keep every thread busy, each long: split each
  // output into chunks of at least 32K elements, one partial slot each (Note
  // [Split user reductions]), then fold the slots per output.
  const int64_t nout = plan.n, m = plan.m, threads = num_threads(), min_len = 32768;
  int64_t C = 1;
  if (k.slot > 0 && threads > 1 && nout < threads * 4 && m >= 2 * min_len)
    C = std::max<int64_t>(1, std::min(ceil_div(threads * 4, nout), m / min_len));
  if (C == 1) {
    // Chunks of about 32K elements (fewer outputs when each folds many).
    parallel_for(nout, std::max<int64_t>(1, 32768 / std::max<int64_t>(1, m)),
                 [&](int64_t begin, int64_t end) { fn(w, begin, end); });
    return;
  }
  std::vector<long long> words(w, w + plan.nwords);
  const size_t bytes = static_cast<size_t>(nout * C) * k.slot;
  std::vector<std::max_align_t> parts((bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t));
  words[plan.nwords - 3] = 1;
  words[plan.nwords - 2] = C;
  words[plan.nwords - 1] = reinterpret_cast<long long>(parts.data());
  parallel_for(nout * C, 1, [&](int64_t begin, int64_t end) { fn(words.data(), begin, end); });
  words[plan.nwords - 3] = 2;
  parallel_for(nout, 1024, [&](int64_t begin, int64_t end) { fn(words.data(), begin, end); });
}

}  // namespace cunum::backend::cpu
