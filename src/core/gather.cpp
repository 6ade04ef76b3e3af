#include "core/gather.hpp"

#include <cstdlib>

#include "core/assign.hpp"
#include "core/loop_plan.hpp"
#include "cunum/error.hpp"

namespace cunum::core {

namespace {
// The byte stride that walks `idx` in C order as one run, or false when its
// dims do not form one (a transposed or sliced 2-d index array).
bool one_run(const ndarray& idx, int64_t& stride) {
  stride = static_cast<int64_t>(idx.itemsize());
  bool first = true;
  int64_t inner_extent = 1;  // the inner dims' element count
  for (int d = idx.ndim() - 1; d >= 0; --d) {
    if (idx.shape()[d] == 1) continue;
    if (first) {
      stride = idx.strides()[d];
      first = false;
    } else if (idx.strides()[d] != stride * inner_extent) {
      return false;
    }
    inner_extent *= idx.shape()[d];
  }
  return true;
}

// Dims [from, to) of `a` and of the C-contiguous output dims [out_from, ...),
// coalesced: shape and a's byte strides.
void coalesce_side(const ndarray& a, int from, int to, const Strides& out_strides, int out_from, Dims& shape,
                   Dims& strides) {
  Shape sh;
  PlanOperand ops[2] = {{a.data(), {}}, {nullptr, {}}};
  for (int d = from; d < to; ++d) {
    sh.push_back(a.shape()[d]);
    ops[0].strides.push_back(a.strides()[d]);
    ops[1].strides.push_back(out_strides[out_from + (d - from)]);
  }
  Dims st[2];
  coalesce_dims(sh, ops, 2, 1, shape, st);
  strides = st[0];
}


}  // namespace

// Note [Gather items]
// Every address a gather touches is a multiple of the plan's item size, which
// is the largest power of two up to 16 that divides the input and output
// addresses, the axis and outer strides, and the bytes of one inner run: the
// innermost inner dim's items when they are contiguous (a row of 64 float32
// moves as 16 items of 16 bytes: the vector loads and stores of the CUDA
// kernel, a memcpy on the CPU), else one dtype item. An item narrower than
// the dtype's (a misaligned view) adds an inner dim of the pieces.
void gather(const ndarray& out, const ndarray& a, int axis, const ndarray& indices, backend::GatherMode mode,
            int error_axis) {
  ndarray idx = on_device(indices, a.device());
  backend::GatherPlan p;
  if (!one_run(idx, p.index_stride)) {
    idx = idx.copy('C');
    p.index_stride = static_cast<int64_t>(idx.itemsize());
  }
  p.index = idx.data();
  p.index_dtype = idx.dtype();
  p.nidx = idx.size();
  p.len = a.shape()[axis];
  p.axis_stride = a.strides()[axis];
  p.mode = mode;
  p.axis = error_axis;
  const int64_t isz = static_cast<int64_t>(a.itemsize());
  int64_t outer = 1;
  for (int d = 0; d < axis; ++d) outer *= a.shape()[d];
  if (out.size() == 0) {
    // Nothing to write, but NumPy checks the indices in mode raise whenever
    // the outer dims are not empty (a (2, 5, 0) input): on the host, which
    // costs a wait for the device only in that corner.
    if (mode != backend::GatherMode::Raise || outer == 0 || p.nidx == 0) return;
    ndarray host = idx.to(Device::cpu());
    if (!one_run(host, p.index_stride)) {
      host = host.copy('C');
      p.index_stride = static_cast<int64_t>(host.itemsize());
    }
    p.index = host.data();
    p.outer_shape = {outer};
    p.inner_shape = {0};
    p.itemsize = static_cast<int>(isz);
    backend::get(Device::cpu()).gather(p);
    return;
  }
  const Strides os = contiguous_strides(out.shape(), isz);
  const int in_after = axis + 1, out_after = axis + idx.ndim();
  coalesce_side(a, 0, axis, os, 0, p.outer_shape, p.outer_strides);
  coalesce_side(a, in_after, a.ndim(), os, out_after, p.inner_shape, p.inner_strides);

  // Note [Gather items]
  const bool run = !p.inner_shape.empty() && p.inner_strides.back() == isz;
  const int64_t run_bytes = run ? p.inner_shape.back() * isz : isz;
  int64_t w = 16;
  auto fit = [&](int64_t v) {
    while (v % w) w /= 2;
  };
  fit(run_bytes);
  fit(static_cast<int64_t>(reinterpret_cast<uintptr_t>(a.data()) % 16));
  fit(static_cast<int64_t>(reinterpret_cast<uintptr_t>(out.data()) % 16));
  fit(p.axis_stride);
  for (int64_t s : p.outer_strides) fit(s);
  for (size_t d = 0; d + (run ? 1 : 0) < p.inner_strides.size(); ++d) fit(p.inner_strides[d]);
  if (run) {
    p.inner_shape.back() = run_bytes / w;
    p.inner_strides.back() = w;
    if (p.inner_shape.back() == 1) {
      p.inner_shape.pop_back();
      p.inner_strides.pop_back();
    }
  } else if (w < isz) {
    p.inner_shape.push_back(isz / w);
    p.inner_strides.push_back(w);
  }
  p.itemsize = static_cast<int>(w);
  p.in = a.data();
  p.out = out.data();

  // 32-bit offsets when every byte offset and the item count fit.
  int64_t extent = std::llabs(p.axis_stride) * (p.len - 1) + w;
  for (size_t d = 0; d < p.outer_shape.size(); ++d) extent += std::llabs(p.outer_strides[d]) * (p.outer_shape[d] - 1);
  for (size_t d = 0; d < p.inner_shape.size(); ++d) extent += std::llabs(p.inner_strides[d]) * (p.inner_shape[d] - 1);
  const int64_t limit = int64_t(1) << 31;
  p.index32 = extent < limit && p.size() * w < limit && std::llabs(p.index_stride) * p.nidx < limit;
  backend::get(a.device()).gather(p);
}

}  // namespace cunum::core
