// What individual ufuncs do beyond the default loop search (Note [Ufunc hooks]).
#include "core/ufunc_hooks.hpp"

#include "cunum/error.hpp"
#include "cunum/ufunc.hpp"

namespace cunum::core::hooks {

namespace {
bool strong_bool(const Operand& o) {
  if (o.is_array()) return o.array().dtype() == DType::Bool;
  return o.scalar().kind == Scalar::Kind::Bool;  // Python bools are not weak (NEP 50)
}

bool is_signed_integer(DType d) { return dtype_kind(d) == 'i'; }

int loop_with_input(const UfuncDef& def, DType d) {
  for (int l = 0; l < def.nloops; ++l)
    if (def.loops[l].in[0] == d) return l;
  return -1;
}
}  // namespace

const UfuncHooks subtract{[](ResolveState& s) {
  if (strong_bool(s.ops[0]) && strong_bool(s.ops[1]))
    throw TypeError("numpy boolean subtract, the `-` operator, is not supported, use the "
                    "bitwise_xor, the `^` operator, or the logical_xor function instead.");
}};

const UfuncHooks negative{[](ResolveState& s) {
  if (strong_bool(s.ops[0]))
    throw TypeError("The numpy boolean negative, the `-` operator, is not supported, use the `~` "
                    "operator or the logical_not function instead.");
}};

// NumPy has no bool loop and does not promote bool for positive.
const UfuncHooks positive{[](ResolveState& s) {
  if (strong_bool(s.ops[0])) raise_no_loop(s.def, s.ops, 1);
}};

// NumPy has no bool loop for sign, gcd and lcm, and does not promote bool
// inputs when all of them are bool (a bool beside an integer is promoted).
const UfuncHooks no_bool{[](ResolveState& s) {
  for (int i = 0; i < s.def.nin; ++i)
    if (!strong_bool(s.ops[i])) return;
  raise_no_loop(s.def, s.ops, s.def.nin);
}};

// NumPy's search for the ufuncs whose loops are all floating (hypot,
// arctan2, copysign ...): each array input must reach the loop's dtype
// safely on its own, so int8 with uint16 runs in float32, where their common
// dtype, int32, reaches float64 only. Python scalars keep the default search.
const UfuncHooks float_loops{[](ResolveState& s) {
  if (s.opts.dtype) return;
  for (int i = 0; i < s.def.nin; ++i)
    if (!s.ops[i].is_array()) return;
  for (int l = 0; l < s.def.nloops; ++l) {
    bool ok = true;
    for (int i = 0; i < s.def.nin && ok; ++i) ok = can_cast(s.ops[i].array().dtype(), s.def.loops[l].in[i], Casting::Safe);
    if (ok) {
      s.loop = l;
      return;
    }
  }
}};

// Integers and bools divide in float64 (NumPy's divide type resolver).
const UfuncHooks divide{[](ResolveState& s) {
  if (!s.opts.dtype && (is_integer(s.common) || is_bool(s.common)))
    s.loop = loop_with_input(s.def, DType::Float64);
}};

// Note [Negative integer powers]
// NumPy raises ValueError for an integer power with a negative exponent. A
// Python scalar exponent is checked here, on the host, for free. An array
// exponent would need its values: the kernel does not stop (a negative
// exponent gives NumPy's C loop result, 0 or ±1, as CuPy does) and no
// synchronisation is forced; see docs/architecture.md.
// Under where=, NumPy raises only for a negative exponent at a place the mask
// selects: the scalar goes to the kernel with the mask applied instead.
const UfuncHooks power{nullptr, [](const ResolveState& s) {
  const DType t = s.def.loops[s.loop].in[1];
  if (!is_integer(t) || is_unsigned(t) || s.opts.where) return;
  const Operand& e = s.ops[1];
  // an empty base computes nothing, so NumPy raises nothing
  if (s.ops[0].is_array() && s.ops[0].array().size() == 0) return;
  if (!e.is_array() && e.scalar().as_int64() < 0)
    throw ValueError("Integers to negative integer powers are not allowed.");
}, [](const LoopSig& loop) { return is_integer(loop.in[1]) && !is_unsigned(loop.in[1]); }};

// NumPy 2 compares an integer array with a Python int outside its range
// exactly: the result is the same for every element.
// A signed integer against uint64 (arrays or NumPy scalars) takes NumPy's
// exact loops "qQ->?"/"Qq->?", where the common dtype, float64, would round.
const UfuncHooks comparison{[](ResolveState& s) {
  const Operand* ops = s.ops;
  if ((!s.opts.dtype || *s.opts.dtype == DType::Bool) && !is_weak(ops[0]) && !is_weak(ops[1])) {
    const DType a = shown_dtype(ops[0]), b = shown_dtype(ops[1]);
    const bool qQ = is_signed_integer(a) && b == DType::UInt64, Qq = a == DType::UInt64 && is_signed_integer(b);
    if (qQ || Qq) {
      const DType want0 = qQ ? DType::Int64 : DType::UInt64, want1 = qQ ? DType::UInt64 : DType::Int64;
      for (int l = 0; l < s.def.nloops; ++l)
        if (s.def.loops[l].in[0] == want0 && s.def.loops[l].in[1] == want1) s.loop = l;
      return;
    }
  }
  if (ops[0].is_array() == ops[1].is_array()) return;
  const int si = ops[0].is_array() ? 1 : 0;
  const Scalar& v = ops[si].scalar();
  const DType d = ops[1 - si].array().dtype();
  if (v.strong || (v.kind != Scalar::Kind::Int && v.kind != Scalar::Kind::UInt) || !is_integer(d)) return;
  int side = v.compare_to_range(d);  // +1: the scalar lies above every element
  if (side == 0) return;
  if (si == 0) side = -side;  // scalar on the left: mirror
  const std::string_view name = s.def.name;
  s.has_constant = true;
  if (name == "equal") s.constant = false;
  else if (name == "not_equal") s.constant = true;
  else if (name == "less" || name == "less_equal") s.constant = side > 0;
  else s.constant = side < 0;  // greater, greater_equal
}};

// Logical ufuncs only look at truth values: a Python scalar operand becomes
// its truth value (so -3 or 300 never overflow an int8 loop), except that an
// int beyond int64 raises as NumPy's conversion to C long does.
const UfuncHooks logical{[](ResolveState& s) {
  for (int i = 0; i < s.def.nin; ++i) {
    if (s.ops[i].is_array() || s.ops[i].scalar().strong) continue;
    const Scalar& v = s.ops[i].scalar();
    if (v.kind == Scalar::Kind::UInt || (v.kind == Scalar::Kind::Int && v.big))
      throw OverflowError("Python int too large to convert to C long");
    s.ops[i] = Operand(Scalar(v.is_true()));
  }
}};

}  // namespace cunum::core::hooks
