"""cunum's CPU backend against NumPy, in one process: time ratios (cunum / NumPy).

    python bench/cpu_bench.py [--quick] [--json OUT.json] [--only NAME,...]

A ratio <= 1.0 means cunum is at least NumPy's speed. NumPy runs its ufuncs on
one core; cunum uses CUNUM_NUM_THREADS threads (default: every core) for large
arrays. To compare on one core, run with CUNUM_NUM_THREADS=1.

Large cases (2^24 elements, or a 4096² matrix): the median of `reps` single
calls, cunum and NumPy interleaved call by call so that a noisy neighbour
slows both alike. The small case (`x + y` on 1000 elements, host overhead):
the median of `reps` loops of 2000 calls each.
"""
import argparse
import json
import os
import statistics
import sys
import time

os.environ["CUNUM_DEVICE"] = "cpu"

import numpy as np  # noqa: E402

import cunum as cn  # noqa: E402

N = 1 << 24
SIDE = 4096


def make_inputs(rng):
    """Host arrays by name; every case reads its inputs from here."""
    f32 = np.float32
    return {
        "m": rng.random((SIDE, SIDE), dtype=f32),
        "x": rng.random(N, dtype=f32),
        "y": rng.random(N, dtype=f32),
        "o": np.empty(N, f32),
        "x64": rng.random(N),
        "y64": rng.random(N),
        "o64": np.empty(N),
        "trig": rng.uniform(-100, 100, N).astype(f32),
        "trig64": rng.uniform(-100, 100, N),
        "expx": rng.uniform(-20, 20, N).astype(f32),
        "expx64": rng.uniform(-20, 20, N),
        "pos": rng.uniform(1e-3, 1e3, N).astype(f32),
        "pos64": rng.uniform(1e-3, 1e3, N),
        "i32": rng.integers(-2**31, 2**31 - 1, N, dtype=np.int32),
        "sx": rng.random(1000, dtype=f32),
        "sy": rng.random(1000, dtype=f32),
    }


# (name, function of (xp, arrays), small?) — the first five are issue 8's cases.
CASES = [
    ("sum(axis=0) 4096² f32", lambda xp, a: a["m"].sum(axis=0), False),
    ("sin 2^24 f32", lambda xp, a: xp.sin(a["trig"]), False),
    ("add(x, y, out=o) 2^24 f32", lambda xp, a: xp.add(a["x"], a["y"], out=a["o"]), False),
    ("ascontiguousarray(m.T) 4096² f32", lambda xp, a: xp.ascontiguousarray(a["m"].T), False),
    ("x + y 1000 f32", lambda xp, a: a["sx"] + a["sy"], True),
    ("cos 2^24 f32", lambda xp, a: xp.cos(a["trig"]), False),
    ("exp 2^24 f32", lambda xp, a: xp.exp(a["expx"]), False),
    ("log 2^24 f32", lambda xp, a: xp.log(a["pos"]), False),
    ("tanh 2^24 f32", lambda xp, a: xp.tanh(a["expx"]), False),
    ("sqrt 2^24 f32", lambda xp, a: xp.sqrt(a["pos"]), False),
    ("sin 2^24 f64", lambda xp, a: xp.sin(a["trig64"]), False),
    ("cos 2^24 f64", lambda xp, a: xp.cos(a["trig64"]), False),
    ("exp 2^24 f64", lambda xp, a: xp.exp(a["expx64"]), False),
    ("log 2^24 f64", lambda xp, a: xp.log(a["pos64"]), False),
    ("tanh 2^24 f64", lambda xp, a: xp.tanh(a["expx64"]), False),
    ("sqrt 2^24 f64", lambda xp, a: xp.sqrt(a["pos64"]), False),
    ("add(x, y, out=o) 2^24 f64", lambda xp, a: xp.add(a["x64"], a["y64"], out=a["o64"]), False),
    ("x + y 2^24 f32", lambda xp, a: a["x"] + a["y"], False),
    ("m.T.copy() 4096² f32", lambda xp, a: a["m"].T.copy(), False),
    # The sort family (docs/sorting.md): cunum's sorts are stable radix sorts
    # whatever the kind; NumPy's default kind is its (SIMD) quicksort.
    ("sort 2^24 f32", lambda xp, a: xp.sort(a["x"]), False),
    ("sort(kind=stable) 2^24 f32", lambda xp, a: xp.sort(a["x"], kind="stable"), False),
    ("argsort 2^24 f32", lambda xp, a: xp.argsort(a["x"]), False),
    ("argsort(kind=stable) 2^24 f32", lambda xp, a: xp.argsort(a["x"], kind="stable"), False),
    ("sort 2^24 i32", lambda xp, a: xp.sort(a["i32"]), False),
    ("argsort 2^24 i32", lambda xp, a: xp.argsort(a["i32"]), False),
    ("argsort(kind=stable) 2^24 i32", lambda xp, a: xp.argsort(a["i32"], kind="stable"), False),
    ("unique 2^24 i32", lambda xp, a: xp.unique(a["i32"]), False),
]


def time_large(fns, reps):
    """Median seconds per call of each function, calls interleaved."""
    for f in fns:  # warm-up: first-touch of outputs, caches, thread start
        f()
        f()
    times = [[] for _ in fns]
    for _ in range(reps):
        for i, f in enumerate(fns):
            t = time.perf_counter()
            f()
            times[i].append(time.perf_counter() - t)
    return [statistics.median(t) for t in times]


def time_small(fns, reps, calls=2000):
    for f in fns:
        for _ in range(200):
            f()
    times = [[] for _ in fns]
    for _ in range(reps):
        for i, f in enumerate(fns):
            t = time.perf_counter()
            for _ in range(calls):
                f()
            times[i].append((time.perf_counter() - t) / calls)
    return [statistics.median(t) for t in times]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--json", help="write the results here as JSON")
    ap.add_argument("--only", help="comma-separated substrings of case names")
    args = ap.parse_args()
    reps = 5 if args.quick else 15

    host = make_inputs(np.random.default_rng(0))
    dev = {k: cn.asarray(v) for k, v in host.items()}
    threads = os.environ.get("CUNUM_NUM_THREADS", "default (all cores)")
    print(f"cunum CPU backend vs NumPy {np.__version__}; CUNUM_NUM_THREADS={threads}; "
          f"{os.cpu_count()} CPUs; median of {reps}")
    print(f"{'case':36s} {'cunum ms':>10s} {'numpy ms':>10s} {'ratio':>7s}")
    results = []
    only = args.only.split(",") if args.only else None
    for name, fn, small in CASES:
        if only and not any(s in name for s in only):
            continue
        fns = [lambda: fn(cn, dev), lambda: fn(np, host)]
        t_cn, t_np = (time_small if small else time_large)(fns, reps)
        ratio = t_cn / t_np
        unit, scale = ("us", 1e6) if small else ("ms", 1e3)
        print(f"{name:36s} {t_cn * scale:8.3f}{unit} {t_np * scale:8.3f}{unit} {ratio:6.2f}x",
              flush=True)
        results.append({"case": name, "cunum_s": t_cn, "numpy_s": t_np, "ratio": ratio})
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"threads": threads, "results": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
