#pragma once
#include <nanobind/nanobind.h>

namespace cunum::py {
void bind_dtypes(nanobind::module_& m);
void bind_ndarray(nanobind::module_& m);
// ndarray's operators as type slots (Note [Operator slots], ndarray_slots.cpp).
const PyType_Slot* ndarray_operator_slots();
void bind_ufuncs(nanobind::module_& m);
// One file per chapter of NumPy's routines, sharing args.hpp's parsers.
void bind_creation(nanobind::module_& m);
void bind_manipulation(nanobind::module_& m);
void bind_indexing(nanobind::module_& m);
void bind_sorting(nanobind::module_& m);
void bind_fft(nanobind::module_& m);
void bind_linalg(nanobind::module_& m);
void bind_tiling(nanobind::module_& m);
void bind_indexing_routines(nanobind::module_& m);
void bind_reductions(nanobind::module_& m);
void bind_mathematical(nanobind::module_& m);
void bind_statistics(nanobind::module_& m);
void bind_cuda(nanobind::module_& m);
void bind_logic(nanobind::module_& m);   // logic.hpp, and misc.hpp's memory overlap
void bind_binary(nanobind::module_& m);
void bind_ufunc_methods(nanobind::module_& m);
void bind_random(nanobind::module_& m);
void bind_interop(nanobind::module_& m);  // interop.hpp: DLPack, foreign pointers
void bind_printing(nanobind::module_& m);  // format.hpp's C++ printer, for its tests
void bind_user_kernels(nanobind::module_& m);  // ElementwiseKernel, ReductionKernel, RawModule
void bind_fusion(nanobind::module_& m);  // cunum.fuse's graph (fusion.hpp)
void bind_window_functions(nanobind::module_& m);
}  // namespace cunum::py
