// Note [Interruptible waits] (wait.hpp).
#include "backend/cuda/wait.hpp"

#include <chrono>
#include <thread>

#include "backend/cuda/cuda_check.hpp"
#include "cunum/interrupt.hpp"
#include "cunum/sync_detect.hpp"

namespace cunum::backend::cuda {

namespace {
template <class Query>
void wait_until(Query query) {
  cudaError_t r = query();
  if (r != cudaErrorNotReady) {
    CUNUM_CUDA_CHECK(r);
    return;
  }
  using clock = std::chrono::steady_clock;
  using namespace std::chrono_literals;
  const clock::time_point start = clock::now();
  InterruptPoller poll;
  for (;;) {
    r = query();
    if (r != cudaErrorNotReady) break;
    const clock::duration waited = clock::now() - start;
    if (waited > 200us) std::this_thread::sleep_for(waited > 10ms ? 200us : 20us);
    poll();
  }
  CUNUM_CUDA_CHECK(r);
}
}  // namespace

void wait_stream(cudaStream_t s) {
  check_synchronize_allowed();  // Note [Synchronization detection]
  wait_until([s] { return cudaStreamQuery(s); });
}
void wait_event(cudaEvent_t e) { wait_until([e] { return cudaEventQuery(e); }); }

}  // namespace cunum::backend::cuda
