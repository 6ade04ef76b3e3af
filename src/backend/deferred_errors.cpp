#include "backend/deferred_errors.hpp"

#include <atomic>
#include <mutex>
#include <string>

#include "cunum/error.hpp"
#include "cunum/kernels/errors.hpp"

namespace cunum {
namespace {
// One word for the process: a CPU loop may run on a worker thread.
std::atomic<unsigned> g_host_errors{0};
// The values of the first index error reported since the bits were last taken.
std::mutex g_info_mu;
long long g_host_info[3] = {0, 0, 0};
}  // namespace

void report_error(unsigned e) { g_host_errors.fetch_or(e, std::memory_order_relaxed); }

void report_index_error(long long index, long long axis, long long size) {
  std::lock_guard<std::mutex> lock(g_info_mu);
  if (g_host_errors.fetch_or(kErrIndexOutOfBounds) & kErrIndexOutOfBounds) return;
  g_host_info[0] = index;
  g_host_info[1] = axis;
  g_host_info[2] = size;
}

namespace backend {
unsigned take_host_errors() {
  if (g_host_errors.load(std::memory_order_relaxed) == 0) return 0;
  return g_host_errors.exchange(0);
}

void raise_deferred(unsigned bits, const long long* info) {
  if (bits & kErrNegativeIntPower) throw ValueError("Integers to negative integer powers are not allowed.");
  if (bits & kErrIndexOutOfBounds) {
    long long v[3];
    {
      std::lock_guard<std::mutex> lock(g_info_mu);
      for (int k = 0; k < 3; ++k) v[k] = info ? info[k] : g_host_info[k];
    }
    throw IndexError("index " + std::to_string(v[0]) + " is out of bounds for axis " + std::to_string(v[1]) +
                     " with size " + std::to_string(v[2]));
  }
}
}  // namespace backend
}  // namespace cunum
