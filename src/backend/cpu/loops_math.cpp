#include "backend/cpu/ufunc_loops.hpp"
#include "cunum/kernels/ops.hpp"
#include "cunum/kernels/ops_exponential.hpp"
#include "cunum/kernels/ops_trigonometric.hpp"  // hypot
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
  CUNUM_CPU_REGISTER(t, exp2);
  CUNUM_CPU_REGISTER(t, expm1);
  CUNUM_CPU_REGISTER(t, log1p);
  CUNUM_CPU_REGISTER(t, log2);
  CUNUM_CPU_REGISTER(t, log10);
  CUNUM_CPU_REGISTER(t, logaddexp);
  CUNUM_CPU_REGISTER(t, logaddexp2);
  CUNUM_CPU_REGISTER(t, cbrt);
  CUNUM_CPU_REGISTER(t, _i0);  // cunum.i0's kernel (Note [i0 as NumPy computes it])
}
}  // namespace cunum::backend::cpu
