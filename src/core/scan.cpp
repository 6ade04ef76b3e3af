// The scan planner (Note [Scan plans]).
#include "core/scan.hpp"

#include "core/loop_plan.hpp"
#include "cunum/error.hpp"

namespace cunum::core {

void scan(const ndarray& out, const ndarray& a0, int axis, backend::ScanOp op, DType loop) {
  CUNUM_ASSERT(out.shape() == a0.shape() && axis >= 0 && axis < a0.ndim());
  if (a0.size() == 0) return;
  ndarray a = a0;
  // In place is fine when `out` is `a` element for element (each element is
  // read before it is written); any other overlap scans a copy.
  const bool same_view = out.data() == a.data() && out.strides() == a.strides() && out.dtype() == a.dtype();
  if (!same_view && may_overlap(out, a)) a = a.copy();
  CUNUM_ASSERT(a.device() == out.device());
  backend::ScanPlan p;
  p.in = a.data();
  p.out = out.data();
  p.op = op;
  p.in_dtype = a.dtype();
  p.loop_dtype = loop;
  p.out_dtype = out.dtype();
  p.len = a.shape()[axis];
  p.in_axis_stride = a.strides()[axis];
  p.out_axis_stride = out.strides()[axis];
  Shape lanes;
  Strides in_s, out_s;
  for (int d = 0; d < a.ndim(); ++d) {
    if (d == axis) continue;
    lanes.push_back(a.shape()[d]);
    in_s.push_back(a.strides()[d]);
    out_s.push_back(out.strides()[d]);
  }
  const PlanOperand ops[2] = {{a.data(), in_s}, {out.data(), out_s}};
  Dims st[2];
  coalesce_dims(lanes, ops, 2, 0, p.lane_shape, st);
  p.in_lane_strides = st[0];
  p.out_lane_strides = st[1];
  backend::get(out.device()).scan(p);
}

}  // namespace cunum::core
