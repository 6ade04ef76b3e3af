// Lazy, failure-proof discovery of CUDA devices through the CUDA runtime.
#pragma once

namespace cunum::backend::cuda {
// Number of devices the runtime can use; 0 when there is no driver or GPU.
// The first call initialises the runtime; later calls are free.
int usable_device_count() noexcept;
}  // namespace cunum::backend::cuda
