// cunum/tiling.hpp — NumPy's "Tiling arrays", "Adding and removing elements"
// (append, resize, trim_zeros), rollaxis and meshgrid. Every result is a new
// array written in one pass (a strided copy per piece), except rollaxis and
// trim_zeros, which are views as in NumPy.
//
//   auto t = cunum::tile(a, {2, 3});                 // a's blocks, 2 x 3
//   auto r = cunum::repeat(a, 2, 0);                 // each row twice
//   auto s = cunum::repeat(a, counts, 0);            // counts[i] copies of row i
//   auto z = cunum::resize(a, {4, 5});               // a's elements repeated to fill
//   auto g = cunum::meshgrid({x, y});                // indexing "xy"
//   auto d = cunum::delete_(a, cunum::Slice{0, {}, 2}, 1);   // np.delete(a, np.s_[::2], 1)
//   auto i = cunum::insert(a, std::vector<int64_t>{1, 1}, v);  // np.insert(a, [1, 1], v)
#pragma once
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "indexing.hpp"
#include "ndarray.hpp"

namespace cunum {

// NumPy's tile: reps (each >= 0) and a.shape are padded with leading 1s to
// the same length; the result, C order, has shape a.shape * reps.
ndarray tile(const ndarray& a, const std::vector<int64_t>& reps);
// NumPy's repeat: each element along `axis` (of the flattened array when
// nullopt) `repeats` times; one copy kernel, C order.
ndarray repeat(const ndarray& a, int64_t repeats, std::optional<int64_t> axis = {});
// Per-element repeats (a 1-d integer array of length 1 or a.shape[axis],
// casting safely to int64). The result's size depends on the values: one
// synchronisation reads their sum (and checks that none is negative), then
// the positions are built on the device (Note [Expanding counts without a
// scan]) and one gather writes the result.
ndarray repeat(const ndarray& a, const ndarray& repeats, std::optional<int64_t> axis = {});
// NumPy's rollaxis: a view with `axis` moved to before position `start`.
ndarray rollaxis(const ndarray& a, int64_t axis, int64_t start = 0);
// NumPy's resize function: the flattened a repeated (or cut) to fill
// new_shape, C order; zeros when a or the result is empty.
ndarray resize(const ndarray& a, const Shape& new_shape);
// NumPy's append: concatenate((arr, values), axis), both flattened when axis
// is nullopt.
ndarray append(const ndarray& arr, const ndarray& values, std::optional<int64_t> axis = {});
// NumPy's obj of insert and delete: one position (an int, or a 0-d integer
// array: insert then puts `values` in as one slice), a slice, positions (a
// vector, or a 1-d or n-d integer array, flattened), or a boolean array
// (delete: a mask of the axis's length; insert: its true positions). An
// array obj of another dtype is NumPy's IndexError, even empty (Python
// casts an empty list to integers first, as NumPy does).
using InsertObj = std::variant<int64_t, Slice, std::vector<int64_t>, ndarray>;
// NumPy's delete: arr without the items obj selects along `axis` (of the
// flattened arr when nullopt); a new array. IndexError for a position
// outside [-n, n) or a non-integer array, ValueError for a mask of the
// wrong shape, AxisError. An ndarray obj is read on the host (its values
// decide the result's shape: one wait when it lives on the GPU); the result
// is then one gather of the kept items on arr's device (no wait up to 2^20
// items along the axis; beyond, a boolean mask whose count is waited for).
ndarray delete_(const ndarray& arr, const InsertObj& obj, std::optional<int64_t> axis = {});
// NumPy's insert: values (cast to arr's dtype, unsafe as NumPy) put in
// before the positions obj selects along `axis` (flattened arr when
// nullopt). One position: values broadcast to a slice of the axis (for a
// scalar position, values' first axis is moved to `axis`, as NumPy does);
// several: each gets one item, positions taken in stable sorted order, as
// NumPy does. IndexError for a position outside [-n, n] (or, with several,
// outside the new length) or a non-integer array; ValueError for an array
// obj of more than one dim (NumPy's messages). obj is read on the host
// as for delete_; the result is written by strided copies (one position)
// or two scatters, of values and of arr (several).
ndarray insert(const ndarray& arr, const InsertObj& obj, const ndarray& values, std::optional<int64_t> axis = {});
// NumPy 2's trim_zeros: a view without the leading ('f') and trailing ('b')
// zeros of every axis (or of `axis` only). One synchronisation reads the
// bounds.
ndarray trim_zeros(const ndarray& filt, const std::string& trim = "fb", std::optional<int64_t> axis = {});
// NumPy's meshgrid: indexing "xy" (Cartesian) or "ij" (matrix); sparse keeps
// the broadcastable shapes; copy makes each result its own array (else views
// with zero strides).
std::vector<ndarray> meshgrid(const std::vector<ndarray>& xi, bool copy = true, bool sparse = false,
                              const std::string& indexing = "xy");

}  // namespace cunum
