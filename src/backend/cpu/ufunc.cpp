// CpuBackend::ufunc: runs a ufunc's loop over a plan whose operands may have
// other dtypes than the loop's (Note [Operand dtypes]).
#include <algorithm>
#include <optional>

#include "backend/cpu/cpu_backend.hpp"
#include "backend/cpu/nd_iter.hpp"
#include "backend/deferred_errors.hpp"
#include "cunum/error.hpp"

namespace cunum::backend::cpu {

namespace {
// Note [Buffered conversion]
// Operands whose dtype differs from the loop's are converted a chunk at a
// time through buffers small enough to stay in L1 (as NumPy's buffered
// iterator does): inputs are converted into a buffer, the loop runs on the
// buffers, the outputs are converted out. Memory is read and written once.
constexpr int64_t kChunk = 256;
constexpr size_t kMaxItem = 16;

struct Conversion {
  int nops = 0;
  int nin = 0;
  LoopFn fn = nullptr;
  LoopFn cast[kMaxOperands] = {};  // null: the operand is used in place
  size_t loop_item[kMaxOperands] = {};
};

void run_converted(const Conversion& c, char** d, const int64_t* s, int64_t n) {
  alignas(64) unsigned char buf[kMaxOperands][kChunk * kMaxItem];
  char* ptr[kMaxOperands];
  int64_t st[kMaxOperands];
  for (int64_t i0 = 0; i0 < n; i0 += kChunk) {
    const int64_t m = std::min(kChunk, n - i0);
    for (int k = 0; k < c.nops; ++k) {
      char* at = d[k] + i0 * s[k];
      if (!c.cast[k]) {
        ptr[k] = at;
        st[k] = s[k];
        continue;
      }
      ptr[k] = reinterpret_cast<char*>(buf[k]);
      st[k] = static_cast<int64_t>(c.loop_item[k]);
      if (k < c.nin) {
        char* io[2] = {at, ptr[k]};
        const int64_t ios[2] = {s[k], st[k]};
        c.cast[k](io, ios, m);
      }
    }
    c.fn(ptr, st, m);
    for (int k = c.nin; k < c.nops; ++k) {
      if (!c.cast[k]) continue;
      char* io[2] = {ptr[k], d[k] + i0 * s[k]};
      const int64_t ios[2] = {st[k], s[k]};
      c.cast[k](io, ios, m);
    }
  }
}
}  // namespace

void CpuBackend::ufunc(const core::UfuncDef& def, int loop, const LoopPlan& plan_in) {
  const LoopFn fn = loops_[def.index][loop];
  CUNUM_ASSERT(fn != nullptr);
  const core::LoopSig& sig = def.loops[loop];
  // A scalar operand (Note [Scalar operands]) is read from the plan itself.
  std::optional<LoopPlan> with_scalar;
  if (plan_in.scalar_op >= 0) {
    with_scalar.emplace(plan_in);
    with_scalar->data[plan_in.scalar_op] = reinterpret_cast<char*>(with_scalar->scalar);
  }
  const LoopPlan& plan = with_scalar ? *with_scalar : plan_in;
  Conversion c;
  c.nops = def.nin + def.nout;
  c.nin = def.nin;
  c.fn = fn;
  bool exact = true;
  for (int k = 0; k < c.nops; ++k) {
    const DType want = k < def.nin ? sig.in[k] : sig.out[k - def.nin];
    c.loop_item[k] = itemsize(want);
    if (plan.dtypes[k] == want) continue;
    exact = false;
    c.cast[k] = k < def.nin ? cast_loop_fn(plan.dtypes[k], want) : cast_loop_fn(want, plan.dtypes[k]);
  }
  const int64_t grain = ufunc_grain(def);
  if (exact && plan.shape.size() == 1 && plan.shape[0] <= grain) {
    // One run too short to split (Note [Contiguous plans]): the loop itself,
    // without the walk and the thread pool's dispatch.
    char* d[kMaxOperands];
    int64_t st[kMaxOperands];
    for (int k = 0; k < c.nops; ++k) d[k] = plan.data[k], st[k] = plan.strides[k][0];
    fn(d, st, plan.shape[0]);
  } else if (exact) for_each_inner(plan, fn, grain);
  else for_each_inner(plan, [&c](char** d, const int64_t* s, int64_t n) { run_converted(c, d, s, n); }, grain);
  if (const unsigned e = take_host_errors()) raise_deferred(e);  // Note [Deferred errors]
}

}  // namespace cunum::backend::cpu
