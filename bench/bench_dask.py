"""Dask on one GPU: the mean of a float32 array of 2^30 elements (4 GiB) in
2^26-element chunks (16 chunks) as a Dask array of cunum chunks, against
x.mean() of the whole array; CuPy beside it (Dask's cupy backend). Issue
12's target (H100): the Dask mean at >= 50 % of the speed of x.mean().

Times are wall clock per call, result read back to the host (what a Dask
user waits for: the graph, the scheduler's threads, 16 chunk reductions and
the tree that combines them), median of several runs after warm-up; "GB/s"
counts the input read once. "dask % of whole" is the whole-array time over
the Dask time, in percent. PyTorch has no Dask backend.

Where the Dask time goes (docs/dask.md, "Where the time goes"):
  "same chunks, no Dask": the 16 chunk sums and their combination as plain
  library calls (what Dask asks of the library), result read back;
  "Dask alone, NumPy 16x16": the same graph over a NumPy array of 16 chunks
  of 16 elements: Dask's own graph building, optimisation and scheduling,
  with no GPU work at all; "d.mean() build": the graph construction alone;
  "dask % of whole, 2^32 in 2^28": 16 chunks of 4x the work each (16 GiB),
  where Dask's fixed cost is a smaller share.

    python bench/bench_dask.py [--json OUT.json] [--quick]
"""
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import libs, make, torch  # noqa: E402
from _report import run  # noqa: E402


def wall(fn, reps=7, warm=2):
    for _ in range(warm):
        fn()
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def cases(quick):
    import dask.array as da
    n = 2**26 if quick else 2**30
    chunk = 2**22 if quick else 2**26
    data = {}
    errors = []
    for lname, lib in libs().items():
        if lib is torch:
            continue
        try:
            data[lname] = _one(lib, n, chunk, da)
        except Exception as e:  # noqa: BLE001  one library's failure must not hide the table
            import traceback
            traceback.print_exc()
            errors.append(f"{lname}: {type(e).__name__}: {e}")
            data[lname] = {}
    for e in errors:
        print("FAILED", e)
    if not data.get("cunum"):
        data["cunum"] = {k: float("nan") for k in _CASES}
    return data


_CASES = ("x.mean() 2^30 ms", "dask mean threads ms", "dask mean sync ms", "x.mean() GB/s",
          "dask mean threads GB/s", "dask % of whole (threads)", "dask % of whole (sync)",
          "same chunks, no Dask ms", "Dask alone, NumPy 16x16 ms", "d.mean() build ms",
          "dask % of whole, 2^32 in 2^28")


def _one(lib, n, chunk, da):
    """One library's row: Dask's mean over `chunk`-element chunks and the whole array's."""
    row = {}
    x = make(lib, n, seed=1)
    whole = wall(lambda: float(x.mean()))
    d = da.from_array(x, chunks=chunk, asarray=False)
    threads = wall(lambda: float(d.mean().compute(scheduler="threads")))
    sync = wall(lambda: float(d.mean().compute(scheduler="sync")))
    row["x.mean() 2^30 ms"] = whole * 1e3
    row["dask mean threads ms"] = threads * 1e3
    row["dask mean sync ms"] = sync * 1e3
    row["x.mean() GB/s"] = 4 * n / whole / 1e9
    row["dask mean threads GB/s"] = 4 * n / threads / 1e9
    row["dask % of whole (threads)"] = 100 * whole / threads
    row["dask % of whole (sync)"] = 100 * whole / sync
    # The results agree (float32 sums in different orders).
    whole_v, dask_v = float(x.mean()), float(d.mean().compute())
    row["|dask - whole| / whole x1e6"] = abs(dask_v - whole_v) / abs(whole_v) * 1e6
    if not np.isclose(whole_v, dask_v, rtol=1e-4):
        print(f"WARNING {lib.__name__}: x.mean() = {whole_v!r}, dask mean = {dask_v!r}")
    _breakdown(lib, x, n, chunk, da, row)
    return row


def _breakdown(lib, x, n, chunk, da, row):
    """Where the Dask time goes: the chunk work without Dask, Dask without the
    library, the graph construction alone, and a 4x larger array."""
    k = n // chunk
    parts = [x[i * chunk:(i + 1) * chunk] for i in range(k)]
    row["same chunks, no Dask ms"] = wall(
        lambda: float(lib.stack([p.sum(dtype=x.dtype) for p in parts]).sum() / n)) * 1e3
    tiny = da.from_array(np.ones(16 * k, dtype=np.float32), chunks=16)
    row["Dask alone, NumPy 16x16 ms"] = wall(lambda: float(tiny.mean().compute(scheduler="threads"))) * 1e3
    d = da.from_array(x, chunks=chunk, asarray=False)
    row["d.mean() build ms"] = wall(lambda: d.mean()) * 1e3
    parts = d = None
    big_n, big_chunk = n * 4, chunk * 4
    try:
        big = lib.ones(big_n, dtype=lib.float32)
        big_whole = wall(lambda: float(big.mean()), reps=5)
        db = da.from_array(big, chunks=big_chunk, asarray=False)
        big_dask = wall(lambda: float(db.mean().compute(scheduler="threads")), reps=5)
        row["dask % of whole, 2^32 in 2^28"] = 100 * big_whole / big_dask
        big = db = None  # the 16 GiB go back before the next library's turn
    except Exception as e:  # noqa: BLE001  out of memory on a smaller GPU: leave the row out
        print(f"{lib.__name__}: 2^32 case skipped: {type(e).__name__}: {e}", file=sys.stderr)


def main():
    run(cases, width=30, fmt="12.2f", notes=("target: dask % of whole >= 50",))


if __name__ == "__main__":
    main()
