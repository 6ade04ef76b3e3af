// cunum/ufunc_list/arithmetic.hpp — the ufuncs of one chapter: arithmetic, with gcd and lcm (CPU loops: loops_arithmetic.cpp).
// Rows as in cunum/ufunc_list.hpp: X(name, nin, nout, identity, loops, hooks).
#pragma once
#include "cunum/ufunc_list/types.hpp"

#define CUNUM_UFUNCS_ARITHMETIC(X) \
  X(add, 2, 1, Zero, "TT->T:" CUNUM_T_ALL, none) \
  X(subtract, 2, 1, None, "TT->T:" CUNUM_T_NUM, subtract) \
  X(multiply, 2, 1, One, "TT->T:" CUNUM_T_ALL, none) \
  X(divide, 2, 1, None, "TT->T:" CUNUM_T_INEXACT, divide) \
  X(floor_divide, 2, 1, None, "TT->T:" CUNUM_T_REAL, none) \
  X(remainder, 2, 1, None, "TT->T:" CUNUM_T_REAL, none) \
  X(power, 2, 1, None, "TT->T:" CUNUM_T_NUM, power) \
  X(negative, 1, 1, None, "T->T:" CUNUM_T_NUM, negative) \
  X(positive, 1, 1, None, "T->T:" CUNUM_T_NUM, positive) \
  X(absolute, 1, 1, None, "?->? T->T:" CUNUM_T_REAL " T->R:" CUNUM_T_COMPLEX, none) \
  X(fmod, 2, 1, None, "TT->T:" CUNUM_T_REAL, none) \
  X(float_power, 2, 1, None, "dd->d DD->D", none) \
  X(reciprocal, 1, 1, None, "T->T:" CUNUM_T_NUM, none) \
  X(conjugate, 1, 1, None, "T->T:" CUNUM_T_NUM, none) \
  X(square, 1, 1, None, "T->T:" CUNUM_T_NUM, none) \
  X(sign, 1, 1, None, "T->T:" CUNUM_T_NUM, no_bool) \
  X(gcd, 2, 1, Zero, "TT->T:" CUNUM_T_INT, no_bool) \
  X(lcm, 2, 1, None, "TT->T:" CUNUM_T_INT, no_bool) \
  X(rsqrt, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none)

CUNUM_UFUNC_LOOP_ARRAYS(CUNUM_UFUNCS_ARITHMETIC)
