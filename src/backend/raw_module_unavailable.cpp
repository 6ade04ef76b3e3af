// include/cunum/cuda_modules.hpp in a build without the CUDA backend: every
// entry point says so with a ValueError.
#if !CUNUM_WITH_CUDA
#include "cunum/cuda_modules.hpp"
#include "cunum/error.hpp"

namespace cunum::cuda {
namespace {
[[noreturn]] void unavailable() {
  throw ValueError("cunum was built without CUDA: RawModule and RawKernel need a CUDA build and a GPU");
}
}  // namespace
std::shared_ptr<Module> Module::compile(const std::string&, const std::string&, const std::vector<std::string>&,
                                        const std::vector<std::string>&, int) { unavailable(); }
std::shared_ptr<Module> Module::load(const std::string&, int) { unavailable(); }
Function Module::get_function(const std::string&) const { unavailable(); }
std::string Module::lowered_name(const std::string&) const { unavailable(); }
std::pair<std::uintptr_t, size_t> Module::get_global(const std::string&) const { unavailable(); }
FunctionAttributes Function::attributes() const { unavailable(); }
void Function::set_max_dynamic_shared_size_bytes(int) const { unavailable(); }
void Function::set_preferred_shared_memory_carveout(int) const { unavailable(); }
bool Function::param_sizes(std::vector<size_t>&) const { unavailable(); }
void Function::launch(std::array<unsigned, 3>, std::array<unsigned, 3>, void**, size_t, std::uintptr_t, bool) const {
  unavailable();
}
}  // namespace cunum::cuda
#endif
