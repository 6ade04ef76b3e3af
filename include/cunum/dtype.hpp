// cunum/dtype.hpp — the one list of dtypes, and NumPy 2 (NEP 50) promotion.
//
//   cunum::DType t = cunum::promote_types(cunum::DType::Int8, cunum::DType::UInt8);  // Int16
//   cunum::can_cast(cunum::DType::Float64, cunum::DType::Float32, cunum::Casting::SameKind);  // true
//
// Everything that enumerates dtypes (names, sizes, dispatch switches, the
// promotion table) is generated from CUNUM_FOR_EACH_DTYPE.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "kernels/complex.hpp"
#include "kernels/half.hpp"

namespace cunum {

// X(Enum, C type, NumPy type char, name, kind)
// The order is NumPy's type order (the order of a ufunc's loops); it matters
// for loop selection.
#define CUNUM_FOR_EACH_DTYPE(X)                        \
  X(Bool, bool, '?', "bool", 'b')                      \
  X(Int8, int8_t, 'b', "int8", 'i')                    \
  X(UInt8, uint8_t, 'B', "uint8", 'u')                 \
  X(Int16, int16_t, 'h', "int16", 'i')                 \
  X(UInt16, uint16_t, 'H', "uint16", 'u')              \
  X(Int32, int32_t, 'i', "int32", 'i')                 \
  X(UInt32, uint32_t, 'I', "uint32", 'u')              \
  X(Int64, int64_t, 'q', "int64", 'i')                 \
  X(UInt64, uint64_t, 'Q', "uint64", 'u')              \
  X(Float16, ::cunum::half, 'e', "float16", 'f')       \
  X(Float32, float, 'f', "float32", 'f')               \
  X(Float64, double, 'd', "float64", 'f')              \
  X(Complex64, ::cunum::complex<float>, 'F', "complex64", 'c') \
  X(Complex128, ::cunum::complex<double>, 'D', "complex128", 'c')

enum class DType : uint8_t {
#define CUNUM_X(E, T, C, N, K) E,
  CUNUM_FOR_EACH_DTYPE(CUNUM_X)
#undef CUNUM_X
};
inline constexpr int kNumDTypes = 14;

template <DType D> struct dtype_traits;
#define CUNUM_X(E, T, C, N, K) \
  template <> struct dtype_traits<DType::E> { using type = T; };
CUNUM_FOR_EACH_DTYPE(CUNUM_X)
#undef CUNUM_X
template <DType D> using ctype_t = typename dtype_traits<D>::type;

template <class T> constexpr DType dtype_of();
#define CUNUM_X(E, T, C, N, K) \
  template <> constexpr DType dtype_of<T>() { return DType::E; }
CUNUM_FOR_EACH_DTYPE(CUNUM_X)
#undef CUNUM_X

// Calls f(tag) where decltype(tag)::type is the C type of d (a type switch).
template <class T> struct type_tag { using type = T; };
template <class F> decltype(auto) dispatch(DType d, F&& f) {
  switch (d) {
#define CUNUM_X(E, T, C, N, K) \
  case DType::E: return f(type_tag<T>{});
    CUNUM_FOR_EACH_DTYPE(CUNUM_X)
#undef CUNUM_X
  }
  return f(type_tag<bool>{});
}

size_t itemsize(DType d);
std::string_view dtype_name(DType d);  // "float32"
char dtype_char(DType d);              // 'f'
char dtype_kind(DType d);              // 'b', 'i', 'u', 'f', 'c'
inline bool is_bool(DType d) { return d == DType::Bool; }
inline bool is_integer(DType d) { return dtype_kind(d) == 'i' || dtype_kind(d) == 'u'; }
inline bool is_unsigned(DType d) { return dtype_kind(d) == 'u'; }
inline bool is_floating(DType d) { return dtype_kind(d) == 'f'; }
inline bool is_complex(DType d) { return dtype_kind(d) == 'c'; }
inline bool is_inexact(DType d) { return is_floating(d) || is_complex(d); }
DType real_dtype(DType d);      // complex64 -> float32; others unchanged
DType complex_dtype(DType d);   // float32 -> complex64, float16 -> complex64
// Parses "float32", "f4", "f", "int", "float", "complex", "bool", ...; throws TypeError.
DType dtype_from_string(std::string_view s);

enum class Casting : uint8_t { No, Equiv, Safe, SameKind, Unsafe };
Casting casting_from_string(std::string_view s);  // throws ValueError
std::string_view casting_name(Casting c);

DType promote_types(DType a, DType b);           // NumPy's promotion table
bool can_cast(DType from, DType to, Casting casting);

// The kind of a weak (Python) scalar operand under NEP 50.
enum class WeakKind : uint8_t { None, Int, Float, Complex };
// result_type of some strong dtypes and weak scalar kinds (NEP 50).
// n_strong == 0 gives the default dtype of the highest weak kind.
DType result_type(const DType* strong, int n_strong, const WeakKind* weak, int n_weak);

}  // namespace cunum
