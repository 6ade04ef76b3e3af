// The interrupt check (cunum/interrupt.hpp): one process-wide function
// pointer, read on every poll of a long wait.
#include "cunum/interrupt.hpp"

#include <atomic>
#include <chrono>

namespace cunum {

namespace {
std::atomic<InterruptCheck> g_check{nullptr};

long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

void set_interrupt_check(InterruptCheck check) { g_check.store(check, std::memory_order_release); }
InterruptCheck interrupt_check() { return g_check.load(std::memory_order_acquire); }

InterruptPoller::InterruptPoller(int period_ms)
    : next_ns_(now_ns() + period_ms * 1000000LL), period_ms_(period_ms) {}

void InterruptPoller::operator()() {
  const long long t = now_ns();
  if (t < next_ns_) return;
  next_ns_ = t + period_ms_ * 1000000LL;
  if (InterruptCheck f = interrupt_check()) f();
}

}  // namespace cunum
