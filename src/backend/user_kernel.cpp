// Backend::user_kernel for a backend that cannot run user-written kernels.
#include "backend/backend.hpp"
#include "cunum/error.hpp"

namespace cunum::backend {
void Backend::user_kernel(const UserKernelPlan& plan) {
  throw ValueError(std::string("cunum: kernel '") + plan.name + "': this device cannot run user-written kernels");
}
}  // namespace cunum::backend
