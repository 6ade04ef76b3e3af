// cunum/ufunc_list/types.hpp — what the chapter lists of ufuncs share: the
// type-code sets of loop patterns (Note [Loop strings] in cunum/ufunc_def.hpp)
// and the compile-time loop arrays of each row.
#pragma once
#include "cunum/ufunc_def.hpp"

#define CUNUM_T_INT "bBhHiIqQ"
#define CUNUM_T_FLOAT "efd"
#define CUNUM_T_COMPLEX "FD"
#define CUNUM_T_REAL CUNUM_T_INT CUNUM_T_FLOAT
#define CUNUM_T_NUM CUNUM_T_INT CUNUM_T_FLOAT CUNUM_T_COMPLEX
#define CUNUM_T_ALL "?" CUNUM_T_NUM
#define CUNUM_T_INEXACT CUNUM_T_FLOAT CUNUM_T_COMPLEX

// For each row of a chapter: `cunum::core::loops::NAME`, its loops as a
// compile-time array of LoopSig, and `cunum::core::arity::NAME` (nin, nout).
#define CUNUM_UFUNC_LOOP_ARRAY_(name, nin_, nout_, ident, types, hook) \
  namespace cunum::core::loops {                                        \
  inline constexpr auto name = parse_loops<count_loops(types)>(types);  \
  }                                                                     \
  namespace cunum::core::arity {                                        \
  struct name {                                                         \
    static constexpr int nin = nin_, nout = nout_;                      \
  };                                                                    \
  }
#define CUNUM_UFUNC_LOOP_ARRAYS(CHAPTER) CHAPTER(CUNUM_UFUNC_LOOP_ARRAY_)
