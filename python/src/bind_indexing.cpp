// Indexing routines (NumPy's chapter): python/cunum/_routines/indexing.py
// calls these. Basic indexing itself (x[...]) is the ndarray type's
// (bind_ndarray.cpp).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "args.hpp"
#include "bindings.hpp"
#include "index_key.hpp"
#include <nanobind/stl/vector.h>
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
// indices= of take (NumPy converts them to intp with same-kind casting): a
// cunum array as it is; anything else (lists, NumPy arrays and scalars,
// Python floats) through cunum._routines.indexing._index_array, which keeps
// an integer array's dtype and raises NumPy's errors, onto `device`.
ndarray index_array(nb::handle h, Device device) {
  ndarray* a = nullptr;
  if (nb::try_cast<ndarray*>(h, a) && a) return *a;
  return nb::cast<ndarray>(python_function(PythonFunction::IndexArray)(h, nb::cast(device)));
}
}  // namespace

void bind_indexing(nb::module_& m) {
  m.def("_take", [](const ndarray& a, nb::handle indices, nb::handle axis, nb::handle out, nb::handle mode) {
    // NumPy's order: the arguments' types, then the axis's range, then the indices.
    const std::optional<int64_t> ax = opt_axis(axis);
    const std::optional<ndarray> o = opt_out(out);
    const ClipMode cm = clip_mode(mode);
    if (ax) normalize_axis(*ax, a.ndim() > 0 ? a.ndim() : 1);
    if (PyLong_Check(indices.ptr())) {  // one index (a bool is 0 or 1): one dim fewer, no gather
      int overflow = 0;
      const long long i = PyLong_AsLongLongAndOverflow(indices.ptr(), &overflow);
      if (overflow) throw OverflowError("Python int too large to convert to C long");
      return take(a, static_cast<int64_t>(i), ax, o, cm);
    }
    return take(a, index_array(indices, a.device()), ax, o, cm);
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none());

  // The nonzero family (one wait for the device: the count).
  m.def("_nonzero", [](const ndarray& a) {
    const std::vector<ndarray> r = nonzero(a);
    nb::list l;
    for (const ndarray& x : r) l.append(nb::cast(x));
    return nb::tuple(l);
  });
  m.def("_flatnonzero", [](const ndarray& a) { return flatnonzero(a); });
  m.def("_argwhere", [](const ndarray& a) { return argwhere(a); });
  m.def("_count_nonzero", [](const ndarray& a, nb::handle axis, bool keepdims) {
    return count_nonzero(a, opt_axes(axis), keepdims, !axis.is_none() && !PyTuple_Check(axis.ptr()));
  }, nb::arg(), nb::arg().none(), nb::arg());
  m.def("_compress", [](const ndarray& condition, const ndarray& a, nb::handle axis, nb::handle out) {
    return compress(condition, a, opt_axis(axis), opt_out(out));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_extract", [](const ndarray& condition, const ndarray& a) { return extract(condition, a); });

  // Writes.
  m.def("_put", [](const ndarray& a, nb::handle ind, const ndarray& v, nb::handle mode) {
    const ClipMode cm = clip_mode(mode);
    put(a, index_array(ind, a.device()), v, cm);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_putmask", [](const ndarray& a, const ndarray& mask, const ndarray& v) { putmask(a, mask, v); });
  m.def("_place", [](const ndarray& a, const ndarray& mask, const ndarray& v) { place(a, mask, v); });
  m.def("_take_along_axis", [](const ndarray& a, const ndarray& indices, nb::handle axis) {
    return take_along_axis(a, indices, opt_axis(axis));
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_put_along_axis", [](const ndarray& a, const ndarray& indices, nb::handle values, nb::handle axis) {
    put_along_axis(a, indices, value_as_array(a, values), opt_axis(axis));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none());

  // a[...] = v's conversion of v (Python scalars and sequences take a's
  // dtype with NumPy's checks): put, putmask, place and flat's values.
  m.def("_value_array", [](const ndarray& a, nb::handle v) { return value_as_array(a, v); });
  // cunumx.scatter_add / scatter_max / scatter_min: kind 0, 1, 2.
  m.def("_scatter_op", [](const ndarray& a, nb::handle key, nb::handle value, int kind) {
    index_combine(a, parse_index_key(key, a), value_as_array(a, value), static_cast<ScatterKind>(kind));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg());
}

}  // namespace cunum::py
