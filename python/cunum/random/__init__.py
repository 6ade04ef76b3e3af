"""cunum.random: NumPy's random module (Generator and the legacy API) on
cunum's counter-based Philox4x32-10, the same code on the CPU and the GPU
(docs/random.md): a seed gives the same values on every device.

    rng = cunum.random.default_rng(42)
    rng.random(5)                        # float64 in [0, 1)
    rng.standard_normal((2, 3), dtype=cunum.float32)
    rng.integers(0, 10, size=100)
"""
from ._seed import SeedSequence
from ._bit_generator import BitGenerator, MRG32k3a, Philox, XORWOW

Philox4x3210 = Philox  # CuPy's name for the same algorithm (its size= is not needed: no per-thread states)
from ._generator import Generator, default_rng
from ._legacy import RandomState, get_random_state, reset_states, set_random_state, seed
from ._legacy import (beta, binomial, bytes, chisquare, choice, dirichlet, exponential, f, gamma, geometric,
                      gumbel, hypergeometric, laplace, logistic, lognormal, logseries, multinomial,
                      multivariate_normal, negative_binomial, noncentral_chisquare, noncentral_f, normal,
                      pareto, permutation, poisson, power, rand, randint, randn, random, random_integers,
                      random_sample, ranf, rayleigh, sample, shuffle, standard_cauchy, standard_exponential,
                      standard_gamma, standard_normal, standard_t, triangular, uniform, vonmises, wald,
                      weibull, zipf)
