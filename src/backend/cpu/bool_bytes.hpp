// Reading bool data on the CPU (Note [Bool bytes]).
#pragma once
#include <cstdint>
#include <type_traits>

namespace cunum::backend::cpu {

// Note [Bool bytes]
// A bool array may hold bytes other than 0 and 1: NumPy lets any uint8 or
// int8 memory be viewed as bool (x.view(bool)). Loading such a byte as a C++
// bool is undefined behaviour (UBSan stops on it; an optimiser may use the
// byte as it is, so that 2 & 1 == 0). So bool data is read as its byte:
// a copy within one dtype moves bytes (NumPy's copy keeps them), and every
// other reader tests the byte against zero, as NumPy's loops do (a cast makes
// each nonzero byte 1; logical_not of 2 is False).
template <class T> using Stored = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;
template <class T> inline T value_of(Stored<T> v) {
  if constexpr (std::is_same_v<T, bool>) return v != 0;
  else return v;
}
template <class T> inline T load_at(const char* p) {
  return value_of<T>(*reinterpret_cast<const Stored<T>*>(p));
}

}  // namespace cunum::backend::cpu
