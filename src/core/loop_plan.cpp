#include "core/loop_plan.hpp"

#include <algorithm>
#include <numeric>

#include "cunum/error.hpp"

namespace cunum::core {

Strides broadcast_strides(const ndarray& a, const Shape& shape, bool drop_leading_ones) {
  const int nd = static_cast<int>(shape.size());
  int an = a.ndim(), skip = 0;
  // Leading size-1 dims beyond the target's rank are dropped (NumPy's setitem rule).
  while (drop_leading_ones && an - skip > nd && a.shape()[skip] == 1) ++skip;
  if (an - skip > nd)
    throw ValueError("could not broadcast input array from shape " + shape_str(a.shape()) +
                     " into shape " + shape_str(shape));
  Strides s(nd, 0);
  for (int i = skip; i < an; ++i) {
    const int j = nd - an + i;  // i >= skip keeps j >= 0
    if (a.shape()[i] == shape[j]) s[j] = a.strides()[i];
    else if (a.shape()[i] == 1) s[j] = 0;
    else
      throw ValueError("could not broadcast input array from shape " + shape_str(a.shape()) +
                       " into shape " + shape_str(shape));
  }
  return s;
}

Shape broadcast_shape(std::initializer_list<const Shape*> shapes) {
  size_t nd = 0;
  for (const Shape* s : shapes) nd = std::max(nd, s->size());
  Shape r(nd, 1);
  for (const Shape* s : shapes) {
    const size_t off = nd - s->size();
    for (size_t i = 0; i < s->size(); ++i) {
      int64_t v = (*s)[i], &o = r[off + i];
      if (v == o || v == 1) continue;
      if (o == 1) { o = v; continue; }
      std::string msg = "operands could not be broadcast together with shapes ";
      for (const Shape* t : shapes) msg += shape_str(*t) + " ";  // NumPy's trailing space too
      throw ValueError(msg);
    }
  }
  return r;
}

int coalesce_dims(const Shape& shape, const PlanOperand* ops, int nops, int order_by, Dims& shape_out,
                  Dims* strides_out) {
  const int nd = static_cast<int>(shape.size());
  // Keep the dims that matter (size != 1); a zero-size dim empties the loop.
  // Fixed-size scratch (nd <= kMaxDims): planning allocates nothing.
  int dims[kMaxDims];
  int nkeep = 0;
  for (int d = 0; d < nd; ++d) {
    if (shape[d] == 0) {
      shape_out.assign(1, 0);
      for (int k = 0; k < nops; ++k) strides_out[k].assign(1, 0);
      return 1;
    }
    if (shape[d] != 1) dims[nkeep++] = d;
  }
  // Innermost last: sort by |stride| of the ordering operand, descending;
  // ties keep C order (stable). An insertion sort: nkeep is small, and the
  // usual (C-ordered) input is already sorted.
  const Strides& key = ops[order_by].strides;
  for (int i = 1; i < nkeep; ++i) {
    const int d = dims[i];
    const int64_t kd = std::llabs(key[d]);
    int j = i;
    for (; j > 0 && std::llabs(key[dims[j - 1]]) < kd; --j) dims[j] = dims[j - 1];
    dims[j] = d;
  }
  // Coalesce, from the innermost dim outwards: outer dim o merges into the
  // current inner run when every operand has stride[o] == stride[inner] * extent.
  // The merged dims are built innermost first, then reversed in place.
  shape_out.resize(static_cast<size_t>(nkeep));
  for (int k = 0; k < nops; ++k) strides_out[k].resize(static_cast<size_t>(nkeep));
  int64_t* msh = shape_out.data();
  int m = 0;
  for (int j = nkeep - 1; j >= 0; --j) {
    const int d = dims[j];
    bool merge = m > 0;
    for (int k = 0; k < nops && merge; ++k)
      merge = ops[k].strides[d] == strides_out[k][m - 1] * msh[m - 1];
    if (merge) {
      msh[m - 1] *= shape[d];  // the merged dim keeps the inner stride
    } else {
      msh[m] = shape[d];
      for (int k = 0; k < nops; ++k) strides_out[k][m] = ops[k].strides[d];
      ++m;
    }
  }
  shape_out.resize(static_cast<size_t>(m));
  std::reverse(shape_out.begin(), shape_out.end());
  for (int k = 0; k < nops; ++k) {
    strides_out[k].resize(static_cast<size_t>(m));
    std::reverse(strides_out[k].begin(), strides_out[k].end());
  }
  return m;
}

backend::LoopPlan make_loop_plan(const Shape& shape, const PlanOperand* ops, int nops, int order_by) {
  backend::LoopPlan p;
  p.nops = nops;
  for (int k = 0; k < nops; ++k) p.data[k] = ops[k].data;
  coalesce_dims(shape, ops, nops, order_by, p.shape, p.strides.data());
  if (p.shape.size() == 1 && p.shape[0] == 0) return p;
  // 32-bit indexing when every operand's extent fits.
  bool fits = true;
  for (int k = 0; k < nops && fits; ++k) {
    int64_t extent = 0;
    for (size_t d = 0; d < p.shape.size(); ++d) extent += std::llabs(p.strides[k][d]) * (p.shape[d] - 1);
    fits = extent < (int64_t(1) << 31);
  }
  p.index32 = fits && p.size() < (int64_t(1) << 31);
  return p;
}

backend::LoopPlan plan_for(const Shape& shape, std::initializer_list<const ndarray*> arrays,
                           int order_by, bool drop_leading_ones) {
  PlanOperand ops[backend::kMaxOperands];
  int n = 0;
  for (const ndarray* a : arrays) {
    CUNUM_ASSERT(n < backend::kMaxOperands);
    ops[n++] = PlanOperand{a->data(), broadcast_strides(*a, shape, drop_leading_ones)};
  }
  backend::LoopPlan p = make_loop_plan(shape, ops, n, order_by);
  int k = 0;
  for (const ndarray* a : arrays) p.dtypes[k++] = a->dtype();
  return p;
}

bool may_overlap(const ndarray& a, const ndarray& b) {
  if (a.storage() != b.storage() || a.size() == 0 || b.size() == 0) return false;
  auto range = [](const ndarray& x) {
    int64_t lo = x.offset(), hi = x.offset();
    for (int d = 0; d < x.ndim(); ++d) {
      int64_t e = x.strides()[d] * (x.shape()[d] - 1);
      if (e < 0) lo += e;
      else hi += e;
    }
    return std::pair<int64_t, int64_t>(lo, hi + static_cast<int64_t>(x.itemsize()));
  };
  auto [alo, ahi] = range(a);
  auto [blo, bhi] = range(b);
  return alo < bhi && blo < ahi;
}

}  // namespace cunum::core
