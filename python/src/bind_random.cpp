// cunum.random: python/cunum/random/ checks NumPy's conditions on the
// distributions' parameters and keeps the generator's state; this fills an
// array from one distribution (cunum/random.hpp: sample) and returns the
// advanced counter, and binds the routines composed of fills (permutations,
// choice, dirichlet, multinomial, multivariate_*).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "args.hpp"
#include "bindings.hpp"
#include "cunum/error.hpp"
#include "cunum/random.hpp"

namespace nb = nanobind;

namespace cunum::py {

namespace {
// A generator's state from Python: Philox (engine 0) or XORWOW / MRG32k3a
// with their six words of state at position 0 (Note [Sequential engines]).
random::BitState engine_state(uint32_t k0, uint32_t k1, uint64_t counter, uint32_t jump, uint32_t engine,
                              const std::vector<uint32_t>& init) {
  random::BitState st;
  st.key[0] = k0;
  st.key[1] = k1;
  st.counter = counter;
  st.jump = jump;
  if (engine > 2) throw ValueError("unknown bit generator");
  if (engine != 0 && init.size() != 6) throw ValueError("a sequential bit generator needs six words of state");
  st.engine = engine;
  for (size_t j = 0; j < init.size() && j < 6; ++j) st.init[j] = init[j];
  return st;
}

// The state of a Python bit generator (_CounterModel: _key, _counter, _jump,
// _engine, _init) for a routine of several fills; its _counter is written
// back on the way out, also when the routine throws, so the fills made
// before an error stay consumed. The caller holds the generator's lock.
class BitGenState {
 public:
  explicit BitGenState(nb::handle bg) : bg_(bg) {
    nb::object key = bg.attr("_key");
    st = engine_state(nb::cast<uint32_t>(key[0]), nb::cast<uint32_t>(key[1]), nb::cast<uint64_t>(bg.attr("_counter")),
                      nb::cast<uint32_t>(bg.attr("_jump")), nb::cast<uint32_t>(bg.attr("_engine")),
                      nb::cast<std::vector<uint32_t>>(bg.attr("_init")));
  }
  ~BitGenState() {
    try {
      bg_.attr("_counter") = nb::int_(st.counter);
    } catch (...) {
    }
  }
  random::BitState st;

 private:
  nb::handle bg_;
};

std::optional<Shape> opt_size(nb::handle size) {
  if (size.is_none()) return std::nullopt;
  return as_shape(size);
}
}  // namespace

void bind_random(nb::module_& m) {
  // params: per parameter a 64-bit word (a double's bits or an integer) and
  // an array or None (then the word is the value).
  m.def("_random_sample", [](int dist, nb::handle shape, nb::handle dtype, uint32_t k0, uint32_t k1, uint64_t counter,
                             uint32_t jump, const std::vector<uint64_t>& words,
                             const std::vector<std::optional<ndarray>>& arrays, nb::handle out, nb::handle device,
                             uint32_t engine, const std::vector<uint32_t>& init) {
    if (dist < 0 || dist >= static_cast<int>(random::Dist::Zipf) + 1) throw ValueError("unknown distribution");
    random::BitState st = engine_state(k0, k1, counter, jump, engine, init);
    std::vector<random::Param> ps(words.size());
    for (size_t k = 0; k < words.size(); ++k) {
      ps[k] = random::Param::word(words[k]);
      if (k < arrays.size() && arrays[k]) ps[k].array = *arrays[k];
    }
    const std::optional<ndarray> o = opt_out(out);
    const Shape sh = o ? o->shape() : as_shape(shape);
    const DType dt = o ? o->dtype() : opt_dtype(dtype).value_or(DType::Float64);
    ndarray r = random::sample(st, static_cast<random::Dist>(dist), sh, dt, ps, o, opt_device(device));
    return nb::make_tuple(r, st.counter);
  }, nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg(),
     nb::arg().none(), nb::arg().none(), nb::arg("engine") = 0, nb::arg("init") = std::vector<uint32_t>());
  // Permutations (cunum/random.hpp); state as (k0, k1, counter, jump), the new counter returned.
  m.def("_random_permutation", [](uint32_t k0, uint32_t k1, uint64_t counter, uint32_t jump, nb::handle x,
                                  nb::handle axis, nb::handle device, int mode, uint32_t engine,
                                  const std::vector<uint32_t>& init) {
    random::BitState st = engine_state(k0, k1, counter, jump, engine, init);
    ndarray r;
    if (mode == 0) {
      r = random::permutation(st, as_index(x), opt_device(device));
    } else {
      const ndarray a = nb::cast<ndarray>(x);
      if (mode == 1) r = random::permutation(st, a, as_index(axis));
      else if (mode == 2) random::shuffle(st, a, as_index(axis)), r = a;
      else r = random::permuted(st, a, opt_axis(axis));
    }
    return nb::make_tuple(r, st.counter);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg().none(), nb::arg(),
     nb::arg("engine") = 0, nb::arg("init") = std::vector<uint32_t>());
  // The routines composed of fills (cunum/random.hpp); the first argument
  // is the bit generator (BitGenState), whose lock the caller holds.
  m.def("_random_choice", [](nb::handle bg, nb::handle a, nb::handle size, bool replace,
                             const std::optional<ndarray>& p, nb::handle axis, bool shuffle) {
    BitGenState g(bg);
    if (nb::isinstance<ndarray>(a))
      return random::choice(g.st, nb::cast<ndarray>(a), opt_size(size), replace, p, as_index(axis), shuffle);
    return random::choice(g.st, as_index(a), opt_size(size), replace, p, shuffle);
  }, nb::arg(), nb::arg(), nb::arg().none(), nb::arg(), nb::arg().none(), nb::arg(), nb::arg());
  m.def("_random_dirichlet", [](nb::handle bg, const ndarray& alpha, nb::handle size) {
    BitGenState g(bg);
    return random::dirichlet(g.st, alpha, opt_size(size));
  }, nb::arg(), nb::arg(), nb::arg().none());
  m.def("_random_multinomial", [](nb::handle bg, const ndarray& n, const ndarray& pvals, nb::handle size) {
    BitGenState g(bg);
    return random::multinomial(g.st, n, pvals, opt_size(size));
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none());
  m.def("_random_multivariate_hypergeometric", [](nb::handle bg, const ndarray& colors, int64_t nsample,
                                                  nb::handle size, const std::string& method) {
    BitGenState g(bg);
    return random::multivariate_hypergeometric(g.st, colors, nsample, opt_size(size), method);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg());
  // Returns (x, not_psd): the Python layer turns not_psd into NumPy's RuntimeWarning.
  m.def("_random_multivariate_normal", [](nb::handle bg, const ndarray& mean, const ndarray& cov, nb::handle size,
                                          const std::string& check_valid, double tol, const std::string& method) {
    BitGenState g(bg);
    bool not_psd = false;
    ndarray x = random::multivariate_normal(g.st, mean, cov, opt_size(size), check_valid, tol, method, &not_psd);
    return nb::make_tuple(x, not_psd);
  }, nb::arg(), nb::arg(), nb::arg(), nb::arg().none(), nb::arg(), nb::arg(), nb::arg());
  // The distributions' numbers, in the order of cunum/kernels/random_list.hpp.
  nb::dict ids;
  int i = 0;
#define CUNUM_X(N, K, P) ids[#N] = i++;
  CUNUM_RANDOM_DISTS(CUNUM_X)
#undef CUNUM_X
  m.attr("_random_dists") = ids;
}

}  // namespace cunum::py
