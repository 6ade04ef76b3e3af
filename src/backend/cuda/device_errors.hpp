// The GPU side of Note [Deferred errors] (cunum/kernels/errors.hpp): one error
// word (and the values some errors store beside it) in mapped pinned host
// memory, its address given to every loaded module.
#pragma once

#include <vector>
#include <cuda_runtime_api.h>

namespace cunum::backend::cuda {
// Points module `lib`'s `cunum_error_word` and `cunum_error_info` at the
// process's error word and values (a module without them is left alone).
void attach_error_word(cudaLibrary_t lib, const std::vector<char>& image);
// Raises what kernels reported, if anything. Call only after waiting for the
// device (the word is then up to date for the work waited for).
void raise_device_errors();
}  // namespace cunum::backend::cuda
