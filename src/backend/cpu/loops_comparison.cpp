#include "backend/cpu/ufunc_loops.hpp"
#include "cunum/kernels/ops.hpp"
#include "cunum/kernels/ops_arithmetic.hpp"
#include "cunum/ufunc_list/comparison.hpp"

namespace cunum::backend::cpu {
void register_comparison_loops(LoopTable& t) {
  CUNUM_CPU_REGISTER(t, equal);
  CUNUM_CPU_REGISTER(t, not_equal);
  CUNUM_CPU_REGISTER(t, less);
  CUNUM_CPU_REGISTER(t, less_equal);
  CUNUM_CPU_REGISTER(t, greater);
  CUNUM_CPU_REGISTER(t, greater_equal);
  CUNUM_CPU_REGISTER(t, logical_and);
  CUNUM_CPU_REGISTER(t, logical_or);
  CUNUM_CPU_REGISTER(t, logical_xor);
  CUNUM_CPU_REGISTER(t, logical_not);
  CUNUM_CPU_REGISTER(t, bitwise_and);
  CUNUM_CPU_REGISTER(t, bitwise_or);
  CUNUM_CPU_REGISTER(t, bitwise_xor);
  CUNUM_CPU_REGISTER(t, invert);
  CUNUM_CPU_REGISTER(t, left_shift);
  CUNUM_CPU_REGISTER(t, right_shift);
  CUNUM_CPU_REGISTER(t, bitwise_count);
  CUNUM_CPU_REGISTER(t, maximum);
  CUNUM_CPU_REGISTER(t, minimum);
}
}  // namespace cunum::backend::cpu
