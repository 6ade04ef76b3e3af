"""Where a cumsum's fixed cost goes (docs/scan.md, "Stop 23"): bench.py's
timing (event, call, event: the host's submission included, the GPU idle
before it) against the same call queued behind a GPU sleep (the device's
time alone), for cunum's cumsum and copy, CuPy's and PyTorch's, at 2^24,
2^26 and 2^28 float32; and the host time per call on 1000 elements.

    python bench/call_split.py
"""
import statistics
import time

import numpy as np
import torch

import cunum as cn

try:
    import cupy as cp
except Exception:  # noqa: BLE001
    cp = None


def t_host_incl(fn, reps=30):
    """bench.py's gpu_time: the GPU is idle when the first event is recorded."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    ts = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        ts.append(a.elapsed_time(b) * 1e3)
    return statistics.median(ts)


def t_device(fn, reps=30):
    """The call queued behind ~150 us of GPU sleep: the events see the device's time only."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    ts = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        torch.cuda._sleep(300000)
        a.record()
        fn()
        b.record()
        b.synchronize()
        ts.append(a.elapsed_time(b) * 1e3)
    return statistics.median(ts)


def t_host_small(fn, sync, iters=3000):
    for _ in range(50):
        fn()
    sync()
    t = time.perf_counter()
    for _ in range(iters):
        fn()
    sync()
    return (time.perf_counter() - t) / iters * 1e6


def main():
    for lg in (24, 26, 28):
        n = 1 << lg
        h = (np.arange(n, dtype=np.int32) % 3).astype(np.float32)
        x = cn.asarray(h)
        tx = torch.from_numpy(h).cuda()
        rows = {"cunum cumsum": lambda: cn.cumsum(x), "torch clone (copy)": lambda: tx.clone(),
                "torch cumsum": lambda: torch.cumsum(tx, 0), "cunum copy": lambda: x.copy()}
        if cp is not None:
            cx = cp.asarray(h)
            rows["cupy cumsum"] = lambda: cp.cumsum(cx)
        for name, fn in rows.items():
            a, d = t_host_incl(fn), t_device(fn)
            print(f"2^{lg} {name:20s} host-incl {a:8.1f} us ({8 * n / a / 1e3:6.0f} GB/s)  "
                  f"device {d:8.1f} us ({8 * n / d / 1e3:6.0f} GB/s)  diff {a - d:5.1f}")
        del x, tx
    s = cn.arange(1000, dtype=cn.float32)
    ts = torch.arange(1000, dtype=torch.float32, device="cuda")
    sync = torch.cuda.synchronize
    print(f"host us/call, 1000 f32: cunum cumsum {t_host_small(lambda: cn.cumsum(s), sync):.2f}  "
          f"cunum x+y {t_host_small(lambda: s + s, sync):.2f}  "
          f"torch cumsum {t_host_small(lambda: torch.cumsum(ts, 0), sync):.2f}")


if __name__ == "__main__":
    main()
