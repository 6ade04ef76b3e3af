"""Host overhead per call (bench.py's cases, plus a few more) and a loop mode
for profilers.

    python bench/host_overhead.py                 # table: cunum (+ CuPy, PyTorch if present)
    python bench/host_overhead.py --loop add 3    # run `x + y` for ~3 s (for perf record)
"""
import os
import sys
import time

import numpy as np

import cunum as cn


def per_call(f, sync, n=20000, reps=3):
    for _ in range(500):
        f()
    sync()
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        for _ in range(n):
            f()
        sync()
        best = min(best, (time.perf_counter() - t) / n)
    return best * 1e6


def cases(x, y, o):
    return {
        "add": lambda: x + y,
        "add_out": lambda: cn.add(x, y, out=o),
        "sum": lambda: x.sum(),
        "slice": lambda: x[1:500],
        "empty": lambda: cn.empty(1000),
        "neg_out": lambda: cn.negative(x, out=o),
        "fill": lambda: o.fill(1.0),
        "copyto": lambda: cn.copyto(o, x),
        "x + 1.0": lambda: x + 1.0,
    }


def main():
    host = np.random.default_rng(0).random(1000, dtype=np.float32)
    x, y = cn.asarray(host), cn.asarray(host[::-1].copy())
    o = cn.empty_like(x)
    sync = lambda: cn.asnumpy(o[:1])  # noqa: E731
    c = cases(x, y, o)
    if len(sys.argv) > 1 and sys.argv[1] == "--loop":
        f, secs = c[sys.argv[2]], float(sys.argv[3])
        end = time.perf_counter() + secs
        while time.perf_counter() < end:
            for _ in range(1000):
                f()
        sync()
        return
    print("cunum device:", x.device)
    for name, f in c.items():
        print(f"cunum {name:10s} {per_call(f, sync):7.3f} us", flush=True)


if __name__ == "__main__":
    main()
