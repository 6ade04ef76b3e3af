// The reduction planner: axes, dtypes, keepdims, out=, empty inputs; then one
// backend call over a ReducePlan (see Note [Reduction plans]).
#include "cunum/reduction.hpp"

#include <algorithm>
#include <string>

#include "backend/backend.hpp"
#include "core/assign.hpp"
#include "core/loop_plan.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
using core::ReduceId;

const char* ufunc_name(ReduceId id) {
  switch (id) {
    case ReduceId::sum: return "add";
    case ReduceId::prod: return "multiply";
    case ReduceId::max: return "maximum";
    case ReduceId::min: return "minimum";
    case ReduceId::argmax: return "argmax";
    case ReduceId::argmin: return "argmin";
    case ReduceId::any: return "logical_or";
    default: return "logical_and";
  }
}

std::vector<bool> reduced_mask(const ndarray& a, const std::optional<std::vector<int64_t>>& axis) {
  const int nd = a.ndim();
  std::vector<bool> m(nd, !axis.has_value());
  // NumPy (legacy): a 0-d array accepts axis=0 or -1 in reductions.
  if (nd == 0 && axis && axis->size() == 1 && ((*axis)[0] == 0 || (*axis)[0] == -1)) return m;
  if (axis) {
    for (int64_t ax : *axis) {
      int d = normalize_axis(ax, nd);
      if (m[d]) throw ValueError("duplicate value in 'axis'");
      m[d] = true;
    }
  }
  return m;
}

// Sorts dims by |stride| (outermost first) and merges contiguous neighbours.
void coalesce(std::vector<int64_t>& shape, std::vector<int64_t>& strides) {
  std::vector<int> order(shape.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](int x, int y) { return std::llabs(strides[x]) > std::llabs(strides[y]); });
  std::vector<int64_t> s, t;
  for (int k = static_cast<int>(order.size()) - 1; k >= 0; --k) {
    int d = order[k];
    if (shape[d] == 1) continue;
    if (!s.empty() && strides[d] == t.back() * s.back()) {
      s.back() *= shape[d];
    } else {
      s.push_back(shape[d]);
      t.push_back(strides[d]);
    }
  }
  std::reverse(s.begin(), s.end());
  std::reverse(t.begin(), t.end());
  shape = std::move(s);
  strides = std::move(t);
}

ndarray reduce_impl(ReduceId id, const ndarray& a0, const std::vector<bool>& red, bool keepdims,
                    DType work, DType result_dtype, const std::optional<ndarray>& out) {
  const int nd = a0.ndim();
  ndarray a = a0.dtype() == work ? a0 : a0.astype(work);
  Shape kept_shape, keep_shape;
  int64_t count = 1, out_size = 1;
  for (int d = 0; d < nd; ++d) {
    if (red[d]) {
      count *= a.shape()[d];
      keep_shape.push_back(1);
    } else {
      kept_shape.push_back(a.shape()[d]);
      keep_shape.push_back(a.shape()[d]);
      out_size *= a.shape()[d];
    }
  }
  const bool no_identity = id == ReduceId::max || id == ReduceId::min || id == ReduceId::argmax ||
                           id == ReduceId::argmin;
  if (no_identity && count == 0 && out_size > 0) {
    if (id == ReduceId::argmax || id == ReduceId::argmin)
      throw ValueError("attempt to get " + std::string(ufunc_name(id)) + " of an empty sequence");
    throw ValueError("zero-size array to reduction operation " + std::string(ufunc_name(id)) +
                     " which has no identity");
  }
  const Shape& res_shape = keepdims ? keep_shape : kept_shape;
  if (out) {
    if (out->shape() != res_shape) {
      if (out->ndim() != static_cast<int>(res_shape.size()))
        throw ValueError("output parameter for reduction operation " + std::string(ufunc_name(id)) +
                         " has the wrong number of dimensions: Found " + std::to_string(out->ndim()) +
                         " but expected " + std::to_string(res_shape.size()));
      throw ValueError("output parameter for reduction operation " + std::string(ufunc_name(id)) +
                       " has a non-matching shape " + shape_str(out->shape()) + ", expected " +
                       shape_str(res_shape));
    }
    // NumPy writes reduction results into `out` with unsafe casting.
  }
  const bool direct = out && out->dtype() == result_dtype && !core::may_overlap(*out, a) &&
                      out->device() == a.device();
  ndarray res = direct ? *out : empty(res_shape, result_dtype, a.device());

  // Gather kept and reduced dims.
  backend::ReducePlan p;
  std::vector<int64_t> rs, rt;
  {
    int od = 0;
    for (int d = 0; d < nd; ++d) {
      if (red[d]) {
        rs.push_back(a.shape()[d]);
        rt.push_back(a.strides()[d]);
        if (keepdims) ++od;
      } else {
        p.out_shape.push_back(a.shape()[d]);
        p.in_strides.push_back(a.strides()[d]);
        p.out_strides.push_back(res.strides()[od++]);
      }
    }
  }
  coalesce(rs, rt);
  const bool arg = id == ReduceId::argmax || id == ReduceId::argmin;
  if (rs.size() > 1 || (arg && rs.size() != 1)) {
    // The reduced dims do not form one strided run: copy them into one
    // (kept dims first, reduced dims last, C order).
    std::vector<int64_t> perm;
    for (int d = 0; d < nd; ++d)
      if (!red[d]) perm.push_back(d);
    for (int d = 0; d < nd; ++d)
      if (red[d]) perm.push_back(d);
    ndarray t = transpose(a, perm).copy('C');
    a = t;
    const int nk = static_cast<int>(p.out_shape.size());
    for (int k = 0; k < nk; ++k) p.in_strides[k] = t.strides()[k];
    rs = {count};
    rt = {static_cast<int64_t>(t.itemsize())};
  }
  p.in = a.data();
  p.out = res.data();
  p.red_shape = rs;
  p.red_strides = rt;
  if (out_size > 0) backend::get(a.device()).reduce(id, work, p);
  if (direct) return *out;
  if (out) {
    core::assign(*out, res);
    return *out;
  }
  return res;
}

DType default_sum_dtype(DType d) {
  if (is_bool(d)) return DType::Int64;
  if (is_integer(d)) return is_unsigned(d) ? DType::UInt64 : DType::Int64;
  return d;
}

ndarray sum_like(ReduceId id, const ndarray& a, const ReduceOptions& o) {
  DType d = o.dtype ? *o.dtype : default_sum_dtype(a.dtype());
  return reduce_impl(id, a, reduced_mask(a, o.axis), o.keepdims, d, d, o.out);
}

ndarray arg_reduce(ReduceId id, const ndarray& a, std::optional<int64_t> axis, bool keepdims,
                   const std::optional<ndarray>& out) {
  if (out) {
    Shape want;
    if (axis) {
      const int ax = normalize_axis(*axis, a.ndim());
      for (int d = 0; d < a.ndim(); ++d)
        if (d != ax) want.push_back(a.shape()[d]);
        else if (keepdims) want.push_back(1);
    } else if (keepdims) {
      want.assign(a.ndim(), 1);
    }
    if (out->shape() != want)
      throw ValueError("output array does not match result of np." + std::string(ufunc_name(id)) + ".");
  }
  if (out && !can_cast(out->dtype(), DType::Int64, Casting::Safe))
    throw TypeError("Cannot cast array data from dtype('" + std::string(dtype_name(out->dtype())) +
                    "') to dtype('int64') according to the rule 'safe'");
  if (!axis) {
    ndarray flat = ravel(a);
    ndarray r = reduce_impl(id, flat, {true}, false, a.dtype(), DType::Int64,
                            keepdims ? std::nullopt : out);
    if (!keepdims) return r;
    Shape ones(a.ndim(), 1);
    ndarray k = reshape(r, ones);
    if (out) {
      copyto(*out, k, Casting::Unsafe);
      return *out;
    }
    return k;
  }
  if (a.ndim() == 0 && (*axis == 0 || *axis == -1))  // NumPy's legacy 0-d rule
    return arg_reduce(id, a, std::nullopt, keepdims, out);
  std::vector<bool> m(a.ndim(), false);
  m[normalize_axis(*axis, a.ndim())] = true;
  return reduce_impl(id, a, m, keepdims, a.dtype(), DType::Int64, out);
}
}  // namespace

ndarray sum(const ndarray& a, const ReduceOptions& o) { return sum_like(ReduceId::sum, a, o); }
ndarray prod(const ndarray& a, const ReduceOptions& o) { return sum_like(ReduceId::prod, a, o); }

ndarray max(const ndarray& a, const ReduceOptions& o) {
  return reduce_impl(ReduceId::max, a, reduced_mask(a, o.axis), o.keepdims, a.dtype(), a.dtype(), o.out);
}
ndarray min(const ndarray& a, const ReduceOptions& o) {
  return reduce_impl(ReduceId::min, a, reduced_mask(a, o.axis), o.keepdims, a.dtype(), a.dtype(), o.out);
}
ndarray any(const ndarray& a, const ReduceOptions& o) {
  return reduce_impl(ReduceId::any, a, reduced_mask(a, o.axis), o.keepdims, a.dtype(), DType::Bool, o.out);
}
ndarray all(const ndarray& a, const ReduceOptions& o) {
  return reduce_impl(ReduceId::all, a, reduced_mask(a, o.axis), o.keepdims, a.dtype(), DType::Bool, o.out);
}

ndarray mean(const ndarray& a, const ReduceOptions& o) {
  if (a.ndim() == 0 && o.axis && !o.axis->empty()) throw AxisError((*o.axis)[0], 0);
  std::vector<bool> m = reduced_mask(a, o.axis);
  int64_t count = 1;
  for (int d = 0; d < a.ndim(); ++d)
    if (m[d]) count *= a.shape()[d];
  DType result = o.dtype ? *o.dtype : (is_inexact(a.dtype()) ? a.dtype() : DType::Float64);
  // float16 accumulates in float32, as NumPy does.
  DType acc = result == DType::Float16 ? DType::Float32 : result;
  ReduceOptions so{o.axis, o.keepdims, acc, std::nullopt};
  ndarray s = sum(a, so);
  ndarray q = true_divide(s, Scalar(static_cast<double>(count)));
  if (q.dtype() != result) q = q.astype(result);
  if (o.out) {
    if (o.out->shape() != q.shape())
      throw ValueError("output parameter for reduction operation add has a non-matching shape " +
                       shape_str(o.out->shape()) + ", expected " + shape_str(q.shape()));
    copyto(*o.out, q, Casting::Unsafe);
    return *o.out;
  }
  return q;
}

ndarray argmax(const ndarray& a, std::optional<int64_t> axis, bool keepdims,
               const std::optional<ndarray>& out) {
  return arg_reduce(ReduceId::argmax, a, axis, keepdims, out);
}
ndarray argmin(const ndarray& a, std::optional<int64_t> axis, bool keepdims,
               const std::optional<ndarray>& out) {
  return arg_reduce(ReduceId::argmin, a, axis, keepdims, out);
}

}  // namespace cunum
