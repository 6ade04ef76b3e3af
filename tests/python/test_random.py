"""cunum.random against NumPy and SciPy: seeding (NumPy's SeedSequence
words), Philox's published answers, determinism and the counter model,
CPU == GPU bit for bit, shapes, dtypes and bounds, the distributions by
Kolmogorov-Smirnov / chi-square tests on large samples with fixed seeds,
and NumPy's errors. Streams differ from NumPy's (another bit generator), so
values are compared with distributions, not with NumPy's draws."""
import numpy
import pytest
import scipy.stats as st

import cunum as cn
from helpers import USING_NUMPY_SHIM, assert_raises_like, devices

pytestmark = pytest.mark.usefixtures("device")
N = 20000


def np_(x):
    return cn.asnumpy(x)


# cunum's Philox is Random123's philox4x32-10 (CuPy's Philox4x3210), NumPy's
# is philox4x64-10: their known answers, keys and block sizes differ.
cunum_philox = pytest.mark.skipif(
    USING_NUMPY_SHIM, reason="cunum's Philox is philox4x32-10, NumPy's philox4x64-10 (the suite is running against NumPy)")


def _is_0d(x):
    """cunum answers size=None with a 0-d array (CuPy's rule); NumPy with a
    Python or NumPy scalar, which the stand-in passes on."""
    return numpy.ndim(x) == 0 if USING_NUMPY_SHIM else x.shape == ()


# ---------------------------------------------------------------- seeding
@pytest.mark.parametrize("seed", [0, 1, 42, 2**32 - 1, 2**32 + 5, 2**64 + 3, 2**128 + 9, [1, 2, 3],
                                  [2**40, 5, 0], numpy.array([7, 8], dtype=numpy.uint32)])
def test_seed_sequence_matches_numpy(seed):
    ours, theirs = cn.random.SeedSequence(seed), numpy.random.SeedSequence(seed)
    for n in (1, 2, 4, 9):
        assert numpy.array_equal(ours.generate_state(n), theirs.generate_state(n))
        assert numpy.array_equal(ours.generate_state(n, numpy.uint64), theirs.generate_state(n, numpy.uint64))
    for a, b in zip(ours.spawn(3), theirs.spawn(3)):
        assert a.spawn_key == b.spawn_key
        assert numpy.array_equal(a.generate_state(4), b.generate_state(4))
    big = cn.random.SeedSequence(seed, pool_size=8).generate_state(5)
    assert numpy.array_equal(big, numpy.random.SeedSequence(seed, pool_size=8).generate_state(5))


def test_seed_sequence_errors():
    for bad in (-1, 1.5, "x"):
        with pytest.raises((TypeError, ValueError)) as e1:
            numpy.random.SeedSequence(bad)
        with pytest.raises(e1.type):
            cn.random.SeedSequence(bad)
    with pytest.raises(ValueError):
        cn.random.SeedSequence(1).generate_state(2, numpy.int32)


@cunum_philox
def test_philox_known_answers():
    # Random123's philox4x32-10 vectors: counter 0 and key 0, then all ones.
    r = np_(cn.random.Philox(key=0, counter=0).random_raw(2))
    assert r.tolist() == [0xE169C58D6627E8D5, 0x9B00DBD8BC57AC4C]
    g = cn.random.Philox(key=2**64 - 1, counter=2**64 - 1)
    assert g.state["state"]["counter"] == 2**64 - 1
    assert r.dtype == numpy.uint64


@cunum_philox
def test_philox_key_from_seed_sequence():
    key = numpy.random.SeedSequence(1234).generate_state(2)
    st_ = cn.random.Philox(1234).state["state"]
    assert st_["key"] == int(key[0]) | int(key[1]) << 32 and st_["counter"] == 0


# ---------------------------------------------------------------- the counter model
def test_same_seed_same_stream_and_calls_continue():
    a, b = cn.random.default_rng(7), cn.random.default_rng(7)
    x = np_(a.random(1000))
    assert numpy.array_equal(x, np_(b.random(1000)))
    assert not numpy.array_equal(x, np_(a.random(1000)))
    assert not numpy.array_equal(x, np_(cn.random.default_rng(8).random(1000)))
    # float64 uses two values per block: two fills of 500 are one fill of 1000
    c = cn.random.default_rng(7)
    assert numpy.array_equal(numpy.concatenate([np_(c.random(500)), np_(c.random(500))]), x)
    # float32 and normals: four per block
    d, e = cn.random.default_rng(3), cn.random.default_rng(3)
    y = np_(d.standard_normal(64, dtype=numpy.float32))
    assert numpy.array_equal(numpy.concatenate([np_(e.standard_normal(32, dtype="f")),
                                                np_(e.standard_normal(32, dtype="f"))]), y)


def test_advance_jumped_state_spawn():
    g = cn.random.Philox(5)
    x = np_(cn.random.Generator(g).random(12))
    h = cn.random.Philox(5).advance(2)  # skip two blocks: the first 4 values
    skipped = 8 if USING_NUMPY_SHIM else 4  # a block of NumPy's philox4x64 holds 4 float64, of cunum's 4x32 two
    assert numpy.array_equal(np_(cn.random.Generator(h).random(12 - skipped)), x[skipped:])
    j = cn.random.Philox(5).jumped()
    assert not numpy.array_equal(np_(cn.random.Generator(j).random(12)), x)
    s = cn.random.Philox(5)
    saved = s.state
    u = np_(cn.random.Generator(s).random(6))
    s.state = saved
    assert numpy.array_equal(np_(cn.random.Generator(s).random(6)), u)
    k1, k2 = cn.random.default_rng(5).spawn(2)
    assert not numpy.array_equal(np_(k1.random(8)), np_(k2.random(8)))


def test_large_fill_independent_of_split():
    g = cn.random.default_rng(11)
    whole = np_(g.integers(0, 1000, 100003))
    k = cn.random.default_rng(11)
    a = np_(k.integers(0, 1000, 50000))
    b = np_(k.integers(0, 1000, 50003))
    assert numpy.array_equal(numpy.concatenate([a, b]), whole)


@pytest.mark.skipif("cuda" not in devices(), reason="CPU == GPU needs a GPU")
@pytest.mark.parametrize("call", [
    lambda g: g.random(100001), lambda g: g.random(100001, dtype=numpy.float32),
    lambda g: g.standard_normal(100001), lambda g: g.standard_normal(100001, dtype=numpy.float32),
    lambda g: g.normal(3.0, 2.0, 5001), lambda g: g.uniform(-2.0, 5.0, 5001),
    lambda g: g.integers(0, 1000, 100001), lambda g: g.integers(-2**62, 2**62, 5001),
    lambda g: g.integers(0, 7, 5001, dtype=numpy.uint8), lambda g: g.integers(0, 2, 5001, dtype=bool),
    lambda g: g.standard_exponential(5001, dtype=numpy.float32), lambda g: g.exponential(2.0, 5001),
    lambda g: g.random_raw(5001) if hasattr(g, "random_raw") else g.bit_generator.random_raw(5001),
])
def test_cpu_equals_gpu(call):
    with cn.Device("cpu"):
        a = np_(call(cn.random.default_rng(2024)))
    with cn.Device("cuda"):
        b = np_(call(cn.random.default_rng(2024)))
    assert a.dtype == b.dtype and numpy.array_equal(a.view(numpy.uint8), b.view(numpy.uint8))


# Note [Philox low word]: fills whose block counter's low 32-bit word wraps
# inside the fill (the GPU's aligned kernel then runs its second loop).
@pytest.mark.skipif("cuda" not in devices(), reason="CPU == GPU needs a GPU")
@pytest.mark.parametrize("call", [
    lambda g: g.standard_normal(100001, dtype=numpy.float32), lambda g: g.random(100001, dtype=numpy.float32),
    lambda g: g.normal(3.0, 2.0, 20003).astype(numpy.float32), lambda g: g.integers(0, 1000, 100001),
    lambda g: g.standard_exponential(5001, dtype=numpy.float32), lambda g: g.standard_normal(5001),
])
def test_cpu_equals_gpu_across_counter_word(call):
    def draw():
        return np_(call(cn.random.Generator(cn.random.Philox(7).advance(2**32 - 1000))))
    with cn.Device("cpu"):
        a = draw()
    with cn.Device("cuda"):
        b = draw()
    assert a.dtype == b.dtype and numpy.array_equal(a.view(numpy.uint8), b.view(numpy.uint8))


# ---------------------------------------------------------------- shapes, dtypes, bounds
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_random_dtype_shape_bounds(dtype):
    g = cn.random.default_rng(1)
    x = g.random((3, 4, 5000), dtype=dtype)
    assert x.shape == (3, 4, 5000) and x.dtype == dtype
    v = np_(x)
    assert v.min() >= 0 and v.max() < 1
    assert _is_0d(g.random()) and g.random(size=7).shape == (7,)
    out = cn.empty((10, 3), dtype=dtype)
    r = g.random(out=out, dtype=dtype)
    assert r is out or r.shape == (10, 3)
    assert np_(out).max() < 1
    with pytest.raises(TypeError):
        g.random(3, dtype=numpy.int32)
    with pytest.raises(TypeError):
        g.random(out=cn.empty(3, dtype=numpy.float16))
    with pytest.raises(ValueError):  # NumPy: out must be contiguous (C or F)
        g.random(out=cn.empty(8, dtype=dtype)[::2], dtype=dtype)
    f_out = cn.empty((4, 5), dtype=dtype).T
    g.random(out=f_out, dtype=dtype)
    assert 0 <= np_(f_out).min() and np_(f_out).max() < 1
    with pytest.raises(ValueError):
        g.random(size=(3,), out=cn.empty(4, dtype=dtype), dtype=dtype)
    with pytest.raises(TypeError):  # NumPy: out's dtype must be dtype=
        g.random(out=cn.empty(3, dtype=numpy.float64), dtype=numpy.float32)


INT_DTYPES = [bool, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.uint32,
              numpy.int64, numpy.uint64]


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_integers_every_dtype(dtype):
    g = cn.random.default_rng(2)
    info = (0, 1) if dtype is bool else (numpy.iinfo(dtype).min, numpy.iinfo(dtype).max)
    full = np_(g.integers(info[0], info[1], 20000, dtype=dtype, endpoint=True))
    assert full.dtype == numpy.dtype(dtype)
    assert full.min() >= info[0] and full.max() <= info[1]
    if dtype is not bool:
        small = np_(g.integers(info[0], info[0] + 3, 30000, dtype=dtype))
        assert set(small.tolist()) == {info[0], info[0] + 1, info[0] + 2}
    # NumPy's errors for bounds outside the dtype and empty ranges
    for args in [(info[0] - 1, 1), (0, info[1] + 2), (1, 1)]:
        with pytest.raises(ValueError):
            numpy.random.default_rng().integers(*args, dtype=dtype)
        with pytest.raises(ValueError):
            g.integers(*args, dtype=dtype)


def test_integers_uniform_chi_square():
    g = cn.random.default_rng(3)
    for lo, hi in [(0, 10), (-50, 10), (0, 2**31 + 11), (5, 2**40)]:  # equal bins, or nearly
        x = np_(g.integers(lo, hi, 200000))
        assert x.min() >= lo and x.max() < hi
        bins = numpy.minimum((x - lo) * 10 // (hi - lo), 9)
        counts = numpy.bincount(bins, minlength=10)
        assert st.chisquare(counts).pvalue > 1e-4


def test_integers_array_bounds_broadcast():
    g = cn.random.default_rng(4)
    lo = numpy.array([0, 10, 100])
    hi = numpy.array([[5], [20]]) + 100
    x = np_(g.integers(lo, hi, size=(2, 3)))
    assert x.shape == (2, 3) and (x >= lo).all() and (x < hi).all()
    y = np_(g.integers(cn.asarray(lo), 200))
    assert y.shape == (3,) and (y >= lo).all()
    with pytest.raises(ValueError):
        g.integers(numpy.array([5, 6]), numpy.array([5, 9]))


# ---------------------------------------------------------------- distributions
def ks(sample, cdf, args=()):
    # a frozen distribution's cdf: newer SciPy passes a name's args to its ufunc
    if isinstance(cdf, str):
        cdf, args = getattr(st, cdf)(*args).cdf, ()
    return st.kstest(sample, cdf, args=args).pvalue


CONT = [
    ("random", (), "uniform", ()),
    ("uniform", (-3.0, 5.0), "uniform", (-3.0, 8.0)),
    ("standard_normal", (), "norm", ()),
    ("normal", (2.0, 3.0), "norm", (2.0, 3.0)),
    ("standard_exponential", (), "expon", ()),
    ("exponential", (2.5,), "expon", (0, 2.5)),
    ("standard_gamma", (0.3,), "gamma", (0.3,)),
    ("standard_gamma", (4.5,), "gamma", (4.5,)),
    ("gamma", (2.0, 3.0), "gamma", (2.0, 0, 3.0)),
    ("beta", (0.5, 0.7), "beta", (0.5, 0.7)),
    ("beta", (2.0, 5.0), "beta", (2.0, 5.0)),
    ("chisquare", (3.0,), "chi2", (3.0,)),
    ("f", (4.0, 7.0), "f", (4.0, 7.0)),
    ("standard_t", (5.0,), "t", (5.0,)),
    ("standard_cauchy", (), "cauchy", ()),
    ("laplace", (1.0, 2.0), "laplace", (1.0, 2.0)),
    ("logistic", (1.0, 2.0), "logistic", (1.0, 2.0)),
    ("gumbel", (1.0, 2.0), "gumbel_r", (1.0, 2.0)),
    ("lognormal", (0.5, 0.8), "lognorm", (0.8, 0, numpy.exp(0.5))),
    ("pareto", (3.0,), "lomax", (3.0,)),
    ("power", (2.5,), "powerlaw", (2.5,)),
    ("rayleigh", (2.0,), "rayleigh", (0, 2.0)),
    ("weibull", (1.7,), "weibull_min", (1.7,)),
    ("wald", (1.5, 2.0), "invgauss", (0.75, 0, 2.0)),
    ("triangular", (-1.0, 0.5, 3.0), "triang", (0.375, -1.0, 4.0)),
    ("vonmises", (0.5, 2.0), "vonmises", (2.0, 0.5)),
    ("noncentral_chisquare", (3.0, 2.0), "ncx2", (3.0, 2.0)),
    ("noncentral_chisquare", (0.5, 2.0), "ncx2", (0.5, 2.0)),
    ("noncentral_f", (4.0, 7.0, 1.5), "ncf", (4.0, 7.0, 1.5)),
]


@pytest.mark.parametrize("name,args,dist,dargs", CONT, ids=[c[0] + str(i) for i, c in enumerate(CONT)])
def test_continuous_distributions(name, args, dist, dargs):
    g = cn.random.default_rng(12345)
    x = getattr(g, name)(*args, size=N)
    assert x.shape == (N,) and x.dtype == numpy.float64
    assert ks(np_(x), dist, dargs) > 1e-4


@pytest.mark.parametrize("name,args", [("standard_normal", ()), ("standard_exponential", ()),
                                       ("standard_gamma", (2.0,)), ("random", ())])
def test_float32_variants(name, args):
    g = cn.random.default_rng(9)
    x = getattr(g, name)(*args, size=N, dtype=numpy.float32)
    assert x.dtype == numpy.float32
    ref = {"standard_normal": ("norm", ()), "standard_exponential": ("expon", ()),
           "standard_gamma": ("gamma", (2.0,)), "random": ("uniform", ())}[name]
    assert ks(np_(x).astype(numpy.float64), *ref) > 1e-4


DISC = [
    ("poisson", (3.5,), st.poisson(3.5)),
    ("poisson", (250.0,), st.poisson(250.0)),
    ("binomial", (20, 0.3), st.binom(20, 0.3)),
    ("binomial", (5000, 0.4), st.binom(5000, 0.4)),
    ("binomial", (100000, 0.999), st.binom(100000, 0.999)),
    ("negative_binomial", (5, 0.4), st.nbinom(5, 0.4)),
    ("geometric", (0.2,), st.geom(0.2)),
    ("hypergeometric", (30, 50, 25), st.hypergeom(80, 30, 25)),
    ("hypergeometric", (900, 1100, 800), st.hypergeom(2000, 900, 800)),
    ("hypergeometric", (500, 300, 700), st.hypergeom(800, 500, 700)),
    ("hypergeometric", (10**8, 3 * 10**8, 10**6), st.hypergeom(4 * 10**8, 10**8, 10**6)),
    ("logseries", (0.7,), st.logser(0.7)),
    ("zipf", (2.5,), st.zipf(2.5)),
]


@pytest.mark.parametrize("name,args,ref", DISC, ids=[d[0] + str(i) for i, d in enumerate(DISC)])
def test_discrete_distributions(name, args, ref):
    g = cn.random.default_rng(777)
    x = getattr(g, name)(*args, size=N)
    assert x.dtype == numpy.int64 and x.shape == (N,)
    v = np_(x)
    # chi-square over the values holding most of the mass, the tails pooled
    lo, hi = ref.ppf(0.001), ref.ppf(0.995)
    ks_ = numpy.arange(lo, hi + 1)
    edges = numpy.concatenate([[-numpy.inf], ks_ + 0.5])
    edges[-1] = numpy.inf
    obs = numpy.histogram(v, bins=edges)[0]
    exp = numpy.diff(numpy.concatenate([[0.0], ref.cdf(ks_[:-1]), [1.0]])) * N
    keep = exp > 5
    obs2 = numpy.append(obs[keep], obs[~keep].sum())
    exp2 = numpy.append(exp[keep], exp[~keep].sum())
    if exp2[-1] == 0:
        obs2, exp2 = obs2[:-1], exp2[:-1]
    assert st.chisquare(obs2, exp2 * obs2.sum() / exp2.sum()).pvalue > 1e-4


def test_array_parameters_broadcast():
    g = cn.random.default_rng(5)
    loc = numpy.array([0.0, 100.0, -100.0])
    x = np_(g.normal(loc, 1.0, size=(4000, 3)))
    assert numpy.allclose(x.mean(axis=0), loc, atol=0.1)
    y = np_(g.gamma(cn.asarray([1.0, 5.0]), cn.asarray([[1.0], [2.0]]), size=(2, 2)))
    assert y.shape == (2, 2)
    z = g.poisson(cn.asarray([1.0, 50.0]))
    assert z.shape == (2,)
    with pytest.raises(ValueError):
        g.normal(numpy.zeros(3), 1.0, size=(2,))


@pytest.mark.parametrize("call", [
    lambda g: g.normal(0, -1), lambda g: g.normal(0, -0.0), lambda g: g.exponential(-1), lambda g: g.gamma(-1), lambda g: g.beta(0, 1),
    lambda g: g.chisquare(0), lambda g: g.f(1, 0), lambda g: g.standard_t(0), lambda g: g.pareto(0),
    lambda g: g.power(-1), lambda g: g.rayleigh(-1), lambda g: g.weibull(-1), lambda g: g.wald(0, 1),
    lambda g: g.triangular(2, 1, 3), lambda g: g.triangular(0, 4, 3), lambda g: g.triangular(1, 1, 1),
    lambda g: g.vonmises(0, -1), lambda g: g.binomial(-1, 0.5), lambda g: g.binomial(5, 1.5),
    lambda g: g.negative_binomial(0, 0.5), lambda g: g.poisson(-1), lambda g: g.geometric(0),
    lambda g: g.hypergeometric(5, 5, 11), lambda g: g.hypergeometric(-1, 5, 1), lambda g: g.logseries(1.0),
    lambda g: g.zipf(1.0), lambda g: g.lognormal(0, -1), lambda g: g.laplace(0, -1),
    lambda g: g.noncentral_chisquare(0, 1), lambda g: g.noncentral_f(1, 1, -1),
    lambda g: g.normal(numpy.zeros(3), numpy.array([1.0, -1.0, 1.0])),
    lambda g: g.dirichlet([1.0, -1.0]), lambda g: g.multinomial(-1, [0.5, 0.5]),
    lambda g: g.multinomial(5, [0.8, 0.8, 0.1]), lambda g: g.choice(5, 6, replace=False),
    lambda g: g.choice(5, 2, p=[0.5, 0.6, 0, 0, 0]), lambda g: g.choice(0, 2),
    lambda g: g.uniform(-1e308, 1e308),
])
def test_errors_match_numpy(call):
    with pytest.raises(Exception) as want:
        call(numpy.random.default_rng(0))
    with pytest.raises(want.type):
        call(cn.random.default_rng(0))


# ---------------------------------------------------------------- choice and permutations
@pytest.mark.parametrize("call", [
    lambda g, xp: g.permutation(xp.asarray(5)), lambda g, xp: g.shuffle(xp.asarray(5)),
    lambda g, xp: g.permuted(xp.asarray(5), axis=0), lambda g, xp: g.permuted(xp.arange(3), axis=2),
    lambda g, xp: g.permutation(xp.arange(6).reshape(2, 3), axis=-3),
])
def test_permutation_errors_match_numpy(call):
    with pytest.raises(Exception) as want:
        call(numpy.random.default_rng(0), numpy)
    with pytest.raises(want.type):
        call(cn.random.default_rng(0), cn)


def test_permutation_of_negative_is_empty():
    assert numpy.random.default_rng(0).permutation(-1).shape == (0,)
    r = cn.random.default_rng(0).permutation(-1)
    assert r.shape == (0,) and r.dtype == numpy.int64


def test_permutation_shuffle_permuted():
    g = cn.random.default_rng(6)
    p = np_(g.permutation(1000))
    assert sorted(p.tolist()) == list(range(1000)) and not (p == numpy.arange(1000)).all()
    m = numpy.arange(20).reshape(5, 4)
    q = np_(g.permutation(cn.asarray(m)))
    assert sorted(map(tuple, q.tolist())) == sorted(map(tuple, m.tolist()))
    q1 = np_(g.permutation(cn.asarray(m), axis=1))
    assert (numpy.sort(q1, axis=1) == m).all() and (q1[:, :1] - q1[:, :1][0] == m[:, :1] - m[0, 0]).all()
    x = cn.asarray(m.copy())
    g.shuffle(x)
    assert sorted(map(tuple, np_(x).tolist())) == sorted(map(tuple, m.tolist()))
    r = np_(g.permuted(cn.asarray(m), axis=1))
    assert (numpy.sort(r, axis=1) == m).all()
    r0 = np_(g.permuted(cn.asarray(m)))
    assert sorted(r0.ravel().tolist()) == list(range(20)) and r0.shape == (5, 4)
    # every position equally likely: the first element over many permutations
    firsts = numpy.array([int(np_(g.permutation(5))[0]) for _ in range(500)])
    assert st.chisquare(numpy.bincount(firsts, minlength=5)).pvalue > 1e-4


def test_choice():
    g = cn.random.default_rng(8)
    x = np_(g.choice(10, 50000))
    assert x.min() >= 0 and x.max() < 10 and st.chisquare(numpy.bincount(x)).pvalue > 1e-4
    p = numpy.array([0.1, 0.0, 0.6, 0.3])
    y = np_(g.choice(4, 50000, p=p))
    c = numpy.bincount(y, minlength=4)
    assert c[1] == 0 and st.chisquare(c[[0, 2, 3]], p[[0, 2, 3]] * 50000).pvalue > 1e-4
    z = np_(g.choice(100, 100, replace=False))
    assert sorted(z.tolist()) == list(range(100))
    w = np_(g.choice(10, 3, replace=False, p=[0.1] * 10))
    assert len(set(w.tolist())) == 3
    a = numpy.arange(12).reshape(4, 3)
    rows = np_(g.choice(cn.asarray(a), 2, axis=0))
    assert rows.shape == (2, 3) and all(tuple(r) in set(map(tuple, a.tolist())) for r in rows.tolist())
    assert _is_0d(g.choice(5))


def test_bytes_dirichlet_multinomial_mvn_mvhg():
    g = cn.random.default_rng(10)
    b = g.bytes(13)
    assert isinstance(b, bytes) and len(b) == 13
    d = np_(g.dirichlet([1.0, 2.0, 3.0], size=20000))
    assert d.shape == (20000, 3) and numpy.allclose(d.sum(axis=1), 1.0)
    assert numpy.allclose(d.mean(axis=0), [1 / 6, 2 / 6, 3 / 6], atol=0.01)
    m = np_(g.multinomial(100, [0.2, 0.3, 0.5], size=20000))
    assert m.shape == (20000, 3) and (m.sum(axis=1) == 100).all()
    assert numpy.allclose(m.mean(axis=0), [20, 30, 50], atol=0.3)
    cov = numpy.array([[2.0, 0.6], [0.6, 1.0]])
    x = np_(g.multivariate_normal([1.0, -1.0], cov, size=40000))
    assert x.shape == (40000, 2) and numpy.allclose(numpy.cov(x.T), cov, atol=0.05)
    assert numpy.allclose(x.mean(axis=0), [1.0, -1.0], atol=0.03)
    small = np_(g.dirichlet([0.01, 0.02, 0.05], size=20000))  # stick-breaking: no 0/0
    assert not numpy.isnan(small).any() and numpy.allclose(small.sum(axis=1), 1.0)
    assert numpy.allclose(small.mean(axis=0), numpy.array([1, 2, 5]) / 8, atol=0.02)
    h = np_(g.multivariate_hypergeometric([5, 10, 15], 12, size=5000))
    assert h.shape == (5000, 3) and (h.sum(axis=1) == 12).all()
    assert numpy.allclose(h.mean(axis=0), [2, 4, 6], atol=0.1)


# ---------------------------------------------------------------- legacy API
def test_legacy_api():
    cn.random.seed(3)
    a = np_(cn.random.rand(3, 4))
    cn.random.seed(3)
    assert numpy.array_equal(a, np_(cn.random.rand(3, 4)))
    assert a.shape == (3, 4) and a.dtype == numpy.float64
    assert cn.random.randn(2, 5).shape == (2, 5)
    r = np_(cn.random.randint(5, size=1000))
    assert r.dtype == numpy.int64 and r.min() >= 0 and r.max() <= 4
    with pytest.warns(DeprecationWarning):
        ri = np_(cn.random.random_integers(1, 6, size=1000))
    assert ri.min() >= 1 and ri.max() <= 6 and 6 in ri
    for f in (cn.random.random_sample, cn.random.random, cn.random.ranf, cn.random.sample):
        assert f(4).shape == (4,)
    rs = cn.random.RandomState(11)
    assert rs.normal(size=3).shape == (3,) and rs.binomial(10, 0.5, 4).dtype == numpy.int64
    assert rs.choice(5, 3).shape == (3,) and sorted(np_(rs.permutation(5)).tolist()) == list(range(5))
    if not USING_NUMPY_SHIM:  # CuPy's names; NumPy has none
        cn.random.set_random_state(rs)
        assert cn.random.get_random_state() is rs
    assert cn.random.standard_gamma(2.0, size=3).shape == (3,)
    with pytest.raises(ValueError):
        cn.random.normal(0, -1)


def test_every_numpy_name_exists():
    gen_methods = {n for n in dir(numpy.random.Generator) if not n.startswith("_")}
    missing = sorted(n for n in gen_methods if not hasattr(cn.random.Generator, n))
    assert missing == [], missing
    legacy = ["seed", "rand", "randn", "randint", "random_integers", "random_sample", "random", "ranf", "sample",
              "choice", "permutation", "shuffle", "bytes", "beta", "binomial", "chisquare", "dirichlet",
              "exponential", "f", "gamma", "geometric", "gumbel", "hypergeometric", "laplace", "logistic",
              "lognormal", "logseries", "multinomial", "multivariate_normal", "negative_binomial",
              "noncentral_chisquare", "noncentral_f", "normal", "pareto", "poisson", "power", "rayleigh",
              "standard_cauchy", "standard_exponential", "standard_gamma", "standard_normal", "standard_t",
              "triangular", "uniform", "vonmises", "wald", "weibull", "zipf", "RandomState", "default_rng",
              "Generator", "SeedSequence", "BitGenerator", "Philox", "get_random_state", "set_random_state"]
    cupy_only = ("get_random_state", "set_random_state")
    assert all(hasattr(numpy.random, n) or n in cupy_only for n in legacy)
    assert [n for n in legacy if not hasattr(cn.random, n) and not (USING_NUMPY_SHIM and n in cupy_only)] == []
    rs_methods = {n for n in dir(numpy.random.RandomState) if not n.startswith("_")}
    assert sorted(n for n in rs_methods if not hasattr(cn.random.RandomState(0), n)) == []


def test_numpy_seed_sequence_and_generators_accepted():
    a = np_(cn.random.default_rng(numpy.random.SeedSequence(17)).random(4))
    b = np_(cn.random.default_rng(17).random(4))
    assert numpy.array_equal(a, b)
    g = cn.random.default_rng(3)
    assert cn.random.default_rng(g) is g
    assert isinstance(cn.random.default_rng(cn.random.Philox(3)), cn.random.Generator)

@cunum_philox
def test_cupy_name_of_philox():
    assert cn.random.Philox4x3210 is cn.random.Philox


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="compares cunum's errors with NumPy's")
def test_composed_routines_edges_as_numpy():
    g, ng = cn.random.default_rng(3), numpy.random.default_rng(3)
    for p in ([0.5, numpy.nan, 0.5], [0.5, -0.1, 0.6], [0.5, 0.1, 0.6]):
        assert_raises_like(lambda xp: xp.random.default_rng(3).choice(3, p=p))
        assert_raises_like(lambda xp: xp.random.RandomState(3).choice(3, p=p))  # the legacy spelling
    x = g.choice(numpy.array(5), 4)  # a 0-d integer array is the population's size
    assert x.shape == (4,) and x.dtype == numpy.int64 and 0 <= int(x.min()) and int(x.max()) < 5
    assert g.choice(cn.asarray(5), 2).shape == (2,)
    assert_raises_like(lambda xp: xp.random.default_rng(3).multinomial(5, []))
    for size in (None, 3, (2, 2)):
        got, want = g.multivariate_hypergeometric([], 0, size=size), ng.multivariate_hypergeometric([], 0, size=size)
        assert got.shape == want.shape and got.dtype == want.dtype
    assert_raises_like(lambda xp: xp.random.default_rng(3).multivariate_hypergeometric([2**62] * 3, 2))


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="compares cunum's errors with NumPy's")
@pytest.mark.parametrize("call", [
    lambda xp: xp.random.RandomState(0).choice(None, 1),
    lambda xp: xp.random.RandomState(0).choice(2.5, 1),
    lambda xp: xp.random.RandomState(0).choice([[0, 1], [2, 3]], 1, p=[0.3, 0.7]),
    lambda xp: xp.random.RandomState(0).choice(xp.zeros((0, 2)), 1),
    lambda xp: xp.random.RandomState(0).choice([], 1),
    lambda xp: xp.random.RandomState(0).choice(0, 1),
    lambda xp: xp.random.default_rng(0).choice(None, 1),
    lambda xp: xp.random.default_rng(0).choice("abc", 1),
    lambda xp: xp.random.default_rng(0).choice(2.5, 1),
    lambda xp: xp.random.default_rng(0).choice([], 1),
    lambda xp: xp.random.RandomState(0).hypergeometric(5, 10, 0, size=3),
    lambda xp: xp.random.RandomState(0).hypergeometric(5, 10, xp.asarray([1, 0])),
    lambda xp: xp.random.default_rng(0).dirichlet(5, size=2),
    lambda xp: xp.random.RandomState(0).dirichlet(5, size=2),
    lambda xp: xp.random.default_rng(0).dirichlet(xp.asarray(5.0)),
    lambda xp: xp.random.default_rng(0).standard_gamma(1.0, size=(3, 2), out=xp.zeros((3, 2), order="F")),
    lambda xp: xp.random.default_rng(0).random(size=(3, 2), out=xp.zeros((4, 6))[:3, :2]),
])
def test_population_and_parameter_errors_as_numpy(call):
    """Found by CuPy's random tests (stop 31): the legacy choice's 1-d
    populations, a population that is not a sequence, the legacy
    hypergeometric's nsample >= 1, dirichlet's scalar alpha (NumPy asks its
    length first), standard_gamma's C-order out. Type and message."""
    with pytest.raises(Exception) as want:
        call(numpy)
    with pytest.raises(want.type) as got:
        call(cn)
    assert str(got.value) == str(want.value)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum's out= identity and CuPy's bit_generator setter")
def test_out_is_returned_and_bit_generator_swaps():
    g, ng = cn.random.default_rng(4), numpy.random.default_rng(4)
    for shape in ((1, 0), (2, 3)):
        for name, args in (("random", ()), ("standard_normal", ()), ("standard_exponential", ()),
                           ("standard_gamma", (1.0,))):
            out, nout = cn.zeros(shape), numpy.zeros(shape)
            assert getattr(ng, name)(*args, out=nout) is nout  # the oracle
            assert getattr(g, name)(*args, out=out) is out
    f = cn.zeros((3, 2), order="F")  # either order, as NumPy's random
    assert g.random(out=f) is f and f.flags.f_contiguous and 0 < float(f.min())
    assert np_(g.choice(True, 3)).tolist() == [0, 0, 0]  # True is a population of 1
    assert np_(cn.random.RandomState(1).hypergeometric(5, 10, cn.asarray([1, 15]))).tolist()[1] == 5
    # CuPy's Generator lets a program swap its bit generator (a reseed)
    h = cn.random.Generator(cn.random.Philox(7))
    first = np_(h.random(4))
    h.bit_generator = cn.random.Philox(7)
    assert numpy.array_equal(np_(h.random(4)), first)
    with pytest.raises(TypeError):
        h.bit_generator = numpy.random.PCG64(1)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="compares cunum's shapes and errors with NumPy's")
def test_multinomial_rows_of_pvals():
    # pvals of shape (..., k): a row per position, broadcast against n (NumPy's Generator)
    g, ng = cn.random.default_rng(5), numpy.random.default_rng(5)
    n = numpy.array([[5], [10]])
    pv = numpy.array([[0.2, 0.8], [0.5, 0.5], [1.0, 0.0]])
    for args, kw in (((n, pv), {}), ((5, pv[:2]), {"size": (4, 2)}), ((7, pv), {})):
        got, want = g.multinomial(*args, **kw), ng.multinomial(*args, **kw)
        assert got.shape == want.shape and got.dtype == want.dtype
        h = cn.asnumpy(got)
        counts = numpy.broadcast_to(numpy.asarray(args[0]), h.shape[:-1])
        assert (h.sum(axis=-1) == counts).all()  # every draw places all n
        if args[1] is pv:
            assert (h[..., 2, 1] == 0).all()  # the row [1, 0]
    for bad in ([[0.6, 0.6, 0.0], [0.5, 0.5, 0.0]], [[-0.2, 0.9], [0.5, 0.5]], 0.5, numpy.zeros((2, 0))):
        assert_raises_like(lambda xp: xp.random.default_rng(5).multinomial(5, bad))
    with pytest.raises(ValueError):
        g.multinomial(5, pv[:2], size=3)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="CuPy's dtype= of the legacy draws (NumPy has none)")
@pytest.mark.parametrize("name, args, at", [("normal", (0.0, 2.0), 3), ("beta", (2.0, 3.0), 3),
                                            ("binomial", (10, 0.3), 3), ("hypergeometric", (5, 7, 4), 4),
                                            ("standard_cauchy", (), 1), ("noncentral_f", (3.0, 4.0, 0.5), 4)])
@pytest.mark.parametrize("dtype", [numpy.float32, "int32", numpy.float64])
def test_legacy_draws_take_cupys_dtype(name, args, at, dtype):
    # CuPy's legacy functions take dtype after size: the same draw, cast
    want = getattr(cn.random.RandomState(7), name)(*args, (3, 4)).astype(dtype)
    for call in (lambda rs: getattr(rs, name)(*args, (3, 4), dtype),
                 lambda rs: getattr(rs, name)(*args, size=(3, 4), dtype=dtype)):
        got = call(cn.random.RandomState(7))
        assert got.dtype == numpy.dtype(dtype) and got.shape == (3, 4)
        numpy.testing.assert_array_equal(np_(got), np_(want))
    cn.random.seed(3)
    got = getattr(cn.random, name)(*args, 5, dtype)
    assert got.dtype == numpy.dtype(dtype)
    with pytest.raises(TypeError):
        getattr(cn.random, name)(*args, 5, dtype, dtype)
    with pytest.raises(TypeError):
        getattr(cn.random, name)(*args, 5, dtype, dtype=dtype)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="CuPy's dtype= of the legacy draws (NumPy has none)")
def test_legacy_float_draws_in_float32():
    # drawn in float32 as Generator's own dtype= draws (not a cast of float64)
    for name, gen_name in [("random_sample", "random"), ("standard_normal", "standard_normal"),
                           ("standard_exponential", "standard_exponential")]:
        got = getattr(cn.random.RandomState(11), name)(6, dtype=numpy.float32)
        want = getattr(cn.random.RandomState(11)._gen, gen_name)(6, dtype=numpy.float32)
        assert got.dtype == numpy.float32
        numpy.testing.assert_array_equal(np_(got), np_(want))
    assert cn.random.RandomState(1).rand(2, 3, dtype=numpy.float32).dtype == numpy.float32
    assert cn.random.RandomState(1).randn(2, dtype=numpy.float32).dtype == numpy.float32
    assert cn.random.RandomState(1).standard_gamma(2.0, 4, numpy.float32).dtype == numpy.float32
    assert cn.random.RandomState(1).negative_binomial(3, 0.5, 4, dtype="int32").dtype == numpy.int32


def test_legacy_bound_methods_follow_reseeding():
    # a method taken from a RandomState before seed() draws from the new seed,
    # as NumPy's do (CuPy's suite binds `rs.normal` once, then reseeds)
    for name, args in [("normal", (0.0, 1.0, 5)), ("poisson", (3.0, 5)), ("random_sample", (5,))]:
        rs = cn.random.RandomState(1)
        draw = getattr(rs, name)
        rs.seed(42)
        first = np_(draw(*args))
        rs.seed(42)
        numpy.testing.assert_array_equal(np_(draw(*args)), first)
        numpy.testing.assert_array_equal(np_(getattr(cn.random.RandomState(42), name)(*args)), first)
