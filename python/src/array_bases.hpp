// `ndarray.base` as NumPy's: the array object a view was made from
// (Note [View bases], array_bases.cpp).
#pragma once
#include <vector>

#include <nanobind/nanobind.h>

#include "cunum/ndarray.hpp"

namespace cunum::py {

// `view`, after noting that `parent` (a binding's argument: the C++ object
// inside its Python array) is the owner of view's memory when it is one.
ndarray with_base(const ndarray& parent, ndarray view);
std::vector<ndarray> with_base(const ndarray& parent, std::vector<ndarray> views);
void note_base(const ndarray& parent, const ndarray& view);
// What `view.base` returns for an array that does not own its memory.
nanobind::object base_object(const ndarray& view);

}  // namespace cunum::py
