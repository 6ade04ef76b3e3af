// Note [Synchronization detection] (cunum/sync_detect.hpp).
#include "cunum/sync_detect.hpp"

namespace cunum {

namespace {
thread_local bool t_allowed = true;
}

bool synchronize_allowed() noexcept { return t_allowed; }

bool set_synchronize_allowed(bool allowed) noexcept {
  const bool before = t_allowed;
  t_allowed = allowed;
  return before;
}

}  // namespace cunum
