// ufunc.reduceat for every binary ufunc, composed of calls of the ufunc on
// gathered rows (docs/ufunc-methods.md).
#include <string>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufunc_methods.hpp"
#include "cunum/ufuncs.hpp"
#include "ufunc_method_helpers.hpp"

namespace cunum {

using namespace detail_ufm;

namespace {
ndarray rows(const ndarray& a, int64_t start, int64_t stop) { return index(a, {Slice{start, stop, std::nullopt}}); }

// A per-segment mask (m,) shaped to broadcast over (m, rest...).
ndarray per_segment(const ndarray& mask, int nd) {
  Shape s(nd, 1);
  s[0] = mask.shape()[0];
  return reshape(mask, s);
}
}  // namespace

// Note [reduceat by windows]
// Segment i folds a[idx[i] : idx[i] + L[i]] (L = idx[i+1] - idx[i] where that
// is positive, else 1; the last runs to the end). A reorderable ufunc takes
// the binary digits of L[i] - 1: windows W_k[p] = fold of a[p : p + 2^k],
// each level one call (W_{k+1}[p] = W_k[p] op W_k[p + 2^k]), and segment i
// adds W_k at its current end where bit k is set — log2(n) levels, no wait.
// Other ufuncs keep NumPy's left fold: step k adds a[idx[i] + k] where k <
// L[i], max(L) steps (one wait for max(L)).
ndarray ufunc_reduceat(const core::UfuncDef& def, const ndarray& a0, const ndarray& indices, int64_t axis,
                       std::optional<DType> dtype, const std::optional<ndarray>& out) {
  if (def.nin != 2) throw ValueError("reduceat only supported for binary functions");
  if (def.nout != 1) throw ValueError("reduceat only supported for functions returning a single value");
  if (indices.ndim() > 1)
    throw ValueError("setting an array element with a sequence. The requested array would exceed the maximum "
                     "number of dimension of 1.");
  if (a0.ndim() == 0) throw TypeError("cannot reduceat on a scalar");
  const int ax = normalize_axis(axis, a0.ndim());
  const DType A = method_dtype(def, a0, dtype, out);
  const ndarray x = moveaxis(a0, {ax}, {0});
  const int64_t n = x.shape()[0], m = indices.size();
  if (indices.size() != 0 && !is_integer(indices.dtype()) && !is_bool(indices.dtype()))
    throw TypeError("Cannot cast array data from dtype('" + std::string(dtype_name(indices.dtype())) +
                    "') to dtype('int64') according to the rule 'safe'");
  const ndarray idx = ravel(indices).astype(DType::Int64);
  Shape rshape = x.shape();
  rshape[0] = m;
  Shape oshape = a0.shape();
  oshape[ax] = m;
  if (out && out->shape() != oshape)
    throw ValueError("output operand shape " + shape_str(out->shape()) + " does not match the result shape " +
                     shape_str(oshape));
  ndarray acc;
  if (m == 0) {
    acc = empty(rshape, A, x.device());
  } else {
    // NumPy's bounds check, with its message (a wait for the device).
    const ndarray bad = logical_or(less(idx, Scalar(0)), greater_equal(idx, Scalar(n)));
    if (any(bad).item().b) {
      const int64_t first = take(idx, argmax(bad)).item().as_int64();
      throw IndexError("index " + std::to_string(first) + " out-of-bounds in " + def.name + ".reduceat [0, " +
                       std::to_string(n) + ")");
    }
    const ndarray next = concatenate({rows(idx, 1, m), full({1}, Scalar(n), DType::Int64, x.device())});
    const ndarray len = where(greater(next, idx), subtract(next, idx), Scalar(int64_t(1)));
    acc = take(x, idx, 0).astype(A);
    const int nd = x.ndim();
    if (ufunc_reorderable(def)) {
      ndarray rest = subtract(len, Scalar(int64_t(1)));
      ndarray pos = add(idx, Scalar(int64_t(1)));
      ndarray win = x.astype(A);
      for (int64_t w = 1; w < n; w *= 2) {
        const ndarray bit = not_equal(bitwise_and(rest, Scalar(w)), Scalar(int64_t(0)));
        UfuncOptions u;
        u.out = acc;
        u.dtype = A;
        u.casting = Casting::Unsafe;  // NumPy converts the input to dtype= unsafely
        u.where = per_segment(bit, nd);
        call2(def, acc, take(win, minimum(pos, Scalar(n - 1)), 0), u);
        pos = add(pos, where(bit, Scalar(w), Scalar(int64_t(0))));
        if (2 * w < n) {
          ndarray next_win = win.copy();
          UfuncOptions v;
          v.out = rows(next_win, 0, n - w);
          v.dtype = A;
          v.casting = Casting::Unsafe;
          call2(def, rows(win, 0, n - w), rows(win, w, n), v);
          win = next_win;
        }
      }
    } else {
      const int64_t longest = max(len).item().as_int64();  // waits for the device
      for (int64_t k = 1; k < longest; ++k) {
        UfuncOptions u;
        u.out = acc;
        u.dtype = A;
        u.casting = Casting::Unsafe;  // NumPy converts the input to dtype= unsafely
        u.where = per_segment(greater(len, Scalar(k)), nd);
        call2(def, acc, take(x, minimum(add(idx, Scalar(k)), Scalar(n - 1)), 0), u);
      }
    }
  }
  const ndarray r = moveaxis(acc, {0}, {ax});
  if (out) {
    copyto(*out, r, Casting::Unsafe);
    return *out;
  }
  // The segments were reduced along axis 0; NumPy's result is C-ordered.
  return ax == 0 ? r : r.copy('C');
}

}  // namespace cunum
