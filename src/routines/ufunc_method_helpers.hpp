// What the ufunc methods' sources share (src/routines/ufunc_methods.cpp,
// ufunc_at.cpp): calling a ufunc by its definition, its identity, and the
// dtype its reduce / accumulate run in.
#pragma once
#include <optional>

#include "cunum/ufunc.hpp"

namespace cunum::detail_ufm {

ndarray call2(const core::UfuncDef& def, const Operand& x, const Operand& y, const UfuncOptions& o);
bool is_named(const core::UfuncDef& def, const char* name);
std::optional<Scalar> identity_of(const core::UfuncDef& def);  // NumPy's ufunc.identity
// Note [Reduce dtypes of any ufunc] (ufunc_methods.cpp).
DType method_dtype(const core::UfuncDef& def, const ndarray& a, std::optional<DType> dtype,
                   const std::optional<ndarray>& out);

}  // namespace cunum::detail_ufm
