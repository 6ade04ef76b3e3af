"""cunum.random.XORWOW and MRG32k3a (Note [Sequential engines]): the raw
words against an independent pure-Python implementation of the published
recurrences (stepping sequentially, and skipping ahead by Python's own matrix
powers), the counter model (fills split anywhere give the same values,
advance, jumped), state round trips, spawn, statistical sanity (moments,
chi-square of bytes, Kolmogorov-Smirnov) with checks that those tests reject
broken streams, every Generator distribution, and CPU == GPU bit for bit.
The seeding is cunum's (SeedSequence words), so streams differ from
cuRAND's and CuPy's: nothing here is compared with their values."""
import pickle

import numpy
import pytest
import scipy.stats as st

import cunum as cn
from helpers import USING_NUMPY_SHIM, devices, mvn_factor

pytestmark = [pytest.mark.usefixtures("device"),
              pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum's XORWOW and MRG32k3a: NumPy has none (the suite is running against NumPy)")]
ENGINES = ["XORWOW", "MRG32k3a"]
M32 = 0xFFFFFFFF
M1, M2 = 4294967087, 4294944443


def np_(x):
    return cn.asnumpy(x)


# ---------------------------------------------------------------- a Python reference
def xorwow_words(x, d, count):
    """Marsaglia's xorwow as published: the 32-bit words, one per step."""
    x = list(x)
    out = []
    for _ in range(count):
        t = x[0] ^ (x[0] >> 2)
        x = x[1:] + [((x[4] ^ (x[4] << 4)) ^ (t ^ (t << 1))) & M32]
        d = (d + 362437) & M32
        out.append((d + x[4]) & M32)
    return out


def mrg_words(s1, s2, count):
    """L'Ecuyer's MRG32k3a recurrences; the word is (x1 - x2) mod m1."""
    s1, s2 = list(s1), list(s2)
    out = []
    for _ in range(count):
        p1 = (1403580 * s1[1] - 810728 * s1[0]) % M1
        p2 = (527612 * s2[2] - 1370589 * s2[0]) % M2
        s1 = s1[1:] + [p1]
        s2 = s2[1:] + [p2]
        out.append((p1 - p2) % M1)
    return out


def reference_words(gen, count, skip=0):
    """The generator's words from position `skip` by the reference (skip
    small: stepped)."""
    s = gen.state["state"]
    if gen.state["bit_generator"] == "XORWOW":
        return xorwow_words(s["x"], s["d"], skip + count)[skip:]
    return mrg_words(s["s1"], s["s2"], skip + count)[skip:]


def words_of_raw(raw):
    """uint64 random_raw -> its 32-bit words in stream order (low word first)."""
    r = numpy.asarray(raw, dtype=numpy.uint64)
    return numpy.stack([r & numpy.uint64(M32), r >> numpy.uint64(32)], axis=-1).ravel().astype(numpy.int64).tolist()


def mat_mul_mod(a, b, m):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) % m for j in range(3)] for i in range(3)]


def mat_pow_mod(a, e, m):
    r = [[int(i == j) for j in range(3)] for i in range(3)]
    while e:
        if e & 1:
            r = mat_mul_mod(r, a, m)
        a = mat_mul_mod(a, a, m)
        e >>= 1
    return r


def mrg_skip(s1, s2, pos):
    """MRG32k3a's state after `pos` steps, by Python's own matrix power."""
    a1 = [[0, 1, 0], [0, 0, 1], [M1 - 810728, 1403580, 0]]
    a2 = [[0, 1, 0], [0, 0, 1], [M2 - 1370589, 0, 527612]]
    p1, p2 = mat_pow_mod(a1, pos, M1), mat_pow_mod(a2, pos, M2)
    return ([sum(p1[i][k] * s1[k] for k in range(3)) % M1 for i in range(3)],
            [sum(p2[i][k] * s2[k] for k in range(3)) % M2 for i in range(3)])


def xorwow_skip(x, d, pos):
    """XORWOW's state after `pos` steps: the 160-bit xorshift state as a
    Python int, its step matrix as 160 column ints, powered by squaring."""
    def step(v):
        w = [(v >> (32 * i)) & M32 for i in range(5)]
        t = w[0] ^ (w[0] >> 2)
        w = w[1:] + [((w[4] ^ (w[4] << 4)) ^ (t ^ (t << 1))) & M32]
        return sum(wi << (32 * i) for i, wi in enumerate(w))

    def apply(cols, v):
        r, i = 0, 0
        while v:
            if v & 1:
                r ^= cols[i]
            v >>= 1
            i += 1
        return r

    cols = [step(1 << i) for i in range(160)]
    v = sum(xi << (32 * i) for i, xi in enumerate(x))
    e = pos
    while e:
        if e & 1:
            v = apply(cols, v)
        e >>= 1
        if e:
            cols = [apply(cols, c) for c in cols]
    return [(v >> (32 * i)) & M32 for i in range(5)], (d + 362437 * pos) & M32


def make(name, seed=None, **kw):
    return getattr(cn.random, name)(seed, **kw)


# ---------------------------------------------------------------- raw words
@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("seed", [0, 42, 2**70 + 3])
def test_raw_words_equal_the_published_recurrence(name, seed):
    g = make(name, seed)
    ref = reference_words(g, 4000)
    assert words_of_raw(np_(g.random_raw(2000))) == ref
    assert g.state["state"]["counter"] == 1000  # blocks of four words
    u = np_(cn.random.Generator(make(name, seed)).random(8, dtype=numpy.float32))
    assert u.tolist() == [numpy.float32((w >> 8) * 2.0**-24) for w in ref[:8]]


@pytest.mark.parametrize("name", ENGINES)
def test_skip_ahead_equals_stepping(name):
    # advance(k) skips k blocks by matrix powers; the reference steps.
    for k in (1, 7, 1000, 12345):
        g = make(name, 9).advance(k)
        assert words_of_raw(np_(g.random_raw(64))) == reference_words(make(name, 9), 128, skip=4 * k)
    # a fill long enough for the CPU to split into chunks that each skip ahead
    g = make(name, 10)
    assert words_of_raw(np_(g.random_raw(80000))) == reference_words(make(name, 10), 160000)


@pytest.mark.parametrize("name", ENGINES)
def test_far_skip_ahead_equals_python_matrix_powers(name):
    g0 = make(name, 3)
    s = g0.state["state"]
    for k in (2**40 + 12345, 2**63 + 2**61 + 5):
        pos = 4 * k
        if name == "MRG32k3a":
            s1, s2 = mrg_skip(s["s1"], s["s2"], pos)
            ref = mrg_words(s1, s2, 16)
        else:
            x, d = xorwow_skip(s["x"], s["d"], pos)
            ref = xorwow_words(x, d, 16)
        assert words_of_raw(np_(make(name, 3).advance(k).random_raw(8))) == ref
    if name == "MRG32k3a":  # jumped(): 2^66 words further
        s1, s2 = mrg_skip(s["s1"], s["s2"], 2**66)
        assert words_of_raw(np_(make(name, 3).jumped().random_raw(4))) == mrg_words(s1, s2, 8)


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("call", [
    lambda g, n: g.random(n), lambda g, n: g.random(n, dtype=numpy.float32),
    lambda g, n: g.standard_normal(n, dtype=numpy.float32), lambda g, n: g.normal(1.0, 2.0, n),
    lambda g, n: g.integers(0, 1000, n), lambda g, n: g.gamma(0.7, 2.0, n), lambda g, n: g.poisson(30.0, n),
])
def test_fills_split_anywhere_equal_one_fill(name, call):
    whole = np_(call(cn.random.Generator(make(name, 11)), 40000))
    g = cn.random.Generator(make(name, 11))
    parts = numpy.concatenate([np_(call(g, 20000)), np_(call(g, 20000))])
    assert numpy.array_equal(whole, parts)


@pytest.mark.parametrize("name", ENGINES)
def test_state_round_trip_pickle_jumped_spawn(name):
    g = make(name, 5)
    gen = cn.random.Generator(g)
    gen.random(33)
    saved = g.state
    assert saved["bit_generator"] == name and saved["state"]["counter"] == 17
    x = np_(gen.standard_normal(100))
    g.state = saved
    assert numpy.array_equal(np_(gen.standard_normal(100)), x)
    h = make(name, 99)
    h.state = saved  # another seed's generator takes the whole state
    assert numpy.array_equal(np_(cn.random.Generator(h).standard_normal(100)), x)
    g.state = saved
    p = pickle.loads(pickle.dumps(g))
    assert type(p) is type(g) and p.state == saved
    assert numpy.array_equal(np_(cn.random.Generator(p).standard_normal(100)), x)
    with pytest.raises(ValueError):
        g.state = {"bit_generator": "Philox", "state": saved["state"]}
    with pytest.raises(ValueError):
        g.state = cn.random.Philox(1).state
    j = g.jumped()
    assert j.state["state"]["jump"] == 1 and g.state["state"]["jump"] == 0
    assert not numpy.array_equal(np_(cn.random.Generator(j).standard_normal(100)), x)
    # CuPy's signature: size= is accepted (no per-thread states to size)
    assert make(name, 5, size=1000).state == make(name, 5).state
    assert type(make(name).state["state"]["key"]) is int  # seed=None: OS entropy


@pytest.mark.parametrize("name", ENGINES)
def test_spawn_independent_and_reproducible(name):
    kids = make(name, 21).spawn(3)
    again = make(name, 21).spawn(3)
    n = 200000
    u = [np_(cn.random.Generator(k).random(n)) for k in kids]
    for k, v in zip(again, u):
        assert numpy.array_equal(np_(cn.random.Generator(k).random(n)), v)
    for k, seq in zip(make(name, 21).spawn(3), cn.random.SeedSequence(21).spawn(3)):  # the seed's children
        assert k.state == make(name, seq).state
    for a in range(3):
        for b in range(a + 1, 3):
            assert abs(numpy.corrcoef(u[a], u[b])[0, 1]) < 5 / numpy.sqrt(n)
    parent = np_(cn.random.Generator(make(name, 21)).random(n))
    assert abs(numpy.corrcoef(parent, u[0])[0, 1]) < 5 / numpy.sqrt(n)
    assert isinstance(cn.random.default_rng(make(name, 1)), cn.random.Generator)
    assert isinstance(cn.random.default_rng(make(name, 1)).bit_generator, getattr(cn.random, name))


# ---------------------------------------------------------------- statistics
def byte_chi2_pvalue(words):
    """Chi-square of the byte values of 32-bit words, per byte position."""
    w = numpy.asarray(words, dtype=numpy.uint64)
    ps = []
    for k in range(4):
        counts = numpy.bincount(((w >> numpy.uint64(8 * k)) & numpy.uint64(255)).astype(numpy.int64), minlength=256)
        ps.append(st.chisquare(counts).pvalue)
    return min(ps)


def moments_ok(u):
    n = len(u)
    return abs(u.mean() - 0.5) < 5 * numpy.sqrt(1 / 12 / n) and abs(u.var() - 1 / 12) < 5 * numpy.sqrt(1 / 180 / n)


def test_the_statistical_checks_reject_broken_streams():
    # The same checks as below on streams a broken generator would make.
    rng = numpy.random.default_rng(0)
    good = rng.integers(0, 2**32, 400000, dtype=numpy.uint64)
    assert byte_chi2_pvalue(good) > 1e-4
    assert byte_chi2_pvalue(good & numpy.uint64(0xFFFFFF00)) < 1e-12       # a stuck low byte
    assert byte_chi2_pvalue(good | numpy.uint64(0x00800000)) < 1e-12       # a stuck bit
    u = (good >> numpy.uint64(8)).astype(numpy.float64) * 2.0**-24
    assert moments_ok(u) and st.kstest(u, "uniform").pvalue > 1e-4
    assert st.kstest(u * 0.99, "uniform").pvalue < 1e-12                  # a range 1 % short
    assert not moments_ok(u ** 1.02)                                      # a slight skew
    z = st.norm.ppf(numpy.clip(u, 1e-12, 1 - 1e-12))
    assert st.kstest(z, "norm").pvalue > 1e-4
    assert st.kstest(z * 1.02, "norm").pvalue < 1e-8                      # variance 4 % off


@pytest.mark.parametrize("name", ENGINES)
def test_bits_bytes_moments_and_ks(name):
    g = make(name, 2026)
    words = words_of_raw(np_(g.random_raw(200000)))
    assert byte_chi2_pvalue(words) > 1e-4
    bits = numpy.unpackbits(numpy.asarray(words, dtype="<u4").view(numpy.uint8)).reshape(-1, 32).mean(axis=0)
    assert numpy.all(numpy.abs(bits - 0.5) < 5 * 0.5 / numpy.sqrt(len(words)))  # every bit position fair
    gen = cn.random.Generator(make(name, 2027))
    for dtype in (numpy.float32, numpy.float64):
        u = np_(gen.random(400000, dtype=dtype)).astype(numpy.float64)
        assert moments_ok(u) and st.kstest(u, "uniform").pvalue > 1e-4
        z = np_(gen.standard_normal(400000, dtype=dtype)).astype(numpy.float64)
        assert abs(z.mean()) < 5 / numpy.sqrt(len(z)) and abs(z.var() - 1) < 5 * numpy.sqrt(2 / len(z))
        assert st.kstest(z, "norm").pvalue > 1e-4
    # successive uniforms are uncorrelated (lag 1, within and across blocks)
    u = np_(gen.random(400001))
    assert abs(numpy.corrcoef(u[:-1], u[1:])[0, 1]) < 5 / numpy.sqrt(len(u))


CONT = [
    ("uniform", (-3.0, 5.0), "uniform", (-3.0, 8.0)),
    ("normal", (2.0, 3.0), "norm", (2.0, 3.0)),
    ("exponential", (2.5,), "expon", (0, 2.5)),
    ("standard_gamma", (0.3,), "gamma", (0.3,)),
    ("gamma", (2.0, 3.0), "gamma", (2.0, 0, 3.0)),
    ("beta", (0.5, 0.7), "beta", (0.5, 0.7)),
    ("standard_t", (5.0,), "t", (5.0,)),
    ("standard_cauchy", (), "cauchy", ()),
    ("lognormal", (0.5, 0.8), "lognorm", (0.8, 0, numpy.exp(0.5))),
    ("weibull", (1.7,), "weibull_min", (1.7,)),
    ("wald", (1.5, 2.0), "invgauss", (0.75, 0, 2.0)),
    ("vonmises", (0.5, 2.0), "vonmises", (2.0, 0.5)),
    ("noncentral_chisquare", (3.0, 2.0), "ncx2", (3.0, 2.0)),
]


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("dist,args,ref,rargs", CONT, ids=[c[0] for c in CONT])
def test_continuous_distributions(name, dist, args, ref, rargs):
    x = getattr(cn.random.Generator(make(name, 12345)), dist)(*args, size=20000)
    assert x.dtype == numpy.float64 and x.shape == (20000,)
    assert st.kstest(np_(x), getattr(st, ref)(*rargs).cdf).pvalue > 1e-4


DISC = [
    ("poisson", (3.5,), st.poisson(3.5)),
    ("poisson", (250.0,), st.poisson(250.0)),
    ("binomial", (5000, 0.4), st.binom(5000, 0.4)),
    ("geometric", (0.2,), st.geom(0.2)),
    ("hypergeometric", (900, 1100, 800), st.hypergeom(2000, 900, 800)),
]


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("dist,args,ref", DISC, ids=[d[0] + str(i) for i, d in enumerate(DISC)])
def test_discrete_distributions(name, dist, args, ref):
    n = 20000
    v = np_(getattr(cn.random.Generator(make(name, 777)), dist)(*args, size=n))
    assert v.dtype == numpy.int64
    lo, hi = ref.ppf(0.001), ref.ppf(0.995)  # the tails pooled
    ks_ = numpy.arange(lo, hi + 1)
    edges = numpy.concatenate([[-numpy.inf], ks_ + 0.5])
    edges[-1] = numpy.inf
    obs = numpy.histogram(v, bins=edges)[0]
    exp = numpy.diff(numpy.concatenate([[0.0], ref.cdf(ks_[:-1]), [1.0]])) * n
    keep = exp > 5
    obs2, exp2 = numpy.append(obs[keep], obs[~keep].sum()), numpy.append(exp[keep], exp[~keep].sum())
    if exp2[-1] == 0:
        obs2, exp2 = obs2[:-1], exp2[:-1]
    assert st.chisquare(obs2, exp2 * obs2.sum() / exp2.sum()).pvalue > 1e-4


@pytest.mark.parametrize("name", ENGINES)
def test_every_generator_method_runs(name):
    g = cn.random.Generator(make(name, 4))
    ints = np_(g.integers(-5, 5, 10000, dtype=numpy.int8))
    assert ints.dtype == numpy.int8 and ints.min() == -5 and ints.max() == 4
    assert sorted(np_(g.permutation(50)).tolist()) == list(range(50))
    x = cn.arange(20)
    g.shuffle(x)
    assert sorted(np_(x).tolist()) == list(range(20))
    assert np_(g.choice(10, 5, replace=False)).shape == (5,)
    assert len(g.bytes(7)) == 7
    d = np_(g.dirichlet([1.0, 2.0], 100))
    assert numpy.allclose(d.sum(axis=1), 1.0)
    m = np_(g.multinomial(10, [0.5, 0.5], 100))
    assert (m.sum(axis=1) == 10).all()
    mv = np_(g.multivariate_normal([0.0, 0.0], [[1.0, 0.5], [0.5, 1.0]], 20000))
    assert numpy.allclose(numpy.cov(mv.T), [[1.0, 0.5], [0.5, 1.0]], atol=0.05)
    for meth, args in [("f", (3.0, 4.0)), ("chisquare", (2.0,)), ("laplace", ()), ("logistic", ()),
                       ("gumbel", ()), ("pareto", (2.0,)), ("power", (2.0,)), ("rayleigh", ()),
                       ("triangular", (0.0, 0.5, 1.0)), ("noncentral_f", (3.0, 4.0, 1.0)),
                       ("negative_binomial", (3, 0.5)), ("logseries", (0.5,)), ("zipf", (2.0,))]:
        assert getattr(g, meth)(*args, size=5).shape == (5,)


# ---------------------------------------------------------------- CPU == GPU
@pytest.mark.skipif("cuda" not in devices(), reason="CPU == GPU needs a GPU")
@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("call", [
    lambda g: g.random(1000001), lambda g: g.random(100001, dtype=numpy.float32),
    lambda g: g.standard_normal(100001), lambda g: g.standard_normal(1000003, dtype=numpy.float32),
    lambda g: g.normal(3.0, 2.0, 5001), lambda g: g.uniform(-2.0, 5.0, 5001),
    lambda g: g.integers(0, 1000, 100001), lambda g: g.integers(-2**62, 2**62, 5001),
    lambda g: g.integers(0, 2, 5001, dtype=bool), lambda g: g.exponential(2.0, 5001),
    lambda g: g.standard_gamma(3.0, 5001), lambda g: g.bit_generator.random_raw(300001),
    lambda g: g.bit_generator.advance(2**50 + 3) and g.random(10001),
])
def test_cpu_equals_gpu(name, call):
    with cn.Device("cpu"):
        a = np_(call(cn.random.Generator(make(name, 2024))))
    with cn.Device("cuda"):
        b = np_(call(cn.random.Generator(make(name, 2024))))
    assert a.dtype == b.dtype and numpy.array_equal(a.view(numpy.uint8), b.view(numpy.uint8))


# ---------------------------------------------------------------- multivariate_normal on cunum.linalg
@pytest.mark.parametrize("method", ["svd", "eigh", "cholesky"])
def test_multivariate_normal_methods(method):
    cov = numpy.array([[2.0, 0.6, 0.1], [0.6, 1.0, -0.3], [0.1, -0.3, 0.5]])
    mean = [1.0, -1.0, 0.5]
    g = cn.random.default_rng(31)
    x = g.multivariate_normal(mean, cn.asarray(cov), size=(20000, 2), method=method)
    assert x.shape == (20000, 2, 3) and x.dtype == numpy.float64
    v = np_(x).reshape(-1, 3)
    assert numpy.allclose(numpy.cov(v.T), cov, atol=0.04)
    assert numpy.allclose(v.mean(axis=0), mean, atol=0.03)
    # the same draws as NumPy's formula applied to the same normals with NumPy's factor
    z = np_(cn.random.default_rng(31).standard_normal((20000, 2, 3))).reshape(-1, 3)
    fac = mvn_factor(numpy, cov, method)
    ref = mean + z @ fac.T
    if method == "cholesky":  # unique factor
        assert numpy.allclose(v, ref, rtol=1e-10, atol=1e-10)
    else:  # the factor, recovered from the draws: NumPy's up to the signs of its columns
        f = numpy.linalg.lstsq(z, v - numpy.asarray(mean), rcond=None)[0].T
        assert numpy.allclose(f @ f.T, cov, atol=1e-10)
        assert numpy.allclose(numpy.abs(f), numpy.abs(fac), atol=1e-10)
    assert g.multivariate_normal(mean, cov, method=method).shape == (3,)


def test_multivariate_normal_check_valid_and_errors():
    bad = numpy.array([[1.0, 2.0], [2.0, 1.0]])  # eigenvalues 3 and -1
    for method in ("svd", "eigh"):
        with pytest.warns(RuntimeWarning, match="positive-semidefinite"):
            numpy.random.default_rng(0).multivariate_normal([0, 0], bad, method=method)
        with pytest.warns(RuntimeWarning, match="positive-semidefinite"):
            cn.random.default_rng(0).multivariate_normal([0, 0], bad, method=method)
        with pytest.raises(ValueError, match="positive-semidefinite"):
            cn.random.default_rng(0).multivariate_normal([0, 0], bad, check_valid="raise", method=method)
        assert cn.random.default_rng(0).multivariate_normal([0, 0], bad, 5, check_valid="ignore",
                                                           method=method).shape == (5, 2)
    # a tiny negative eigenvalue within tol passes silently (eigh: s < -tol)
    near = numpy.array([[1.0, 1.0], [1.0, 1.0]]) - numpy.eye(2) * 1e-12
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cn.random.default_rng(0).multivariate_normal([0, 0], near, method="eigh")
    with pytest.raises(numpy.linalg.LinAlgError):
        cn.random.default_rng(0).multivariate_normal([0, 0], bad, method="cholesky")
    for args, kw in [(([0, 0], bad), {"method": "lu"}), (([0, 0], bad), {"check_valid": "bogus"}),
                     (([[0, 0]], bad), {}), (([0, 0], [1.0, 2.0]), {}), (([0, 0, 0], bad), {})]:
        with pytest.raises(ValueError) as e:
            numpy.random.default_rng(0).multivariate_normal(*args, **kw)
        with pytest.raises(ValueError, match=str(e.value)[:20]):
            cn.random.default_rng(0).multivariate_normal(*args, **kw)
    # legacy RandomState (NumPy's legacy: svd)
    y = cn.random.RandomState(3).multivariate_normal([0.0, 1.0], [[1.0, 0.3], [0.3, 2.0]], 10)
    assert y.shape == (10, 2)
