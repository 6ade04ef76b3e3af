// Automatic fusion of plain elementwise expressions: `(a * b + a) * b` on
// large arrays runs as one fused kernel (docs/fusion.md).
//
// Note [Automatic fusion]
// A ufunc call with default options whose result has at least
// g_autofuse_min elements (2^16 by default) does not run: apply_ufunc
// resolves it exactly as for an eager call (loop, NEP 50, hooks, errors,
// devices, broadcasting; the result is allocated as eager allocates it, so
// out-of-memory is raised at the call too) and then hands it here. It
// becomes a step of this thread's *pending expression* (`Pending`): a
// backend::FusedPlan in the making, over the expression's inputs (arrays
// held by reference), scalars (stored in their loop's dtype) and earlier
// steps. A call whose operand is the whole result of a step of the open
// expression extends it; any other call first runs the open expression and
// opens a new one. So at most one expression per thread is open. An
// intermediate result dropped before the expression runs is never written
// (it lives in registers); the last step's result (`head`) is always
// computed, dropped or not, so the work asked for is done (and timed).
//
// Storage::lazy links a storage to the expressions that write it (a pending
// result) or read it (an input). ndarray::data(), through which every read
// and write of array memory in cunum passes (backend plans, views' reads,
// host copies, printing, DLPack, __cuda_array_interface__), checks that
// pointer and, when set, runs those expressions first (flush_lazy). So:
// - reading a pending result computes it (and the rest of its expression);
// - writing an input of a pending expression (`c = a * b; a[...] = 0`, an
//   in-place operator, out=, a scatter) first computes the expression from
//   the old values: the aliasing rule; reads of an input flush it too
//   (conservative: one check serves both).
// Memory that code outside cunum may write (Storage::shared: exported
// pointers, imported buffers) is never an input of a pending expression.
//
// Running an expression: the steps whose result storage is still alive
// become the plan's outputs (the others live in registers), inputs are
// broadcast to the common shape and dims coalesced as in Graph::run, and the
// backend runs it as one kernel (CUDA: the generated fused kernel; CPU: the
// chunked loops, Note [CPU fused loops]); if it declines, the steps run one
// by one as eager calls into the same arrays. Results are bit for bit those
// of eager evaluation: the same loops, the same dtypes at every step.
//
// Locking: one recursive mutex guards every link and expression; data()
// reads the pointer without it (an acquire load) and locks on the slow path.
// An expression keeps its results' links until its kernel has run, so a
// thread reading one meanwhile waits on the mutex; the running thread's own
// reads of them see the expression Running and pass.
#include "core/autofuse.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backend/backend.hpp"
#include "core/loop_plan.hpp"
#include "core/reduce.hpp"
#include "cunum/creation.hpp"

namespace cunum::core {

namespace {
constexpr int64_t kDefaultMin = int64_t(1) << 16;
constexpr int kMaxSteps = 32;  // keeps generated kernels (and their count) small

int64_t env_min() {
  int64_t m = kDefaultMin;
  if (const char* s = std::getenv("CUNUM_AUTOFUSE_MIN")) {
    char* end = nullptr;
    const long long v = std::strtoll(s, &end, 10);
    if (end != s && v > 0) m = v;
  }
  return m;
}
bool env_on() {
  const char* s = std::getenv("CUNUM_AUTOFUSE");
  return !(s && s[0] == '0');
}

std::atomic<bool> g_on{env_on()};
std::atomic<int64_t> g_min{env_min()};
}  // namespace

// An open (or running) expression.
struct Pending {
  enum State { Open, Running, Done };
  State state = Open;
  Device dev;
  Shape shape;                  // every step's result shape
  std::vector<ndarray> inputs;  // held until the expression runs
  std::vector<backend::FusedStep> steps;
  std::vector<DType> dtypes;                     // per step: its result's dtype
  std::vector<std::weak_ptr<Storage>> results;   // per step: its result, while a user holds it
  // The last step's result is computed even if dropped: the expression's
  // value, the work a user asked for (and what a benchmark times).
  std::shared_ptr<Storage> head;
  std::vector<std::array<Scalar, core::kMaxUfuncIn>> scalar_values;  // per step (for the step-by-step path)
  std::array<std::array<unsigned char, 16>, backend::kMaxFusedScalars> scalars{};
  int nscalars = 0;
  int alive() const {
    int n = 0;
    for (const auto& w : results) n += !w.expired();
    return n;
  }
};

struct LazyLinks {
  std::shared_ptr<Pending> writer;  // the expression that computes this storage
  std::vector<std::weak_ptr<Pending>> readers;
};

namespace {

std::recursive_mutex& lock_() {
  static auto* m = new std::recursive_mutex();  // never destroyed: storages die at exit too
  return *m;
}
thread_local std::weak_ptr<Pending> t_open;
thread_local bool t_suspended = false;  // running an expression step by step: no recording
std::vector<std::weak_ptr<Pending>>& all_() {
  static auto* v = new std::vector<std::weak_ptr<Pending>>();
  return *v;
}

LazyLinks& links_of(Storage& s) {
  LazyLinks* l = s.lazy.load(std::memory_order_relaxed);
  if (!l) {
    l = new LazyLinks();
    s.lazy.store(l, std::memory_order_release);
  }
  return *l;
}
// Drops finished or dead expressions from a storage's links; frees them when empty.
void tidy(Storage& s) {
  LazyLinks* l = s.lazy.load(std::memory_order_relaxed);
  if (!l) return;
  if (l->writer && l->writer->state == Pending::Done) l->writer.reset();
  l->readers.erase(std::remove_if(l->readers.begin(), l->readers.end(),
                                  [](const std::weak_ptr<Pending>& w) {
                                    auto p = w.lock();
                                    return !p || p->state == Pending::Done;
                                  }),
                   l->readers.end());
  if (!l->writer && l->readers.empty()) {
    s.lazy.store(nullptr, std::memory_order_release);
    delete l;
  }
}

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xFF51AFD7ED558CCDull;
}

// The steps one by one, as eager calls (the backend declined the plan).
void run_steps(Pending& p, const std::vector<std::shared_ptr<Storage>>& keep) {
  std::vector<ndarray> values(p.steps.size());
  const bool was = t_suspended;
  t_suspended = true;
  try {
    for (size_t i = 0; i < p.steps.size(); ++i) {
      const backend::FusedStep& st = p.steps[i];
      Operand ops[core::kMaxUfuncIn] = {Operand(false), Operand(false)};
      for (int k = 0; k < st.def->nin; ++k) {
        const backend::FusedArg& a = st.args[k];
        if (a.kind == backend::FusedArg::Input) ops[k] = Operand::borrow(p.inputs[a.index]);
        else if (a.kind == backend::FusedArg::Scalar) ops[k] = Operand(p.scalar_values[i][k]);
        else ops[k] = Operand::borrow(values[a.index]);
      }
      UfuncOptions o;
      if (keep[i]) o.out = ndarray(keep[i], 0, p.shape, contiguous_strides(p.shape, itemsize(p.dtypes[i])), p.dtypes[i]);
      apply_ufunc(*st.def, ops, st.def->nin, o, &values[i]);
    }
  } catch (...) {
    t_suspended = was;
    throw;
  }
  t_suspended = was;
}

// Runs an open expression (the lock is held).
void run(const std::shared_ptr<Pending>& pp) {
  Pending& p = *pp;
  if (p.state != Pending::Open) return;
  p.state = Pending::Running;
  std::vector<std::shared_ptr<Storage>> keep(p.steps.size());
  auto finish = [&] {
    p.state = Pending::Done;
    p.head.reset();
    for (auto& s : keep)
      if (s) tidy(*s);
    for (const ndarray& a : p.inputs) tidy(*a.storage());
    p.inputs.clear();
  };
  try {
    int nout = 0;
    for (size_t i = 0; i < p.steps.size(); ++i) nout += (keep[i] = p.results[i].lock()) != nullptr;
    if (nout == 0) return finish();  // nobody can see the results
    backend::Backend& be = backend::get(p.dev);
    const int nin = static_cast<int>(p.inputs.size());
    std::vector<backend::FusedArg> res;
    backend::FusedPlan fp;
    uint64_t h = mix(mix(0, p.steps.size()), 0xA17F);
    for (const backend::FusedStep& st : p.steps) {
      h = mix(mix(h, st.def->index), st.loop);
      for (int k = 0; k < st.def->nin; ++k) h = mix(mix(mix(h, st.args[k].kind), st.args[k].index), st.args[k].out);
    }
    core::PlanOperand po[backend::kMaxFusedOperands];
    int m = 0;
    for (const ndarray& a : p.inputs) {
      fp.dtypes[m] = a.dtype();
      h = mix(h, 100 + static_cast<int>(a.dtype()));
      po[m++] = {a.data(), core::broadcast_strides(a, p.shape)};
    }
    for (size_t i = 0; i < p.steps.size(); ++i) {
      if (!keep[i]) continue;
      res.push_back({backend::FusedArg::Value, static_cast<int16_t>(i), 0});
      fp.dtypes[m] = p.dtypes[i];
      h = mix(mix(h, 200 + i), static_cast<int>(p.dtypes[i]));
      po[m++] = {static_cast<char*>(keep[i]->data), contiguous_strides(p.shape, itemsize(p.dtypes[i]))};
    }
    fp.steps = p.steps.data();
    fp.nsteps = static_cast<int>(p.steps.size());
    fp.results = res.data();
    fp.nin = nin;
    fp.nout = nout;
    fp.scalars = p.scalars;
    fp.nscalars = p.nscalars;
    fp.key = h;
    core::coalesce_dims(p.shape, po, m, nin, fp.shape, fp.strides.data());
    for (int k = 0; k < m; ++k) fp.data[k] = po[k].data;
    int64_t reach = 0;
    for (int k = 0; k < m; ++k) {
      int64_t r = 0;
      for (size_t d = 0; d < fp.shape.size(); ++d) r += (fp.shape[d] - 1) * std::abs(fp.strides[k][d]);
      reach = std::max(reach, r);
    }
    fp.index32 = fp.size() < (int64_t(1) << 31) && reach < (int64_t(1) << 31);
    if (!be.fused(fp)) run_steps(p, keep);
  } catch (...) {
    finish();
    throw;
  }
  finish();
}

void run_open_of_this_thread() {
  if (auto p = t_open.lock()) run(p);
  t_open.reset();
}

bool same_view(const ndarray& a, const ndarray& b) {
  return a.storage() == b.storage() && a.offset() == b.offset() && a.dtype() == b.dtype() &&
         a.shape() == b.shape() && a.strides() == b.strides();
}

}  // namespace

std::atomic<int64_t> g_autofuse_min{env_on() ? env_min() : std::numeric_limits<int64_t>::max()};

void flush_lazy(const Storage& cs) {
  Storage& s = const_cast<Storage&>(cs);
  std::lock_guard<std::recursive_mutex> g(lock_());
  LazyLinks* l = s.lazy.load(std::memory_order_relaxed);
  if (!l) return;
  std::vector<std::shared_ptr<Pending>> todo;
  if (l->writer && l->writer->state == Pending::Open) todo.push_back(l->writer);
  for (const auto& w : l->readers)
    if (auto p = w.lock(); p && p->state == Pending::Open) todo.push_back(p);
  for (const auto& p : todo) run(p);  // (tidies s's links as it finishes)
  tidy(s);
}

void drop_lazy(Storage& s) {
  std::lock_guard<std::recursive_mutex> g(lock_());
  LazyLinks* l = s.lazy.exchange(nullptr, std::memory_order_acq_rel);
  delete l;  // may end its writer expression, and so release that one's inputs
}

bool autofuse_record(const UfuncDef& def, int loop, const Operand* ops, int n, const Shape& shape, Device dev,
                     ndarray& result) {
  if (t_suspended || def.nout != 1) return false;
  bool any_array = false;
  for (int i = 0; i < n; ++i) {
    if (!ops[i].is_array()) continue;
    if (ops[i].array().storage()->shared.load(std::memory_order_relaxed)) return false;
    any_array = true;
  }
  if (!any_array) return false;  // scalars only: a 0-d result, eager
  std::lock_guard<std::recursive_mutex> g(lock_());
  std::shared_ptr<Pending> p = t_open.lock();
  if (p && p->state != Pending::Open) p.reset();

  // Each operand: a step of the open expression (its whole result), an input, or a scalar.
  // False when an operand is a view of a pending result of `e`, or (to
  // extend `e`) when no operand is a step's result: an unrelated call starts
  // a new expression, so every expression written is computed.
  auto classify = [&](const std::shared_ptr<Pending>& e, backend::FusedArg* args, int& new_inputs,
                      int& new_scalars) {
    new_inputs = new_scalars = 0;
    bool ok = true, any_step = false;
    for (int i = 0; i < n; ++i) {
      if (!ops[i].is_array()) {
        args[i] = {backend::FusedArg::Scalar, static_cast<int16_t>(e->nscalars + new_scalars++), 0};
        continue;
      }
      const ndarray& a = ops[i].array();
      LazyLinks* l = a.storage()->lazy.load(std::memory_order_relaxed);
      if (l && l->writer == e) {
        int step = -1;
        for (size_t k = 0; k < e->results.size(); ++k)
          if (e->results[k].lock() == a.storage()) step = static_cast<int>(k);
        if (step >= 0 && a.offset() == 0 && a.shape() == e->shape && a.dtype() == e->dtypes[step] &&
            a.strides() == contiguous_strides(e->shape, a.itemsize())) {
          args[i] = {backend::FusedArg::Value, static_cast<int16_t>(step), 0};
          any_step = true;
          continue;
        }
        ok = false;  // a view of a pending result: run it first
        continue;
      }
      int found = -1;
      for (size_t k = 0; k < e->inputs.size(); ++k)
        if (same_view(e->inputs[k], a)) found = static_cast<int>(k);
      for (int j = 0; j < i && found < 0; ++j)  // the same new input twice (x * x)
        if (ops[j].is_array() && args[j].kind == backend::FusedArg::Input && same_view(ops[j].array(), a))
          found = args[j].index;
      if (found < 0) found = static_cast<int>(e->inputs.size()) + new_inputs++;
      args[i] = {backend::FusedArg::Input, static_cast<int16_t>(found), 0};
    }
    return ok && (any_step || e->steps.empty());
  };

  backend::FusedArg args[core::kMaxUfuncIn];
  int new_inputs = 0, new_scalars = 0;
  bool extend = p && p->dev == dev && p->shape == shape && static_cast<int>(p->steps.size()) < kMaxSteps &&
                classify(p, args, new_inputs, new_scalars) &&
                static_cast<int>(p->inputs.size()) + new_inputs + p->alive() + 1 <= backend::kMaxFusedOperands &&
                p->nscalars + new_scalars <= backend::kMaxFusedScalars;
  if (!extend) {
    run_open_of_this_thread();
    p = std::make_shared<Pending>();
    p->dev = dev;
    p->shape = shape;
    classify(p, args, new_inputs, new_scalars);  // every array is an input now
    if (new_inputs + 1 > backend::kMaxFusedOperands) return false;
  }
  // The result, allocated as eager evaluation allocates it.
  const LoopSig& sig = def.loops[loop];
  ndarray r = [&] {
    try {
      return empty(shape, sig.out[0], dev);
    } catch (...) {
      // Out of memory here raises here, as in eager evaluation; the open
      // expression runs first (what a user still holds, this call's operands
      // included) and lets go of its last step, so the memory eager code
      // would have freed by now is free when the error is seen.
      if (extend) {
        p->head.reset();
        run_open_of_this_thread();
      }
      throw;
    }
  }();
  backend::FusedStep st;
  st.def = &def;
  st.loop = loop;
  std::array<Scalar, core::kMaxUfuncIn> values{};
  for (int i = 0; i < n; ++i) {
    st.args[i] = args[i];
    if (args[i].kind == backend::FusedArg::Scalar) {
      ops[i].scalar().store(sig.in[i], p->scalars[args[i].index].data());
      values[i] = ops[i].scalar();
    } else if (args[i].kind == backend::FusedArg::Input && args[i].index == static_cast<int>(p->inputs.size())) {
      p->inputs.push_back(ops[i].array());
      links_of(*ops[i].array().storage()).readers.push_back(p);
    }
  }
  p->nscalars += new_scalars;
  p->steps.push_back(st);
  p->dtypes.push_back(sig.out[0]);
  p->results.push_back(r.storage());
  p->head = r.storage();  // (the previous head, if dropped, now lives in registers only)
  p->scalar_values.push_back(values);
  links_of(*r.storage()).writer = p;
  if (!extend) {
    t_open = p;
    auto& all = all_();
    all.erase(std::remove_if(all.begin(), all.end(), [](const std::weak_ptr<Pending>& w) { return w.expired(); }),
              all.end());
    all.push_back(p);
  }
  result = std::move(r);
  return true;
}

// Note [Automatic fused reductions]
// A reduction (sum, prod, max, min, any, all, nansum, nanprod, and mean
// through its sum) whose input is the whole result of the last step (the
// head) of an open expression, `(x * x).sum()`, runs as a fused reduction
// over the expression's steps (Note [Fused reductions]): the head is not
// written for it. The expression itself stays pending, with its head no
// longer forced: a result a user still holds (`y = x * x; y.sum(); y[0]`)
// is written when read, as before (then a second pass over the inputs);
// a temporary head that is dropped is never written. While the fused
// reduction reads the inputs, the expression is marked Running so that
// those reads (ndarray::data()) do not run it (the lock is held
// throughout: other threads wait, as for any running expression).
std::optional<ndarray> autofuse_reduce(ReduceId id, const ndarray& a, const ReduceOptions& o) {
  if (o.out || !a.storage()->lazy.load(std::memory_order_acquire)) return std::nullopt;
  std::lock_guard<std::recursive_mutex> g(lock_());
  LazyLinks* l = a.storage()->lazy.load(std::memory_order_relaxed);
  if (!l || !l->writer || l->writer->state != Pending::Open) return std::nullopt;
  std::shared_ptr<Pending> pp = l->writer;
  Pending& p = *pp;
  if (p.steps.empty() || p.head != a.storage() || a.offset() != 0 || a.shape() != p.shape ||
      a.dtype() != p.dtypes.back() || a.strides() != contiguous_strides(p.shape, itemsize(a.dtype())))
    return std::nullopt;
  const backend::FusedArg head{backend::FusedArg::Value, static_cast<int16_t>(p.steps.size() - 1), 0};
  backend::FusedPlan fp;
  uint64_t h = mix(mix(0, p.steps.size()), 0xA17F + 1);
  for (const backend::FusedStep& st : p.steps) {
    h = mix(mix(h, st.def->index), st.loop);
    for (int k = 0; k < st.def->nin; ++k) h = mix(mix(mix(h, st.args[k].kind), st.args[k].index), st.args[k].out);
  }
  for (const ndarray& in : p.inputs) h = mix(h, 100 + static_cast<int>(in.dtype()));
  fp.steps = p.steps.data();
  fp.nsteps = static_cast<int>(p.steps.size());
  fp.results = &head;
  fp.scalars = p.scalars;
  fp.nscalars = p.nscalars;
  fp.key = mix(h, static_cast<int>(a.dtype()));
  const std::vector<ndarray> inputs = p.inputs;
  p.state = Pending::Running;
  std::optional<ndarray> r;
  try {
    r = reduce_fused(id, fp, inputs, p.shape, a.dtype(), o);
  } catch (...) {
    p.state = Pending::Open;
    throw;
  }
  p.state = Pending::Open;
  if (r) p.head.reset();  // no longer forced: written only if a user holds it
  return r;
}

void autofuse_set(bool on, int64_t min_size) {
  if (min_size > 0) g_min.store(min_size);
  g_on.store(on);
  g_autofuse_min.store(on ? g_min.load() : std::numeric_limits<int64_t>::max());
}
bool autofuse_on() { return g_on.load(); }
int64_t autofuse_min_size() { return g_min.load(); }

int pending_steps(const Storage& s) {
  std::lock_guard<std::recursive_mutex> g(lock_());
  const LazyLinks* l = s.lazy.load(std::memory_order_relaxed);
  return l && l->writer && l->writer->state == Pending::Open ? static_cast<int>(l->writer->steps.size()) : 0;
}

void autofuse_flush() {
  std::lock_guard<std::recursive_mutex> g(lock_());
  std::vector<std::shared_ptr<Pending>> todo;
  for (const auto& w : all_())
    if (auto p = w.lock()) todo.push_back(p);
  all_().clear();
  for (const auto& p : todo) run(p);
}

}  // namespace cunum::core

