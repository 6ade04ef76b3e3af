// The ufunc type: cunum.add, cunum.sin, ... are instances of it.
#include <nanobind/stl/string.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "cunum/error.hpp"
#include "cunum/ufunc.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
struct Ufunc {
  core::UfuncId id;
};

// The keywords a ufunc call accepts, interned once: a keyword is matched by
// pointer (CPython interns keyword names), else by value, never through a
// std::string.
struct Keywords {
  PyObject *out, *where, *dtype, *casting, *order, *subok;
};
const Keywords& kw() {
  static const Keywords k{PyUnicode_InternFromString("out"), PyUnicode_InternFromString("where"),
                          PyUnicode_InternFromString("dtype"), PyUnicode_InternFromString("casting"),
                          PyUnicode_InternFromString("order"), PyUnicode_InternFromString("subok")};
  return k;
}
bool key_is(nb::handle k, PyObject* name) {
  return k.ptr() == name || (PyUnicode_Check(k.ptr()) && PyUnicode_Compare(k.ptr(), name) == 0);
}

nb::object call(const Ufunc& u, nb::args args, nb::kwargs kwargs) {
  const auto& info = core::ufunc_info(u.id);
  const int nin = info.nin;
  const size_t nargs = args.size();
  if (nargs < static_cast<size_t>(nin) || nargs > static_cast<size_t>(nin) + 1)
    throw TypeError(std::string(info.name) + "() takes from " + std::to_string(nin) + " to " +
                    std::to_string(nin + 1) + " positional arguments but " +
                    std::to_string(nargs) + " were given");
  Operand ops[2] = {Operand(false), Operand(false)};
  for (int i = 0; i < nin; ++i) ops[i] = as_operand(args[i]);
  UfuncOptions opts;
  nb::object out_obj = nb::none();
  if (nargs == static_cast<size_t>(nin) + 1) out_obj = nb::borrow(args[nin]);
  for (auto [k, v] : kwargs) {
    if (key_is(k, kw().out)) {
      if (!out_obj.is_none()) throw TypeError("cannot specify 'out' as both a positional and keyword argument");
      out_obj = nb::borrow(v);
    } else if (key_is(k, kw().where)) {
      if (PyBool_Check(v.ptr())) {
        if (v.ptr() == Py_False) opts.where = as_array(v);
      } else {
        opts.where = as_array(v);
      }
    } else if (key_is(k, kw().dtype)) {
      if (!v.is_none()) opts.dtype = as_dtype(v);
    } else if (key_is(k, kw().casting)) {
      opts.casting = casting_from_string(nb::cast<std::string>(v));
    } else if (key_is(k, kw().order) || key_is(k, kw().subok)) {
      // Accepted for compatibility: outputs follow their inputs' layout.
    } else {
      throw TypeError("'" + nb::cast<std::string>(nb::str(k)) + "' is an invalid keyword to ufunc '" +
                      info.name + "'");
    }
  }
  if (PyTuple_Check(out_obj.ptr())) {
    nb::tuple t = nb::borrow<nb::tuple>(out_obj);
    if (t.size() != 1) throw ValueError("The 'out' tuple must have exactly one entry per ufunc output");
    out_obj = t[0];
  }
  if (!out_obj.is_none()) {
    ndarray* o = nullptr;
    if (!nb::try_cast<ndarray*>(out_obj, o) || !o)
      throw TypeError("return arrays must be of ArrayType");
    opts.out = *o;
  }
  ndarray r = apply_ufunc(u.id, ops, nin, opts);
  if (!out_obj.is_none()) return out_obj;
  return nb::cast(std::move(r));
}
}  // namespace

void bind_ufuncs(nb::module_& m) {
  nb::class_<Ufunc>(m, "ufunc", nb::dynamic_attr())
      .def("__call__", &call)
      .def_prop_ro("nin", [](const Ufunc& u) { return core::ufunc_info(u.id).nin; })
      .def_prop_ro("nout", [](const Ufunc&) { return 1; })
      .def_prop_ro("nargs", [](const Ufunc& u) { return core::ufunc_info(u.id).nin + 1; })
      .def_prop_ro("types", [](const Ufunc& u) {
        nb::list l;
        const auto& info = core::ufunc_info(u.id);
        for (int d = 0; d < kNumDTypes; ++d) {
          if (!((info.types >> d) & 1u)) continue;
          DType in = static_cast<DType>(d);
          std::string s(static_cast<size_t>(info.nin), dtype_char(in));
          s += "->";
          s += dtype_char(core::ufunc_out_dtype(u.id, in));
          l.append(s);
        }
        return l;
      })
      .def("__repr__", [](const Ufunc& u) { return "<ufunc '" + std::string(core::ufunc_info(u.id).name) + "'>"; });
  for (int i = 0; i < core::kNumUfuncs; ++i) {
    auto id = static_cast<core::UfuncId>(i);
    nb::object obj = nb::cast(Ufunc{id});
    obj.attr("__name__") = core::ufunc_info(id).name;
    m.attr(core::ufunc_info(id).name) = obj;
  }
}

}  // namespace cunum::py
