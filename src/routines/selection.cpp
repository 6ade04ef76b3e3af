// Choosing elements (NumPy's where, choose, select): masked copies into one
// result, each input read once (Note [Choosing by masked copies]).
//
// Note [Choosing by masked copies]
// A ufunc takes at most two inputs (core::kMaxUfuncIn), so the three-input
// where is composed: the result starts as a copy of y (broadcast), then x is
// copied where the condition holds (the backend's masked copy), converting
// in registers. choose and select are the same with one masked copy per
// choice, the last writer winning as in NumPy.
#include <string>

#include "core/assign.hpp"
#include "core/loop_plan.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufuncs.hpp"
#include "routines/expand.hpp"

namespace cunum {

namespace {
std::string dtype_repr(DType d) { return "dtype('" + std::string(dtype_name(d)) + "')"; }

Shape shape_of(const Operand& o) { return o.is_array() ? o.array().shape() : Shape{}; }

// The NEP 50 result type of some operands (arrays and strong scalars by
// their dtype, Python scalars by their kind).
DType common_dtype(const std::vector<const Operand*>& ops) {
  std::vector<DType> strong;
  std::vector<WeakKind> weak;
  for (const Operand* o : ops) {
    if (o->is_array()) strong.push_back(o->array().dtype());
    else if (o->scalar().strong) strong.push_back(o->scalar().dtype);
    else weak.push_back(o->scalar().weak_kind());
  }
  return result_type(strong.data(), static_cast<int>(strong.size()), weak.data(), static_cast<int>(weak.size()));
}

// dst[...] = o (an array broadcast, or a scalar stored with a C cast).
void put_all(const ndarray& dst, const Operand& o) {
  if (o.is_array()) core::assign(dst, o.array());
  else const_cast<ndarray&>(dst).fill(o.scalar());
}
void put_where(const ndarray& dst, const Operand& o, const ndarray& mask) {
  if (o.is_array()) {
    core::assign_where(dst, o.array(), mask);
  } else {
    const ndarray v = full(Shape{}, o.scalar(), dst.dtype(), dst.device());
    core::assign_where(dst, v, mask);
  }
}

ndarray as_bool(const ndarray& c) { return is_bool(c.dtype()) ? c : not_equal(c, Scalar(0)); }
}  // namespace

ndarray where(const ndarray& condition, const Operand& x, const Operand& y) {
  const Shape shape = detail::iterator_shape({condition.shape(), shape_of(x), shape_of(y)});
  const DType dt = common_dtype({&x, &y});
  ndarray out = empty(shape, dt, condition.device());
  if (out.size() == 0) return out;
  put_all(out, y);
  put_where(out, x, as_bool(condition));
  return out;
}

ndarray choose(const ndarray& a, const std::vector<Operand>& choices, const std::optional<ndarray>& out,
               ClipMode mode) {
  if (choices.empty()) throw ValueError("0-length sequence.");
  if (!can_cast(a.dtype(), DType::Int64, Casting::Safe))
    throw TypeError("Cannot cast array data from " + dtype_repr(a.dtype()) +
                    " to dtype('int64') according to the rule 'safe'");
  std::vector<Shape> shapes;  // NumPy's order: the choices, then a
  std::vector<const Operand*> ops;
  for (const Operand& c : choices) {
    shapes.push_back(shape_of(c));
    ops.push_back(&c);
  }
  shapes.push_back(a.shape());
  const Shape shape = broadcast_shapes(shapes);
  const DType dt = common_dtype(ops);
  if (out && out->shape() != shape) throw TypeError("choose: invalid shape for output array.");
  const int64_t n = static_cast<int64_t>(choices.size());
  ndarray idx = a;
  switch (mode) {
    case ClipMode::Raise:
      if (a.size() && detail::read_int64({any(logical_or(less(a, Scalar(0)), greater_equal(a, Scalar(n))))})[0])
        throw ValueError("invalid entry in choice array");
      break;
    case ClipMode::Wrap: idx = remainder(a, Scalar(n)); break;
    case ClipMode::Clip: idx = minimum(maximum(a, Scalar(0)), Scalar(n - 1)); break;
  }
  // Straight into out= when it has the result's dtype and overlaps no input.
  bool direct = out && out->dtype() == dt && !core::may_overlap(*out, a);
  for (const Operand& c : choices)
    if (direct && c.is_array() && core::may_overlap(*out, c.array())) direct = false;
  ndarray r = direct ? *out : empty(shape, dt, a.device());
  if (r.size()) {
    put_all(r, choices[0]);
    for (int64_t k = 1; k < n; ++k) put_where(r, choices[k], equal(idx, Scalar(k)));
  }
  if (out && !direct) core::assign(*out, r);
  return out ? *out : r;
}

ndarray select(const std::vector<ndarray>& condlist, const std::vector<Operand>& choicelist,
               const Operand& default_value) {
  if (condlist.size() != choicelist.size())
    throw ValueError("list of cases must be same length as list of conditions");
  if (condlist.empty()) throw ValueError("select with an empty condition list is not possible");
  std::vector<const Operand*> ops;
  std::vector<Shape> choice_shapes, cond_shapes;
  for (const Operand& c : choicelist) {
    ops.push_back(&c);
    choice_shapes.push_back(shape_of(c));
  }
  ops.push_back(&default_value);
  choice_shapes.push_back(shape_of(default_value));
  const DType dt = common_dtype(ops);
  // NumPy broadcasts the choices to arrays first, so a Python scalar choice
  // is copied in as an array of its default dtype, under same_kind casting.
  for (const Operand* o : ops)
    if (!o->is_array() && !o->scalar().strong && o != &default_value &&
        !can_cast(o->scalar().default_dtype(), dt, Casting::SameKind))
      throw TypeError("Cannot cast array data from " + dtype_repr(o->scalar().default_dtype()) + " to " +
                      dtype_repr(dt) + " according to the rule 'same_kind'");
  for (const ndarray& c : condlist) cond_shapes.push_back(c.shape());
  const Shape cshape = broadcast_shapes(cond_shapes);
  const Shape vshape = broadcast_shapes(choice_shapes);
  for (size_t i = 0; i < condlist.size(); ++i)
    if (!is_bool(condlist[i].dtype()))
      throw TypeError("invalid entry " + std::to_string(i) + " in condlist: should be boolean ndarray");
  const Shape shape = vshape.empty() ? cshape : broadcast_shapes({cshape, vshape});
  ndarray r = empty(shape, dt, condlist[0].device());
  if (r.size() == 0) return r;
  put_all(r, default_value);
  for (size_t i = condlist.size(); i-- > 0;) put_where(r, choicelist[i], condlist[i]);
  return r;
}

}  // namespace cunum
