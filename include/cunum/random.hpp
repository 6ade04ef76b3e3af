// cunum/random.hpp — NumPy's random module on cunum's counter-based Philox
// generator (docs/random.md): the same seed gives the same values on the CPU
// and on the GPU for random, integers, standard_normal, normal, uniform,
// standard_exponential and exponential, in float32 and float64.
//
//   cunum::random::Generator g(42);                      // Philox4x32-10, key from the seed
//   auto u = g.random({1000});                           // float64 in [0, 1)
//   auto f = g.random({1000}, cunum::DType::Float32);
//   auto z = g.normal(1.0, 2.0, {3, 4});
//   auto k = g.integers(0, 10, {100});                   // int64 in [0, 10)
//   auto x = cunum::random::sample(g.state(), cunum::random::Dist::Gamma, {8}, cunum::DType::Float64,
//                                  {cunum::random::Param(2.0), cunum::random::Param(1.0)});
//   auto c = cunum::random::choice(g.state(), 10, cunum::Shape{5}, /*replace=*/false);
//   auto m = cunum::random::multivariate_normal(g.state(), mean, cov, cunum::Shape{1000});
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cunum/kernels/random_list.hpp"
#include "ndarray.hpp"

namespace cunum::random {

// A Philox4x32-10 stream (Note [The counter model]): the 64-bit key, the
// next block and the jump count (jumped() streams never meet).
// XORWOW and MRG32k3a (Note [Sequential engines] in
// cunum/kernels/random_engines.hpp) keep the same counter, with `engine` 1
// or 2 and their state at position 0 in `init` (XORWOW: x[0..4], d;
// MRG32k3a: s1[0..2] below m1, s2[0..2] below m2, neither all zero); `key`
// then keys the sub-streams of the rejection samplers.
struct BitState {
  uint32_t key[2] = {0, 0};
  uint64_t counter = 0;
  uint32_t jump = 0;
  uint32_t engine = 0;
  uint32_t init[6] = {0, 0, 0, 0, 0, 0};
};

// A parameter of a distribution: a number (a double, or an integer for the
// integer-valued parameters: bounds of integers, n of binomial, the counts
// of hypergeometric), or an array broadcast against the output's shape.
struct Param {
  uint64_t bits = 0;
  std::optional<ndarray> array;
  Param() = default;
  Param(double v);                                  // NOLINT: a number converts
  static Param integer(int64_t v);
  static Param word(uint64_t v);
  Param(const ndarray& a) : array(a) {}             // NOLINT
};

// The primitive: values of `dist` (a row of cunum/kernels/random_list.hpp)
// in an array of `shape` and `dtype` (of the distribution's kind) on
// `device`, or written into `out` (its shape and dtype then rule). Advances
// state.counter by the blocks used. Parameters are not checked here
// (Generator's methods and the Python layer check NumPy's conditions); an
// integer parameter given as an array must be int64 or uint64, any other
// array is read as float64.
ndarray sample(BitState& state, Dist dist, const Shape& shape, DType dtype, const std::vector<Param>& params,
               const std::optional<ndarray>& out = {}, std::optional<Device> device = {});

// The state SeedSequence(seed).generate_state(2) gives a Philox key (NumPy's
// algorithm; docs/random.md).
BitState seed_state(uint64_t seed);

// ---- permutations: the stable argsort of random 64-bit keys (the sort
// family: radix sort on the CPU, CUB on the GPU); ties (probability below
// n^2 / 2^65) keep index order.
// A random permutation of [0, n) (int64) on `device`.
ndarray permutation(BitState& state, int64_t n, std::optional<Device> device = {});
// x with its entries along `axis` in a random order (a copy).
ndarray permutation(BitState& state, const ndarray& x, int64_t axis = 0);
// The same, in place.
void shuffle(BitState& state, const ndarray& x, int64_t axis = 0);
// Each 1-d slice along `axis` permuted independently (nullopt: the flattened
// array), NumPy's Generator.permuted.
ndarray permuted(BitState& state, const ndarray& x, std::optional<int64_t> axis = {});

// ---- NumPy's Generator routines composed of fills
// (src/routines/random_multivariate.cpp). `size` nullopt is NumPy's
// size=None; results are arrays (a 0-d one for choice(5)), on `device`
// (nullopt: the default device) unless said otherwise. NumPy's errors
// (ValueError, AxisError, LinAlgError) with NumPy's messages. The small
// parameter arrays (alpha, pvals, n, colors) are read on the host, as NumPy
// reads them: a wait when they live on a GPU (give them on the CPU to avoid it).

// Generator.choice of range(a): with replacement uniform integers or, with
// `p`, the searchsorted of uniforms in the normalised cumulative sum of p;
// without, the first `size` of a permutation or, with `p`, the smallest E/p
// (Efraimidis–Spirakis). Host waits, only with `p`: its checks (p >= 0,
// sum(p) == 1, and without replacement enough non-zero entries) read one
// value back each.
ndarray choice(BitState& state, int64_t a, const std::optional<Shape>& size = {}, bool replace = true,
               const std::optional<ndarray>& p = {}, bool shuffle = true, std::optional<Device> device = {});
// Generator.choice of the entries of `a` along `axis`; drawn on a's device.
ndarray choice(BitState& state, const ndarray& a, const std::optional<Shape>& size = {}, bool replace = true,
               const std::optional<ndarray>& p = {}, int64_t axis = 0, bool shuffle = true);
// Generator.dirichlet: shape size + (len(alpha),), float64. Normalised
// gammas, or stick-breaking betas when every alpha < 0.1 (NumPy's switch).
ndarray dirichlet(BitState& state, const ndarray& alpha, const std::optional<Shape>& size = {},
                  std::optional<Device> device = {});
// Generator.multinomial: pvals of shape (..., k), a row of k probabilities
// per position of its leading dims; int64 of shape size (or n's shape
// broadcast with pvals' leading dims) + (k,), by conditional binomials, one
// fill per category; n and the rows broadcast to size.
ndarray multinomial(BitState& state, const ndarray& n, const ndarray& pvals, const std::optional<Shape>& size = {},
                    std::optional<Device> device = {});
// Generator.multivariate_hypergeometric ("count" or "marginals": the same
// draws here), int64 of shape size + (len(colors),), by conditional
// hypergeometrics, one fill per colour.
ndarray multivariate_hypergeometric(BitState& state, const ndarray& colors, int64_t nsample,
                                    const std::optional<Shape>& size = {}, const std::string& method = "marginals",
                                    std::optional<Device> device = {});
// Generator.multivariate_normal: mean + z @ A.T with A A^T = cov by
// cunum::linalg (method "svd": U sqrt(S); "eigh": U sqrt(|w|); "cholesky":
// L, LinAlgError when cov is not positive definite), z standard normals of
// shape size + (k,) on `device`. check_valid "warn", "raise" or "ignore"
// with `tol` as NumPy (svd: U S V^H allclose to cov; eigh: no eigenvalue
// below -tol): "raise" throws ValueError, "warn" sets *not_psd (C++ has no
// warnings; the Python layer warns). Host waits: the factorization reads
// its info array back (LinAlgError), and the check reads one bool (not with
// "ignore" or "cholesky").
ndarray multivariate_normal(BitState& state, const ndarray& mean, const ndarray& cov,
                            const std::optional<Shape>& size = {}, const std::string& check_valid = "warn",
                            double tol = 1e-8, const std::string& method = "svd", bool* not_psd = nullptr,
                            std::optional<Device> device = {});

// NumPy's Generator, for the distributions C++ code reaches for most; every
// other one through sample(). Errors: ValueError as NumPy's (scale < 0 ...).
class Generator {
 public:
  explicit Generator(uint64_t seed, std::optional<Device> device = {});
  explicit Generator(const BitState& s, std::optional<Device> device = {}) : state_(s), device_(device) {}
  BitState& state() { return state_; }
  ndarray random(const Shape& shape, DType dtype = DType::Float64);
  // [low, high) (or [low, high] with endpoint) in `dtype` (any integer dtype or bool).
  ndarray integers(int64_t low, int64_t high, const Shape& shape, DType dtype = DType::Int64, bool endpoint = false);
  ndarray standard_normal(const Shape& shape, DType dtype = DType::Float64);
  ndarray normal(double loc, double scale, const Shape& shape);
  ndarray uniform(double low, double high, const Shape& shape);
  ndarray standard_exponential(const Shape& shape, DType dtype = DType::Float64);
  ndarray exponential(double scale, const Shape& shape);
  ndarray standard_gamma(double shape_param, const Shape& shape, DType dtype = DType::Float64);
  ndarray gamma(double shape_param, double scale, const Shape& shape);
  ndarray poisson(double lam, const Shape& shape);
  ndarray binomial(int64_t n, double p, const Shape& shape);

 private:
  BitState state_;
  std::optional<Device> device_;
};

}  // namespace cunum::random
