"""Bit generators: Philox4x32-10 under cunum's counter model (docs/random.md).

The state is (key, counter, jump): element i of a fill comes from the Philox
block counter + i / per under the key, so a value depends on the seed and
its index only, on every device."""
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


class Philox(BitGenerator):
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

    def _fill(self, dist, shape, dtype, params, out=None, device=None):
        """Fills from one distribution: params is a sequence of (word, array or None)."""
        words = [w for w, _ in params]
        arrays = [a for _, a in params]
        with self.lock:
            r, self._counter = _core._random_sample(dist, shape, dtype, self._key[0], self._key[1],
                                                    self._counter, self._jump, words, arrays, out, device)
        return r

    def _permute(self, x, axis, device, mode):
        """cunum/random.hpp's permutations: mode 0 of range(x), 1 a copy, 2 in place, 3 permuted."""
        with self.lock:
            r, self._counter = _core._random_permutation(self._key[0], self._key[1], self._counter, self._jump,
                                                         x, axis, device, mode)
        return r

    def __getstate__(self):
        return {"state": self.state, "seed_seq": self._seed_seq}

    def __setstate__(self, d):
        self._seed_seq = d["seed_seq"]
        self.lock = threading.Lock()
        self.state = d["state"]

    def __reduce__(self):
        return (Philox, (self._seed_seq,), self.__getstate__())
