"""numpy.random.Generator on cunum's random-bits family (docs/random.md).

Every distribution is one kernel over the output (cunum/kernels/
random_dists.hpp); this layer checks NumPy's conditions on the parameters
and passes each one as a number or as an array broadcast to the output.
Checking an array-valued parameter reads one bool back from the device
(a synchronisation, as CuPy's checks); scalar parameters never do.
With size=None and scalar parameters the result is a 0-d array (CuPy's
rule: no host round trip), not a Python scalar."""
import struct

import numpy

import cunum
from .. import _core
from ._args import shape_of
from ._bit_generator import BitGenerator, Philox

_D = _core._random_dists
_F64 = numpy.dtype(numpy.float64)
_F32 = numpy.dtype(numpy.float32)


def _word(v):
    return struct.unpack("<Q", struct.pack("<d", float(v)))[0]


def _is_array(p):
    return (isinstance(p, (cunum.ndarray, numpy.ndarray)) and p.ndim > 0) or isinstance(p, (list, tuple))


_shape_of = shape_of


def _device_of(*ps):
    for p in ps:
        if isinstance(p, cunum.ndarray):
            return p.device
    return None


class _P:
    """One parameter: its Python value or its array (float64 or int64)."""

    def __init__(self, name, value, integer=False):
        self.name = name
        if _is_array(value):
            dt = numpy.int64 if integer else numpy.float64
            self.array = cunum.asarray(value).astype(dt) if isinstance(value, cunum.ndarray) else \
                cunum.asarray(numpy.asarray(value, dtype=dt))
            self.value = None
        else:
            self.array = None
            if isinstance(value, cunum.ndarray):
                value = value.item()
            self.value = int(value) if integer else float(value)
        self.integer = integer

    def test(self, fn):
        """True where fn holds anywhere (a host read for arrays)."""
        if self.array is None:  # a NumPy scalar: ~0.1 us per operation, not a 0-d array's ~1 us
            return bool(fn(self.value if self.integer else numpy.float64(self.value)))
        return bool(cunum.any(fn(self.array)))

    def check(self, fn, message):
        if self.test(fn):
            raise ValueError(message)

    def pair(self):
        if self.array is not None:
            return (0, self.array)
        return ((self.value & ((1 << 64) - 1)) if self.integer else _word(self.value), None)


def _bad_neg(x):
    """NumPy's CONS_NON_NEGATIVE: a sign bit set on a number (NaN passes)."""
    if isinstance(x, numpy.floating):
        return x < 0 or (x == 0 and numpy.signbit(x))
    return cunum.signbit(x) & ~cunum.isnan(x)


class Generator:
    """NumPy's Generator over a bit generator (Philox by default)."""

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError("bit_generator must be a cunum.random.BitGenerator")
        self._bit_generator = bit_generator

    def __repr__(self):
        return f"Generator({type(self._bit_generator).__name__})"

    @property
    def bit_generator(self):
        return self._bit_generator

    @bit_generator.setter
    def bit_generator(self, value):
        # CuPy's Generator lets a program swap its bit generator (a reseed);
        # NumPy's property is read-only. Allowing it changes no NumPy program.
        if not isinstance(value, BitGenerator):
            raise TypeError("bit_generator must be a cunum.random.BitGenerator")
        self._bit_generator = value

    def spawn(self, n_children):
        return [Generator(g) for g in self._bit_generator.spawn(n_children)]

    # ------------------------------------------------------------------ the one path
    def _fill(self, name, size, dtype, params, out=None):
        shape = _shape_of(size)
        arrays = [p.array for p in params if p.array is not None]
        if arrays:
            bshape = numpy.broadcast_shapes(*(a.shape for a in arrays))
            if shape is None:
                shape = bshape
            elif numpy.broadcast_shapes(shape, bshape) != shape:
                raise ValueError("shape mismatch: objects cannot be broadcast to a single shape. "
                                 f"Mismatch is between arg 0 with shape {shape} and arg 1 with shape {bshape}.")
        if out is not None:
            if not isinstance(out, cunum.ndarray):
                raise TypeError("out must be a cunum.ndarray")
            if shape is not None and size is not None and tuple(out.shape) != shape:
                raise ValueError("size must match out.shape when used together")
            if out.dtype != dtype:
                raise TypeError(f"Supplied output array has the wrong type. Expected {numpy.dtype(dtype)}, "
                                f"got {out.dtype}")
            # NumPy's standard_gamma takes C order only; its other draws either order
            if name == "StandardGamma" and not out.flags.c_contiguous:
                raise ValueError("Supplied output array must be C-contiguous, writable, aligned, "
                                 "and in machine byte-order.")
            if not (out.flags.c_contiguous or out.flags.f_contiguous):
                raise ValueError("Supplied output array must be contiguous, writable, aligned, "
                                 "and in machine byte-order.")
        if shape is None:
            shape = ()
        r = self._bit_generator._fill(_D[name], shape, dtype, [p.pair() for p in params], out,
                                      _device_of(*(p.array for p in params)))
        return r if out is None else out  # out itself, as NumPy (an empty one too)

    @staticmethod
    def _real_dtype(dtype, name):
        dt = numpy.dtype(dtype)
        if dt not in (_F32, _F64):
            raise TypeError(f"Unsupported dtype {dt!r} for {name}")
        return dt

    # ------------------------------------------------------------------ uniform and integers
    def random(self, size=None, dtype=numpy.float64, out=None):
        return self._fill("Random", size, self._real_dtype(dtype, "random"), [], out)

    def uniform(self, low=0.0, high=1.0, size=None):
        return self._uniform(low, high, size, ordered=True)

    def _uniform(self, low, high, size, ordered):
        """uniform; `ordered`: Generator's check that high >= low (NumPy's
        RandomState draws from [high, low) instead)."""
        lo, hi = _P("low", low), _P("high", high)
        if lo.array is None and hi.array is None:
            rng = hi.value - lo.value
            if not numpy.isfinite(rng):
                raise OverflowError("high - low range exceeds valid bounds")
            if ordered and rng < 0:
                raise ValueError("high - low < 0")
            return self._fill("Uniform", size, _F64, [lo, _P("range", rng)])
        lo_a = lo.array if lo.array is not None else cunum.asarray(lo.value)
        hi_a = hi.array if hi.array is not None else cunum.asarray(hi.value)
        rng = hi_a - lo_a
        if not bool(cunum.all(cunum.isfinite(rng))):
            raise OverflowError("Range exceeds valid bounds")
        if ordered and bool(cunum.any(rng < 0)):
            raise ValueError("high - low < 0")
        r = _P("range", 0.0)
        r.array, r.value = rng, None
        lp = _P("low", 0.0)
        lp.array, lp.value = cunum.broadcast_to(lo_a, rng.shape), None
        return self._fill("Uniform", size, _F64, [lp, r])

    def integers(self, low, high=None, size=None, dtype=numpy.int64, endpoint=False):
        dt = numpy.dtype(dtype)
        if dt.kind not in "iub":
            raise TypeError(f"Unsupported dtype {dt!r} for integers")
        if high is None:
            low, high = 0, low
        info = (0, 1) if dt.kind == "b" else (numpy.iinfo(dt).min, numpy.iinfo(dt).max)
        name = "bool" if dt.kind == "b" else dt.name
        if not _is_array(low) and not _is_array(high):
            lo, hi = int(low), int(high)
            if lo < info[0]:
                raise ValueError(f"low is out of bounds for {name}")
            top = hi if endpoint else hi - 1
            if top > info[1]:
                raise ValueError(f"high is out of bounds for {name}")
            if lo > top:
                raise ValueError("low > high" if endpoint else "low >= high")
            span = (top - lo) & ((1 << 64) - 1)
            return self._fill("Integers", size, dt, [_P("low", lo, True), _P("span", span, True)])
        lo_a = cunum.asarray(numpy.asarray(low) if not isinstance(low, cunum.ndarray) else low)
        hi_a = cunum.asarray(numpy.asarray(high) if not isinstance(high, cunum.ndarray) else high)
        if lo_a.dtype.kind == "f" or hi_a.dtype.kind == "f":
            lo_a, hi_a = lo_a.astype(numpy.int64), hi_a.astype(numpy.int64)
        if bool(cunum.any(lo_a < info[0])):
            raise ValueError(f"low is out of bounds for {name}")
        top = hi_a if endpoint else hi_a - 1
        if bool(cunum.any(top > info[1])):
            raise ValueError(f"high is out of bounds for {name}")
        if bool(cunum.any(lo_a > top)):
            raise ValueError("low > high" if endpoint else "low >= high")
        bshape = numpy.broadcast_shapes(lo_a.shape, top.shape)
        lo_u = cunum.broadcast_to(lo_a.astype(numpy.int64), bshape)
        span = (top.astype(numpy.uint64) - lo_a.astype(numpy.uint64)).astype(numpy.int64)
        p0, p1 = _P("low", 0, True), _P("span", 0, True)
        p0.array, p1.array = lo_u, cunum.broadcast_to(span, bshape)
        return self._fill("Integers", size, dt, [p0, p1])

    # ------------------------------------------------------------------ normal and exponential
    def standard_normal(self, size=None, dtype=numpy.float64, out=None):
        return self._fill("StandardNormal", size, self._real_dtype(dtype, "standard_normal"), [], out)

    def normal(self, loc=0.0, scale=1.0, size=None):
        loc, scale = _P("loc", loc), _P("scale", scale)
        scale.check(_bad_neg, "scale < 0")
        return self._fill("Normal", size, _F64, [loc, scale])

    def standard_exponential(self, size=None, dtype=numpy.float64, method="zig", out=None):
        if method not in ("zig", "inv"):
            raise ValueError("method must be either 'inv' or 'zig'")
        return self._fill("StandardExponential", size, self._real_dtype(dtype, "standard_exponential"), [], out)

    def exponential(self, scale=1.0, size=None):
        scale = _P("scale", scale)
        scale.check(_bad_neg, "scale < 0")
        return self._fill("Exponential", size, _F64, [scale])

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        mean, sigma = _P("mean", mean), _P("sigma", sigma)
        sigma.check(_bad_neg, "sigma < 0")
        return self._fill("Lognormal", size, _F64, [mean, sigma])

    # ------------------------------------------------------------------ gamma family
    def standard_gamma(self, shape, size=None, dtype=numpy.float64, out=None):
        shape = _P("shape", shape)
        shape.check(_bad_neg, "shape < 0")
        return self._fill("StandardGamma", size, self._real_dtype(dtype, "standard_gamma"), [shape], out)

    def gamma(self, shape, scale=1.0, size=None):
        shape, scale = _P("shape", shape), _P("scale", scale)
        shape.check(_bad_neg, "shape < 0")
        scale.check(_bad_neg, "scale < 0")
        return self._fill("Gamma", size, _F64, [shape, scale])

    def beta(self, a, b, size=None):
        a, b = _P("a", a), _P("b", b)
        a.check(lambda x: x <= 0, "a <= 0")
        b.check(lambda x: x <= 0, "b <= 0")
        return self._fill("Beta", size, _F64, [a, b])

    def chisquare(self, df, size=None):
        df = _P("df", df)
        df.check(lambda x: x <= 0, "df <= 0")
        return self._fill("Chisquare", size, _F64, [df])

    def f(self, dfnum, dfden, size=None):
        a, b = _P("dfnum", dfnum), _P("dfden", dfden)
        a.check(lambda x: x <= 0, "dfnum <= 0")
        b.check(lambda x: x <= 0, "dfden <= 0")
        return self._fill("F", size, _F64, [a, b])

    def standard_t(self, df, size=None):
        df = _P("df", df)
        df.check(lambda x: x <= 0, "df <= 0")
        return self._fill("StandardT", size, _F64, [df])

    def noncentral_chisquare(self, df, nonc, size=None):
        df, nonc = _P("df", df), _P("nonc", nonc)
        df.check(lambda x: x <= 0, "df <= 0")
        nonc.check(_bad_neg, "nonc < 0")
        return self._fill("NoncentralChisquare", size, _F64, [df, nonc])

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        a, b, c = _P("dfnum", dfnum), _P("dfden", dfden), _P("nonc", nonc)
        a.check(lambda x: x <= 0, "dfnum <= 0")
        b.check(lambda x: x <= 0, "dfden <= 0")
        c.check(_bad_neg, "nonc < 0")
        return self._fill("NoncentralF", size, _F64, [a, b, c])

    # ------------------------------------------------------------------ transforms of U and E
    def standard_cauchy(self, size=None):
        return self._fill("StandardCauchy", size, _F64, [])

    def _loc_scale(self, name, loc, scale, size):
        loc, scale = _P("loc", loc), _P("scale", scale)
        scale.check(_bad_neg, "scale < 0")
        return self._fill(name, size, _F64, [loc, scale])

    def laplace(self, loc=0.0, scale=1.0, size=None):
        return self._loc_scale("Laplace", loc, scale, size)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        return self._loc_scale("Logistic", loc, scale, size)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        return self._loc_scale("Gumbel", loc, scale, size)

    def pareto(self, a, size=None):
        a = _P("a", a)
        a.check(lambda x: x <= 0, "a <= 0")
        return self._fill("Pareto", size, _F64, [a])

    def power(self, a, size=None):
        a = _P("a", a)
        a.check(lambda x: x <= 0, "a <= 0")
        return self._fill("Power", size, _F64, [a])

    def rayleigh(self, scale=1.0, size=None):
        scale = _P("scale", scale)
        scale.check(_bad_neg, "scale < 0")
        return self._fill("Rayleigh", size, _F64, [scale])

    def weibull(self, a, size=None):
        a = _P("a", a)
        a.check(_bad_neg, "a < 0")
        return self._fill("Weibull", size, _F64, [a])

    def wald(self, mean, scale, size=None):
        mean, scale = _P("mean", mean), _P("scale", scale)
        mean.check(lambda x: x <= 0, "mean <= 0")
        scale.check(lambda x: x <= 0, "scale <= 0")
        return self._fill("Wald", size, _F64, [mean, scale])

    def triangular(self, left, mode, right, size=None):
        l, m, r = _P("left", left), _P("mode", mode), _P("right", right)
        if l.array is None and m.array is None and r.array is None:
            if l.value > m.value:
                raise ValueError("left > mode")
            if m.value > r.value:
                raise ValueError("mode > right")
            if l.value == r.value:
                raise ValueError("left == right")
        else:
            la, ma, ra = (cunum.asarray(p.array if p.array is not None else p.value) for p in (l, m, r))
            if bool(cunum.any(la > ma)):
                raise ValueError("left > mode")
            if bool(cunum.any(ma > ra)):
                raise ValueError("mode > right")
            if bool(cunum.any(la == ra)):
                raise ValueError("left == right")
        return self._fill("Triangular", size, _F64, [l, m, r])

    def vonmises(self, mu, kappa, size=None):
        mu, kappa = _P("mu", mu), _P("kappa", kappa)
        kappa.check(_bad_neg, "kappa < 0")
        return self._fill("Vonmises", size, _F64, [mu, kappa])

    # ------------------------------------------------------------------ discrete (_generator_discrete)
    from ._generator_discrete import (binomial, geometric, hypergeometric, logseries, negative_binomial, poisson,
                                      zipf)

    # ------------------------------------------------------------------ the rest (_generator_more)
    from ._generator_more import (bytes, choice, dirichlet, multinomial, multivariate_hypergeometric,
                                  multivariate_normal, permutation, permuted, shuffle)


def default_rng(seed=None):
    """A Generator over Philox seeded from `seed` (an int, a SeedSequence, a
    BitGenerator or a Generator, which is returned as is)."""
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(Philox(seed))
