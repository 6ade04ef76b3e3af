"""Bad arguments in bulk for cunum.random (issue 7's "bad inputs in bulk"):
every Generator and RandomState draw gets, in each parameter position and
with size None and 3, values NumPy refuses or treats specially (None,
strings, negatives, NaN, infinities, ints past int64, empty and nested
lists, bools, 0-d and empty arrays, complex). cunum must raise the same
exception type as NumPy, or succeed with NumPy's shape and dtype (a 0-d
array where NumPy gives a scalar: CuPy's rule). A sweep of these found
three samplers that never returned (noncentral_chisquare and vonmises with
a NaN parameter, zipf with a >= 1025) and ~260 differences (stop 31)."""
import inspect
import warnings

import numpy
import pytest

import cunum as cn
from helpers import USING_NUMPY_SHIM

pytestmark = [pytest.mark.usefixtures("device"),
              pytest.mark.skipif(USING_NUMPY_SHIM, reason="compares cunum's random API with NumPy's")]

BAD = [None, "x", -1, 0, -0.5, 1.5, 2, float("nan"), float("inf"), -float("inf"), 10**20, [], [1.0, -1.0],
       [[0.5]], True, numpy.array(0.5), numpy.array([]), 1j]

GOOD = {"hypergeometric": [5, 5, 3], "triangular": [0, 1, 2], "noncentral_f": [2, 3, 1], "wald": [1, 1],
        "multinomial": [5, [0.5, 0.5]], "multivariate_hypergeometric": [[2, 3], 2], "dirichlet": [[1.0, 2.0]],
        "choice": [3], "permutation": [3], "bytes": [3]}

GENERATOR = ["beta", "binomial", "chisquare", "dirichlet", "exponential", "f", "gamma", "geometric", "gumbel",
             "hypergeometric", "laplace", "logistic", "lognormal", "logseries", "multinomial", "negative_binomial",
             "noncentral_chisquare", "noncentral_f", "normal", "pareto", "poisson", "power", "rayleigh",
             "standard_cauchy", "standard_exponential", "standard_gamma", "standard_normal", "standard_t",
             "triangular", "uniform", "vonmises", "wald", "weibull", "zipf", "integers", "random", "choice",
             "permutation", "bytes", "multivariate_hypergeometric"]
LEGACY = [m for m in GENERATOR if m not in ("integers", "multivariate_hypergeometric")] + [
    "randint", "random_sample", "tomaxint", "random_integers"]


def _departure(legacy, name, args):
    """Where cunum departs from NumPy on purpose (docs/random.md)."""
    def number(v):
        return type(v) in (int, float)
    if name == "bytes" and number(args[0]) and args[0] == -1:
        return True  # NumPy returns 3 bytes for a length of -1; cunum none
    if legacy and name == "negative_binomial" and ((number(args[0]) and args[0] != args[0]) or
                                                   (number(args[1]) and args[1] == 0)):
        return True  # NumPy's legacy draw returns INT64_MIN for n = NaN or p = 0; cunum raises
    return False


def _numpy_hangs(legacy, name, value):
    # NumPy's legacy vonmises and zipf loop for ever with a huge kappa or a,
    # and so does Generator.zipf before NumPy 2.1 (cunum's samplers have the
    # guards: test_zipf_of_a_huge_exponent_is_one)
    huge = type(value) in (int, float) and value > 1e3
    return huge and (name == "zipf" or (legacy and name == "vonmises"))


def _outcome(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            r = fn()
        except Exception as e:  # noqa: BLE001 - the type is what is compared
            return type(e)
    if isinstance(r, bytes):
        return ("bytes", len(r))
    return ("ok", numpy.shape(r), numpy.asarray(r).dtype)


def _cases(legacy, name):
    ref = numpy.random.RandomState(0) if legacy else numpy.random.default_rng(0)
    sig = inspect.signature(getattr(ref, name))
    k = max(1, len([p for p in sig.parameters.values()
                    if p.default is inspect.Parameter.empty and p.kind == p.POSITIONAL_OR_KEYWORD]))
    good = GOOD.get(name, [0.5] * k)
    for i in range(len(good)):
        for bad in BAD:
            if _numpy_hangs(legacy, name, bad):
                continue
            args = list(good)
            args[i] = bad
            for size in (None, 3):
                sized = size is not None and name not in ("bytes", "permutation", "tomaxint")
                yield args, ({"size": size} if sized else {})


@pytest.mark.parametrize("legacy,name", [(False, m) for m in GENERATOR] + [(True, m) for m in LEGACY])
def test_bad_arguments_as_numpy(legacy, name):
    np_gen = (lambda: numpy.random.RandomState(0)) if legacy else (lambda: numpy.random.default_rng(0))
    cn_gen = (lambda: cn.random.RandomState(0)) if legacy else (lambda: cn.random.default_rng(0))
    wrong = []
    for args, kw in _cases(legacy, name):
        if _departure(legacy, name, args):
            continue
        want = _outcome(lambda: getattr(np_gen(), name)(*args, **kw))
        ours = [cn.asarray(a) if isinstance(a, numpy.ndarray) else a for a in args]
        got = _outcome(lambda: getattr(cn_gen(), name)(*ours, **kw))
        if isinstance(want, type):
            same = isinstance(got, type) and issubclass(got, want)
        else:
            same = got == want
        if not same:
            wrong.append(f"{name}{tuple(args)} {kw}: NumPy {want}, cunum {got}")
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("call", [
    lambda g: g.noncentral_chisquare(0.5, float("nan"), size=4),
    lambda g: g.noncentral_chisquare(3.0, float("nan"), size=4),
    lambda g: g.vonmises(0.5, float("nan"), size=4),
    lambda g: g.vonmises(float("nan"), 1.0, size=4),
])
def test_nan_parameters_give_nan_not_a_hang(call):
    """These looped for ever (a rejection sampler that never accepts): on
    the GPU a kernel that never ends. NumPy returns NaN."""
    want = call(numpy.random.default_rng(0))
    got = cn.asnumpy(call(cn.random.default_rng(0)))
    assert numpy.isnan(want).all() and numpy.isnan(got).all() and got.shape == want.shape


@pytest.mark.parametrize("a", [1024.0, 1025.0, 2000.0, 1e10, float("inf")])
def test_zipf_of_a_huge_exponent_is_one(a):
    """2^(a-1) overflows from a = 1025: the draw is 1 (it looped for ever).
    P(X > 1) < 2^-1023 here, so 1 is every draw's value (NumPy >= 2.1 gives
    1 too; older NumPy loops for ever, so it is not called)."""
    got = cn.asnumpy(cn.random.default_rng(0).zipf(a, 100))
    assert got.dtype == numpy.int64 and (got == 1).all()
