"""Array plumbing on the GPU: cunum vs CuPy vs PyTorch in one process (issue 9's
speed cases), as bandwidth: each input byte read once, each output byte
written once.

    python bench/bench_plumbing.py [--json OUT.json] [--quick]

The device-to-device copy (`x.copy()`) is the limit the copies are held to
(issue 9: concatenate, stack, flip ... at >= 90 % of it; copyto >= 2850 GB/s and
the transpose copy of a 16384^2 float32 matrix >= 2400 GB/s).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import gpu_time, libs, make, torch  # noqa: E402


def cases(quick, only=None):
    n = 2**23 if quick else 2**27
    data = {}
    for name, lib in libs().items():
        if only and name not in only:
            continue
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
        c = make(lib, n, seed=3)
        cpt = (lambda: c.copy_(x)) if lib is torch else (lambda: lib.copyto(c, x))
        data[name]["copyto f32 GB/s"] = 2 * b / gpu_time(cpt) / 1e9
        del x, y, c
        side = 2**12 if quick else 2**14
        m = make(lib, 0, shape=(side, side), seed=4)
        tr = (lambda: m.t().contiguous()) if lib is torch else (lambda: lib.ascontiguousarray(m.T))
        data[name][f"transpose copy {side}^2 f32 GB/s"] = 2 * 4 * side * side / gpu_time(tr) / 1e9
        del m
    return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--libs", help="comma-separated subset of cunum,cupy,torch (cunum is always run)")
    args = ap.parse_args()
    data = cases(args.quick, set(args.libs.split(",")) | {"cunum"} if args.libs else None)
    names = list(data)
    print(f"{'case':32s}" + "".join(f"{n:>12s}" for n in names) + "   cunum/copy")
    for case in data["cunum"]:
        row = "".join(f"{data[n][case]:12.1f}" for n in names)
        print(f"{case:32s}{row}   {data['cunum'][case] / data['cunum']['copy f32 GB/s']:.2f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)


if __name__ == "__main__":
    main()
