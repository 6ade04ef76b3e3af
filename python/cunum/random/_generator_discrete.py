"""Generator's integer-valued distributions (methods of Generator, defined
here to keep files small): NumPy's parameter checks, then one fill."""
import numpy

import cunum
from ._args import int64_param
from ._generator import _P, _bad_neg

_I64 = numpy.dtype(numpy.int64)


def binomial(self, n, p, size=None):
    n, p = _P("n", int64_param(n), True), _P("p", p)
    n.check(lambda x: x < 0, "n < 0")
    p.check(lambda x: ~((x >= 0) & (x <= 1)), "p < 0, p > 1 or p is NaN")
    return self._fill("Binomial", size, _I64, [n, p])


def negative_binomial(self, n, p, size=None, *, legacy=False):
    # NumPy's Generator reads n and p as float arrays (None is NaN) and bounds
    # the mean of the Poisson it mixes; its legacy draw does neither
    if not legacy:
        n, p = (numpy.nan if v is None else v for v in (n, p))
    n, p = _P("n", n), _P("p", p)
    if not legacy:
        n.check(lambda x: x != x, "n must not be NaN")
    n.check(lambda x: ~(x > 0), "n <= 0")
    p.check(lambda x: ~((x > 0) & (x <= 1)), "p < 0, p > 1 or p is NaN")
    if not legacy and _poisson_mean_too_large(n, p):
        raise ValueError("n too large or p too small, see Generator.negative_binomial Notes")
    return self._fill("NegativeBinomial", size, _I64, [n, p])


def _poisson_mean_too_large(n, p):
    """NumPy's bound on negative_binomial's gamma mixture: (1 - p) / p times
    n + 10 sqrt(n) must stay below the Poisson sampler's limit."""
    if n.array is None and p.array is None:
        return (1 - p.value) / p.value * (n.value + 10 * numpy.sqrt(n.value)) > _POISSON_LAM_MAX
    nv, pv = (q.array if q.array is not None else q.value for q in (n, p))
    return bool(cunum.any((1 - pv) / pv * (nv + 10 * cunum.sqrt(nv)) > _POISSON_LAM_MAX))


_POISSON_LAM_MAX = 9.223372006484771e18  # NumPy's: the largest mean its Poisson sampler takes


def poisson(self, lam=1.0, size=None):
    lam = _P("lam", lam)
    lam.check(_bad_neg, "lam < 0")
    lam.check(lambda x: x >= _POISSON_LAM_MAX, "lam value too large")
    lam.check(lambda x: x != x, "lam value too large")
    return self._fill("Poisson", size, _I64, [lam])


def geometric(self, p, size=None):
    p = _P("p", p)
    p.check(lambda x: ~((x > 0) & (x <= 1)), "p <= 0, p > 1 or p contains NaNs")
    return self._fill("Geometric", size, _I64, [p])


def hypergeometric(self, ngood, nbad, nsample, size=None):
    g, b, s = (_P(k, int64_param(v), True) for k, v in (("ngood", ngood), ("nbad", nbad), ("nsample", nsample)))
    g.check(lambda x: x < 0, "ngood < 0")
    b.check(lambda x: x < 0, "nbad < 0")
    s.check(lambda x: x < 0, "nsample < 0")
    if g.array is None and b.array is None and s.array is None:
        over = g.value + b.value < s.value  # on the host: scalar parameters never wait
    else:
        tot = [numpy.asarray(p.value) if p.array is None else p.array for p in (g, b, s)]
        over = bool(numpy.any(numpy.asarray(cunum.asnumpy(cunum.asarray(tot[0] + tot[1] < tot[2])))))
    if over:
        raise ValueError("ngood + nbad < nsample")
    return self._fill("Hypergeometric", size, _I64, [g, b, s])


def logseries(self, p, size=None):
    p = _P("p", p)
    p.check(lambda x: ~((x >= 0) & (x < 1)), "p < 0, p >= 1 or p is NaN")
    return self._fill("Logseries", size, _I64, [p])


def zipf(self, a, size=None):
    a = _P("a", a)
    a.check(lambda x: ~(x > 1), "a <= 1 or a is NaN")
    return self._fill("Zipf", size, _I64, [a])
