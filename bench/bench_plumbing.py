"""Array plumbing on the GPU: cunum vs CuPy vs PyTorch in one process (issue 9's
speed cases), as bandwidth: each input byte read once, each output byte
written once.

    python bench/bench_plumbing.py [--json OUT.json] [--quick]

The device-to-device copy (`x.copy()`) is the limit the copies are held to
(issue 9: concatenate, stack, flip, tile, repeat, pad ... at >= 90 % of it).
Bytes counted: tile, as a copy of its result (each copy of an input larger
than L2 is read again: 2 x result bytes); repeat and pad, input + result
bytes (the minimum: an element's copies are adjacent, a pad area is written
from values the kernel has just read or from a constant). The expected
numbers are in docs/kernel-tuning.md ("Tiles, repeats and pads").
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
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
        del y
        data[name].update(tiling_cases(lib, x, n))
        del x
    return data


def tiling_cases(lib, x, n):
    """tile, repeat and pad (issue 9's speed list), each making a result of
    about n float32 elements from slices of x (contiguous inputs)."""
    h = x[: n // 2]                                   # 1-d, n/2 elements
    q = int((n // 4) ** 0.5)
    quarter = x[: q * q].reshape(q, q)                # (q, q): tiled (2, 2) to n elements
    side = int((n // 2) ** 0.5)
    half = x[: (side // 2) * side].reshape(side // 2, side)   # rows repeated twice
    m = x[: side * side].reshape(side, side)          # padded by w on every side
    w = 64
    if lib is torch:
        import torch.nn.functional as F  # noqa: N812
        fns = {
            "tile 2x f32": lambda: h.repeat(2),
            "tile (2,2) f32 matrix": lambda: quarter.repeat(2, 2),
            "repeat 2x f32": lambda: torch.repeat_interleave(h, 2),
            "repeat rows 2x f32 matrix": lambda: torch.repeat_interleave(half, 2, dim=0),
            "pad constant f32": lambda: F.pad(m, (w, w, w, w)),
            "pad edge f32": lambda: F.pad(m[None], (w, w, w, w), mode="replicate"),
            "pad reflect f32": lambda: F.pad(m[None], (w, w, w, w), mode="reflect"),
            "pad wrap f32": lambda: F.pad(m[None, None], (w, w, w, w), mode="circular"),
        }
    else:
        fns = {
            "tile 2x f32": lambda: lib.tile(h, 2),
            "tile (2,2) f32 matrix": lambda: lib.tile(quarter, (2, 2)),
            "repeat 2x f32": lambda: lib.repeat(h, 2),
            "repeat rows 2x f32 matrix": lambda: lib.repeat(half, 2, axis=0),
            "pad constant f32": lambda: lib.pad(m, w),
            "pad edge f32": lambda: lib.pad(m, w, mode="edge"),
            "pad reflect f32": lambda: lib.pad(m, w, mode="reflect"),
            "pad wrap f32": lambda: lib.pad(m, w, mode="wrap"),
        }
    counted = {  # bytes (module docstring)
        "tile 2x f32": 2 * 4 * 2 * h.shape[0],
        "tile (2,2) f32 matrix": 2 * 4 * 4 * q * q,
        "repeat 2x f32": 4 * 3 * h.shape[0],
        "repeat rows 2x f32 matrix": 4 * 3 * half.shape[0] * side,
    }
    pad_b = 4 * side * side + 4 * (side + 2 * w) ** 2
    return {case + " GB/s": counted.get(case, pad_b) / gpu_time(fn) / 1e9 for case, fn in fns.items()}


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
    if args.json:
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)


if __name__ == "__main__":
    main()
