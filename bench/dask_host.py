"""The host side of a Dask mean (docs/dask.md, "Where the time of a Dask mean
goes"): Dask's own cost against the chunk library's, on any backend.

The graph of bench_dask.py (a 1-D float32 array in 16 chunks) over small
chunks, so the device work is negligible: the graph construction, the
compute on the sync and threaded schedulers, over NumPy chunks (Dask's own
cost alone) and over cunum chunks; then the cunum calls one compute makes and
every device-to-host read during it (which must be none).

    CUNUM_DEVICE=cpu python bench/dask_host.py [--chunks 16] [--chunk 65536]
"""
import argparse
import collections
import cProfile
import pstats
import statistics
import time

import numpy as np
import dask.array as da

import cunum as cn


def per_call(fn, reps=300, loops=10):
    """(best, median) of `loops` loops' mean time per call, ms."""
    for _ in range(20):
        fn()
    ts = []
    for _ in range(loops):
        t = time.perf_counter()
        for _ in range(reps // loops):
            fn()
        ts.append((time.perf_counter() - t) / (reps // loops) * 1e3)
    return min(ts), statistics.median(ts)


def cunum_calls(m):
    """Calls of cunum's Python functions per compute (cProfile; C++ methods
    called directly are not seen)."""
    pr = cProfile.Profile()
    pr.enable()
    for _ in range(10):
        m.compute(scheduler="sync")
    pr.disable()
    out = {}
    for (f, _, name), (_, nc, _, _, _) in pstats.Stats(pr).stats.items():
        if "/cunum/" in f and not name.startswith("_"):
            out[name] = nc / 10
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def host_reads(m):
    """Device-to-host reads of cunum arrays while Dask computes `m`."""
    names = ("__array__", "item", "__float__", "__int__", "__bool__", "__index__", "tolist")
    count = collections.Counter()
    saved = {n: getattr(cn.ndarray, n) for n in names if hasattr(cn.ndarray, n)}
    saved_asnumpy = cn.asnumpy

    def counted(name, fn):
        def f(*a, **k):
            count[name] += 1
            return fn(*a, **k)
        return f
    try:
        for n, fn in saved.items():
            setattr(cn.ndarray, n, counted(n, fn))
        cn.asnumpy = counted("asnumpy", saved_asnumpy)
        m.compute(scheduler="threads")
    finally:
        for n, fn in saved.items():
            setattr(cn.ndarray, n, fn)
        cn.asnumpy = saved_asnumpy
    return dict(count)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--chunks", type=int, default=16)
    ap.add_argument("--chunk", type=int, default=2**16)
    args = ap.parse_args()
    n = args.chunks * args.chunk
    arrays = {"numpy": np.ones(n, np.float32), "cunum": cn.ones(n, dtype="float32")}
    print(f"{args.chunks} chunks of {args.chunk} float32; ms per call (best / median of 10 loops); "
          f"cunum on {cn.ones(1).device}")
    for lib, x in arrays.items():
        d = da.from_array(x, chunks=args.chunk, asarray=False)
        m = d.mean()
        rows = [("d.mean() build", lambda: d.mean()),
                ("compute sync", lambda: m.compute(scheduler="sync")),
                ("compute threads", lambda: m.compute(scheduler="threads")),
                ("float(d.mean().compute()) threads", lambda: float(d.mean().compute(scheduler="threads"))),
                ("float(x.mean())", lambda: float(x.mean()))]
        for name, fn in rows:
            best, med = per_call(fn)
            print(f"  {lib:6s} {name:36s} {best:8.3f} / {med:8.3f}")
        print(f"  {lib:6s} tasks in the graph: {len(dict(m.__dask_graph__()))}")
    m = da.from_array(arrays["cunum"], chunks=args.chunk, asarray=False).mean()
    print("cunum calls per compute:", cunum_calls(m))
    print("device-to-host reads during compute:", host_reads(m) or "none")


if __name__ == "__main__":
    main()
