"""Does the stream a call is issued on change its host cost? Host overhead per
call of a few 1000-element float32 operations on the legacy default stream,
the per-thread default stream, and created blocking / non-blocking streams.

    python bench/stream_overhead.py
"""
import numpy as np

import cunum as cn
from host_overhead import per_call  # same directory: the same timing loop


def main():
    host = np.random.default_rng(0).random(1000, dtype=np.float32)
    x, y = cn.asarray(host), cn.asarray(host[::-1].copy())
    o = cn.empty_like(x)
    streams = {"legacy null": cn.cuda.Stream.null, "per-thread": cn.cuda.Stream.ptds,
               "created": cn.cuda.Stream(), "non-blocking": cn.cuda.Stream(non_blocking=True)}
    ops = {"x + y": lambda: x + y, "add out=": lambda: cn.add(x, y, out=o),
           "fill": lambda: o.fill(1.0), "x.sum()": lambda: x.sum(), "empty": lambda: cn.empty(1000)}
    print(f"{'us per call':14s}" + "".join(f"{s:>14s}" for s in streams))
    for name, f in ops.items():
        row = []
        for s in streams.values():
            with s:
                row.append(per_call(f, s.synchronize))
        print(f"{name:14s}" + "".join(f"{v:14.3f}" for v in row))


if __name__ == "__main__":
    main()
