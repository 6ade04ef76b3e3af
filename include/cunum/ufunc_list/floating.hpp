// cunum/ufunc_list/floating.hpp — the ufuncs of one chapter: floating point: two outputs, mixed input dtypes (CPU loops: loops_floating.cpp).
// Rows as in cunum/ufunc_list.hpp: X(name, nin, nout, identity, loops, hooks).
#pragma once
#include "cunum/ufunc_list/types.hpp"

#define CUNUM_UFUNCS_FLOATING(X) \
  X(divmod, 2, 2, None, "TT->TT:" CUNUM_T_REAL, none) \
  X(ldexp, 2, 1, None, "ei->e fi->f eq->e fq->f di->d dq->d", none) \
  X(frexp, 1, 2, None, "e->ei f->fi d->di", none) \
  X(modf, 1, 2, None, "T->TT:" CUNUM_T_FLOAT, none)

CUNUM_UFUNC_LOOP_ARRAYS(CUNUM_UFUNCS_FLOATING)
