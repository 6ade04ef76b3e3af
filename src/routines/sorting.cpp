// Sorting routines (NumPy's "Sorting" section): sort, argsort, partition,
// lexsort, sort_complex, on the sort family (src/core/sort.hpp).
#include "cunum/sorting.hpp"

#include <string>

#include "core/assign.hpp"
#include "core/sort.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/sort_helpers.hpp"

namespace cunum {

namespace {
// NumPy's axis rule for sorts: nullopt sorts the flattened array.
ndarray flat_or(const ndarray& a, std::optional<int64_t> axis, int& ax) {
  if (!axis) {
    ax = 0;
    return ravel(a);
  }
  ax = normalize_axis(*axis, a.ndim());
  return a;
}

void check_kth(const std::vector<int64_t>& kth, int64_t n) {
  for (int64_t k : kth) {
    const int64_t kk = k < 0 ? k + n : k;
    if (kk < 0 || kk >= n) throw ValueError("kth(=" + std::to_string(kk) + ") out of bounds (" + std::to_string(n) + ")");
  }
}
}  // namespace

ndarray sort(const ndarray& a, std::optional<int64_t> axis, bool stable) {
  int ax = 0;
  const ndarray b = flat_or(a, axis, ax);
  ndarray keys;
  core::sort_along(b, ax, &keys, nullptr, stable);
  return keys;
}

void sort_inplace(const ndarray& a, int64_t axis, bool stable) {
  const int ax = normalize_axis(axis, a.ndim());
  ndarray keys;
  core::sort_along(a, ax, &keys, nullptr, stable);
  core::assign(a, keys);
}

// NumPy's argsort and argpartition take a 0-d array as 1-d (sort does not).
ndarray argsort(const ndarray& a, std::optional<int64_t> axis) {
  int ax = 0;
  const ndarray b = flat_or(a.ndim() == 0 ? a.reshape({1}) : a, axis, ax);
  ndarray index;
  core::sort_along(b, ax, nullptr, &index);
  return index;
}

ndarray partition(const ndarray& a, const std::vector<int64_t>& kth, std::optional<int64_t> axis) {
  int ax = 0;
  const ndarray b = flat_or(a, axis, ax);
  check_kth(kth, b.shape()[ax]);
  ndarray keys;
  core::sort_along(b, ax, &keys, nullptr);
  return keys;
}

ndarray argpartition(const ndarray& a, const std::vector<int64_t>& kth, std::optional<int64_t> axis) {
  int ax = 0;
  const ndarray b = flat_or(a.ndim() == 0 ? a.reshape({1}) : a, axis, ax);
  check_kth(kth, b.shape()[ax]);
  ndarray index;
  core::sort_along(b, ax, nullptr, &index);
  return index;
}

// Note [lexsort by stable passes]
// The permutation that sorts by the first key is refined by each later key:
// the next key is gathered in the current order, argsorted (stable, so ties
// keep the order so far) and the permutation gathered through it. The last
// key decides first, as NumPy's. One argsort and two gathers per key.
ndarray lexsort(const std::vector<ndarray>& keys, int64_t axis) {
  if (keys.empty()) throw TypeError("need sequence of keys with len > 0 in lexsort");
  for (const ndarray& k : keys)
    if (k.shape() != keys[0].shape()) throw ValueError("all keys need to be the same shape");
  const ndarray& k0 = keys[0];
  if (k0.ndim() == 0) return zeros({}, DType::Int64, k0.device());
  const int ax = normalize_axis(axis, k0.ndim());
  ndarray perm = argsort(keys[0], ax);
  for (size_t i = 1; i < keys.size(); ++i) {
    const ndarray next = detail::take_along(core::on_device(keys[i], k0.device()), perm, ax);
    perm = detail::take_along(perm, argsort(next, ax), ax);
  }
  return perm;
}

ndarray sort_complex(const ndarray& a) {
  ndarray s = sort(a, -1);
  if (dtype_kind(a.dtype()) == 'c') return s;
  const DType d = a.dtype();
  const bool small = d == DType::Int8 || d == DType::UInt8 || d == DType::Int16 || d == DType::UInt16;
  return s.astype(small ? DType::Complex64 : DType::Complex128);
}

}  // namespace cunum
