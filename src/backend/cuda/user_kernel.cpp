// Note [User kernels on the GPU]
// A user-written kernel's generated source (Note [User kernel plans]) is
// compiled by NVRTC with the user's options, through the same disk cache as
// cunum's own kernels (the key text is the source plus the options), and kept
// per device under the plan's hash. Elementwise kernels run a grid-stride
// loop of 256-thread blocks; reductions a block per output (grid-stride over
// outputs), the block folding its elements through shared memory. When there
// are too few outputs to fill the GPU and each is long, the reduction is
// split (Note [Split user reductions]): C chunks per output each fold to a
// partial slot (phase 1), then a block per output folds its C slots and
// applies post_map (phase 2) -- the same two-pass scheme as cunum's own
// reductions (src/backend/cuda/reduce.cpp), on the pool's stream-ordered
// scratch memory.
#include <algorithm>
#include <mutex>
#include <unordered_map>

#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/disk_cache.hpp"
#include "backend/cuda/streams.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cuda {

namespace {
// A loaded user kernel and, for reductions, the bytes of one partials slot
// (the size of the module's `cunum_user_slot_size` global).
struct UserLoaded {
  LoadedKernel k;
  size_t slot = 0;
};

std::string cache_text(const std::string& source, const std::vector<std::string>& options) {
  std::string t = source + "\n// user kernel options:";
  for (const std::string& o : options) t += " " + o;
  return t + "\n";
}
}  // namespace

void CudaBackend::user_kernel(const UserKernelPlan& plan) {
  static std::mutex mu;
  static std::unordered_map<uint64_t, UserLoaded> kernels[kMaxDevices];
  UserLoaded k;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = kernels[device_].find(plan.hash);
    if (it != kernels[device_].end()) k = it->second;
  }
  if (!k.k.kernel) {
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
    k.k = library_kernel(lib, "cunum_user_kernel");
    if (plan.reduction) {
      void* sym = nullptr;
      size_t bytes = 0;
      if (cudaLibraryGetGlobal(&sym, &bytes, static_cast<cudaLibrary_t>(lib), "cunum_user_slot_size") != cudaSuccess) {
        cudaGetLastError();
        bytes = 0;  // never split this one
      }
      k.slot = bytes;
    }
    std::lock_guard<std::mutex> lock(mu);
    kernels[device_].emplace(plan.hash, k);
  }
  if (plan.n <= 0) return;
  use_device();
  const int64_t sms = sm_count_;
  void* args[1];
  if (!plan.reduction) {
    const unsigned grid = static_cast<unsigned>(std::max<int64_t>(1, std::min<int64_t>((plan.n + 255) / 256, sms * 32)));
    args[0] = const_cast<int64_t*>(plan.words);
    launch_kernel(k.k, dim3(grid), dim3(256), args, stream());
    return;
  }
  // Chunks per output: only when the outputs leave SMs idle, as many as fill
  // every SM about 8 blocks deep, each chunk at least 8 elements per thread.
  const int64_t nout = plan.n, m = plan.m, capacity = sms * 8, min_len = 256 * 8;
  int64_t C = 1;
  if (k.slot > 0 && nout < capacity && m >= 2 * min_len) C = std::max<int64_t>(1, std::min(capacity / nout, m / min_len));
  if (C == 1) {
    args[0] = const_cast<int64_t*>(plan.words);
    const unsigned grid = static_cast<unsigned>(std::min<int64_t>(nout, sms * 32));
    launch_kernel(k.k, dim3(grid), dim3(256), args, stream());
    return;
  }
  // The same words with the last three set: phase, chunks, partials.
  int64_t w[512];
  std::copy(plan.words, plan.words + plan.nwords, w);
  void* parts = allocate(static_cast<size_t>(nout * C) * k.slot);
  w[plan.nwords - 3] = 1;
  w[plan.nwords - 2] = C;
  w[plan.nwords - 1] = reinterpret_cast<int64_t>(parts);
  args[0] = w;
  launch_kernel(k.k, dim3(static_cast<unsigned>(std::min(nout * C, sms * 32))), dim3(256), args, stream());
  w[plan.nwords - 3] = 2;  // the launch copied its parameters
  launch_kernel(k.k, dim3(static_cast<unsigned>(std::min(nout, sms * 32))), dim3(256), args, stream());
  deallocate(parts, 0);
}

}  // namespace cunum::backend::cuda
