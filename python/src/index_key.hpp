// The parsing of x[key] and of the value of x[key] = value, shared by the
// ndarray type (bind_ndarray.cpp) and the routines that take a key
// (cunumx.scatter_add ..., bind_indexing.cpp).
#pragma once
#include <nanobind/nanobind.h>

#include <vector>

#include "cunum/indexing.hpp"

namespace cunum::py {
// The items of `key` with NumPy's rules (sequences and NumPy arrays become
// index arrays on self's device).
std::vector<Index> parse_index_key(nanobind::handle key, const ndarray& self);
// `value` as an array: a cunum array as it is, anything else stored into an
// array of self's dtype with NumPy 2's rules.
ndarray value_as_array(const ndarray& self, nanobind::handle value);
}  // namespace cunum::py
