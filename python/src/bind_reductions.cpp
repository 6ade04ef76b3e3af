// Reductions: one function per row of CUNUM_FOR_EACH_REDUCTION, and mean.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/error.hpp"
#include "cunum/reduction.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace cunum::py {

namespace {
// NumPy's reductions take an int or a tuple of ints (a list is a TypeError).
ReduceOptions ropts(nb::handle axis, bool keepdims, nb::handle dtype, nb::handle out) {
  if (PyList_Check(axis.ptr())) throw TypeError("'list' object cannot be interpreted as an integer");
  const bool is_int = !axis.is_none() && !PyTuple_Check(axis.ptr());
  return ReduceOptions{opt_axes(axis), keepdims, opt_dtype(dtype), opt_out(out), is_int};
}
}  // namespace

void bind_reductions(nb::module_& m) {
  // Reductions: one function per row of CUNUM_FOR_EACH_REDUCTION, and, for the
  // rows NumPy has as ndarray methods (argmin/argmax: python/cunum), the
  // method with NumPy's signature, made here rather than as a Python wrapper:
  // `x.sum()` is one nanobind call, not four Python frames. As NumPy, a given
  // `out` is returned as the very object passed. The methods go in
  // `_core._reduction_methods`; python/cunum/_ndarray.py attaches them to the
  // class (Note [ndarray methods in one place]).
  nb::dict methods;
  auto method = [&](const char* name, nb::object fn) { methods[name] = fn; };
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
#define CUNUM_RED_BIND_Moment(fn, is_method)  // internal rows (var, std: bind_statistics.cpp)
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
#undef CUNUM_RED_BIND_Moment
  // The table, for python/cunum/_routines/reductions.py: (name, kind, is a method) per row.
  {
    nb::list table;
    static const char* const kKinds[] = {"sum", "sum", "extremum", "truth", "arg", "moment"};
    for (const core::ReduceInfo& r : core::kReduceInfo)
      table.append(nb::make_tuple(r.name, kKinds[static_cast<int>(r.kind)], r.method));
    m.attr("_reductions") = table;
  }
  m.attr("_reduction_methods") = methods;
  m.def("_mean", [](const ndarray& a, nb::handle axis, bool keepdims, nb::handle dtype, nb::handle out) {
    return mean(a, ropts(axis, keepdims, dtype, out));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg().none());
}

}  // namespace cunum::py
