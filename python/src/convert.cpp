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
// is allocated once and deliberately never destroyed: they are released by
// the end of the process, never by a destructor. Every Python object cunum's
// C++ code keeps beyond one call goes here (or is a leaked nb::handle).
// tests/python/test_exit.py runs the paths that fill it and checks the exit.
struct PythonRefs {
  nb::object asarray;   // cunum._convert.asarray(obj) -> cunum ndarray
  nb::object dtype_of;  // cunum._convert.dtype_code(obj) -> int (DType)
  nb::object np_dtypes[kNumDTypes];
  nb::object np_generic;  // numpy.generic, the base of NumPy's scalar types
};
PythonRefs& refs() {
  static PythonRefs* r = new PythonRefs;  // never destroyed (see above)
  return *r;
}
}  // namespace

void set_python_helpers(nb::object asarray, nb::object dtype_of) {
  refs().asarray = asarray;
  refs().dtype_of = dtype_of;
  // numpy.dtype objects are made on first use (NumPy is not imported by
  // `import cunum`: Note [Lazy NumPy] in python/cunum/__init__.py).
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
  nb::object r = refs().asarray(h);
  return nb::cast<ndarray>(r);
}

ndarray as_array(nb::handle h, DType d) {
  return nb::cast<ndarray>(refs().asarray(h, numpy_dtype(d)));
}

bool is_numpy_scalar(nb::handle h) {
  nb::object& generic = refs().np_generic;
  if (!generic.is_valid()) generic = nb::module_::import_("numpy").attr("generic");
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
  return static_cast<DType>(nb::cast<int>(refs().dtype_of(h)));
}

nb::object numpy_dtype(DType d) {
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
