// Tiling, padding, adding and removing elements, rollaxis, meshgrid (parts
// of NumPy's "Array manipulation routines" and "Padding arrays"):
// python/cunum/_routines/tiling.py and padding.py parse NumPy's signatures
// and call these.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "array_bases.hpp"
#include "bindings.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/padding.hpp"
#include "cunum/tiling.hpp"
#include "core/assign.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
// A list of (before, after) pairs of Python scalars (or None: an empty list).
std::vector<std::pair<Scalar, Scalar>> scalar_pairs(nb::handle h) {
  std::vector<std::pair<Scalar, Scalar>> r;
  if (h.is_none()) return r;
  for (nb::handle p : h) r.emplace_back(to_scalar(p[0]), to_scalar(p[1]));
  return r;
}

// obj of insert/delete as python/cunum/_routines/indexing.py passes it: a
// slice, a Python int, or an array (a host-side obj comes as a CPU array).
InsertObj insert_obj(nb::handle h) {
  if (PySlice_Check(h.ptr()))
    return Slice{opt_index(h.attr("start")), opt_index(h.attr("stop")), opt_index(h.attr("step"))};
  if (PyLong_Check(h.ptr()) && !PyBool_Check(h.ptr())) return as_index(h);
  return nb::cast<ndarray>(h);
}

std::vector<std::pair<std::optional<int64_t>, std::optional<int64_t>>> length_pairs(nb::handle h) {
  std::vector<std::pair<std::optional<int64_t>, std::optional<int64_t>>> r;
  if (h.is_none()) return r;
  auto one = [](nb::handle x) { return x.is_none() ? std::optional<int64_t>{} : std::optional<int64_t>(as_index(x)); };
  for (nb::handle p : h) r.emplace_back(one(p[0]), one(p[1]));
  return r;
}
}  // namespace

void bind_tiling(nb::module_& m) {
  m.def("_tile", [](const ndarray& a, const std::vector<int64_t>& reps) { return tile(a, reps); });
  m.def("_repeat", [](const ndarray& a, nb::handle repeats, nb::handle axis) {
    const std::optional<int64_t> ax = opt_axis(axis);
    if (PyLong_Check(repeats.ptr())) return repeat(a, as_index(repeats), ax);
    return repeat(a, nb::cast<ndarray>(repeats), ax);
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_rollaxis", [](const ndarray& a, nb::handle axis, nb::handle start) {
    return with_base(a, rollaxis(a, as_index(axis), as_index(start)));
  });
  m.def("_resize", [](const ndarray& a, nb::handle shape) { return resize(a, as_shape(shape)); });
  // ndarray.resize: the array itself takes the new shape (new storage, the
  // old elements in C order, zeros after them), as NumPy's method.
  m.def("_resize_inplace", [](ndarray& a, nb::handle shape, bool refcheck) {
    const Shape s = as_shape(shape);
    for (int64_t d : s)
      if (d < 0) throw ValueError("negative dimensions not allowed");
    // Owning its data: the whole allocation, not a view of part of it.
    if (!a.is_c_contiguous() || (!a.owndata() && (a.offset() != 0 || static_cast<size_t>(a.nbytes()) != a.storage()->nbytes)))
      throw ValueError("cannot resize this array: it does not own its data");
    if (refcheck && a.storage().use_count() > 1)
      throw ValueError("cannot resize an array that references or is referenced\nby another array in this way.  "
                       "Use the np.resize function or refcheck=False");
    ndarray r = zeros(s, a.dtype(), a.device());
    const int64_t n = std::min(a.size(), r.size());
    if (n) core::assign(index(reshape(r, {r.size()}), {Index(Slice{0, n, {}})}),
                        index(reshape(a, {a.size()}), {Index(Slice{0, n, {}})}));
    a = r;
  }, nb::arg(), nb::arg().none(), nb::arg());
  m.def("_append", [](const ndarray& arr, const ndarray& values, nb::handle axis) {
    return append(arr, values, opt_axis(axis));
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_delete", [](const ndarray& arr, nb::handle obj, nb::handle axis) {
    return delete_(arr, insert_obj(obj), opt_axis(axis));
  }, nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_insert", [](const ndarray& arr, nb::handle obj, const ndarray& values, nb::handle axis) {
    return insert(arr, insert_obj(obj), values, opt_axis(axis));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none());
  m.def("_trim_zeros", [](const ndarray& filt, const std::string& trim, nb::handle axis) {
    return with_base(filt, trim_zeros(filt, trim, opt_axis(axis)));
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_meshgrid", [](const std::vector<ndarray>& xi, bool copy, bool sparse, const std::string& indexing) {
    return meshgrid(xi, copy, sparse, indexing);
  });
  m.def("_pad", [](const ndarray& a, const std::vector<std::pair<int64_t, int64_t>>& widths, const std::string& mode,
                   nb::handle constant_values, nb::handle end_values, nb::handle stat_length, bool reflect_odd) {
    PadOptions o;
    o.constant_values = scalar_pairs(constant_values);
    o.end_values = scalar_pairs(end_values);
    o.stat_length = length_pairs(stat_length);
    o.reflect_odd = reflect_odd;
    return pad(a, widths, pad_mode_from_string(mode), o);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg());
}

}  // namespace cunum::py
