"""Array plumbing on the GPU: cunum vs CuPy vs PyTorch in one process (issue 9's
speed cases), as bandwidth: each input byte read once, each output byte
written once.

    python bench/bench_plumbing.py [--json OUT.json] [--quick]

The device-to-device copy (`x.copy()`) is the limit the copies are held to
(issue 9: concatenate, stack, flip ... at >= 90 % of it).

The sort cases (a second table, in milliseconds: lower is better) are issue
9's targets on an H100: sort float32 2^26 <= 1.6 ms, argsort within 1.5x of
sort, unique of 2^26 int32 within 2x of sort (docs/sorting.md has the plan
and the expected numbers). CuPy's sort/argsort/unique and PyTorch's
sort/unique run beside cunum's, and each is shown as a ratio to cunum's.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402

from bench import gpu_time, libs, make, torch  # noqa: E402


def cases(quick):
    n = 2**23 if quick else 2**27
    data = {}
    for name, lib in libs().items():
        x, y = make(lib, n, seed=1), make(lib, n, seed=2)
        b = 4 * n
        cat = (lambda: torch.cat([x, y])) if lib is torch else (lambda: lib.concatenate([x, y]))
        stk = (lambda: torch.stack([x, y])) if lib is torch else (lambda: lib.stack([x, y]))
        flp = (lambda: torch.flip(x, (0,))) if lib is torch else (lambda: lib.flip(x).copy())
        data[name] = {
            "copy f32 GB/s": 2 * b / gpu_time(lambda: x.clone() if lib is torch else x.copy()) / 1e9,
            "concatenate 2x f32 GB/s": 4 * b / gpu_time(cat) / 1e9,
            "stack 2x f32 GB/s": 4 * b / gpu_time(stk) / 1e9,
            "flip copy f32 GB/s": 2 * b / gpu_time(flp) / 1e9,
        }
        del x, y
    return data


def _ints(lib, n, seed):
    host = np.random.default_rng(seed).integers(0, 2**31 - 1, n, dtype=np.int32)
    return torch.from_numpy(host).cuda() if lib is torch else lib.asarray(host)


def sort_cases(quick):
    n = 2**22 if quick else 2**26
    data = {}
    for name, lib in libs().items():
        x, k = make(lib, n, seed=3), _ints(lib, n, seed=4)
        if lib is torch:
            fns = {"sort f32": lambda: torch.sort(x), "argsort f32": lambda: torch.argsort(x, stable=True),
                   "sort i32": lambda: torch.sort(k), "unique i32": lambda: torch.unique(k)}
        else:
            fns = {"sort f32": lambda: lib.sort(x), "argsort f32": lambda: lib.argsort(x),
                   "sort i32": lambda: lib.sort(k), "unique i32": lambda: lib.unique(k)}
        data[name] = {case + " ms": gpu_time(fn) * 1e3 for case, fn in fns.items()}
        del x, k
    return data


def print_sort_cases(data):
    names = list(data)
    print(f"\n{'case (ms)':32s}" + "".join(f"{n:>12s}" for n in names) +
          "".join(f"{n + '/cunum':>14s}" for n in names[1:]))
    for case in data["cunum"]:
        row = "".join(f"{data[n][case]:12.3f}" for n in names)
        ratios = "".join(f"{data[n][case] / data['cunum'][case]:14.2f}" for n in names[1:])
        print(f"{case:32s}{row}{ratios}")
    c = data["cunum"]
    print(f"cunum argsort/sort f32: {c['argsort f32 ms'] / c['sort f32 ms']:.2f} (target <= 1.5); "
          f"unique/sort i32: {c['unique i32 ms'] / c['sort i32 ms']:.2f}, "
          f"unique i32/sort f32: {c['unique i32 ms'] / c['sort f32 ms']:.2f} (target <= 2); "
          f"sort f32 {c['sort f32 ms']:.3f} ms (target <= 1.6 at 2^26)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    data = cases(args.quick)
    names = list(data)
    print(f"{'case':32s}" + "".join(f"{n:>12s}" for n in names) + "   cunum/copy")
    for case in data["cunum"]:
        row = "".join(f"{data[n][case]:12.1f}" for n in names)
        print(f"{case:32s}{row}   {data['cunum'][case] / data['cunum']['copy f32 GB/s']:.2f}")
    sorts = sort_cases(args.quick)
    print_sort_cases(sorts)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({**data, "sort": sorts}, f, indent=1)


if __name__ == "__main__":
    main()
