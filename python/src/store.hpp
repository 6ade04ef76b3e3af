// Storing a Python value into an existing array (x[key] = value, x.fill(value)).
#pragma once
#include <nanobind/nanobind.h>

#include "cunum/ndarray.hpp"

namespace cunum::py {
// dst[...] = value with NumPy 2's rules for scalars and sequences
// (Note [Storing a value: NumPy 2's rules] in store.cpp).
void store_value(const ndarray& dst, nanobind::handle value);
// dst.fill(value): the same rules; a value of more than one element is an error.
void fill_value(ndarray& dst, nanobind::handle value);
}  // namespace cunum::py
