// Mathematical functions (NumPy's chapter) beyond the ufuncs:
// python/cunum/_routines/mathematical.py calls these.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/error.hpp"
#include "cunum/mathematical.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
// NumPy's order: the arguments' types (axis, dtype, out), then the axis's range.
ScanOptions scan_options(nb::handle axis, nb::handle dtype, nb::handle out) {
  ScanOptions o;
  o.axis = opt_axis(axis);
  o.dtype = opt_dtype(dtype);
  o.out = opt_out(out);
  return o;
}
}  // namespace

void bind_mathematical(nb::module_& m) {
#define CUNUM_BIND_SCAN(name)                                                                \
  m.def("_" #name, [](const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out) { \
    return name(a, scan_options(axis, dtype, out));                                          \
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  CUNUM_BIND_SCAN(cumsum)
  CUNUM_BIND_SCAN(cumprod)
  CUNUM_BIND_SCAN(nancumsum)
  CUNUM_BIND_SCAN(nancumprod)
#undef CUNUM_BIND_SCAN
#define CUNUM_BIND_CUMULATIVE(name)                                                          \
  m.def("_" #name, [](const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out,   \
                      nb::handle include_initial) {                                          \
    return name(a, scan_options(axis, dtype, out), truthy(include_initial));                 \
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  CUNUM_BIND_CUMULATIVE(cumulative_sum)
  CUNUM_BIND_CUMULATIVE(cumulative_prod)
#undef CUNUM_BIND_CUMULATIVE
}

}  // namespace cunum::py
