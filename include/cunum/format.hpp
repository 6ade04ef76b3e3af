// cunum/format.hpp — printing arrays from C++ (Python uses NumPy's printer).
//
//   std::cout << cunum::arange(3) << "\n";   // [0 1 2]
#pragma once
#include <ostream>
#include <string>

#include "ndarray.hpp"

namespace cunum {
std::string to_string(const ndarray& a);
std::ostream& operator<<(std::ostream& os, const ndarray& a);
}  // namespace cunum
