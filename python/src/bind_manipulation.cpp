// Array manipulation (NumPy's chapter): python/cunum/_routines/manipulation.py
// parses NumPy's signatures and calls these.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/manipulation.hpp"

namespace nb = nanobind;

namespace cunum::py {

void bind_manipulation(nb::module_& m) {
  m.def("_ravel", [](const ndarray& a, const std::string& order) { return ravel(a, order[0]); });
  m.def("_flatten", [](const ndarray& a, const std::string& order) { return flatten(a, order[0]); });
  m.def("_swapaxes", &swapaxes);
  m.def("_moveaxis", &moveaxis);
  m.def("_squeeze", [](const ndarray& a, nb::handle axis) { return squeeze(a, opt_axes(axis)); }, nb::arg(), nb::arg().none());
  m.def("_expand_dims", [](const ndarray& a, nb::handle axis) { return expand_dims(a, *opt_axes(axis)); }, nb::arg(), nb::arg().none());
  m.def("_broadcast_to", [](const ndarray& a, nb::handle shape) { return broadcast_to(a, as_shape(shape)); }, nb::arg(), nb::arg().none());
  m.def("_broadcast_shapes", [](const std::vector<Shape>& shapes) { return broadcast_shapes(shapes); });
}

}  // namespace cunum::py
