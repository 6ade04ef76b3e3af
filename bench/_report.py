"""The command line and the table every side-by-side bench file shares:
`--json OUT` and `--quick`, then one row per case with each library's number
and the ratios cunum/copy (where the bench measures a copy) and cunum/cupy."""
import argparse
import json


def run(cases, width=30, fmt="12.2f", copy_case=None, notes=()):
    """cases(quick) -> {library: {case: number}}; prints the table."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    data = cases(args.quick)
    names = list(data)
    for note in notes:
        print(note)
    print(f"{'case':{width}s}" + "".join(f"{n:>12s}" for n in names)
          + ("   cunum/copy" if copy_case else "") + "  cunum/cupy")
    nan = float("nan")
    for case, value in data["cunum"].items():
        row = "".join(f"{data[n].get(case, nan):{fmt}}" for n in names)
        cu = data.get("cupy", {}).get(case)
        vs_cupy = value / cu if cu else nan
        vs_copy = f"   {value / data['cunum'][copy_case]:10.2f}" if copy_case else ""
        print(f"{case:{width}s}{row}{vs_copy}  {vs_cupy:10.3f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)
