// The ufunc methods reduce, accumulate and outer for every ufunc, composed of
// calls of the ufunc itself (docs/ufunc-methods.md): the functor behind
// `logaddexp` defines logaddexp.reduce on both backends.
#include "cunum/ufunc_methods.hpp"

#include <cmath>
#include <string>

#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/mathematical.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"
#include "ufunc_method_helpers.hpp"

namespace cunum {

namespace detail_ufm {

ndarray call2(const core::UfuncDef& def, const Operand& x, const Operand& y, const UfuncOptions& o) {
  const Operand ops[2] = {x, y};
  return apply_ufunc(def, ops, 2, o);
}

bool is_named(const core::UfuncDef& def, const char* n) { return std::string(def.name) == n; }

std::optional<Scalar> identity_of(const core::UfuncDef& def) {
  switch (def.identity) {
    case core::Identity::Zero: return Scalar(0);
    case core::Identity::One: return Scalar(1);
    case core::Identity::MinusOne: return Scalar(-1);
    case core::Identity::True: return Scalar(true);
    case core::Identity::False: return Scalar(false);
    case core::Identity::MinusInf: return Scalar(-INFINITY);
    default: return std::nullopt;
  }
}

// Note [Reduce dtypes of any ufunc]
// NumPy's reduce resolution: the start dtype D is dtype=, else
// the loop of (out, a) with out=, else a's (bool and small integers widened for
// add and multiply only); the ufunc's loop for (D, D) gives the accumulator
// dtype A, which D must reach safely (equal.reduce of int8 is a TypeError);
// the input itself is converted to dtype= unsafely (add.reduce of complex
// with dtype=float64 drops the imaginary parts, as NumPy);
// the logical ufuncs reduce in bool.
DType method_dtype(const core::UfuncDef& def, const ndarray& a, std::optional<DType> dtype,
                   const std::optional<ndarray>& out) {
  if (out && !dtype) {
    // NumPy resolves the loop for (out, a): out's dtype is the accumulator's
    // (equal.accumulate(bool, out=float64) runs 'dd->?' and casts to out).
    if (std::string(def.name).rfind("logical_", 0) == 0) return DType::Bool;
    const ndarray zo = empty({0}, out->dtype(), a.device()), za = empty({0}, a.dtype(), a.device());
    return call2(def, zo, za, {}).dtype();
  }
  if (dtype && std::string(def.name).rfind("logical_", 0) == 0 && *dtype != DType::Bool)
    throw TypeError(std::string("No loop matching the specified signature and casting was found for ufunc ") +
                    def.name);
  DType D = a.dtype();
  if (dtype) {
    D = *dtype;
  } else if ((is_named(def, "add") || is_named(def, "multiply")) &&
             (is_bool(D) || (is_integer(D) && itemsize(D) < 8))) {
    D = is_unsigned(D) ? DType::UInt64 : DType::Int64;
  }
  if (std::string(def.name).rfind("logical_", 0) == 0) return DType::Bool;
  const ndarray z = empty({0}, D, a.device());
  UfuncOptions u;
  if (dtype) u.dtype = D;
  const DType A = call2(def, z, z, u).dtype();
  if (!can_cast(D, A, Casting::Safe))
    throw TypeError(std::string("No loop matching the specified signature and casting was found for ufunc ") +
                    def.name);
  return A;
}

ndarray last_slab(const ndarray& a, int64_t start, int64_t stop) {
  Shape s = a.shape();
  s.back() = stop - start;
  return ndarray(a.storage(), a.offset() + start * a.strides().back(), s, a.strides(), a.dtype());
}
ndarray along(const ndarray& a, int axis, int64_t start, int64_t stop) {
  Shape s = a.shape();
  s[axis] = stop - start;
  return ndarray(a.storage(), a.offset() + start * a.strides()[axis], s, a.strides(), a.dtype());
}

}  // namespace detail_ufm

using namespace detail_ufm;

bool ufunc_reorderable(const core::UfuncDef& def) {
  return def.identity != core::Identity::None || is_named(def, "maximum") || is_named(def, "minimum") ||
         is_named(def, "fmax") || is_named(def, "fmin");
}

namespace {
void check_binary(const core::UfuncDef& def, const char* method) {
  if (def.nin != 2) throw ValueError(std::string(method) + " only supported for binary functions");
  if (def.nout != 1) throw ValueError(std::string(method) + " only supported for functions returning a single value");
}

// Which dims are reduced (NumPy's checks: bounds, then duplicates).
std::vector<bool> reduced_dims(const ndarray& a, const UfuncReduceOptions& o) {
  const int nd = a.ndim();
  std::vector<bool> m(nd, !o.axis.has_value());
  if (!o.axis) return m;
  if (nd == 0 && o.axis_is_int && o.axis->size() == 1 && ((*o.axis)[0] == 0 || (*o.axis)[0] == -1)) return m;
  for (int64_t ax : *o.axis) normalize_axis(ax, nd);
  for (int64_t ax : *o.axis) {
    const int d = normalize_axis(ax, nd);
    if (m[d]) throw ValueError("duplicate value in 'axis'");
    m[d] = true;
  }
  return m;
}

// The reduction table's kernel for the ufuncs that have one, when nothing
// beyond its options is asked for.
std::optional<ndarray> table_reduce(const core::UfuncDef& def, const ndarray& a, const UfuncReduceOptions& o) {
  if (o.where || o.initial || o.initial_none) return std::nullopt;
  ReduceOptions r{o.axis, o.keepdims, o.dtype, o.out, o.axis_is_int};
  if (is_named(def, "add")) return sum(a, r);
  if (is_named(def, "multiply")) return prod(a, r);
  if (o.dtype) return std::nullopt;
  if (is_named(def, "maximum")) return max(a, r);
  if (is_named(def, "minimum")) return min(a, r);
  if (is_named(def, "logical_and")) return all(a, r);
  if (is_named(def, "logical_or")) return any(a, r);
  return std::nullopt;
}

// Pairwise folding of the last axis (n >= 1): log2(n) calls.
ndarray pairwise(const core::UfuncDef& def, ndarray cur, DType A) {
  UfuncOptions u;
  u.dtype = A;
  u.casting = Casting::Unsafe;  // NumPy converts the input to dtype= unsafely
  int64_t n = cur.shape().back();
  if (n == 1) return last_slab(cur, 0, 1).astype(A);
  while (n > 1) {
    const int64_t h = n / 2;
    ndarray y = call2(def, last_slab(cur, 0, h), last_slab(cur, h, 2 * h), u);
    if (n % 2) {
      UfuncOptions v = u;
      v.out = last_slab(y, 0, 1);
      call2(def, last_slab(y, 0, 1), last_slab(cur, 2 * h, 2 * h + 1), v);
    }
    cur = y;
    n = h;
  }
  return cur;
}
}  // namespace

ndarray ufunc_reduce(const core::UfuncDef& def, const ndarray& a, const UfuncReduceOptions& o) {
  check_binary(def, "reduce");
  const std::vector<bool> red = reduced_dims(a, o);
  const int nd = a.ndim();
  int nred = 0;
  for (bool r : red) nred += r;
  const DType A = method_dtype(def, a, o.dtype, o.out);  // NumPy's TypeError before its axis checks
  const bool reorder = ufunc_reorderable(def);
  if (!reorder && nred > 1)
    throw ValueError("reduction operation '" + std::string(def.name) +
                     "' is not reorderable, so at most one axis may be specified");
  const std::optional<Scalar> identity = o.initial_none ? std::nullopt : identity_of(def);
  if (o.where && !o.initial && !identity)
    throw ValueError("reduction operation '" + std::string(def.name) +
                     "' does not have an identity, so to use a where mask one has to specify 'initial'");
  if (auto t = table_reduce(def, a, o)) return *t;

  Shape kept, keep;
  std::vector<int64_t> perm;
  int64_t count = 1;
  for (int d = 0; d < nd; ++d) {
    if (red[d]) {
      count *= a.shape()[d];
      keep.push_back(1);
    } else {
      kept.push_back(a.shape()[d]);
      keep.push_back(a.shape()[d]);
      perm.push_back(d);
    }
  }
  for (int d = 0; d < nd; ++d)
    if (red[d]) perm.push_back(d);
  const Shape& res_shape = o.keepdims ? keep : kept;
  if (o.out && o.out->shape() != res_shape) {
    if (o.out->ndim() != static_cast<int>(res_shape.size()))
      throw ValueError("output parameter for reduction operation " + std::string(def.name) +
                       " has the wrong number of dimensions: Found " + std::to_string(o.out->ndim()) +
                       " but expected " + std::to_string(res_shape.size()));
    throw ValueError("output parameter for reduction operation " + std::string(def.name) +
                     " has a non-matching shape " + shape_str(o.out->shape()) + ", expected " + shape_str(res_shape));
  }
  const std::optional<Scalar> start = o.initial ? o.initial : identity;
  ndarray r;
  if (count == 0) {
    if (!start)
      throw ValueError("zero-size array to reduction operation " + std::string(def.name) +
                       " which has no identity");
    r = full(kept, Scalar::of(A, *start), A, a.device());
  } else {
    // Kept dims first, the reduced ones merged into the last axis.
    Shape flat = kept;
    flat.push_back(count);
    const ndarray x = reshape(transpose(a, perm), flat);
    std::optional<ndarray> m;
    if (o.where) m = reshape(transpose(broadcast_to(*o.where, a.shape()), perm), flat);
    if (reorder) {
      ndarray xs = x;
      if (m) {
        // Masked-off elements become the identity (or initial, for the
        // idempotent maximum & co.), which leaves the result unchanged.
        xs = x.astype(A);
        copyto(xs, Scalar::of(A, identity ? *identity : *o.initial), Casting::Unsafe, logical_not(*m));
      }
      r = index(pairwise(def, xs, A), {Index::ellipsis(), Index(0)});
      if (o.initial) {
        UfuncOptions u;
        u.dtype = A;
        u.casting = Casting::Unsafe;  // NumPy converts the input to dtype= unsafely
        r = call2(def, scalar_array(Scalar::of(A, *o.initial), A, a.device()), r, u);
      }
    } else {
      // NumPy's left fold, one call per position (where= per step).
      int64_t first = 0;
      if (start) {
        r = full(kept, Scalar::of(A, *start), A, a.device());
      } else {
        r = index(last_slab(x, 0, 1), {Index::ellipsis(), Index(0)}).astype(A);
        first = 1;
      }
      for (int64_t i = first; i < count; ++i) {
        UfuncOptions u;
        u.out = r;
        u.dtype = A;
        u.casting = Casting::Unsafe;  // NumPy converts the input to dtype= unsafely
        if (m) u.where = index(*m, {Index::ellipsis(), Index(i)});
        call2(def, r, index(x, {Index::ellipsis(), Index(i)}), u);
      }
    }
  }
  if (o.keepdims) r = reshape(r, keep);
  if (o.out) {
    copyto(*o.out, r, Casting::Unsafe);
    return *o.out;
  }
  return r;
}

ndarray ufunc_accumulate(const core::UfuncDef& def, const ndarray& a, int64_t axis, std::optional<DType> dtype,
                         const std::optional<ndarray>& out) {
  check_binary(def, "accumulate");
  if (a.ndim() == 0) throw TypeError("cannot accumulate on a scalar");
  const int ax = normalize_axis(axis, a.ndim());
  if (out && out->shape() != a.shape()) {
    // NumPy's iterator message where the ranks agree (at least 2) and no dim is 1.
    bool broadcast = out->ndim() == a.ndim() && a.ndim() >= 2;
    for (int d = 0; broadcast && d < a.ndim(); ++d)
      if (out->shape()[d] == 1 || a.shape()[d] == 1) broadcast = false;
    if (broadcast)
      throw ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: " +
                       shape_str(out->shape()) + "->" + shape_str(out->shape()) + " " + shape_str(a.shape()) +
                       "->" + shape_str(a.shape()) + " ");
    throw ValueError("provided out is the wrong size for the accumulation.");
  }
  const DType A = method_dtype(def, a, dtype, out);
  if (is_named(def, "add") || is_named(def, "multiply")) {
    ScanOptions so;
    so.axis = ax;
    so.dtype = A;
    so.out = out;
    return is_named(def, "add") ? cumsum(a, so) : cumprod(a, so);
  }
  ndarray res = a.astype(A);
  const int64_t n = a.shape()[ax];
  if (ufunc_reorderable(def)) {
    // Hillis-Steele: after the step of shift s, res[i] folds a[i-2s+1 .. i].
    for (int64_t s = 1; s < n; s *= 2) {
      UfuncOptions u;
      u.dtype = A;
      u.casting = Casting::Unsafe;  // NumPy converts the input to dtype= unsafely
      u.out = along(res, ax, s, n);
      call2(def, along(res, ax, 0, n - s), along(res, ax, s, n), u);
    }
  } else {
    for (int64_t i = 1; i < n; ++i) {
      UfuncOptions u;
      u.dtype = A;
      u.casting = Casting::Unsafe;  // NumPy converts the input to dtype= unsafely
      u.out = along(res, ax, i, i + 1);
      call2(def, along(res, ax, i - 1, i), along(res, ax, i, i + 1), u);
    }
  }
  if (out) {
    copyto(*out, res, Casting::Unsafe);
    return *out;
  }
  return res;
}

std::vector<ndarray> ufunc_outer(const core::UfuncDef& def, const Operand& a, const Operand& b,
                                 const UfuncOptions& opts) {
  if (def.nin != 2) throw ValueError("outer product only supported for binary functions");
  const ndarray x = a.is_array() ? a.array() : scalar_array(a.scalar());
  const ndarray y = b.is_array() ? b.array() : scalar_array(b.scalar());
  Shape s = x.shape();
  for (int d = 0; d < y.ndim(); ++d) s.push_back(1);
  const Operand ops[2] = {reshape(x, s), y};
  ndarray r[core::kMaxUfuncOut];
  apply_ufunc(def, ops, 2, opts, r);
  return std::vector<ndarray>(r, r + def.nout);
}

}  // namespace cunum
