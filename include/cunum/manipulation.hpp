// cunum/manipulation.hpp — shape manipulation. All return views when NumPy does.
//
//   auto b = cunum::broadcast_to(cunum::arange(3), {4, 3});
//   auto c = cunum::moveaxis(a, 0, -1);
//   auto d = cunum::roll(a, {1, -2}, {{0, 1}});   // a copy, as NumPy's
//   auto e = cunum::concatenate({a, b}, 0);
//   auto parts = cunum::split(a, cunum::SplitSpec{3}, 0);  // three views
#pragma once
#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

#include "dtype.hpp"
#include "ndarray.hpp"

namespace cunum {

ndarray reshape(const ndarray& a, const Shape& shape, char order = 'C');
ndarray ravel(const ndarray& a, char order = 'C');
ndarray flatten(const ndarray& a, char order = 'C');
ndarray transpose(const ndarray& a, std::optional<std::vector<int64_t>> axes = {});
ndarray swapaxes(const ndarray& a, int64_t axis1, int64_t axis2);
ndarray moveaxis(const ndarray& a, std::vector<int64_t> source, std::vector<int64_t> destination);
ndarray matrix_transpose(const ndarray& a);  // .mT
ndarray squeeze(const ndarray& a, std::optional<std::vector<int64_t>> axis = {});
ndarray expand_dims(const ndarray& a, std::vector<int64_t> axis);
ndarray broadcast_to(const ndarray& a, const Shape& shape);
std::vector<ndarray> broadcast_arrays(const std::vector<ndarray>& arrays);
Shape broadcast_shapes(const std::vector<Shape>& shapes);  // ValueError if incompatible
ndarray atleast_1d(const ndarray& a);
ndarray atleast_2d(const ndarray& a);
ndarray atleast_3d(const ndarray& a);
// NumPy's roll: element i along an axis moves to (i + shift) mod n. shift and
// axis broadcast against each other (equal lengths, or one of length 1);
// shifts on a repeated axis add up. No axis: the flattened array is rolled
// and the result has a's shape. A new array (order 'K').
ndarray roll(const ndarray& a, const std::vector<int64_t>& shift,
             std::optional<std::vector<int64_t>> axis = {});


// ---------------------------------------------------------------- joining (src/routines/joining.cpp)
// NumPy's concatenate: axis=nullopt joins the flattened arrays; the result
// dtype is the inputs' result_type, or dtype=, or out's; every input must
// cast to it under `casting`.
ndarray concatenate(const std::vector<ndarray>& arrays, std::optional<int64_t> axis = 0,
                    const std::optional<ndarray>& out = {}, std::optional<DType> dtype = {},
                    Casting casting = Casting::SameKind);
ndarray stack(const std::vector<ndarray>& arrays, int64_t axis = 0, const std::optional<ndarray>& out = {},
              std::optional<DType> dtype = {}, Casting casting = Casting::SameKind);
ndarray hstack(const std::vector<ndarray>& arrays, std::optional<DType> dtype = {},
               Casting casting = Casting::SameKind);
ndarray vstack(const std::vector<ndarray>& arrays, std::optional<DType> dtype = {},
               Casting casting = Casting::SameKind);
ndarray dstack(const std::vector<ndarray>& arrays);
ndarray column_stack(const std::vector<ndarray>& arrays);
// NumPy's block: nested lists of arrays, the innermost lists joined along
// the last axis, the next ones along the one before, ... Each array is first
// raised to the result's ndim (max of the arrays' ndim and the nesting
// depth) with leading 1s. ValueError (NumPy's messages) for lists of
// mismatched depths and empty lists. A lone array gives a copy.
//
//   auto m = cunum::block({{a, b}, {c, d}});   // [[a, b], [c, d]]
struct Block {
  std::optional<ndarray> array;  // a leaf, or
  std::vector<Block> items;      // a list of blocks (possibly empty)
  Block(ndarray a) : array(std::move(a)) {}  // NOLINT: implicit, as in block({a, b})
  Block(std::initializer_list<Block> l) : items(l) {}
  explicit Block(std::vector<Block> l) : items(std::move(l)) {}
};
ndarray block(const Block& arrays);
// NumPy's asarray_chkfinite: array(a, dtype, copy=false, order), then
// ValueError "array must not contain infs or NaNs" if a float or complex
// result holds one (one wait for the device: the answer is read back).
ndarray asarray_chkfinite(const ndarray& a, std::optional<DType> dtype = {}, char order = 'K');

// ---------------------------------------------------------------- splitting (src/routines/splitting.cpp)
// indices_or_sections: a number of sections, or the division points.
struct SplitSpec {
  int64_t sections = 0;
  std::optional<std::vector<int64_t>> indices;
};
std::vector<ndarray> array_split(const ndarray& a, const SplitSpec& spec, int64_t axis = 0);
std::vector<ndarray> split(const ndarray& a, const SplitSpec& spec, int64_t axis = 0);
std::vector<ndarray> hsplit(const ndarray& a, const SplitSpec& spec);
std::vector<ndarray> vsplit(const ndarray& a, const SplitSpec& spec);
std::vector<ndarray> dsplit(const ndarray& a, const SplitSpec& spec);
std::vector<ndarray> unstack(const ndarray& a, int64_t axis = 0);

// ---------------------------------------------------------------- rearranging (src/routines/rearranging.cpp)
ndarray flip(const ndarray& a, std::optional<std::vector<int64_t>> axis = {});  // a view
ndarray fliplr(const ndarray& a);
ndarray flipud(const ndarray& a);
ndarray rot90(const ndarray& a, int64_t k = 1, const std::vector<int64_t>& axes = {0, 1});

}  // namespace cunum
