// Waits for a stream or an event by polling rather than blocking in the
// driver, so that a long wait can be abandoned. Note [Interruptible waits]:
// the first 200 µs spin on the query (a short wait costs what
// cudaStreamSynchronize's spin costs), then the thread sleeps between
// queries (20 µs, and 200 µs once the wait passes 10 ms), and every 5 ms it
// calls the interrupt check (cunum/interrupt.hpp), which may throw.
#pragma once
#include <cuda_runtime_api.h>

namespace cunum::backend::cuda {

void wait_stream(cudaStream_t s);
void wait_event(cudaEvent_t e);

}  // namespace cunum::backend::cuda
