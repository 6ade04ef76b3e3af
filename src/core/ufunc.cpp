// The ufunc planner: dtype resolution (NEP 50 + NumPy's loop search), output
// allocation, out=/where=/casting=, overlap, then one backend call.
#include "cunum/ufunc.hpp"

#include <string>

#include "backend/backend.hpp"
#include "core/assign.hpp"
#include "core/loop_plan.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/reduction.hpp"

namespace cunum {

namespace {
using core::UfuncId;

std::string dt(DType d) { return "dtype('" + std::string(dtype_name(d)) + "')"; }

bool is_comparison(UfuncId id) {
  return id == UfuncId::equal || id == UfuncId::not_equal || id == UfuncId::less ||
         id == UfuncId::less_equal || id == UfuncId::greater || id == UfuncId::greater_equal;
}

[[noreturn]] void no_loop(UfuncId id, const DType* in, int n) {
  std::string types;
  for (int i = 0; i < n; ++i) types += (i ? ", " : "") + dt(in[i]);
  throw TypeError("ufunc '" + std::string(core::ufunc_info(id).name) +
                  "' not supported for the input types (" + types +
                  "), and the inputs could not be safely coerced to any supported types "
                  "according to the casting rule ''safe''");
}

// First loop (in NumPy's type order) that `common` casts to safely.
std::optional<DType> search_loop(UfuncId id, DType common) {
  const core::TypeSet ts = core::ufunc_info(id).types;
  for (int d = 0; d < kNumDTypes; ++d)
    if (((ts >> d) & 1u) && can_cast(common, static_cast<DType>(d), Casting::Safe))
      return static_cast<DType>(d);
  return std::nullopt;
}

DType resolve_loop(UfuncId id, const Operand* ops, int n, const UfuncOptions& opts) {
  DType strong[2];
  WeakKind weak[2];
  DType shown[2];
  int ns = 0, nw = 0;
  for (int i = 0; i < n; ++i) {
    if (ops[i].is_array()) {
      strong[ns++] = shown[i] = ops[i].array().dtype();
    } else {
      const Scalar& s = ops[i].scalar();
      shown[i] = s.default_dtype();
      if (s.strong || s.weak_kind() == WeakKind::None) strong[ns++] = s.default_dtype();
      else weak[nw++] = s.weak_kind();
    }
  }
  const char* name = core::ufunc_info(id).name;
  if (id == UfuncId::negative && ns == 1 && strong[0] == DType::Bool && nw == 0)
    throw TypeError("The numpy boolean negative, the `-` operator, is not supported, use the `~` "
                    "operator or the logical_not function instead.");
  if (id == UfuncId::subtract && ns == 2 && strong[0] == DType::Bool && strong[1] == DType::Bool)
    throw TypeError("numpy boolean subtract, the `-` operator, is not supported, use the "
                    "bitwise_xor, the `^` operator, or the logical_xor function instead.");

  DType loop;
  if (opts.dtype) {
    // dtype= names the output dtype: take the first loop producing it that
    // the inputs reach safely, else the first loop producing it (and let the
    // casting check below decide).
    const DType want = *opts.dtype;
    const DType common = result_type(strong, ns, weak, nw);
    std::optional<DType> found, first;
    const core::TypeSet ts = core::ufunc_info(id).types;
    for (int d = 0; d < kNumDTypes && !found; ++d) {
      const DType l = static_cast<DType>(d);
      if (!((ts >> d) & 1u) || core::ufunc_out_dtype(id, l) != want) continue;
      if (!first) first = l;
      if (can_cast(common, l, Casting::Safe)) found = l;
    }
    if (!found) found = first;
    if (!found)
      throw TypeError("No loop matching the specified signature and casting was found for ufunc " +
                      std::string(name));
    loop = *found;
    for (int i = 0; i < n; ++i) {
      DType from = ops[i].is_array() ? ops[i].array().dtype() : loop;
      if (!ops[i].is_array() && (ops[i].scalar().strong || ops[i].scalar().weak_kind() == WeakKind::None))
        from = ops[i].scalar().default_dtype();
      if (!can_cast(from, loop, opts.casting))
        throw TypeError("Cannot cast ufunc '" + std::string(name) + "' input " + std::to_string(i) +
                        " from " + dt(from) + " to " + dt(loop) + " with casting rule '" +
                        std::string(casting_name(opts.casting)) + "'");
    }
  } else {
    DType common = result_type(strong, ns, weak, nw);
    if (id == UfuncId::true_divide && (is_integer(common) || is_bool(common))) common = DType::Float64;
    if (id == UfuncId::positive && is_bool(common)) no_loop(id, shown, n);  // NumPy has no bool loop
    std::optional<DType> found = search_loop(id, common);
    if (!found) no_loop(id, shown, n);
    loop = *found;
    if (opts.casting == Casting::No || opts.casting == Casting::Equiv) {
      for (int i = 0; i < n; ++i)
        if (ops[i].is_array() && ops[i].array().dtype() != loop)
          throw TypeError("Cannot cast ufunc '" + std::string(name) + "' input " + std::to_string(i) +
                          " from " + dt(ops[i].array().dtype()) + " to " + dt(loop) +
                          " with casting rule '" + std::string(casting_name(opts.casting)) + "'");
    }
  }
  // NumPy 2: a Python int must fit the loop's integer type (comparisons of
  // integer arrays with out-of-range ints never get here: constant_comparison).
  for (int i = 0; i < n; ++i)
    if (!ops[i].is_array()) ops[i].scalar().check_fits(loop);
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
  return dev ? *dev : default_device();
}

// NumPy 2 answers comparisons of an integer array with a Python int outside
// its range exactly: the result is the same for every element.
std::optional<bool> constant_comparison(UfuncId id, const Operand* ops, int n) {
  if (!is_comparison(id) || n != 2 || ops[0].is_array() == ops[1].is_array()) return std::nullopt;
  const int si = ops[0].is_array() ? 1 : 0;
  const Scalar& s = ops[si].scalar();
  const DType d = ops[1 - si].array().dtype();
  if (s.strong || (s.kind != Scalar::Kind::Int && s.kind != Scalar::Kind::UInt) || !is_integer(d))
    return std::nullopt;
  int side = s.compare_to_range(d);  // +1: scalar above every element
  if (side == 0) return std::nullopt;
  if (si == 0) side = -side;         // scalar on the left: mirror
  // Now: array OP scalar with the scalar above (side>0) or below (side<0) all elements.
  switch (id) {
    case UfuncId::equal: return false;
    case UfuncId::not_equal: return true;
    case UfuncId::less:
    case UfuncId::less_equal: return side > 0;
    default: return side < 0;  // greater, greater_equal
  }
}
}  // namespace

ndarray apply_ufunc(UfuncId id, const Operand* ops_in, int n, const UfuncOptions& opts) {
  const auto& info = core::ufunc_info(id);
  // Logical ufuncs only look at truth values: a Python scalar operand is
  // replaced by its truth value (so -3 or 300 never overflow a small dtype).
  Operand logical_ops[2] = {Operand(false), Operand(false)};
  const Operand* ops = ops_in;
  if (id == UfuncId::logical_and || id == UfuncId::logical_or || id == UfuncId::logical_xor ||
      id == UfuncId::logical_not) {
    for (int i = 0; i < n && i < 2; ++i) {
      logical_ops[i] = ops_in[i];
      if (!ops_in[i].is_array() && !ops_in[i].scalar().strong)
        logical_ops[i] = Operand(Scalar(ops_in[i].scalar().is_true()));
    }
    ops = logical_ops;
  }
  if (n != info.nin)
    throw TypeError(std::string(info.name) + "() takes " + std::to_string(info.nin) +
                    " positional arguments but " + std::to_string(n) + " were given");
  const Device dev = operands_device(ops, n, opts);
  if (auto c = constant_comparison(id, ops, n)) {
    const ndarray& a = ops[0].is_array() ? ops[0].array() : ops[1].array();
    ndarray r = full(a.shape(), Scalar(*c), DType::Bool, dev);
    if (!opts.out) return r;
    copyto(*opts.out, r, opts.casting, opts.where);
    return *opts.out;
  }
  const DType loop = resolve_loop(id, ops, n, opts);
  const DType out_dtype = core::ufunc_out_dtype(id, loop);

  auto& be = backend::get(dev);
  // Inputs in the loop dtype. A scalar next to an array operand travels in the
  // plan when the backend can take it (Note [Scalar operands]); `in[i]` then
  // stays a storage-less 0-d placeholder (null data, broadcast with stride 0).
  ndarray in[2];
  Shape shape;
  int scalar_op = -1;
  for (int i = 0; i < n; ++i) {
    if (ops[i].is_array()) {
      const ndarray& a = ops[i].array();
      in[i] = a.dtype() == loop ? a : a.astype(loop);
      shape = core::broadcast_shape({&shape, &a.shape()});
    } else if (n == 2 && ops[1 - i].is_array() && be.ufunc_takes_scalars()) {
      scalar_op = i;
    } else {
      in[i] = scalar_array(ops[i].scalar(), loop, dev);
    }
  }
  const ndarray* layout = nullptr;  // the result follows this input's memory order
  for (int i = 0; i < n && !layout; ++i)
    if (ops[i].is_array() && ops[i].array().shape() == shape) layout = &ops[i].array();

  std::optional<ndarray> out = opts.out;
  if (out) {
    Shape full = core::broadcast_shape({&shape, &out->shape()});
    if (full != out->shape())
      throw ValueError("non-broadcastable output operand with shape " + shape_str(out->shape()) +
                       " doesn't match the broadcast shape " + shape_str(full));
    shape = full;
    if (!can_cast(out_dtype, out->dtype(), opts.casting))
      throw TypeError("Cannot cast ufunc '" + std::string(info.name) + "' output from " +
                      dt(out_dtype) + " to " + dt(out->dtype()) + " with casting rule '" +
                      std::string(casting_name(opts.casting)) + "'");
  }
  if (id == UfuncId::power && is_integer(loop) && !is_unsigned(loop)) {
    const bool negative = scalar_op == 1 ? ops[1].scalar().as_int64() < 0 : any(less(in[1], 0)).item().is_true();
    if (negative) throw ValueError("Integers to negative integer powers are not allowed.");
  }
  std::optional<ndarray> where;
  if (opts.where) {
    if (opts.where->dtype() != DType::Bool)
      throw TypeError("Cannot cast array data from dtype('" + std::string(dtype_name(opts.where->dtype())) +
                      "') to dtype('bool') according to the rule 'safe'");
    where = core::on_device(*opts.where, dev);
    Shape full = core::broadcast_shape({&shape, &where->shape()});
    if (full != shape) {
      if (out)
        throw ValueError("non-broadcastable where operand with shape " + shape_str(where->shape()) +
                         " doesn't match the broadcast shape " + shape_str(shape));
      shape = full;
    }
  }

  // Compute straight into out when that is safe; otherwise into a temporary.
  bool direct = out && !where && out->dtype() == out_dtype;
  if (direct) {
    for (int i = 0; i < n; ++i) {
      if (!core::may_overlap(*out, in[i])) continue;
      bool same = in[i].data() == out->data() &&
                  core::broadcast_strides(in[i], shape) == out->strides();
      if (!same) direct = false;
    }
  }
  ndarray result = direct ? *out
                 : layout ? empty_like(*layout, out_dtype, 'K', std::nullopt, dev)
                          : empty(shape, out_dtype, dev);
  auto plan = n == 1 ? core::plan_for(shape, {&in[0], &result}, 1)
                     : core::plan_for(shape, {&in[0], &in[1], &result}, 2);
  if (scalar_op >= 0) {
    plan.scalar_op = scalar_op;
    ops[scalar_op].scalar().store(loop, plan.scalar);
  }
  be.ufunc(id, loop, plan);
  if (direct) return *out;
  if (where) {
    if (out) {
      core::assign_where(*out, result, *where);
      return *out;
    }
    ndarray r = empty(shape, out_dtype, dev);
    core::assign_where(r, result, *where);
    return r;
  }
  if (out) {
    core::assign(*out, result);
    return *out;
  }
  return result;
}

#define CUNUM_X(name, nin, types, out) CUNUM_UFUNC_DEF_##nin(name)
#define CUNUM_UFUNC_DEF_1(name)                                  \
  ndarray name(const Operand& a, const UfuncOptions& opts) {     \
    return apply_ufunc(core::UfuncId::name, &a, 1, opts);        \
  }
#define CUNUM_UFUNC_DEF_2(name)                                                  \
  ndarray name(const Operand& a, const Operand& b, const UfuncOptions& opts) {   \
    const Operand ops[2] = {a, b};                                               \
    return apply_ufunc(core::UfuncId::name, ops, 2, opts);                       \
  }
CUNUM_FOR_EACH_UFUNC(CUNUM_X)
#undef CUNUM_X
#undef CUNUM_UFUNC_DEF_1
#undef CUNUM_UFUNC_DEF_2

ndarray operator+(const ndarray& a, const Operand& b) { return add(a, b); }
ndarray operator-(const ndarray& a, const Operand& b) { return subtract(a, b); }
ndarray operator*(const ndarray& a, const Operand& b) { return multiply(a, b); }
ndarray operator/(const ndarray& a, const Operand& b) { return true_divide(a, b); }
ndarray operator%(const ndarray& a, const Operand& b) { return remainder(a, b); }
ndarray operator+(const Scalar& a, const ndarray& b) { return add(a, b); }
ndarray operator-(const Scalar& a, const ndarray& b) { return subtract(a, b); }
ndarray operator*(const Scalar& a, const ndarray& b) { return multiply(a, b); }
ndarray operator/(const Scalar& a, const ndarray& b) { return true_divide(a, b); }
ndarray operator-(const ndarray& a) { return negative(a); }
ndarray operator==(const ndarray& a, const Operand& b) { return equal(a, b); }
ndarray operator!=(const ndarray& a, const Operand& b) { return not_equal(a, b); }
ndarray operator<(const ndarray& a, const Operand& b) { return less(a, b); }
ndarray operator<=(const ndarray& a, const Operand& b) { return less_equal(a, b); }
ndarray operator>(const ndarray& a, const Operand& b) { return greater(a, b); }
ndarray operator>=(const ndarray& a, const Operand& b) { return greater_equal(a, b); }
ndarray& operator+=(ndarray& a, const Operand& b) { add(a, b, {.out = a}); return a; }
ndarray& operator-=(ndarray& a, const Operand& b) { subtract(a, b, {.out = a}); return a; }
ndarray& operator*=(ndarray& a, const Operand& b) { multiply(a, b, {.out = a}); return a; }
ndarray& operator/=(ndarray& a, const Operand& b) { true_divide(a, b, {.out = a}); return a; }

void copyto(const ndarray& dst, const Operand& src, Casting casting, const std::optional<ndarray>& where) {
  ndarray s;
  if (src.is_array()) {
    s = src.array();
    if (!can_cast(s.dtype(), dst.dtype(), casting))
      throw TypeError("Cannot cast array data from " + dt(s.dtype()) + " to " + dt(dst.dtype()) +
                      " according to the rule '" + std::string(casting_name(casting)) + "'");
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
