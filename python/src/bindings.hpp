#pragma once
#include <nanobind/nanobind.h>

namespace cunum::py {
void bind_dtypes(nanobind::module_& m);
void bind_ndarray(nanobind::module_& m);
// ndarray's operators as type slots (Note [Operator slots], ndarray_slots.cpp).
const PyType_Slot* ndarray_operator_slots();
void bind_ufuncs(nanobind::module_& m);
void bind_functions(nanobind::module_& m);
void bind_cuda(nanobind::module_& m);
}  // namespace cunum::py
