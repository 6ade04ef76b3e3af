// The shared argument parsers (args.hpp).
#include "args.hpp"

// Every file that casts to std::string must see this caster (else the
// generic one, which raises std::bad_cast, may be the instantiation linked).
#include <nanobind/stl/string.h>

#include <string>

#include "cunum/error.hpp"

namespace cunum::py {

namespace {
// A Python int (after __index__) as int64; past int64, NumPy's errors: a
// dimension "Maximum allowed dimension exceeded", any other integer
// CPython's OverflowError (never nanobind's std::bad_cast).
int64_t int64_of(nb::handle l, bool dimension) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(l.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  if (overflow && dimension) throw ValueError("Maximum allowed dimension exceeded");
  if (overflow) throw OverflowError("Python int too large to convert to C long");
  return v;
}
}  // namespace

int64_t as_index(nb::handle h) {
  if (!PyIndex_Check(h.ptr()))
    throw TypeError("'" + nb::cast<std::string>(nb::str(h.type().attr("__name__"))) +
                    "' object cannot be interpreted as an integer");
  // __index__ may still refuse (a NumPy array of several elements has one
  // that raises TypeError): its Python error propagates.
  PyObject* i = PyNumber_Index(h.ptr());
  if (!i) throw nb::python_error();
  return int64_of(nb::steal(i), false);
}

// Note [Python ints beyond int64 in indices]
// As NumPy (through CPython's slice handling): a slice bound or step beyond
// int64 is clamped to it; an integer index in (INT64_MAX, UINT64_MAX] raises
// OverflowError, and one further out the IndexError NumPy gives for an index
// it cannot read. Never std::bad_cast.
namespace {
nb::object as_pylong(nb::handle h, const char* what) {
  if (PyLong_Check(h.ptr())) return nb::borrow(h);
  if (!PyIndex_Check(h.ptr())) throw TypeError(what);
  PyObject* r = PyNumber_Index(h.ptr());
  if (!r) throw nb::python_error();
  return nb::steal(r);
}
}  // namespace

std::optional<int64_t> opt_index(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  nb::object l = as_pylong(h, "slice indices must be integers or None or have an __index__ method");
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(l.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  if (overflow) return overflow > 0 ? INT64_MAX : INT64_MIN;
  return v;
}

int64_t integer_index(nb::handle h) {
  nb::object l = as_pylong(h, kNumpyBadIndex);
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(l.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  if (!overflow) return v;
  if (overflow > 0) {
    (void)PyLong_AsUnsignedLongLong(l.ptr());
    if (!PyErr_Occurred()) throw OverflowError("Python int too large to convert to C long");
    PyErr_Clear();
  }
  throw IndexError(kNumpyBadIndex);
}

std::optional<std::vector<int64_t>> opt_axes(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  std::vector<int64_t> r;
  if (PyTuple_Check(h.ptr()) || PyList_Check(h.ptr())) {
    for (nb::handle x : h) r.push_back(as_index(x));
  } else {
    r.push_back(as_index(h));
  }
  return r;
}

std::optional<int64_t> opt_axis(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  if (PyBool_Check(h.ptr())) throw TypeError("an integer is required for the axis");
  nb::object l = nb::steal(PyNumber_Index(h.ptr()));
  if (!l.is_valid()) throw nb::python_error();  // NumPy's TypeError: "'float' object cannot be ..."
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(l.ptr(), &overflow);
  if (overflow) throw OverflowError("Python int too large to convert to C long");
  return v;
}

ClipMode clip_mode(nb::handle h) {
  if (h.is_none()) return ClipMode::Raise;
  std::string s;
  if (PyUnicode_Check(h.ptr())) {
    s = nb::cast<std::string>(h);
  } else if (PyBytes_Check(h.ptr())) {
    s.assign(PyBytes_AS_STRING(h.ptr()), static_cast<size_t>(PyBytes_GET_SIZE(h.ptr())));
  } else {
    // An integer: NumPy's NPY_CLIP, NPY_WRAP, NPY_RAISE.
    if (PyBool_Check(h.ptr()) || PyFloat_Check(h.ptr()) || !PyIndex_Check(h.ptr()))
      throw TypeError("clipmode not understood");
    nb::object l = nb::steal(PyNumber_Index(h.ptr()));
    if (!l.is_valid()) throw nb::python_error();
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(l.ptr(), &overflow);
    if (!overflow && v >= 0 && v <= 2) return v == 0 ? ClipMode::Clip : v == 1 ? ClipMode::Wrap : ClipMode::Raise;
    throw ValueError("integer clipmode must be RAISE, WRAP, or CLIP from 'numpy._core.multiarray'");
  }
  if (s == "raise") return ClipMode::Raise;
  if (s == "wrap") return ClipMode::Wrap;
  if (s == "clip") return ClipMode::Clip;
  // NumPy 2 rejects what NumPy 1 took with a warning (a first letter's match).
  if (!s.empty() && std::string("cCwWrR").find(s[0]) != std::string::npos)
    throw ValueError("Use one of 'clip', 'raise', or 'wrap' for clip mode");
  throw ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' (got " +
                   nb::cast<std::string>(nb::repr(h)) + ")");
}

Shape as_shape(nb::handle h) {
  Shape s;
  if (PyLong_Check(h.ptr()) || nb::hasattr(h, "__index__")) {
    if (!PySequence_Check(h.ptr())) {
      s.push_back(int64_of(nb::int_(h), true));
      return s;
    }
  }
  for (nb::handle item : h) {
    if (!PyLong_Check(item.ptr()) && !nb::hasattr(item, "__index__"))
      throw TypeError("'" + nb::cast<std::string>(nb::str(item.type().attr("__name__"))) +
                      "' object cannot be interpreted as an integer");
    s.push_back(int64_of(nb::int_(item), true));
  }
  return s;
}

std::optional<DType> opt_dtype(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return as_dtype(h);
}

std::optional<Device> opt_device(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return nb::cast<Device>(h);
}

std::optional<ndarray> opt_out(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  ndarray* o = nullptr;
  if (!nb::try_cast<ndarray*>(h, o) || !o) throw TypeError("output must be an array");
  return *o;
}

Scalar to_scalar(nb::handle h) {
  if (auto s = python_scalar(h)) return *s;
  ndarray a = as_array(h);
  if (a.size() != 1) throw TypeError("expected a scalar");
  return a.item();
}

bool truthy(nb::handle h) {
  const int r = PyObject_IsTrue(h.ptr());
  if (r < 0) throw nb::python_error();
  return r != 0;
}

}  // namespace cunum::py
