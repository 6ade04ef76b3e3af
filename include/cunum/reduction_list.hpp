// cunum/reduction_list.hpp — the reductions the backends implement.
#pragma once
#include <cstdint>

namespace cunum::core {

#define CUNUM_FOR_EACH_REDUCTION(X) X(sum) X(prod) X(max) X(min) X(argmax) X(argmin) X(any) X(all)
enum class ReduceId : uint8_t {
#define CUNUM_X(name) name,
  CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
};

}  // namespace cunum::core
