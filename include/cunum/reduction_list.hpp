// cunum/reduction_list.hpp — the reductions cunum knows. Each row names a
// descriptor in cunum/kernels/reductions.hpp (Note [Reduction descriptors]);
// the row alone declares the C++ function (cunum/reduction.hpp), the Python
// function (python/cunum/_routines/reductions.py) and, where NumPy has one, the
// ndarray method; both backends instantiate the descriptor of the same name.
// Adding a reduction = a descriptor + one row (docs/adding-an-op.md).
#pragma once
#include <cstdint>

namespace cunum::core {

// How a reduction's dtypes follow from its input (NumPy's rules), its
// signature, and whether it has an identity.
enum class ReduceKind : uint8_t {
  // Loop dtype: dtype=, else promote(out, input) with out=, else the input's
  // (bool and smaller integers widen to int64/uint64). An identity.
  Sum,
  // Sum's rules, and NaN counts as the identity (nansum, nanprod): also when
  // dtype= names a loop without NaN (NumPy replaces NaN before converting).
  NanSum,
  // Loop dtype: promote(out, input) with out=, else the input's; no dtype=.
  // No identity: an empty reduction raises ValueError.
  Extremum,
  // Loop dtype: the input's; the result is bool. An identity.
  Truth,
  // Loop dtype: the input's; the result an int64 index. One axis or none.
  Arg,
  // Loop dtype: an inexact one chosen by the caller (var/std: float64 for
  // integers); the result is the loop's real compute type. Internal rows:
  // no C++ or Python function of their own (statistics.hpp's var and std
  // call them through core::reduce, src/core/reduce.hpp).
  Moment,
};

// X(name, NumPy ufunc behind it (for messages), kind, is an ndarray method)
#define CUNUM_FOR_EACH_REDUCTION(X)   \
  X(sum, add, Sum, true)              \
  X(prod, multiply, Sum, true)        \
  X(max, maximum, Extremum, true)     \
  X(min, minimum, Extremum, true)     \
  X(argmax, argmax, Arg, true)        \
  X(argmin, argmin, Arg, true)        \
  X(any, logical_or, Truth, true)     \
  X(all, logical_and, Truth, true)    \
  X(nansum, add, NanSum, false)          \
  X(nanprod, multiply, NanSum, false)    \
  X(moment2, add, Moment, false)         \
  X(nanmoment2, add, Moment, false)

enum class ReduceId : uint8_t {
#define CUNUM_X(name, ufunc, kind, method) name,
  CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
};
inline constexpr int kNumReductions = 0
#define CUNUM_X(name, ufunc, kind, method) +1
    CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
    ;

struct ReduceInfo {
  const char* name;   // "nansum"
  const char* ufunc;  // "add"
  ReduceKind kind;
  bool method;
};
inline constexpr ReduceInfo kReduceInfo[] = {
#define CUNUM_X(name, ufunc, kind, method) {#name, #ufunc, ReduceKind::kind, method},
    CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
};
constexpr const ReduceInfo& reduce_info(ReduceId id) { return kReduceInfo[static_cast<int>(id)]; }

}  // namespace cunum::core
