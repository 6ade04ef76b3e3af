// The ufunc type: cunum.add, cunum.sin, ... are instances of it.
#include <cmath>
#include <string>

#include <nanobind/stl/string.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "errors.hpp"
#include "cunum/error.hpp"
#include "cunum/ufunc.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
struct Ufunc {
  const core::UfuncDef* def;
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

ndarray as_out(nb::handle h) {
  ndarray* o = nullptr;
  if (!nb::try_cast<ndarray*>(h, o) || !o) throw TypeError("return arrays must be of ArrayType");
  return *o;
}

// Note [Ufunc calls]
// A ufunc call is the hottest path of the library, so the type's tp_call slot
// parses the argument tuple and keyword dict with the C API directly rather
// than through a bound __call__ (nanobind would build nb::args/nb::kwargs
// and dispatch over overloads first): about 3000 instructions fewer per
// `cn.add(x, y, out=o)`.
PyObject* call(const Ufunc& u, PyObject* args, PyObject* kwargs) {
  const core::UfuncDef& def = *u.def;
  const int nin = def.nin, nout = def.nout;
  const Py_ssize_t nargs = PyTuple_GET_SIZE(args);
  if (nargs < nin || nargs > nin + nout)
    throw TypeError(std::string(def.name) + "() takes from " + std::to_string(nin) + " to " +
                    std::to_string(nin + nout) + " positional arguments but " + std::to_string(nargs) +
                    " were given");
  Operand ops[core::kMaxUfuncIn] = {Operand(false), Operand(false)};
  for (int i = 0; i < nin; ++i) ops[i] = as_operand(PyTuple_GET_ITEM(args, i));
  UfuncOptions opts;
  // Outputs: positionally after the inputs, or out= (one array, or a tuple
  // with an entry per output, None for "allocate"). Borrowed references.
  PyObject* out_given[core::kMaxUfuncOut] = {nullptr, nullptr};
  for (Py_ssize_t i = nin; i < nargs; ++i) out_given[i - nin] = PyTuple_GET_ITEM(args, i);
  if (kwargs) {
    PyObject *k, *v;
    Py_ssize_t pos = 0;
    while (PyDict_Next(kwargs, &pos, &k, &v)) {
      if (key_is(k, kw().out)) {
        if (nargs > nin) throw TypeError("cannot specify 'out' as both a positional and keyword argument");
        if (PyTuple_Check(v)) {
          if (PyTuple_GET_SIZE(v) != nout)
            throw ValueError("The 'out' tuple must have exactly one entry per ufunc output");
          for (int j = 0; j < nout; ++j) out_given[j] = PyTuple_GET_ITEM(v, j);
        } else {
          if (nout != 1 && v != Py_None)
            throw TypeError("'out' must be a tuple of arrays for a ufunc with more than one output");
          out_given[0] = v;
        }
      } else if (key_is(k, kw().where)) {
        if (PyBool_Check(v)) {
          if (v == Py_False) opts.where = as_array(v);
        } else {
          opts.where = as_array(v);
        }
      } else if (key_is(k, kw().dtype)) {
        if (v != Py_None) opts.dtype = as_dtype(v);
      } else if (key_is(k, kw().casting)) {
        opts.casting = casting_from_string(nb::cast<std::string>(nb::handle(v)));
      } else if (key_is(k, kw().order) || key_is(k, kw().subok)) {
        // Accepted for compatibility: outputs follow their inputs' layout.
      } else {
        throw TypeError("'" + nb::cast<std::string>(nb::str(k)) + "' is an invalid keyword to ufunc '" +
                        def.name + "'");
      }
    }
  }
  for (int j = 0; j < nout; ++j)
    if (out_given[j] && out_given[j] != Py_None) (j == 0 ? opts.out : opts.out2) = as_out(out_given[j]);
  ndarray r[core::kMaxUfuncOut];
  apply_ufunc(def, ops, nin, opts, r);
  auto result = [&](int j) -> PyObject* {
    if (out_given[j] && out_given[j] != Py_None) return Py_NewRef(out_given[j]);
    return nb::cast(std::move(r[j])).release().ptr();
  };
  if (nout == 1) return result(0);
  nb::object first = nb::steal(result(0)), second = nb::steal(result(1));
  return nb::make_tuple(first, second).release().ptr();
}

// Note [Fusion proxies]
// While cunum.fuse traces a function, its arguments are proxy objects of one
// Python class (cunum._fusion._FusionVar). A ufunc called on one hands the
// whole call to the tracer, which records it; every other call pays one
// pointer compare per positional input.
}  // namespace
PyObject* g_fusion_type = nullptr;  // the proxy class (a strong reference once set)
PyObject* g_fusion_call = nullptr;  // tracer(ufunc, args, kwargs or None)
namespace {

PyObject* ufunc_tp_call(PyObject* self, PyObject* args, PyObject* kwargs) noexcept {
  if (g_fusion_type) {
    const Py_ssize_t n = PyTuple_GET_SIZE(args);
    for (Py_ssize_t i = 0; i < n; ++i)
      if (reinterpret_cast<PyObject*>(Py_TYPE(PyTuple_GET_ITEM(args, i))) == g_fusion_type)
        return PyObject_CallFunctionObjArgs(g_fusion_call, self, args, kwargs ? kwargs : Py_None, nullptr);
  }
  try {
    return call(*nb::inst_ptr<Ufunc>(self), args, kwargs);
  } catch (...) {
    set_python_error(std::current_exception());
    return nullptr;
  }
}

nb::object identity_of(core::Identity id) {
  switch (id) {
    case core::Identity::Zero: return nb::int_(0);
    case core::Identity::One: return nb::int_(1);
    case core::Identity::MinusOne: return nb::int_(-1);
    case core::Identity::True: return nb::bool_(true);
    case core::Identity::False: return nb::bool_(false);
    case core::Identity::MinusInf: return nb::float_(-INFINITY);
    default: return nb::none();
  }
}

std::string loop_types(const core::UfuncDef& def, const core::LoopSig& l) {
  std::string s;
  for (int i = 0; i < def.nin; ++i) s += dtype_char(l.in[i]);
  s += "->";
  for (int i = 0; i < def.nout; ++i) s += dtype_char(l.out[i]);
  return s;
}

// ufunc.types as NumPy lists them on LP64 Linux, where int64 and uint64 are
// both C long ('l', 'L') and long long ('q', 'Q') and NumPy has a loop for
// each: a run of loops over one 64-bit integer type is listed as the 'l'
// run, then the 'q' run ("ll->l", "LL->L", "qq->q", "QQ->Q"); a loop that
// mixes one with another type takes C long (ldexp's "fl->f"); the exact
// int64/uint64 comparison loops stay "qQ->?" and "Qq->?".
nb::list numpy_types(const core::UfuncDef& def) {
  auto as_long = [](std::string s) {
    for (char& c : s) c = c == 'q' ? 'l' : c == 'Q' ? 'L' : c;
    return s;
  };
  // 0: no 64-bit integer input; 1: inputs of one 64-bit integer type; 2: mixed
  auto kind = [&](int i) {
    const std::string in = loop_types(def, def.loops[i]).substr(0, def.nin);
    if (in.find_first_of("qQ") == std::string::npos) return 0;
    return in.find_first_not_of(in[0]) == std::string::npos ? 1 : 2;
  };
  nb::list out;
  for (int i = 0; i < def.nloops;) {
    const std::string t = loop_types(def, def.loops[i]);
    const int k = kind(i);
    if (k == 1) {  // the run of such loops, as 'l' then as 'q'
      int j = i;
      while (j < def.nloops && kind(j) == 1) ++j;
      for (int m = i; m < j; ++m) out.append(as_long(loop_types(def, def.loops[m])));
      for (int m = i; m < j; ++m) out.append(loop_types(def, def.loops[m]));
      i = j;
      continue;
    }
    const bool both = t.find('q') < t.find("->") && t.find('Q') < t.find("->");
    out.append(k == 2 && !both ? as_long(t) : t);
    ++i;
  }
  return out;
}
}  // namespace

void bind_ufuncs(nb::module_& m) {
  static PyType_Slot slots[] = {{Py_tp_call, reinterpret_cast<void*>(&ufunc_tp_call)}, {0, nullptr}};
  nb::class_<Ufunc>(m, "ufunc", nb::dynamic_attr(), nb::type_slots(slots))
      .def_prop_ro("nin", [](const Ufunc& u) { return u.def->nin; })
      .def_prop_ro("nout", [](const Ufunc& u) { return u.def->nout; })
      .def_prop_ro("nargs", [](const Ufunc& u) { return u.def->nin + u.def->nout; })
      .def_prop_ro("ntypes", [](const Ufunc& u) { return nb::len(numpy_types(*u.def)); })
      .def_prop_ro("types", [](const Ufunc& u) { return numpy_types(*u.def); })
      .def_prop_ro("identity", [](const Ufunc& u) { return identity_of(u.def->identity); })
      .def_prop_ro("signature", [](const Ufunc&) { return nb::none(); })
      .def("__repr__", [](const Ufunc& u) { return "<ufunc '" + std::string(u.def->name) + "'>"; });
  for (int i = 0; i < core::num_ufuncs(); ++i) {
    const core::UfuncDef& def = core::ufunc_def(i);
    nb::object obj = nb::cast(Ufunc{&def});
    obj.attr("__name__") = def.name;
    m.attr(def.name) = obj;
  }
}

}  // namespace cunum::py
