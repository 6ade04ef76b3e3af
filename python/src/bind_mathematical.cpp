// Mathematical functions (NumPy's chapter) beyond the ufuncs:
// python/cunum/_routines/mathematical.py calls these.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/error.hpp"
#include "cunum/mathematical.hpp"
#include <nanobind/stl/vector.h>

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

namespace {
std::optional<ndarray> opt_array(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return as_array(h);
}
std::optional<Scalar> opt_scalar(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return to_scalar(h);
}
std::optional<double> opt_double(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return nb::cast<double>(nb::float_(h));
}

// The rounding, clipping, difference and interpolation routines
// (src/routines/math_rounding.cpp, math_differences.cpp, math_interp.cpp).
void bind_math_routines(nb::module_& m) {
  m.def("_around", [](const ndarray& a, nb::handle decimals, nb::handle out) {
    return around(a, as_index(decimals), opt_out(out));
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_fix", [](const ndarray& x, nb::handle out) { return fix(x, opt_out(out)); }, nb::arg(), nb::arg().none());
  m.def("_clip", [](const ndarray& a, nb::handle lo, nb::handle hi, nb::handle out, nb::handle where,
                    nb::handle dtype, nb::handle casting) {
    UfuncOptions o;
    o.out = opt_out(out);
    if (!where.is_none() && !(PyBool_Check(where.ptr()) && where.ptr() == Py_True)) o.where = as_array(where);
    o.dtype = opt_dtype(dtype);
    if (!casting.is_none()) o.casting = casting_from_string(nb::cast<std::string>(casting));
    std::optional<Operand> l, h;
    if (!lo.is_none()) l = as_operand(lo);
    if (!hi.is_none()) h = as_operand(hi);
    return clip(a, l, h, o);
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg().none(),
     nb::arg().none());
  m.def("_nan_to_num", [](const ndarray& x, bool copy, nb::handle nan, nb::handle posinf, nb::handle neginf) {
    return nan_to_num(x, copy, nb::cast<double>(nb::float_(nan)), opt_double(posinf), opt_double(neginf));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_angle", [](const ndarray& z, bool deg) { return angle(z, deg); });
  m.def("_real_if_close", [](const ndarray& a, double tol) { return real_if_close(a, tol); });
  m.def("_sinc", [](const ndarray& x) { return sinc(x); });
  m.def("_i0", [](const ndarray& x) { return i0(x); });
  m.def("_diff", [](const ndarray& a, nb::handle n, nb::handle axis, nb::handle prepend, nb::handle append) {
    DiffOptions o;
    o.n = as_index(n);
    o.axis = as_index(axis);
    o.prepend = opt_array(prepend);
    o.append = opt_array(append);
    return diff(a, o);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_ediff1d", [](const ndarray& a, nb::handle to_end, nb::handle to_begin) {
    return ediff1d(a, opt_array(to_end), opt_array(to_begin));
  }, nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_gradient", [](const ndarray& f, nb::list spacing, nb::handle axis, nb::handle edge_order) {
    std::vector<Operand> sp;
    for (nb::handle h : spacing) sp.push_back(as_operand(h));
    return gradient(f, sp, opt_axes(axis), static_cast<int>(as_index(edge_order)));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg());
  m.def("_trapezoid", [](const ndarray& y, nb::handle x, nb::handle dx, nb::handle axis) {
    return trapezoid(y, opt_array(x), as_operand(dx), as_index(axis));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg());
  m.def("_cross", [](const ndarray& a, const ndarray& b, nb::handle axisa, nb::handle axisb, nb::handle axisc,
                     nb::handle axis) {
    return cross(a, b, as_index(axisa), as_index(axisb), as_index(axisc), opt_axis(axis));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_unwrap", [](const ndarray& p, nb::handle discont, nb::handle axis, nb::handle period) {
    return unwrap(p, opt_scalar(discont), as_index(axis), to_scalar(period));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg());
  m.def("_interp", [](const ndarray& x, const ndarray& xp, const ndarray& fp, nb::handle left, nb::handle right,
                      nb::handle period) {
    return interp(x, xp, fp, opt_scalar(left), opt_scalar(right), opt_double(period));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());
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
  bind_math_routines(m);
}

}  // namespace cunum::py
