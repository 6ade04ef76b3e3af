// Searching routines (NumPy's "Searching" section): searchsorted and
// digitize, on the sort family's binary search (src/core/sort.hpp); and the
// helpers the sort and set routines share (sort_helpers.hpp).
#include <string>
#include <vector>

#include "core/assign.hpp"
#include "core/sort.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/sorting.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/host_values.hpp"
#include "routines/sort_helpers.hpp"

namespace cunum {

namespace detail {
ndarray take_along(const ndarray& a, const ndarray& idx, int axis) {
  const int last = a.ndim() - 1;
  const ndarray A = ascontiguousarray(moveaxis(a, {axis}, {last}));
  const ndarray I = moveaxis(idx, {axis}, {last});
  if (A.size() == 0) return moveaxis(empty(A.shape(), A.dtype(), A.device()), {last}, {axis});
  const int64_t len = A.shape().back(), nseg = A.size() / len;
  Shape oshape = A.shape();
  oshape.back() = 1;
  const ndarray offsets = arange(Scalar(int64_t(0)), Scalar(nseg * len), Scalar(len), DType::Int64, A.device())
                              .reshape(oshape);
  const ndarray global = add(I, offsets);
  const ndarray flat = take(A.reshape({A.size()}), global.reshape({A.size()}));
  return moveaxis(flat.reshape(A.shape()), {last}, {axis});
}

ndarray compress_1d(const ndarray& values, const ndarray& mask) {
  const int64_t n = mask.size();
  if (n == 0) return empty({0}, values.dtype(), values.device());
  ndarray flags = empty({n + 1}, DType::Bool, values.device());
  index_assign(flags, {Index(0)}, Scalar(true));
  core::assign(index(flags, {Index(Slice{1, {}, {}})}), mask.reshape({n}));
  const ndarray starts = core::run_starts(flags, true, false);
  const ndarray pos = subtract(index(starts, {Index(Slice{1, {}, {}})}), 1);
  return take(values, pos);
}
}  // namespace detail

ndarray searchsorted(const ndarray& a, const ndarray& v, bool right, const std::optional<ndarray>& sorter) {
  if (a.ndim() != 1) throw ValueError(a.ndim() == 0 ? "object of too small depth for desired array"
                                                    : "object too deep for desired array");
  const DType common = promote_types(a.dtype(), v.dtype());
  ndarray s = a;
  if (sorter) {
    if (!is_integer(sorter->dtype()) && !is_bool(sorter->dtype()))
      throw TypeError("sorter must only contain integers");
    if (sorter->size() != a.size()) throw ValueError("sorter.size must equal a.size");
    if (sorter->ndim() != 1) throw ValueError("object too deep for desired array");
    s = take(a, core::on_device(*sorter, a.device()));
  }
  const ndarray sc = s.astype(common, false);
  const ndarray vc = core::on_device(v, a.device()).astype(common, false);
  return core::search_sorted(sc, vc, right);
}

namespace {
// NumPy's _monotonicity of the bins as doubles: 1 increasing (or all equal),
// -1 decreasing, 0 neither. The direction is the first step away from the
// first edge; NaN compares as NumPy's C comparisons see it (never equal, less
// or greater), so NaN edges pass either way.
int monotonicity(const std::vector<double>& a) {
  size_t i = 1;
  while (i < a.size() && a[i] == a[0]) ++i;
  if (i == a.size()) return 1;
  const bool increasing = a[0] < a[i];
  for (++i; i < a.size(); ++i)
    if (increasing ? a[i - 1] > a[i] : a[i - 1] < a[i]) return 0;
  return increasing ? 1 : -1;
}
}  // namespace

ndarray digitize(const ndarray& x, const ndarray& bins, bool right) {
  if (dtype_kind(x.dtype()) == 'c') throw TypeError("x may not be complex");
  if (bins.ndim() != 1) throw ValueError(bins.ndim() == 0 ? "object of too small depth for desired array"
                                                          : "object too deep for desired array");
  const ndarray b = core::on_device(bins, x.device());
  const int64_t n = b.size();
  const int mono = n > 1 ? monotonicity(detail::host_values<double>(b, DType::Float64)) : 1;
  if (mono == 0) throw ValueError("bins must be monotonically increasing or decreasing");
  // NumPy: side='left' for right=True, the reversed bins for decreasing ones.
  if (mono == 1) return searchsorted(b, x, !right);
  const ndarray rev = index(b, {Index(Slice{{}, {}, -1})});
  return subtract(Scalar(n), searchsorted(rev, x, !right));
}

}  // namespace cunum
