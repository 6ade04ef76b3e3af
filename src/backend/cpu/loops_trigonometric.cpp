// CPU loops of the trigonometric rows of the math chapter.
#include "backend/cpu/ufunc_loops.hpp"
#include "cunum/kernels/ops_trigonometric.hpp"
#include "cunum/ufunc_list/math.hpp"

namespace cunum::backend::cpu {

// The trigonometric rows of the chapter, in a file of their own (their
// complex loops are the slowest to compile: the two files build in parallel).
void register_trigonometric_loops(LoopTable& t) {
  CUNUM_CPU_REGISTER(t, tan);
  CUNUM_CPU_REGISTER(t, arcsin);
  CUNUM_CPU_REGISTER(t, arccos);
  CUNUM_CPU_REGISTER(t, arctan);
  CUNUM_CPU_REGISTER(t, arctan2);
  CUNUM_CPU_REGISTER(t, sinh);
  CUNUM_CPU_REGISTER(t, cosh);
  CUNUM_CPU_REGISTER(t, arcsinh);
  CUNUM_CPU_REGISTER(t, arccosh);
  CUNUM_CPU_REGISTER(t, arctanh);
  CUNUM_CPU_REGISTER(t, deg2rad);
  CUNUM_CPU_REGISTER(t, rad2deg);
  CUNUM_CPU_REGISTER(t, radians);
  CUNUM_CPU_REGISTER(t, degrees);
}
}  // namespace cunum::backend::cpu
