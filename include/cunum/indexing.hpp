// cunum/indexing.hpp — basic indexing (integers, slices, newaxis, ellipsis).
//
//   using cunum::Slice;
//   auto v = a.index({cunum::Index(1), cunum::Index(Slice{0, {}, -1})});
//   cunum::index(a, {cunum::Index::ellipsis(), cunum::Index(0)});
#pragma once
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

}  // namespace cunum
