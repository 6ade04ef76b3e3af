// The ufunc methods reduce, accumulate, outer and at for every ufunc
// (cunum/ufunc_methods.hpp); python/cunum/_ufunc.py attaches them to
// cunum.ufunc, naming the ufunc by its __name__.
#include <string>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "bindings.hpp"
#include "index_key.hpp"
#include "cunum/error.hpp"
#include "cunum/ufunc_methods.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
const core::UfuncDef& def_of(const std::string& name) { return core::ufunc_by_name(name); }
}  // namespace

void bind_ufunc_methods(nb::module_& m) {
  m.def("_ufunc_reduce", [](const std::string& name, const ndarray& a, nb::handle axis, nb::handle dtype,
                            nb::handle out, bool keepdims, bool has_initial, nb::handle initial, nb::handle where) {
    UfuncReduceOptions o;
    o.axis = opt_axes(axis);
    o.axis_is_int = !axis.is_none() && !nb::isinstance<nb::tuple>(axis) && !nb::isinstance<nb::list>(axis);
    o.dtype = opt_dtype(dtype);
    o.out = opt_out(out);
    o.keepdims = keepdims;
    if (has_initial) {
      if (initial.is_none()) o.initial_none = true;
      else o.initial = to_scalar(initial);
    }
    if (!(where.ptr() == Py_True)) o.where = as_array(where);
    return ufunc_reduce(def_of(name), a, o);
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg(),
     nb::arg().none(), nb::arg().none());
  m.def("_ufunc_accumulate", [](const std::string& name, const ndarray& a, nb::handle axis, nb::handle dtype,
                                nb::handle out) {
    return ufunc_accumulate(def_of(name), a, as_index(axis), opt_dtype(dtype), opt_out(out));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_ufunc_reduceat", [](const std::string& name, const ndarray& a, const ndarray& indices, nb::handle axis,
                              nb::handle dtype, nb::handle out) {
    return ufunc_reduceat(def_of(name), a, indices, as_index(axis), opt_dtype(dtype), opt_out(out));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_ufunc_outer_ok", [](const std::string& name) {
    if (def_of(name).nin != 2) throw ValueError("outer product only supported for binary functions");
  });
  m.def("_ufunc_at", [](const std::string& name, const ndarray& a, nb::handle indices, nb::handle b) {
    std::optional<Operand> v;
    if (!b.is_none()) v = as_operand(b);
    ufunc_at(def_of(name), a, parse_index_key(indices, a), v);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
}

}  // namespace cunum::py
