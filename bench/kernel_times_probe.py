"""A few launches of each kind, for `ncu` to time on the GPU (kernel
durations vs the host cost per call measured by overhead_split.py)."""
import cunum as cn

x = cn.ones(2000, dtype="f4")
y = cn.ones(2000, dtype="f4")
o = cn.empty(2000, dtype="f4")
for _ in range(3):
    o.fill(1.0)
for _ in range(3):
    cn.copyto(o, x)
for _ in range(3):
    cn.add(x, y, out=o)
cn.asnumpy(o[:1])
