"""The statistics of issue 10 on the GPU: cunum vs CuPy vs PyTorch in one
process. Issue 10's targets (H100):
  var / std f32 2^28 >= 2700 GB/s (CuPy 5.5, PyTorch 2615), counting the
  input read once; median of 2^26 within 2x of sort; histogram (256 bins)
  and bincount of 2^26 values at least CuPy's speed.

    python bench/bench_stats.py [--json OUT.json] [--quick]
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import gpu_time, libs, make, torch  # noqa: E402
from _report import run  # noqa: E402


def ints(lib, n, hi, seed=3):
    host = np.random.default_rng(seed).integers(0, hi, n, dtype=np.int64)
    if lib is torch:
        return torch.from_numpy(host).cuda()
    return lib.asarray(host)


def timed(row, name, nbytes, fn, unit="GB/s"):
    try:
        t = gpu_time(fn)
    except (AttributeError, TypeError, RuntimeError, NotImplementedError):
        return
    row[name] = nbytes / t / 1e9 if unit == "GB/s" else t * 1e3


def cases(quick):
    n = 2**24 if quick else 2**28
    m = 2**22 if quick else 2**26
    side = 4096 if quick else 16384
    data = {}
    for lname, lib in libs().items():
        row = {}
        x = make(lib, n, seed=1)
        timed(row, "copy f32 GB/s", 2 * 4 * n, lambda: x.clone() if lib is torch else x.copy())
        timed(row, "var f32 2^28 GB/s", 4 * n, lambda: x.var())
        timed(row, "std f32 2^28 GB/s", 4 * n, lambda: x.std())
        del x
        mat = make(lib, side * side, shape=(side, side), seed=2)
        if lib is torch:
            timed(row, "var(axis=0) f32 GB/s", 4 * side * side, lambda: torch.var(mat, dim=0, correction=0))
            timed(row, "var(axis=1) f32 GB/s", 4 * side * side, lambda: torch.var(mat, dim=1, correction=0))
        else:
            timed(row, "var(axis=0) f32 GB/s", 4 * side * side, lambda: lib.var(mat, axis=0))
            timed(row, "var(axis=1) f32 GB/s", 4 * side * side, lambda: lib.var(mat, axis=1))
        del mat
        y = make(lib, m, seed=4)
        if lib is torch:
            timed(row, "sort f32 2^26 ms", 0, lambda: torch.sort(y), unit="ms")
            timed(row, "median f32 2^26 ms", 0, lambda: torch.quantile(y[: 2**24], 0.5), unit="ms")
            timed(row, "histogram 256 f32 2^26 ms", 0, lambda: torch.histc(y, 256, 0.0, 1.0), unit="ms")
        else:
            timed(row, "sort f32 2^26 ms", 0, lambda: lib.sort(y), unit="ms")
            timed(row, "median f32 2^26 ms", 0, lambda: lib.median(y), unit="ms")
            timed(row, "histogram 256 f32 2^26 ms", 0, lambda: lib.histogram(y, 256, range=(0.0, 1.0)), unit="ms")
            # the histogram primitive's other paths (docs/statistics.md):
            # explicit edges (binary search), weights, bins beyond shared memory
            edges = lib.asarray(np.sort(np.random.default_rng(5).random(257)))
            timed(row, "histogram edges 256 f32 2^26 ms", 0, lambda: lib.histogram(y, edges), unit="ms")
            timed(row, "histogram 256 weighted 2^26 ms", 0,
                  lambda: lib.histogram(y, 256, range=(0.0, 1.0), weights=y), unit="ms")
            timed(row, "histogram 8192 f32 2^26 ms", 0, lambda: lib.histogram(y, 8192, range=(0.0, 1.0)), unit="ms")
        k = ints(lib, m, 1000)
        timed(row, "bincount 2^26 (1000) ms", 0,
              lambda: torch.bincount(k, minlength=1000) if lib is torch else lib.bincount(k, minlength=1000),
              unit="ms")
        data[lname] = row
        del y, k
    return data


def main():
    run(cases, width=30, fmt='12.2f', notes=("torch's median is quantile of 2^24 (its limit), not comparable",))


if __name__ == "__main__":
    main()
