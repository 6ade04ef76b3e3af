// Sorting, searching and set routines: python/cunum/_routines/sorting.py and
// sets.py call these (NumPy's keyword checks — kind=, stable=, side=, kth —
// are done there; axes are parsed here with args.hpp's converter).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/error.hpp"
#include "cunum/sorting.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
nb::object opt_result(const std::optional<ndarray>& a) { return a ? nb::cast(*a) : nb::none(); }
}  // namespace

void bind_sorting(nb::module_& m) {
  m.def("_sort", [](const ndarray& a, nb::handle axis, bool stable) { return sort(a, opt_axis(axis), stable); },
        nb::arg(), nb::arg().none(), nb::arg());
  m.def("_sort_inplace", [](const ndarray& a, nb::handle axis, bool stable) {
    sort_inplace(a, as_index(axis), stable);
  });
  m.def("_argsort", [](const ndarray& a, nb::handle axis) { return argsort(a, opt_axis(axis)); }, nb::arg(),
        nb::arg().none());
  m.def("_partition", [](const ndarray& a, const std::vector<int64_t>& kth, nb::handle axis, bool arg) {
    return arg ? argpartition(a, kth, opt_axis(axis)) : partition(a, kth, opt_axis(axis));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg());
  m.def("_lexsort", [](const std::vector<ndarray>& keys, nb::handle axis) { return lexsort(keys, as_index(axis)); });
  m.def("_sort_complex", [](const ndarray& a) { return sort_complex(a); });
  m.def("_searchsorted", [](const ndarray& a, const ndarray& v, bool right, std::optional<ndarray> sorter) {
    return searchsorted(a, v, right, sorter);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_digitize", [](const ndarray& x, const ndarray& bins, bool right) { return digitize(x, bins, right); });
  m.def("_unique", [](const ndarray& a, bool ri, bool rv, bool rc, nb::handle axis, bool equal_nan) {
    UniqueOptions o;
    o.return_index = ri;
    o.return_inverse = rv;
    o.return_counts = rc;
    o.axis = opt_axis(axis);
    o.equal_nan = equal_nan;
    UniqueResult r = unique(a, o);
    return nb::make_tuple(r.values, opt_result(r.index), opt_result(r.inverse), opt_result(r.counts));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg());
  m.def("_isin", [](const ndarray& e, const ndarray& t, bool assume_unique, bool invert) {
    return isin(e, t, assume_unique, invert);
  });
  m.def("_intersect1d", [](const ndarray& a, const ndarray& b, bool assume_unique, bool ri) {
    IntersectResult r = intersect1d(a, b, assume_unique, ri);
    return nb::make_tuple(r.values, opt_result(r.indices1), opt_result(r.indices2));
  });
  m.def("_union1d", [](const ndarray& a, const ndarray& b) { return union1d(a, b); });
  m.def("_setdiff1d", [](const ndarray& a, const ndarray& b, bool au) { return setdiff1d(a, b, au); });
  m.def("_setxor1d", [](const ndarray& a, const ndarray& b, bool au) { return setxor1d(a, b, au); });
}

}  // namespace cunum::py
