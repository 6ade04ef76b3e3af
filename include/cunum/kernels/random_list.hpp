// cunum/kernels/random_list.hpp — the distributions of the random-bits family,
// one row each: X(Name, kind, nparams). The functor cunum::random::Name
// (random_dists.hpp) defines the values; the kind fixes the output dtypes:
//   Real      float32 and float64
//   Count     int64 (NumPy's integer-valued distributions)
//   Integers  every integer dtype and bool
//   Raw       uint32 (words) or uint64 (pairs of words)
// Parameters are three 64-bit words per element (doubles, or for Integers
// the low bound and the span), each a scalar or an array (Note [Random plans]).
#pragma once

#define CUNUM_RANDOM_DISTS(X)         \
  X(Random, Real, 0)                  \
  X(Uniform, Real, 2)                 \
  X(StandardNormal, Real, 0)          \
  X(Normal, Real, 2)                  \
  X(StandardExponential, Real, 0)     \
  X(Exponential, Real, 1)             \
  X(Integers, Integers, 2)            \
  X(RawBits, Raw, 0)                  \
  X(Lognormal, Real, 2)               \
  X(StandardGamma, Real, 1)           \
  X(Gamma, Real, 2)                   \
  X(Beta, Real, 2)                    \
  X(Chisquare, Real, 1)               \
  X(F, Real, 2)                       \
  X(StandardT, Real, 1)               \
  X(StandardCauchy, Real, 0)          \
  X(Laplace, Real, 2)                 \
  X(Logistic, Real, 2)                \
  X(Gumbel, Real, 2)                  \
  X(Pareto, Real, 1)                  \
  X(Power, Real, 1)                   \
  X(Rayleigh, Real, 1)                \
  X(Weibull, Real, 1)                 \
  X(Wald, Real, 2)                    \
  X(Triangular, Real, 3)              \
  X(Vonmises, Real, 2)                \
  X(NoncentralChisquare, Real, 2)     \
  X(NoncentralF, Real, 3)             \
  X(Binomial, Count, 2)               \
  X(NegativeBinomial, Count, 2)       \
  X(Poisson, Count, 1)                \
  X(Geometric, Count, 1)              \
  X(Hypergeometric, Count, 3)         \
  X(Logseries, Count, 1)              \
  X(Zipf, Count, 1)

namespace cunum::random {
enum class Dist : int {
#define CUNUM_X(N, K, P) N,
  CUNUM_RANDOM_DISTS(CUNUM_X)
#undef CUNUM_X
};
enum class DistKind : int { Real, Count, Integers, Raw };
}  // namespace cunum::random
