// Decimal text of one float as NumPy's format_float_positional and
// format_float_scientific write it (the digit rules of NumPy's Dragon4
// printer), for the array printer (printing.cpp).
//
// Note [Shortest digits per dtype]
// "Unique" digits are the shortest decimal that reads back as the same value
// *of the value's own dtype*: float32(0.1) is 0.1, not 0.10000000149011612.
// std::to_chars gives them for float and double; float16 has no to_chars
// before C++23, so its shortest digits are found by trying 1 to 5
// significant digits (correctly rounded) until one reads back as the same
// half. Digits past the shortest (min_digits) and cut-off digits (precision)
// are the exact binary value correctly rounded, as Dragon4 does:
// format_float_positional(float32(1/3), min_digits=10) is 0.3333333433.
#pragma once
#include <string>

#include "cunum/dtype.hpp"

namespace cunum::printing {

struct FloatText {
  int precision = -1;   // -1: none
  bool unique = true;
  int min_digits = -1;  // -1: none
  char trim = 'k';      // 'k', '.', '0', '-' (NumPy's)
  bool sign = false;    // '+' for non-negative values
  int pad_left = -1;
  int pad_right = -1;   // positional only
  int exp_digits = -1;  // scientific only
};

// `v` is a finite value of dtype `t` (float16, float32 or float64), held exactly as a double.
std::string format_positional(double v, DType t, const FloatText& f);
std::string format_scientific(double v, DType t, const FloatText& f);

// NumPy's str() of a float scalar of dtype t (what a 0-d array's str
// prints); complex_part: a part of a complex scalar, "3" rather than "3.0";
// dtype_cutoff: float16/float32 turn scientific at their own precision
// (NumPy >= 2.3) rather than at float64's 1e16 (PrintOptions::dtype_exp_cutoff).
std::string scalar_str(double v, DType t, bool complex_part = false, bool dtype_cutoff = true);

}  // namespace cunum::printing
