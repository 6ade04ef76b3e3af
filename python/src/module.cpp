// The _core extension: cunum's C++ API for the Python package. Argument
// parsing that NumPy does in C (ufunc calls, operators, indexing) is done here;
// the rest of NumPy's signatures are parsed in python/cunum.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "errors.hpp"
#include "cunum/error.hpp"
#include "cunum/interrupt.hpp"
#include "cunum/sync_detect.hpp"
#include "cunum/warnings.hpp"

namespace nb = nanobind;
using namespace cunum;
using namespace cunum::py;

namespace {
// Note [Interruptible waits]: a long wait for the GPU calls this every few
// milliseconds. It runs Python's signal handlers (in the main thread only:
// Python's rule); a handler that raised (Ctrl-C: KeyboardInterrupt) ends the
// wait with that exception. Waits may run with the GIL released
// (Stream.synchronize), so it is taken here; never during finalisation.
void check_python_signals() {
#if PY_VERSION_HEX >= 0x030D0000
  if (Py_IsFinalizing()) return;
#else
  if (_Py_IsFinalizing()) return;
#endif
  nb::gil_scoped_acquire gil;
  if (PyErr_CheckSignals() != 0) throw nb::python_error();
}

// Note [Warnings] (cunum/warnings.hpp): NumPy's warning, through Python's
// warnings machinery; an "error" filter makes it an exception, thrown here.
void python_warning(Warning w) {
  nb::gil_scoped_acquire gil;
  switch (w) {
    case Warning::ComplexDiscarded: {
      nb::object type = nb::module_::import_("numpy.exceptions").attr("ComplexWarning");
      if (PyErr_WarnEx(type.ptr(), "Casting complex values to real discards the imaginary part", 1) < 0)
        throw nb::python_error();
      return;
    }
  }
}
}  // namespace

NB_MODULE(_core, m) {
  // A handle, never released: Note [Python objects in static storage] (convert.cpp).
  static nb::handle oom_type = PyErr_NewException("cunum._core.OutOfMemoryError", PyExc_MemoryError, nullptr);
  m.attr("OutOfMemoryError") = oom_type;
  set_out_of_memory_type(oom_type.ptr());
  // cupyx.DeviceSynchronized, a RuntimeError (Note [Synchronization detection])
  static nb::handle sync_type =
      PyErr_NewException("cunumx.DeviceSynchronized", PyExc_RuntimeError, nullptr);
  m.attr("DeviceSynchronized") = sync_type;
  set_device_synchronized_type(sync_type.ptr());
  m.def("_set_synchronize_allowed", &set_synchronize_allowed);
  m.def("_synchronize_allowed", &synchronize_allowed);
  nb::register_exception_translator([](const std::exception_ptr& p, void*) { translate_cunum_exception(p); });

  set_interrupt_check(&check_python_signals);
  set_warning_handler(&python_warning);
  m.def("_set_python_helpers", &py::set_python_helpers);
  m.def("_release_python_refs", &py::release_python_refs);
  py::bind_dtypes(m);
  py::bind_ndarray(m);
  py::bind_ufuncs(m);
  py::bind_creation(m);
  py::bind_manipulation(m);
  py::bind_indexing(m);
  py::bind_sorting(m);
  py::bind_fft(m);
  py::bind_random(m);
  py::bind_linalg(m);
  py::bind_tiling(m);
  py::bind_indexing_routines(m);
  py::bind_reductions(m);
  py::bind_mathematical(m);
  py::bind_statistics(m);
  py::bind_cuda(m);
  py::bind_logic(m);
  py::bind_binary(m);
  py::bind_ufunc_methods(m);
  py::bind_interop(m);
  py::bind_printing(m);
  py::bind_user_kernels(m);
  py::bind_fusion(m);
  py::bind_window_functions(m);
}
