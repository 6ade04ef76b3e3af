// Advanced indexing: a[idx] and a[idx] = v with integer and boolean arrays
// among the items, on the gather, scatter and select primitives.
//
// Note [Advanced indexing]
// The basic items (slices, newaxis, ellipsis, integers) are applied first, as
// a view in which each array item keeps its dims (a full slice; a 0-d bool is
// a new dim of length 1 or 0 indexed by [0] or []). Masks become integer
// arrays (their nonzero positions, one wait for the count), except a lone
// mask over the leading dims, which is one select (x[mask]: rows compacted
// in one pass). The integer arrays broadcast to one shape B. NumPy's rule
// places B where the advanced items stand when they are adjacent in the
// index (integers count as advanced when there is an array), else first.
// - One array: one gather (scatter) along its dim, moved first when the rule
//   says so: x[idx] is exactly take's kernel.
// - Several: their dims are fused into one axis of the view's storage. With
//   g the gcd of their byte strides, entry (i1..ik) lies at sum(ij *
//   stride_j / g) steps of g bytes from the lowest address they reach; a
//   gather of a small table per dim (arange(n_j) * stride_j / g, of length
//   n_j, checks the bounds: NumPy's IndexError names the array's own axis)
//   and an add give the fused index L over B, and one gather (scatter) along
//   a fused axis of stride g and length E (the span in steps) does the rest.
//   The fused index is in bounds by construction. On the GPU an entry that
//   failed its bounds check keeps a sentinel (-2^56 per dim), so its fused
//   index is out of range and the last gather (scatter) skips it: nothing
//   is read or written through a bad index, and the error the device
//   reports first (the table's, naming the array's axis) is the one raised.
#include <algorithm>
#include <numeric>
#include <string>

#include "backend/backend.hpp"
#include "core/assign.hpp"
#include "core/gather.hpp"
#include "core/scatter.hpp"
#include "core/select.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/warnings.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/indexing_internal.hpp"

namespace cunum {

namespace {

struct Prepared {
  ndarray view;                 // a after the basic items; every advanced dim kept
  std::vector<int> dims;        // view dims indexed by integer arrays, increasing
  std::vector<int> axes;        // their axes in a (for NumPy's messages)
  std::vector<ndarray> arrays;  // one integer index array per dim
  Shape bshape;                 // the arrays' broadcast shape
  bool adjacent = true;         // NumPy's rule (Note [Advanced indexing])
  // A lone mask over view dims [0, k): x[mask].
  bool lone_mask = false;
  ndarray mask;
};

[[noreturn]] void out_of_bounds(int64_t index, int axis, int64_t len) {
  throw IndexError("index " + std::to_string(index) + " is out of bounds for axis " + std::to_string(axis) +
                   " with size " + std::to_string(len));
}

std::string shape_list(const std::vector<ndarray>& arrays) {
  std::string s;
  for (const ndarray& a : arrays) s += shape_str(a.shape()) + " ";
  return s;
}

Shape broadcast_index_shapes(const std::vector<ndarray>& arrays) {
  Shape out;
  for (const ndarray& a : arrays) {
    const Shape& s = a.shape();
    if (s.size() > out.size()) out.insert(out.begin(), s.size() - out.size(), 1);
    const size_t off = out.size() - s.size();
    for (size_t d = 0; d < s.size(); ++d) {
      int64_t& o = out[off + d];
      if (s[d] == o || s[d] == 1) continue;
      if (o != 1)
        throw IndexError("shape mismatch: indexing arrays could not be broadcast together with shapes " +
                         shape_list(arrays));
      o = s[d];
    }
  }
  return out;
}

// The items of an index read in order, before any index array is looked at:
// NumPy's prepare_index and the view of the basic items (integers, slices,
// new axes, the ellipsis; a mask's dims become full slices).
struct Staged {
  ndarray view;
  struct Pending {
    int vdim, axis;
    ndarray array;  // integer array, or a mask of ndim >= 1
    bool mask;
  };
  std::vector<Pending> pending;
  bool adjacent = true;
};

Staged stage(const ndarray& a, const std::vector<Index>& idx) {
  int consumed = 0, n_ellipsis = 0;
  for (const Index& i : idx) {
    switch (i.kind) {
      case Index::Kind::Integer:
      case Index::Kind::Slice: ++consumed; break;
      case Index::Kind::Ellipsis: ++n_ellipsis; break;
      case Index::Kind::NewAxis: break;
      case Index::Kind::Array:
        if (!is_integer(i.array.dtype()) && !is_bool(i.array.dtype()))
          throw IndexError("arrays used as indices must be of integer (or boolean) type");
        consumed += is_bool(i.array.dtype()) ? i.array.ndim() : 1;
        break;
    }
  }
  if (n_ellipsis > 1) throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > a.ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(a.ndim()) + "-dimensional, but " +
                     std::to_string(consumed) + " were indexed");
  Staged st;
  std::vector<Index> basic;
  std::vector<Staged::Pending>& pending = st.pending;
  int vd = 0, ax = 0, first_adv = -1, last_adv = -1, n_adv = 0;
  auto advanced = [&](int item) {
    if (first_adv < 0) first_adv = item;
    last_adv = item;
    ++n_adv;
  };
  for (size_t it = 0; it < idx.size(); ++it) {
    const Index& i = idx[it];
    const int item = static_cast<int>(it);
    switch (i.kind) {
      case Index::Kind::Integer:
        basic.push_back(i);
        advanced(item);
        ++ax;
        break;
      case Index::Kind::Slice:
        basic.push_back(i);
        ++vd;
        ++ax;
        break;
      case Index::Kind::NewAxis:
        basic.push_back(i);
        ++vd;
        break;
      case Index::Kind::Ellipsis: {
        basic.push_back(i);
        const int n = a.ndim() - consumed;
        vd += n;
        ax += n;
        break;
      }
      case Index::Kind::Array: {
        const ndarray& arr = i.array;
        advanced(item);
        if (is_bool(arr.dtype()) && arr.ndim() == 0) {
          // A new dim of length 1, indexed by [0] (True) or [] (False).
          basic.push_back(Index::newaxis());
          const bool t = arr.item().as_int64() != 0;
          ndarray pos = zeros({t ? 1 : 0}, DType::Int64, Device::cpu());
          pending.push_back({vd, ax, pos, false});
          ++vd;
        } else if (is_bool(arr.dtype())) {
          // NumPy accepts a boolean axis of length 0 against an axis of any
          // length (the mask selects nothing): an all-False mask of the
          // indexed axes' shape selects the same nothing.
          bool empty_axis = false;
          for (int d = 0; d < arr.ndim(); ++d) {
            if (arr.shape()[d] == 0 && ax + d < a.ndim()) {
              empty_axis = empty_axis || a.shape()[ax + d] != 0;
              continue;
            }
            if (arr.shape()[d] != a.shape()[ax + d])
              throw IndexError("boolean index did not match indexed array along axis " + std::to_string(ax + d) +
                               "; size of axis is " + std::to_string(a.shape()[ax + d]) +
                               " but size of corresponding boolean axis is " + std::to_string(arr.shape()[d]));
          }
          for (int d = 0; d < arr.ndim(); ++d) basic.push_back(Index(Slice{}));
          if (empty_axis) {
            const Shape axes(a.shape().begin() + ax, a.shape().begin() + ax + arr.ndim());
            pending.push_back({vd, ax, zeros(axes, DType::Bool, arr.device()), true});
          } else {
            pending.push_back({vd, ax, arr, true});
          }
          vd += arr.ndim();
          ax += arr.ndim();
        } else {
          basic.push_back(Index(Slice{}));
          pending.push_back({vd, ax, arr, false});
          ++vd;
          ++ax;
        }
        break;
      }
    }
  }
  st.view = basic_index(a, basic);
  st.adjacent = last_adv - first_adv + 1 == n_adv;
  return st;
}

Prepared prepare(const ndarray& a, const std::vector<Index>& idx, bool allow_lone_mask) {
  Staged st = stage(a, idx);
  const std::vector<Staged::Pending>& pending = st.pending;
  Prepared p;
  p.view = std::move(st.view);
  p.adjacent = st.adjacent;
  if (allow_lone_mask && pending.size() == 1 && pending[0].mask && pending[0].vdim == 0) {
    p.lone_mask = true;
    p.mask = pending[0].array;
    return p;
  }
  for (const Staged::Pending& q : pending) {
    if (!q.mask) {
      p.dims.push_back(q.vdim);
      p.axes.push_back(q.axis);
      p.arrays.push_back(q.array);
      continue;
    }
    std::vector<ndarray> pos = unravel_positions(core::select_positions(q.array), q.array.shape());
    for (int d = 0; d < q.array.ndim(); ++d) {
      p.dims.push_back(q.vdim + d);
      p.axes.push_back(q.axis + d);
      p.arrays.push_back(pos[static_cast<size_t>(d)]);
    }
  }
  p.bshape = broadcast_index_shapes(p.arrays);
  return p;
}

// Where the gather or scatter runs: the view (or the fused view) and the
// axis, with the index array over B.
struct Target {
  ndarray view;
  int axis = 0;
  ndarray index;
  backend::GatherMode mode = backend::GatherMode::Raise;
  int error_axis = 0;
  Shape result;  // view.shape[:axis] + B + view.shape[axis+1:]
};

// An index into an empty dim with a non-empty B: NumPy's IndexError, with
// the first index (read on the host: an error path only).
void check_empty_dims(const Prepared& p) {
  if (shape_size(p.bshape) == 0) return;
  for (size_t j = 0; j < p.dims.size(); ++j) {
    if (p.view.shape()[p.dims[j]] != 0) continue;
    const ndarray first = p.arrays[j].size() ? p.arrays[j].ravel().to(Device::cpu()) : p.arrays[j];
    out_of_bounds(first.item(0).as_int64(), p.axes[j], 0);
  }
}

Shape result_shape(const ndarray& v, int axis, const Shape& b) {
  Shape s(v.shape().begin(), v.shape().begin() + axis);
  for (int64_t x : b) s.push_back(x);
  for (int d = axis + 1; d < v.ndim(); ++d) s.push_back(v.shape()[d]);
  return s;
}

Target plan_target(const Prepared& p) {
  check_empty_dims(p);
  Target t;
  const ndarray& v = p.view;
  const int k = static_cast<int>(p.dims.size());
  const Device dev = v.device();
  if (k == 1) {
    const int d = p.dims[0];
    t.view = v;
    t.axis = d;
    if (!p.adjacent && d != 0) {
      std::vector<int64_t> perm{d};
      for (int x = 0; x < v.ndim(); ++x)
        if (x != d) perm.push_back(x);
      t.view = transpose(v, perm);
      t.axis = 0;
    }
    t.index = p.arrays[0];
    t.error_axis = p.axes[0];
    t.result = result_shape(t.view, t.axis, t.index.shape());
    if (shape_size(t.result) == 0 && t.index.size() > 0) {
      // Nothing to move, but NumPy checks the indices all the same (x[3:,
      // [5]]): on the host, an empty result's corner only.
      const ndarray h = t.index.to(Device::cpu()).astype(DType::Int64).copy('C');
      const int64_t len = t.view.shape()[t.axis];
      const auto* q = reinterpret_cast<const int64_t*>(h.data());
      for (int64_t e = 0; e < h.size(); ++e)
        if (q[e] < -len || q[e] >= len) out_of_bounds(q[e], t.error_axis, len);
    }
    return t;
  }
  // Several arrays: one fused axis (Note [Advanced indexing]).
  const int64_t isz = static_cast<int64_t>(v.itemsize());
  int64_t g = 0, lo = 0, hi = 0;
  for (int j = 0; j < k; ++j) {
    const int64_t s = v.strides()[p.dims[j]], n = v.shape()[p.dims[j]];
    g = std::gcd(g, s < 0 ? -s : s);
    if (n > 0) (s < 0 ? lo : hi) += s * (n - 1);
  }
  if (g == 0) g = isz;
  const int64_t span = (hi - lo) / g + 1;
  ndarray fused;
  if (shape_size(p.bshape) > 0) {
    for (int j = 0; j < k; ++j) {
      const int64_t n = v.shape()[p.dims[j]], s = v.strides()[p.dims[j]];
      ndarray table = ndarray::allocate({n}, DType::Int64, dev);
      if (n > 0)
        backend::get(dev).iota(table.data(), n, DType::Int64, Scalar(static_cast<long long>(j == 0 ? -lo / g : 0)),
                               Scalar(static_cast<long long>(s / g)));
      ndarray part = ndarray::allocate(p.bshape, DType::Int64, dev);
      // On a device that reports bad indices later, an entry the bounds
      // check skips keeps a sentinel that makes the fused index far out of
      // range, so the last gather (scatter) skips it too.
      if (!dev.is_cpu()) part.fill(Scalar(static_cast<long long>(-(int64_t(1) << 56))));
      core::gather(part, table, 0, broadcast_to(p.arrays[j], p.bshape), backend::GatherMode::Raise, p.axes[j]);
      if (j == 0) {
        fused = part;
      } else {
        UfuncOptions o;
        o.out = fused;
        add(fused, part, o);
      }
    }
  } else {
    fused = ndarray::allocate(p.bshape, DType::Int64, dev);
  }
  const int q = p.adjacent ? p.dims[0] : 0;
  Shape shape;
  Strides strides;
  for (int x = 0; x < v.ndim(); ++x) {
    if (std::find(p.dims.begin(), p.dims.end(), x) != p.dims.end()) continue;
    shape.push_back(v.shape()[x]);
    strides.push_back(v.strides()[x]);
  }
  shape.insert(shape.begin() + q, span);
  strides.insert(strides.begin() + q, g);
  t.view = ndarray(v.storage(), v.offset() + lo, shape, strides, v.dtype());
  t.axis = q;
  t.index = fused;
  t.mode = backend::GatherMode::Raise;
  t.error_axis = q;
  t.result = result_shape(t.view, q, p.bshape);
  return t;
}

// value broadcast to `shape`, or NumPy's ValueError.
void check_value_shape(const ndarray& value, const Shape& shape) {
  bool ok = value.ndim() <= static_cast<int>(shape.size());
  if (!ok) {  // leading dims of 1 are allowed
    ok = true;
    for (int d = 0; d < value.ndim() - static_cast<int>(shape.size()); ++d) ok = ok && value.shape()[d] == 1;
  }
  const int off = static_cast<int>(shape.size()) - value.ndim();
  for (int d = 0; ok && d < value.ndim(); ++d) {
    if (d + off < 0) continue;
    const int64_t s = value.shape()[d];
    ok = s == 1 || s == shape[d + off];
  }
  if (!ok)
    throw ValueError("shape mismatch: value array of shape " + shape_str(value.shape()) +
                     " could not be broadcast to indexing result of shape " + shape_str(shape));
}

// value with its leading dims of 1 beyond `nd` dropped.
ndarray trim_leading(const ndarray& value, int nd) {
  if (value.ndim() <= nd) return value;
  Shape s(value.shape().end() - nd, value.shape().end());
  return reshape(value, s);
}

bool has_array(const std::vector<Index>& idx) {
  for (const Index& i : idx)
    if (i.kind == Index::Kind::Array) return true;
  return false;
}

void scatter_into(const ndarray& a, const std::vector<Index>& idx, const ndarray& value, backend::ScatterOp op) {
  Prepared p = prepare(a, idx, op == backend::ScatterOp::Assign);
  if (p.lone_mask) {
    // x[mask] = v: a masked copy when v does not depend on the count (no
    // wait for the device), else the positions and a scatter.
    const ndarray& m = p.mask;
    const int rest = p.view.ndim() - m.ndim();
    const bool no_count_dim =
        value.ndim() <= rest || [&] {
          for (int d = 0; d <= value.ndim() - rest - 1; ++d)
            if (value.shape()[d] != 1) return false;
          return true;
        }();
    if (no_count_dim) {
      Shape rshape(p.view.shape().begin() + m.ndim(), p.view.shape().end());
      rshape.insert(rshape.begin(), 1);
      check_value_shape(value, rshape);
      Shape ms = m.shape();
      for (int d = 0; d < rest; ++d) ms.push_back(1);
      core::assign_where(p.view, trim_leading(value, rest), reshape(m, ms));
      return;
    }
    Prepared q = prepare(a, idx, false);
    p = std::move(q);
  }
  const Target t = plan_target(p);
  check_value_shape(value, t.result);
  core::scatter(t.view, t.axis, t.index, trim_leading(value, static_cast<int>(t.result.size())), op, t.mode,
                t.error_axis);
}

}  // namespace

ndarray index(const ndarray& a, const std::vector<Index>& idx) {
  if (idx.size() == 1 && idx[0].kind == Index::Kind::Array && is_integer(idx[0].array.dtype()) && a.ndim() > 0 &&
      a.shape()[0] > 0) {
    // x[idx]: the gather along axis 0, straight (the host overhead of x[idx]
    // is take's).
    const ndarray& i = idx[0].array;
    Shape shape = i.shape();
    for (int d = 1; d < a.ndim(); ++d) shape.push_back(a.shape()[d]);
    if (shape_size(shape) > 0) {
      ndarray out = ndarray::allocate(shape, a.dtype(), a.device());
      core::gather(out, a, 0, i, backend::GatherMode::Raise, 0);
      return out;
    }
  }
  if (!has_array(idx)) return basic_index(a, idx);
  const Prepared p = prepare(a, idx, true);
  if (p.lone_mask) return core::select_rows(p.view, p.mask);
  const Target t = plan_target(p);
  ndarray out = ndarray::allocate(t.result, a.dtype(), a.device());
  core::gather(out, t.view, t.axis, t.index, t.mode, t.error_axis);
  return out;
}

void check_index_items(const ndarray& a, const std::vector<Index>& idx) { stage(a, idx); }

void index_assign(const ndarray& a, const std::vector<Index>& idx, const ndarray& value) {
  warn_if_discarding_imaginary(value.dtype(), a.dtype());
  if (!has_array(idx)) return core::assign(basic_index(a, idx), value);
  scatter_into(a, idx, value, backend::ScatterOp::Assign);
}

void index_assign(const ndarray& a, const std::vector<Index>& idx, const Scalar& value) {
  if (!has_array(idx)) {
    ndarray v = basic_index(a, idx);
    v.fill(value);
    return;
  }
  ndarray v = ndarray::allocate({}, a.dtype(), a.device());
  v.fill(value);
  scatter_into(a, idx, v, backend::ScatterOp::Assign);
}

void index_combine(const ndarray& a, const std::vector<Index>& idx, const ndarray& value, ScatterKind kind) {
  const backend::ScatterOp op = kind == ScatterKind::Add   ? backend::ScatterOp::Add
                                : kind == ScatterKind::Max ? backend::ScatterOp::Max
                                                           : backend::ScatterOp::Min;
  if (!has_array(idx)) {
    // No index array: no position repeats, so the op is elementwise.
    const ndarray v = basic_index(a, idx);
    UfuncOptions o;
    o.out = v;
    const ndarray w = value.dtype() == a.dtype() ? value : value.astype(a.dtype());
    if (kind == ScatterKind::Add) add(v, w, o);
    else if (kind == ScatterKind::Max) maximum(v, w, o);
    else minimum(v, w, o);
    return;
  }
  scatter_into(a, idx, value, op);
}

}  // namespace cunum
