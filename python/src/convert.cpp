#include "convert.hpp"

#include <nanobind/stl/string.h>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"

namespace cunum::py {

namespace {
// Note [Python objects in static storage]
// A Python object held by a C++ static is released by the C `exit()` handlers,
// after the interpreter has finalized: dropping the last reference then calls
// into a dead interpreter (a fatal "PyThreadState_Get ... GIL is released" or a
// segfault at exit). So the module's Python references live in one struct that
// is allocated once and never destroyed by a destructor. Keeping them to the
// end of the process is not enough either: a kept Python function keeps its
// module's globals (a dict the teardown then never clears), and through them
// cunum arrays and the _core module, which nanobind reports at exit ("nanobind:
// leaked N instances", then every type and function). So release_python_refs,
// run by Python's atexit (python/cunum/_convert.py) while the interpreter is
// whole, drops them all; a call after it imports what it needs afresh and
// keeps nothing. Every Python object cunum's C++ code keeps beyond one call
// goes here. tests/python/test_exit.py runs the paths that fill it and checks
// the exit (status 0, no leak report).
struct PythonRefs {
  nb::object functions[kNumPythonFunctions];
  nb::object np_dtypes[kNumDTypes];
  nb::object np_generic;  // numpy.generic, the base of NumPy's scalar types
  bool released = false;  // after release_python_refs: keep nothing
};
PythonRefs& refs() {
  static PythonRefs* r = new PythonRefs;  // never destroyed (see above)
  return *r;
}

// The module and attribute of each PythonFunction.
constexpr const char* kFunctionPlaces[kNumPythonFunctions][2] = {
    {"cunum._convert", "asarray"},
    {"cunum._convert", "dtype_code"},
    {"cunum._routines.indexing", "_index_array"},
    {"cunum._routines.indexing", "_key_array"},
    {"numpy", "shape"},
};

nb::object import_attr(const char* module, const char* name) {
  return nb::module_::import_(module).attr(name);
}
}  // namespace

nb::object python_function(PythonFunction f) {
  const auto* place = kFunctionPlaces[static_cast<int>(f)];
  PythonRefs& r = refs();
  if (r.released) return import_attr(place[0], place[1]);
  nb::object& kept = r.functions[static_cast<int>(f)];
  if (!kept.is_valid()) kept = import_attr(place[0], place[1]);
  return kept;
}

void set_python_helpers(nb::object asarray, nb::object dtype_of) {
  // Set by cunum._convert as it is imported (a lookup through its module
  // would find it half made). numpy.dtype objects are made on first use
  // (NumPy is not imported by `import cunum`: Note [Lazy NumPy] in
  // python/cunum/__init__.py).
  PythonRefs& r = refs();
  r.released = false;
  r.functions[static_cast<int>(PythonFunction::Asarray)] = asarray;
  r.functions[static_cast<int>(PythonFunction::DtypeCode)] = dtype_of;
}

void release_python_refs(nb::tuple modules) {
  // Note [Module globals at teardown]
  // The teardown clears the globals of the modules still alive at its end,
  // not of a module freed earlier whose dict something still holds. Python
  // methods of cunum.ndarray hold their modules' dicts; a cunum array in one
  // of those (a cached random state, a memory pool, a plan cache) holds the
  // type, and a nanobind instance is invisible to the cycle collector: the
  // array, the type and every function would outlive the interpreter
  // (nanobind's leak report). Holding the cunum modules to the end (a
  // reference deliberately never dropped) has the teardown clear them all.
  static PyObject* kept_modules = nullptr;
  Py_XDECREF(kept_modules);
  kept_modules = Py_NewRef(modules.ptr());
  PythonRefs& r = refs();
  r.released = true;
  for (nb::object& o : r.functions) o = nb::object();
  for (nb::object& o : r.np_dtypes) o = nb::object();
  r.np_generic = nb::object();
}

std::optional<Scalar> python_scalar(nb::handle h) {
  PyObject* o = h.ptr();
  if (PyBool_Check(o)) return Scalar(o == Py_True);
  if (PyLong_CheckExact(o)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (!overflow) return Scalar(v);
    if (overflow > 0) {
      unsigned long long u = PyLong_AsUnsignedLongLong(o);
      if (!PyErr_Occurred()) return Scalar(u);
      PyErr_Clear();
    }
    double approx = PyLong_AsDouble(o);
    if (PyErr_Occurred()) {
      PyErr_Clear();
      approx = overflow > 0 ? 1e308 : -1e308;
    }
    return Scalar::big_int(approx, nb::cast<std::string>(nb::str(h)));
  }
  if (PyFloat_CheckExact(o)) return Scalar(PyFloat_AS_DOUBLE(o));
  if (PyComplex_CheckExact(o)) return Scalar(PyComplex_RealAsDouble(o), PyComplex_ImagAsDouble(o));
  return std::nullopt;
}

ndarray as_array(nb::handle h) {
  ndarray* a = nullptr;
  if (nb::try_cast<ndarray*>(h, a) && a) return *a;
  nb::object r = python_function(PythonFunction::Asarray)(h);
  return nb::cast<ndarray>(r);
}

ndarray as_array(nb::handle h, DType d) {
  return nb::cast<ndarray>(python_function(PythonFunction::Asarray)(h, numpy_dtype(d)));
}

bool is_numpy_scalar(nb::handle h) {
  nb::object generic = refs().np_generic;
  if (!generic.is_valid()) {
    generic = import_attr("numpy", "generic");
    if (!refs().released) refs().np_generic = generic;
  }
  const int r = PyObject_IsInstance(h.ptr(), generic.ptr());
  if (r < 0) throw nb::python_error();
  return r != 0;
}

Operand as_operand(nb::handle h) {
  ndarray* a = nullptr;
  if (nb::try_cast<ndarray*>(h, a) && a) return Operand::borrow(*a);  // h outlives the call
  if (auto s = python_scalar(h)) return Operand(*s);
  return Operand(as_array(h));
}

nb::object scalar_to_python(const Scalar& s) {
  switch (s.kind) {
    case Scalar::Kind::Bool: return nb::bool_(s.b);
    case Scalar::Kind::Int: return nb::int_(s.i);
    case Scalar::Kind::UInt: return nb::steal(PyLong_FromUnsignedLongLong(s.u));
    case Scalar::Kind::Float: return nb::float_(s.re);
    default: return nb::steal(PyComplex_FromDoubles(s.re, s.im));
  }
}

DType as_dtype(nb::handle h) {
  if (PyLong_CheckExact(h.ptr())) throw TypeError("Cannot interpret '" + nb::cast<std::string>(nb::repr(h)) + "' as a data type");
  return static_cast<DType>(nb::cast<int>(python_function(PythonFunction::DtypeCode)(h)));
}

nb::object numpy_dtype(DType d) {
  if (refs().released) return import_attr("numpy", "dtype")(std::string(dtype_name(d)));
  nb::object* all = refs().np_dtypes;
  nb::object& r = all[static_cast<int>(d)];
  if (!r.is_valid()) {
    nb::object np_dtype = nb::module_::import_("numpy").attr("dtype");
    for (int i = 0; i < kNumDTypes; ++i)
      all[i] = np_dtype(std::string(dtype_name(static_cast<DType>(i))));
  }
  return r;
}

}  // namespace cunum::py
