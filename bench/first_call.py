"""First-call latency of new kernels in fresh processes with an empty disk cache.

    python bench/first_call.py [--repeat 3] [--log]

Each case runs in a new process (CUNUM_CACHE_DIR a new empty folder) after a
warm-up that loads the runtime and compiles `x + x`; the time covers the
calls of the case and a device-to-host read of one element (docs/kernel-tuning.md).
--log splits each case's time (CUNUM_JIT_LOG=1): per kernel built, the
disk-cache read, NVRTC compile, cache write, module load and occupancy query;
what the kernels do not account for is Python, planning, launch and the read.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

CASES = {
    "tanh(y*0.5-3) (bench.py)": "z = cn.tanh(y * 0.5 - 3.0); float(z[0])",
    "sin f32": "z = cn.sin(y); float(z[0])",
    "tanh f64 (issue 10)": "z = cn.tanh(d); float(z[0])",
    "sum f32 (all)": "s = y.sum(); float(s)",
    "sum(axis=1) f32": "s = m.sum(axis=1); float(s[0])",
    "sum(axis=0) f32": "s = m.sum(axis=0); float(s[0])",
    "argmax f32": "s = cn.argmax(y); int(s)",
}
CODE = ("import time, cunum as cn\n"
        "x = cn.ones(1000, dtype='float32'); y = x + x; float(y[0])\n"
        "m = cn.ones((64, 64), dtype='float32') + 1.0; float(m[0, 0])\n"
        "d = cn.ones(1000, dtype='float64'); float(d[0])\n"
        "import sys; print('--- case', file=sys.stderr, flush=True)\n"
        "t = time.perf_counter()\n{case}\nprint(time.perf_counter() - t)\n")


def jit_lines(stderr):
    """The CUNUM_JIT_LOG lines the timed case printed (after the marker)."""
    tail = stderr.split("--- case", 1)[-1]
    return [ln for ln in tail.splitlines() if ln.startswith("cunum jit:")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--log", action="store_true", help="split each case's time per kernel built (CUNUM_JIT_LOG=1)")
    args = ap.parse_args()
    extra = {"CUNUM_JIT_LOG": "1"} if args.log else {}
    for name, case in CASES.items():
        ts, logs = [], []
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as d:
                out = subprocess.run([sys.executable, "-c", CODE.format(case=case)], capture_output=True, text=True,
                                     env=dict(os.environ, CUNUM_CACHE_DIR=d, **extra))
                if out.returncode:
                    print(out.stderr[-1500:], file=sys.stderr)
                    break
                ts.append(float(out.stdout.strip().splitlines()[-1]))
                logs.append(jit_lines(out.stderr))
        if ts:
            print(f"{name:28s} median {statistics.median(ts) * 1e3:7.1f} ms   ({', '.join(f'{t * 1e3:.1f}' for t in ts)})")
        if args.log and logs:
            # Every run's split (what the kernel builds took, and the rest),
            # then the run nearest the median kernel by kernel.
            for t, lines in zip(ts, logs):
                jit = sum(float(ln.rsplit("total ", 1)[1].split()[0]) for ln in lines)
                comp = sum(float(ln.split("compile ", 1)[1].split(",")[0]) for ln in lines)
                print(f"    run {t * 1e3:7.1f} ms: {len(lines)} kernel(s) built in {jit:.1f} ms "
                      f"(NVRTC {comp:.1f}), the rest {t * 1e3 - jit:.1f} ms")
            i = min(range(len(ts)), key=lambda j: abs(ts[j] - statistics.median(ts)))
            for ln in logs[i]:
                print("    " + ln)


if __name__ == "__main__":
    main()
