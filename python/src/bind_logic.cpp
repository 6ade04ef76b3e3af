// Logic functions (NumPy's chapter) beyond the ufuncs, and the memory-overlap
// tests of its "Miscellaneous routines": python/cunum/_routines/logic.py
// calls these.
#include <nanobind/stl/optional.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/logic.hpp"
#include "cunum/misc.hpp"

namespace nb = nanobind;

namespace cunum::py {

void bind_logic(nb::module_& m) {
  m.def("_isclose", [](nb::handle a, nb::handle b, nb::handle rtol, nb::handle atol, bool equal_nan) {
    return isclose(as_operand(a), as_operand(b), as_operand(rtol), as_operand(atol), equal_nan);
  });
  m.def("_allclose", [](nb::handle a, nb::handle b, nb::handle rtol, nb::handle atol, bool equal_nan) {
    return allclose(as_operand(a), as_operand(b), as_operand(rtol), as_operand(atol), equal_nan);
  });
  m.def("_array_equal", [](const ndarray& a, const ndarray& b, bool equal_nan) {
    return array_equal(a, b, equal_nan);
  });
  m.def("_array_equiv", [](const ndarray& a, const ndarray& b) { return array_equiv(a, b); });
  m.def("_iscomplex", [](const ndarray& x) { return iscomplex(x); });
  m.def("_isreal", [](const ndarray& x) { return isreal(x); });
  m.def("_isposinf", &isposinf, nb::arg(), nb::arg().none());
  m.def("_isneginf", &isneginf, nb::arg(), nb::arg().none());
  m.def("_shares_memory", [](const ndarray& a, const ndarray& b, int64_t max_work) {
    return shares_memory(a, b, max_work);
  });
}

}  // namespace cunum::py
