"""A line-by-line Python emulation of the own onesweep argsort's kernels
(Note [Own onesweep argsort] in src/backend/cuda/cub/cub_sort.cu:
os_histogram, os_scan, os_pass), checked against NumPy's stable argsort.

    python3 scripts/emulate_onesweep.py    # a few minutes

Written before the kernels first ran on a GPU, to check their index
arithmetic (warp-striped loads, the atomic_or and __match_any_sync rankings with
16-bit counters, the look-back words, the scatter through shared memory
with the slot digits and the positions read after the keys) without one; tiles run one after
another, so it says nothing about concurrency. Keep it in step with the
kernels when they change, or delete it once the GPU tests cover them.
"""
import numpy as np, struct
T, W, B = 256, 8, 256
AGG, PRE, CNT = 1 << 30, 2 << 30, (1 << 30) - 1

def order_key_f(v):
    if v != v: return 0xFFFFFFFF
    u = int(np.float32(v).view(np.uint32))
    if u == 0x80000000: u = 0
    return (~u & 0xFFFFFFFF) if (u & 0x80000000) else (u | 0x80000000)

def keys_of(x):
    if x.dtype == np.float32: return [order_key_f(v) for v in x]
    if x.dtype == np.int32: return [(int(v) & 0xFFFFFFFF) ^ 0x80000000 for v in x]
    return [int(v) for v in x]

def rank_warp(ds, wc, words, u, atomic_or):
    """One item u of a warp: ds[l] = lane l's digit (256: no item). Returns the
    ranks within the warp; updates the warp's counters wc (16-bit) and, for
    atomic_or, its two sets of 256 words (alternating with u)."""
    lower = lambda l: (1 << l) - 1
    if atomic_or:
        wset = words[u & 1]
        for l in range(32):
            if ds[l] < 256: wset[ds[l]] |= 1 << l                         # atomicOr
        peers = [wset[ds[l]] if ds[l] < 256 else 0 for l in range(32)]     # after __syncwarp
        before = [wc[ds[l]] if ds[l] < 256 else 0 for l in range(32)]
        for l in range(32):                                                # after __syncwarp
            if ds[l] < 256 and l == peers[l].bit_length() - 1:
                wc[ds[l]] = (before[l] + bin(peers[l]).count('1')) & 0xFFFF
                wset[ds[l]] = 0
        return [before[l] + bin(peers[l] & lower(l)).count('1') for l in range(32)]
    peers = [sum(1 << m for m in range(32) if ds[m] == ds[l]) for l in range(32)]  # __match_any_sync
    r = [wc[ds[l]] + bin(peers[l] & lower(l)).count('1') if ds[l] < 256 else 0 for l in range(32)]
    for l in range(32):
        if ds[l] < 256 and l == peers[l].bit_length()-1: wc[ds[l]] = (wc[ds[l]] + bin(peers[l]).count('1')) & 0xFFFF
    return r

def histogram(K):
    """os_histogram: the stripes of 32 items that a warp loads (they start at
    multiples of 32); a full stripe adds a digit its 32 lanes share once (32,
    by lane 0), found by OR-ing each key XOR lane 0's key."""
    n = len(K)
    hist = [[0]*B for _ in range(4)]
    for s0 in range(0, n, 32):
        ks = K[s0:s0 + 32]
        differ = 0
        for k in ks: differ |= k ^ ks[0]
        for p in range(4):
            if len(ks) == 32 and not (differ >> 8*p) & 255:
                hist[p][(ks[0] >> 8*p) & 255] += 32
            else:
                for k in ks: hist[p][(k >> 8*p) & 255] += 1
    for p in range(4):
        want = np.bincount([(k >> 8*p) & 255 for k in K], minlength=B)
        assert list(want) == hist[p]
    return hist

def run(x, I=24, atomic_or=True, early=False):
    TILE = T * I
    n = x.size
    K = keys_of(x)
    hist = histogram(K)
    base = [np.concatenate([[0], np.cumsum(h)[:-1]]).astype(np.int64).tolist() for h in hist]
    tiles = (n + TILE - 1) // TILE
    kin, pin = K, list(range(n))
    for ps in range(4):
        sh = 8*ps
        status = [[0]*B for _ in range(tiles)]
        kout, pout = [None]*n, [None]*n
        for tile in range(tiles):
            first = tile*TILE; valid = min(n-first, TILE)
            wc = [[0]*B for _ in range(W)]
            words = [[[0]*B, [0]*B] for _ in range(W)]
            key = {}; rank = {}
            for w in range(W):                       # keys only; positions are read after the keys' scatter
                for u in range(I):
                    for l in range(32):
                        j = w*32*I + u*32 + l
                        if j < valid: key[w,u,l] = kin[first+j]
            for w in range(W):
                for u in range(I):
                    ds = [((key[w,u,l] >> sh) & 255) if (w*32*I+u*32+l) < valid else 256 for l in range(32)]
                    r = rank_warp(ds, wc[w], words[w], u, atomic_or)
                    for l in range(32): rank[w,u,l] = r[l]
                assert not any(any(s) for s in words[w])   # every word cleared again
            if early:  # CUNUM_OS_EARLY=1: the tile's counts by stripes of 32, before the ranking
                tc = [0]*B
                for w in range(W):
                    for u in range(I):
                        ds = [((key[w,u,l] >> sh) & 255) for l in range(32) if (w*32*I+u*32+l) < valid]
                        if len(ds) == 32 and all(d == ds[0] for d in ds): tc[ds[0]] += 32
                        else:
                            for d in ds: tc[d] += 1
            count = [0]*B
            for t in range(B):
                c0 = 0
                for w in range(W):
                    c = wc[w][t]; wc[w][t] = c0; c0 += c
                count[t] = c0
            if early: assert tc == count
            start = [0]*B; acc = 0
            for t in range(B): start[t] = acc; acc += count[t]
            for t in range(B):
                for w in range(W):
                    wc[w][t] = wc[w][t] + start[t]; assert wc[w][t] < 65536
            out = [0]*B
            for t in range(B):
                status[tile][t] = (PRE if tile == 0 else AGG) | count[t]
                before = 0
                for p in range(tile-1, -1, -1):
                    wd = status[p][t]; assert wd & ~CNT
                    before += wd & CNT
                    if wd & PRE: break
                if tile: status[tile][t] = PRE | (before + count[t])
                out[t] = (base[ps][t] + before - start[t]) & 0xFFFFFFFF
            stage = [None]*TILE
            for (w,u,l), k in key.items():
                d = (k >> sh) & 255
                rank[w,u,l] += wc[w][d]; assert rank[w,u,l] < 65536   # 16-bit halves (Ranks)
                assert stage[rank[w,u,l]] is None
                stage[rank[w,u,l]] = k
            slot_digit = [None]*TILE
            for u in range(I):
                for t in range(T):
                    j = u*T + t
                    if j < valid:
                        k = stage[j]; d = (k >> sh) & 255; slot_digit[j] = d
                        dst = (out[d] + j) & 0xFFFFFFFF
                        assert kout[dst] is None; kout[dst] = k
            stage = [None]*TILE
            for (w,u,l) in key:
                stage[rank[w,u,l]] = pin[first + w*32*I + u*32 + l]
            for u in range(I):
                for t in range(T):
                    j = u*T + t
                    if j < valid: pout[(out[slot_digit[j]] + j) & 0xFFFFFFFF] = stage[j]
        kin, pin = kout, pout
    return np.array(pin, np.int64)

r = np.random.default_rng(1)
bits = np.array([0x7FC00000, 0x7FC00001, 0xFFC00000, 0xFF800001, 0x80000000, 0, 0x7F800000, 0xFF800000, 0x3F800000, 0xBF800000], np.uint32)
# The variants of CUNUM_OS_RANK / CUNUM_OS_ITEMS (docs/sorting.md): every
# size set for the default, tile edges for the others.
for I, atomic_or, early in ((24, True, False), (16, True, False), (32, True, False), (24, False, False),
                           (24, True, True)):
    TILE = T * I
    sizes = (1, 2, 3, 33, TILE - 1, TILE, TILE + 1, 2*TILE + 5) if (I, atomic_or, early) == (24, True, False) \
        else (33, TILE + 1, 2*TILE + 5)
    for n in sizes:
        f = np.where(r.random(n) < 0.5, r.standard_normal(n).astype(np.float32), r.choice(bits, n).view(np.float32))
        i = r.integers(-3, 3, n).astype(np.int32)
        u = r.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
        e = np.full(n, 7, np.int32)  # all equal: every stripe's digits shared
        for x in (f, i, u, e):
            got = run(x, I, atomic_or, early); want = np.argsort(x, kind='stable')
            assert np.array_equal(got, want), (I, atomic_or, early, n, x.dtype)
        print("ok", "atomic_or" if atomic_or else "match", I, "early" if early else "", n, flush=True)
