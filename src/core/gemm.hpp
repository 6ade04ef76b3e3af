// The matrix-product planner: batched products of ndarrays as GemmPlans for
// the backends (Note [Gemm plans]). Behind matmul, dot, tensordot, einsum
// and the linalg routines (src/routines/linalg*.cpp).
#pragma once
#include "backend/backend.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::core {

// out[..., i, j] = alpha * sum_q a[..., i, q] * b[..., q, j] + beta * out[..., i, j]
// over every batch position `...`. a is (..., m, k), b (..., k, n), out
// (..., m, n); the batch dims of a and b have already been broadcast to
// out's (stride 0 where broadcast). All three have one dtype and one device.
// Any layout: matrices whose strides BLAS can take are passed as they are
// (a transposed view is a transpose flag), others are copied once; an `out`
// that overlaps a or b, or that BLAS cannot write, gets a temporary.
void gemm(const ndarray& out, const ndarray& a, const ndarray& b, double alpha = 1.0, double beta = 0.0);

}  // namespace cunum::core
