// The nonzero family and mask routines on the select primitive
// (src/core/select.hpp): nonzero, flatnonzero, argwhere, count_nonzero,
// compress, extract. Each result's size is a count of true entries, known on
// the GPU after one wait for the device (count_nonzero is a reduction and
// waits for nothing).
#include <string>

#include "core/assign.hpp"
#include "core/scatter.hpp"
#include "core/select.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/indexing_internal.hpp"

namespace cunum {

std::vector<ndarray> unravel_positions(const ndarray& flat0, const Shape& shape) {
  ndarray flat = flat0;
  std::vector<ndarray> out(shape.size());
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    if (d == 0) {
      out[0] = flat;
      break;
    }
    if (shape[d] == 1) {  // every coordinate is 0
      out[static_cast<size_t>(d)] = zeros(flat.shape(), DType::Int64, flat.device());
      continue;
    }
    const Scalar len(static_cast<long long>(shape[d]));
    out[static_cast<size_t>(d)] = remainder(flat, len);
    flat = floor_divide(flat, len);
  }
  return out;
}

std::vector<ndarray> nonzero(const ndarray& a) {
  if (a.ndim() == 0)
    throw ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
  return unravel_positions(core::select_positions(a), a.shape());
}

ndarray flatnonzero(const ndarray& a) { return core::select_positions(a); }

ndarray argwhere(const ndarray& a) {
  if (a.ndim() == 0) {
    // NumPy: atleast_1d(a), then its coordinates with the dim dropped.
    const ndarray pos = core::select_positions(a);
    return ndarray::allocate({pos.size(), 0}, DType::Int64, a.device());
  }
  const std::vector<ndarray> nz = nonzero(a);
  if (a.ndim() == 1) return reshape(nz[0], {nz[0].size(), 1});
  return stack(nz, 1);
}

ndarray count_nonzero(const ndarray& a, std::optional<std::vector<int64_t>> axis, bool keepdims, bool axis_is_int) {
  const ndarray t = is_bool(a.dtype()) ? a : a.astype(DType::Bool);
  ReduceOptions o;
  o.axis = std::move(axis);
  o.axis_is_int = axis_is_int;  // NumPy's legacy rule: a 0-d input takes axis 0 or -1
  o.keepdims = keepdims;
  o.dtype = DType::Int64;
  return sum(t, o);
}

ndarray compress(const ndarray& condition, const ndarray& a, std::optional<int64_t> axis,
                 const std::optional<ndarray>& out) {
  if (condition.ndim() != 1) throw ValueError("condition must be a 1-d array");
  const ndarray src = axis ? a : ravel(a);
  const int ax = axis ? normalize_axis(*axis, std::max(1, a.ndim())) : 0;
  if (src.ndim() > 0 && condition.size() == src.shape()[ax] && ax == 0 && !out)
    return core::select_rows(src, condition);  // one pass: the rows compacted
  const ndarray pos = core::select_positions(condition);
  return take(src, pos, axis ? std::optional<int64_t>(ax) : std::optional<int64_t>(0), out);
}

ndarray extract(const ndarray& condition, const ndarray& a) {
  const ndarray c = ravel(condition), v = ravel(a);
  if (c.size() == v.size()) return core::select_rows(v, c);
  return take(v, core::select_positions(c), 0);
}

// ---------------------------------------------------------------- writes

namespace {
// `values` (flattened) repeated to n entries, as NumPy's put, putmask and
// place cycle their values: a gather in mode wrap.
ndarray cycled(const ndarray& values, int64_t n, DType dtype, Device device) {
  ndarray v = ravel(core::on_device(values, device));
  if (v.dtype() != dtype) v = v.astype(dtype);
  if (v.size() == n) return v;
  ndarray pos = arange(Scalar(static_cast<long long>(n)));
  pos = core::on_device(pos, device);
  return take(v, pos, 0, {}, ClipMode::Wrap);
}

// Runs `write` on a C-contiguous flat view of `a` (a copy written back when
// a is not contiguous).
template <class Write> void on_flat(const ndarray& a, Write&& write) {
  if (a.is_c_contiguous()) {
    write(reshape(a, {a.size()}));
    return;
  }
  ndarray c = a.copy('C');
  write(reshape(c, {c.size()}));
  core::assign(a, c);
}
}  // namespace

void put(const ndarray& a, const ndarray& indices, const ndarray& values, ClipMode mode) {
  if (!is_integer(indices.dtype()) && !is_bool(indices.dtype()))
    throw TypeError("Cannot cast array data from dtype('" + std::string(dtype_name(indices.dtype())) +
                    "') to dtype('int64') according to the rule 'safe'");
  const int64_t n = indices.size();
  if (n == 0 || values.size() == 0) return;
  if (a.size() == 0) throw IndexError("cannot replace elements of an empty array");
  const ndarray v = cycled(values, n, a.dtype(), a.device());
  on_flat(a, [&](const ndarray& flat) {
    core::scatter(flat, 0, ravel(indices), v, backend::ScatterOp::Assign, static_cast<backend::GatherMode>(mode), 0);
  });
}

void putmask(const ndarray& a, const ndarray& mask, const ndarray& values) {
  if (mask.size() != a.size()) throw ValueError("putmask: mask and data must be the same size");
  if (a.size() == 0) return;
  if (values.size() == 0) throw ValueError("Cannot insert from an empty array!");
  const ndarray m = reshape(core::on_device(mask, a.device()), a.shape());
  const ndarray v = values.size() == 1 ? values : reshape(cycled(values, a.size(), a.dtype(), a.device()), a.shape());
  core::assign_where(a, v, m);
}

void place(const ndarray& a, const ndarray& mask, const ndarray& vals) {
  if (mask.size() != a.size()) throw ValueError("place: mask and data must be the same size");
  const ndarray pos = core::select_positions(ravel(core::on_device(mask, a.device())));
  const int64_t n = pos.size();
  if (n == 0) return;
  if (vals.size() == 0) throw ValueError("Cannot insert from an empty array!");
  const ndarray v = cycled(vals, n, a.dtype(), a.device());
  on_flat(a, [&](const ndarray& flat) {
    core::scatter(flat, 0, pos, v, backend::ScatterOp::Assign, backend::GatherMode::Clip, 0);
  });
}

// ------------------------------------------------------ along an axis

namespace {
// NumPy's _make_along_axis_idx: fancy indices that pick indices[..] along
// `axis` and every position along the other dims.
std::vector<Index> along_axis_index(const ndarray& a, const ndarray& indices, int axis) {
  if (!is_integer(indices.dtype())) throw IndexError("`indices` must be an integer array");
  if (indices.ndim() != a.ndim())
    throw ValueError("`indices` and `arr` must have the same number of dimensions");
  std::vector<Index> items;
  for (int d = 0; d < a.ndim(); ++d) {
    if (d == axis) {
      items.emplace_back(core::on_device(indices, a.device()));
      continue;
    }
    Shape s(static_cast<size_t>(a.ndim()), 1);
    s[d] = a.shape()[d];
    ndarray r = core::on_device(arange(Scalar(static_cast<long long>(a.shape()[d]))), a.device());
    items.emplace_back(reshape(r, s));
  }
  return items;
}
}  // namespace

ndarray take_along_axis(const ndarray& a, const ndarray& indices, std::optional<int64_t> axis) {
  if (!axis) {
    if (indices.ndim() != 1)
      throw ValueError("when axis=None, `indices` must have a single dimension.");
    return take_along_axis(ravel(a), indices, 0);
  }
  const int ax = normalize_axis(*axis, a.ndim());
  return index(a, along_axis_index(a, indices, ax));
}

void put_along_axis(const ndarray& a, const ndarray& indices, const ndarray& values, std::optional<int64_t> axis) {
  if (!axis) {
    if (indices.ndim() != 1)
      throw ValueError("when axis=None, `indices` must have a single dimension.");
    on_flat(a, [&](const ndarray& flat) { put_along_axis(flat, indices, values, 0); });
    return;
  }
  const int ax = normalize_axis(*axis, a.ndim());
  index_assign(a, along_axis_index(a, indices, ax), values);
}

}  // namespace cunum
