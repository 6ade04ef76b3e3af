// cunum's C++ exceptions as Python exceptions (NumPy's types and messages).
#pragma once
#include <nanobind/nanobind.h>

#include <exception>

namespace cunum::py {
// Sets the Python error for a cunum exception; any other exception is
// rethrown (nanobind's translator chain then handles it).
void translate_cunum_exception(const std::exception_ptr& p);
// Sets the Python error for any C++ exception: for code that Python calls
// directly through a type slot, outside nanobind's function dispatch.
void set_python_error(const std::exception_ptr& p) noexcept;
// The cunum.cuda.OutOfMemoryError type (made at module init).
void set_out_of_memory_type(PyObject* type);
// The cunumx.DeviceSynchronized type (made at module init).
void set_device_synchronized_type(PyObject* type);
}  // namespace cunum::py
