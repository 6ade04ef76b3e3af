// The kernel headers (include/cunum/config.hpp and include/cunum/kernels/*),
// embedded at build time for NVRTC.
#pragma once

namespace cunum::backend::cuda {
struct EmbeddedHeader {
  const char* name;  // e.g. "cunum/kernels/ops.hpp"
  const char* text;
};
extern const EmbeddedHeader kEmbeddedHeaders[];
extern const int kNumEmbeddedHeaders;
}  // namespace cunum::backend::cuda
