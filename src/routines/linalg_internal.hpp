// What cunum.linalg's LAPACK routines share (linalg_solve.cpp, ...): NumPy's
// dtype and shape rules and the LU factorization.
#pragma once
#include "backend/backend.hpp"
#include "cunum/ndarray.hpp"

namespace cunum::linalg::detail {

DType linalg_dtype(DType d);           // Note [Linalg dtypes]
DType linalg_dtype(DType a, DType b);
void require_square(const ndarray& a);  // NumPy's LinAlgErrors
int64_t count(const Shape& s);
// a (..., r, c) broadcast to batch + (r, c), copied in dtype dt into a new
// buffer of shape batch + (c, r) in C order: each matrix column-major, as
// LAPACK wants it (matrix_transpose of the buffer is the matrix).
ndarray column_major(const ndarray& a, const Shape& batch, DType dt);

struct Factors {
  ndarray lu;    // batch + (n, n): column-major LU factors
  ndarray ipiv;  // (count(batch), n) int64, 1-based
  ndarray info;  // (count(batch),) int32
};
Factors lu_factor(const ndarray& a, const Shape& batch, DType dt);
// solve(a, b); with check false a singular matrix gives infs and NaNs.
ndarray solve_impl(const ndarray& a, const ndarray& b, bool check);
// LinAlgError(message) when any info is positive (one wait for the device).
void raise_if(const ndarray& info, const char* message);

}  // namespace cunum::linalg::detail
