"""Issue 9's sort cases, cunum's argsort paths beside CuPy and PyTorch:

    python bench/bench_sort_sweep.py [--no-own] [--variants atomic_or:24,atomic_or:24:early,...] [--quick] [--json OUT.json]

cunum reads CUNUM_ARGSORT_OWN once per process, so each path is timed in a
fresh process running bench_plumbing.sort_cases; CuPy and PyTorch are timed
once in this one. The column "cunum own" runs CUNUM_ARGSORT_OWN=1 (Note
[Own onesweep argsort]: our own onesweep argsort of float32/int32/uint32,
64 bytes per element instead of CUB pairs' 84); only its argsort differs.
The columns "own RANK:ITEMS[:early]" run it with CUNUM_OS_RANK=RANK,
CUNUM_OS_ITEMS=ITEMS and CUNUM_OS_EARLY=1 when ":early" is given
(docs/sorting.md, "Variants"), each in its own process;
--variants picks them (default: every variant). Cases, 2^26 items (2^22 with --quick): sort float32,
argsort float32, sort int32, unique int32, in ms. Targets (H100): sort f32
<= 1.6 ms, argsort f32 <= 1.5 x sort f32, unique i32 <= 2 x sort f32.
docs/sorting.md has the expected numbers.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

_CHILD = """
import json, sys
sys.path.insert(0, {here!r})
from bench_plumbing import sort_cases
print("RESULT", json.dumps(sort_cases({quick}, {{"cunum"}})["cunum"]))
"""


VARIANTS = ("atomic_or:16", "atomic_or:24", "atomic_or:32", "match:24", "atomic_or:24:early")


def cunum_at(quick, own=False, variant=None):
    env = dict(os.environ, CUNUM_ARGSORT_OWN="1" if own else "0")
    env.pop("CUNUM_OS_RANK", None)
    env.pop("CUNUM_OS_ITEMS", None)
    env.pop("CUNUM_OS_EARLY", None)
    if variant:
        rank, items, *early = variant.split(":")
        env.update(CUNUM_OS_RANK=rank, CUNUM_OS_ITEMS=items, CUNUM_OS_EARLY="1" if early == ["early"] else "0")
    code = _CHILD.format(here=os.path.dirname(os.path.abspath(__file__)), quick=quick)
    p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("RESULT ")]
    if p.returncode != 0 or not lines:
        raise SystemExit(f"cunum (own argsort: {own}, variant {variant}) failed:\n{p.stdout}\n{p.stderr}")
    return json.loads(lines[-1][len("RESULT "):])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-own", action="store_true", help="skip the CUNUM_ARGSORT_OWN=1 column")
    ap.add_argument("--variants", default=",".join(VARIANTS),
                    help="comma-separated RANK:ITEMS[:early] of the own argsort to time, each a column (default: all)")
    ap.add_argument("--json")
    args = ap.parse_args()
    data = {"cunum": cunum_at(args.quick)}
    if not args.no_own:  # Note [Own onesweep argsort]: CUNUM_ARGSORT_OWN=1
        data["cunum own"] = cunum_at(args.quick, own=True)
        for v in filter(None, args.variants.split(",")):
            data[f"own {v}"] = cunum_at(args.quick, own=True, variant=v)
    from bench_plumbing import sort_cases
    data.update(sort_cases(args.quick, {"cupy", "torch"}))
    names = list(data)
    cases = list(next(iter(data.values())))
    print(f"{'case (ms)':20s}" + "".join(f"{n:>14s}" for n in names))
    for case in cases:
        print(f"{case:20s}" + "".join(f"{data[n][case]:14.3f}" for n in names))
    for label, num, den in (("argsort/sort f32", "argsort f32 ms", "sort f32 ms"),
                            ("unique i32/sort f32", "unique i32 ms", "sort f32 ms"),
                            ("unique/sort i32", "unique i32 ms", "sort i32 ms")):
        print(f"{label:20s}" + "".join(f"{data[n][num] / data[n][den]:14.2f}" for n in names))
    print("targets: sort f32 <= 1.6 ms at 2^26, argsort/sort f32 <= 1.5, unique i32/sort f32 <= 2")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)


if __name__ == "__main__":
    main()
