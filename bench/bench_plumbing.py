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
sort/unique run beside cunum's, and each is shown as a ratio to cunum's;
every library's argsort/sort ratio is printed under it.

The targets table (after the first) holds each bandwidth case to issue 9's
target, for every library side by side: concatenate, stack, flip, tile,
repeat, pad as a ratio to the device copy (the fastest x.copy() of the run,
target >= 0.9); x[idx] >= 480 GB/s, x[mask] >= 1100, copyto >= 2850 and the
transpose copy of a 16384^2 float32 matrix >= 2400. Bytes counted: tile, as a copy of its result (each copy of an input larger
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
import numpy as np  # noqa: E402

from bench import gpu_time, host_time, libs, make, take_indices, torch  # noqa: E402


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
        # a copy moving the bytes repeat rows is counted for (6n bytes), to
        # tell a size effect from the kernel's own (docs/kernel-tuning.md,
        # "repeat rows")
        part = x[: 3 * n // 4]
        data[name]["copy f32 3n/4 GB/s"] = 2 * 4 * part.shape[0] / gpu_time(
            lambda: part.clone() if lib is torch else part.copy()) / 1e9
        data[name].update(tiling_cases(lib, x, n))
        del x, y, c
        side = 2**12 if quick else 2**14
        m = make(lib, 0, shape=(side, side), seed=4)
        tr = (lambda: m.t().contiguous()) if lib is torch else (lambda: lib.ascontiguousarray(m.T))
        data[name][f"transpose copy {side}^2 f32 GB/s"] = 2 * 4 * side * side / gpu_time(tr) / 1e9
        del m
        # Advanced indexing (issue 9): x[idx] gathered by random int64 indices,
        # counted as 4 + 8 + 4 bytes per element; x[mask] with a 50 % random
        # mask, counted as 4 + 1 + 2 bytes per element (read x and the mask,
        # write half of x); x[idx] = v scattered (4 + 8 + 4).
        ng = 2**22 if quick else 2**26
        nm = 2**24 if quick else 2**28
        src, idx = make(lib, ng, seed=6), take_indices(lib, ng)
        data[name]["x[idx] f32 int64 GB/s"] = (4 + 8 + 4) * ng / gpu_time(lambda: src[idx]) / 1e9
        dst = make(lib, ng, seed=8)
        perm = np.random.default_rng(9).permutation(ng)
        pidx = torch.from_numpy(perm).cuda() if lib is torch else lib.asarray(perm)

        def scatter():
            dst[pidx] = src
        data[name]["x[idx] = v f32 GB/s"] = (4 + 8 + 4) * ng / gpu_time(scatter) / 1e9
        del src, idx, dst, pidx
        xm = make(lib, nm, seed=10)
        mask = xm > 0.5
        data[name]["x[mask] 50% f32 GB/s"] = (4 + 1 + 2) * nm / gpu_time(lambda: xm[mask]) / 1e9
        nz = (lambda: torch.nonzero(mask)) if lib is torch else (lambda: lib.nonzero(mask))
        data[name]["nonzero 50% 1-d GB/s"] = (1 + 4) * nm / gpu_time(nz) / 1e9
        del xm, mask
    return data


def _ints(lib, n, seed):
    host = np.random.default_rng(seed).integers(0, 2**31 - 1, n, dtype=np.int32)
    return torch.from_numpy(host).cuda() if lib is torch else lib.asarray(host)


def sort_cases(quick, only=None):
    n = 2**22 if quick else 2**26
    data = {}
    for name, lib in libs().items():
        if only and name not in only:
            continue
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
    for n in names:
        d = data[n]
        print(f"{n:8s} argsort/sort f32 {d['argsort f32 ms'] / d['sort f32 ms']:.2f}, "
              f"unique/sort i32 {d['unique i32 ms'] / d['sort i32 ms']:.2f}")
    c = data["cunum"]
    print(f"cunum argsort/sort f32: {c['argsort f32 ms'] / c['sort f32 ms']:.2f} (target <= 1.5); "
          f"unique/sort i32: {c['unique i32 ms'] / c['sort i32 ms']:.2f}, "
          f"unique i32/sort f32: {c['unique i32 ms'] / c['sort f32 ms']:.2f} (target <= 2); "
          f"sort f32 {c['sort f32 ms']:.3f} ms (target <= 1.6 at 2^26)")

def overhead_cases(only=None):
    """Host overhead per call (µs) on 1000 elements: x[idx] against x + y
    (issue 9: x[idx] within 2x of x + y)."""
    data = {}
    for name, lib in libs().items():
        if only and name not in only:
            continue
        x, y = make(lib, 1000, seed=1), make(lib, 1000, seed=2)
        idx = take_indices(lib, 1000)
        if lib is torch:
            sync = torch.cuda.synchronize
        elif name == "cunum":
            sync = lambda: lib.asnumpy(x[:1])  # noqa: E731
        else:
            sync = lambda: lib.cuda.Device().synchronize()  # noqa: E731
        t_add = host_time(lambda: x + y, sync) * 1e6
        t_idx = host_time(lambda: x[idx], sync) * 1e6
        data[name] = {"x + y us": t_add, "x[idx] us": t_idx, "x[idx] / (x + y)": t_idx / t_add}
    return data


def tiling_cases(lib, x, n):
    """tile, repeat and pad (issue 9's speed list), each making a result of
    about n float32 elements from slices of x (contiguous inputs)."""
    h = x[: n // 2]                                   # 1-d, n/2 elements
    q = int((n // 4) ** 0.5)
    quarter = x[: q * q].reshape(q, q)                # (q, q): tiled (2, 2) to n elements
    side = int(n ** 0.5) // 4 * 4                     # rows of 16-byte multiples, as the pads' (below)
    half = x[: (side // 2) * side].reshape(side // 2, side)   # n/2 elements, rows repeated twice
    w = 64
    # padded by w on every side to about n elements; rows a multiple of 16 bytes
    # in and out (an odd row length misaligns every row: all three libraries
    # then run at ~0.6 of the copy, stop 20)
    ps = (int(n ** 0.5) - 2 * w) // 4 * 4
    m = x[: ps * ps].reshape(ps, ps)
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
    pad_b = 4 * ps * ps + 4 * (ps + 2 * w) ** 2
    return {case + " GB/s": counted.get(case, pad_b) / gpu_time(fn) / 1e9 for case, fn in fns.items()}


def print_targets(data):
    """Issue 9's bandwidth targets, one line each: every library's number, as
    GB/s and as a ratio to the device copy (the fastest x.copy() of the run),
    and whether cunum meets the target."""
    names = list(data)
    copy = max(data[n]["copy f32 GB/s"] for n in names)
    print(f"\n{'target (device copy ' + format(copy, '.0f') + ' GB/s)':40s}" +
          "".join(f"{n + ' /copy':>14s}" for n in names) + "   cunum")
    ratio_cases = [c for c in data["cunum"] if c.startswith(("pad", "repeat", "tile", "concatenate", "stack",
                                                             "flip"))]
    for case in ratio_cases:
        r = {n: data[n][case] / copy for n in names}
        print(f"{case + ' >= 0.9':40s}" + "".join(f"{r[n]:14.2f}" for n in names) +
              f"   {'ok' if r['cunum'] >= 0.9 else 'MISSED'}")
    absolute = {"x[idx] f32 int64 GB/s": 480, "x[mask] 50% f32 GB/s": 1100, "copyto f32 GB/s": 2850}
    absolute.update({c: 2400 for c in data["cunum"] if c.startswith("transpose copy")})
    for case, want in absolute.items():
        print(f"{case + ' >= ' + str(want):40s}" + "".join(f"{data[n][case]:14.1f}" for n in names) +
              f"   {'ok' if data['cunum'][case] >= want else 'MISSED'}")
    same = data["cunum"]["copy f32 3n/4 GB/s"]
    print(f"cunum repeat rows / a copy of the same bytes: {data['cunum']['repeat rows 2x f32 matrix GB/s'] / same:.2f} "
          f"(that copy / the full copy: {same / data['cunum']['copy f32 GB/s']:.2f})")
    pads = [data["cunum"][c] / copy for c in ratio_cases if c.startswith("pad")]
    reps = [data["cunum"][c] / copy for c in ratio_cases if c.startswith("repeat")]
    print(f"cunum pad/copy {min(pads):.2f}-{max(pads):.2f}, repeat/copy {min(reps):.2f}-{max(reps):.2f} "
          f"(target >= 0.9)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--libs", help="comma-separated subset of cunum,cupy,torch (cunum is always run)")
    args = ap.parse_args()
    only = set(args.libs.split(",")) | {"cunum"} if args.libs else None
    data = cases(args.quick, only)
    names = list(data)
    print(f"{'case':32s}" + "".join(f"{n:>12s}" for n in names) + "   cunum/copy")
    for case in data["cunum"]:
        row = "".join(f"{data[n][case]:12.1f}" for n in names)
        print(f"{case:32s}{row}   {data['cunum'][case] / data['cunum']['copy f32 GB/s']:.2f}")
    print_targets(data)
    sorts = sort_cases(args.quick, only)
    print_sort_cases(sorts)
    over = overhead_cases(only)
    print(f"{'host overhead':32s}" + "".join(f"{n:>12s}" for n in names))
    for case in over["cunum"]:
        print(f"{case:32s}" + "".join(f"{over[n][case]:12.2f}" for n in names))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"bandwidth": data, "overhead": over, "sort": sorts}, f, indent=1)


if __name__ == "__main__":
    main()
