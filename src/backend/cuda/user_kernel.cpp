// Note [User kernels on the GPU]
// A user-written kernel's generated source (Note [User kernel plans]) is
// compiled by NVRTC with the user's options, through the same disk cache as
// cunum's own kernels (the key text is the source plus the options), and kept
// per device under the plan's hash. Elementwise kernels run a grid-stride
// loop of 256-thread blocks; reductions a block per output (grid-stride over
// outputs), the block folding its elements through shared memory.
#include <algorithm>
#include <mutex>
#include <unordered_map>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/disk_cache.hpp"
#include "backend/cuda/streams.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
std::string cache_text(const std::string& source, const std::vector<std::string>& options) {
  std::string t = source + "\n// user kernel options:";
  for (const std::string& o : options) t += " " + o;
  return t + "\n";
}
}  // namespace

void CudaBackend::user_kernel(const UserKernelPlan& plan) {
  static std::mutex mu;
  static std::unordered_map<uint64_t, LoadedKernel> kernels[kMaxDevices];
  LoadedKernel k;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = kernels[device_].find(plan.hash);
    if (it != kernels[device_].end()) k = it->second;
  }
  if (!k.kernel) {
    use_device();
    const std::string key = cache_text(*plan.source, *plan.options);
    void* lib = nullptr;
    if (std::optional<std::vector<char>> cached = disk_cache_load(key, arch_)) {
      try {
        lib = load_library(cached->data());
      } catch (const Error&) {
        lib = nullptr;  // a corrupt entry is only a miss
      }
    }
    if (!lib) {
      Program p = compile_program(*plan.source, plan.name, arch_, *plan.options, {});
      disk_cache_store(key, arch_, p.image);
      lib = load_library(p.image.data());
    }
    k = library_kernel(lib, "cunum_user_kernel");
    std::lock_guard<std::mutex> lock(mu);
    kernels[device_].emplace(plan.hash, k);
  }
  if (plan.n <= 0) return;
  use_device();
  const int64_t want = plan.reduction ? plan.n : (plan.n + 255) / 256;
  const unsigned grid = static_cast<unsigned>(std::max<int64_t>(1, std::min<int64_t>(want, int64_t(sm_count_) * 32)));
  void* args[] = {const_cast<int64_t*>(plan.words)};
  launch_kernel(k, dim3(grid), dim3(256), args, stream());
}

}  // namespace cunum::backend::cuda
