// The reduction planner: axes, dtypes, keepdims, out=, empty inputs; then one
// backend call over a ReducePlan (Note [Reduction plans] in backend.hpp).
#include "cunum/reduction.hpp"

#include <atomic>
#include <functional>
#include <string>

#include "backend/backend.hpp"
#include "core/assign.hpp"
#include "core/autofuse.hpp"
#include "core/loop_plan.hpp"
#include "core/reduce.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/warnings.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/ufuncs.hpp"

namespace cunum {

namespace {
using core::ReduceId;
using core::ReduceKind;

// Which dims are reduced. NumPy's order of checks: every axis in bounds
// (AxisError), then duplicates (ValueError).
std::vector<bool> reduced_mask(const ndarray& a, const std::optional<std::vector<int64_t>>& axis,
                               bool axis_is_int) {
  const int nd = a.ndim();
  std::vector<bool> m(nd, !axis.has_value());
  if (!axis) return m;
  // NumPy (legacy): a 0-d array accepts an integer axis 0 or -1 (not a tuple).
  if (nd == 0 && axis_is_int && axis->size() == 1 && ((*axis)[0] == 0 || (*axis)[0] == -1)) return m;
  for (int64_t ax : *axis) normalize_axis(ax, nd);
  for (int64_t ax : *axis) {
    const int d = normalize_axis(ax, nd);
    if (m[d]) throw ValueError("duplicate value in 'axis'");
    m[d] = true;
  }
  return m;
}

DType default_sum_dtype(DType d) {
  if (is_bool(d)) return DType::Int64;
  if (is_integer(d)) return is_unsigned(d) ? DType::UInt64 : DType::Int64;
  return d;
}

// Note [Reduction dtypes]
// NumPy resolves a reduction's loop like a binary ufunc call (out, in) -> out:
// without out= and dtype=, the loop is the input's dtype (sums and products
// widen bool and small integers to int64/uint64); dtype= names the loop; with
// out= alone the loop is promote_types(out, in), so prod(uint64, out=float64)
// multiplies in float64. The input is converted to the loop dtype element by
// element inside the backend's loop, and the result into out's dtype: no
// temporaries. (NumPy's buffered iteration also rounds the running result
// through out's dtype every 8192 elements; cunum converts once, at the end.)
struct Dtypes {
  DType loop, result;
};
Dtypes resolve_dtypes(ReduceId id, const ndarray& a, const ReduceOptions& o) {
  const core::ReduceInfo& info = core::reduce_info(id);
  const bool sum_like = info.kind == ReduceKind::Sum || info.kind == ReduceKind::NanSum;
  if (o.dtype && !sum_like)
    throw TypeError(std::string(info.name) + "() got an unexpected keyword argument 'dtype'");
  switch (info.kind) {
    case ReduceKind::Sum:
    case ReduceKind::NanSum: {
      const DType loop = o.dtype ? *o.dtype
                         : o.out ? promote_types(o.out->dtype(), a.dtype())
                                 : default_sum_dtype(a.dtype());
      warn_if_discarding_imaginary(a.dtype(), loop);  // sum(c, dtype=float64)
      return {loop, loop};
    }
    case ReduceKind::Extremum: {
      const DType loop = o.out ? promote_types(o.out->dtype(), a.dtype()) : a.dtype();
      return {loop, loop};
    }
    case ReduceKind::Truth: return {a.dtype(), DType::Bool};
    case ReduceKind::Arg: break;
    case ReduceKind::Moment: return {a.dtype(), a.dtype()};  // core::reduce gives both
  }
  return {a.dtype(), DType::Int64};
}

// The input view holding, along every reduced dim, only index 0.
ndarray first_along(const ndarray& a, const std::vector<bool>& red) {
  Shape s = a.shape();
  for (int d = 0; d < a.ndim(); ++d)
    if (red[d]) s[d] = 1;
  return ndarray(a.storage(), a.offset(), s, a.strides(), a.dtype());
}

ndarray reduce_impl(ReduceId id, const ndarray& a0, const std::vector<bool>& red, bool keepdims, Dtypes dt,
                    const std::optional<ndarray>& out) {
  const core::ReduceInfo& info = core::reduce_info(id);
  const int nd = a0.ndim();
  Shape kept_shape, keep_shape;
  int64_t count = 1, out_size = 1;
  for (int d = 0; d < nd; ++d) {
    if (red[d]) {
      count *= a0.shape()[d];
      keep_shape.push_back(1);
    } else {
      kept_shape.push_back(a0.shape()[d]);
      keep_shape.push_back(a0.shape()[d]);
      out_size *= a0.shape()[d];
    }
  }
  // No identity: an empty reduction is an error even with no outputs.
  if (count == 0 && info.kind == ReduceKind::Arg)
    throw ValueError("attempt to get " + std::string(info.name) + " of an empty sequence");
  if (count == 0 && info.kind == ReduceKind::Extremum)
    throw ValueError("zero-size array to reduction operation " + std::string(info.ufunc) +
                     " which has no identity");
  const Shape& res_shape = keepdims ? keep_shape : kept_shape;
  if (out && out->shape() != res_shape) {
    if (out->ndim() != static_cast<int>(res_shape.size()))
      throw ValueError("output parameter for reduction operation " + std::string(info.ufunc) +
                       " has the wrong number of dimensions: Found " + std::to_string(out->ndim()) +
                       " but expected " + std::to_string(res_shape.size()));
    throw ValueError("output parameter for reduction operation " + std::string(info.ufunc) +
                     " has a non-matching shape " + shape_str(out->shape()) + ", expected " +
                     shape_str(res_shape));
  }
  if (out_size == 0) return out ? *out : empty(res_shape, dt.result, a0.device());

  ndarray a = a0;
  // Note [Extrema through out's dtype]
  // NumPy starts a reduction without identity by copying the first element
  // (along the reduced dims) into `out`, so with an out= of another dtype
  // that element passes through out's dtype before the loop sees it:
  // max(int16 [-3, 5], out=uint32) is 4294967293. Where that round trip can
  // change a value, cunum does the same on a copy of the input in the loop dtype.
  if (out && info.kind == ReduceKind::Extremum && out->dtype() != dt.loop &&
      !can_cast(dt.loop, out->dtype(), Casting::Safe)) {
    a = a0.astype(dt.loop);
    ndarray first = first_along(a, red);
    core::assign(first, first.astype(out->dtype()));
  }

  // NumPy writes reduction results into `out` with unsafe casting; the
  // backend converts each result on its way out (Note [Reduction plans]).
  const bool direct = out && !core::may_overlap(*out, a) && out->device() == a.device();
  ndarray res = direct ? *out : empty(res_shape, dt.result, a.device());

  backend::ReducePlan p;
  p.in_dtype = a.dtype();
  p.loop_dtype = dt.loop;
  p.out_dtype = res.dtype();
  // Kept dims over [input, output] ordered by the output; reduced dims over
  // the input (Note [Dimension coalescing]).
  auto gather = [&](const ndarray& src) {
    Shape ks, rs;
    Strides kin, kout, rin;
    for (int d = 0, od = 0; d < nd; ++d) {
      if (red[d]) {
        rs.push_back(src.shape()[d]);
        rin.push_back(src.strides()[d]);
        if (keepdims) ++od;
      } else {
        ks.push_back(src.shape()[d]);
        kin.push_back(src.strides()[d]);
        kout.push_back(res.strides()[od++]);
      }
    }
    const core::PlanOperand kept[2] = {{src.data(), kin}, {res.data(), kout}};
    Dims kst[2];
    core::coalesce_dims(ks, kept, 2, 1, p.out_shape, kst);
    p.in_strides = kst[0];
    p.out_strides = kst[1];
    const core::PlanOperand reduced[1] = {{src.data(), rin}};
    core::coalesce_dims(rs, reduced, 1, 0, p.red_shape, &p.red_strides);
    p.in = src.data();
  };
  gather(a);
  if (p.red_shape.size() > 1) {
    // The reduced dims do not form one strided run: copy them into one (kept
    // dims first, reduced dims last, C order), in the input's own dtype.
    std::vector<int64_t> perm;
    for (int d = 0; d < nd; ++d)
      if (!red[d]) perm.push_back(d);
    for (int d = 0; d < nd; ++d)
      if (red[d]) perm.push_back(d);
    ndarray t = transpose(a, perm).copy('C');
    // Back in the original dim order, so the gather above applies unchanged.
    std::vector<int64_t> inv(nd);
    for (int k = 0; k < nd; ++k) inv[perm[k]] = k;
    a = transpose(t, inv);
    gather(a);
    CUNUM_ASSERT(p.red_shape.size() <= 1);
  }
  p.out = res.data();
  backend::get(a.device()).reduce(id, p);
  if (direct) return *out;
  if (out) {
    core::assign(*out, res);
    return *out;
  }
  return res;
}

ndarray reduce_axes(ReduceId id, const ndarray& a, const ReduceOptions& o) {
  // a pending `x * x` reduced in the same pass (Note [Automatic fused reductions])
  if (a.storage()->lazy.load(std::memory_order_acquire))
    if (std::optional<ndarray> r = core::autofuse_reduce(id, a, o)) return *r;
  const std::vector<bool> red = reduced_mask(a, o.axis, o.axis_is_int);
  const Dtypes dt = resolve_dtypes(id, a, o);
  const core::ReduceInfo& info = core::reduce_info(id);
  // Note [NaN before conversion]
  // nansum(x, dtype=int32) adds NaN as 0: NumPy replaces NaN in (a copy of)
  // the input before converting it. The descriptor sees the loop dtype, so
  // where that conversion would hide a NaN (to an integer or bool, complex to
  // real) the NaNs are replaced here first, on a copy; otherwise the
  // descriptor skips them in registers.
  const DType in = a.dtype();
  if (info.kind == ReduceKind::NanSum && is_inexact(in) &&
      (!is_inexact(dt.loop) || (is_complex(in) && !is_complex(dt.loop)))) {
    ndarray t = a.copy();
    const double identity = std::string(info.ufunc) == "multiply" ? 1.0 : 0.0;  // of add / multiply
    copyto(t, identity, Casting::Unsafe, not_equal(a, a));
    return reduce_impl(id, t, red, o.keepdims, dt, o.out);
  }
  return reduce_impl(id, a, red, o.keepdims, dt, o.out);
}

ndarray arg_reduce(ReduceId id, const ndarray& a, std::optional<int64_t> axis, bool keepdims,
                   const std::optional<ndarray>& out) {
  const char* name = core::reduce_info(id).name;
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
      throw ValueError("output array does not match result of np." + std::string(name) + ".");
  }
  if (out && !can_cast(out->dtype(), DType::Int64, Casting::Safe))
    throw TypeError("Cannot cast array data from dtype('" + std::string(dtype_name(out->dtype())) +
                    "') to dtype('int64') according to the rule 'safe'");
  const Dtypes dt{a.dtype(), DType::Int64};
  if (!axis) {
    // The index is into the C-ordered flattening: a copy where the input is
    // not C-contiguous (the planner would otherwise walk memory order).
    ndarray flat = ravel(a);
    ndarray r = reduce_impl(id, flat, {true}, false, dt, keepdims ? std::nullopt : out);
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
  return reduce_impl(id, a, m, keepdims, dt, out);
}

// Note [Fused reductions]
// A reduction whose input is the value of a fused map (cunum.fuse's
// `sum(x * x)`, cunum::fusion::Graph::run_reduce): the same axes, dtypes,
// keepdims and errors as reduce_axes over the value, but the backend
// evaluates the map where it would load an element (Note [Fused reduction
// plans]): no temporary, one pass. Reduced dims that are not one run in
// every input take two stages (Note [Two-stage fused reductions]). Not
// taken (nullopt: the caller writes the value and reduces it as before, the
// same results) for out=, an empty reduction or result, the arg-reductions
// (their index is into the C order of the value, which coalescing over
// several inputs need not keep), nansum's NaN-before-conversion copy (Note
// [NaN before conversion]), or a backend without fused reductions
// (fused_reduce false).

// One fused reduction over the dims marked in `red` (Note [Fused
// reductions]); `split` set (and nullopt) where those dims are not one run in
// every input.
std::optional<ndarray> fused_stage(ReduceId id, const backend::FusedPlan& map, const std::vector<ndarray>& inputs,
                                   const Shape& shape, DType value, const std::vector<bool>& red, bool keepdims,
                                   Dtypes dt, bool& split) {
  split = false;
  const int nd = static_cast<int>(shape.size());
  const int nin = static_cast<int>(inputs.size());
  Shape kept_shape, keep_shape;
  for (int d = 0; d < nd; ++d) {
    keep_shape.push_back(red[d] ? 1 : shape[d]);
    if (!red[d]) kept_shape.push_back(shape[d]);
  }
  const Device dev = inputs[0].device();
  ndarray res = empty(keepdims ? keep_shape : kept_shape, dt.result, dev);

  backend::FusedReducePlan fp;
  fp.map = map;
  backend::ReducePlan& p = fp.red;
  p.in_dtype = value;
  p.loop_dtype = dt.loop;
  p.out_dtype = res.dtype();
  p.out = res.data();
  // Kept dims over [inputs..., output] ordered by the output; reduced dims
  // over the inputs (Note [Dimension coalescing]).
  Shape ks, rs;
  std::vector<Strides> kin(nin + 1), rin(nin);
  std::vector<Strides> full(nin);
  for (int k = 0; k < nin; ++k) full[k] = core::broadcast_strides(inputs[k], shape);
  for (int d = 0, od = 0; d < nd; ++d) {
    if (red[d]) {
      rs.push_back(shape[d]);
      for (int k = 0; k < nin; ++k) rin[k].push_back(full[k][d]);
      if (keepdims) ++od;
    } else {
      ks.push_back(shape[d]);
      for (int k = 0; k < nin; ++k) kin[k].push_back(full[k][d]);
      kin[nin].push_back(res.strides()[od++]);
    }
  }
  core::PlanOperand kept[backend::kMaxFusedOperands], reduced[backend::kMaxFusedOperands];
  for (int k = 0; k < nin; ++k) {
    kept[k] = {inputs[k].data(), kin[k]};
    reduced[k] = {inputs[k].data(), rin[k]};
    fp.map.data[k] = inputs[k].data();
    fp.map.dtypes[k] = inputs[k].dtype();
  }
  kept[nin] = {res.data(), kin[nin]};
  Dims kst[backend::kMaxFusedOperands], rst[backend::kMaxFusedOperands];
  core::coalesce_dims(ks, kept, nin + 1, nin, p.out_shape, kst);
  core::coalesce_dims(rs, reduced, nin, 0, p.red_shape, rst);
  if (p.red_shape.size() > 1) {
    split = true;
    return std::nullopt;
  }
  p.out_strides = kst[nin];
  for (int k = 0; k < nin; ++k) {
    fp.map.strides[k] = kst[k];
    fp.red_strides[k] = p.red_shape.empty() ? 0 : rst[k][0];
  }
  fp.map.nin = nin;
  fp.map.nout = 1;
  fp.map.dtypes[nin] = value;
  fp.map.shape.clear();
  if (!backend::get(dev).fused_reduce(id, fp)) return std::nullopt;
  return res;
}

std::optional<ndarray> reduce_fused_impl(ReduceId id, const backend::FusedPlan& map,
                                         const std::vector<ndarray>& inputs, const Shape& shape, DType value,
                                         const ReduceOptions& o) {
  const core::ReduceInfo& info = core::reduce_info(id);
  if (o.out || info.kind == ReduceKind::Arg || info.kind == ReduceKind::Moment || inputs.empty()) return std::nullopt;
  if (!backend::get(inputs[0].device()).fuses_reductions()) return std::nullopt;  // before any plan or allocation
  const int nd = static_cast<int>(shape.size());
  // The value's stand-in for the checks that read only its shape and dtype.
  const ndarray one = empty(Shape{}, value, Device::cpu());  // reads only shape and dtype
  const ndarray probe(one.storage(), 0, shape, Strides(shape.size(), 0), value);
  const std::vector<bool> red = reduced_mask(probe, o.axis, o.axis_is_int);
  const Dtypes dt = resolve_dtypes(id, probe, o);
  if (info.kind == ReduceKind::NanSum && is_inexact(value) &&
      (!is_inexact(dt.loop) || (is_complex(value) && !is_complex(dt.loop))))
    return std::nullopt;
  int64_t count = 1, out_size = 1;
  for (int d = 0; d < nd; ++d) (red[d] ? count : out_size) *= shape[d];
  if (count == 0 || out_size == 0) return std::nullopt;  // the eager path's errors and empty results
  if (static_cast<int>(inputs.size()) + 1 > backend::kMaxFusedOperands) return std::nullopt;
  bool split = false;
  std::optional<ndarray> r = fused_stage(id, map, inputs, shape, value, red, o.keepdims, dt, split);
  if (!split) return r;
  // Note [Two-stage fused reductions]
  // The reduced dims do not form one run in every input (axes (0, 2) of a C
  // array, or all axes of inputs broadcast along different dims): the map
  // is reduced over the last reduced axis alone (always one run), into
  // partials that keep the other reduced axes, and those (one element per
  // run of that axis, so a small array unless the axis is short) are reduced
  // by the plain reduction. Sums and products combine partial sums and
  // products (nansum's NaNs are gone after the first stage: its second is a
  // sum), extrema and truth tests their own results; float16 sums keep
  // their float32 accumulators between the stages, so no extra rounding.
  // A float16 loop rounds every element to float16 before it is combined
  // (NumPy's); the first stage's float32 accumulation of a value that is not
  // float16 would skip that rounding (sum 9000 for NumPy's 9008, prod inf for
  // 1), so such reductions decline and the value is written and reduced.
  if (dt.loop == DType::Float16 && value != DType::Float16 && value != DType::Bool && value != DType::Int8 &&
      value != DType::UInt8)
    return std::nullopt;
  int last = nd - 1;
  while (!red[last]) --last;
  std::vector<bool> red1(nd, false);
  red1[last] = true;
  const bool sum_kind = info.kind == ReduceKind::Sum || info.kind == ReduceKind::NanSum;
  const DType loop1 = sum_kind && dt.loop == DType::Float16 ? DType::Float32 : dt.loop;
  const Dtypes dt1 = sum_kind ? Dtypes{loop1, loop1} : dt;
  r = fused_stage(id, map, inputs, shape, value, red1, true, dt1, split);
  if (!r) return std::nullopt;
  ReduceId id2 = id;
  if (id == ReduceId::nansum) id2 = ReduceId::sum;
  if (id == ReduceId::nanprod) id2 = ReduceId::prod;
  return reduce_impl(id2, *r, red, o.keepdims, Dtypes{sum_kind ? loop1 : dt1.result, dt.result}, std::nullopt);
}

// mean(a) from a's dtype and shape and a sum over a: NumPy's dtype rules.
ndarray mean_with(const Shape& shape, DType in, const ReduceOptions& o,
                  const std::function<ndarray(const ReduceOptions&)>& sum_of) {
  const int nd = static_cast<int>(shape.size());
  if (nd == 0 && o.axis && !o.axis->empty()) throw AxisError((*o.axis)[0], 0);
  std::vector<bool> m(nd, !o.axis.has_value());
  if (o.axis)
    for (int64_t ax : *o.axis) m[normalize_axis(ax, nd)] = true;  // the sum reports duplicates
  int64_t count = 1;
  for (int d = 0; d < nd; ++d)
    if (m[d]) count *= shape[d];
  DType result = o.dtype ? *o.dtype : (is_inexact(in) ? in : DType::Float64);
  // float16 accumulates in float32, as NumPy does.
  DType acc = result == DType::Float16 ? DType::Float32 : result;
  ReduceOptions so{o.axis, o.keepdims, acc, std::nullopt};
  ndarray s = sum_of(so);
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
}  // namespace

namespace core {
std::atomic<uint64_t> g_fused_reductions{0};
std::optional<ndarray> reduce_fused(ReduceId id, const backend::FusedPlan& map, const std::vector<ndarray>& inputs,
                                    const Shape& shape, DType value, const ReduceOptions& o) {
  std::optional<ndarray> r = reduce_fused_impl(id, map, inputs, shape, value, o);
  if (r) g_fused_reductions.fetch_add(1, std::memory_order_relaxed);
  return r;
}
uint64_t fused_reduction_count() { return g_fused_reductions.load(std::memory_order_relaxed); }
ndarray mean_of(const Shape& shape, DType in, const ReduceOptions& o,
                const std::function<ndarray(const ReduceOptions&)>& sum_of) {
  return mean_with(shape, in, o, sum_of);
}
std::vector<bool> reduced_dims(const ndarray& a, const std::optional<std::vector<int64_t>>& axis,
                               bool axis_is_int) {
  return reduced_mask(a, axis, axis_is_int);
}
ndarray reduce(ReduceId id, const ndarray& a, const std::vector<bool>& red, bool keepdims, DType loop,
               DType result, const std::optional<ndarray>& out) {
  return reduce_impl(id, a, red, keepdims, Dtypes{loop, result}, out);
}
}  // namespace core

#define CUNUM_REDUCTION_DEF_Sum(name) \
  ndarray name(const ndarray& a, const ReduceOptions& o) { return reduce_axes(ReduceId::name, a, o); }
#define CUNUM_REDUCTION_DEF_NanSum(name) CUNUM_REDUCTION_DEF_Sum(name)
#define CUNUM_REDUCTION_DEF_Extremum(name) CUNUM_REDUCTION_DEF_Sum(name)
#define CUNUM_REDUCTION_DEF_Truth(name) CUNUM_REDUCTION_DEF_Sum(name)
#define CUNUM_REDUCTION_DEF_Arg(name)                                                          \
  ndarray name(const ndarray& a, std::optional<int64_t> axis, bool keepdims,                  \
               const std::optional<ndarray>& out) {                                           \
    return arg_reduce(ReduceId::name, a, axis, keepdims, out);                                 \
  }
#define CUNUM_REDUCTION_DEF_Moment(name)  // internal: core::reduce
#define CUNUM_X(name, ufunc, kind, method) CUNUM_REDUCTION_DEF_##kind(name)
CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X

ndarray mean(const ndarray& a, const ReduceOptions& o) {
  if (a.ndim() == 0 && o.axis && !o.axis->empty()) throw AxisError((*o.axis)[0], 0);
  reduced_mask(a, o.axis, false);  // NumPy's axis errors, before any work
  return mean_with(a.shape(), a.dtype(), o, [&](const ReduceOptions& so) { return sum(a, so); });
}

}  // namespace cunum
