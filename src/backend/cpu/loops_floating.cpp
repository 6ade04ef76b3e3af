// CPU loops of the floating-point chapter (ldexp, frexp, modf, divmod, copysign ... isnan).
#include "backend/cpu/ufunc_loops.hpp"
#include "cunum/kernels/ops_floating.hpp"
#include "cunum/ufunc_list/floating.hpp"

namespace cunum::backend::cpu {
void register_floating_loops(LoopTable& t) {
  CUNUM_CPU_REGISTER(t, divmod);
  CUNUM_CPU_REGISTER(t, ldexp);
  CUNUM_CPU_REGISTER(t, frexp);
  CUNUM_CPU_REGISTER(t, modf);
  CUNUM_CPU_REGISTER(t, copysign);
  CUNUM_CPU_REGISTER(t, nextafter);
  CUNUM_CPU_REGISTER(t, spacing);
  CUNUM_CPU_REGISTER(t, signbit);
  CUNUM_CPU_REGISTER(t, fabs);
  CUNUM_CPU_REGISTER(t, heaviside);
  CUNUM_CPU_REGISTER(t, fmax);
  CUNUM_CPU_REGISTER(t, fmin);
  CUNUM_CPU_REGISTER(t, rint);
  CUNUM_CPU_REGISTER(t, floor);
  CUNUM_CPU_REGISTER(t, ceil);
  CUNUM_CPU_REGISTER(t, trunc);
  CUNUM_CPU_REGISTER(t, isfinite);
  CUNUM_CPU_REGISTER(t, isinf);
  CUNUM_CPU_REGISTER(t, isnan);
}
}  // namespace cunum::backend::cpu
