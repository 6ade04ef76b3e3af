#include "errors.hpp"

#include <nanobind/stl/string.h>

#include "cunum/error.hpp"
#include "cunum/sync_detect.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
// Never released: Note [Python objects in static storage] (convert.cpp).
PyObject* g_oom_type = nullptr;
PyObject* g_sync_type = nullptr;
}  // namespace

void set_out_of_memory_type(PyObject* type) { g_oom_type = type; }
void set_device_synchronized_type(PyObject* type) { g_sync_type = type; }

void translate_cunum_exception(const std::exception_ptr& p) {
  try {
    std::rethrow_exception(p);
  } catch (const AxisError& e) {
    nb::object exc = nb::module_::import_("numpy.exceptions").attr("AxisError");
    // AxisError(axis, ndim[, msg_prefix]) formats NumPy's own message.
    nb::object inst = e.prefix.empty() ? exc(e.axis, e.ndim) : exc(e.axis, e.ndim, e.prefix);
    PyErr_SetObject(exc.ptr(), inst.ptr());
  } catch (const LinAlgError& e) {
    nb::object exc = nb::module_::import_("numpy.linalg").attr("LinAlgError");
    PyErr_SetString(exc.ptr(), e.what());
  } catch (const TypeError& e) {
    PyErr_SetString(PyExc_TypeError, e.what());
  } catch (const IndexError& e) {
    PyErr_SetString(PyExc_IndexError, e.what());
  } catch (const ValueError& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const ZeroDivisionError& e) {
    PyErr_SetString(PyExc_ZeroDivisionError, e.what());
  } catch (const OverflowError& e) {
    PyErr_SetString(PyExc_OverflowError, e.what());
  } catch (const OutOfMemoryError& e) {
    PyErr_SetString(g_oom_type ? g_oom_type : PyExc_MemoryError, e.what());
  } catch (const DeviceSynchronized& e) {
    PyErr_SetString(g_sync_type ? g_sync_type : PyExc_RuntimeError, e.what());
  } catch (const Error& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
}

void set_python_error(const std::exception_ptr& p) noexcept {
  try {
    translate_cunum_exception(p);
  } catch (nb::python_error& e) {
    e.restore();
  } catch (const nb::builtin_exception& e) {
    PyObject* t = PyExc_RuntimeError;
    switch (e.type()) {
      case nb::exception_type::index_error: t = PyExc_IndexError; break;
      case nb::exception_type::key_error: t = PyExc_KeyError; break;
      case nb::exception_type::value_error: t = PyExc_ValueError; break;
      case nb::exception_type::type_error: t = PyExc_TypeError; break;
      case nb::exception_type::attribute_error: t = PyExc_AttributeError; break;
      default: break;
    }
    PyErr_SetString(t, e.what());
  } catch (const nb::cast_error&) {
    PyErr_SetString(PyExc_TypeError, "cunum: an argument has an unsupported type");
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  } catch (...) {
    PyErr_SetString(PyExc_SystemError, "cunum: unknown C++ exception");
  }
}

}  // namespace cunum::py
