// ufunc.at for every ufunc: unbuffered, so that repeated indices apply the
// ufunc once per occurrence, in order (docs/ufunc-methods.md).
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/manipulation.hpp"
#include "cunum/reduction.hpp"
#include "cunum/sorting.hpp"
#include "cunum/ufunc_methods.hpp"
#include "cunum/ufuncs.hpp"
#include "ufunc_method_helpers.hpp"

namespace cunum {

using namespace detail_ufm;

namespace {
ndarray slice1(const ndarray& a, int64_t start, int64_t stop) { return index(a, {Slice{start, stop, std::nullopt}}); }

// Note [at in rounds]
// Where no combining scatter fits, at() runs in rounds by occurrence: the
// flat positions p of a[idx] are sorted stably; rank[j] counts the earlier
// occurrences of p[j] (j minus the start of its run of equal positions, the
// starts spread by a maximum-accumulate); round r gathers a[p], applies the
// ufunc and scatters the results of rank r, every other element writing to
// a spare slot past the end of a flat copy. Positions within a round are
// unique, and the rounds go in occurrence order: NumPy's sequential result.
// One wait for the device (the number of rounds).
void at_in_rounds(const core::UfuncDef& def, const ndarray& a, const ndarray& pos, const std::optional<ndarray>& vals) {
  const ndarray p = ravel(pos);
  const int64_t k = p.size(), n = a.size();
  if (k == 0) return;
  const ndarray order = argsort(p, 0);
  const ndarray sp = take(p, order);
  std::optional<ndarray> sv;
  if (vals) sv = take(ravel(*vals), order);
  const ndarray j = arange(Scalar(int64_t(0)), Scalar(k), Scalar(int64_t(1)), DType::Int64, a.device());
  ndarray starts = j.copy();
  if (k > 1) copyto(slice1(starts, 1, k), Scalar(0), Casting::Unsafe, equal(slice1(sp, 1, k), slice1(sp, 0, k - 1)));
  const ndarray run_start = ufunc_accumulate(core::ufunc_by_name("maximum"), starts, 0);
  const ndarray rank = subtract(j, run_start);
  const int64_t rounds = max(rank).item().as_int64() + 1;  // waits for the device
  ndarray flat = empty({n + 1}, a.dtype(), a.device());
  copyto(slice1(flat, 0, n), ravel(a));
  for (int64_t r = 0; r < rounds; ++r) {
    const ndarray target = where(equal(rank, Scalar(r)), sp, Scalar(n));
    ndarray cur = take(flat, sp);
    UfuncOptions u;
    u.out = cur;
    u.casting = Casting::Unsafe;
    if (sv) call2(def, cur, *sv, u);
    else apply_ufunc(def, std::vector<Operand>{cur}.data(), 1, u);
    put(flat, target, cur);
  }
  copyto(a, reshape(slice1(flat, 0, n), a.shape()));
}
// Note [at by segments]
// A reorderable binary ufunc whose loop for a's dtype gives a's dtype, with
// values that reach that dtype safely, may combine the values of each
// position first: the values sorted by position are folded per run of equal
// positions (reduceat, log2(k) levels), and each position then takes one
// call. Equal to the sequential answer up to the order of rounding (exact
// for integers; not float16, whose every step rounds visibly); one wait
// (the number of distinct positions).
bool at_by_segments(const core::UfuncDef& def, const ndarray& a, const ndarray& pos, const ndarray& vals) {
  if (def.nin != 2 || !ufunc_reorderable(def) || !can_cast(vals.dtype(), a.dtype(), Casting::Safe)) return false;
  // float16 rounds every step of NumPy's sequence: regrouping shows in its 3 digits.
  if (a.dtype() == DType::Float16) return false;
  const ndarray z = empty({0}, a.dtype(), a.device());
  if (call2(def, z, z, {}).dtype() != a.dtype()) return false;
  const ndarray p = ravel(pos);
  const int64_t k = p.size();
  if (k == 0) return true;
  const ndarray order = argsort(p, 0);
  const ndarray sp = take(p, order);
  const ndarray sv = take(ravel(vals).astype(a.dtype()), order);
  ndarray first = ones({k}, DType::Bool, a.device());
  if (k > 1) {
    UfuncOptions u;
    u.out = slice1(first, 1, k);
    not_equal(slice1(sp, 1, k), slice1(sp, 0, k - 1), u);
  }
  const ndarray starts = flatnonzero(first);  // waits for the device (the count)
  const ndarray folded = ufunc_reduceat(def, sv, starts, 0, a.dtype());
  const ndarray targets = take(sp, starts);
  ndarray flat = ravel(a).copy();
  ndarray cur = take(flat, targets);
  UfuncOptions u;
  u.out = cur;
  u.casting = Casting::Unsafe;
  call2(def, cur, folded, u);
  put(flat, targets, cur);
  copyto(a, reshape(flat, a.shape()));
  return true;
}
}  // namespace

void ufunc_at(const core::UfuncDef& def, const ndarray& a, const std::vector<Index>& idx,
              const std::optional<Operand>& b) {
  if (def.nout != 1) throw ValueError("Only single output ufuncs supported");
  if (def.nin == 2 && !b) throw ValueError("second operand needed for ufunc");
  if (def.nin == 1 && b) throw ValueError("second operand provided when ufunc is unary");
  // The flat position of every element of a[idx] (NumPy's IndexError for a bad index).
  const ndarray positions = reshape(arange(Scalar(int64_t(0)), Scalar(a.size()), Scalar(int64_t(1)), DType::Int64,
                                           a.device()),
                                    a.shape());
  const ndarray pos = index(positions, idx);
  std::optional<ndarray> vals;
  if (b) {
    // A Python scalar that the ufunc takes in a's dtype (NEP 50) is made one.
    std::optional<DType> sd;
    if (!b->is_array() && !b->scalar().strong) {
      const DType ad = a.dtype();
      const WeakKind wk = b->scalar().weak_kind();
      if (result_type(&ad, 1, &wk, 1) == ad) sd = ad;
    }
    const ndarray bv = b->is_array() ? b->array() : scalar_array(b->scalar(), sd, a.device());
    vals = broadcast_to(bv, pos.shape());
  }
  // NumPy's casting errors first, from a call on empty operands of the dtypes.
  {
    const ndarray z = empty({0}, a.dtype(), a.device());
    UfuncOptions u;
    u.out = z;
    u.casting = Casting::Unsafe;  // NumPy's at() casts the results unsafely
    if (b) {
      const Operand bz = b->is_array() ? Operand(empty({0}, b->array().dtype(), a.device())) : *b;
      call2(def, z, bz, u);
    } else {
      apply_ufunc(def, std::vector<Operand>{z}.data(), 1, u);
    }
  }
  // The combining scatter (atomics on the GPU) where it computes the same thing.
  const bool combinable = vals && (is_named(def, "add") || is_named(def, "maximum") || is_named(def, "minimum")) &&
                          can_cast(vals->dtype(), a.dtype(), Casting::Safe) &&
                          (!is_complex(a.dtype()) || is_named(def, "add"));
  if (combinable) {
    const ScatterKind kind = is_named(def, "add") ? ScatterKind::Add
                             : is_named(def, "maximum") ? ScatterKind::Max
                                                        : ScatterKind::Min;
    const ndarray v = vals->astype(a.dtype());
    if (is_complex(a.dtype())) {  // the two parts add independently
      index_combine(a.real(), idx, v.real(), kind);
      index_combine(a.imag(), idx, v.imag(), kind);
    } else {
      index_combine(a, idx, v, kind);
    }
    return;
  }
  if (vals && at_by_segments(def, a, pos, *vals)) return;
  at_in_rounds(def, a, pos, vals);
}

}  // namespace cunum
