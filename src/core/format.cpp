// Stream operators for the vocabulary types (dtypes, devices, shapes). The
// array printer is a routine (src/routines/printing.cpp): it slices and
// concatenates the corners of large arrays.
#include "cunum/format.hpp"

#include <string>

namespace cunum {

std::ostream& operator<<(std::ostream& os, DType d) { return os << dtype_name(d); }

std::ostream& operator<<(std::ostream& os, const Device& d) { return os << d.str(); }

// Python's text for the shape tuple, as NumPy prints shapes: (2, 3), (5,), ().
std::string to_string(const Dims& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  if (shape.size() == 1) s += ",";
  return s + ")";
}

std::ostream& operator<<(std::ostream& os, const Dims& shape) { return os << to_string(shape); }

}  // namespace cunum
