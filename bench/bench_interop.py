"""Interchange and NumPy dispatch on the GPU (issue 12's speed cases), host
microseconds per call: cunum vs CuPy vs PyTorch in one process.

    python bench/bench_interop.py [--json OUT.json] [--quick]

Targets: torch.from_dlpack(x) and cunum.from_dlpack(t) <= 5 us per call, no
copy; np.sum(x) through __array_function__ <= 2 us over x.sum() (the row
"np.sum - x.sum"). docs/interop.md has the plan and the expected numbers.

The indented rows take the two DLPack exchanges apart: PyTorch's own steps
("torch: ..."; t.__dlpack__ with a stream runs PyTorch's Python stream
handshake, torch.from_dlpack calls torch.cuda.current_stream) and the
library's ("lib: ..."); "- torch's steps" is what is left of an exchange
once PyTorch's steps are subtracted: the library's share, to hold against
the 5 us target.
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


def _consume_us(make, eat, quick):
    """Host µs per `eat(capsule)` over capsules made beforehand: one side of
    the exchange alone (the median of 5 batches)."""
    import statistics
    import time
    n = 500 if quick else 2000
    try:
        times = []
        for _ in range(5):
            caps = [make() for _ in range(n)]
            t = time.perf_counter()
            for c in caps:
                eat(c)
            times.append((time.perf_counter() - t) / n * 1e6)
        return statistics.median(times)
    except Exception as e:  # noqa: BLE001  a library that cannot read the capsule shows nan
        print(f"_consume_us: {type(e).__name__}: {e}", file=sys.stderr)
        return float("nan")


def _dlpack_steps(lib, x, t_src, sync, quick, row):
    """The DLPack exchanges taken apart (docs/interop.md, "Where the time
    goes"): each library's own steps, and PyTorch's, measured in the same
    column so that the subtraction rows compare like with like."""
    # PyTorch's own steps (the same for every column: their spread is the noise).
    row["  torch: t.__dlpack__(stream=1) us"] = _us(
        lambda: t_src.__dlpack__(stream=1, max_version=(1, 1)), sync, quick)
    row["  torch: t.__dlpack_device__() us"] = _us(lambda: t_src.__dlpack_device__(), sync, quick)
    row["  torch: current_stream() us"] = _us(lambda: torch.cuda.current_stream(t_src.device), sync, quick)
    row["  torch: _from_dlpack(capsule) us"] = _consume_us(
        lambda: x.__dlpack__(stream=1, max_version=(1, 0)), torch._C._from_dlpack, quick)
    if lib is torch:
        return
    # This library's own steps.
    row["  lib: from_dlpack(torch capsule) us"] = _consume_us(
        lambda: t_src.__dlpack__(stream=1, max_version=(1, 1)), lib.from_dlpack, quick)
    row["  lib: x.__dlpack__(stream=1) us"] = _us(lambda: x.__dlpack__(stream=1, max_version=(1, 0)), sync, quick)
    row["  lib: x.__dlpack_device__() us"] = _us(lambda: x.__dlpack_device__(), sync, quick)
    # What is left of each exchange once PyTorch's own steps are taken out.
    row["from_dlpack(torch) - torch's steps us"] = (
        row["from_dlpack(torch) us"] - row["  torch: t.__dlpack__(stream=1) us"]
        - row["  torch: t.__dlpack_device__() us"])
    row["torch.from_dlpack(x) - torch's steps us"] = (
        row["torch.from_dlpack(x) us"] - row["  torch: current_stream() us"]
        - row["  torch: _from_dlpack(capsule) us"])


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
        if torch is not None:
            _dlpack_steps(lib, x, t_src, sync, quick, row)
        data[name] = row
    return data


if __name__ == "__main__":
    run(cases, width=28, fmt="12.2f",
        notes=("host microseconds per call (lower is better); 1000 float32 elements on the GPU",
               "targets (issue 12): from_dlpack(torch) <= 5, torch.from_dlpack(x) <= 5, np.sum - x.sum <= 2; "
               "columns: cunum, cupy, torch; last column cunum/cupy"))
