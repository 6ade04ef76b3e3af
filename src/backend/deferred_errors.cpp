#include "backend/deferred_errors.hpp"

#include <atomic>

#include "cunum/error.hpp"
#include "cunum/kernels/errors.hpp"

namespace cunum {
namespace {
// One word for the process: a CPU loop may run on a worker thread.
std::atomic<unsigned> g_host_errors{0};
}  // namespace

void report_error(unsigned e) { g_host_errors.fetch_or(e, std::memory_order_relaxed); }

namespace backend {
unsigned take_host_errors() {
  if (g_host_errors.load(std::memory_order_relaxed) == 0) return 0;
  return g_host_errors.exchange(0);
}

void raise_deferred(unsigned bits) {
  if (bits & kErrNegativeIntPower) throw ValueError("Integers to negative integer powers are not allowed.");
}
}  // namespace backend
}  // namespace cunum
