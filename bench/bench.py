"""cunum vs CuPy vs PyTorch on one GPU, in one process (../shared/ANCHORS.md cases).

    python bench/bench.py [--json OUT.json] [--quick]

GPU times: median of CUDA-event timings (torch.cuda.Event on the legacy default
stream, which all three libraries use by default) after warm-up. GB/s counts each
input read once and each output written once. Host overhead: wall time per call
of a tight loop on 1000-element float32 arrays, synchronised at the end
(median of 5 loops of 4000 calls).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import cunum as cn

try:
    import cupy as cp
except Exception:  # noqa: BLE001
    cp = None
try:
    import torch
except Exception:  # noqa: BLE001
    torch = None


def gpu_time(fn, reps=20, warm=3, before=None):
    """Median seconds between events recorded around fn(). The GPU is idle
    when the first is recorded, so the host's submission counts; `before`
    (e.g. a GPU sleep) runs ahead of it instead to time the device alone
    (bench/call_split.py)."""
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        if before is not None:
            before()
        a.record()
        fn()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b) * 1e-3)
    return statistics.median(times)


def host_time(fn, sync, iters=4000, reps=5):
    """Per-call wall time of a tight loop, synchronised at its end: the median
    of `reps` loops (one loop's mean is at the mercy of a single hiccup)."""
    for _ in range(200):
        fn()
    sync()
    per_call = []
    for _ in range(reps):
        t = time.perf_counter()
        for _ in range(iters):
            fn()
        sync()
        per_call.append((time.perf_counter() - t) / iters)
    return statistics.median(per_call)


def libs():
    out = {"cunum": cn}
    if cp is not None:
        out["cupy"] = cp
    if torch is not None:
        out["torch"] = torch
    return out


def make(lib, n, shape=None, seed=0):
    shape = shape or (n,)
    host = np.random.default_rng(seed).random(shape, dtype=np.float32)
    if lib is torch:
        return torch.from_numpy(host).cuda()
    return lib.asarray(host)


def take_indices(lib, n, seed=7):
    """n random int64 indices into an axis of length n, on the GPU."""
    host = np.random.default_rng(seed).integers(0, n, n, dtype=np.int64)
    if lib is torch:
        return torch.from_numpy(host).cuda()
    return lib.asarray(host)


def bandwidth_cases(quick):
    n = 2**24 if quick else 2**28
    side = 4096 if quick else 16384
    ng = 2**22 if quick else 2**26  # take
    rows = []
    data = {}
    for name, lib in libs().items():
        x, y = make(lib, n, seed=1), make(lib, n, seed=2)
        o = (lib.empty_like(x))
        m = make(lib, None, (side, side), seed=3)
        t_add = gpu_time(lambda: (torch.add(x, y, out=o) if lib is torch else lib.add(x, y, out=o)))
        t_sin = gpu_time(lambda: lib.sin(x))
        t_sum = gpu_time(lambda: x.sum())
        t_s0 = gpu_time(lambda: m.sum(0) if lib is torch else m.sum(axis=0))
        t_s1 = gpu_time(lambda: m.sum(1) if lib is torch else m.sum(axis=1))
        t_fused = gpu_time(lambda: (x * y + x) * y)
        # take (x[idx] later): float32 gathered by random int64 indices, 4 + 8 + 4 bytes per element
        src, idx = make(lib, ng, seed=6), take_indices(lib, ng)
        t_take = gpu_time(lambda: torch.index_select(src, 0, idx) if lib is torch else lib.take(src, idx))
        # cumsum (the scan primitive, docs/scan.md): float32 2^26, 4 + 4 bytes per element;
        # along axis 0 of a C-ordered float32 matrix (a thread per column)
        sc = make(lib, ng, seed=8)
        t_cumsum = gpu_time(lambda: torch.cumsum(sc, 0) if lib is torch else lib.cumsum(sc))
        t_cumsum0 = gpu_time(lambda: torch.cumsum(m, 0) if lib is torch else lib.cumsum(m, axis=0))
        t_cumsum_n = gpu_time(lambda: torch.cumsum(x, 0) if lib is torch else lib.cumsum(x))  # the full n (2^28)
        b = 4 * n
        bm = 4 * side * side
        data[name] = {
            "add f32 out= GB/s": 3 * b / t_add / 1e9,
            "sin f32 GB/s": 2 * b / t_sin / 1e9,
            "(a*b+a)*b effective GB/s": 3 * b / t_fused / 1e9,
            "sum f32 GB/s": b / t_sum / 1e9,
            "sum(axis=0) GB/s": bm / t_s0 / 1e9,
            "sum(axis=1) GB/s": bm / t_s1 / 1e9,
            "take f32 int64 idx GB/s": (4 + 8 + 4) * ng / t_take / 1e9,
            "cumsum f32 GB/s": (4 + 4) * ng / t_cumsum / 1e9,
            "cumsum(axis=0) GB/s": 2 * bm / t_cumsum0 / 1e9,
            "cumsum f32 n GB/s": (4 + 4) * n / t_cumsum_n / 1e9,
        }
        del x, y, o, m, src, idx, sc
    return data


def overhead_cases():
    data = {}
    for name, lib in libs().items():
        x, y = make(lib, 1000, seed=4), make(lib, 1000, seed=5)
        o = lib.empty_like(x)
        idx = take_indices(lib, 1000)
        if lib is torch:
            sync = torch.cuda.synchronize
        elif lib is cn:
            sync = lambda: cn.asnumpy(o[:1])  # noqa: E731  (a device-to-host copy waits)
        else:
            sync = lambda: cp.cuda.Device().synchronize()  # noqa: E731
        data[name] = {
            "x + y us": host_time(lambda: x + y, sync) * 1e6,
            "add(x, y, out=o) us": host_time(
                lambda: (torch.add(x, y, out=o) if lib is torch else lib.add(x, y, out=o)), sync) * 1e6,
            "x.sum() us": host_time(lambda: x.sum(), sync) * 1e6,
            "x[1:500] us": host_time(lambda: x[1:500], sync) * 1e6,
            "take(x, idx) us": host_time(
                lambda: (torch.index_select(x, 0, idx) if lib is torch else lib.take(x, idx)), sync) * 1e6,
            "empty(1000) us": host_time(
                lambda: (torch.empty(1000, device="cuda") if lib is torch else lib.empty(1000)), sync) * 1e6,
        }
    return data


def fresh_process_cases():
    """Import time and first-call latency of a never-seen kernel, in new processes."""
    res = {}
    code_import = "import time; t=time.perf_counter(); import {m}; print(time.perf_counter()-t)"
    code_first = (
        "import time, {m} as xp\n"
        "x = xp.ones(1000, dtype='float32'); y = x + x; float(y[0])\n"  # runtime, pool, common kernels
        "t = time.perf_counter(); z = xp.tanh(y * 0.5 - 3.0) ; float(z[0]); print(time.perf_counter() - t)\n")
    for m, env_key in (("cunum", "CUNUM_CACHE_DIR"), ("cupy", "CUPY_CACHE_DIR")):
        if m == "cupy" and cp is None:
            continue
        r = {}
        out = subprocess.run([sys.executable, "-c", code_import.format(m=m)], capture_output=True, text=True)
        r["import s"] = float(out.stdout.strip().splitlines()[-1]) if out.returncode == 0 else None
        with tempfile.TemporaryDirectory() as d:
            env = dict(os.environ, **{env_key: d})
            for label in ("first call, empty disk cache s", "first call, warm disk cache s"):
                out = subprocess.run([sys.executable, "-c", code_first.format(m=m)], capture_output=True,
                                     text=True, env=env)
                r[label] = float(out.stdout.strip().splitlines()[-1]) if out.returncode == 0 else None
                if out.returncode:
                    print(out.stderr[-2000:], file=sys.stderr)
        res[m] = r
    return res


def print_table(title, data, higher_is_better):
    names = list(data)
    keys = list(next(iter(data.values())))
    print(f"\n{title}")
    print(f"{'case':34s}" + "".join(f"{n:>12s}" for n in names) + "   cunum/best-other")
    for k in keys:
        vals = [data[n].get(k) for n in names]
        row = f"{k:34s}" + "".join(f"{v:12.3f}" if v is not None else f"{'-':>12s}" for v in vals)
        others = [v for n, v in zip(names, vals) if n != "cunum" and v is not None]
        if others and data["cunum"].get(k):
            best = max(others) if higher_is_better else min(others)
            ratio = data["cunum"][k] / best if higher_is_better else best / data["cunum"][k]
            row += f"   {ratio:6.2f}x"
        print(row)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    print("device:", torch.cuda.get_device_name() if torch else "?", "| cunum default device:",
          cn.get_default_device())
    result = {"bandwidth": bandwidth_cases(args.quick), "overhead": overhead_cases(),
              "fresh_process": fresh_process_cases()}
    print_table("Bandwidth (GB/s, higher is better)", result["bandwidth"], True)
    print_table("Host overhead (us per call, lower is better)", result["overhead"], False)
    fp = result["fresh_process"]
    print("\nFresh process (s, lower is better)")
    for m, r in fp.items():
        print(f"  {m:8s} " + "  ".join(f"{k}: {v if v is None else round(v, 4)}" for k, v in r.items()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
