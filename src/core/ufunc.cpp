// The ufunc planner: dtype resolution (NEP 50 + NumPy's loop search over a
// ufunc's declared loops), output allocation, out=/where=/casting=, overlap,
// then one backend call whose operands keep their own dtypes (the kernels
// convert in registers: Note [Operand dtypes] in backend/backend.hpp).
#include "cunum/ufunc.hpp"

#include <string>

#include "backend/backend.hpp"
#include "core/assign.hpp"
#include "core/autofuse.hpp"
#include "core/loop_plan.hpp"
#include "core/ufunc_resolve.hpp"
#include "core/ufunc_hooks.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/warnings.hpp"

namespace cunum {

namespace {
using core::LoopSig;
using core::ResolveState;
using core::UfuncDef;

std::string dt(DType d) { return "dtype('" + std::string(dtype_name(d)) + "')"; }

using core::is_weak;
using core::shown_dtype;

}  // namespace

bool core::is_weak(const Operand& o) {
  return !o.is_array() && !o.scalar().strong && o.scalar().weak_kind() != WeakKind::None;
}
DType core::shown_dtype(const Operand& o) { return o.is_array() ? o.array().dtype() : o.scalar().default_dtype(); }

namespace core {
[[noreturn]] void raise_no_loop(const UfuncDef& def, const Operand* ops, int n) {
  std::string types;
  for (int i = 0; i < n; ++i) types += (i ? ", " : "") + dt(shown_dtype(ops[i]));
  throw TypeError("ufunc '" + std::string(def.name) + "' not supported for the input types (" + types +
                  "), and the inputs could not be safely coerced to any supported types "
                  "according to the casting rule ''safe''");
}
}  // namespace core

namespace {

DType common_dtype(const Operand* ops, int n) {
  // arrays of one dtype (most calls) need no promotion
  if (ops[0].is_array() && (n == 1 || (ops[1].is_array() && ops[1].array().dtype() == ops[0].array().dtype())))
    return ops[0].array().dtype();
  DType strong[core::kMaxUfuncIn];
  WeakKind weak[core::kMaxUfuncIn];
  int ns = 0, nw = 0;
  for (int i = 0; i < n; ++i) {
    if (is_weak(ops[i])) weak[nw++] = ops[i].scalar().weak_kind();
    else strong[ns++] = shown_dtype(ops[i]);
  }
  return result_type(strong, ns, weak, nw);
}

// Whether a weak Python scalar of this kind may feed a loop input of dtype t
// (NEP 50: the scalar takes the loop's dtype if its kind fits).
bool weak_fits(WeakKind k, DType t) {
  switch (k) {
    case WeakKind::Int: return !is_bool(t);
    case WeakKind::Float: return is_inexact(t);
    default: return is_complex(t);
  }
}

// Input i reaches loop input dtype t under `casting` (arrays and strong
// scalars by their dtype, weak scalars by their kind).
bool input_reaches(const Operand& o, DType t, Casting casting) {
  if (is_weak(o)) return weak_fits(o.scalar().weak_kind(), t);
  return can_cast(shown_dtype(o), t, casting);
}

// The first loop (NumPy's order) every input reaches safely.
int search_loop(const UfuncDef& def, const Operand* ops, DType common) {
  if (def.homogeneous) return def.safe_loop[static_cast<int>(common)];
  for (int l = 0; l < def.nloops; ++l) {
    const LoopSig& sig = def.loops[l];
    bool ok = true;
    if (def.homogeneous) ok = can_cast(common, sig.in[0], Casting::Safe);
    else
      for (int i = 0; i < def.nin && ok; ++i) ok = input_reaches(ops[i], sig.in[i], Casting::Safe);
    if (ok) return l;
  }
  return -1;
}

// dtype= names the first output's dtype: the first loop producing it that
// the inputs reach safely, else the first loop producing it (the casting
// check then decides).
int loop_for_dtype(const UfuncDef& def, const Operand* ops, DType common, DType want) {
  int first = -1;
  for (int l = 0; l < def.nloops; ++l) {
    const LoopSig& sig = def.loops[l];
    if (sig.out[0] != want) continue;
    if (first < 0) first = l;
    bool ok = true;
    if (def.homogeneous) ok = can_cast(common, sig.in[0], Casting::Safe);
    else
      for (int i = 0; i < def.nin && ok; ++i) ok = input_reaches(ops[i], sig.in[i], Casting::Safe);
    if (ok) return l;
  }
  if (first < 0)
    throw TypeError("No loop matching the specified signature and casting was found for ufunc " +
                    std::string(def.name));
  return first;
}

// NumPy's check that every input casts to its loop dtype under `casting`.
void check_input_casts(const UfuncDef& def, const Operand* ops, const LoopSig& sig, Casting casting) {
  for (int i = 0; i < def.nin; ++i) {
    const DType t = sig.in[i];
    if (is_weak(ops[i])) {
      const Scalar& v = ops[i].scalar();
      const WeakKind k = v.weak_kind();
      if (casting == Casting::Equiv && v.default_dtype() != t) {
        const char* py = k == WeakKind::Int ? "int" : k == WeakKind::Float ? "float" : "complex";
        throw TypeError("cannot cast Python " + std::string(py) + " to " + std::string(dtype_name(t)) +
                        " under the casting rule 'equiv'");
      }
      if (casting == Casting::Unsafe || casting == Casting::No || weak_fits(k, t)) continue;
      // A weak scalar of a higher kind than the loop: NumPy names it by its
      // kind at the loop's precision.
      const DType from = k == WeakKind::Complex && is_floating(t) ? complex_dtype(t) : v.default_dtype();
      if (can_cast(from, t, casting)) continue;
      throw TypeError("Cannot cast ufunc '" + std::string(def.name) + "' input " + std::to_string(i) +
                      " from " + dt(from) + " to " + dt(t) + " with casting rule '" +
                      std::string(casting_name(casting)) + "'");
    }
    const DType from = shown_dtype(ops[i]);
    if (from != t && !can_cast(from, t, casting))
      throw TypeError("Cannot cast ufunc '" + std::string(def.name) + "' input " + std::to_string(i) +
                      " from " + dt(from) + " to " + dt(t) + " with casting rule '" +
                      std::string(casting_name(casting)) + "'");
    warn_if_discarding_imaginary(from, t);
  }
}

// Resolves the loop of a call; may answer with a constant (state.has_constant).
int resolve_loop(ResolveState& st) {
  const UfuncDef& def = st.def;
  const Operand* ops = st.ops;
  st.common = common_dtype(ops, def.nin);
  if (def.hooks.resolve) {
    def.hooks.resolve(st);
    if (st.has_constant) return -1;
    st.common = common_dtype(ops, def.nin);  // the hook may have rewritten operands
  }
  int loop = st.loop;
  if (loop < 0) {
    if (st.opts.dtype) loop = loop_for_dtype(def, ops, st.common, *st.opts.dtype);
    else loop = search_loop(def, ops, st.common);
  }
  if (loop < 0) core::raise_no_loop(def, ops, def.nin);
  const LoopSig& sig = def.loops[loop];
  check_input_casts(def, ops, sig, st.opts.casting);
  // NumPy 2: a Python int must fit the loop's integer type.
  for (int i = 0; i < def.nin; ++i)
    if (!ops[i].is_array()) ops[i].scalar().check_fits(sig.in[i]);
  st.loop = loop;
  return loop;
}

Device operands_device(const Operand* ops, int n, const UfuncOptions& opts) {
  std::optional<Device> dev;
  auto take = [&](const ndarray& a) {
    if (dev && *dev != a.device())
      throw ValueError("operands are on different devices (" + dev->str() + " and " +
                       a.device().str() + ")");
    dev = a.device();
  };
  for (int i = 0; i < n; ++i)
    if (ops[i].is_array()) take(ops[i].array());
  if (opts.out) take(*opts.out);
  if (opts.out2) take(*opts.out2);
  return dev ? *dev : default_device();
}

// Whether writing `out` while reading `in` elementwise is safe: no overlap,
// or exactly the same elements in the same order.
bool safe_to_write(const ndarray& out, const ndarray& in, const Shape& shape) {
  if (!core::may_overlap(out, in)) return true;
  return in.data() == out.data() && in.itemsize() == out.itemsize() &&
         core::broadcast_strides(in, shape) == out.strides();
}
}  // namespace

int core::resolve_ufunc(const UfuncDef& def, Operand* ops) {
  static const UfuncOptions kDefaults;
  ResolveState st{def, ops, kDefaults};
  const int loop = resolve_loop(st);
  if (st.has_constant) return -1;
  if (def.hooks.check) def.hooks.check(st);
  return loop;
}

void apply_ufunc(const UfuncDef& def, const Operand* inputs, int n, const UfuncOptions& opts,
                 ndarray* results) {
  if (n != def.nin)
    throw TypeError(std::string(def.name) + "() takes " + std::to_string(def.nin) +
                    " positional arguments but " + std::to_string(n) + " were given");
  const int nout = def.nout;
  const std::optional<ndarray>* outs[core::kMaxUfuncOut] = {&opts.out, &opts.out2};
  // A resolve hook may rewrite operands: it works on a copy (other calls read
  // the caller's operands, and copy nothing).
  static_assert(core::kMaxUfuncIn == 2);
  std::optional<std::array<Operand, 2>> copies;
  Operand* ops = const_cast<Operand*>(inputs);
  if (def.hooks.resolve) {
    copies.emplace(std::array<Operand, 2>{inputs[0], n > 1 ? inputs[1] : Operand(false)});
    ops = copies->data();
  }
  ResolveState st{def, ops, opts};
  const int loop = resolve_loop(st);
  const Device dev = operands_device(ops, n, opts);

  Shape shape;
  bool shaped = false;  // the common case, equal shapes, needs no broadcasting
  for (int i = 0; i < n; ++i) {
    if (!ops[i].is_array()) continue;
    const Shape& si = ops[i].array().shape();
    if (!shaped) shape = si, shaped = true;
    else if (si != shape) shape = core::broadcast_shape({&shape, &si});
  }
  if (st.has_constant) {
    ndarray r = full(shape, Scalar(st.constant), DType::Bool, dev);
    if (!opts.out) { results[0] = r; return; }
    copyto(*opts.out, r, opts.casting, opts.where);
    results[0] = *opts.out;
    return;
  }
  const LoopSig& sig = def.loops[loop];
  // Note [Automatic fusion]: a large result with default options is recorded
  // into this thread's pending expression instead of run (when its layout is
  // plain C order, as here below: a C-contiguous input of the full shape or none).
  bool checked = false;
  if (nout == 1 && !opts.out && !opts.where && !opts.dtype && opts.casting == Casting::SameKind &&
      core::autofuse_wants(shape_size(shape))) {
    if (def.hooks.check) def.hooks.check(st);
    checked = true;
    bool c_full = false, other_full = false;
    for (int i = 0; i < n; ++i) {
      if (!ops[i].is_array() || ops[i].array().shape() != shape) continue;
      if (ops[i].array().is_c_contiguous()) c_full = true;
      else other_full = true;
    }
    if ((c_full || !other_full) && core::autofuse_record(def, loop, ops, n, shape, dev, results[0])) return;
  }
  auto& be = backend::get(dev);

  // Inputs keep their dtypes. A scalar next to an array travels in the plan
  // when the backend can take it (Note [Scalar operands]); `in[i]` then stays
  // a storage-less placeholder (null data, broadcast with stride 0).
  // (Pointers to the caller's arrays: copying an ndarray costs its shape,
  // strides and a reference count, on every call.)
  static const ndarray kNone;
  ndarray made[core::kMaxUfuncIn];  // 0-d arrays of scalars that do not travel in the plan
  const ndarray* in[core::kMaxUfuncIn] = {&kNone, &kNone};
  int scalar_op = -1;
  bool any_array = false;
  for (int i = 0; i < n; ++i) any_array = any_array || ops[i].is_array();
  for (int i = 0; i < n; ++i) {
    if (ops[i].is_array()) {
      in[i] = &ops[i].array();
    } else if (scalar_op < 0 && any_array && be.ufunc_takes_scalars()) {
      scalar_op = i;
    } else {
      made[i] = scalar_array(ops[i].scalar(), sig.in[i], dev);
      in[i] = &made[i];
    }
  }
  // The results follow the memory order of an input of the full shape (a
  // C-contiguous one: plain C order, the common case, without the 'K' sort).
  const ndarray* layout = nullptr;
  bool c_input = false, c_full[core::kMaxUfuncIn] = {false, false};  // C-contiguous, full shape
  for (int i = 0; i < n; ++i) {
    if (!ops[i].is_array() || ops[i].array().shape() != shape) continue;
    c_full[i] = ops[i].array().is_c_contiguous();
    c_input = c_input || c_full[i];
    if (!c_full[i] && !layout) layout = &ops[i].array();
  }
  if (c_input) layout = nullptr;

  for (int k = 0; k < nout; ++k) {
    const std::optional<ndarray>& out = *outs[k];
    if (!out) continue;
    Shape full = core::broadcast_shape({&shape, &out->shape()});
    if (full != out->shape())
      throw ValueError("non-broadcastable output operand with shape " + shape_str(out->shape()) +
                       " doesn't match the broadcast shape " + shape_str(full));
    shape = full;
    if (!can_cast(sig.out[k], out->dtype(), opts.casting))
      throw TypeError("Cannot cast ufunc '" + std::string(def.name) + "' output from " + dt(sig.out[k]) +
                      " to " + dt(out->dtype()) + " with casting rule '" +
                      std::string(casting_name(opts.casting)) + "'");
    warn_if_discarding_imaginary(sig.out[k], out->dtype());
  }
  if (def.hooks.check && !checked) def.hooks.check(st);  // after NumPy's output casting checks
  std::optional<ndarray> where;
  if (opts.where) {
    if (opts.where->dtype() != DType::Bool)
      throw TypeError("Cannot cast array data from dtype('" + std::string(dtype_name(opts.where->dtype())) +
                      "') to dtype('bool') according to the rule 'safe'");
    where = core::on_device(*opts.where, dev);
    Shape full = core::broadcast_shape({&shape, &where->shape()});
    if (full != shape) {
      if (opts.out || opts.out2)
        throw ValueError("non-broadcastable where operand with shape " + shape_str(where->shape()) +
                         " doesn't match the broadcast shape " + shape_str(shape));
      shape = full;
    }
  }

  // Note [where= and data errors]
  // NumPy evaluates a ufunc only where where= is true. A loop that reports
  // errors from its data (power's negative integer exponent: Note [Deferred
  // errors]) must not see the other places, or it would raise for a value
  // nobody asked about. Its inputs go in as copies of the full shape whose
  // masked-out places hold 0 (power(x, 0) is 1: no error); those places'
  // results are discarded by the assignment through the mask below.
  ndarray masked[core::kMaxUfuncIn];
  if (where && def.hooks.reports_errors && def.hooks.reports_errors(sig)) {
    for (int i = 0; i < n; ++i) {
      if (i == scalar_op) {
        made[i] = scalar_array(ops[i].scalar(), sig.in[i], dev);
        in[i] = &made[i];
      }
      masked[i] = zeros(shape, in[i]->dtype(), dev);
      core::assign_where(masked[i], *in[i], *where);
      in[i] = &masked[i];
    }
    scalar_op = -1;
  }

  // Each output: straight into out= (in its own dtype: the kernel converts)
  // when that is safe, else a temporary in the loop's output dtype.
  ndarray res[core::kMaxUfuncOut];
  bool direct[core::kMaxUfuncOut] = {false, false};
  for (int k = 0; k < nout; ++k) {
    const std::optional<ndarray>& out = *outs[k];
    direct[k] = out && !where;
    for (int i = 0; i < n && direct[k]; ++i)
      if (in[i]->data()) direct[k] = safe_to_write(*out, *in[i], shape);
    if (direct[k] && k == 1 && opts.out) direct[k] = !core::may_overlap(*opts.out, *out);
    res[k] = direct[k] ? *out
           : layout    ? empty_like(*layout, sig.out[k], 'K', std::nullopt, dev)
                       : empty(shape, sig.out[k], dev);
  }
  backend::LoopPlan plan;
  // Note [Contiguous plans]
  // The common call (every array operand C-contiguous with the full shape, a
  // Python scalar at most beside them, no where=) is one flat run: its plan
  // is written directly, 1-D, without broadcasting strides and coalescing
  // dims, which is most of the planner's cost on small arrays.
  const int64_t count = shape_size(shape);
  bool flat = !where && count > 0;
  // (out= may have broadcast the shape past the inputs': compared again)
  for (int i = 0; i < n && flat; ++i) flat = i == scalar_op || (c_full[i] && in[i]->shape() == shape);
  for (int k = 0; k < nout && flat; ++k)
    flat = (!direct[k] && !layout) || (res[k].shape() == shape && res[k].is_c_contiguous());
  if (flat) {
    plan.nops = n + nout;
    plan.shape.assign(1, count);
    int64_t extent = 0;
    for (int i = 0; i < n; ++i) {
      const bool sc = i == scalar_op;
      plan.data[i] = sc ? nullptr : in[i]->data();
      plan.strides[i].assign(1, sc ? 0 : static_cast<int64_t>(in[i]->itemsize()));
      extent = std::max(extent, plan.strides[i][0] * (count - 1));
    }
    for (int k = 0; k < nout; ++k) {
      plan.data[n + k] = res[k].data();
      plan.strides[n + k].assign(1, static_cast<int64_t>(res[k].itemsize()));
      extent = std::max(extent, plan.strides[n + k][0] * (count - 1));
    }
    plan.index32 = extent < (int64_t(1) << 31) && count < (int64_t(1) << 31);
    for (int i = 0; i < n; ++i) plan.dtypes[i] = i == scalar_op ? sig.in[i] : in[i]->dtype();
    for (int k = 0; k < nout; ++k) plan.dtypes[n + k] = res[k].dtype();
  } else {
    core::PlanOperand po[backend::kMaxOperands];
    int m = 0;
    for (int i = 0; i < n; ++i) po[m++] = {in[i]->data(), core::broadcast_strides(*in[i], shape)};
    for (int k = 0; k < nout; ++k) po[m++] = {res[k].data(), core::broadcast_strides(res[k], shape)};
    plan = core::make_loop_plan(shape, po, m, n);  // ordered by the first output
    for (int i = 0; i < n; ++i) plan.dtypes[i] = i == scalar_op ? sig.in[i] : in[i]->dtype();
    for (int k = 0; k < nout; ++k) plan.dtypes[n + k] = res[k].dtype();
  }
  if (scalar_op >= 0) {
    plan.scalar_op = scalar_op;
    ops[scalar_op].scalar().store(sig.in[scalar_op], plan.scalar);
  }
  be.ufunc(def, loop, plan);

  for (int k = 0; k < nout; ++k) {
    const std::optional<ndarray>& out = *outs[k];
    if (direct[k]) { results[k] = *out; continue; }
    if (where) {
      ndarray target = out ? *out : empty(shape, sig.out[k], dev);
      core::assign_where(target, res[k], *where);
      results[k] = target;
    } else if (out) {
      core::assign(*out, res[k]);
      results[k] = *out;
    } else {
      results[k] = std::move(res[k]);
    }
  }
}

ndarray apply_ufunc(const UfuncDef& def, const Operand* inputs, int n, const UfuncOptions& opts) {
  CUNUM_ASSERT(def.nout == 1);
  ndarray r;
  apply_ufunc(def, inputs, n, opts, &r);
  return r;
}

void copyto(const ndarray& dst, const Operand& src, Casting casting, const std::optional<ndarray>& where) {
  ndarray s;
  if (src.is_array()) {
    s = src.array();
    if (!can_cast(s.dtype(), dst.dtype(), casting))
      throw TypeError("Cannot cast array data from " + dt(s.dtype()) + " to " + dt(dst.dtype()) +
                      " according to the rule '" + std::string(casting_name(casting)) + "'");
    warn_if_discarding_imaginary(s.dtype(), dst.dtype());
  } else {
    const Scalar& v = src.scalar();
    if (v.big) throw OverflowError("Python int too large to convert to C long");
    if (casting != Casting::Unsafe || v.kind == Scalar::Kind::Int || v.kind == Scalar::Kind::UInt)
      v.check_fits(dst.dtype());
    if (!where) {  // a plain fill: no 0-d array to allocate and copy from
      const_cast<ndarray&>(dst).fill(v);
      return;
    }
    s = scalar_array(v, dst.dtype(), dst.device());
  }
  if (where) core::assign_where(dst, s, *where);
  else core::assign(dst, s);
}

}  // namespace cunum
