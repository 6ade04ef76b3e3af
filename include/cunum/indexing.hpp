// cunum/indexing.hpp — NumPy's "Indexing routines": basic and advanced
// indexing (integers, slices, newaxis, ellipsis, integer and boolean arrays),
// take, put, masks and the nonzero family.
//
//   using cunum::Slice;
//   auto v = cunum::index(a, {1, Slice{0, {}, -1}});            // a[1, ::-1], a view
//   cunum::index(a, {cunum::Index::ellipsis(), 0});             // a[..., 0]
//   auto g = cunum::index(m, {idx, Slice{}});                   // m[idx, :], a copy (gather)
//   auto p = cunum::index(x, {cunum::greater(x, 0)});           // x[x > 0]: one wait for the size
//   cunum::index_assign(m, {rows, cols}, cunum::Scalar(0.0));   // m[rows, cols] = 0 (scatter)
//   auto nz = cunum::nonzero(x);                                // a tuple of index arrays
//   auto rows = cunum::take(m, idx, 0);                      // m[idx] along axis 0
//   auto w = cunum::take(a, idx, {}, {}, cunum::ClipMode::Wrap);  // of a.ravel(), indices mod a.size
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "ndarray.hpp"

namespace cunum {

struct Slice {
  std::optional<int64_t> start, stop, step;
};

// One item of an index: an integer, a slice, newaxis, ellipsis or an array
// (integer of any dtype, or bool: a mask over as many dims as it has).
struct Index {
  enum class Kind : uint8_t { Integer, Slice, NewAxis, Ellipsis, Array };
  Kind kind = Kind::Integer;
  int64_t i = 0;
  Slice s;
  ndarray array;  // Kind::Array
  Index(int64_t v) : kind(Kind::Integer), i(v) {}
  Index(int v) : kind(Kind::Integer), i(v) {}
  Index(Slice sl) : kind(Kind::Slice), s(sl) {}
  Index(ndarray a) : kind(Kind::Array), array(std::move(a)) {}
  static Index newaxis() { Index x(0); x.kind = Kind::NewAxis; return x; }
  static Index ellipsis() { Index x(0); x.kind = Kind::Ellipsis; return x; }
};

// a[idx] with NumPy's rules: a view when every item is basic, else a new
// array (Note [Advanced indexing] in src/routines/advanced_indexing.cpp: the
// broadcast shape of the index arrays replaces their dims where they stand
// when the advanced items are adjacent, else it comes first). Throws
// IndexError (an index out of bounds: on the GPU at the next wait, Note
// [Deferred errors]). A boolean array waits for the device once (its count).
ndarray index(const ndarray& a, const std::vector<Index>& idx);
// a[idx] = value, broadcasting value and casting it (unsafe, as NumPy does).
// With repeated indices the CPU keeps the last value in C order (NumPy's
// rule); the GPU keeps one of them, which one is unspecified (as CuPy).
void index_assign(const ndarray& a, const std::vector<Index>& idx, const ndarray& value);
void index_assign(const ndarray& a, const std::vector<Index>& idx, const Scalar& value);

// NumPy's clip modes (take's mode=): what an index outside [-n, n) of an axis
// of length n does. Raise: IndexError (on the GPU at the first read of data
// after the call: Note [Deferred errors]); Wrap: taken modulo n; Clip: the
// nearest end (a negative index is 0: it does not count from the end).
enum class ClipMode : uint8_t { Raise, Wrap, Clip };

// NumPy's take: the items of `a` at `indices` along `axis`, or of the
// flattened `a` when axis is nullopt. The result has shape
// a.shape[:axis] + indices.shape + a.shape[axis+1:], a's dtype, C order.
// indices: any integer dtype or bool (TypeError otherwise), any shape and
// layout; uint64 values wrap to int64 as in NumPy. out: that shape and any
// dtype (NumPy 2.5's rule), written with an unsafe cast;
// returned. Errors as NumPy's: AxisError, IndexError (an index out of bounds
// in mode Raise, a non-empty take from an empty axis), ValueError (out's
// shape), TypeError.
ndarray take(const ndarray& a, const ndarray& indices, std::optional<int64_t> axis = {},
             const std::optional<ndarray>& out = {}, ClipMode mode = ClipMode::Raise);
// One index: the result has one dim fewer (a view's copy; no index array and
// no gather kernel, and mode Raise raises at once on every device).
ndarray take(const ndarray& a, int64_t index, std::optional<int64_t> axis = {},
             const std::optional<ndarray>& out = {}, ClipMode mode = ClipMode::Raise);

// cunumx.scatter_add / scatter_max / scatter_min: a[idx] (op)= value where
// every value counts, repeated indices included (numpy.add.at and friends).
enum class ScatterKind : uint8_t { Add, Max, Min };
void index_combine(const ndarray& a, const std::vector<Index>& idx, const ndarray& value, ScatterKind kind);

// The nonzero family (one wait for the device: the count).
std::vector<ndarray> nonzero(const ndarray& a);  // NumPy's nonzero (0-d: as atleast_1d)
ndarray flatnonzero(const ndarray& a);
ndarray argwhere(const ndarray& a);  // (count, a.ndim) int64
// NumPy's count_nonzero: a reduction (no wait); axis empty: over all.
// axis_is_int: `axis` was one integer (NumPy then lets a 0-d input take axis 0 or -1).
ndarray count_nonzero(const ndarray& a, std::optional<std::vector<int64_t>> axis = {}, bool keepdims = false,
                      bool axis_is_int = false);
// compress(condition, a, axis) and extract(condition, a) (= a.ravel()[condition.ravel() != 0]).
ndarray compress(const ndarray& condition, const ndarray& a, std::optional<int64_t> axis = {},
                 const std::optional<ndarray>& out = {});
ndarray extract(const ndarray& condition, const ndarray& a);

// Writing by flat positions and masks (NumPy's put, putmask, place).
void put(const ndarray& a, const ndarray& indices, const ndarray& values, ClipMode mode = ClipMode::Raise);
void putmask(const ndarray& a, const ndarray& mask, const ndarray& values);
void place(const ndarray& a, const ndarray& mask, const ndarray& vals);
// Along an axis (nullopt: of the flattened array), indices of a's rank.
ndarray take_along_axis(const ndarray& a, const ndarray& indices, std::optional<int64_t> axis);
void put_along_axis(const ndarray& a, const ndarray& indices, const ndarray& values, std::optional<int64_t> axis);

}  // namespace cunum
