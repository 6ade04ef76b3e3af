// cunum::cuda::record_stream (cunum/cuda.hpp) takes an array, so it is defined
// here, above the backends, and hands the array's memory down to its backend.
#include <string>

#include "backend/backend.hpp"
#include "cunum/cuda.hpp"
#include "cunum/error.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::cuda {

void record_stream(const ndarray& a, const Stream& s) {
  if (!a.valid() || !a.device().is_cuda() || !a.data()) return;
  if (a.device().index != s.device())
    throw ValueError("record_stream: the array is on " + a.device().str() + " but the stream on cuda:" +
                     std::to_string(s.device()));
  backend::get(Device::cuda(s.device())).record_stream(a.storage()->data, s.ptr());
}

}  // namespace cunum::cuda
