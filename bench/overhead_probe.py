"""Splits cunum's per-call host cost on the GPU into its parts (allocation,
launch, planning) by timing calls that include different subsets of them."""
import time

import cunum as cn


def per_call(f, n=20000):
    for _ in range(1000):
        f()
    cn.asnumpy(cn.zeros(1))
    t = time.perf_counter()
    for _ in range(n):
        f()
    cn.asnumpy(cn.zeros(1))
    return (time.perf_counter() - t) / n * 1e6


x = cn.ones(1000, dtype="f4")
y = cn.ones(1000, dtype="f4")
o = cn.empty(1000, dtype="f4")
for name, f in [("empty(1000)", lambda: cn.empty(1000)), ("o.fill(1.0)", lambda: o.fill(1.0)),
                ("add(x, y, out=o)", lambda: cn.add(x, y, out=o)), ("x + y", lambda: x + y),
                ("x.sum()", lambda: x.sum()), ("x[1:500]", lambda: x[1:500]),
                ("sin(x, out=o)", lambda: cn.sin(x, out=o))]:
    print(f"{name:20s} {per_call(f):8.2f} us")

try:  # GPU time per kernel (are we launch-bound or kernel-bound?)
    import torch
    for name, f in [("o.fill(1.0)", lambda: o.fill(1.0)), ("add(x, y, out=o)", lambda: cn.add(x, y, out=o)),
                    ("x.sum()", lambda: x.sum())]:
        for _ in range(100):
            f()
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        for _ in range(1000):
            f()
        b.record()
        b.synchronize()
        print(f"{name:20s} GPU+gaps {a.elapsed_time(b):8.2f} us per call (1000 calls, ms total = us each)")
except ImportError:
    pass
