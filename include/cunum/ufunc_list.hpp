// cunum/ufunc_list.hpp — every ufunc cunum has, declared as NumPy declares it:
// name, input and output counts, identity, the loops (Note [Loop strings] in
// ufunc_def.hpp, in NumPy's order: the first loop the inputs reach safely wins),
// and its hooks (Note [Ufunc hooks]; `none` for plain ufuncs).
//
// Adding a ufunc (docs/adding-an-op.md): a functor in include/cunum/kernels/
// with the ufunc's name, one row here, one CUNUM_CPU_REGISTER line in a
// src/backend/cpu/loops_*.cpp file. Only the few files that need the whole
// list include this header (the table, the C++ functions, the CPU loops of
// each chapter, the Python binding, the NVRTC test): everything else sees a
// ufunc as a `UfuncDef` (ufunc_def.hpp).
#pragma once
#include "cunum/ufunc_def.hpp"

// Type-code sets for the loop patterns.
#define CUNUM_T_INT "bBhHiIqQ"
#define CUNUM_T_FLOAT "efd"
#define CUNUM_T_COMPLEX "FD"
#define CUNUM_T_REAL CUNUM_T_INT CUNUM_T_FLOAT
#define CUNUM_T_NUM CUNUM_T_INT CUNUM_T_FLOAT CUNUM_T_COMPLEX
#define CUNUM_T_ALL "?" CUNUM_T_NUM
#define CUNUM_T_INEXACT CUNUM_T_FLOAT CUNUM_T_COMPLEX

// X(name, nin, nout, identity, loops, hooks)
#define CUNUM_FOR_EACH_UFUNC(X)                                                          \
  /* arithmetic */                                                                       \
  X(add, 2, 1, Zero, "TT->T:" CUNUM_T_ALL, none)                                         \
  X(subtract, 2, 1, None, "TT->T:" CUNUM_T_NUM, subtract)                                \
  X(multiply, 2, 1, One, "TT->T:" CUNUM_T_ALL, none)                                     \
  X(divide, 2, 1, None, "TT->T:" CUNUM_T_INEXACT, divide)                                \
  X(floor_divide, 2, 1, None, "TT->T:" CUNUM_T_REAL, none)                               \
  X(remainder, 2, 1, None, "TT->T:" CUNUM_T_REAL, none)                                  \
  X(divmod, 2, 2, None, "TT->TT:" CUNUM_T_REAL, none)                                    \
  X(power, 2, 1, None, "TT->T:" CUNUM_T_NUM, power)                                      \
  X(negative, 1, 1, None, "T->T:" CUNUM_T_NUM, negative)                                 \
  X(positive, 1, 1, None, "T->T:" CUNUM_T_NUM, positive)                                    \
  X(absolute, 1, 1, None, "?->? T->T:" CUNUM_T_REAL " T->R:" CUNUM_T_COMPLEX, none)      \
  /* comparisons */                                                                      \
  X(equal, 2, 1, None, "TT->?:" CUNUM_T_ALL, comparison)                                 \
  X(not_equal, 2, 1, None, "TT->?:" CUNUM_T_ALL, comparison)                             \
  X(less, 2, 1, None, "TT->?:" CUNUM_T_ALL, comparison)                                  \
  X(less_equal, 2, 1, None, "TT->?:" CUNUM_T_ALL, comparison)                            \
  X(greater, 2, 1, None, "TT->?:" CUNUM_T_ALL, comparison)                               \
  X(greater_equal, 2, 1, None, "TT->?:" CUNUM_T_ALL, comparison)                         \
  /* logical */                                                                          \
  X(logical_and, 2, 1, True, "TT->?:" CUNUM_T_ALL, logical)                              \
  X(logical_or, 2, 1, False, "TT->?:" CUNUM_T_ALL, logical)                              \
  X(logical_xor, 2, 1, False, "TT->?:" CUNUM_T_ALL, logical)                             \
  X(logical_not, 1, 1, None, "T->?:" CUNUM_T_ALL, logical)                               \
  /* bitwise */                                                                          \
  X(bitwise_and, 2, 1, MinusOne, "TT->T:?" CUNUM_T_INT, none)                            \
  X(bitwise_or, 2, 1, Zero, "TT->T:?" CUNUM_T_INT, none)                                 \
  X(bitwise_xor, 2, 1, Zero, "TT->T:?" CUNUM_T_INT, none)                                \
  X(invert, 1, 1, None, "T->T:?" CUNUM_T_INT, none)                                      \
  X(left_shift, 2, 1, None, "TT->T:" CUNUM_T_INT, none)                                  \
  X(right_shift, 2, 1, None, "TT->T:" CUNUM_T_INT, none)                                 \
  /* extrema */                                                                          \
  X(maximum, 2, 1, None, "TT->T:" CUNUM_T_ALL, none)                                     \
  X(minimum, 2, 1, None, "TT->T:" CUNUM_T_ALL, none)                                     \
  /* floating point */                                                                   \
  X(ldexp, 2, 1, None, "ei->e fi->f eq->e fq->f di->d dq->d", none)                      \
  X(frexp, 1, 2, None, "e->ei f->fi d->di", none)                                        \
  X(modf, 1, 2, None, "T->TT:" CUNUM_T_FLOAT, none)                                      \
  /* exponents, logarithms, trigonometry */                                              \
  X(sqrt, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none)                                     \
  X(exp, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none)                                      \
  X(log, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none)                                      \
  X(sin, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none)                                      \
  X(cos, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none)                                      \
  X(tanh, 1, 1, None, "T->T:" CUNUM_T_INEXACT, none)

namespace cunum::core {

// The loops of each ufunc as a compile-time array: `loops::add[i]` is a LoopSig.
namespace loops {
#define CUNUM_X(name, nin, nout, ident, types, hooks) \
  inline constexpr auto name = parse_loops<count_loops(types)>(types);
CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
}  // namespace loops

// Dense ids in list order (UfuncDef::index).
namespace ufunc_ids {
enum : int {
#define CUNUM_X(name, nin, nout, ident, types, hooks) name,
  CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
  count_
};
}  // namespace ufunc_ids

}  // namespace cunum::core
