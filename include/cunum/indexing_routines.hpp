// cunum/indexing_routines.hpp — NumPy's "Indexing routines" built on the
// primitives (copies, masked copies, ufuncs, reductions, the gather):
// where, choose, select, the diagonals and triangles, index arrays.
// (take and basic indexing: cunum/indexing.hpp.)
//
//   auto m = cunum::where(x > 0, x, 0.0);                 // elementwise choice
//   auto d = cunum::diagonal(a, 1);                       // a view, as NumPy's
//   auto l = cunum::tril(a, -1);
//   auto [r, c] = cunum::triu_indices(4, 1);
//   auto ij = cunum::unravel_index(flat, {3, 4});         // {rows, cols}
//   auto f = cunum::ravel_multi_index({r, c}, {4, 4});
#pragma once
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "indexing.hpp"
#include "ufunc.hpp"

namespace cunum {

// ---------------------------------------------------------------- choosing (src/routines/selection.cpp)
// NumPy's where(condition, x, y): x where condition (taken as bool) holds,
// else y; all three broadcast; dtype result_type(x, y) with Python scalars
// weak (NEP 50). Written as a copy of y and a masked copy of x: each input
// read once.
ndarray where(const ndarray& condition, const Operand& x, const Operand& y);
// NumPy's choose: out[i] = choices[a[i]][i], all broadcast; a of an integer
// dtype (casting safely to int64); mode Raise checks every index (one
// synchronisation: ValueError "invalid entry in choice array"), Wrap takes
// it modulo n, Clip clamps it. One masked copy per choice.
ndarray choose(const ndarray& a, const std::vector<Operand>& choices, const std::optional<ndarray>& out = {},
               ClipMode mode = ClipMode::Raise);
// NumPy's select: the choice of the first true condition, else default.
ndarray select(const std::vector<ndarray>& condlist, const std::vector<Operand>& choicelist,
               const Operand& default_value = Operand(0));

// ---------------------------------------------------------------- diagonals (src/routines/diagonals.cpp)
// A view of the diagonal at `offset` of the axis1 x axis2 planes, appended
// as the last dimension (NumPy's diagonal; writable here).
ndarray diagonal(const ndarray& a, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1);
// 1-d v: a new square matrix with v on diagonal k; 2-d v: its diagonal k (a view).
ndarray diag(const ndarray& v, int64_t k = 0);
ndarray diagflat(const ndarray& v, int64_t k = 0);
ndarray trace(const ndarray& a, int64_t offset = 0, int64_t axis1 = 0, int64_t axis2 = 1,
              std::optional<DType> dtype = {}, const std::optional<ndarray>& out = {});
// Ones at and below diagonal k of an n x m matrix.
ndarray tri(int64_t n, std::optional<int64_t> m = {}, int64_t k = 0, DType dtype = DType::Float64,
            std::optional<Device> device = {});
ndarray tril(const ndarray& m, int64_t k = 0);
ndarray triu(const ndarray& m, int64_t k = 0);
// Row and column indices of the lower (upper) triangle with diagonal k of an
// n x m matrix, row by row (int64).
std::pair<ndarray, ndarray> tril_indices(int64_t n, int64_t k = 0, std::optional<int64_t> m = {},
                                         std::optional<Device> device = {});
std::pair<ndarray, ndarray> triu_indices(int64_t n, int64_t k = 0, std::optional<int64_t> m = {},
                                         std::optional<Device> device = {});
std::pair<ndarray, ndarray> tril_indices_from(const ndarray& a, int64_t k = 0);
std::pair<ndarray, ndarray> triu_indices_from(const ndarray& a, int64_t k = 0);
// ndim copies of arange(n) (one array, as NumPy returns it).
std::vector<ndarray> diag_indices(int64_t n, int64_t ndim = 2, std::optional<Device> device = {});
std::vector<ndarray> diag_indices_from(const ndarray& a);
// NumPy's fill_diagonal: a.flat[::step] = val (val's elements repeated in
// turn); wrap continues past the first square block of a tall matrix.
void fill_diagonal(const ndarray& a, const Operand& val, bool wrap = false);

// ---------------------------------------------------------------- index arrays (src/routines/index_arrays.cpp)
// NumPy's indices: dense, one array of shape (len(dims),) + dims; sparse,
// one broadcastable array per axis.
std::vector<ndarray> indices(const Shape& dims, DType dtype = DType::Int64, bool sparse = false,
                             std::optional<Device> device = {});
// NumPy's unravel_index: one int64 array per dim of `shape`, each of
// indices' shape. Every index is checked (one synchronisation; NumPy's
// ValueError naming the first bad one).
std::vector<ndarray> unravel_index(const ndarray& indices, const Shape& shape, char order = 'C');
// NumPy's ravel_multi_index: modes has one entry, or one per dim. Mode Raise
// checks every coordinate (one synchronisation).
ndarray ravel_multi_index(const std::vector<ndarray>& multi_index, const Shape& dims,
                          const std::vector<ClipMode>& modes = {ClipMode::Raise}, char order = 'C');
// The positions of the true elements of a 1-d array (int64), on the device
// (what ix_ of a boolean array and mask_indices need; one synchronisation
// reads their count).
ndarray flat_true_positions(const ndarray& mask);
// NumPy's mask_indices: the (row, col) positions where mask_func(ones((n, n),
// int64), k) is nonzero, row by row (e.g. mask_func = cunum::triu gives
// triu_indices(n, k)); one synchronisation reads their count.
std::pair<ndarray, ndarray> mask_indices(int64_t n, const std::function<ndarray(const ndarray&, int64_t)>& mask_func,
                                         int64_t k = 0, std::optional<Device> device = {});

}  // namespace cunum
