#include "backend/cpu/ufunc_loops.hpp"
#include "cunum/kernels/ops.hpp"
#include "cunum/kernels/ops_arithmetic.hpp"
#include "cunum/ufunc_list/arithmetic.hpp"

namespace cunum::backend::cpu {
void register_arithmetic_loops(LoopTable& t) {
  CUNUM_CPU_REGISTER(t, add);
  CUNUM_CPU_REGISTER(t, subtract);
  CUNUM_CPU_REGISTER(t, multiply);
  CUNUM_CPU_REGISTER(t, divide);
  CUNUM_CPU_REGISTER(t, floor_divide);
  CUNUM_CPU_REGISTER(t, remainder);
  CUNUM_CPU_REGISTER(t, power);
  CUNUM_CPU_REGISTER(t, negative);
  CUNUM_CPU_REGISTER(t, positive);
  CUNUM_CPU_REGISTER(t, absolute);
  CUNUM_CPU_REGISTER(t, fmod);
  CUNUM_CPU_REGISTER(t, float_power);
  CUNUM_CPU_REGISTER(t, reciprocal);
  CUNUM_CPU_REGISTER(t, rsqrt);  // cunumx.rsqrt
  CUNUM_CPU_REGISTER(t, conjugate);
  CUNUM_CPU_REGISTER(t, square);
  CUNUM_CPU_REGISTER(t, sign);
  CUNUM_CPU_REGISTER(t, gcd);
  CUNUM_CPU_REGISTER(t, lcm);
}
}  // namespace cunum::backend::cpu
