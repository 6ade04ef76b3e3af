#include "backend/cuda/device_errors.hpp"

#include <string_view>

#include "backend/cuda/cuda_check.hpp"
#include "backend/deferred_errors.hpp"

namespace cunum::backend::cuda {

namespace {
// The word and the values stored with it (Note [Deferred errors]).
struct ErrorWords {
  unsigned word;
  unsigned pad;
  long long info[3];
};
// Mapped, portable pinned memory: with unified addressing the host pointer is
// valid on every device. Allocated on first use, never freed (kernels may
// still be running at exit).
ErrorWords* error_words() {
  static ErrorWords* words = [] {
    void* p = nullptr;
    if (cudaHostAlloc(&p, sizeof(ErrorWords), cudaHostAllocMapped | cudaHostAllocPortable) != cudaSuccess) {
      cudaGetLastError();
      return static_cast<ErrorWords*>(nullptr);  // modules keep a null word: errors go unreported
    }
    auto* w = static_cast<volatile ErrorWords*>(p);
    w->word = 0;
    for (int k = 0; k < 3; ++k) w->info[k] = 0;
    return static_cast<ErrorWords*>(p);
  }();
  return words;
}

// Whether the module's image names the symbol (its ELF string table holds
// every symbol's name, NUL-terminated): asking the runtime for a symbol that
// is not there is an API error, which compute-sanitizer reports.
bool names(const std::vector<char>& image, std::string_view name) {
  const std::string_view bytes(image.data(), image.size());
  return bytes.find(std::string_view(name.data(), name.size() + 1)) != std::string_view::npos;
}

// Points the module's pointer variable `name` at `target` (a module without
// the symbol is left alone).
template <class T> void attach(cudaLibrary_t lib, const std::vector<char>& image, const char* name, T* target) {
  if (!names(image, name)) return;
  void* sym = nullptr;
  size_t bytes = 0;
  if (cudaLibraryGetGlobal(&sym, &bytes, lib, name) != cudaSuccess || bytes != sizeof(void*)) {
    cudaGetLastError();
    return;
  }
  CUNUM_CUDA_CHECK(cudaMemcpy(sym, &target, sizeof target, cudaMemcpyHostToDevice));
}
}  // namespace

void attach_error_word(cudaLibrary_t lib, const std::vector<char>& image) {
  ErrorWords* w = error_words();
  if (!w) return;
  attach(lib, image, "cunum_error_word", &w->word);
  attach(lib, image, "cunum_error_info", &w->info[0]);
}

void raise_device_errors() {
  ErrorWords* w = error_words();
  if (!w || *static_cast<volatile unsigned*>(&w->word) == 0) return;
  const unsigned bits = __atomic_exchange_n(&w->word, 0u, __ATOMIC_ACQ_REL);
  long long info[3];
  for (int k = 0; k < 3; ++k) info[k] = static_cast<volatile long long*>(w->info)[k];
  raise_deferred(bits, info);
}

}  // namespace cunum::backend::cuda
