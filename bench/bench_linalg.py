"""Products and linalg of issue 11 on the GPU: cunum vs CuPy vs PyTorch in one
process (docs/linalg.md). Targets: `x @ y` float32 and float64 8192^2 at
>= 99 % of CuPy (no TF32 in any library: CuPy's default, PyTorch's
allow_tf32=False, cunum's default), batched 100,000 x 16x16 float32 `a @ a`
at >= CuPy, `linalg.solve` float64 4096^2 at >= CuPy (2n^3/3 flops; the
one host wait for LinAlgError's check is inside the timing, as CuPy's);
batched inv of 10,000 8x8, svd 2048^2 float32, eigh 2048^2 float64 (times:
lower is better); stacks of small cholesky, eigh (10,000 8x8 float64) and
svd (1,000 32x32 float32) on the batched solvers — those take cuSOLVER's
batched routines only with CUNUM_BATCHED_SOLVER=1 (off by default until
scripts/batched_solver_check.py passes under compute-sanitizer on the H100,
docs/linalg.md); run once with it and once without to see both paths.
CUNUM_CUBLAS_WORKSPACE=<bytes> changes cuBLAS's workspace (Note [cuBLAS
workspace]; 32 MiB on Hopper by default) for the `x @ y` rows.

    python bench/bench_linalg.py [--json OUT.json] [--quick]
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import gpu_time, libs, torch  # noqa: E402
from _report import run  # noqa: E402


def mat(lib, shape, dtype, seed=0, diag=0.0):
    host = np.random.default_rng(seed).random(shape, dtype=np.float64)
    if diag:
        host = host + diag * np.eye(shape[-1])
    host = host.astype(dtype)
    if lib is torch:
        return torch.from_numpy(host).cuda()
    return lib.asarray(host)


def cases(quick):
    n = 2048 if quick else 8192
    batch = 10_000 if quick else 100_000
    ns = 1024 if quick else 4096
    if torch is not None:
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
    data = {}
    for lname, lib in libs().items():
        row = {}
        for dt, name in ((np.float32, "f32"), (np.float64, "f64")):
            x, y = mat(lib, (n, n), dt, 1), mat(lib, (n, n), dt, 2)
            row[f"x @ y {name} {n}^2 TFLOP/s"] = 2 * n**3 / gpu_time(lambda: x @ y, reps=10) / 1e12
            del x, y
        a = mat(lib, (batch, 16, 16), np.float32, 3)
        row[f"a @ a {batch} x 16x16 f32 TFLOP/s"] = 2 * batch * 16**3 / gpu_time(lambda: a @ a) / 1e12
        del a
        s = mat(lib, (ns, ns), np.float64, 4, diag=float(ns))
        b = mat(lib, (ns,), np.float64, 5)
        solve = torch.linalg.solve if lib is torch else lib.linalg.solve
        row[f"solve f64 {ns}^2 TFLOP/s"] = (2 * ns**3 / 3) / gpu_time(lambda: solve(s, b), reps=10) / 1e12
        del s, b
        # The other linalg cases (docs/linalg.md): stacks of small
        # matrices on the batched routines (Note [Batched small LU], Note
        # [Batched cuSOLVER]); each includes the LinAlgError info read back.
        nbat = 1000 if quick else 10_000
        bi = mat(lib, (nbat, 8, 8), np.float64, 9, diag=8.0)
        inv = torch.linalg.inv if lib is torch else lib.linalg.inv
        row[f"inv {nbat} x 8x8 f64 ms"] = gpu_time(lambda: inv(bi), reps=5) * 1e3
        # Note [Small inverse kernel]: the other ends of cunum's own kernel's range
        b32 = mat(lib, (nbat, 32, 32), np.float32, 13, diag=32.0)
        row[f"inv {nbat} x 32x32 f32 ms"] = gpu_time(lambda: inv(b32), reps=5) * 1e3
        b4 = mat(lib, (10 * nbat, 4, 4), np.float64, 14, diag=4.0)
        row[f"inv {10 * nbat} x 4x4 f64 ms"] = gpu_time(lambda: inv(b4), reps=5) * 1e3
        del b32, b4
        spd = bi @ bi.transpose(0, 2, 1) if lib is not torch else bi @ bi.transpose(1, 2)
        chol = torch.linalg.cholesky if lib is torch else lib.linalg.cholesky
        row[f"cholesky {nbat} x 8x8 f64 ms"] = gpu_time(lambda: chol(spd), reps=5) * 1e3
        eigh_b = torch.linalg.eigh if lib is torch else lib.linalg.eigh
        row[f"eigh {nbat} x 8x8 f64 ms"] = gpu_time(lambda: eigh_b(spd), reps=5) * 1e3
        s32 = mat(lib, (nbat // 10, 32, 32), np.float32, 12)
        svd_b = (lambda: torch.linalg.svd(s32)) if lib is torch else (lambda: lib.linalg.svd(s32))
        row[f"svd {nbat // 10} x 32x32 f32 ms"] = gpu_time(svd_b, reps=5) * 1e3
        del bi, spd, s32
        nsv = 512 if quick else 2048
        sv = mat(lib, (nsv, nsv), np.float32, 10)
        svd = (lambda: torch.linalg.svd(sv)) if lib is torch else (lambda: lib.linalg.svd(sv))
        row[f"svd f32 {nsv}^2 ms"] = gpu_time(svd, reps=3, warm=1) * 1e3
        del sv
        he = mat(lib, (nsv, nsv), np.float64, 11)
        he = he + he.T
        eigh = torch.linalg.eigh if lib is torch else lib.linalg.eigh
        row[f"eigh f64 {nsv}^2 ms"] = gpu_time(lambda: eigh(he), reps=3, warm=1) * 1e3
        del he
        v = mat(lib, (2**24,), np.float32, 6)
        dot = (lambda: torch.dot(v, v)) if lib is torch else (lambda: lib.dot(v, v))
        row["dot f32 2^24 GB/s"] = 2 * 4 * 2**24 / gpu_time(dot) / 1e9
        e1, e2 = mat(lib, (64, 128, 256), np.float32, 7), mat(lib, (64, 256, 96), np.float32, 8)
        es = (lambda: torch.einsum("bij,bjk->bik", e1, e2)) if lib is torch else (
            lambda: lib.einsum("bij,bjk->bik", e1, e2))
        row["einsum bij,bjk->bik TFLOP/s"] = 2 * 64 * 128 * 256 * 96 / gpu_time(es) / 1e12
        data[lname] = row
    return data


def main():
    run(cases, width=36, fmt='12.2f')


if __name__ == "__main__":
    main()
