// cunum/ufunc_list/floating.hpp — the ufuncs of one chapter: floating point: two outputs, mixed input dtypes, floating-point functions, rounding, classification (CPU loops: loops_floating.cpp).
// Rows as in cunum/ufunc_list.hpp: X(name, nin, nout, identity, loops, hooks).
#pragma once
#include "cunum/ufunc_list/types.hpp"

#define CUNUM_UFUNCS_FLOATING(X) \
  X(divmod, 2, 2, None, "TT->TT:" CUNUM_T_REAL, none) \
  X(ldexp, 2, 1, None, "ei->e fi->f eq->e fq->f di->d dq->d", none) \
  X(frexp, 1, 2, None, "e->ei f->fi d->di", none) \
  X(modf, 1, 2, None, "T->TT:" CUNUM_T_FLOAT, none) \
  X(copysign, 2, 1, None, "TT->T:" CUNUM_T_FLOAT, float_loops) \
  X(nextafter, 2, 1, None, "TT->T:" CUNUM_T_FLOAT, float_loops) \
  X(spacing, 1, 1, None, "T->T:" CUNUM_T_FLOAT, none) \
  X(signbit, 1, 1, None, "T->?:" CUNUM_T_FLOAT, none) \
  X(fabs, 1, 1, None, "T->T:" CUNUM_T_FLOAT, none) \
  X(heaviside, 2, 1, None, "TT->T:" CUNUM_T_FLOAT, float_loops) \
  X(fmax, 2, 1, None, "TT->T:" CUNUM_T_ALL, none) \
  X(fmin, 2, 1, None, "TT->T:" CUNUM_T_ALL, none) \
  X(rint, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none) \
  X(floor, 1, 1, None, "T->T:?" CUNUM_T_REAL, none) \
  X(ceil, 1, 1, None, "T->T:?" CUNUM_T_REAL, none) \
  X(trunc, 1, 1, None, "T->T:?" CUNUM_T_REAL, none) \
  X(isfinite, 1, 1, None, "T->?:" CUNUM_T_ALL, none) \
  X(isinf, 1, 1, None, "T->?:" CUNUM_T_ALL, none) \
  X(isnan, 1, 1, None, "T->?:" CUNUM_T_ALL, none)

CUNUM_UFUNC_LOOP_ARRAYS(CUNUM_UFUNCS_FLOATING)
