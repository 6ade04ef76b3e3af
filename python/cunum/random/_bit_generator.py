"""Bit generators: Philox4x32-10, XORWOW and MRG32k3a under cunum's counter
model (docs/random.md).

The state is (key, counter, jump): element i of a fill comes from the Philox
block counter + i / per under the key, so a value depends on the seed and
its index only, on every device. XORWOW and MRG32k3a keep the same counter:
block b is the four words at position 4 b of their sequence, reached by
skip-ahead (Note [Sequential engines])."""
import threading

import numpy

from .. import _core
from ._seed import SeedSequence

_M64 = (1 << 64) - 1
_MAX_JUMP = (1 << 30) - 1


def _seed_sequence(seed):
    if isinstance(seed, SeedSequence):
        return seed
    if isinstance(seed, numpy.random.SeedSequence):  # NumPy's own: same algorithm, same words
        return SeedSequence(seed.entropy, spawn_key=seed.spawn_key, pool_size=seed.pool_size)
    return SeedSequence(seed)


class BitGenerator:
    """The base class: a seed sequence, a lock, spawn() and random_raw()."""

    def __init__(self, seed=None):
        self._seed_seq = _seed_sequence(seed)
        self.lock = threading.Lock()

    @property
    def seed_seq(self):
        return self._seed_seq

    def spawn(self, n_children):
        return [type(self)(seed=s) for s in self._seed_seq.spawn(n_children)]

    def random_raw(self, size=None, output=True):
        """Raw 64-bit words (uint64) of the stream; None when output is False."""
        shape = () if size is None else size
        r = self._fill(_core._random_dists["RawBits"], shape, numpy.uint64, (), out=None, device=None)
        return r if output else None


class _CounterModel(BitGenerator):
    """What Philox, XORWOW and MRG32k3a share: the key, the block counter and
    the jump number of cunum's counter model, and the calls that fill."""

    _engine = 0  # Note [Sequential engines]: 0 Philox, 1 XORWOW, 2 MRG32k3a
    _init = ()

    def _fill(self, dist, shape, dtype, params, out=None, device=None):
        """Fills from one distribution: params is a sequence of (word, array or None)."""
        words = [w for w, _ in params]
        arrays = [a for _, a in params]
        with self.lock:
            r, self._counter = _core._random_sample(dist, shape, dtype, self._key[0], self._key[1],
                                                    self._counter, self._jump, words, arrays, out, device,
                                                    self._engine, list(self._init))
        return r

    def _permute(self, x, axis, device, mode):
        """cunum/random.hpp's permutations: mode 0 of range(x), 1 a copy, 2 in place, 3 permuted."""
        with self.lock:
            r, self._counter = _core._random_permutation(self._key[0], self._key[1], self._counter, self._jump,
                                                         x, axis, device, mode, self._engine, list(self._init))
        return r

    def _routine(self, fn, *args):
        """A routine of cunum/random.hpp composed of fills: fn reads this
        generator's state and writes its counter back (python/src/bind_random.cpp)."""
        with self.lock:
            return fn(self, *args)

    def __getstate__(self):
        return {"state": self.state, "seed_seq": self._seed_seq}

    def __setstate__(self, d):
        self._seed_seq = d["seed_seq"]
        self.lock = threading.Lock()
        self.state = d["state"]


class Philox(_CounterModel):
    """Philox4x32-10 (Salmon et al. 2011), the generator of cuRAND's and
    CuPy's Philox4_32_10, with a 64-bit key from the seed sequence and a
    64-bit block counter. advance(n) skips n blocks (of four 32-bit words);
    jumped() gives a stream no advance ever reaches."""

    def __init__(self, seed=None, *, counter=None, key=None):
        if key is not None and seed is not None:
            raise ValueError("seed and key cannot be both used")
        super().__init__(seed)
        if key is None:
            k = self._seed_seq.generate_state(2, numpy.uint32)
            self._key = (int(k[0]), int(k[1]))
        else:
            k = int(key)
            if not 0 <= k <= _M64:
                raise ValueError("key must be a non-negative integer below 2**64")
            self._key = (k & 0xFFFFFFFF, k >> 32)
        c = 0 if counter is None else int(counter)
        if not 0 <= c <= _M64:
            raise ValueError("counter must be a non-negative integer below 2**64")
        self._counter = c
        self._jump = 0

    @property
    def state(self):
        return {"bit_generator": "Philox",
                "state": {"counter": self._counter, "key": self._key[0] | (self._key[1] << 32),
                          "jump": self._jump}}

    @state.setter
    def state(self, value):
        if not isinstance(value, dict) or value.get("bit_generator") != "Philox":
            raise ValueError("state must be for a Philox PRNG")
        s = value["state"]
        k = int(s["key"])
        self._key = (k & 0xFFFFFFFF, k >> 32)
        self._counter = int(s["counter"]) & _M64
        self._jump = int(s.get("jump", 0))

    def advance(self, delta):
        """Skips `delta` blocks of four 32-bit words (NumPy's Philox.advance)."""
        self._counter = (self._counter + int(delta)) & _M64
        return self

    def jumped(self, jumps=1):
        """A copy whose stream never meets this one (another jump number)."""
        j = self._jump + int(jumps)
        if not 0 <= j <= _MAX_JUMP:
            raise ValueError("jumps must keep the jump count in [0, 2**30)")
        g = Philox(self._seed_seq)
        g._key, g._counter, g._jump = self._key, self._counter, j
        return g

    def __reduce__(self):
        return (Philox, (self._seed_seq,), self.__getstate__())


_M32 = 0xFFFFFFFF
_MRG_M1 = 4294967087
_MRG_M2 = 4294944443


class _Sequential(_CounterModel):
    """XORWOW and MRG32k3a: a starting state and a key (for the rejection
    samplers' sub-streams) from the seed sequence, and Philox's counter
    model on top: block b of a fill is the generator's words 4 b .. 4 b + 3,
    reached by skip-ahead, so every device makes the same values.

    `size` is CuPy's (the number of cuRAND states it allocates); accepted
    and ignored, since there are no per-thread states here. random_raw
    gives 64-bit words of two consecutive 32-bit outputs (CuPy's gives one
    32-bit output per uint64)."""

    _name = ""

    def __init__(self, seed=None, *, size=-1):
        super().__init__(seed)
        if not isinstance(size, (int, numpy.integer)) or isinstance(size, bool):
            raise TypeError("size must be an integer")
        w = [int(v) for v in self._seed_seq.generate_state(8, numpy.uint32)]
        self._init = self._valid_init(w[:6])
        self._key = (w[6], w[7])
        self._counter = 0
        self._jump = 0

    @property
    def state(self):
        return {"bit_generator": self._name,
                "state": dict(self._state_words(), counter=self._counter,
                              key=self._key[0] | (self._key[1] << 32), jump=self._jump)}

    @state.setter
    def state(self, value):
        if not isinstance(value, dict) or value.get("bit_generator") != self._name:
            raise ValueError(f"state must be for a {self._name} PRNG")
        s = value["state"]
        self._init = self._valid_init(self._words_of_state(s))
        k = int(s["key"])
        if not 0 <= k <= _M64:
            raise ValueError("key must be a non-negative integer below 2**64")
        self._key = (k & _M32, k >> 32)
        self._counter = int(s["counter"]) & _M64
        j = int(s.get("jump", 0))
        if not 0 <= j <= _MAX_JUMP:
            raise ValueError("jump must be in [0, 2**30)")
        self._jump = j

    def advance(self, delta):
        """Skips `delta` blocks of four 32-bit words."""
        self._counter = (self._counter + int(delta)) & _M64
        return self

    def jumped(self, jumps=1):
        """A copy whose stream starts 2**66 * jumps words further (no
        advance of the 64-bit block counter reaches it)."""
        j = self._jump + int(jumps)
        if not 0 <= j <= _MAX_JUMP:
            raise ValueError("jumps must keep the jump count in [0, 2**30)")
        g = type(self)(self._seed_seq)
        g._init, g._key, g._counter, g._jump = self._init, self._key, self._counter, j
        return g

    def __reduce__(self):
        return (type(self), (self._seed_seq,), self.__getstate__())


class XORWOW(_Sequential):
    """XORWOW (Marsaglia 2003: xorshift on five 32-bit words plus a Weyl
    sequence; cuRAND's default generator, CuPy's `cupy.random.XORWOW`).

    XORWOW(seed=None, *, size=-1): the five xorshift words and the Weyl word
    come from SeedSequence(seed).generate_state(8) (words 0-5; 6-7 key the
    rejection samplers' sub-streams), so streams differ from cuRAND's
    (`curand_init` seeds differently) and from CuPy's for the same seed."""

    _engine = 1
    _name = "XORWOW"

    @staticmethod
    def _valid_init(w):
        w = [int(v) & _M32 for v in w]
        if len(w) != 6:
            raise ValueError("XORWOW's state has five words x and a word d")
        if not any(w[:5]):
            w[0] = 1  # the xorshift part must not be all zero
        return tuple(w)

    def _state_words(self):
        return {"x": list(self._init[:5]), "d": self._init[5]}

    @staticmethod
    def _words_of_state(s):
        x = list(s["x"])
        if len(x) != 5:
            raise ValueError("XORWOW's state has five words x")
        return x + [s["d"]]


class MRG32k3a(_Sequential):
    """MRG32k3a (L'Ecuyer 1999: two order-3 multiple recursive generators
    mod m1 = 2^32 - 209 and m2 = 2^32 - 22853, combined; CuPy's
    `cupy.random.MRG32k3a`). Each 32-bit word is one output z in [0, m1),
    so the 209 largest words never occur (a bias below 5e-8).

    MRG32k3a(seed=None, *, size=-1): the six state words come from
    SeedSequence(seed).generate_state(8) reduced mod m1 / m2 (words 6-7 key
    the rejection samplers' sub-streams): streams differ from cuRAND's and
    CuPy's for the same seed."""

    _engine = 2
    _name = "MRG32k3a"

    @staticmethod
    def _valid_init(w):
        w = [int(v) for v in w]
        if len(w) != 6:
            raise ValueError("MRG32k3a's state has three words s1 and three words s2")
        s1 = [v % _MRG_M1 for v in w[:3]]
        s2 = [v % _MRG_M2 for v in w[3:]]
        if not any(s1):
            s1[0] = 1  # neither recurrence may be all zero
        if not any(s2):
            s2[0] = 1
        return tuple(s1 + s2)

    def _state_words(self):
        return {"s1": list(self._init[:3]), "s2": list(self._init[3:])}

    @staticmethod
    def _words_of_state(s):
        s1, s2 = list(s["s1"]), list(s["s2"])
        if len(s1) != 3 or len(s2) != 3:
            raise ValueError("MRG32k3a's state has three words s1 and three words s2")
        return s1 + s2
