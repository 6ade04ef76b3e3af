"""cunum on the CPU backend vs NumPy: reductions of a 4096 x 4096 float32 matrix,
on one core (the process is pinned to one CPU).

    CUNUM_DEVICE=cpu python bench/cpu_reductions.py [--n 4096] [--reps 15] [--numpy-hugepages off]

Prints, per case, the median wall time of `reps` calls for NumPy and cunum
(interleaved) and their ratio (cunum / NumPy: <= 1.0 means cunum is at least as
fast), and the ratio of the fastest calls (steadier on a shared machine). Results are
checked against NumPy before timing. The cases read 64 MB at memory speed, so
the page size matters: NumPy asks for transparent huge pages for large arrays
(10-20 % faster here); `--numpy-hugepages off` compares on equal pages with a
cunum whose allocator does not.
"""
import argparse
import os
import statistics
import time

os.environ.setdefault("CUNUM_DEVICE", "cpu")
try:
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
except (AttributeError, OSError):
    pass

import numpy as np  # noqa: E402

import cunum as cn  # noqa: E402

CASES = [
    ("sum()", lambda xp, a: xp.sum(a)),
    ("sum(axis=0)", lambda xp, a: xp.sum(a, axis=0)),
    ("sum(axis=1)", lambda xp, a: xp.sum(a, axis=1)),
    ("max(axis=0)", lambda xp, a: xp.max(a, axis=0)),
    ("argmax(axis=1)", lambda xp, a: xp.argmax(a, axis=1)),
]


def times(fn_np, fn_cn, reps):
    """Wall times of reps calls of each, interleaved (NumPy, cunum, NumPy, ...)
    so that a busy machine slows both alike."""
    fn_np(), fn_cn()  # warm-up (and first-touch of any output)
    tn, tc = [], []
    for _ in range(reps):
        for fn, ts in ((fn_np, tn), (fn_cn, tc)):
            t = time.perf_counter()
            fn()
            ts.append(time.perf_counter() - t)
    return tn, tc


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n", type=int, default=4096)
    p.add_argument("--reps", type=int, default=15)
    p.add_argument("--numpy-hugepages", choices=("on", "off"), default="on")
    args = p.parse_args()
    np._core.multiarray._set_madvise_hugepage(args.numpy_hugepages == "on")
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (args.n, args.n)).astype(np.float32)
    c = cn.asarray(x)
    print(f"{args.n}x{args.n} float32, one core, median of {args.reps}, "
          f"NumPy huge pages {args.numpy_hugepages}")
    print(f"{'case':<16}{'numpy ms':>10}{'cunum ms':>10}{'ratio':>8}{'ratio(min)':>12}")
    for name, fn in CASES:
        np.testing.assert_allclose(cn.asnumpy(fn(cn, c)), fn(np, x), rtol=1e-4, atol=1e-3)
        tn, tc = times(lambda: fn(np, x), lambda: fn(cn, c), args.reps)
        mn, mc = statistics.median(tn), statistics.median(tc)
        print(f"{name:<16}{mn * 1e3:>10.2f}{mc * 1e3:>10.2f}{mc / mn:>8.2f}{min(tc) / min(tn):>12.2f}")

if __name__ == "__main__":
    main()
