"""Host<->device transfers: cunum vs CuPy vs PyTorch in one process.

    python bench/transfers.py [--json OUT.json]

From a NumPy array to the GPU (cunum.asarray / cupy.asarray /
torch.from_numpy(...).cuda()) and back (get() / .cpu().numpy()), for a small
(4 KiB) and a large (256 MiB) float32 array. Wall time per call, synchronised,
median of repeats; GB/s counts the array's bytes once.
"""
import argparse
import json
import statistics
import time

import numpy as np

import cunum as cn

from bench import cp, libs, torch  # same directory: the same set of libraries


def wall(fn, sync, reps):
    fn()
    sync()
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        sync()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def cases():
    data = {}
    for name, lib in libs().items():
        row = {}
        for label, n, reps in (("4 KiB", 1024, 2000), ("256 MiB", 64 << 20, 10)):
            host = np.random.default_rng(0).random(n, dtype=np.float32)
            back = np.empty_like(host)
            if lib is torch:
                sync = torch.cuda.synchronize
                up = lambda: torch.from_numpy(host).cuda()  # noqa: E731
                dev = up()
                down = lambda: dev.cpu().numpy()  # noqa: E731
            elif lib is cn:
                sync = cn.cuda.Device(0).synchronize
                up = lambda: cn.asarray(host)  # noqa: E731
                dev = up()
                down = lambda: dev.get(out=back)  # noqa: E731
            else:
                sync = cp.cuda.Device().synchronize
                up = lambda: cp.asarray(host)  # noqa: E731
                dev = up()
                down = lambda: dev.get(out=back)  # noqa: E731
            t_up, t_down = wall(up, sync, reps), wall(down, sync, reps)
            if label == "4 KiB":
                row[f"to GPU {label} us"] = t_up * 1e6
                row[f"to host {label} us"] = t_down * 1e6
            else:
                row[f"to GPU {label} GB/s"] = host.nbytes / t_up / 1e9
                row[f"to host {label} GB/s"] = host.nbytes / t_down / 1e9
            del dev
        data[name] = row
    return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    args = ap.parse_args()
    data = cases()
    names = list(data)
    print("\nTransfers (us: lower is better; GB/s: higher is better)")
    print(f"{'case':26s}" + "".join(f"{n:>12s}" for n in names))
    for k in data["cunum"]:
        print(f"{k:26s}" + "".join(f"{data[n][k]:12.2f}" for n in names))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)


if __name__ == "__main__":
    main()
