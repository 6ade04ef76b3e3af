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
  X(hypot, 2, 1, Zero, "TT->T:" CUNUM_T_FLOAT, float_loops) \
  X(exp2, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(expm1, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(log1p, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(log2, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(log10, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(logaddexp, 2, 1, MinusInf, "TT->T:" CUNUM_T_FLOAT, float_loops) \
  X(logaddexp2, 2, 1, MinusInf, "TT->T:" CUNUM_T_FLOAT, float_loops) \
  X(cbrt, 1, 1, None, "T->T:" CUNUM_T_FLOAT, none) \
  X(tan, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(arcsin, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(arccos, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(arctan, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(arctan2, 2, 1, None, "TT->T:" CUNUM_T_FLOAT, float_loops) \
  X(sinh, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(cosh, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(arcsinh, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(arccosh, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(arctanh, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(deg2rad, 1, 1, None, "T->T:" CUNUM_T_FLOAT, none) \
  X(rad2deg, 1, 1, None, "T->T:" CUNUM_T_FLOAT, none) \
  X(radians, 1, 1, None, "T->T:" CUNUM_T_FLOAT, none) \
  X(degrees, 1, 1, None, "T->T:" CUNUM_T_FLOAT, none) \
  X(_i0, 1, 1, None, "T->T:" CUNUM_T_FLOAT, none)

CUNUM_UFUNC_LOOP_ARRAYS(CUNUM_UFUNCS_MATH)
