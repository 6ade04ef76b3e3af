// The arithmetic, comparison and unary operators of cunum.ndarray as type
// slots (nb_add, tp_richcompare, ...).
//
// Note [Operator slots]
// Bound as methods (__add__, __radd__ ...), every `x + y` went through
// CPython's slot_nb_add, a method lookup by name and nanobind's overload
// dispatch before reaching the ufunc: about 2000 instructions per call, as
// much as the planner itself. As slots, CPython calls these functions
// directly, with the operands in their written order for the forward and the
// reflected case alike (so one function serves __add__ and __radd__).
#include "bindings.hpp"
#include "convert.hpp"
#include "errors.hpp"
#include "cunum/error.hpp"
#include "cunum/linalg.hpp"
#include "cunum/ufunc.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
template <class F> PyObject* guarded(F&& f) noexcept {
  try {
    return f();
  } catch (...) {
    set_python_error(std::current_exception());
    return nullptr;
  }
}

PyObject* binary(const core::UfuncDef& u, PyObject* a, PyObject* b) {
  const Operand ops[2] = {as_operand(a), as_operand(b)};
  return nb::cast(apply_ufunc(u, ops, 2, {})).release().ptr();
}

PyObject* in_place(const core::UfuncDef& u, PyObject* self, PyObject* b) {
  ndarray& s = nb::cast<ndarray&>(nb::handle(self));
  const Operand ops[2] = {Operand::borrow(s), as_operand(b)};
  UfuncOptions o;
  o.out = s;
  apply_ufunc(u, ops, 2, o);
  return Py_NewRef(self);
}

PyObject* unary(const core::UfuncDef& u, PyObject* a) {
  const Operand op(nb::cast<const ndarray&>(nb::handle(a)));
  return nb::cast(apply_ufunc(u, &op, 1, {})).release().ptr();
}

// Each ufunc's definition, looked up once.
#define CUNUM_UF(name)                                                \
  [] () -> const core::UfuncDef& {                                    \
    static const core::UfuncDef& d = core::ufunc_by_name(#name);      \
    return d;                                                         \
  }()

#define CUNUM_BINARY_SLOTS(name)                                                                      \
  PyObject* name##_slot(PyObject* a, PyObject* b) noexcept {                                          \
    return guarded([&] { return binary(CUNUM_UF(name), a, b); });                                     \
  }                                                                                                   \
  PyObject* name##_inplace_slot(PyObject* a, PyObject* b) noexcept {                                  \
    return guarded([&] { return in_place(CUNUM_UF(name), a, b); });                                   \
  }
CUNUM_BINARY_SLOTS(add)
CUNUM_BINARY_SLOTS(subtract)
CUNUM_BINARY_SLOTS(multiply)
CUNUM_BINARY_SLOTS(divide)
CUNUM_BINARY_SLOTS(floor_divide)
CUNUM_BINARY_SLOTS(remainder)
CUNUM_BINARY_SLOTS(bitwise_and)
CUNUM_BINARY_SLOTS(bitwise_or)
CUNUM_BINARY_SLOTS(bitwise_xor)
CUNUM_BINARY_SLOTS(left_shift)
CUNUM_BINARY_SLOTS(right_shift)
#undef CUNUM_BINARY_SLOTS

// NumPy's ndarray.__pow__ computes `a ** 2` as square(a): for a bool array
// that is an int8 result (power(a, 2) would give int64).
PyObject* power_slot(PyObject* a, PyObject* b, PyObject* mod) noexcept {
  return guarded([&]() -> PyObject* {
    if (mod != Py_None) return Py_NewRef(Py_NotImplemented);
    ndarray* x = nullptr;
    if (nb::try_cast<ndarray*>(nb::handle(a), x) && x && x->dtype() == DType::Bool && PyLong_CheckExact(b) &&
        PyLong_AsLongLong(b) == 2) {
      const ndarray i8 = x->astype(DType::Int8);
      const Operand ops[2] = {i8, i8};
      return nb::cast(apply_ufunc(CUNUM_UF(multiply), ops, 2, {})).release().ptr();
    }
    PyErr_Clear();
    return binary(CUNUM_UF(power), a, b);
  });
}
PyObject* power_inplace_slot(PyObject* a, PyObject* b, PyObject* mod) noexcept {
  return guarded([&]() -> PyObject* {
    if (mod != Py_None) return Py_NewRef(Py_NotImplemented);
    return in_place(CUNUM_UF(power), a, b);
  });
}

// `a @ b` and `a @= b` (NumPy's matmul; @= writes into a, which needs b to be
// a matrix or a stack of them).
PyObject* matmul_slot(PyObject* a, PyObject* b) noexcept {
  return guarded([&]() -> PyObject* {
    return nb::cast(matmul(as_array(nb::handle(a)), as_array(nb::handle(b)))).release().ptr();
  });
}
PyObject* matmul_inplace_slot(PyObject* a, PyObject* b) noexcept {
  return guarded([&]() -> PyObject* {
    ndarray& s = nb::cast<ndarray&>(nb::handle(a));
    const ndarray y = as_array(nb::handle(b));
    if (s.ndim() < 1 || y.ndim() < 2)
      throw ValueError("inplace matrix multiplication requires the first operand to have at least one and the "
                       "second at least two dimensions.");
    ProductOptions o;
    o.out = s;
    matmul(s, y, o);
    return Py_NewRef(a);
  });
}

PyObject* negative_slot(PyObject* a) noexcept { return guarded([&] { return unary(CUNUM_UF(negative), a); }); }
PyObject* positive_slot(PyObject* a) noexcept { return guarded([&] { return unary(CUNUM_UF(positive), a); }); }
PyObject* absolute_slot(PyObject* a) noexcept { return guarded([&] { return unary(CUNUM_UF(absolute), a); }); }
PyObject* invert_slot(PyObject* a) noexcept { return guarded([&] { return unary(CUNUM_UF(invert), a); }); }

// `a == b` and `a != b`. NumPy compares a value no array dtype of cunum holds
// (None, a string, a plain object) elementwise as Python objects: all False
// (all True for !=). cunum._ndarray._not_comparable makes that result, or
// returns None for a value whose own __eq__ NumPy would call; then the
// conversion's TypeError stands.
PyObject* equality(const core::UfuncDef& u, PyObject* a, PyObject* b, bool ne) {
  try {
    return binary(u, a, b);
  } catch (nb::python_error& e) {
    if (!e.matches(PyExc_TypeError)) throw;
    nb::object r = nb::module_::import_("cunum._ndarray").attr("_not_comparable")(
        nb::handle(a), nb::handle(b), ne);
    if (r.is_none()) throw;
    return r.release().ptr();
  }
}

PyObject* richcompare_slot(PyObject* a, PyObject* b, int op) noexcept {
  return guarded([&]() -> PyObject* {
    switch (op) {
      case Py_LT: return binary(CUNUM_UF(less), a, b);
      case Py_LE: return binary(CUNUM_UF(less_equal), a, b);
      case Py_EQ: return equality(CUNUM_UF(equal), a, b, false);
      case Py_NE: return equality(CUNUM_UF(not_equal), a, b, true);
      case Py_GT: return binary(CUNUM_UF(greater), a, b);
      default: return binary(CUNUM_UF(greater_equal), a, b);
    }
  });
}
#undef CUNUM_UF

template <class F> void* fn(F* f) { return reinterpret_cast<void*>(f); }
}  // namespace

const PyType_Slot* ndarray_operator_slots() {
  static const PyType_Slot slots[] = {
      {Py_nb_add, fn(&add_slot)},
      {Py_nb_inplace_add, fn(&add_inplace_slot)},
      {Py_nb_subtract, fn(&subtract_slot)},
      {Py_nb_inplace_subtract, fn(&subtract_inplace_slot)},
      {Py_nb_multiply, fn(&multiply_slot)},
      {Py_nb_inplace_multiply, fn(&multiply_inplace_slot)},
      {Py_nb_true_divide, fn(&divide_slot)},
      {Py_nb_inplace_true_divide, fn(&divide_inplace_slot)},
      {Py_nb_floor_divide, fn(&floor_divide_slot)},
      {Py_nb_inplace_floor_divide, fn(&floor_divide_inplace_slot)},
      {Py_nb_remainder, fn(&remainder_slot)},
      {Py_nb_inplace_remainder, fn(&remainder_inplace_slot)},
      {Py_nb_power, fn(&power_slot)},
      {Py_nb_inplace_power, fn(&power_inplace_slot)},
      {Py_nb_and, fn(&bitwise_and_slot)},
      {Py_nb_inplace_and, fn(&bitwise_and_inplace_slot)},
      {Py_nb_or, fn(&bitwise_or_slot)},
      {Py_nb_inplace_or, fn(&bitwise_or_inplace_slot)},
      {Py_nb_xor, fn(&bitwise_xor_slot)},
      {Py_nb_inplace_xor, fn(&bitwise_xor_inplace_slot)},
      {Py_nb_matrix_multiply, fn(&matmul_slot)},
      {Py_nb_inplace_matrix_multiply, fn(&matmul_inplace_slot)},
      {Py_nb_lshift, fn(&left_shift_slot)},
      {Py_nb_inplace_lshift, fn(&left_shift_inplace_slot)},
      {Py_nb_rshift, fn(&right_shift_slot)},
      {Py_nb_inplace_rshift, fn(&right_shift_inplace_slot)},
      {Py_nb_negative, fn(&negative_slot)},
      {Py_nb_positive, fn(&positive_slot)},
      {Py_nb_absolute, fn(&absolute_slot)},
      {Py_nb_invert, fn(&invert_slot)},
      {Py_tp_richcompare, fn(&richcompare_slot)},
      {Py_tp_hash, fn(&PyObject_HashNotImplemented)},  // arrays are unhashable, as NumPy's
      {0, nullptr},
  };
  return slots;
}

}  // namespace cunum::py
