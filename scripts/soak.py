"""Soak run (issue 7): for a bounded time, several threads, each on its own
stream, allocate and free arrays of random sizes and dtypes while computing;
every result is checked against the same computation on cunum's CPU
backend, and at the end the GPU pool's used bytes must be back where they
started. Prints one line of counts; exits non-zero on any mismatch.

    python scripts/soak.py [--seconds 60] [--threads 4] [--device cuda]
"""
import argparse
import sys
import threading
import time

import numpy

import cunum as cn

OPS = [
    ("a + b", lambda xp, a, b: a + b),
    ("a * b - a", lambda xp, a, b: a * b - a),
    ("sum(axis 0)", lambda xp, a, b: a.reshape(-1, 8).sum(axis=0)),
    ("max", lambda xp, a, b: a.max()),
    ("cumsum", lambda xp, a, b: xp.cumsum(a)),
    ("sort", lambda xp, a, b: xp.sort(a)),
    ("a[idx]", lambda xp, a, b: a[xp.argsort(b)]),
    ("where", lambda xp, a, b: xp.where(a > b, a, b)),
    ("concatenate", lambda xp, a, b: xp.concatenate([a, b[::-1]])),
    ("astype", lambda xp, a, b: a.astype(xp.float64) * 0.5),
]
DTYPES = ["float32", "float64", "int32", "int64", "uint8"]


def same(expected, got):
    """Integers exactly; floats within what adding up to 2^18 values of
    0..99 in another order may differ by (the GPU's reductions and scans
    associate differently): 1e-4 in float32, 1e-10 in float64."""
    if got.dtype != expected.dtype or got.shape != expected.shape:
        return False
    if got.dtype.kind != "f":
        return numpy.array_equal(got, expected)
    return numpy.allclose(got, expected, rtol=1e-4 if got.dtype == numpy.float32 else 1e-10, atol=0, equal_nan=True)


def worker(k, device, deadline, counts, failures):
    rng = numpy.random.default_rng(k)
    stream = cn.cuda.Stream(non_blocking=True) if device != "cpu" else None
    keep = []  # a few arrays live across iterations, freed in random order
    while time.monotonic() < deadline and not failures:
        n = 8 * int(rng.integers(1, 1 << int(rng.integers(1, 18))))
        dt = DTYPES[int(rng.integers(len(DTYPES)))]
        name, op = OPS[int(rng.integers(len(OPS)))]
        h = rng.integers(0, 100, size=(2, n)).astype(dt)
        with cn.Device("cpu"):
            expected = cn.asnumpy(op(cn, cn.asarray(h[0]), cn.asarray(h[1])))
        with cn.Device(device):
            if stream is not None:
                with stream:
                    got = cn.asnumpy(op(cn, cn.asarray(h[0]), cn.asarray(h[1])))
            else:
                got = cn.asnumpy(op(cn, cn.asarray(h[0]), cn.asarray(h[1])))
            keep.append(cn.empty(int(rng.integers(1, 1 << 20)), dtype=dt))
            if len(keep) > 8:
                keep.pop(int(rng.integers(len(keep))))
        if not same(expected, got):
            failures.append(f"thread {k}: {name} {dt} n={n}")
        counts[k] += 1
    keep.clear()
    if stream is not None:
        stream.synchronize()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--threads", type=int, default=4)
    p.add_argument("--device", default="cuda" if cn.cuda.is_available() else "cpu")
    args = p.parse_args()
    on_gpu = args.device != "cpu"
    pool = cn.get_default_memory_pool() if on_gpu else None
    start_used = pool.used_bytes() if on_gpu else 0
    counts, failures = [0] * args.threads, []
    deadline = time.monotonic() + args.seconds
    ts = [threading.Thread(target=worker, args=(k, args.device, deadline, counts, failures))
          for k in range(args.threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    end_used = 0
    if on_gpu:
        cn.cuda.Device().synchronize()
        end_used = pool.used_bytes()
    print(f"soak {args.device}: {sum(counts)} checked calls in {args.seconds:g} s on {args.threads} threads; "
          f"{len(failures)} mismatches; pool used bytes {start_used} -> {end_used}")
    for f in failures[:10]:
        print("  mismatch:", f)
    return 1 if failures or end_used != start_used else 0


if __name__ == "__main__":
    sys.exit(main())
