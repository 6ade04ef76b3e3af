// Printing (include/cunum/format.hpp): the C++ printer, which writes
// Python's repr/str/array2string too (python/cunum/_routines/printing.py,
// Note [One printer, in C++]), under NumPy's current options passed in.
#include <string>

#include <nanobind/stl/string.h>

#include "bindings.hpp"
#include "cunum/error.hpp"
#include "cunum/format.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
FloatMode float_mode(const std::string& s) {
  if (s == "fixed") return FloatMode::Fixed;
  if (s == "unique") return FloatMode::Unique;
  if (s == "maxprec") return FloatMode::MaxPrec;
  if (s == "maxprec_equal") return FloatMode::MaxPrecEqual;
  throw ValueError("floatmode option must be one of 'fixed', 'unique', 'maxprec', 'maxprec_equal'");
}

// The C++ options from NumPy's get_printoptions() dict (the fields both have).
PrintOptions options_from(nb::dict d) {
  PrintOptions o;
  o.precision = nb::cast<int>(d["precision"]);
  o.threshold = nb::cast<int64_t>(d["threshold"]);
  o.edgeitems = nb::cast<int>(d["edgeitems"]);
  o.linewidth = nb::cast<int64_t>(d["linewidth"]);
  o.suppress = nb::cast<bool>(d["suppress"]);
  o.nanstr = nb::cast<std::string>(d["nanstr"]);
  o.infstr = nb::cast<std::string>(d["infstr"]);
  o.sign = nb::cast<std::string>(d["sign"]).at(0);
  o.floatmode = float_mode(nb::cast<std::string>(d["floatmode"]));
  if (d.contains("shape_in_repr")) o.shape_in_repr = nb::cast<bool>(d["shape_in_repr"]);
  if (d.contains("dtype_exp_cutoff")) o.dtype_exp_cutoff = nb::cast<bool>(d["dtype_exp_cutoff"]);
  return o;
}
}  // namespace

void bind_printing(nb::module_& m) {
  // _cpp_print(a, options_dict, what): what is "str", "repr" or "array2string"
  // (with separator, prefix, suffix); the options are set for the call only.
  m.def("_cpp_print", [](const ndarray& a, nb::dict options, const std::string& what, const std::string& sep,
                         const std::string& prefix, const std::string& suffix) {
    printoptions scoped(options_from(options));
    if (what == "str") return array_str(a);
    if (what == "repr") return array_repr(a);
    return array2string(a, sep, prefix, suffix);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg("separator") = " ", nb::arg("prefix") = "",
     nb::arg("suffix") = "");
  m.def("_cpp_print_corners", [](const ndarray& a, int64_t edgeitems) { return print_corners(a, edgeitems); });
}

}  // namespace cunum::py
