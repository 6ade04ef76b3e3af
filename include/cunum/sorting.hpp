// cunum/sorting.hpp — NumPy's "Sorting, searching, and counting" and "Set
// routines" chapters, on the sort family of the backends (docs/sorting.md):
// a stable radix sort on both backends (NaNs last, -0.0 == +0.0, complex
// lexicographic with NumPy's NaN rules), binary search, runs of equal values.
//
//   auto s = cunum::sort(a, -1);                 // along the last axis
//   auto f = cunum::sort(a, std::nullopt);       // of a.ravel()
//   auto i = cunum::argsort(a, 0);               // always stable
//   auto p = cunum::partition(a, {2});           // a full sort: the partition property holds
//   auto j = cunum::searchsorted(s, v, /*right=*/true);
//   auto u = cunum::unique(a, {.return_counts = true});  // u.values, *u.counts
//   auto m = cunum::isin(a, b);
//   auto x = cunum::intersect1d(a, b).values;
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "ndarray.hpp"

namespace cunum {

// ---- sorting
// A sorted copy of `a` along `axis` (nullopt: of the flattened array).
// `stable`: equal elements keep their order (NumPy's kind='stable'); without
// it a float sort may put -0.0 before +0.0 whatever their order (NumPy's
// default kind promises no order among equal elements either). Errors:
// AxisError (a 0-d array with an axis).
ndarray sort(const ndarray& a, std::optional<int64_t> axis = -1, bool stable = false);
// ndarray.sort: sorts `a` along `axis` in place.
void sort_inplace(const ndarray& a, int64_t axis = -1, bool stable = false);
// The indices (int64) that sort `a` along `axis`; always stable.
ndarray argsort(const ndarray& a, std::optional<int64_t> axis = -1);
// NumPy's partition/argpartition: every element before position k is <= the
// k-th, every one after >= (for each k in kth). cunum sorts the whole axis,
// one arrangement among those NumPy allows. kth out of [-n, n): ValueError
// "kth(=k) out of bounds (n)".
ndarray partition(const ndarray& a, const std::vector<int64_t>& kth, std::optional<int64_t> axis = -1);
ndarray argpartition(const ndarray& a, const std::vector<int64_t>& kth, std::optional<int64_t> axis = -1);
// The indices that sort by the last key, then the one before, ... (stable).
// Every key has one shape; ValueError otherwise, TypeError for no keys.
ndarray lexsort(const std::vector<ndarray>& keys, int64_t axis = -1);
// sort(a) as a complex array, as NumPy's sort_complex: complex input keeps
// its dtype, int8/uint8/int16/uint16 become complex64, the rest complex128.
ndarray sort_complex(const ndarray& a);

// ---- searching
// NumPy's searchsorted: for each value of v, the position in the 1-d sorted
// `a` (sorted along `sorter`'s order when given) before which it would be
// inserted (the first such with right = false, the last with right = true).
// a and v are compared in their common dtype. The result is int64 of v's shape.
ndarray searchsorted(const ndarray& a, const ndarray& v, bool right = false,
                     const std::optional<ndarray>& sorter = {});
// NumPy's digitize: the bin of each x in monotonic `bins` (ValueError
// otherwise; TypeError for complex x). Waits for the device (the
// monotonicity check).
ndarray digitize(const ndarray& x, const ndarray& bins, bool right = false);

// ---- sets
struct UniqueOptions {
  bool return_index = false, return_inverse = false, return_counts = false;
  std::optional<int64_t> axis;  // nullopt: of the flattened array
  bool equal_nan = true;        // every NaN in one entry (axis=nullopt only, as NumPy)
};
struct UniqueResult {
  ndarray values;
  std::optional<ndarray> index, inverse, counts;  // as requested; int64
};
// NumPy's unique: the sorted unique values (rows, slices along `axis`), with
// the first index of each, the inverse (a's shape for axis=nullopt, 1-d
// otherwise: NumPy 2's rule) and the counts. The output size is known only
// after the runs are counted: one wait for the device.
UniqueResult unique(const ndarray& ar, const UniqueOptions& o = {});
// element's shape, bool: whether each element is in test_elements (NaN never
// is; -0.0 equals +0.0), or is not with `invert`.
ndarray isin(const ndarray& element, const ndarray& test_elements, bool assume_unique = false,
             bool invert = false);
struct IntersectResult {
  ndarray values;
  std::optional<ndarray> indices1, indices2;
};
IntersectResult intersect1d(const ndarray& a, const ndarray& b, bool assume_unique = false,
                            bool return_indices = false);
ndarray union1d(const ndarray& a, const ndarray& b);
ndarray setdiff1d(const ndarray& a, const ndarray& b, bool assume_unique = false);
ndarray setxor1d(const ndarray& a, const ndarray& b, bool assume_unique = false);

}  // namespace cunum
