// Window functions (cunum/window_functions.hpp): python/cunum/_routines/
// window_functions.py converts M and beta as NumPy does and calls these.
#include "bindings.hpp"
#include "cunum/window_functions.hpp"

namespace nb = nanobind;

namespace cunum::py {

void bind_window_functions(nb::module_& m) {
  m.def("_bartlett", &bartlett);
  m.def("_blackman", &blackman);
  m.def("_hamming", &hamming);
  m.def("_hanning", &hanning);
  m.def("_kaiser", &kaiser);
}

}  // namespace cunum::py
