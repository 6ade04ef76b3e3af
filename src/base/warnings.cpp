#include "cunum/warnings.hpp"

#include <atomic>

namespace cunum {

namespace {
std::atomic<WarningHandler> g_handler{nullptr};
}

WarningHandler set_warning_handler(WarningHandler handler) { return g_handler.exchange(handler); }

void warn(Warning w) {
  if (WarningHandler h = g_handler.load(std::memory_order_relaxed)) h(w);
}

}  // namespace cunum
