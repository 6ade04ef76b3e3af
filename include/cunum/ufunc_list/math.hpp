// cunum/ufunc_list/math.hpp — the ufuncs of one chapter: exponents, logarithms, trigonometry (CPU loops: loops_math.cpp).
// Rows as in cunum/ufunc_list.hpp: X(name, nin, nout, identity, loops, hooks).
#pragma once
#include "cunum/ufunc_list/types.hpp"

#define CUNUM_UFUNCS_MATH(X) \
  X(sqrt, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(exp, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(log, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(sin, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(cos, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(tanh, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(hypot, 2, 1, Zero, "TT->T:" CUNUM_T_FLOAT, none)

CUNUM_UFUNC_LOOP_ARRAYS(CUNUM_UFUNCS_MATH)
