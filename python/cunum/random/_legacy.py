"""NumPy's legacy API (RandomState and the module functions) on the same
Philox streams as Generator. Streams differ from NumPy's MT19937 (as CuPy's
do); signatures, dtypes and errors are NumPy's."""
import operator
import warnings

import numpy

import cunum

from ._args import int64_param, python_int, shape_of
from ._bit_generator import Philox
from ._generator import Generator
from ._generator_more import _population_ndim

# Generator.choice's messages about p -> RandomState.choice's (NumPy keeps both)
_LEGACY_CHOICE_MESSAGES = {
    "Probabilities contain NaN": "probabilities contain NaN",
    "Probabilities are not non-negative": "probabilities are not non-negative",
    "Probabilities do not sum to 1. See Notes section of docstring for more information.":
        "probabilities do not sum to 1",
    "a cannot be empty unless no samples are taken": "'a' cannot be empty unless no samples are taken",
    "a must be a positive integer unless no samples are taken":
        "a must be greater than 0 unless no samples are taken",
}


# CuPy's legacy draws take a dtype after size (cupy.random.normal(0, 1, 10,
# numpy.float32), or dtype=): the number of parameters before it. The draw is
# NumPy's (float64, or int64 for the discrete ones), then cast, as CuPy's
# kernels write their float64 results into an array of that dtype.
_CUPY_DTYPE_AT = {
    "beta": 3, "binomial": 3, "chisquare": 2, "dirichlet": 2, "exponential": 2, "f": 3, "gamma": 3,
    "geometric": 2, "gumbel": 3, "hypergeometric": 4, "laplace": 3, "logistic": 3, "lognormal": 3,
    "logseries": 2, "noncentral_chisquare": 3, "noncentral_f": 4, "normal": 3, "pareto": 2,
    "poisson": 2, "power": 2, "rayleigh": 2, "standard_cauchy": 1, "standard_t": 2, "triangular": 4,
    "uniform": 3, "vonmises": 3, "wald": 3, "weibull": 2, "zipf": 2, "multivariate_normal": 6}


def _split_dtype(name, args, at, dtype):
    if len(args) <= at:
        return args, dtype
    if len(args) > at + 1:
        raise TypeError(f"{name}() takes at most {at + 1} positional arguments ({len(args)} given)")
    if dtype is not None:
        raise TypeError(f"{name}() got multiple values for argument 'dtype'")
    return args[:at], args[at]


def _legacy_method(state, name):
    # The Generator is looked up at each call: a bound method taken before
    # state.seed(...) (which makes a new Generator) draws from the new seed, as
    # NumPy's bound methods do.
    at = _CUPY_DTYPE_AT.get(name)

    def draw(*args, dtype=None, **kwargs):
        if at is not None:
            args, dtype = _split_dtype(name, args, at, dtype)
        elif dtype is not None:
            kwargs["dtype"] = dtype
        out = getattr(state._gen, name)(*args, **kwargs)
        return out if dtype is None or at is None else out.astype(dtype, copy=False)
    draw.__name__ = draw.__qualname__ = name
    draw.__doc__ = f"numpy.random.RandomState.{name}" + (", with CuPy's dtype= (the draw is cast to it)."
                                                        if at is not None else ".")
    return draw


class RandomState:
    """numpy.random.RandomState's methods over a cunum Generator (Philox)."""

    def __init__(self, seed=None):
        self.seed(seed)

    def seed(self, seed=None):
        if seed is not None and not isinstance(seed, (int, numpy.integer)) and numpy.ndim(seed) == 0:
            raise TypeError("Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'")
        self._gen = Generator(Philox(seed))

    def get_state(self, legacy=True):
        return self._gen.bit_generator.state

    def set_state(self, state):
        self._gen.bit_generator.state = state

    def __getattr__(self, name):
        # beta, binomial, chisquare, exponential, f, gamma, geometric, gumbel, hypergeometric, laplace,
        # logistic, lognormal, logseries, multinomial, multivariate_normal, noncentral_*, normal, pareto,
        # poisson, power, rayleigh, standard_cauchy, standard_t, triangular, uniform, vonmises, wald,
        # weibull, zipf, dirichlet, permutation, bytes: NumPy's legacy signatures are the Generator's.
        if name in _SAME:
            return _legacy_method(self, name)
        raise AttributeError(name)

    # These take CuPy's dtype too (float32 or float64, drawn in that dtype as
    # Generator's own dtype= draws: NumPy's Generator refuses the others)
    def rand(self, *args, dtype=float):
        return self._gen.random(args if args else None, dtype=dtype)

    def randn(self, *args, dtype=float):
        return self._gen.standard_normal(args if args else None, dtype=dtype)

    def random_sample(self, size=None, dtype=float):
        return self._gen.random(size, dtype=dtype)

    random = ranf = sample = random_sample

    def standard_normal(self, size=None, dtype=float):
        return self._gen.standard_normal(size, dtype=dtype)

    def standard_exponential(self, size=None, dtype=float):
        return self._gen.standard_exponential(size, dtype=dtype)

    def standard_gamma(self, shape, size=None, dtype=float):
        return self._gen.standard_gamma(shape, size, dtype=dtype)

    def randint(self, low, high=None, size=None, dtype=int):
        return self._gen.integers(low, high, size=size, dtype=dtype)

    def random_integers(self, low, high=None, size=None):
        warnings.warn("This function is deprecated. Please call randint(1, {high} + 1) instead".format(
            high=low if high is None else high), DeprecationWarning, stacklevel=2)
        if high is None:
            low, high = 1, low
        high = int(high)  # NumPy's: one integer (int() of a float truncates; arrays raise)
        return self._gen.integers(low, high, size=size, endpoint=True)

    def tomaxint(self, size=None):
        return self._gen.integers(0, numpy.iinfo(numpy.int64).max, size=size, endpoint=True)

    def choice(self, a, size=None, replace=True, p=None):
        nd = _population_ndim(a)  # the legacy API draws from 1-d populations only
        if nd == 0:
            raise ValueError("a must be 1-dimensional or an integer")
        if nd is not None and nd != 1:
            raise ValueError("a must be 1-dimensional")
        try:
            return self._gen.choice(a, size=size, replace=replace, p=p)
        except ValueError as e:  # RandomState spells p's errors as NumPy's legacy code does
            legacy = _LEGACY_CHOICE_MESSAGES.get(str(e))
            if legacy is None:
                raise
            raise ValueError(legacy) from None

    def hypergeometric(self, ngood, nbad, nsample, size=None, dtype=None):
        # NumPy's legacy draw refuses nsample < 1, where Generator's gives zeros;
        # a Python number goes through int() first, an array through a safe cast
        nsample = int64_param(nsample)
        ns = nsample if isinstance(nsample, cunum.ndarray) else numpy.asarray(nsample)
        if not bool((ns >= 1).all()):
            raise ValueError("nsample < 1 or nsample " + ("is NaN" if ns.ndim == 0 else "contains NaNs"))
        return _legacy_method(self, "hypergeometric")(ngood, nbad, nsample, size, dtype=dtype)

    def uniform(self, low=0.0, high=1.0, size=None, dtype=None):
        # NumPy's legacy uniform takes high < low (it draws from (high, low])
        out = self._gen._uniform(low, high, size, ordered=False)
        return out if dtype is None else out.astype(dtype, copy=False)

    def permutation(self, x):
        if not isinstance(x, (int, numpy.integer)) and numpy.ndim(x) == 0:
            raise IndexError("x must be an integer or at least 1-dimensional")
        return self._gen.permutation(x)

    def multinomial(self, n, pvals, size=None):
        # the legacy draw takes one integer n and a 1-d pvals
        if isinstance(n, (cunum.ndarray, numpy.ndarray)):
            if n.ndim:
                raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
            n = n.item()
        if not isinstance(n, (int, float, numpy.number)) or isinstance(n, complex):
            raise TypeError("an integer is required")
        n = python_int(n)
        if isinstance(pvals, str):
            float(pvals)  # NumPy reads it as a float first: ValueError
        nd = pvals.ndim if isinstance(pvals, cunum.ndarray) else numpy.ndim(pvals)
        if nd == 0:
            raise TypeError("pvals must be a 1-d sequence")
        if nd > 1:
            raise ValueError("setting an array element with a sequence. The requested array would exceed the "
                             "maximum number of dimension of 1.")
        if len(pvals) == 0:  # no categories: an empty draw per sample (Generator raises here)
            return cunum.zeros((shape_of(size) or ()) + (0,), numpy.int64)
        return self._gen.multinomial(n, pvals, size)

    def shuffle(self, x):
        self._gen.shuffle(x)

    def negative_binomial(self, n, p, size=None, dtype=None):
        out = self._gen.negative_binomial(n, p, size, legacy=True)
        return out if dtype is None else out.astype(dtype, copy=False)


_SAME = {"beta", "binomial", "chisquare", "exponential", "f", "gamma", "geometric", "gumbel", "hypergeometric",
         "laplace", "logistic", "lognormal", "logseries", "multinomial", "multivariate_normal",
         "noncentral_chisquare", "noncentral_f", "normal", "pareto", "poisson", "power", "rayleigh",
         "standard_cauchy", "standard_t", "triangular", "uniform", "vonmises", "wald", "weibull", "zipf",
         "dirichlet", "permutation", "bytes"}

_state = None


def get_random_state():
    """The module's RandomState (made at the first call, seeded from the OS)."""
    global _state
    if _state is None:
        _state = RandomState()
    return _state


def set_random_state(rs):
    global _state
    if not isinstance(rs, RandomState):
        raise TypeError("Random state must be a cunum.random.RandomState")
    _state = rs


def seed(seed=None):
    get_random_state().seed(seed)


def reset_states():
    """Drops the module's RandomState: the next module-level draw makes a new
    one, seeded from the OS (CuPy's cupy.random.reset_states)."""
    global _state
    _state = None


def _module_function(name):
    def f(*args, **kwargs):
        return getattr(get_random_state(), name)(*args, **kwargs)
    f.__name__ = name
    f.__qualname__ = name
    f.__doc__ = f"numpy.random.{name} on the module's RandomState (get_random_state())."
    return f


_FUNCTIONS = sorted(_SAME | {"rand", "randn", "randint", "random_integers", "random_sample", "random", "ranf",
                             "sample", "choice", "shuffle", "standard_normal", "standard_exponential",
                             "standard_gamma", "negative_binomial"})
for _n in _FUNCTIONS:
    globals()[_n] = _module_function(_n)
del _n
