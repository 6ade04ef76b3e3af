// Reading bool data on the CPU (Note [Bool bytes]).
#pragma once
#include <cstdint>
#include <type_traits>

namespace cunum::backend::cpu {

// Note [Bool bytes] (cunum/kernels/convert.hpp) on the CPU: bool data is
// read as its byte; a copy within one dtype moves bytes, every other reader
// tests the byte against zero (value_of).
template <class T> using Stored = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;
template <class T> inline T value_of(Stored<T> v) {
  if constexpr (std::is_same_v<T, bool>) return v != 0;
  else return v;
}
template <class T> inline T load_at(const char* p) {
  return value_of<T>(*reinterpret_cast<const Stored<T>*>(p));
}

}  // namespace cunum::backend::cpu
