// cunum/manipulation.hpp — shape manipulation. All return views when NumPy does.
//
//   auto b = cunum::broadcast_to(cunum::arange(3), {4, 3});
//   auto c = cunum::moveaxis(a, 0, -1);
//   auto d = cunum::roll(a, {1, -2}, {{0, 1}});   // a copy, as NumPy's
#pragma once
#include <optional>
#include <vector>

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

}  // namespace cunum
