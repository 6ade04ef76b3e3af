#include "backend/cuda/device_errors.hpp"

#include "backend/cuda/cuda_check.hpp"
#include "backend/deferred_errors.hpp"

namespace cunum::backend::cuda {

namespace {
// Mapped, portable pinned memory: with unified addressing the host pointer is
// valid on every device. Allocated on first use, never freed (kernels may
// still be running at exit).
unsigned* error_word() {
  static unsigned* word = [] {
    void* p = nullptr;
    if (cudaHostAlloc(&p, sizeof(unsigned), cudaHostAllocMapped | cudaHostAllocPortable) != cudaSuccess) {
      cudaGetLastError();
      return static_cast<unsigned*>(nullptr);  // modules keep a null word: errors go unreported
    }
    *static_cast<volatile unsigned*>(p) = 0;
    return static_cast<unsigned*>(p);
  }();
  return word;
}
}  // namespace

void attach_error_word(cudaLibrary_t lib) {
  void* sym = nullptr;
  size_t bytes = 0;
  if (cudaLibraryGetGlobal(&sym, &bytes, lib, "cunum_error_word") != cudaSuccess || bytes != sizeof(void*)) {
    cudaGetLastError();
    return;
  }
  unsigned* w = error_word();
  CUNUM_CUDA_CHECK(cudaMemcpy(sym, &w, sizeof w, cudaMemcpyHostToDevice));
}

void raise_device_errors() {
  unsigned* w = error_word();
  if (!w || *static_cast<volatile unsigned*>(w) == 0) return;
  raise_deferred(__atomic_exchange_n(w, 0u, __ATOMIC_ACQ_REL));
}

}  // namespace cunum::backend::cuda
