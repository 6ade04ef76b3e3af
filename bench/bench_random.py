"""cunum.random on the GPU: cunum vs CuPy vs PyTorch in one process, as
bandwidth of the output written (issue 11: Generator.random float32 2^28
>= 2800 GB/s, standard_normal float32 2^28 >= 2600 GB/s), each into a
preallocated output (out=) so only the generation is timed, beside the
device-to-device copy.

    python bench/bench_random.py [--json OUT.json] [--quick]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import gpu_time, libs, torch  # noqa: E402
from _report import run  # noqa: E402


def cases(quick):
    n = 2**24 if quick else 2**28
    data = {}
    for lname, lib in libs().items():
        row = {}
        if lib is torch:
            g = torch.Generator(device="cuda").manual_seed(1)
            o32 = torch.empty(n, dtype=torch.float32, device="cuda")
            o64 = torch.empty(n // 2, dtype=torch.float64, device="cuda")
            oi = torch.empty(n // 2, dtype=torch.int64, device="cuda")
            row["copy f32 GB/s"] = 2 * 4 * n / gpu_time(lambda: o32.clone()) / 1e9
            row["random f32 GB/s"] = 4 * n / gpu_time(lambda: torch.rand(n, generator=g, out=o32)) / 1e9
            row["random f64 GB/s"] = 4 * n / gpu_time(lambda: torch.rand(n // 2, generator=g, out=o64,
                                                                          dtype=torch.float64)) / 1e9
            row["standard_normal f32 GB/s"] = 4 * n / gpu_time(lambda: torch.randn(n, generator=g, out=o32)) / 1e9
            row["standard_normal f64 GB/s"] = 4 * n / gpu_time(
                lambda: torch.randn(n // 2, generator=g, out=o64, dtype=torch.float64)) / 1e9
            row["integers [0,1000) i64 GB/s"] = 4 * n / gpu_time(
                lambda: torch.randint(0, 1000, (n // 2,), generator=g, out=oi)) / 1e9
            row["exponential f32 GB/s"] = 4 * n / gpu_time(lambda: o32.exponential_(generator=g)) / 1e9
            row["normal(2,3) f64 GB/s"] = 4 * n / gpu_time(lambda: o64.normal_(2.0, 3.0, generator=g)) / 1e9
            row["poisson(10) i64 GB/s"] = 4 * n / gpu_time(
                lambda: torch.poisson(torch.full((n // 2,), 10.0, device="cuda", dtype=torch.float64),
                                      generator=g)) / 1e9
        else:
            rng = lib.random.default_rng(1)
            o32 = lib.empty(n, dtype=lib.float32)
            o64 = lib.empty(n // 2, dtype=lib.float64)
            row["copy f32 GB/s"] = 2 * 4 * n / gpu_time(lambda: o32.copy()) / 1e9
            row["random f32 GB/s"] = 4 * n / gpu_time(lambda: rng.random(n, dtype=lib.float32, out=o32)) / 1e9
            row["random f64 GB/s"] = 4 * n / gpu_time(lambda: rng.random(n // 2, dtype=lib.float64, out=o64)) / 1e9
            row["standard_normal f32 GB/s"] = 4 * n / gpu_time(
                lambda: rng.standard_normal(n, dtype=lib.float32, out=o32)) / 1e9
            row["standard_normal f64 GB/s"] = 4 * n / gpu_time(
                lambda: rng.standard_normal(n // 2, dtype=lib.float64, out=o64)) / 1e9
            row["integers [0,1000) i64 GB/s"] = 4 * n / gpu_time(lambda: rng.integers(0, 1000, n // 2)) / 1e9
            row["exponential f32 GB/s"] = 4 * n / gpu_time(
                lambda: rng.standard_exponential(n, dtype=lib.float32, out=o32)) / 1e9
            for name, fn in (("normal(2,3) f64 GB/s", lambda: rng.normal(2.0, 3.0, n // 2)),
                             ("poisson(10) i64 GB/s", lambda: rng.poisson(10.0, n // 2))):
                try:  # CuPy's Generator lacks some of NumPy's methods
                    row[name] = 4 * n / gpu_time(fn) / 1e9
                except AttributeError:
                    row[name] = float("nan")
            # The sequential generators by name (CuPy's default_rng is XORWOW;
            # cunum's is Philox; Note [Sequential engines]).
            for bg in ("XORWOW", "MRG32k3a"):
                try:
                    r2 = lib.random.Generator(getattr(lib.random, bg)(1))
                    row[f"{bg} random f32 GB/s"] = 4 * n / gpu_time(
                        lambda: r2.random(n, dtype=lib.float32, out=o32)) / 1e9
                    row[f"{bg} standard_normal f32 GB/s"] = 4 * n / gpu_time(
                        lambda: r2.standard_normal(n, dtype=lib.float32, out=o32)) / 1e9
                except (AttributeError, TypeError):
                    row[f"{bg} random f32 GB/s"] = row[f"{bg} standard_normal f32 GB/s"] = float("nan")
            if lib.__name__ == "cunum":
                row["gamma(2.5) f64 GB/s"] = 4 * n / gpu_time(lambda: rng.gamma(2.5, 1.0, n // 2)) / 1e9
                row["binomial(100,.3) i64 GB/s"] = 4 * n / gpu_time(lambda: rng.binomial(100, 0.3, n // 2)) / 1e9
                row["permutation 2^24 ms"] = gpu_time(lambda: rng.permutation(2**24)) * 1e3
        data[lname] = row
    return data


def main():
    run(cases, width=30, fmt='12.1f', copy_case='copy f32 GB/s')


if __name__ == "__main__":
    main()
