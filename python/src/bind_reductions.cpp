// Module-level functions: creation, manipulation, reductions. Signatures are
// simple here; python/cunum parses NumPy's full ones.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "bindings.hpp"
#include "convert.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufunc.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace cunum::py {

namespace {
std::optional<DType> opt_dtype(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return as_dtype(h);
}
Scalar to_scalar(nb::handle h) {
  if (auto s = python_scalar(h)) return *s;
  ndarray a = as_array(h);
  if (a.size() != 1) throw TypeError("expected a scalar");
  return a.item();
}
int64_t as_index(nb::handle h) {
  if (!PyIndex_Check(h.ptr()))
    throw TypeError("'" + nb::cast<std::string>(nb::str(h.type().attr("__name__"))) +
                    "' object cannot be interpreted as an integer");
  return nb::cast<int64_t>(nb::steal(PyNumber_Index(h.ptr())));
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
std::optional<ndarray> opt_out(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  ndarray* o = nullptr;
  if (!nb::try_cast<ndarray*>(h, o) || !o) throw TypeError("output must be an array");
  return *o;
}
// NumPy's reductions take an int or a tuple of ints (a list is a TypeError).
ReduceOptions ropts(nb::handle axis, bool keepdims, nb::handle dtype, nb::handle out) {
  if (PyList_Check(axis.ptr())) throw TypeError("'list' object cannot be interpreted as an integer");
  const bool is_int = !axis.is_none() && !PyTuple_Check(axis.ptr());
  return ReduceOptions{opt_axes(axis), keepdims, opt_dtype(dtype), opt_out(out), is_int};
}
bool truthy(nb::handle h) {
  const int r = PyObject_IsTrue(h.ptr());
  if (r < 0) throw nb::python_error();
  return r != 0;
}
std::optional<Device> opt_device(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  return nb::cast<Device>(h);
}
}  // namespace

void bind_functions(nb::module_& m) {
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

  // Manipulation
  m.def("_ravel", [](const ndarray& a, const std::string& order) { return ravel(a, order[0]); });
  m.def("_flatten", [](const ndarray& a, const std::string& order) { return flatten(a, order[0]); });
  m.def("_swapaxes", &swapaxes);
  m.def("_moveaxis", &moveaxis);
  m.def("_squeeze", [](const ndarray& a, nb::handle axis) { return squeeze(a, opt_axes(axis)); }, nb::arg(), nb::arg().none());
  m.def("_expand_dims", [](const ndarray& a, nb::handle axis) { return expand_dims(a, *opt_axes(axis)); }, nb::arg(), nb::arg().none());
  m.def("_broadcast_to", [](const ndarray& a, nb::handle shape) { return broadcast_to(a, as_shape(shape)); }, nb::arg(), nb::arg().none());
  m.def("_broadcast_shapes", [](const std::vector<Shape>& shapes) { return broadcast_shapes(shapes); });

  // Reductions: one function per row of CUNUM_FOR_EACH_REDUCTION, and, for the
  // rows NumPy has as ndarray methods (argmin/argmax: python/cunum), the
  // method with NumPy's signature, bound here rather than as a Python wrapper:
  // `x.sum()` is one nanobind call, not four Python frames. As NumPy, a given
  // `out` is returned as the very object passed.
  nb::object nd = m.attr("ndarray");
  auto method = [&](const char* name, nb::object fn) { nb::setattr(nd, name, fn); };
#define CUNUM_RED_FN(fn)                                                                      \
  m.def("_" #fn, [](const ndarray& a, nb::handle axis, bool keepdims, nb::handle dtype,       \
                    nb::handle out) { return cunum::fn(a, ropts(axis, keepdims, dtype, out)); }, \
        nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg().none());
#define CUNUM_RED_METHOD_Sum(fn)                                                               \
  method(#fn, nb::cpp_function(                                                                \
      [](const ndarray& a, nb::handle axis, nb::handle dtype, nb::handle out,                   \
         nb::handle keepdims) -> nb::object {                                                   \
        ndarray r = cunum::fn(a, ropts(axis, truthy(keepdims), dtype, out));                    \
        if (!out.is_none()) return nb::borrow(out);                                              \
        return nb::cast(std::move(r));                                                           \
      },                                                                                         \
      nb::is_method(), nb::name(#fn), "axis"_a.none() = nb::none(),                           \
      "dtype"_a.none() = nb::none(), "out"_a.none() = nb::none(),                               \
      "keepdims"_a.none() = false));
#define CUNUM_RED_METHOD_Extremum(fn)                                                          \
  method(#fn, nb::cpp_function(                                                                \
      [](const ndarray& a, nb::handle axis, nb::handle out, nb::handle keepdims) -> nb::object { \
        ndarray r = cunum::fn(a, ropts(axis, truthy(keepdims), nb::none(), out));               \
        if (!out.is_none()) return nb::borrow(out);                                              \
        return nb::cast(std::move(r));                                                           \
      },                                                                                         \
      nb::is_method(), nb::name(#fn), "axis"_a.none() = nb::none(),                           \
      "out"_a.none() = nb::none(), "keepdims"_a.none() = false));
#define CUNUM_RED_METHOD_Truth(fn) CUNUM_RED_METHOD_Extremum(fn)
#define CUNUM_RED_METHOD(fn, kind, is_method) CUNUM_RED_METHOD_IF_##is_method(fn, kind)
#define CUNUM_RED_METHOD_IF_true(fn, kind) CUNUM_RED_METHOD_##kind(fn)
#define CUNUM_RED_METHOD_IF_false(fn, kind)
#define CUNUM_RED_BIND_Sum(fn, is_method) CUNUM_RED_FN(fn) CUNUM_RED_METHOD(fn, Sum, is_method)
#define CUNUM_RED_BIND_NanSum(fn, is_method) CUNUM_RED_FN(fn) CUNUM_RED_METHOD(fn, Sum, is_method)
#define CUNUM_RED_BIND_Extremum(fn, is_method) CUNUM_RED_FN(fn) CUNUM_RED_METHOD(fn, Extremum, is_method)
#define CUNUM_RED_BIND_Truth(fn, is_method) CUNUM_RED_FN(fn) CUNUM_RED_METHOD(fn, Truth, is_method)
#define CUNUM_RED_BIND_Arg(fn, is_method)                                                    \
  m.def("_" #fn, [](const ndarray& a, nb::handle axis, bool keepdims, nb::handle out) {       \
    std::optional<int64_t> ax;                                                                 \
    if (!axis.is_none()) ax = as_index(axis);                                                  \
    return cunum::fn(a, ax, keepdims, opt_out(out));                                           \
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none());
#define CUNUM_X(name, ufunc, kind, is_method) CUNUM_RED_BIND_##kind(name, is_method)
  CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
  CUNUM_RED_METHOD_Sum(mean)
#undef CUNUM_RED_FN
#undef CUNUM_RED_METHOD_Sum
#undef CUNUM_RED_METHOD_Extremum
#undef CUNUM_RED_METHOD_Truth
#undef CUNUM_RED_METHOD
#undef CUNUM_RED_METHOD_IF_true
#undef CUNUM_RED_METHOD_IF_false
#undef CUNUM_RED_BIND_Sum
#undef CUNUM_RED_BIND_NanSum
#undef CUNUM_RED_BIND_Extremum
#undef CUNUM_RED_BIND_Truth
#undef CUNUM_RED_BIND_Arg
  // The table, for python/cunum/_reductions.py: (name, kind, is a method) per row.
  {
    nb::list table;
    static const char* const kKinds[] = {"sum", "sum", "extremum", "truth", "arg"};
    for (const core::ReduceInfo& r : core::kReduceInfo)
      table.append(nb::make_tuple(r.name, kKinds[static_cast<int>(r.kind)], r.method));
    m.attr("_reductions") = table;
  }
  m.def("_mean", [](const ndarray& a, nb::handle axis, bool keepdims, nb::handle dtype, nb::handle out) {
    return mean(a, ropts(axis, keepdims, dtype, out));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg().none());
}

}  // namespace cunum::py
