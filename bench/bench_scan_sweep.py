"""Sweep of the GPU tile scan's run-time knobs (docs/scan.md, "Third version"):
every combination of CUNUM_SCAN_ITEMS x CUNUM_SCAN_THREADS x CUNUM_SCAN_GRID
(then CUNUM_SCAN_HINTS=1, CUNUM_SCAN_MIN_BLOCKS at full occupancy,
CUNUM_SCAN_WIDE=packed and CUNUM_SCAN_SPIN values on the best three) in its own
subprocess (the knobs are read once per process), timing `cumsum` on float32
2^26 and 2^28 (issue 10: >= 2500 GB/s at 2^26), float64 2^26 (the wide status
path) and int32 2^26 (-> int64) as GB/s counting each input byte read once and
each output byte written once; beside the device-to-device copy, CuPy and
PyTorch measured in one more subprocess. Each cunum run also checks its int32
result exactly against NumPy (a wrong combination prints WRONG).

    python bench/bench_scan_sweep.py [--quick] [--items 8,16,32,64]
        [--threads 128,256,512] [--grids tiles,resident,pipelined] [--hints 0]
        [--min-blocks 5,6] [--algos smem,warp] [--tickets atomic,block]
        [--spins 100,500] [--json OUT.json]

The fourth version's knobs (docs/scan.md): --algos adds CUNUM_SCAN_ALGO
(smem: the tile through shared memory, the default; warp: the tile in
registers, each warp scanning its slice with shuffles) and --tickets
CUNUM_SCAN_TICKET (atomic, the default; block: the tile is blockIdx.x) to the
product; combinations the backend refuses (warp with the pipelined grid, block
tickets with a resident grid) are left out. The fourth version's sweep in one
command of ~5 minutes:

    python bench/bench_scan_sweep.py --grids tiles --hints 1 --items 16,32,64
        --threads 128,256,512 --algos smem,warp --tickets atomic,block --spins 0

About 45 subprocesses of ~5-8 s each (import, NVRTC, 2^28 data): split
with --items or --grids to stay under a 10-minute command.

Pick the best row's knobs as the defaults of scan_tuning() in
src/backend/cuda/scan.cpp.
"""
import argparse
import itertools
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def cases(quick):
    big = 2**24 if quick else 2**26
    return [("f32 2^26", "float32", big), ("f32 2^28", "float32", 4 * big),
            ("f64 2^26", "float64", big), ("i32 2^26", "int32", big)]


def measure(which, quick):
    """In the subprocess: {case: GB/s} for one library ('cunum' or 'others')."""
    sys.path.insert(0, HERE)
    import numpy as np
    from bench import cp, gpu_time, torch
    import cunum as cn

    out = {}
    for case, dt, n in cases(quick):
        host = (np.arange(n, dtype=np.int32) % 3).astype(dt)  # quick to make; exact sums
        osz = 8 if dt == "int32" else np.dtype(dt).itemsize  # int32 accumulates in int64
        counted = (np.dtype(dt).itemsize + osz) * n
        if which == "cunum":
            x = cn.asarray(host)
            t = gpu_time(lambda: cn.cumsum(x))
            out[case] = counted / t / 1e9
            if dt == "int32":
                out["check"] = "ok" if np.array_equal(cn.asnumpy(cn.cumsum(x)), np.cumsum(host)) else "WRONG"
            del x
            continue
        tx = torch.from_numpy(host).cuda()
        out.setdefault("copy", {})[case] = 2 * host.nbytes / gpu_time(lambda: tx.clone()) / 1e9
        out.setdefault("torch", {})[case] = counted / gpu_time(lambda: torch.cumsum(tx, 0)) / 1e9
        del tx
        if cp is not None:
            cx = cp.asarray(host)
            out.setdefault("cupy", {})[case] = counted / gpu_time(lambda: cp.cumsum(cx)) / 1e9
            del cx
    return out


def child(which, env, quick):
    full = dict(os.environ)
    full.update(env)
    cmd = [sys.executable, os.path.abspath(__file__), "--child", which] + (["--quick"] if quick else [])
    r = subprocess.run(cmd, env=full, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        return {"error": (r.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(r.stdout.strip().splitlines()[-1])


def ints(s):
    return [int(v) for v in s.split(",") if v]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--items", default="8,16,32,64")
    ap.add_argument("--threads", default="128,256,512")
    ap.add_argument("--grids", default="tiles,resident,pipelined")
    ap.add_argument("--hints", default="0")
    ap.add_argument("--min-blocks", default="", help="extra rows with these CUNUM_SCAN_MIN_BLOCKS on the best three")
    ap.add_argument("--algos", default="", help="CUNUM_SCAN_ALGO values (smem,warp); empty: not set")
    ap.add_argument("--tickets", default="", help="CUNUM_SCAN_TICKET values (atomic,block); empty: not set")
    ap.add_argument("--spins", default="100,500", help="tried on the 3 best combinations")
    ap.add_argument("--json")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.child, args.quick)))
        return
    names = [c[0] for c in cases(args.quick)]
    head = f"{'knobs':60s}" + "".join(f"{n:>10s}" for n in names) + "  check"
    print(head)
    others = child("others", {}, args.quick)
    if "error" in others:
        print("baselines:", others["error"])
    for lib in ("copy", "cupy", "torch"):
        if lib in others:
            print(f"{lib:60s}" + "".join(f"{others[lib].get(n, float('nan')):10.0f}" for n in names))
    rows = []

    def one(env):
        label = " ".join(f"{k[11:].lower()}={v}" for k, v in env.items()) or "(defaults)"
        res = child("cunum", env, args.quick)
        rows.append({"env": env, **res})
        if "error" in res:
            print(f"{label:60s}  error: {res['error']}")
        else:
            print(f"{label:60s}" + "".join(f"{res.get(n, float('nan')):10.0f}" for n in names)
                  + f"  {res.get('check', '?')}", flush=True)

    one({})
    for items, threads, grid, hints, algo, ticket in itertools.product(
            ints(args.items), ints(args.threads), args.grids.split(","), ints(args.hints),
            args.algos.split(",") if args.algos else [None], args.tickets.split(",") if args.tickets else [None]):
        if (algo == "warp" and grid == "pipelined") or (ticket == "block" and grid != "tiles"):
            continue  # refused by the backend (scan_tuning in src/backend/cuda/scan.cpp)
        env = {"CUNUM_SCAN_ITEMS": str(items), "CUNUM_SCAN_THREADS": str(threads),
               "CUNUM_SCAN_GRID": grid, "CUNUM_SCAN_HINTS": str(hints)}
        if algo:
            env["CUNUM_SCAN_ALGO"] = algo
        if ticket:
            env["CUNUM_SCAN_TICKET"] = ticket
        one(env)
    good = sorted((r for r in rows if r["env"] and names[0] in r and r.get("check") == "ok"),
                  key=lambda r: -r[names[0]])
    for r in good[:3]:  # hints, full occupancy asked of ptxas, look-back backoff on the best three
        if r["env"]["CUNUM_SCAN_HINTS"] == "0":
            one({**r["env"], "CUNUM_SCAN_HINTS": "1"})
        for mb in ints(args.min_blocks) or [min(15, 2048 // int(r["env"]["CUNUM_SCAN_THREADS"]))]:
            if mb == 0:
                continue
            one({**r["env"], "CUNUM_SCAN_MIN_BLOCKS": str(mb)})
        one({**r["env"], "CUNUM_SCAN_WIDE": "packed"})  # f64 and i32 (-> int64) only
        for spin in ints(args.spins):
            if spin:
                one({**r["env"], "CUNUM_SCAN_SPIN": str(spin)})
    good = sorted((r for r in rows if names[0] in r and r.get("check") == "ok"), key=lambda r: -r[names[0]])
    if good:
        best = good[0]
        print("best at", names[0], ":", " ".join(f"{k}={v}" for k, v in best["env"].items()),
              "->", " ".join(f"{n} {best.get(n, float('nan')):.0f}" for n in names))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"baselines": others, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
