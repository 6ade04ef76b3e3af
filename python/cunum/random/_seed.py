"""SeedSequence: NumPy's algorithm (numpy.random.SeedSequence), so that
SeedSequence(s).generate_state(n) gives NumPy's words for every seed."""
import secrets

import numpy

_INIT_A = 0x43b0d7e5
_MULT_A = 0x931e8875
_INIT_B = 0x8b51f9dd
_MULT_B = 0x58f38ded
_MIX_MULT_L = 0xca01f9dd
_MIX_MULT_R = 0x4973f715
_XSHIFT = 16
_M32 = 0xFFFFFFFF


def _coerce_to_uint32_list(x):
    """An integer or a sequence of integers as 32-bit words, low word first."""
    if isinstance(x, numpy.ndarray):
        if x.dtype.kind not in "iu":
            raise TypeError("seed array must be integers")
        x = x.tolist()
    if isinstance(x, (int, numpy.integer)) and not isinstance(x, bool):
        x = int(x)
        if x < 0:
            raise ValueError("expected non-negative integer")
        if x == 0:
            return [0]
        words = []
        while x > 0:
            words.append(x & _M32)
            x >>= 32
        return words
    if isinstance(x, (str, bytes, float, bool)) or not hasattr(x, "__iter__"):
        raise TypeError(f"SeedSequence expects int or sequence of ints for entropy not {x!r}")
    out = []
    for item in x:
        out.extend(_coerce_to_uint32_list(item))
    return out


class SeedSequence:
    """Mixes entropy (an int or ints) into a pool from which generate_state
    draws words; spawn() makes independent children (NumPy's SeedSequence)."""

    def __init__(self, entropy=None, *, spawn_key=(), pool_size=4, n_children_spawned=0):
        if pool_size < 4:
            raise ValueError("The size of the entropy pool should be at least 4")
        if entropy is None:
            entropy = secrets.randbits(4 * 32)
        elif not isinstance(entropy, (int, numpy.integer)):
            entropy = entropy if isinstance(entropy, numpy.ndarray) else list(entropy)
        self.entropy = entropy
        self.spawn_key = tuple(spawn_key)
        self.pool_size = pool_size
        self.n_children_spawned = n_children_spawned
        self.pool = self._mix(self._assembled())

    def __repr__(self):
        return f"SeedSequence(entropy={self.entropy!r}, pool_size={self.pool_size})"

    @property
    def state(self):
        return {"entropy": self.entropy, "spawn_key": self.spawn_key, "pool_size": self.pool_size,
                "n_children_spawned": self.n_children_spawned}

    def _assembled(self):
        run = _coerce_to_uint32_list(self.entropy)
        spawn = _coerce_to_uint32_list(list(self.spawn_key)) if self.spawn_key else []
        if spawn and len(run) < self.pool_size:
            run = run + [0] * (self.pool_size - len(run))
        return run + spawn

    def _mix(self, entropy):
        hash_const = [_INIT_A]

        def hashmix(value):
            value = (value ^ hash_const[0]) & _M32
            hash_const[0] = (hash_const[0] * _MULT_A) & _M32
            value = (value * hash_const[0]) & _M32
            return value ^ (value >> _XSHIFT)

        def mix(x, y):
            r = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _M32
            return r ^ (r >> _XSHIFT)

        n = self.pool_size
        mixer = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(n)]
        for s in range(n):
            for d in range(n):
                if s != d:
                    mixer[d] = mix(mixer[d], hashmix(mixer[s]))
        for s in range(n, len(entropy)):
            for d in range(n):
                mixer[d] = mix(mixer[d], hashmix(entropy[s]))
        return mixer

    def generate_state(self, n_words, dtype=numpy.uint32):
        dtype = numpy.dtype(dtype)
        if dtype not in (numpy.dtype(numpy.uint32), numpy.dtype(numpy.uint64)):
            raise ValueError("only support uint32 or uint64")
        n = int(n_words) * (2 if dtype == numpy.uint64 else 1)
        hash_const = _INIT_B
        state = numpy.empty(n, dtype=numpy.uint32)
        for i in range(n):
            v = self.pool[i % self.pool_size] ^ hash_const
            hash_const = (hash_const * _MULT_B) & _M32
            v = (v * hash_const) & _M32
            state[i] = v ^ (v >> _XSHIFT)
        return state.view("<u8").astype(numpy.uint64) if dtype == numpy.uint64 else state

    def spawn(self, n_children):
        first = self.n_children_spawned
        self.n_children_spawned += n_children
        return [SeedSequence(self.entropy, spawn_key=self.spawn_key + (i,), pool_size=self.pool_size)
                for i in range(first, first + n_children)]
