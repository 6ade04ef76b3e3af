// cunum/format.hpp — printing from C++: dtypes, devices, shapes and arrays,
// as NumPy prints them, under NumPy's print options.
//
//   std::cout << a.dtype() << " " << a.device() << " " << a.shape() << "\n";  // float64 cpu (2, 3)
//   std::cout << a << "\n";                      // [[ 9.82842712 11.81913191 ...]]  (NumPy's str)
//   std::cout << cunum::array_repr(a) << "\n";   // array([...], shape=(...))      (NumPy's repr)
//   {
//     cunum::printoptions scoped({.precision = 3, .suppress = true});
//     std::cout << a << "\n";                    // restored at the end of the block
//   }
//   std::format("{} {} {}", a.dtype(), a.shape(), a);   // where <format> exists (see below)
//
// The text follows NumPy's printer rule for rule (docs/io-and-printing.md):
// per-array column widths, shortest round-trip digits capped by `precision`,
// scientific notation when the magnitudes ask for it, suppress_small,
// line wrapping at `linewidth`, and summarisation past `threshold` that
// copies only the printed corners to the host. Python's repr/str use this
// printer too (Note [One printer, in C++], python/cunum/_routines/printing.py);
// tests/python/test_printing.py checks its text against NumPy's.
//
// std::format support: GCC 12's libstdc++ has no <format> (GCC 13's has), so
// the std::formatter specialisations are compiled only where the library
// defines __cpp_lib_format.
#pragma once
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#if __has_include(<format>)
#include <format>
#endif

#include "device.hpp"
#include "dims.hpp"
#include "dtype.hpp"
#include "ndarray.hpp"

namespace cunum {

// ---------------------------------------------------------------- vocabulary types
std::ostream& operator<<(std::ostream& os, DType d);           // float32
std::ostream& operator<<(std::ostream& os, const Device& d);   // cpu, cuda:0
std::string to_string(const Dims& shape);                      // (2, 3), (5,), ()
std::ostream& operator<<(std::ostream& os, const Dims& shape);

// ---------------------------------------------------------------- print options
// NumPy's floatmode: how many fractional digits floats get.
enum class FloatMode : uint8_t {
  Fixed,         // always `precision` digits
  Unique,        // the shortest digits that identify each value (precision ignored)
  MaxPrec,       // the shortest digits, at most `precision` (NumPy's default)
  MaxPrecEqual,  // at most `precision`, the same count for every element
};

// NumPy's set_printoptions fields (legacy, formatter and override_repr are
// Python-only). The defaults are NumPy's.
struct PrintOptions {
  int precision = 8;
  int64_t threshold = 1000;  // arrays with more elements are summarised
  int edgeitems = 3;         // items kept at each end of a summarised axis
  int64_t linewidth = 75;
  bool suppress = false;     // never scientific for small values (they round to 0.)
  std::string nanstr = "nan";
  std::string infstr = "inf";
  char sign = '-';           // '-', '+' or ' '
  FloatMode floatmode = FloatMode::MaxPrec;
  // repr of a summarised array names its shape (`shape=(...)`), as NumPy 2.2
  // and later do (an empty one always does, after the values); Python sets it
  // false under an older NumPy so that cunum's repr stays the installed
  // NumPy's (then an empty array's shape is written inside the values' part).
  bool shape_in_repr = true;
  // float16/float32 values turn scientific from 10**precision of their dtype
  // (1e3, 1e6), as NumPy 2.3 and later print; false: from 1e8 in arrays and
  // 1e16 in scalars, as older NumPy (Python sets it from the installed NumPy).
  bool dtype_exp_cutoff = true;
};

// The process-wide options (NumPy keeps its own per Python context; the C++
// state is separate from Python's, Note [One print-options state, NumPy's]).
PrintOptions get_printoptions();
// Throws ValueError for a negative precision/threshold/edgeitems or a sign
// other than '-', '+', ' '.
void set_printoptions(const PrintOptions& options);

// Scoped options: set for the object's lifetime, the previous ones restored
// by its destructor (NumPy's `with np.printoptions(...)`).
class printoptions {
 public:
  explicit printoptions(const PrintOptions& options);
  ~printoptions();
  printoptions(const printoptions&) = delete;
  printoptions& operator=(const printoptions&) = delete;

 private:
  PrintOptions saved_;
};

// ---------------------------------------------------------------- arrays
// NumPy's array2string under `options`: separator between items, prefix
// (for the hanging indent of later lines) and suffix (kept within linewidth).
std::string array2string(const ndarray& a, const PrintOptions& options, std::string_view separator = " ",
                         std::string_view prefix = "", std::string_view suffix = "");
std::string array2string(const ndarray& a, std::string_view separator = " ", std::string_view prefix = "",
                         std::string_view suffix = "");
std::string array_str(const ndarray& a);   // NumPy's str(a) (a 0-d array prints as its scalar)
std::string array_repr(const ndarray& a);  // NumPy's repr(a): array([...], dtype=...)
std::string to_string(const ndarray& a);   // array_str
std::ostream& operator<<(std::ostream& os, const ndarray& a);  // array_str

// The corners NumPy prints of a summarised array, gathered on a's device:
// along each axis longer than 2*edgeitems its first and last `edgeitems`
// items. Printing copies only this to the host (exposed for tests).
ndarray print_corners(const ndarray& a, int64_t edgeitems);

}  // namespace cunum

#if defined(__cpp_lib_format)
// std::format("{}", x) for the types above; the format spec is a string's
// ("{:>12}" pads the text).
template <>
struct std::formatter<cunum::DType> : std::formatter<std::string_view> {
  auto format(cunum::DType d, std::format_context& ctx) const {
    return std::formatter<std::string_view>::format(cunum::dtype_name(d), ctx);
  }
};
template <>
struct std::formatter<cunum::Device> : std::formatter<std::string_view> {
  auto format(const cunum::Device& d, std::format_context& ctx) const {
    return std::formatter<std::string_view>::format(d.str(), ctx);
  }
};
template <>
struct std::formatter<cunum::Dims> : std::formatter<std::string_view> {
  auto format(const cunum::Dims& s, std::format_context& ctx) const {
    return std::formatter<std::string_view>::format(cunum::to_string(s), ctx);
  }
};
template <>
struct std::formatter<cunum::ndarray> : std::formatter<std::string_view> {
  auto format(const cunum::ndarray& a, std::format_context& ctx) const {
    return std::formatter<std::string_view>::format(cunum::array_str(a), ctx);
  }
};
#endif
