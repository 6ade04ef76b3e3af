// cunum/sync_detect.hpp — CuPy's synchronization detection
// (cupyx.allow_synchronize).
//
// Note [Synchronization detection]
// A thread may declare that it expects no host wait for the device. cunum
// checks where the host waits for all the work queued on a stream: the CUDA
// backend's wait_stream (behind every copy to the host, synchronize(),
// Stream.synchronize, and the output sizes that need one, as of nonzero) and
// Event.synchronize. So that a program behaves the same on the CPU backend,
// its copies to the host and synchronize() check too: there the GPU would
// wait. A detected wait throws DeviceSynchronized before it starts. As in
// CuPy, there are false negatives (a wait outside cunum, an internal wait for
// memory reuse) and positives.
#pragma once
#include "cunum/error.hpp"

namespace cunum {

// numpy has none; cupyx.DeviceSynchronized (a RuntimeError) in Python.
struct DeviceSynchronized : Error {
  DeviceSynchronized() : Error("Device synchronization was detected while disallowed.") {}
};

// This thread's setting (allowed unless set otherwise).
bool synchronize_allowed() noexcept;
// Sets this thread's setting; returns the previous one.
bool set_synchronize_allowed(bool allowed) noexcept;
// Throws DeviceSynchronized where this thread disallows synchronization.
inline void check_synchronize_allowed() {
  if (!synchronize_allowed()) throw DeviceSynchronized();
}

}  // namespace cunum
