"""Interchange and NumPy dispatch on the GPU (issue 12's speed cases), host
microseconds per call: cunum vs CuPy vs PyTorch in one process.

    python bench/bench_interop.py [--json OUT.json] [--quick]

Targets: torch.from_dlpack(x) and cunum.from_dlpack(t) <= 5 us per call, no
copy; np.sum(x) through __array_function__ <= 2 us over x.sum() (the row
"np.sum - x.sum"). docs/interop.md has the plan and the expected numbers.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import host_time, libs, make, torch  # noqa: E402
from _report import run  # noqa: E402


def _sync(lib):
    if lib is torch:
        return torch.cuda.synchronize
    return lib.cuda.runtime.deviceSynchronize


def _us(fn, sync, quick):
    try:
        return host_time(fn, sync, iters=500 if quick else 4000) * 1e6
    except (AttributeError, TypeError, RuntimeError, NotImplementedError, BufferError):
        return float("nan")


def cases(quick):
    data = {}
    t_src = torch.arange(1000, dtype=torch.float32, device="cuda") if torch is not None else None
    for name, lib in libs().items():
        sync = _sync(lib)
        x = make(lib, 1000)
        row = {}
        if lib is not torch:
            row["x.sum() us"] = _us(lambda: x.sum(), sync, quick)
            row["np.sum(x) us"] = _us(lambda: np.sum(x), sync, quick)
            row["np.sum - x.sum us"] = row["np.sum(x) us"] - row["x.sum() us"]
            row["np.sin(x) us"] = _us(lambda: np.sin(x), sync, quick)
            row["np.mean(x) us"] = _us(lambda: np.mean(x), sync, quick)
        if torch is not None:
            # the consumer's side: this library reads a PyTorch tensor
            imp = torch.from_dlpack if lib is torch else lib.from_dlpack
            row["from_dlpack(torch) us"] = _us(lambda: imp(t_src), sync, quick)
            if lib is not torch:
                row["asarray(torch CAI) us"] = _us(lambda: lib.asarray(t_src), sync, quick)
            # the producer's side: PyTorch reads this library's array
            row["torch.from_dlpack(x) us"] = _us(lambda: torch.from_dlpack(x), sync, quick)
        row["x.__dlpack__() us"] = _us(lambda: x.__dlpack__(), sync, quick)
        data[name] = row
    return data


if __name__ == "__main__":
    run(cases, width=28, fmt="12.2f",
        notes=("host microseconds per call (lower is better); 1000 float32 elements on the GPU",
               "targets (issue 12): from_dlpack(torch) <= 5, torch.from_dlpack(x) <= 5, np.sum - x.sum <= 2; "
               "columns: cunum, cupy, torch; last column cunum/cupy"))
