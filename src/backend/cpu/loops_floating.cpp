// CPU loops of the floating-point chapter (ldexp, frexp, modf, divmod).
#include "backend/cpu/ufunc_loops.hpp"
#include "cunum/kernels/ops_floating.hpp"
#include "cunum/ufunc_list/floating.hpp"

namespace cunum::backend::cpu {
void register_floating_loops(LoopTable& t) {
  CUNUM_CPU_REGISTER(t, divmod);
  CUNUM_CPU_REGISTER(t, ldexp);
  CUNUM_CPU_REGISTER(t, frexp);
  CUNUM_CPU_REGISTER(t, modf);
}
}  // namespace cunum::backend::cpu
