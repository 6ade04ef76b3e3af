"""Each batched cuSOLVER path of cunum alone (Note [Batched cuSOLVER] in
src/backend/cuda/lapack_batched.cpp), several shapes and dtypes, checked
against NumPy; meant to run under compute-sanitizer on a GPU:

    PYTHONPATH=build/test/python compute-sanitizer --tool memcheck \\
        --launch-timeout 0 python3 scripts/batched_solver_check.py potrf
    (likewise syevj, gesvdj; or no argument: all three, each in its own
    child process so that one illegal access does not hide the others)

The routine is chosen by CUNUM_BATCHED_SOLVER=<name> (set here for the
child), so only that cuSOLVER batched routine runs; every result is read
back (Note [Deferred errors]) and compared with NumPy. Exit status 0 when
every case passed. Without a GPU it says so and exits 0.
"""
import os
import subprocess
import sys

import numpy as np

ROUTINES = ("potrf", "syevj", "gesvdj")
# (batch, m, n): both sides of the limits (n <= 32, m, n <= 32), lda == n
# (cunum's planner makes the stacks back to back), tiny and odd sizes.
SHAPES = {
    "potrf": [(2, 2, 2), (64, 8, 8), (7, 31, 31), (3, 32, 32), (5, 33, 33), (1000, 4, 4), (4, 100, 100)],
    "syevj": [(2, 2, 2), (64, 8, 8), (7, 17, 17), (3, 32, 32), (1000, 4, 4)],
    "gesvdj": [(2, 2, 2), (64, 8, 8), (7, 17, 5), (3, 32, 32), (9, 32, 3), (5, 3, 32), (1000, 4, 4)],
}
DTYPES = {"potrf": ("f4", "f8", "c8", "c16"), "syevj": ("f4", "f8", "c8", "c16"), "gesvdj": ("f4", "f8")}


def host_matrix(rng, batch, m, n, dt, kind):
    a = rng.standard_normal((batch, m, n))
    if np.dtype(dt).kind == "c":
        a = a + 1j * rng.standard_normal((batch, m, n))
    if kind in ("potrf", "syevj"):
        a = a @ np.conj(np.swapaxes(a, -1, -2)) / n  # Hermitian (positive definite for potrf)
        a = a + (n if kind == "potrf" else 0) * np.eye(n)
    return a.astype(dt)


def run_one(name):
    import cunum as cn

    tol = {"f4": 2e-3, "c8": 2e-3, "f8": 1e-9, "c16": 1e-9}
    rng = np.random.default_rng(0)
    failed = 0
    for batch, m, n in SHAPES[name]:
        for dt in DTYPES[name]:
            h = host_matrix(rng, batch, m, n, dt, name)
            d = cn.asarray(h)
            label = f"{name} {batch} x {m}x{n} {dt}"
            try:
                if name == "potrf":
                    got = [cn.linalg.cholesky(d)]
                    want = [np.linalg.cholesky(h)]
                elif name == "syevj":
                    w, v = cn.linalg.eigh(d)
                    got = [w, cn.linalg.eigvalsh(d)]
                    want = [np.linalg.eigvalsh(h)] * 2
                    # vectors: A V == V diag(w)
                    vh, wh = cn.asnumpy(v), cn.asnumpy(w)
                    r = np.abs(h @ vh - vh * wh[..., None, :]).max()
                    assert r <= tol[dt] * max(1.0, np.abs(wh).max()) * 10, f"eigh residual {r}"
                else:
                    u, s, vt = cn.linalg.svd(d, full_matrices=False)
                    got = [s, cn.linalg.svd(d, compute_uv=False)]
                    want = [np.linalg.svd(h, compute_uv=False)] * 2
                    uh, sh, vth = cn.asnumpy(u), cn.asnumpy(s), cn.asnumpy(vt)
                    r = np.abs((uh * sh[..., None, :]) @ vth - h).max()
                    assert r <= tol[dt] * max(1.0, sh.max()) * 10, f"svd residual {r}"
                    uf, _, vtf = cn.linalg.svd(d, full_matrices=True)
                    assert cn.asnumpy(uf).shape == (batch, m, m) and cn.asnumpy(vtf).shape == (batch, n, n)
                for g, w_ in zip(got, want):
                    g = cn.asnumpy(g)
                    scale = max(1.0, np.abs(w_).max())
                    err = np.abs(g - w_).max() / scale
                    assert err <= tol[dt] * 10, f"max relative error {err}"
                print(f"ok    {label}", flush=True)
            except Exception as e:  # report and go on: the next case may show more
                failed += 1
                print(f"FAIL  {label}: {type(e).__name__}: {e}", flush=True)
    return failed


def main():
    args = sys.argv[1:]
    if args and args[0] in ROUTINES:
        os.environ["CUNUM_BATCHED_SOLVER"] = args[0]  # read at the first batched call, after this
        import cunum as cn

        dev = "cuda" if cn.cuda.is_available() else "cpu"
        if dev == "cpu" and "--cpu" not in args:
            print("no GPU: nothing to check (--cpu checks this script on the CPU backend)")
            return 0
        with cn.Device(dev):
            return 1 if run_one(args[0]) else 0
    status = 0
    for name in ROUTINES:
        print(f"== {name} (CUNUM_BATCHED_SOLVER={name})", flush=True)
        r = subprocess.run([sys.executable, os.path.abspath(__file__), name] + args)
        if r.returncode:
            print(f"== {name}: exit status {r.returncode}", flush=True)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
