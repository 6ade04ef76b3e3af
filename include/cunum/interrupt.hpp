// cunum/interrupt.hpp — abandoning a wait for the device (Ctrl-C).
//
// While cunum waits for a GPU (a synchronize, a copy to the host, a large
// copy in either direction) it calls the interrupt check every few
// milliseconds; a check that throws abandons the wait and its exception
// propagates to the caller. Work already queued on the device still runs;
// the library stays usable. Python's module installs a check that runs
// Python's signal handlers, so Ctrl-C gives a KeyboardInterrupt; a C++
// program may install its own (for instance, one that tests a flag set by
// its SIGINT handler). Waits shorter than the period never call it.
#pragma once

namespace cunum {

using InterruptCheck = void (*)();

// nullptr: no check (the default). Process-wide.
void set_interrupt_check(InterruptCheck check);
InterruptCheck interrupt_check();

// Calls the check at most once per `period_ms` of a wait; waits and loops of
// chunked copies make one and call it as they go.
class InterruptPoller {
 public:
  explicit InterruptPoller(int period_ms = 5);
  void operator()();  // may throw what the check throws

 private:
  long long next_ns_;
  int period_ms_;
};

}  // namespace cunum
