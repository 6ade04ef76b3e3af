// parallel_for: the CPU backend's threads. A persistent pool of workers that
// the calling thread joins; no threads at all for small work.
//
//   // out[i] = f(in[i]) for i in [0, n), in chunks of at least 16384 items
//   parallel_for(n, 16384, [&](int64_t begin, int64_t end) {
//     for (int64_t i = begin; i < end; ++i) out[i] = f(in[i]);
//   });
//
// Note [CPU threads]
// - Threads: CUNUM_NUM_THREADS when set (1 turns threading off), else the CPUs
//   this process may run on (sched_getaffinity; hardware_concurrency where that
//   is unavailable). The caller counts as one: the pool has threads - 1
//   workers, started at the first parallel call.
// - parallel_for runs `body` serially on the caller, as one call body(0, n),
//   when n <= grain, when one thread is configured, when called from inside a
//   parallel_for body (no nesting), or when another thread's parallel_for is
//   using the pool (two Python threads never wait on each other's work and
//   never deadlock; each stays correct).
// - Otherwise [0, n) is cut into chunks whose sizes are multiples of `grain`
//   (the last one takes the rest), a few per thread so that a thread slowed by
//   a neighbour process does not hold the others up; the caller and the workers
//   take chunks until none is left, and parallel_for returns when all have run.
// - The first exception a chunk throws is rethrown on the caller once the
//   chunks already started have finished; chunks not yet started are skipped.
// - Chunks run concurrently: `body` must only write what its range owns.
// - After fork() the child starts a fresh pool on its first parallel call.
#pragma once
#include <cstdint>
#include <type_traits>
#include <utility>

namespace cunum::backend::cpu {

// The number of threads parallel_for uses (caller included), >= 1.
int num_threads();
// Overrides CUNUM_NUM_THREADS for later calls (n <= 0: back to the default).
// Workers are added as needed, never removed.
void set_num_threads(int n);

namespace detail {
using RangeFn = void (*)(void* ctx, int64_t begin, int64_t end);
void parallel_for_impl(int64_t n, int64_t grain, RangeFn fn, void* ctx);
}  // namespace detail

// body(begin, end) over [0, n); see Note [CPU threads]. grain >= 1.
template <class Body>
void parallel_for(int64_t n, int64_t grain, Body&& body) {
  using B = std::remove_reference_t<Body>;
  detail::parallel_for_impl(
      n, grain, [](void* ctx, int64_t b, int64_t e) { (*static_cast<B*>(ctx))(b, e); },
      const_cast<void*>(static_cast<const void*>(&body)));
}

}  // namespace cunum::backend::cpu
