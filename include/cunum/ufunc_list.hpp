// cunum/ufunc_list.hpp — the ufuncs cunum knows, with the dtypes each has a loop for and the rule for
// its output dtype. The planner resolves dtypes from this list; each backend
// instantiates the functor of the same name (cunum/kernels/ops.hpp) for each
// listed dtype. Adding a ufunc = a functor in ops.hpp + one line here + a
// binding line.
#pragma once
#include <cstdint>

#include "cunum/dtype.hpp"

namespace cunum::core {

// Bit i set = a loop exists for dtype i (DType order).
using TypeSet = uint16_t;
constexpr TypeSet bit(DType d) { return TypeSet(1u << static_cast<int>(d)); }
constexpr TypeSet kBool = bit(DType::Bool);
constexpr TypeSet kInts = bit(DType::Int8) | bit(DType::UInt8) | bit(DType::Int16) |
                          bit(DType::UInt16) | bit(DType::Int32) | bit(DType::UInt32) |
                          bit(DType::Int64) | bit(DType::UInt64);
constexpr TypeSet kFloats = bit(DType::Float16) | bit(DType::Float32) | bit(DType::Float64);
constexpr TypeSet kComplex = bit(DType::Complex64) | bit(DType::Complex128);
constexpr TypeSet kInexact = kFloats | kComplex;
constexpr TypeSet kNumeric = kInts | kInexact;
constexpr TypeSet kAll = kBool | kNumeric;

// How the output dtype follows from the loop's input dtype.
enum class OutRule : uint8_t { Same, Bool, Real };

// X(name, nin, typeset, out rule)
#define CUNUM_FOR_EACH_UFUNC(X)                                  \
  X(add, 2, ::cunum::core::kAll, Same)                           \
  X(subtract, 2, ::cunum::core::kNumeric, Same)                  \
  X(multiply, 2, ::cunum::core::kAll, Same)                      \
  X(true_divide, 2, ::cunum::core::kInexact, Same)               \
  X(floor_divide, 2, ::cunum::core::kInts | ::cunum::core::kFloats, Same) \
  X(remainder, 2, ::cunum::core::kInts | ::cunum::core::kFloats, Same)    \
  X(power, 2, ::cunum::core::kNumeric, Same)                     \
  X(negative, 1, ::cunum::core::kNumeric, Same)                  \
  X(positive, 1, ::cunum::core::kNumeric, Same)                  \
  X(absolute, 1, ::cunum::core::kAll, Real)                      \
  X(equal, 2, ::cunum::core::kAll, Bool)                         \
  X(not_equal, 2, ::cunum::core::kAll, Bool)                     \
  X(less, 2, ::cunum::core::kAll, Bool)                          \
  X(less_equal, 2, ::cunum::core::kAll, Bool)                    \
  X(greater, 2, ::cunum::core::kAll, Bool)                       \
  X(greater_equal, 2, ::cunum::core::kAll, Bool)                 \
  X(logical_and, 2, ::cunum::core::kAll, Bool)                   \
  X(logical_or, 2, ::cunum::core::kAll, Bool)                    \
  X(logical_xor, 2, ::cunum::core::kAll, Bool)                   \
  X(logical_not, 1, ::cunum::core::kAll, Bool)                   \
  X(bitwise_and, 2, ::cunum::core::kBool | ::cunum::core::kInts, Same) \
  X(bitwise_or, 2, ::cunum::core::kBool | ::cunum::core::kInts, Same)  \
  X(bitwise_xor, 2, ::cunum::core::kBool | ::cunum::core::kInts, Same) \
  X(invert, 1, ::cunum::core::kBool | ::cunum::core::kInts, Same)      \
  X(left_shift, 2, ::cunum::core::kInts, Same)                   \
  X(right_shift, 2, ::cunum::core::kInts, Same)                  \
  X(maximum, 2, ::cunum::core::kAll, Same)                       \
  X(minimum, 2, ::cunum::core::kAll, Same)                       \
  X(sqrt, 1, ::cunum::core::kInexact, Same)                      \
  X(exp, 1, ::cunum::core::kInexact, Same)                       \
  X(log, 1, ::cunum::core::kInexact, Same)                       \
  X(sin, 1, ::cunum::core::kInexact, Same)                       \
  X(cos, 1, ::cunum::core::kInexact, Same)                       \
  X(tanh, 1, ::cunum::core::kInexact, Same)

enum class UfuncId : uint8_t {
#define CUNUM_X(name, nin, types, out) name,
  CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
};
inline constexpr int kNumUfuncs = 0
#define CUNUM_X(name, nin, types, out) +1
    CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
    ;

struct UfuncInfo {
  const char* name;
  int nin;
  TypeSet types;
  OutRule out;
};
inline constexpr UfuncInfo kUfuncInfo[] = {
#define CUNUM_X(name, nin, types, out) {#name, nin, types, OutRule::out},
    CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
};
constexpr const UfuncInfo& ufunc_info(UfuncId id) { return kUfuncInfo[static_cast<int>(id)]; }
inline DType ufunc_out_dtype(UfuncId id, DType loop) {
  switch (ufunc_info(id).out) {
    case OutRule::Bool: return DType::Bool;
    case OutRule::Real: return real_dtype(loop);
    default: return loop;
  }
}

}  // namespace cunum::core
