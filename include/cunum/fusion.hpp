// cunum/fusion.hpp — several elementwise ufunc calls as one kernel
// (docs/fusion.md). A graph of ufunc calls is recorded once and run per call:
// on the GPU as one generated kernel that reads each input once and writes
// each result once, elsewhere call by call. Results are those of evaluating
// the same calls eagerly (NumPy's promotion at every step).
//
//   auto f = cunum::fuse([](auto a, auto b) { return (a * b + a) * b; });
//   cunum::ndarray r = f(x, y);                        // one kernel on the GPU
//   auto g = cunum::fuse([](auto x) { return cunum::fusion::apply("sin", x * 2.0) + 1; });
//
//   cunum::fusion::Graph gr(2);                        // the graph itself
//   auto p = gr.call("multiply", {gr.input(0), gr.input(1)})[0];
//   gr.set_outputs({gr.call("add", {p, gr.scalar(1.5)})[0]});
//   std::vector<cunum::ndarray> out = gr.run({x, y});
//   cunum::ndarray s = gr.run_reduce({x, y}, "sum", {{{1}}});  // reduced in the same kernel
//
//   auto norm2 = cunum::fuse([](auto x) { return cunum::fusion::reduce("sum", x * x); });
#pragma once
#include <array>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "error.hpp"
#include "ndarray.hpp"
#include "reduction.hpp"
#include "scalar.hpp"
#include "ufunc_def.hpp"

namespace cunum::fusion {

// An operand of a recorded call: input `index` of the graph, scalar `index`
// (weak unless made strong), or output `out` of call `index`.
struct Ref {
  enum Kind : uint8_t { Input, Scalar, Value };
  Kind kind = Input;
  int index = 0;
  int out = 0;
};

class Graph {
 public:
  explicit Graph(int ninputs);
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  int ninputs() const { return ninputs_; }
  Ref input(int k) const;
  Ref scalar(const cunum::Scalar& s);
  // Records a call of ufunc `def` (or the ufunc named `name`) on def.nin
  // operands; returns its def.nout results. TypeError on a wrong count.
  std::vector<Ref> call(const core::UfuncDef& def, std::initializer_list<Ref> args);
  std::vector<Ref> call(const core::UfuncDef& def, const Ref* args, int nargs);
  std::vector<Ref> call(std::string_view name, std::initializer_list<Ref> args);
  // Records NumPy's where(condition, x, y): its one result, of the eager
  // result type of x and y (Note [Fused where]).
  Ref where(Ref condition, Ref x, Ref y);
  // What run() returns: inputs or call results (a scalar is not an output).
  void set_outputs(std::vector<Ref> outputs);
  size_t num_calls() const { return nodes_.size(); }
  const std::vector<Ref>& outputs() const { return outputs_; }

  // Runs the graph over `inputs` (one array per input, on one device):
  // broadcasting, NumPy's promotion at each call, NumPy's errors.
  std::vector<ndarray> run(const std::vector<ndarray>& inputs) const;
  // The same, call by call (the reference the fused kernel must match).
  std::vector<ndarray> run_eager(const std::vector<ndarray>& inputs) const;
  // `reduction` ("sum", "prod", "nansum", "nanprod", "max"/"amax",
  // "min"/"amin", "any", "all", "mean", "argmax", "argmin"; for the last two
  // o.axis holds at most one axis) of the graph's one output, with the
  // results of calling it on run(inputs)[0]; where it can, the graph runs
  // inside the reduction's kernel, reading the inputs once and writing no
  // temporary (Note [Fused reductions]). ValueError unless the graph has
  // exactly one output.
  ndarray run_reduce(const std::vector<ndarray>& inputs, std::string_view reduction,
                     const ReduceOptions& o = {}) const;
  // A reduction recorded after the graph (cunum::fusion::reduce while
  // tracing): Fused calls run_reduce with it.
  void set_reduction(std::string_view reduction, const ReduceOptions& o);
  bool has_reduction() const { return !reduction_.empty(); }
  ndarray run_reduce(const std::vector<ndarray>& inputs) const;  // the one set_reduction recorded

  struct Node {
    const core::UfuncDef* def;  // nullptr: where(args[0], args[1], args[2])
    Ref args[3];
    int nin() const { return def ? def->nin : 3; }
    int nout() const { return def ? def->nout : 1; }
  };
  struct Plan;  // per input dtypes (src/routines/fusion.cpp)

 private:
  const Plan& plan_for(const std::vector<ndarray>& inputs) const;
  void check_ref(const Ref& r) const;
  int ninputs_;
  std::vector<cunum::Scalar> scalars_;
  std::vector<Node> nodes_;
  std::vector<Ref> outputs_;
  std::string reduction_;
  ReduceOptions reduce_options_;
  mutable std::mutex mu_;
  mutable std::map<std::vector<int>, std::unique_ptr<Plan>> plans_;
};

// A value while a function is traced (cunum::fuse): operators and apply()
// record calls into its graph. A reduced value (reduce()) ends the trace.
class Var {
 public:
  Var(Graph* g, Ref r, bool reduced = false) : g_(g), r_(r), reduced_(reduced) {}
  Graph* graph() const;
  Ref ref() const { return r_; }
  bool reduced() const { return reduced_; }

 private:
  Graph* g_;
  Ref r_;
  bool reduced_;
};

// The reduction `name` (as Graph::run_reduce) of a traced value: the fused
// function's result, computed in the same kernel as the graph before it. A
// reduced value is the function's result only: TypeError when an operation
// uses it (a graph after a reduction is cunum.fuse's, in Python).
Var reduce(std::string_view name, const Var& v, const ReduceOptions& o = {});

// How many reductions have run with their graph inside the reduction's
// kernel (Note [Fused reductions]) in this process: for tests that check the
// fused path is the one taken.
uint64_t fused_reduction_count();

namespace detail {
template <class T> constexpr bool is_scalar_v = std::is_arithmetic_v<T> || std::is_same_v<T, cunum::Scalar>;
inline Ref ref_of(Graph* g, const Var& v) { return v.ref(); }
template <class T, std::enable_if_t<is_scalar_v<T>, int> = 0> Ref ref_of(Graph* g, const T& v) {
  return g->scalar(cunum::Scalar(v));
}
inline Graph* graph_of(const Var& v) { return v.graph(); }
template <class T, std::enable_if_t<is_scalar_v<T>, int> = 0> Graph* graph_of(const T&) { return nullptr; }
}  // namespace detail

// The ufunc named `name` (any in cunum.ufunc's table) on Vars and scalars.
template <class A> Var apply(std::string_view name, const A& a) {
  Graph* g = detail::graph_of(a);
  return Var(g, g->call(name, {detail::ref_of(g, a)})[0]);
}
template <class A, class B> Var apply(std::string_view name, const A& a, const B& b) {
  Graph* g = detail::graph_of(a);
  if (!g) g = detail::graph_of(b);
  return Var(g, g->call(name, {detail::ref_of(g, a), detail::ref_of(g, b)})[0]);
}

// NumPy's where(c, x, y) on Vars and scalars (at least one a Var).
template <class C, class A, class B> Var where(const C& c, const A& x, const B& y) {
  Graph* g = detail::graph_of(c);
  if (!g) g = detail::graph_of(x);
  if (!g) g = detail::graph_of(y);
  if (!g) throw TypeError("fusion::where needs a traced value among its operands");
  return Var(g, g->where(detail::ref_of(g, c), detail::ref_of(g, x), detail::ref_of(g, y)));
}

#define CUNUM_FUSION_BINARY(OP, NAME)                                                              \
  inline Var operator OP(const Var& a, const Var& b) { return apply(NAME, a, b); }                  \
  template <class T, std::enable_if_t<detail::is_scalar_v<T>, int> = 0>                            \
  Var operator OP(const Var& a, const T& b) { return apply(NAME, a, b); }                          \
  template <class T, std::enable_if_t<detail::is_scalar_v<T>, int> = 0>                            \
  Var operator OP(const T& a, const Var& b) { return apply(NAME, a, b); }
CUNUM_FUSION_BINARY(+, "add")
CUNUM_FUSION_BINARY(-, "subtract")
CUNUM_FUSION_BINARY(*, "multiply")
CUNUM_FUSION_BINARY(/, "divide")
CUNUM_FUSION_BINARY(%, "remainder")
CUNUM_FUSION_BINARY(==, "equal")
CUNUM_FUSION_BINARY(!=, "not_equal")
CUNUM_FUSION_BINARY(<, "less")
CUNUM_FUSION_BINARY(<=, "less_equal")
CUNUM_FUSION_BINARY(>, "greater")
CUNUM_FUSION_BINARY(>=, "greater_equal")
CUNUM_FUSION_BINARY(&, "bitwise_and")
CUNUM_FUSION_BINARY(|, "bitwise_or")
CUNUM_FUSION_BINARY(^, "bitwise_xor")
#undef CUNUM_FUSION_BINARY
inline Var operator-(const Var& a) { return apply("negative", a); }
inline Var operator~(const Var& a) { return apply("invert", a); }

// A function of N arrays traced once into a graph (at the first call, with
// N Vars) and run per call: cunum::fuse(f)(x, y) computes f(x, y) with
// NumPy's results, as one kernel on the GPU.
template <class F> class Fused {
 public:
  explicit Fused(F f) : f_(std::move(f)) {}
  template <class... A> ndarray operator()(const A&... xs) const {
    std::vector<ndarray> in{ndarray(xs)...};
    std::call_once(*traced_, [&] { trace(std::index_sequence_for<A...>{}); });
    if (graph_->ninputs() != static_cast<int>(in.size()))
      throw TypeError("the fused function was traced with " + std::to_string(graph_->ninputs()) +
                      " arguments, called with " + std::to_string(in.size()));
    if (graph_->has_reduction()) return graph_->run_reduce(in);
    return graph_->run(in)[0];
  }
  const Graph& graph() const { return *graph_; }

 private:
  template <size_t... I> void trace(std::index_sequence<I...>) const {
    graph_ = std::make_shared<Graph>(static_cast<int>(sizeof...(I)));
    Var r = f_(Var(graph_.get(), graph_->input(static_cast<int>(I)))...);
    if (!r.reduced()) {
      // a fusion::reduce(...) made and then dropped: its reduction would apply to the returned value
      if (graph_->has_reduction())
        throw TypeError("cunum::fuse: a function that calls fusion::reduce must return that reduction's result");
      graph_->set_outputs({r.ref()});
    }
  }
  F f_;
  mutable std::shared_ptr<Graph> graph_;
  std::shared_ptr<std::once_flag> traced_ = std::make_shared<std::once_flag>();
};

// Automatic fusion of plain expressions (docs/fusion.md, Note [Automatic
// fusion]): ufunc calls with default options on results of at least
// `min_size` elements are recorded and run as one kernel when a result is
// read. On unless the environment says CUNUM_AUTOFUSE=0; min_size 2^16
// unless CUNUM_AUTOFUSE_MIN says otherwise (min_size <= 0 keeps it).
void set_auto(bool on, int64_t min_size = 0);
bool auto_enabled();
int64_t auto_min_size();
// Runs every pending expression (of every thread).
void flush();

}  // namespace cunum::fusion

namespace cunum {
template <class F> fusion::Fused<F> fuse(F f) { return fusion::Fused<F>(std::move(f)); }
}  // namespace cunum
