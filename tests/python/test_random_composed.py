"""Generator.choice, dirichlet, multinomial, multivariate_hypergeometric and
multivariate_normal are C++ routines (cunum/random.hpp). Each must give,
bit for bit, the values of its algorithm written here in Python over the
Generator's one-distribution fills and cunum's array routines (the
composition these methods were before they moved into C++): the same fills
in the same order, so a seed's stream did not change, on every device. The
counters after the call must agree too. Distributions and NumPy's errors are
tested in test_random.py and test_random_engines.py."""
import operator
import warnings

import numpy
import pytest

import cunum as cn
from helpers import USING_NUMPY_SHIM, mvn_factor

pytestmark = [pytest.mark.usefixtures("device"),
              pytest.mark.skipif(USING_NUMPY_SHIM, reason="compares cunum's stream with its own composition")]


def _shape(size):
    return () if size is None else ((operator.index(size),) if numpy.ndim(size) == 0 else tuple(size))


# ---------------------------------------------------------------- the compositions
def ref_choice(g, a, size=None, replace=True, p=None, axis=0, shuffle=True):
    arr = None if isinstance(a, int) else cn.asarray(a)
    pop = a if arr is None else arr.shape[axis]
    shape = _shape(size)
    k = int(numpy.prod(shape, dtype=numpy.int64))
    pp = None if p is None else cn.asarray(p, dtype=numpy.float64)
    if replace:
        if p is None:
            idx = g.integers(0, pop, size=shape) if pop > 0 else cn.zeros(shape, dtype=numpy.int64)
        else:
            cdf = cn.cumsum(pp)
            cdf = cdf / cdf[-1]
            u = g.random(shape)
            idx = cn.minimum(cn.searchsorted(cdf, u.ravel(), side="right"), pop - 1).reshape(shape)
    else:
        if p is None:
            idx = g.permutation(pop)[:k]
        else:
            idx = cn.argsort(g.standard_exponential((pop,)) / pp)[:k]
        if not shuffle:
            idx = cn.sort(idx)
        idx = idx.reshape(shape)
    if arr is None:
        return idx
    if size is None and arr.ndim == 1:
        return cn.take(arr, idx)
    return cn.take(arr, idx, axis=axis)


def ref_dirichlet(g, alpha, size=None):
    al = numpy.asarray(alpha, dtype=numpy.float64)
    shape = _shape(size)
    if al.size and al.max() < 0.1:
        left = cn.ones(shape, dtype=numpy.float64)
        tail = numpy.cumsum(al[::-1])[::-1]
        cols = []
        for j in range(al.shape[0] - 1):
            x = g.beta(al[j], tail[j + 1], size=shape) * left
            cols.append(x)
            left = left - x
        cols.append(left)
        return cn.stack(cols, axis=-1)
    gm = g.standard_gamma(cn.broadcast_to(cn.asarray(al), shape + al.shape))
    return gm / cn.sum(gm, axis=-1, keepdims=True)


def ref_multinomial(g, n, pvals, size=None):
    pv = numpy.asarray(pvals, dtype=numpy.float64)
    nn = numpy.asarray(n)
    shape = nn.shape if size is None else _shape(size)
    left = cn.broadcast_to(cn.asarray(nn.astype(numpy.int64)), shape).copy()
    rest = 1.0
    cols = []
    for j in range(pv.shape[0] - 1):
        q = min(max(pv[j] / rest, 0.0), 1.0) if rest > 0 else 0.0
        x = g.binomial(left, q, size=shape) if len(shape) else g.binomial(left.reshape(1), q, size=(1,))[0]
        cols.append(x)
        left = left - x
        rest -= pv[j]
    cols.append(left)
    return cn.stack(cols, axis=-1)


def ref_mvhg(g, colors, nsample, size=None):
    c = numpy.asarray(colors, dtype=numpy.int64)
    shape = _shape(size)
    sh = shape if shape else (1,)
    left = cn.full(sh, nsample, dtype=numpy.int64)
    rest = int(c.sum())
    cols = []
    for j in range(c.shape[0] - 1):
        rest -= int(c[j])
        x = g.hypergeometric(int(c[j]), rest, left, size=sh)
        cols.append(x)
        left = left - x
    cols.append(left)
    r = cn.stack(cols, axis=-1)
    return r if shape else r[0]


def ref_mvn(g, mean, cov, size=None, method="svd"):
    m, cv = cn.asarray(mean), cn.asarray(cov)
    shape = _shape(size)
    k = m.shape[0]
    z = g.standard_normal(shape + (k,))
    factor = mvn_factor(cn, cv.astype(numpy.float64), method)
    return (cn.matmul(z.reshape(-1, k), factor.T) + m).reshape(shape + (k,))


# ---------------------------------------------------------------- the cases
GENS = {"philox": "Philox", "xorwow": "XORWOW", "mrg32k3a": "MRG32k3a"}  # names: the NumPy stand-in has no XORWOW
CASES = [
    ("choice", ref_choice, (10,), dict(size=1000)),
    ("choice", ref_choice, (10,), dict()),
    ("choice", ref_choice, (7,), dict(size=(3, 4), p=[0.1, 0.0, 0.2, 0.3, 0.1, 0.2, 0.1])),
    ("choice", ref_choice, (50,), dict(size=20, replace=False)),
    ("choice", ref_choice, (50,), dict(size=(4, 5), replace=False, shuffle=False)),
    ("choice", ref_choice, (6,), dict(size=4, replace=False, p=[0.3, 0.1, 0.0, 0.2, 0.2, 0.2])),
    ("choice", ref_choice, (6,), dict(size=3, replace=False, p=[0.3, 0.1, 0.0, 0.2, 0.2, 0.2], shuffle=False)),
    ("choice", ref_choice, (0,), dict(size=0)),
    ("choice", ref_choice, (numpy.arange(12.0).reshape(4, 3),), dict(size=5)),
    ("choice", ref_choice, (numpy.arange(12.0).reshape(4, 3),), dict(size=(2, 2), axis=1)),
    ("choice", ref_choice, (numpy.arange(12.0).reshape(4, 3),), dict(size=2, axis=-1, replace=False)),
    ("choice", ref_choice, (numpy.arange(5),), dict()),
    ("choice", ref_choice, (numpy.arange(5),), dict(size=3, p=[0.5, 0.1, 0.1, 0.1, 0.2])),
    ("dirichlet", ref_dirichlet, ([1.0, 2.0, 3.0],), dict(size=500)),
    ("dirichlet", ref_dirichlet, ([0.5, 4.0],), dict()),
    ("dirichlet", ref_dirichlet, ([0.01, 0.02, 0.05],), dict(size=(20, 3))),
    ("dirichlet", ref_dirichlet, ([0.03, 0.04],), dict()),
    ("dirichlet", ref_dirichlet, ([0.05],), dict(size=4)),
    ("dirichlet", ref_dirichlet, ([],), dict(size=3)),
    ("multinomial", ref_multinomial, (100, [0.2, 0.3, 0.5]), dict(size=400)),
    ("multinomial", ref_multinomial, (20, [0.25, 0.25, 0.25, 0.25]), dict()),
    ("multinomial", ref_multinomial, ([[5], [50]], [0.1, 0.6, 0.3]), dict()),
    ("multinomial", ref_multinomial, ([5, 50, 500], [0.5, 0.5]), dict(size=(2, 3))),
    ("multinomial", ref_multinomial, (30, [0.6, 0.4, 0.0]), dict(size=7)),
    ("multivariate_hypergeometric", ref_mvhg, ([5, 10, 15], 12), dict(size=300)),
    ("multivariate_hypergeometric", ref_mvhg, ([5, 10, 15, 0, 3], 20), dict()),
    ("multivariate_hypergeometric", ref_mvhg, ([100, 2000, 300], 1000), dict(size=(3, 4))),
    ("multivariate_normal", ref_mvn, ([1.0, -1.0], [[2.0, 0.6], [0.6, 1.0]]), dict(size=300)),
    ("multivariate_normal", ref_mvn, ([0.0, 1.0, 2.0], [[2.0, 0.6, 0.1], [0.6, 1.0, 0.0], [0.1, 0.0, 3.0]]),
     dict(size=(4, 5), method="eigh")),
    ("multivariate_normal", ref_mvn, ([0.0, 1.0], [[2.0, 0.6], [0.6, 1.0]]), dict(method="cholesky")),
    ("multivariate_normal", ref_mvn, ([1, 2], [[1, 0], [0, 4]]), dict(size=6)),
]


@pytest.mark.parametrize("engine", sorted(GENS))
@pytest.mark.parametrize("case", range(len(CASES)))
def test_method_equals_its_composition(engine, case):
    name, ref, args, kw = CASES[case]
    bits = getattr(cn.random, GENS[engine])
    ours, theirs = cn.random.Generator(bits(77 + case)), cn.random.Generator(bits(77 + case))
    ours.random(3), theirs.random(3)  # start away from block 0
    got = getattr(ours, name)(*args, **kw)
    want = ref(theirs, *args, **kw)
    assert got.shape == want.shape and got.dtype == want.dtype
    assert numpy.array_equal(cn.asnumpy(got), cn.asnumpy(want))
    assert ours.bit_generator.state == theirs.bit_generator.state
    # and the stream goes on from the same place
    assert numpy.array_equal(cn.asnumpy(ours.random(5)), cn.asnumpy(theirs.random(5)))


def test_choice_of_a_cunum_array_with_device_p():
    g, h = cn.random.default_rng(3), cn.random.default_rng(3)
    a, p = cn.arange(20) * 2, cn.asarray(numpy.full(20, 0.05))
    assert numpy.array_equal(cn.asnumpy(g.choice(a, 8, p=p)), cn.asnumpy(ref_choice(h, a, 8, p=p)))


def test_warning_keeps_the_draws():
    """'warn' warns once and still returns the draws of the composition;
    an error after the first fill leaves that fill consumed, as before."""
    bad = [[1.0, 2.0], [2.0, 1.0]]
    g, h = cn.random.default_rng(5), cn.random.default_rng(5)
    with pytest.warns(RuntimeWarning, match="positive-semidefinite"):
        x = g.multivariate_normal([0.0, 0.0], bad, 4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = ref_mvn(h, [0.0, 0.0], bad, 4)
    assert numpy.array_equal(cn.asnumpy(x), cn.asnumpy(want))
    g, h = cn.random.default_rng(6), cn.random.default_rng(6)
    with pytest.raises(ValueError, match="check_valid must equal"):
        g.multivariate_normal([0.0, 0.0], bad, 4, check_valid="nope")
    h.standard_normal((4, 2))
    assert g.bit_generator.state == h.bit_generator.state
