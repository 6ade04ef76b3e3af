#include "core/scatter.hpp"

#include <cstdlib>

#include "core/assign.hpp"
#include "core/loop_plan.hpp"
#include "cunum/error.hpp"

namespace cunum::core {

namespace {
// The byte stride that walks dims [from, to) of `a` in C order as one run.
bool one_run(const ndarray& a, int from, int to, int64_t& stride) {
  stride = 0;
  bool first = true;
  int64_t inner_extent = 1;
  for (int d = to - 1; d >= from; --d) {
    if (a.shape()[d] == 1) continue;
    if (first) {
      stride = a.strides()[d];
      first = false;
    } else if (a.strides()[d] != stride * inner_extent) {
      return false;
    }
    inner_extent *= a.shape()[d];
  }
  return true;
}

// v viewed with `shape` (stride 0 along broadcast dims); the caller has
// checked that v broadcasts to it.
ndarray broadcast_view(const ndarray& v, const Shape& shape) {
  if (v.shape() == shape) return v;
  const int nd = static_cast<int>(shape.size()), off = nd - v.ndim();
  CUNUM_ASSERT(off >= 0);
  Strides st(shape.size(), 0);
  for (int d = 0; d < v.ndim(); ++d) {
    CUNUM_ASSERT(v.shape()[d] == shape[off + d] || v.shape()[d] == 1);
    st[off + d] = v.shape()[d] == 1 ? 0 : v.strides()[d];
  }
  return ndarray(v.storage(), v.offset(), shape, st, v.dtype());
}

// Dims [from, to) of the target and the value's dims [vfrom, ...), coalesced.
void coalesce_pair(const ndarray& a, int from, int to, const ndarray& v, int vfrom, Dims& shape, Dims& strides,
                   Dims& vstrides) {
  Shape sh;
  PlanOperand ops[2] = {{a.data(), {}}, {v.data(), {}}};
  for (int d = from; d < to; ++d) {
    sh.push_back(a.shape()[d]);
    ops[0].strides.push_back(a.strides()[d]);
    ops[1].strides.push_back(v.strides()[vfrom + (d - from)]);
  }
  Dims st[2];
  coalesce_dims(sh, ops, 2, 0, shape, st);
  strides = st[0];
  vstrides = st[1];
}
}  // namespace

void scatter(const ndarray& a, int axis, const ndarray& indices, const ndarray& value0, backend::ScatterOp op,
             backend::GatherMode mode, int error_axis) {
  ndarray idx = on_device(indices, a.device());
  backend::ScatterPlan p;
  if (may_overlap(idx, a) || !one_run(idx, 0, idx.ndim(), p.index_stride)) {
    idx = idx.copy('C');
    p.index_stride = static_cast<int64_t>(idx.itemsize());
  }
  if (idx.ndim() == 0 || p.index_stride == 0) p.index_stride = static_cast<int64_t>(idx.itemsize());
  Shape shape(a.shape().begin(), a.shape().begin() + axis);
  for (int64_t s : idx.shape()) shape.push_back(s);
  for (int d = axis + 1; d < a.ndim(); ++d) shape.push_back(a.shape()[d]);
  // The value in a's dtype and on its device, apart from a, broadcast.
  ndarray value = on_device(value0, a.device());
  if (value.dtype() != a.dtype() || may_overlap(value, a)) {
    ndarray c = ndarray::allocate(value.shape(), a.dtype(), a.device());
    assign(c, value);
    value = c;
  }
  value = broadcast_view(value, shape);
  const int jlo = axis, jhi = axis + idx.ndim();
  if (!one_run(value, jlo, jhi, p.value_index_stride)) {
    value = value.copy('C');
    one_run(value, jlo, jhi, p.value_index_stride);
  }
  p.index = idx.data();
  p.index_dtype = idx.dtype();
  p.nidx = idx.size();
  p.len = a.shape()[axis];
  p.axis_stride = a.strides()[axis];
  p.op = op;
  p.mode = mode;
  p.axis = error_axis;
  p.dtype = a.dtype();
  p.itemsize = static_cast<int>(a.itemsize());
  int64_t outer = 1;
  for (int d = 0; d < axis; ++d) outer *= a.shape()[d];
  if (shape_size(shape) == 0) {
    // Nothing to write; NumPy still checks the indices when outer dims are
    // not empty (on the host, which waits for the device only here).
    if (mode != backend::GatherMode::Raise || outer == 0 || p.nidx == 0) return;
    ndarray host = idx.to(Device::cpu()).copy('C');
    p.index = host.data();
    p.index_stride = static_cast<int64_t>(host.itemsize());
    p.outer_shape = {outer};
    p.outer_strides = {0};
    p.value_outer_strides = {0};
    p.inner_shape = {0};
    p.inner_strides = {0};
    p.value_inner_strides = {0};
    backend::get(Device::cpu()).scatter(p);
    return;
  }
  coalesce_pair(a, 0, axis, value, 0, p.outer_shape, p.outer_strides, p.value_outer_strides);
  coalesce_pair(a, axis + 1, a.ndim(), value, jhi, p.inner_shape, p.inner_strides, p.value_inner_strides);
  p.out = a.data();
  p.value = value.data();
  if (op == backend::ScatterOp::Assign) {
    // Items narrower than the dtype where an address or a stride is not a
    // multiple of it (a misaligned view): the GPU's wide loads and stores
    // need aligned addresses. The pieces are one more inner dim.
    int64_t w = p.itemsize;
    auto fit = [&](int64_t v) {
      while (v % w) w /= 2;
    };
    fit(static_cast<int64_t>(reinterpret_cast<uintptr_t>(p.out) % 16));
    fit(static_cast<int64_t>(reinterpret_cast<uintptr_t>(p.value) % 16));
    fit(p.axis_stride);
    fit(p.value_index_stride);
    for (const Dims* d : {&p.outer_strides, &p.value_outer_strides, &p.inner_strides, &p.value_inner_strides})
      for (int64_t st : *d) fit(st);
    if (w < p.itemsize) {
      p.inner_shape.push_back(p.itemsize / w);
      p.inner_strides.push_back(w);
      p.value_inner_strides.push_back(w);
      p.itemsize = static_cast<int>(w);
    }
  }
  // 32-bit offsets when every byte offset and the item count fit.
  const int64_t w = p.itemsize;
  int64_t extent = std::llabs(p.axis_stride) * (p.len - 1) + w;
  int64_t vextent = std::llabs(p.value_index_stride) * (p.nidx - 1) + w;
  for (size_t d = 0; d < p.outer_shape.size(); ++d) {
    extent += std::llabs(p.outer_strides[d]) * (p.outer_shape[d] - 1);
    vextent += std::llabs(p.value_outer_strides[d]) * (p.outer_shape[d] - 1);
  }
  for (size_t d = 0; d < p.inner_shape.size(); ++d) {
    extent += std::llabs(p.inner_strides[d]) * (p.inner_shape[d] - 1);
    vextent += std::llabs(p.value_inner_strides[d]) * (p.inner_shape[d] - 1);
  }
  const int64_t limit = int64_t(1) << 31;
  p.index32 = extent < limit && vextent < limit && p.size() < limit && std::llabs(p.index_stride) * p.nidx < limit;
  backend::get(a.device()).scatter(p);
}

}  // namespace cunum::core
