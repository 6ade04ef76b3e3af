// What the product routines share (products_gufunc.cpp, products.cpp,
// einsum.cpp, linalg_*.cpp): views with axes inserted or dropped, NumPy's
// gufunc errors, and the one batched product every routine lowers to.
#pragma once
#include <optional>

#include "cunum/linalg.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::products {

struct Gufunc {
  const char* name;
  const char* signature;  // as NumPy prints it: "(n?,k),(k,m?)->(n?,m?)"
};

ndarray view(const ndarray& x, const Shape& shape, const Strides& strides);
ndarray insert_axis(const ndarray& x, int pos);  // a size-1 axis (a view)
ndarray drop_axis(const ndarray& x, int pos);    // a size-1 axis removed (a view)
ndarray conj_if_complex(const ndarray& x);

// (..., m, k) @ (..., k, n) -> batch + (m, n) in dtype `loop`, the operands'
// leading dims broadcast to `batch` (Note [Product gufuncs]). With `out`
// (shape batch + (m, n), any dtype), the result is written there.
ndarray batched_product(const ndarray& a, const ndarray& b, DType loop, const Shape& batch,
                        const std::optional<ndarray>& out = {});

// NumPy's checks and messages.
DType resolve_loop(const char* name, DType a, DType b, const ProductOptions& o);
void require_dims(const Gufunc& g, int operand, const ndarray& x, int need);
[[noreturn]] void core_mismatch(const Gufunc& g, const char* which, int operand, int dim, int64_t got, int64_t want);
// The broadcast of the operands' loop dims (and out's, which must hold it).
Shape broadcast_batch(const Gufunc& g, const ndarray& a, int a_core, const ndarray& b, int b_core,
                      const std::optional<ndarray>& out, const Shape& out_core);

// A 2-d product of two 2-d arrays in dtype `dt` (cast when needed).
ndarray matmul2d(const ndarray& a, const ndarray& b, DType dt);

}  // namespace cunum::products
