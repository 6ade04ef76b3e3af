"""Issue 10's ufunc methods and math routines on the GPU: cunum vs CuPy vs
PyTorch in one process (docs/ufunc-methods.md). Times in ms (lower is
better); a library without the operation shows nan. float32 data.

    python bench/bench_ufunc_methods.py [--json OUT.json] [--quick]
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import gpu_time, libs, make, torch  # noqa: E402


def case_fns(lib, n):
    """name -> zero-argument callable, for the operations `lib` has."""
    x = make(lib, n, seed=1)
    w = make(lib, (n // 4096) * 4096, seed=2)
    m = w.reshape(4096, -1)
    fns = {}
    if lib is torch:
        idx = torch.randint(0, 1 << 16, (n // 4,), device=x.device)
        fns["maximum.accumulate (cummax)"] = lambda: torch.cummax(x, 0)
        fns["logaddexp.reduce (logsumexp)"] = lambda: torch.logsumexp(x, 0)
        fns["add.at 2^16 bins (index_add_)"] = lambda: torch.zeros(1 << 16, device=x.device).index_add_(
            0, idx, x[: n // 4])
        fns["diff"] = lambda: torch.diff(x)
        fns["clip"] = lambda: torch.clip(x, -0.5, 0.5)
        return fns
    import numpy
    idx = lib.asarray(numpy.random.default_rng(7).integers(0, 1 << 16, n // 4))
    xs = lib.sort(x[: 1 << 20])
    fns["maximum.accumulate (cummax)"] = lambda: lib.maximum.accumulate(x)
    fns["logaddexp.reduce (logsumexp)"] = lambda: lib.logaddexp.reduce(x)
    fns["subtract.reduce axis=0 of 4096 rows"] = lambda: lib.subtract.reduce(m, axis=0)
    fns["add.reduceat 1024 segments"] = lambda: lib.add.reduceat(x, lib.arange(0, n, n // 1024))
    fns["add.at 2^16 bins"] = lambda: lib.add.at(lib.zeros(1 << 16, lib.float32), idx, x[: n // 4])
    fns["multiply.at 2^16 bins"] = lambda: lib.multiply.at(lib.ones(1 << 16, lib.float32), idx, x[: n // 4])
    fns["interp 2^20 points"] = lambda: lib.interp(x, xs, xs)
    fns["diff"] = lambda: lib.diff(x)
    fns["clip"] = lambda: lib.clip(x, -0.5, 0.5)
    fns["around(x, 2)"] = lambda: lib.around(x, 2)
    fns["gradient"] = lambda: lib.gradient(x)
    fns["packbits of x > 0"] = lambda: lib.packbits(x > 0)
    fns["isclose"] = lambda: lib.isclose(x, x)
    return fns


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    n = 2**20 if args.quick else 2**26
    data = {}
    for lname, lib in libs().items():
        row = {}
        for name, fn in case_fns(lib, n).items():
            try:
                row[name] = gpu_time(fn) * 1e3
            except (AttributeError, TypeError, NotImplementedError, RuntimeError, ValueError) as e:
                print(f"{lname}: {name}: {type(e).__name__}: {e}", file=sys.stderr)
        data[lname] = row
    names = list(data)
    cases = list(data.get("cunum", {}))
    print(f"{'case (ms)':40s}" + "".join(f"{k:>12s}" for k in names))
    for case in cases:
        print(f"{case:40s}" + "".join(f"{data[k].get(case, float('nan')):12.3f}" for k in names))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)


if __name__ == "__main__":
    main()
