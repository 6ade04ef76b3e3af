// Array manipulation (NumPy's chapter): python/cunum/_routines/manipulation.py
// parses NumPy's signatures and calls these.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "array_bases.hpp"
#include "bindings.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {

// block's nested lists as python/cunum/_routines/manipulation.py passes them
// (lists of lists ... of cunum arrays; tuples were refused there).
Block as_block(nb::handle h) {
  if (!PyList_Check(h.ptr())) return Block(nb::cast<ndarray>(h));
  std::vector<Block> items;
  for (nb::handle x : h) items.push_back(as_block(x));
  return Block(std::move(items));
}

// One shift as NumPy's roll takes it: int() of the element (a float
// truncates, a numeric string parses, None is int()'s TypeError).
// Note [Shifts beyond int64]: an axis length n divides the array's size, so a
// shift reduced modulo the size rolls every axis as the shift itself does (and
// the size is the length rolled when axis is None). Python ints of any
// magnitude thus reach the C++ routine as int64; an empty array ignores them.
int64_t roll_shift(nb::handle x, int64_t size) {
  if (PyList_Check(x.ptr()) || PyTuple_Check(x.ptr()) ||
      (nb::hasattr(x, "ndim") && nb::cast<int64_t>(x.attr("ndim")) > 0))
    throw ValueError("'shift' and 'axis' should be scalars or 1D sequences");
  nb::object v = nb::steal(PyNumber_Long(x.ptr()));
  if (!v.is_valid()) throw nb::python_error();
  int overflow = 0;
  const long long s = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
  if (!overflow) return s;
  if (size == 0) return 0;
  return nb::cast<int64_t>(v % nb::int_(size));
}

// shift=: an integer, or a 1-d sequence or array of them.
std::vector<int64_t> roll_shifts(nb::handle shift, int64_t size) {
  nb::object seq = nb::borrow(shift);
  if (nb::hasattr(shift, "ndim") && nb::hasattr(shift, "tolist")) {  // a NumPy or cunum array
    if (nb::cast<int64_t>(shift.attr("ndim")) > 1)
      throw ValueError("'shift' and 'axis' should be scalars or 1D sequences");
    seq = shift.attr("tolist")();
  }
  std::vector<int64_t> r;
  if (PyList_Check(seq.ptr()) || PyTuple_Check(seq.ptr())) {
    for (nb::handle x : seq) r.push_back(roll_shift(x, size));
  } else {
    r.push_back(roll_shift(seq, size));
  }
  return r;
}

}  // namespace

// indices_or_sections=: an integer (sections) or a sequence of division points.
SplitSpec split_spec(nb::handle h) {
  SplitSpec s;
  const bool array = nb::hasattr(h, "ndim") && nb::hasattr(h, "tolist");
  if (array ? nb::cast<int64_t>(h.attr("ndim")) == 0 : PyIndex_Check(h.ptr())) {
    s.sections = as_index(h);
  } else {
    nb::object seq = nb::hasattr(h, "tolist") ? h.attr("tolist")() : nb::borrow(h);
    std::vector<int64_t> v;
    for (nb::handle x : seq) v.push_back(as_index(x));
    s.indices = std::move(v);
  }
  return s;
}

void bind_manipulation(nb::module_& m) {
  m.def("_concatenate", [](const std::vector<ndarray>& arrays, nb::handle axis, nb::handle out, nb::handle dtype,
                           const std::string& casting) {
    return concatenate(arrays, axis.is_none() ? std::nullopt : std::optional<int64_t>(as_index(axis)),
                       opt_out(out), opt_dtype(dtype), casting_from_string(casting));
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg().none(), nb::arg());
  m.def("_stack", [](const std::vector<ndarray>& arrays, nb::handle axis, nb::handle out, nb::handle dtype,
                     const std::string& casting) {
    return stack(arrays, as_index(axis), opt_out(out), opt_dtype(dtype), casting_from_string(casting));
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg());
  m.def("_hstack", [](const std::vector<ndarray>& arrays, nb::handle dtype, const std::string& casting) {
    return hstack(arrays, opt_dtype(dtype), casting_from_string(casting));
  }, nb::arg(), nb::arg().none(), nb::arg());
  m.def("_vstack", [](const std::vector<ndarray>& arrays, nb::handle dtype, const std::string& casting) {
    return vstack(arrays, opt_dtype(dtype), casting_from_string(casting));
  }, nb::arg(), nb::arg().none(), nb::arg());
  m.def("_dstack", &dstack);
  m.def("_column_stack", &column_stack);
  m.def("_atleast_nd", [](nb::handle h, int n) -> nb::object {
    const ndarray& a = nb::cast<const ndarray&>(h);
    if (a.ndim() >= n) return nb::borrow(h);  // NumPy: the array itself
    return nb::cast(with_base(a, n == 1 ? atleast_1d(a) : n == 2 ? atleast_2d(a) : atleast_3d(a)));
  });
  m.def("_block", [](nb::handle arrays) { return block(as_block(arrays)); });
  m.def("_asarray_chkfinite", [](const ndarray& a) { return asarray_chkfinite(a); });
  m.def("_array_split", [](const ndarray& a, nb::handle spec, nb::handle axis) {
    return with_base(a, array_split(a, split_spec(spec), as_index(axis)));
  });
  m.def("_split", [](const ndarray& a, nb::handle spec, nb::handle axis) {
    return with_base(a, split(a, split_spec(spec), as_index(axis)));
  });
  m.def("_hsplit", [](const ndarray& a, nb::handle spec) { return with_base(a, hsplit(a, split_spec(spec))); });
  m.def("_vsplit", [](const ndarray& a, nb::handle spec) { return with_base(a, vsplit(a, split_spec(spec))); });
  m.def("_dsplit", [](const ndarray& a, nb::handle spec) { return with_base(a, dsplit(a, split_spec(spec))); });
  m.def("_unstack", [](const ndarray& a, nb::handle axis) { return with_base(a, unstack(a, as_index(axis))); });
  m.def("_flip", [](const ndarray& a, nb::handle axis) { return with_base(a, flip(a, opt_axes(axis))); }, nb::arg(),
        nb::arg().none());
  m.def("_fliplr", [](const ndarray& a) { return with_base(a, fliplr(a)); });
  m.def("_flipud", [](const ndarray& a) { return with_base(a, flipud(a)); });
  m.def("_rot90", [](const ndarray& a, nb::handle k, const std::vector<int64_t>& axes) {
    return with_base(a, rot90(a, as_index(k), axes));
  });
  m.def("_ravel", [](const ndarray& a, const std::string& order) { return with_base(a, ravel(a, order[0])); });
  m.def("_flatten", [](const ndarray& a, const std::string& order) { return flatten(a, order[0]); });
  m.def("_swapaxes", [](const ndarray& a, int64_t x, int64_t y) { return with_base(a, swapaxes(a, x, y)); });
  m.def("_moveaxis", [](const ndarray& a, std::vector<int64_t> src, std::vector<int64_t> dst) {
    return with_base(a, moveaxis(a, std::move(src), std::move(dst)));
  });
  m.def("_squeeze", [](const ndarray& a, nb::handle axis) { return with_base(a, squeeze(a, opt_axes(axis))); }, nb::arg(), nb::arg().none());
  m.def("_expand_dims", [](const ndarray& a, nb::handle axis) { return with_base(a, expand_dims(a, *opt_axes(axis))); }, nb::arg(), nb::arg().none());
  m.def("_broadcast_to", [](const ndarray& a, nb::handle shape) { return with_base(a, broadcast_to(a, as_shape(shape))); }, nb::arg(), nb::arg().none());
  // numpy.lib.stride_tricks.as_strided: a view of a's memory with any shape
  // and byte strides from a's first element. Unlike NumPy it refuses a view
  // that would reach outside the allocation (device memory is not checked).
  m.def("_as_strided", [](const ndarray& a, nb::handle shape, nb::handle strides) {
    const Shape sh = as_shape(shape);
    const Strides st = as_shape(strides);
    if (sh.size() != st.size()) throw ValueError("mismatch in length of strides and shape");
    int64_t lo = a.offset(), hi = a.offset() + static_cast<int64_t>(a.itemsize());
    bool empty = false;
    for (size_t i = 0; i < sh.size(); ++i) {
      if (sh[i] < 0) throw ValueError("negative dimensions are not allowed");
      if (sh[i] == 0) empty = true;
      else (st[i] < 0 ? lo : hi) += (sh[i] - 1) * st[i];
    }
    if (!empty && a.valid() && (lo < 0 || hi > static_cast<int64_t>(a.storage()->nbytes)))
      throw ValueError("as_strided: the view would reach outside the array's memory");
    return with_base(a, ndarray(a.storage(), a.offset(), sh, st, a.dtype()));
  });
  m.def("_broadcast_shapes", [](const std::vector<Shape>& shapes) { return broadcast_shapes(shapes); });
  m.def("_roll", [](const ndarray& a, nb::handle shift, nb::handle axis) {
    // NumPy's order: errors of axis (TypeError, AxisError), then of shift,
    // then of broadcasting one against the other.
    auto ax = opt_axes(axis);
    if (ax)
      for (int64_t x : *ax) normalize_axis(x, a.ndim());
    std::vector<int64_t> shifts = roll_shifts(shift, a.size());
    if (ax && a.ndim() == 0) {  // axis=() of a 0-d array: NumPy's own unpacking error
      broadcast_shapes({Shape{static_cast<int64_t>(shifts.size())},
                        Shape{static_cast<int64_t>(ax->size())}});
      throw ValueError("not enough values to unpack (expected 2, got 0)");
    }
    return roll(a, shifts, std::move(ax));
  }, nb::arg(), nb::arg().none(), nb::arg().none());
}

}  // namespace cunum::py
