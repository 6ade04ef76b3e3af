// cunum/ufunc_list/comparison.hpp — the ufuncs of one chapter: comparisons, logic, bitwise, extrema (CPU loops: loops_comparison.cpp).
// Rows as in cunum/ufunc_list.hpp: X(name, nin, nout, identity, loops, hooks).
#pragma once
#include "cunum/ufunc_list/types.hpp"

// NumPy's order: the integer loops, its exact int64/uint64 loops (picked by
// the comparison hook, src/core/ufunc_hooks.cpp), then the inexact ones.
#define CUNUM_COMPARISON_LOOPS "TT->?:?" CUNUM_T_INT " qQ->? Qq->? TT->?:" CUNUM_T_INEXACT

#define CUNUM_UFUNCS_COMPARISON(X) \
  X(equal, 2, 1, None, CUNUM_COMPARISON_LOOPS, comparison) \
  X(not_equal, 2, 1, None, CUNUM_COMPARISON_LOOPS, comparison) \
  X(less, 2, 1, None, CUNUM_COMPARISON_LOOPS, comparison) \
  X(less_equal, 2, 1, None, CUNUM_COMPARISON_LOOPS, comparison) \
  X(greater, 2, 1, None, CUNUM_COMPARISON_LOOPS, comparison) \
  X(greater_equal, 2, 1, None, CUNUM_COMPARISON_LOOPS, comparison) \
  X(logical_and, 2, 1, True, "TT->?:" CUNUM_T_ALL, logical) \
  X(logical_or, 2, 1, False, "TT->?:" CUNUM_T_ALL, logical) \
  X(logical_xor, 2, 1, False, "TT->?:" CUNUM_T_ALL, logical) \
  X(logical_not, 1, 1, None, "T->?:" CUNUM_T_ALL, logical) \
  X(bitwise_and, 2, 1, MinusOne, "TT->T:?" CUNUM_T_INT, none) \
  X(bitwise_or, 2, 1, Zero, "TT->T:?" CUNUM_T_INT, none) \
  X(bitwise_xor, 2, 1, Zero, "TT->T:?" CUNUM_T_INT, none) \
  X(invert, 1, 1, None, "T->T:?" CUNUM_T_INT, none) \
  X(left_shift, 2, 1, None, "TT->T:" CUNUM_T_INT, none) \
  X(right_shift, 2, 1, None, "TT->T:" CUNUM_T_INT, none) \
  X(bitwise_count, 1, 1, None, "T->B:" CUNUM_T_INT, none) \
  X(maximum, 2, 1, None, "TT->T:" CUNUM_T_ALL, none) \
  X(minimum, 2, 1, None, "TT->T:" CUNUM_T_ALL, none)

CUNUM_UFUNC_LOOP_ARRAYS(CUNUM_UFUNCS_COMPARISON)
