// Indexing routines (NumPy's chapter): python/cunum/_routines/indexing.py
// calls these. Basic indexing itself (x[...]) is the ndarray type's
// (bind_ndarray.cpp).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include "args.hpp"
#include "bindings.hpp"
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
  static nb::handle convert = [] {
    nb::object f = nb::module_::import_("cunum._routines.indexing").attr("_index_array");
    return f.release();  // Note [Python objects in static storage] (convert.cpp)
  }();
  return nb::cast<ndarray>(convert(h, nb::cast(device)));
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
}

}  // namespace cunum::py
