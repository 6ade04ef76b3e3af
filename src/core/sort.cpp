#include "core/sort.hpp"

#include "core/assign.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"  // transpose (a core view)

namespace cunum::core {

namespace {
ndarray contiguous(const ndarray& a) { return a.is_c_contiguous() ? a : a.copy('C'); }

// `a` with axis `from` moved to position `to` (a view; moveaxis is a routine).
ndarray move_axis(const ndarray& a, int from, int to) {
  std::vector<int64_t> perm;
  for (int d = 0; d < a.ndim(); ++d)
    if (d != from) perm.push_back(d);
  perm.insert(perm.begin() + to, from);
  return transpose(a, perm);
}
}  // namespace

void sort_along(const ndarray& a, int axis, ndarray* keys, ndarray* index, bool stable) {
  const int last = a.ndim() - 1;
  ndarray b = axis == last ? a : move_axis(a, axis, last);
  ndarray in = contiguous(b);
  const Device dev = a.device();
  ndarray k, i;
  // A stable sort of floats orders -0.0 and +0.0 by position: the argsort's
  // order, so it asks for the index too (Note [Sort keys]).
  const bool want_index = index || (stable && (dtype_kind(a.dtype()) == 'f' || dtype_kind(a.dtype()) == 'c'));
  if (keys) k = ndarray::allocate(in.shape(), a.dtype(), dev);
  if (want_index) i = ndarray::allocate(in.shape(), DType::Int64, dev);
  backend::SortPlan p;
  p.in = in.data();
  p.keys = keys ? k.data() : nullptr;
  p.index = want_index ? reinterpret_cast<int64_t*>(i.data()) : nullptr;
  p.dtype = a.dtype();
  p.len = a.shape()[axis];
  p.nseg = p.len > 0 ? in.size() / p.len : 0;
  if (p.nseg > 0 && p.len > 0) backend::get(dev).sort(p);
  auto back = [&](const ndarray& x) { return axis == last ? x : move_axis(x, last, axis); };
  if (keys) *keys = back(k);
  if (index) *index = back(i);
}

ndarray search_sorted(const ndarray& a, const ndarray& values, bool right) {
  CUNUM_ASSERT(a.ndim() == 1 && a.dtype() == values.dtype());
  const ndarray s = contiguous(a), v = contiguous(values);
  ndarray out = ndarray::allocate(values.shape(), DType::Int64, a.device());
  backend::SearchPlan p;
  p.sorted = s.data();
  p.values = v.data();
  p.out = reinterpret_cast<int64_t*>(out.data());
  p.dtype = a.dtype();
  p.n = s.size();
  p.m = v.size();
  p.right = right;
  if (p.m > 0) backend::get(a.device()).search(p);
  return out;
}

ndarray run_starts(const ndarray& sorted, bool flags, bool equal_nan, const ndarray& perm, const ndarray& inverse) {
  CUNUM_ASSERT(sorted.ndim() == 1);
  const ndarray s = contiguous(sorted);
  const int64_t n = s.size();
  ndarray starts = ndarray::allocate({n}, DType::Int64, s.device());
  backend::RunsPlan p;
  p.keys = s.data();
  p.dtype = s.dtype();
  p.flags = flags;
  p.equal_nan = equal_nan;
  p.n = n;
  p.starts = reinterpret_cast<int64_t*>(starts.data());
  ndarray pc;
  if (inverse.valid()) {
    CUNUM_ASSERT(inverse.is_c_contiguous() && inverse.size() == n && inverse.dtype() == DType::Int64);
    p.inverse = reinterpret_cast<int64_t*>(inverse.data());
    if (perm.valid()) {
      pc = contiguous(perm);
      p.perm = reinterpret_cast<const int64_t*>(pc.data());
    }
  }
  const int64_t count = n > 0 ? backend::get(s.device()).runs(p) : 0;
  return ndarray(starts.storage(), starts.offset(), {count}, {8}, DType::Int64);
}

}  // namespace cunum::core
