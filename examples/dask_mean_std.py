"""The mean and standard deviation of an array larger than any one worker
may hold, on a Dask cluster whose chunks are cunum arrays. One command:

    python examples/dask_mean_std.py                       # 2 GiB, 2 workers
    python examples/dask_mean_std.py --gib 16 --workers 4 --budget-mib 2048

The array is never in one place. Each chunk (32 MiB by default) is drawn by
the worker that needs it (cunum's Philox generator, on the worker's default
device: its GPU when it has one), reduced there and dropped; only partial
sums travel between processes. Each worker's memory budget for array data
(--budget-mib) is a fraction of the array: on a GPU, CUNUM_GPU_MEMORY_LIMIT
for its cunum memory pool; on the CPU, Dask's memory_limit for the worker
process, less an allowance for the process itself (Python, cunum, Dask:
512 MiB; 2 GiB beside a CUDA context, whose host memory Dask counts too).

At the end one chunk is fetched to the host and its mean and standard
deviation are computed again with NumPy: they must agree with what the
cluster computed from the same values.
"""
import argparse
import time

import numpy as np

import cunum as cn


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gib", type=float, default=2.0, help="size of the float32 array in GiB")
    ap.add_argument("--cols", type=int, default=8, help="columns (per-column means are computed too)")
    ap.add_argument("--chunk-mib", type=float, default=32.0, help="size of one chunk in MiB")
    ap.add_argument("--workers", type=int, default=2, help="worker processes")
    ap.add_argument("--budget-mib", type=float, default=768.0, help="memory budget of one worker in MiB")
    ap.add_argument("--loc", type=float, default=3.0)
    ap.add_argument("--scale", type=float, default=2.0)
    args = ap.parse_args()

    import dask
    import dask.array as da
    from distributed import Client, LocalCluster

    rows = int(args.gib * 2**30 / 4 / args.cols)
    chunk_rows = max(1, int(args.chunk_mib * 2**20 / 4 / args.cols))
    budget = int(args.budget_mib * 2**20)
    process = (2 if cn.cuda.is_available() else 0.5) * 2**30  # the allowance above
    total = rows * args.cols * 4
    print(f"array: {rows} x {args.cols} float32 = {total / 2**30:.2f} GiB in "
          f"{-(-rows // chunk_rows)} chunks of {chunk_rows * args.cols * 4 / 2**20:.0f} MiB; "
          f"{args.workers} workers with {args.budget_mib:.0f} MiB each "
          f"({args.workers * budget / total:.0%} of the array together)")

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      memory_limit=int(budget + process), dashboard_address=None,
                      env={"CUNUM_GPU_MEMORY_LIMIT": str(budget)}) as cluster, Client(cluster) as client:
        devices = client.run(lambda: str(cn.get_default_device()))
        print("worker devices:", sorted(set(devices.values())))
        with dask.config.set({"array.backend": "cunum"}):  # docs/dask.md
            rng = da.random.default_rng(12345)
            x = rng.standard_normal((rows, args.cols), chunks=(chunk_rows, args.cols), dtype="f4")
            x = x * np.float32(args.scale) + np.float32(args.loc)
        t = time.perf_counter()
        mean, std, col_means = dask.compute(x.mean(), x.std(), x.mean(axis=0))
        seconds = time.perf_counter() - t
        print(f"mean {float(mean):.6f}  std {float(std):.6f}  ({seconds:.2f} s, "
              f"{total / seconds / 2**30:.2f} GiB/s)")
        print("column means", np.round(cn.asnumpy(col_means), 4))

        # The check: one chunk on the host, NumPy's statistics of it, and the
        # cluster's statistics of the same chunk.
        block = x.blocks[1]
        host = cn.asnumpy(block.compute())
        got_mean, got_std = (float(v) for v in dask.compute(block.mean(), block.std()))
        want_mean, want_std = float(np.mean(host, dtype=np.float64)), float(np.std(host, dtype=np.float64))
        print(f"chunk 1 on the cluster: mean {got_mean:.6f} std {got_std:.6f}; "
              f"NumPy: mean {want_mean:.6f} std {want_std:.6f}")
        ok = (np.isclose(got_mean, want_mean, rtol=1e-4, atol=1e-5) and np.isclose(got_std, want_std, rtol=1e-4)
              and abs(float(mean) - args.loc) < 1e-2 * args.scale and abs(float(std) - args.scale) < 1e-2 * args.scale)
        print("check:", "OK" if ok else "MISMATCH")
        if not ok:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
