#include "core/assign.hpp"

#include <vector>

#include "backend/backend.hpp"
#include "core/loop_plan.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"

namespace cunum::core {

ndarray on_device(const ndarray& a, Device d) { return a.device() == d ? a : a.to(d); }

namespace {
// src unless it overlaps dst in a way an elementwise pass could clobber.
ndarray overlap_safe(const ndarray& dst, const ndarray& src) {
  if (!may_overlap(dst, src)) return src;
  if (src.data() == dst.data() && src.strides() == dst.strides() && src.shape() == dst.shape())
    return src;  // identical views: elementwise in-place is fine
  return src.copy();
}
}  // namespace

void assign(const ndarray& dst, const ndarray& src0) {
  ndarray src = overlap_safe(dst, on_device(src0, dst.device()));
  auto plan = plan_for(dst.shape(), {&src, &dst}, 1, true);
  backend::get(dst.device()).copy(plan, src.dtype(), dst.dtype());
}

void assign_disjoint(const ndarray& dst, const ndarray& src0) {
  const ndarray src = on_device(src0, dst.device());
  auto plan = plan_for(dst.shape(), {&src, &dst}, 1, true);
  backend::get(dst.device()).copy(plan, src.dtype(), dst.dtype());
}

void assign_where(const ndarray& dst, const ndarray& src0, const ndarray& mask0) {
  ndarray src = overlap_safe(dst, on_device(src0, dst.device()));
  ndarray mask = on_device(mask0, dst.device());
  if (mask.dtype() != DType::Bool) mask = mask.astype(DType::Bool);
  mask = overlap_safe(dst, mask);
  auto plan = plan_for(dst.shape(), {&src, &mask, &dst}, 2, true);
  backend::get(dst.device()).copy_where(plan, src.dtype(), dst.dtype());
}

}  // namespace cunum::core
