// The _core extension: cunum's C++ API for the Python package. Argument
// parsing that NumPy does in C (ufunc calls, operators, indexing) is done here;
// the rest of NumPy's signatures are parsed in python/cunum.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "cunum/error.hpp"

namespace nb = nanobind;
using namespace cunum;

NB_MODULE(_core, m) {
  // A handle, never released: Note [Python objects in static storage] (convert.cpp).
  static nb::handle oom_type = PyErr_NewException("cunum._core.OutOfMemoryError", PyExc_MemoryError, nullptr);
  m.attr("OutOfMemoryError") = oom_type;
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const AxisError& e) {
      nb::object exc = nb::module_::import_("numpy.exceptions").attr("AxisError");
      // AxisError(axis, ndim[, msg_prefix]) formats NumPy's own message.
      nb::object inst = e.prefix.empty() ? exc(e.axis, e.ndim) : exc(e.axis, e.ndim, e.prefix);
      PyErr_SetObject(exc.ptr(), inst.ptr());
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
      PyErr_SetString(oom_type.ptr(), e.what());
    } catch (const Error& e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
    }
  });

  m.def("_set_python_helpers", &py::set_python_helpers);
  py::bind_dtypes(m);
  py::bind_ndarray(m);
  py::bind_ufuncs(m);
  py::bind_functions(m);
  py::bind_cuda(m);
}
