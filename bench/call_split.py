"""Where a cumsum's fixed cost goes (docs/scan.md, "Stop 23"): bench.py's
timing (event, call, event: the host's submission included, the GPU idle
before it) against the same call queued behind a GPU sleep (the device's
time alone), for cunum's cumsum and copy, CuPy's and PyTorch's, at 2^24,
2^26 and 2^28 float32; and the host time per call on 1000 elements.

    python bench/call_split.py
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import cp, gpu_time, host_time, torch  # noqa: E402

import cunum as cn  # noqa: E402


def device_only():
    torch.cuda._sleep(300000)  # ~150 us of GPU: the call is queued before the first event fires


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
            a, d = gpu_time(fn, reps=30) * 1e6, gpu_time(fn, reps=30, before=device_only) * 1e6
            print(f"2^{lg} {name:20s} host-incl {a:8.1f} us ({8 * n / a / 1e3:6.0f} GB/s)  "
                  f"device {d:8.1f} us ({8 * n / d / 1e3:6.0f} GB/s)  diff {a - d:5.1f}")
        del x, tx
    s = cn.arange(1000, dtype=cn.float32)
    ts = torch.arange(1000, dtype=torch.float32, device="cuda")
    sync = torch.cuda.synchronize
    us = lambda f: host_time(f, sync) * 1e6  # noqa: E731
    print(f"host us/call, 1000 f32: cunum cumsum {us(lambda: cn.cumsum(s)):.2f}  "
          f"cunum x+y {us(lambda: s + s):.2f}  torch cumsum {us(lambda: torch.cumsum(ts, 0)):.2f}")


if __name__ == "__main__":
    main()
