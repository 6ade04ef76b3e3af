"""Which part of a small ufunc call costs what on the GPU: contiguous vs
strided kernels, unary vs fill, and the same calls on the CPU backend."""
import sys
import time

import cunum as cn


def per_call(f, sync, n=20000):
    for _ in range(500):
        f()
    sync()
    t = time.perf_counter()
    for _ in range(n):
        f()
    sync()
    return (time.perf_counter() - t) / n * 1e6


dev = sys.argv[1] if len(sys.argv) > 1 else "cuda"
with cn.Device(dev):
    x = cn.ones(2000, dtype="f4")
    y = cn.ones(2000, dtype="f4")
    o = cn.empty(2000, dtype="f4")
    xs, ys, os_ = x[::2], y[::2], o[::2]
    sync = lambda: cn.asnumpy(o[:1])  # noqa: E731
    for name, f in [("fill", lambda: o.fill(1.0)), ("copyto", lambda: cn.copyto(o, x)),
                    ("add contiguous", lambda: cn.add(x, y, out=o)),
                    ("add strided", lambda: cn.add(xs, ys, out=os_)),
                    ("negative contiguous", lambda: cn.negative(x, out=o)),
                    ("x.sum()", lambda: x.sum())]:
        print(f"{dev:5s} {name:22s} {per_call(f, sync):8.2f} us", flush=True)
