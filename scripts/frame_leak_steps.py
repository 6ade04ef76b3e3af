"""Which statement leaves a finished Python frame alive (issue 7; docs/reliability.md).

The statements of test_exit.py's exercise, each in a function of its own;
after each, gc.collect() and a list of the frame objects that appeared, with
their references (beyond the script's own) and the types of the objects the
collector sees holding them. A frame nothing visible refers to is held by a reference taken in C.
Plainly no step leaves one; under compute-sanitizer with host backtraces
(2025.3) most do, which is how the exit leak under a tool was traced to it:

    CUNUM_DEVICE=cuda compute-sanitizer --tool memcheck --leak-check no python scripts/frame_leak_steps.py
    (... --show-backtrace device ...: none again)

FRAME_LEAK_KEEP=1 runs one step that keeps its own frame (its test).
LEAK_LONG=1 queues ~10 ms of GPU work before each step, so that the waits
call the interrupt check (Note [Interruptible waits]); plainly that leaves
none either. On the CPU the cuda-only steps print the error they raise.
"""
import gc
import os
import sys

import numpy as np
import cunum as cn

LONG = os.environ.get("LEAK_LONG") == "1"   # queue ~10 ms of GPU work before each step
big = cn.ones(1 << 27, dtype="float32") if LONG else None

def queue():
    if LONG:
        for _ in range(10):
            cn.multiply(big, 1.0, out=big)

x = cn.asarray([1.0, 2.0, 3.0])
def s_sync(): float(x.sum())
def s_take(): x[[0, 1]]; x[np.array([0, 2])] = [5.0, 6.0]; cn.take(x, [0, 1]); x[[True, False, True]]
def s_random(): cn.random.seed(1); cn.random.rand(3); cn.random.default_rng(2).standard_normal((3, 3))
def s_linalg():
    a = cn.random.default_rng(0).standard_normal((4, 4)) + 4 * cn.eye(4)
    cn.linalg.solve(a, cn.ones(4)); cn.linalg.inv(a); cn.linalg.svd(a); cn.linalg.eigh(a @ a.T)
def s_fft(): cn.fft.fft(x)
def s_rfftn(): cn.fft.rfftn(cn.ones((4, 4)))
def s_fft2(): cn.fft.fft(x)
def s_ek(): cn.ElementwiseKernel("T x", "T y", "y = x * 2", "exit_double")(x)
def s_rk(): cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "exit_sum")(x)
def s_fuse(): cn.fuse(lambda p, q: p * q + 1)(x, x)
def s_fuse2(): cn.fuse(lambda p, q: p * q + 2)(x, x)
def s_dl(): cn.from_dlpack(np.ones(3))
def s_cuda(): cn.cuda.runtime.getDeviceCount(); cn.cuda.Device(0); cn.cuda.MemoryPool(); cn.get_default_memory_pool().used_bytes()
def s_stream():
    with cn.cuda.Stream():
        x + 1
def s_sync2(): float(x.sum()); cn.asnumpy(x)
def s_pyonly():
    def inner(a): return a
    for _ in range(1000): inner(x)

kept = []
def s_keep(): kept.append(sys._getframe())  # FRAME_LEAK_KEEP=1: a frame held on purpose (the script's test)

def frames():
    gc.collect()
    return {id(o): o for o in gc.get_objects() if type(o).__name__ == "frame"}

seen = frames()
steps = [s_keep] if os.environ.get("FRAME_LEAK_KEEP") == "1" else [s_sync, s_take, s_random, s_linalg, s_sync, s_fft, s_rfftn, s_fft2, s_ek, s_rk, s_fuse, s_fuse2, s_dl, s_cuda, s_stream, s_sync2, s_pyonly, s_fft, s_fuse]
for s in steps:
    queue()
    try:
        s()
    except Exception as e:  # noqa
        print(f'[step] {s.__name__} raised {type(e).__name__}: {e}'[:200]); e = None
    now = frames()
    new = [f for i, f in now.items() if i not in seen]
    print(f"[step] {s.__name__}: {len(new)} new frames", flush=True)
    for f in new:
        # references other than this loop's own three (`now`, `new`, the global f)
        refs = sys.getrefcount(f) - 4
        holders = [type(r).__name__ for r in gc.get_referrers(f) if r is not now and r is not new and r is not globals()]
        print(f"[step]    {f.f_code.co_name} {os.path.basename(f.f_code.co_filename)}:{f.f_lineno} "
              f"references {refs}, visible holders {holders}", flush=True)
    seen = now
print("ok")
