// Fused elementwise graphs (docs/fusion.md, Note [Fused plans]): recording,
// planning per input dtypes, and running as one backend call or call by call.
#include "cunum/fusion.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <string>

#include "backend/backend.hpp"
#include "core/autofuse.hpp"
#include "core/reduce.hpp"
#include "core/loop_plan.hpp"
#include "core/ufunc_resolve.hpp"
#include "cunum/creation.hpp"
#include "cunum/error.hpp"
#include "cunum/indexing_routines.hpp"
#include "cunum/reduction.hpp"
#include "cunum/ufunc.hpp"

namespace cunum::fusion {

// What running a graph over inputs of given dtypes needs, found once.
struct Graph::Plan {
  bool fusable = false;  // else: call by call
  std::vector<backend::FusedStep> steps;
  std::vector<backend::FusedArg> results;  // the Value outputs, in order
  std::vector<DType> result_dtypes;
  std::vector<int> used_inputs;            // graph input -> plan operand
  std::vector<uint64_t> input_deps;        // per output: bit k = depends on input k (k < 64)
  std::array<std::array<unsigned char, 16>, backend::kMaxFusedScalars> scalars{};
  int nscalars = 0;
  uint64_t key = 0;
};

namespace {
uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xFF51AFD7ED558CCDull;
}
}  // namespace

Graph::Graph(int ninputs) : ninputs_(ninputs) {
  if (ninputs < 0) throw ValueError("a fused graph needs a non-negative number of inputs");
}
Graph::~Graph() = default;

Ref Graph::input(int k) const {
  if (k < 0 || k >= ninputs_) throw IndexError("fused graph input " + std::to_string(k) + " out of range");
  return {Ref::Input, k, 0};
}

Ref Graph::scalar(const cunum::Scalar& s) {
  scalars_.push_back(s);
  return {Ref::Scalar, static_cast<int>(scalars_.size()) - 1, 0};
}

std::vector<Ref> Graph::call(const core::UfuncDef& def, const Ref* args, int nargs) {
  if (nargs != def.nin)
    throw TypeError(std::string(def.name) + "() takes " + std::to_string(def.nin) + " arguments but " +
                    std::to_string(nargs) + " were given");
  Node n{&def, {}};
  bool any_array = false;
  for (int i = 0; i < nargs; ++i) {
    check_ref(args[i]);
    any_array = any_array || args[i].kind != Ref::Scalar;
    n.args[i] = args[i];
  }
  if (!any_array) throw TypeError(std::string(def.name) + ": a fused call needs an array operand");
  nodes_.push_back(n);
  std::vector<Ref> out;
  for (int k = 0; k < def.nout; ++k) out.push_back({Ref::Value, static_cast<int>(nodes_.size()) - 1, k});
  return out;
}

void Graph::check_ref(const Ref& r) const {
  const bool ok = (r.kind == Ref::Input && r.index >= 0 && r.index < ninputs_) ||
                  (r.kind == Ref::Scalar && r.index >= 0 && r.index < static_cast<int>(scalars_.size())) ||
                  (r.kind == Ref::Value && r.index >= 0 && r.index < static_cast<int>(nodes_.size()) &&
                   r.out >= 0 && r.out < nodes_[r.index].nout());
  if (!ok) throw ValueError("a fused call refers to an operand that the graph does not have");
}

Ref Graph::where(Ref condition, Ref x, Ref y) {
  for (const Ref& r : {condition, x, y}) check_ref(r);
  if (condition.kind == Ref::Scalar && x.kind == Ref::Scalar && y.kind == Ref::Scalar)
    throw TypeError("where: a fused call needs an array operand");
  nodes_.push_back(Node{nullptr, {condition, x, y}});
  return {Ref::Value, static_cast<int>(nodes_.size()) - 1, 0};
}

std::vector<Ref> Graph::call(const core::UfuncDef& def, std::initializer_list<Ref> args) {
  return call(def, args.begin(), static_cast<int>(args.size()));
}

std::vector<Ref> Graph::call(std::string_view name, std::initializer_list<Ref> args) {
  const core::UfuncDef* def = core::find_ufunc(name);
  if (!def) throw ValueError("no ufunc named '" + std::string(name) + "'");
  return call(*def, args);
}

void Graph::set_outputs(std::vector<Ref> outputs) {
  for (const Ref& r : outputs) {
    if (r.kind == Ref::Scalar) throw TypeError("a fused graph's output must be an array, not a scalar");
    if ((r.kind == Ref::Input && (r.index < 0 || r.index >= ninputs_)) ||
        (r.kind == Ref::Value && (r.index < 0 || r.index >= static_cast<int>(nodes_.size()) || r.out < 0 ||
                                  r.out >= nodes_[r.index].nout())))
      throw ValueError("a fused graph's output refers to an operand that the graph does not have");
  }
  std::lock_guard<std::mutex> lock(mu_);
  outputs_ = std::move(outputs);
  plans_.clear();
}

const Graph::Plan& Graph::plan_for(const std::vector<ndarray>& inputs) const {
  std::vector<int> key(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) key[i] = static_cast<int>(inputs[i].dtype());
  std::lock_guard<std::mutex> lock(mu_);
  auto it = plans_.find(key);
  if (it != plans_.end()) return *it->second;
  auto plan = std::make_unique<Plan>();
  Plan& p = *plan;
  // Resolve every call as eager evaluation would, over stand-ins of the
  // right dtypes (0-d arrays on the host: resolution reads only dtypes).
  std::vector<std::array<DType, core::kMaxUfuncOut>> value_dtypes(nodes_.size());
  std::vector<uint64_t> deps(nodes_.size(), 0);
  std::vector<int> loops(nodes_.size(), -1);
  bool fusable = true;
  int nscalars = 0;
  std::vector<std::array<int, 3>> scalar_slot(nodes_.size(), {-1, -1, -1});
  std::vector<DType> where_dtypes(nodes_.size(), DType::Bool);
  uint64_t h = mix(0, nodes_.size());
  auto operand_dtype = [&](const Ref& r) { return r.kind == Ref::Input ? inputs[r.index].dtype() : value_dtypes[r.index][r.out]; };
  auto add_deps = [&](size_t i, const Ref& r) {
    if (r.kind == Ref::Scalar) return;
    deps[i] |= r.kind == Ref::Input ? (r.index < 64 ? uint64_t(1) << r.index : ~uint64_t(0)) : deps[r.index];
  };
  // A scalar's slot, its value stored as `d` (or the kernel falls back to call by call).
  auto store_scalar = [&](size_t i, int k, const cunum::Scalar& v, DType d) {
    if (nscalars == backend::kMaxFusedScalars) {
      fusable = false;
      return;
    }
    v.store(d, p.scalars[nscalars].data());
    scalar_slot[i][k] = nscalars++;
  };
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    if (!n.def) {
      // Note [Fused where]: x and y promote as in the eager routine (NEP 50:
      // arrays and strong scalars by dtype, Python scalars by kind), and a
      // Python int must fit the result, as there.
      DType strong[2];
      WeakKind weak[2];
      int ns = 0, nw = 0;
      for (int k = 1; k < 3; ++k) {
        const Ref& r = n.args[k];
        if (r.kind != Ref::Scalar) strong[ns++] = operand_dtype(r);
        else if (scalars_[r.index].strong) strong[ns++] = scalars_[r.index].dtype;
        else weak[nw++] = scalars_[r.index].weak_kind();
      }
      const DType dt = result_type(strong, ns, weak, nw);
      for (int k = 1; k < 3; ++k)
        if (n.args[k].kind == Ref::Scalar && !scalars_[n.args[k].index].strong) scalars_[n.args[k].index].check_fits(dt);
      where_dtypes[i] = dt;
      value_dtypes[i] = {dt, DType::Bool};
      h = mix(mix(h, 0xF00D), static_cast<int>(dt));
      for (int k = 0; k < 3; ++k) {
        const Ref& r = n.args[k];
        h = mix(mix(mix(h, r.kind), r.index), r.out);
        add_deps(i, r);
        if (r.kind != Ref::Scalar) continue;
        const cunum::Scalar& v = scalars_[r.index];
        if (k == 0) store_scalar(i, k, cunum::Scalar(v.is_true()), DType::Bool);
        else store_scalar(i, k, v, dt);
      }
      continue;
    }
    Operand ops[core::kMaxUfuncIn] = {Operand(false), Operand(false)};
    ndarray stand_in[core::kMaxUfuncIn];
    for (int k = 0; k < n.def->nin; ++k) {
      const Ref& r = n.args[k];
      if (r.kind == Ref::Scalar) {
        ops[k] = Operand(scalars_[r.index]);
        continue;
      }
      add_deps(i, r);
      stand_in[k] = empty(Shape{}, operand_dtype(r), Device::cpu());
      ops[k] = Operand(stand_in[k]);
    }
    const int loop = core::resolve_ufunc(*n.def, ops);
    loops[i] = loop;
    if (loop < 0) {  // a constant answer (comparisons): run call by call
      fusable = false;
      value_dtypes[i] = {DType::Bool, DType::Bool};
      continue;
    }
    const core::LoopSig& sig = n.def->loops[loop];
    value_dtypes[i] = {sig.out[0], sig.out[1]};
    h = mix(mix(h, n.def->index), loop);
    for (int k = 0; k < n.def->nin; ++k) {
      const Ref& r = n.args[k];
      h = mix(mix(mix(h, r.kind), r.index), r.out);
      if (r.kind == Ref::Scalar) store_scalar(i, k, ops[k].scalar(), sig.in[k]);  // (as a hook may have rewritten it)
    }
  }
  p.nscalars = nscalars;
  // Operands of the kernel: the inputs some call or output uses.
  std::vector<bool> used(ninputs_, false);
  for (const Node& n : nodes_)
    for (int k = 0; k < n.nin(); ++k)
      if (n.args[k].kind == Ref::Input) used[n.args[k].index] = true;
  p.used_inputs.assign(ninputs_, -1);
  int nin = 0;
  for (int k = 0; k < ninputs_; ++k)
    if (used[k]) {
      p.used_inputs[k] = nin++;
      h = mix(h, 100 + static_cast<int>(inputs[k].dtype()));
    }
  for (const Ref& r : outputs_) {
    if (r.kind != Ref::Value) continue;
    p.results.push_back({backend::FusedArg::Value, static_cast<int16_t>(r.index), static_cast<int8_t>(r.out)});
    p.result_dtypes.push_back(value_dtypes[r.index][r.out]);
    p.input_deps.push_back(deps[r.index]);
    h = mix(mix(mix(h, 200 + r.index), r.out), static_cast<int>(value_dtypes[r.index][r.out]));
  }
  if (nin + static_cast<int>(p.results.size()) > backend::kMaxFusedOperands || ninputs_ > 64 || p.results.empty())
    fusable = false;
  if (fusable) {
    for (size_t i = 0; i < nodes_.size(); ++i) {
      backend::FusedStep st;
      st.def = nodes_[i].def;
      st.loop = st.def ? loops[i] : 0;
      st.where_dtype = where_dtypes[i];
      for (int k = 0; k < std::min(nodes_[i].nin(), backend::kMaxFusedStepIn); ++k) {
        const Ref& r = nodes_[i].args[k];
        if (r.kind == Ref::Input) st.args[k] = {backend::FusedArg::Input, static_cast<int16_t>(p.used_inputs[r.index]), 0};
        else if (r.kind == Ref::Scalar) st.args[k] = {backend::FusedArg::Scalar, static_cast<int16_t>(scalar_slot[i][k]), 0};
        else st.args[k] = {backend::FusedArg::Value, static_cast<int16_t>(r.index), static_cast<int8_t>(r.out)};
      }
      p.steps.push_back(st);
    }
  }
  p.fusable = fusable;
  p.key = h;
  return *plans_.emplace(std::move(key), std::move(plan)).first->second;
}

std::vector<ndarray> Graph::run_eager(const std::vector<ndarray>& inputs) const {
  if (static_cast<int>(inputs.size()) != ninputs_)
    throw TypeError("the fused graph takes " + std::to_string(ninputs_) + " inputs but " +
                    std::to_string(inputs.size()) + " were given");
  std::vector<std::array<ndarray, core::kMaxUfuncOut>> values(nodes_.size());
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    auto operand = [&](const Ref& r) {
      if (r.kind == Ref::Input) return Operand::borrow(inputs[r.index]);
      if (r.kind == Ref::Scalar) return Operand(scalars_[r.index]);
      return Operand::borrow(values[r.index][r.out]);
    };
    if (!n.def) {  // where: a scalar condition becomes a 0-d bool array on the operands' device
      Device dev = default_device();
      for (const Ref& r : n.args)
        if (r.kind != Ref::Scalar) {
          dev = (r.kind == Ref::Input ? inputs[r.index] : values[r.index][r.out]).device();
          break;
        }
      const Ref& c = n.args[0];
      const ndarray cond = c.kind == Ref::Input   ? inputs[c.index]
                           : c.kind == Ref::Value ? values[c.index][c.out]
                                                  : full(Shape{}, cunum::Scalar(scalars_[c.index].is_true()), DType::Bool, dev);
      values[i][0] = cunum::where(cond, operand(n.args[1]), operand(n.args[2]));
      continue;
    }
    Operand ops[core::kMaxUfuncIn] = {Operand(false), Operand(false)};
    for (int k = 0; k < n.def->nin; ++k) ops[k] = operand(n.args[k]);
    apply_ufunc(*n.def, ops, n.def->nin, UfuncOptions{}, values[i].data());
  }
  std::vector<ndarray> out;
  for (const Ref& r : outputs_) out.push_back(r.kind == Ref::Input ? inputs[r.index] : values[r.index][r.out]);
  return out;
}

std::vector<ndarray> Graph::run(const std::vector<ndarray>& inputs) const {
  if (static_cast<int>(inputs.size()) != ninputs_)
    throw TypeError("the fused graph takes " + std::to_string(ninputs_) + " inputs but " +
                    std::to_string(inputs.size()) + " were given");
  if (outputs_.empty()) throw ValueError("the fused graph has no outputs (set_outputs)");
  if (nodes_.empty()) return run_eager(inputs);
  const Plan& p = plan_for(inputs);
  if (!p.fusable) return run_eager(inputs);
  // One device for every input (else the eager path raises NumPy's error).
  Device dev = inputs.empty() ? default_device() : inputs[0].device();
  for (const ndarray& a : inputs)
    if (a.device() != dev) return run_eager(inputs);
  backend::Backend& be = backend::get(dev);
  // The broadcast shape of the used inputs; every output must have it (an
  // output using fewer inputs may be smaller: call by call then).
  Shape shape;
  bool first = true;
  for (int k = 0; k < ninputs_; ++k) {
    if (p.used_inputs[k] < 0) continue;
    const Shape& s = inputs[k].shape();
    if (first) shape = s, first = false;
    else if (s != shape) shape = core::broadcast_shape({&shape, &s});
  }
  uint64_t all = 0;
  for (int k = 0; k < ninputs_; ++k)
    if (p.used_inputs[k] >= 0) all |= uint64_t(1) << k;
  for (uint64_t d : p.input_deps)
    if ((d & all) != all) {
      // this output uses fewer inputs: fused only if their broadcast is the full shape
      Shape s;
      bool f = true;
      for (int k = 0; k < ninputs_; ++k) {
        if (!(d >> k & 1) || p.used_inputs[k] < 0) continue;
        if (f) s = inputs[k].shape(), f = false;
        else s = core::broadcast_shape({&s, &inputs[k].shape()});
      }
      if (s != shape) return run_eager(inputs);
    }
  const int nin = static_cast<int>(std::count_if(p.used_inputs.begin(), p.used_inputs.end(), [](int v) { return v >= 0; }));
  const int nout = static_cast<int>(p.results.size());
  std::vector<ndarray> res;
  res.reserve(nout);
  for (int k = 0; k < nout; ++k) res.push_back(empty(shape, p.result_dtypes[k], dev));

  backend::FusedPlan fp;
  fp.steps = p.steps.data();
  fp.nsteps = static_cast<int>(p.steps.size());
  fp.results = p.results.data();
  fp.nin = nin;
  fp.nout = nout;
  fp.scalars = p.scalars;
  fp.nscalars = p.nscalars;
  fp.key = p.key;
  core::PlanOperand po[backend::kMaxFusedOperands];
  int m = 0;
  for (int k = 0; k < ninputs_; ++k) {
    if (p.used_inputs[k] < 0) continue;
    fp.dtypes[m] = inputs[k].dtype();
    po[m++] = {inputs[k].data(), core::broadcast_strides(inputs[k], shape)};
  }
  for (int k = 0; k < nout; ++k) {
    fp.dtypes[m] = res[k].dtype();
    po[m++] = {res[k].data(), res[k].strides()};
  }
  const int nd = core::coalesce_dims(shape, po, m, nin, fp.shape, fp.strides.data());
  (void)nd;
  for (int k = 0; k < m; ++k) fp.data[k] = po[k].data;
  // 32-bit offsets when every operand's reach and the element count fit
  int64_t count = fp.size(), reach = 0;
  for (int k = 0; k < m; ++k) {
    int64_t r = 0;
    for (size_t d = 0; d < fp.shape.size(); ++d) r += (fp.shape[d] - 1) * std::abs(fp.strides[k][d]);
    reach = std::max(reach, r);
  }
  fp.index32 = count < (int64_t(1) << 31) && reach < (int64_t(1) << 31);
  if (!be.fused(fp)) return run_eager(inputs);
  std::vector<ndarray> out;
  int v = 0;
  for (const Ref& r : outputs_) out.push_back(r.kind == Ref::Input ? inputs[r.index] : res[v++]);
  return out;
}

namespace {
// The row of the reduction table named `name` (amax/amin: max/min; mean:
// nullopt, composed from sum). ValueError for other names.
std::optional<core::ReduceId> reduction_id(std::string_view name) {
  if (name == "mean") return std::nullopt;
  if (name == "amax") name = "max";
  if (name == "amin") name = "min";
  for (int i = 0; i < core::kNumReductions; ++i)
    if (name == core::kReduceInfo[i].name && core::kReduceInfo[i].kind != core::ReduceKind::Moment)
      return static_cast<core::ReduceId>(i);
  throw ValueError("no reduction named '" + std::string(name) + "' (sum, prod, nansum, nanprod, max, amax, min, "
                   "amin, any, all, mean, argmax, argmin)");
}

// The eager reduction `id` of an array: what run_reduce must give.
ndarray reduce_eager(core::ReduceId id, const ndarray& a, const ReduceOptions& o) {
  switch (id) {
#define CUNUM_EAGER_Sum(name) \
  case core::ReduceId::name: return cunum::name(a, o);
#define CUNUM_EAGER_NanSum(name) CUNUM_EAGER_Sum(name)
#define CUNUM_EAGER_Extremum(name) CUNUM_EAGER_Sum(name)
#define CUNUM_EAGER_Truth(name) CUNUM_EAGER_Sum(name)
#define CUNUM_EAGER_Arg(name)                                                                      \
  case core::ReduceId::name: {                                                                     \
    if (o.axis && o.axis->size() != 1)                                                             \
      throw TypeError(std::string(#name) + "() takes one axis or none");                           \
    return cunum::name(a, o.axis ? std::optional<int64_t>((*o.axis)[0]) : std::nullopt, o.keepdims, o.out); \
  }
#define CUNUM_EAGER_Moment(name)
#define CUNUM_X(name, ufunc, kind, method) CUNUM_EAGER_##kind(name)
    CUNUM_FOR_EACH_REDUCTION(CUNUM_X)
#undef CUNUM_X
    default: break;
  }
  throw ValueError("not a public reduction");
}
}  // namespace

Graph* Var::graph() const {
  if (reduced_)
    throw TypeError("cunum::fuse: a reduced value is the fused function's result; it cannot be used in "
                    "further operations in C++ (run the rest as a second fused function)");
  return g_;
}

Var reduce(std::string_view name, const Var& v, const ReduceOptions& o) {
  Graph* g = v.graph();
  reduction_id(name);  // the name's error at trace time
  g->set_outputs({v.ref()});
  g->set_reduction(name, o);
  return Var(g, v.ref(), true);
}

uint64_t fused_reduction_count() { return core::fused_reduction_count(); }

void Graph::set_reduction(std::string_view reduction, const ReduceOptions& o) {
  reduction_id(reduction);
  reduction_ = std::string(reduction);
  reduce_options_ = o;
}

ndarray Graph::run_reduce(const std::vector<ndarray>& inputs) const {
  if (reduction_.empty()) throw ValueError("the fused graph has no reduction (set_reduction)");
  return run_reduce(inputs, reduction_, reduce_options_);
}

ndarray Graph::run_reduce(const std::vector<ndarray>& inputs, std::string_view reduction,
                          const ReduceOptions& o) const {
  if (static_cast<int>(inputs.size()) != ninputs_)
    throw TypeError("the fused graph takes " + std::to_string(ninputs_) + " inputs but " +
                    std::to_string(inputs.size()) + " were given");
  if (outputs_.size() != 1)
    throw ValueError("run_reduce: the fused graph must have exactly one output, it has " +
                     std::to_string(outputs_.size()));
  const std::optional<core::ReduceId> id = reduction_id(reduction);
  // The value written, then reduced as eager code does: the path whenever
  // the fused one does not apply (the same results).
  std::optional<ndarray> value;
  auto written = [&]() -> const ndarray& {
    if (!value) value = run(inputs)[0];
    return *value;
  };
  auto eager = [&](core::ReduceId rid, const ReduceOptions& so) { return reduce_eager(rid, written(), so); };

  // The map's plan, its inputs and shape, where the graph can run fused.
  const Plan* p = nullptr;
  std::vector<ndarray> used;
  Shape shape;
  if (!nodes_.empty() && outputs_[0].kind == Ref::Value) {
    const Plan& pl = plan_for(inputs);
    bool ok = pl.fusable && pl.results.size() == 1;
    for (const ndarray& a : inputs) ok = ok && a.device() == inputs[0].device();
    if (ok) {
      // every input a call uses must reach the output (a dead call's input
      // could widen the broadcast shape past the value's)
      for (int k = 0; k < ninputs_; ++k)
        if (pl.used_inputs[k] >= 0) {
          used.push_back(inputs[k]);
          ok = ok && k < 64 && (pl.input_deps[0] >> k & 1);
        }
      ok = ok && !used.empty();
      bool first = true;
      for (const ndarray& a : used) {
        if (first) shape = a.shape(), first = false;
        else if (a.shape() != shape) shape = core::broadcast_shape({&shape, &a.shape()});
      }
    }
    if (ok) p = &pl;
  }
  auto fused_sum = [&](core::ReduceId rid, const ReduceOptions& so) -> std::optional<ndarray> {
    if (!p) return std::nullopt;
    backend::FusedPlan fp;
    fp.steps = p->steps.data();
    fp.nsteps = static_cast<int>(p->steps.size());
    fp.results = p->results.data();
    fp.scalars = p->scalars;
    fp.nscalars = p->nscalars;
    fp.key = p->key;
    return core::reduce_fused(rid, fp, used, shape, p->result_dtypes[0], so);
  };
  if (!id) {  // mean: a sum of the value, divided
    const Shape vshape = p ? shape : written().shape();
    const DType vdtype = p ? p->result_dtypes[0] : written().dtype();
    return core::mean_of(vshape, vdtype, o, [&](const ReduceOptions& so) {
      if (std::optional<ndarray> r = fused_sum(core::ReduceId::sum, so)) return *r;
      return eager(core::ReduceId::sum, so);
    });
  }
  if (core::reduce_info(*id).kind == core::ReduceKind::Arg && o.axis && o.axis->size() != 1)
    throw TypeError(std::string(core::reduce_info(*id).name) + "() takes one axis or none");
  if (std::optional<ndarray> r = fused_sum(*id, o)) return *r;
  return eager(*id, o);
}

void set_auto(bool on, int64_t min_size) { core::autofuse_set(on, min_size); }
bool auto_enabled() { return core::autofuse_on(); }
int64_t auto_min_size() { return core::autofuse_min_size(); }
void flush() { core::autofuse_flush(); }

}  // namespace cunum::fusion
