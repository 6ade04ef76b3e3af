// Printing from C++ (cunum/format.hpp): dtypes, devices, shapes and arrays
// print as NumPy prints them, under NumPy's print options.
//   cmake -B build -DCUNUM_EXAMPLES=ON && cmake --build build && ./build/cunum_example_printing
#include <sstream>

#include "check.hpp"

int main() {
  using namespace cunum;
  ndarray x = sqrt(from_host<double>({96.6, 139.7}, {2}));
  ndarray big = arange(10000).reshape({100, 100});
  std::cout << "x: " << x.dtype() << " " << x.shape() << " on " << x.device() << "\n";
  std::cout << "x = " << x << "\n";                   // NumPy's str
  std::cout << array_repr(x) << "\n";                 // NumPy's repr
  std::cout << array_repr(big) << "\n";               // summarised: only the corners are copied
  {
    printoptions scoped({.precision = 3, .linewidth = 40});
    std::cout << "precision 3: " << x << "\n";
  }
#if defined(__cpp_lib_format)
  std::cout << std::format("std::format: {} {} {}\n", x.dtype(), x.shape(), x);
#endif

  std::ostringstream s;
  s << x.dtype() << " " << x.shape() << " " << x;
  // sqrt(96.6) = 9.828529900..., sqrt(139.7) = 11.819475454...: at most eight
  // decimals, trailing zeros dropped and padded to one column width (NumPy's text)
  example::expect("stream text", s.str() == "float64 (2,) [ 9.8285299  11.81947545]");
  example::expect("summarised repr", array_repr(big).find("...") != std::string::npos);
  return example::failures != 0;
}
