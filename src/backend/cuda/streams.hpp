// The current stream of each device, per thread (CuPy's model: `with stream:`
// or `stream.use()` changes it for the calling thread only). The backend reads
// it on every launch, so it is a plain thread-local array.
#pragma once
#include <cuda_runtime_api.h>

namespace cunum::backend::cuda {

inline constexpr int kMaxDevices = 64;
// nullptr: the legacy default stream (CuPy's Stream.null).
inline thread_local cudaStream_t t_current_stream[kMaxDevices] = {};

inline cudaStream_t current_stream(int device) { return t_current_stream[device]; }

}  // namespace cunum::backend::cuda
