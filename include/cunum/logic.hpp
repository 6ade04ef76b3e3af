// cunum/logic.hpp — NumPy's "Logic functions" beyond the ufuncs: closeness
// and equality of whole arrays, and the complex/real tests. Every result is
// an array (0-d for allclose, array_equal, array_equiv: CuPy's choice, no
// wait for the device; NumPy returns a Python bool).
//
//   auto m = cunum::isclose(a, b);                          // elementwise, rtol 1e-5, atol 1e-8
//   bool ok = cunum::allclose(a, b).item().b;               // the item() waits
//   auto e = cunum::array_equal(a, b, /*equal_nan=*/true);  // 0-d bool
#pragma once
#include <optional>
#include "ndarray.hpp"
#include "ufunc.hpp"

namespace cunum {

// |a - b| <= atol + rtol * |b| where b is finite, or a == b; with equal_nan
// NaN matches NaN. b is taken in result_type(b, 1.0) first (NumPy's rule: no
// abs of the lowest integer). Broadcasting; a bool array.
ndarray isclose(const Operand& a, const Operand& b, const Operand& rtol = Scalar(1e-05),
                const Operand& atol = Scalar(1e-08), bool equal_nan = false);
// all(isclose(...)) as a 0-d bool array.
ndarray allclose(const Operand& a, const Operand& b, const Operand& rtol = Scalar(1e-05),
                 const Operand& atol = Scalar(1e-08), bool equal_nan = false);
// Same shape and equal elements (NaN equal to NaN with equal_nan): a 0-d bool array.
ndarray array_equal(const ndarray& a1, const ndarray& a2, bool equal_nan = false);
// Broadcastable and equal elements: a 0-d bool array.
ndarray array_equiv(const ndarray& a1, const ndarray& a2);
// Elementwise: a nonzero imaginary part (iscomplex); a zero one (isreal).
ndarray iscomplex(const ndarray& x);
ndarray isreal(const ndarray& x);
// Elementwise: +inf (isposinf) or -inf (isneginf), as isinf(x) & the sign bit
// (src/routines/logic_infinities.cpp); complex input is NumPy's TypeError.
ndarray isposinf(const ndarray& x, const std::optional<ndarray>& out = {});
ndarray isneginf(const ndarray& x, const std::optional<ndarray>& out = {});

}  // namespace cunum
