// Array creation (NumPy's chapter): python/cunum/_routines/creation.py parses
// NumPy's signatures and calls these.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/ufunc.hpp"

namespace nb = nanobind;

namespace cunum::py {

void bind_creation(nb::module_& m) {
  m.def("_empty", [](nb::handle shape, nb::handle dtype, const std::string& order, nb::handle dev) {
    return empty(as_shape(shape), opt_dtype(dtype).value_or(DType::Float64), opt_device(dev), order[0]);
  }, nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg().none());
  m.def("_full", [](nb::handle shape, nb::handle value, nb::handle dtype, const std::string& order,
                    nb::handle dev) {
    std::optional<DType> d = opt_dtype(dtype);
    if (auto s = python_scalar(value)) {
      ndarray r = empty(as_shape(shape), d.value_or(s->default_dtype()), opt_device(dev), order[0]);
      copyto(r, *s, Casting::Unsafe);  // NumPy's full: copyto(..., casting='unsafe')
      return r;
    }
    ndarray v = as_array(value);
    ndarray r = empty(as_shape(shape), d.value_or(v.dtype()), opt_device(dev), order[0]);
    copyto(r, v, Casting::Unsafe);
    return r;
  }, nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg().none());
  m.def("_empty_like", [](const ndarray& a, nb::handle dtype, const std::string& order,
                         nb::handle shape, nb::handle dev) {
    std::optional<Shape> s;
    if (!shape.is_none()) s = as_shape(shape);
    return empty_like(a, opt_dtype(dtype), order[0], s, opt_device(dev));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_arange", [](nb::handle start, nb::handle stop, nb::handle step, nb::handle dtype,
                      nb::handle dev) {
    return arange(to_scalar(start), to_scalar(stop), to_scalar(step), opt_dtype(dtype), opt_device(dev));
  }, nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  m.def("_linspace", [](nb::handle start, nb::handle stop, int64_t num, bool endpoint,
                        nb::handle dtype, nb::handle dev) {
    return linspace(to_scalar(start), to_scalar(stop), num, endpoint, opt_dtype(dtype), opt_device(dev));
  }, nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_logspace", [](nb::handle start, nb::handle stop, int64_t num, bool endpoint,
                        nb::handle base, nb::handle dtype, nb::handle dev) {
    return logspace(to_scalar(start), to_scalar(stop), num, endpoint, to_scalar(base),
                    opt_dtype(dtype), opt_device(dev));
  }, nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  m.def("_eye", [](int64_t n, std::optional<int64_t> mm, int64_t k, nb::handle dtype,
                   const std::string& order, nb::handle dev) {
    return eye(n, mm, k, opt_dtype(dtype).value_or(DType::Float64), opt_device(dev), order[0]);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none());
  m.def("_from_buffer", [](nb::handle buf, nb::handle shape, nb::handle dtype, nb::handle dev) {
    ndarray a = empty(as_shape(shape), as_dtype(dtype), opt_device(dev));
    Py_buffer view;
    if (PyObject_GetBuffer(buf.ptr(), &view, PyBUF_SIMPLE) != 0) throw nb::python_error();
    struct Release {
      Py_buffer* v;
      ~Release() { PyBuffer_Release(v); }
    } release{&view};
    if (view.len != a.nbytes()) throw ValueError("buffer size does not match the array");
    a.copy_from_host(view.buf);
    return a;
  }, nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg().none());
  m.def("_scalar_array", [](nb::handle value, nb::handle dtype, nb::handle dev) {
    return scalar_array(to_scalar(value), opt_dtype(dtype), opt_device(dev));
  }, nb::arg().none(), nb::arg().none(), nb::arg().none());
  m.def("_array", [](const ndarray& a, nb::handle dtype, bool copy, const std::string& order,
                     nb::handle dev) {
    return array(a, opt_dtype(dtype), copy, order[0], opt_device(dev));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_copyto", [](const ndarray& dst, nb::handle src, const std::string& casting, nb::handle where) {
    std::optional<ndarray> w;
    if (!where.is_none()) w = as_array(where);
    copyto(dst, as_operand(src), casting_from_string(casting), w);
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none());
}

}  // namespace cunum::py
