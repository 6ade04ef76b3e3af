"""Bandwidth of the elementwise and reduction kernels (docs/kernel-tuning.md).

    python bench/kernel_bw.py [--libs cunum,cupy,torch] [--cases add,sin,sum,sum0,sum1] [--quick]

Same timing as bench.py (median of CUDA events, GB/s = bytes read once +
bytes written once), the five cases of the kernel-tuning targets, plus a few
shapes that take the other reduction strategies.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

torch = bench.torch


def cases(lib, quick):
    n = 2**24 if quick else 2**28
    side = 4096 if quick else 16384
    x, y = bench.make(lib, n, seed=1), bench.make(lib, n, seed=2)
    o = lib.empty_like(x)
    m = bench.make(lib, None, (side, side), seed=3)
    b, bm = 4 * n, 4 * side * side
    add = (lambda: torch.add(x, y, out=o)) if lib is torch else (lambda: lib.add(x, y, out=o))
    s0 = (lambda: m.sum(0)) if lib is torch else (lambda: m.sum(axis=0))
    s1 = (lambda: m.sum(1)) if lib is torch else (lambda: m.sum(axis=1))
    tall = bench.make(lib, None, (side * side // 64, 64), seed=4)  # short rows
    wide = bench.make(lib, None, (64, side * side // 64), seed=5)  # few long rows
    amax = (lambda: torch.argmax(x)) if lib is torch else (lambda: lib.argmax(x))
    return {
        "add": (add, 3 * b),
        "sin": (lambda: lib.sin(x), 2 * b),
        "sum": (lambda: x.sum(), b),
        "sum0": (s0, bm),
        "sum1": (s1, bm),
        "sum1-short-rows": ((lambda: tall.sum(1)) if lib is torch else (lambda: tall.sum(axis=1)), bm),
        "sum0-short-rows": ((lambda: tall.sum(0)) if lib is torch else (lambda: tall.sum(axis=0)), bm),
        "sum1-64-rows": ((lambda: wide.sum(1)) if lib is torch else (lambda: wide.sum(axis=1)), bm),
        "argmax": (amax, b),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--libs", default="cunum,cupy,torch")
    ap.add_argument("--cases", default="")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--reps", type=int, default=20)
    args = ap.parse_args()
    libs = {k: v for k, v in bench.libs().items() if k in args.libs.split(",")}
    want = [c for c in args.cases.split(",") if c]
    res = {}
    for name, lib in libs.items():
        cs = cases(lib, args.quick)
        for c, (fn, nbytes) in cs.items():
            if want and c not in want:
                continue
            t = bench.gpu_time(fn, reps=args.reps)
            res.setdefault(c, {})[name] = (nbytes / t / 1e9, t * 1e6)
        del cs
    tag = os.environ.get("CUNUM_UFUNC_UNROLL", "")
    print(f"{'case':18s}" + "".join(f"{k:>22s}" for k in libs) + (f"   (unroll={tag})" if tag else ""))
    for c, row in res.items():
        print(f"{c:18s}" + "".join(f"{row[k][0]:10.0f} GB/s {row[k][1]:7.1f}us" for k in libs if k in row))


if __name__ == "__main__":
    main()
