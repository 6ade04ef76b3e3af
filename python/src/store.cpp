#include "store.hpp"

#include <string>

#include "convert.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/warnings.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
// Note [Storing a value: NumPy 2's rules]
// NumPy packs a scalar into an element (PyArray_Pack) by one of two roads:
// - "setitem", for Python's bool/int/float/complex and, when the target is a
//   signed integer, for every NumPy scalar too: an integer target takes
//   int(value) (NaN: ValueError, inf: OverflowError, complex: TypeError) and
//   checks that it fits (OverflowError); a float target takes float(value)
//   (a Python int beyond double: OverflowError; complex: TypeError).
// - a cast from the scalar's own dtype (unsafe, C-like: what astype does) for
//   every other NumPy scalar, and for 0-d arrays.
// A list or tuple is converted with the target's dtype (numpy.asarray(v,
// dtype)), so [2**63 - 1, 2**63] keeps its precision in uint64, [300, 1]
// into uint8 raises and [1j, 2] into float64 raises as in NumPy.
Scalar fitted_int(nb::handle v, DType d) {
  PyObject* o = v.ptr();
  if (PyComplex_CheckExact(o))  // NumPy's complex scalars convert (dropping the imaginary part)
    throw TypeError("int() argument must be a string, a bytes-like object or a real number, not 'complex'");
  nb::object n = PyLong_Check(o) ? nb::borrow(v) : nb::steal(PyNumber_Long(o));
  if (!n.is_valid()) throw nb::python_error();
  int overflow = 0;
  const long long x = PyLong_AsLongLongAndOverflow(n.ptr(), &overflow);
  if (x == -1 && PyErr_Occurred()) throw nb::python_error();
  if (overflow) {
    // uint32 and uint64 read the int as a C unsigned long first (NumPy's
    // setitem for uint8/uint16 reads a C long, as the signed types do).
    if (overflow > 0 && is_unsigned(d) && itemsize(d) >= 4) {
      const unsigned long long u = PyLong_AsUnsignedLongLong(n.ptr());
      if (!PyErr_Occurred()) {
        Scalar s(u);
        s.check_fits(d);
        return s;
      }
      PyErr_Clear();
    }
    throw OverflowError("Python int too large to convert to C long");
  }
  Scalar s(x);
  s.check_fits(d);
  return s;
}

// The element value to store, or nullopt where NumPy casts (unsafe) instead.
std::optional<Scalar> packed_scalar(nb::handle v, DType d) {
  PyObject* o = v.ptr();
  const bool builtin = PyBool_Check(o) || PyLong_CheckExact(o) || PyFloat_CheckExact(o) ||
                       PyComplex_CheckExact(o);
  if (is_integer(d)) {
    if (builtin || (!is_unsigned(d) && is_numpy_scalar(v))) return fitted_int(v, d);
    return std::nullopt;
  }
  if (!builtin) return std::nullopt;
  if (is_bool(d) || PyBool_Check(o)) return python_scalar(v);
  if (PyComplex_CheckExact(o)) {
    if (!is_complex(d))
      throw TypeError("float() argument must be a string or a real number, not 'complex'");
    return python_scalar(v);
  }
  const double x = PyFloat_CheckExact(o) ? PyFloat_AS_DOUBLE(o) : PyLong_AsDouble(o);
  if (x == -1.0 && PyErr_Occurred()) throw nb::python_error();
  return Scalar(x);
}

// The array a non-scalar value stands for (lists and tuples take the target's dtype).
ndarray source_array(nb::handle v, DType d) {
  if (PyList_Check(v.ptr()) || PyTuple_Check(v.ptr())) return as_array(v, d);
  return as_array(v);
}
}  // namespace

void store_value(const ndarray& dst, nb::handle value) {
  if (!nb::isinstance<ndarray>(value)) {
    if (std::optional<Scalar> s = packed_scalar(value, dst.dtype())) {
      const_cast<ndarray&>(dst).fill(*s);
      return;
    }
  }
  index_assign(dst, {}, source_array(value, dst.dtype()));
}

void fill_value(ndarray& dst, nb::handle value) {
  const DType d = dst.dtype();
  if (is_bool(d)) {  // NumPy's fill stores bool(value), whatever value is
    const int r = PyObject_IsTrue(value.ptr());
    if (r < 0) throw nb::python_error();
    dst.fill(Scalar(r != 0));
    return;
  }
  if (!nb::isinstance<ndarray>(value)) {
    if (std::optional<Scalar> s = packed_scalar(value, d)) {
      dst.fill(*s);
      return;
    }
    if (PyList_Check(value.ptr()) || PyTuple_Check(value.ptr())) {
      const std::string type = Py_TYPE(value.ptr())->tp_name;
      if (is_integer(d))
        throw TypeError("int() argument must be a string, a bytes-like object or a real number, not '" +
                        type + "'");
      if (is_complex(d)) throw TypeError("must be real number, not " + type);
      throw ValueError("setting an array element with a sequence.");
    }
  }
  ndarray src = as_array(value);
  if (src.ndim() != 0) {
    if (is_complex(d)) throw TypeError("only 0-dimensional arrays can be converted to Python scalars");
    throw ValueError("setting an array element with a sequence.");
  }
  // NumPy converts a 0-d complex array to a real dtype with its ComplexWarning
  warn_if_discarding_imaginary(src.dtype(), d);
  dst.fill(src.item());
}

}  // namespace cunum::py
