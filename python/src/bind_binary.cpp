// Binary operations (NumPy's chapter): packbits and unpackbits;
// python/cunum/_routines/binary.py calls these.
#include <string>

#include <nanobind/stl/string.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/binary.hpp"
#include "cunum/error.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
// NumPy's bitorder: None or a string starting "big" / "little".
bool little_order(nb::handle h) {
  if (h.is_none()) return false;
  if (!nb::isinstance<nb::str>(h)) throw TypeError("bitorder must be a string");
  const std::string s = nb::cast<std::string>(h);
  if (s.rfind("little", 0) == 0) return true;
  if (s.rfind("big", 0) == 0) return false;
  throw ValueError("'order' must be either 'little' or 'big'");
}
}  // namespace

void bind_binary(nb::module_& m) {
  m.def("_packbits", [](const ndarray& a, nb::handle axis, nb::handle bitorder) {
    const bool little = little_order(bitorder);
    return packbits(a, opt_axis(axis), little);
  }, nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_unpackbits", [](const ndarray& a, nb::handle axis, nb::handle count, nb::handle bitorder) {
    UnpackOptions o;
    o.little = little_order(bitorder);
    o.axis = opt_axis(axis);
    if (!count.is_none()) o.count = as_index(count);
    return unpackbits(a, o);
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());
}

}  // namespace cunum::py
