#include "backend/cpu/ufunc_loops.hpp"
#include "cunum/kernels/ops.hpp"
#include "cunum/kernels/ops_trigonometric.hpp"
#include "cunum/ufunc_list/math.hpp"

namespace cunum::backend::cpu {
void register_math_loops(LoopTable& t) {
  CUNUM_CPU_REGISTER(t, sqrt);
  CUNUM_CPU_REGISTER(t, exp);
  CUNUM_CPU_REGISTER(t, log);
  CUNUM_CPU_REGISTER(t, sin);
  CUNUM_CPU_REGISTER(t, cos);
  CUNUM_CPU_REGISTER(t, tanh);
  CUNUM_CPU_REGISTER(t, hypot);
}
}  // namespace cunum::backend::cpu
