// Indexing routines built on the primitives (where, choose, select, the
// diagonals and triangles, index arrays): python/cunum/_routines/
// indexing_routines.py parses NumPy's signatures and calls these.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "array_bases.hpp"
#include "bindings.hpp"
#include "convert.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing_routines.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
std::vector<Operand> operands(nb::handle seq) {
  std::vector<Operand> r;
  for (nb::handle x : seq) r.push_back(as_operand(x));
  return r;
}

std::vector<ClipMode> clip_modes(nb::handle h) {
  std::vector<ClipMode> r;
  if (PyTuple_Check(h.ptr()) || PyList_Check(h.ptr())) {
    for (nb::handle x : h) r.push_back(clip_mode(x));
  } else {
    r.push_back(clip_mode(h));
  }
  return r;
}

char order_char(nb::handle h) {
  const std::string s = h.is_none() ? "C" : nb::cast<std::string>(nb::str(h));
  if (s.size() != 1 || std::string("CFAKcfak").find(s[0]) == std::string::npos)
    throw ValueError("order must be one of 'C', 'F', 'A', or 'K' (got '" + s + "')");
  return static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
}
}  // namespace

void bind_indexing_routines(nb::module_& m) {
  m.def("_where", [](const ndarray& c, nb::handle x, nb::handle y) {
    return where(c, as_operand(x), as_operand(y));
  }, nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_choose", [](const ndarray& a, nb::handle choices, nb::handle out, nb::handle mode) {
    const std::optional<ndarray> o = opt_out(out);
    return choose(a, operands(choices), o, clip_mode(mode));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_select", [](const std::vector<ndarray>& conds, nb::handle choices, nb::handle dflt) {
    return select(conds, operands(choices), as_operand(dflt));
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_diagonal", [](const ndarray& a, nb::handle offset, nb::handle axis1, nb::handle axis2) {
    return with_base(a, diagonal(a, as_index(offset), as_index(axis1), as_index(axis2)));
  });
  m.def("_diag", [](const ndarray& v, nb::handle k) { return diag(v, as_index(k)); });
  m.def("_diagflat", [](const ndarray& v, nb::handle k) { return diagflat(v, as_index(k)); });
  m.def("_trace", [](const ndarray& a, nb::handle offset, nb::handle axis1, nb::handle axis2, nb::handle dtype,
                     nb::handle out) {
    return trace(a, as_index(offset), as_index(axis1), as_index(axis2), opt_dtype(dtype), opt_out(out));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_tri", [](nb::handle n, nb::handle mm, nb::handle k, nb::handle dtype, nb::handle dev) {
    return tri(as_index(n), mm.is_none() ? std::nullopt : std::optional<int64_t>(as_index(mm)), as_index(k),
               opt_dtype(dtype).value_or(DType::Float64), opt_device(dev));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_tril", [](const ndarray& a, nb::handle k) { return tril(a, as_index(k)); });
  m.def("_triu", [](const ndarray& a, nb::handle k) { return triu(a, as_index(k)); });
  m.def("_tri_indices", [](nb::handle n, nb::handle k, nb::handle mm, bool lower, nb::handle dev) {
    const std::optional<int64_t> m2 = mm.is_none() ? std::nullopt : std::optional<int64_t>(as_index(mm));
    return lower ? tril_indices(as_index(n), as_index(k), m2, opt_device(dev))
                 : triu_indices(as_index(n), as_index(k), m2, opt_device(dev));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none());
  m.def("_tri_indices_from", [](const ndarray& a, nb::handle k, bool lower) {
    return lower ? tril_indices_from(a, as_index(k)) : triu_indices_from(a, as_index(k));
  });
  m.def("_diag_indices", [](nb::handle n, nb::handle ndim, nb::handle dev) {
    return diag_indices(as_index(n), as_index(ndim), opt_device(dev));
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_diag_indices_from", &diag_indices_from);
  m.def("_fill_diagonal", [](const ndarray& a, nb::handle val, bool wrap) {
    fill_diagonal(a, as_operand(val), wrap);
  });
  m.def("_indices", [](nb::handle dims, nb::handle dtype, bool sparse, nb::handle dev) {
    return indices(as_shape(dims), opt_dtype(dtype).value_or(DType::Int64), sparse, opt_device(dev));
  }, nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none());
  m.def("_unravel_index", [](const ndarray& idx, nb::handle shape, nb::handle order) {
    return unravel_index(idx, as_shape(shape), order_char(order));
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_ravel_multi_index", [](const std::vector<ndarray>& multi, nb::handle dims, nb::handle mode,
                                 nb::handle order) {
    return ravel_multi_index(multi, as_shape(dims), clip_modes(mode), order_char(order));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none());
  m.def("_flat_true_positions", &flat_true_positions);
  // mask_func: a Python callable (m, k) -> array-like, called once.
  m.def("_mask_indices", [](int64_t n, nb::callable mask_func, nb::handle k) {
    // k goes to mask_func as given (NumPy passes it through: a float or an
    // array k is mask_func's business); the C++ k is then unused.
    return mask_indices(n, [&](const ndarray& m, int64_t) { return as_array(mask_func(m, k)); }, 0);
  });
}

}  // namespace cunum::py
