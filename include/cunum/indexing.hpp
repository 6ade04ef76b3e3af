// cunum/indexing.hpp — NumPy's "Indexing routines": basic indexing
// (integers, slices, newaxis, ellipsis) and take.
//
//   using cunum::Slice;
//   auto v = a.index({cunum::Index(1), cunum::Index(Slice{0, {}, -1})});
//   cunum::index(a, {cunum::Index::ellipsis(), cunum::Index(0)});
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

struct Index {
  enum class Kind : uint8_t { Integer, Slice, NewAxis, Ellipsis };
  Kind kind = Kind::Integer;
  int64_t i = 0;
  Slice s;
  Index(int64_t v) : kind(Kind::Integer), i(v) {}
  Index(int v) : kind(Kind::Integer), i(v) {}
  Index(Slice sl) : kind(Kind::Slice), s(sl) {}
  static Index newaxis() { Index x(0); x.kind = Kind::NewAxis; return x; }
  static Index ellipsis() { Index x(0); x.kind = Kind::Ellipsis; return x; }
};

// A view of a selected by basic indices; throws IndexError.
ndarray index(const ndarray& a, const std::vector<Index>& idx);
// a[idx] = value, broadcasting value and casting it (unsafe, as NumPy does).
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

}  // namespace cunum
