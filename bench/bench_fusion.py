"""Kernel fusion (docs/fusion.md) on the GPU: cunum vs CuPy vs PyTorch in one
process. `(a * b + a) * b` on float32 2^28 (2^24 with --quick) counted as
3 x 4 bytes per element (read a and b, write the result), eager and fused
(cunum.fuse / cupy.fuse / torch.compile where it is cheap to get), written
as a plain expression (cunum: automatic fusion, on by default; its "eager"
column is the same expression with it off; CuPy and PyTorch: their eager
evaluation, the same numbers as their eager column), beside
the device-to-device copy; `sum(x * x)` fused (4 bytes per element, beside
the plain `sum(x)` that bounds it: cunum runs the square inside the
reduction kernel, Note [Fused reductions], through cunum.fuse and as a
plain expression with automatic fusion) and `(a * b).sum(axis=1)` of a
(n / 16384) x 16384 matrix fused (8 bytes per element); and the host time
per call of a fused call on 1000 elements (µs).

    python bench/bench_fusion.py [--json OUT.json] [--quick]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import gpu_time, host_time, libs, make, torch  # noqa: E402
from _report import run  # noqa: E402


def chain(a, b):
    return (a * b + a) * b


def sqnorm(x):
    return (x * x).sum()


def rowdot(a, b):
    return (a * b).sum(axis=1)


def fused(lib, f):
    """lib's fused form of f, or None."""
    if lib is torch:
        if os.environ.get("BENCH_TORCH_COMPILE", "1") == "0":
            return None
        try:
            return torch.compile(f)
        except Exception:  # noqa: BLE001 -- no compiler toolchain: skip the column
            return None
    return lib.fuse()(f)


def sync_of(lib, probe):
    if lib is torch:
        return torch.cuda.synchronize
    if lib.__name__ == "cunum":
        return lambda: lib.asnumpy(probe[:1])  # a device-to-host copy waits (as bench.py)
    return lambda: lib.cuda.Device().synchronize()


def plain(lib, f, *args):
    """f(*args) as a plain expression: under cunum with automatic fusion
    (its pending expression run before the timing's end event), elsewhere
    as is."""
    if lib.__name__ != "cunum":
        return f(*args)
    r = f(*args)
    lib._fusion.flush_pending()
    return r


def eager_of(lib, fn):
    """fn with cunum's automatic fusion off (other libraries: fn)."""
    if lib.__name__ != "cunum":
        return fn

    def run():
        prev = lib.set_autofuse(False)
        try:
            return fn()
        finally:
            lib.set_autofuse(*prev)
    return run


def cases(quick):
    n = 2**24 if quick else 2**28
    data = {}
    for lname, lib in libs().items():
        a, b = make(lib, n, seed=1), make(lib, n, seed=2)
        eff = 3 * 4 * n
        row = {"copy f32 GB/s": 2 * 4 * n / gpu_time(lambda: a.clone() if lib is torch else a.copy()) / 1e9}
        row["(a*b+a)*b eager GB/s"] = eff / gpu_time(eager_of(lib, lambda: chain(a, b))) / 1e9
        row["(a*b+a)*b plain expr GB/s"] = eff / gpu_time(lambda: plain(lib, chain, a, b)) / 1e9
        f = fused(lib, chain)
        if f is not None:
            try:
                row["(a*b+a)*b fused GB/s"] = eff / gpu_time(lambda: f(a, b)) / 1e9
            except Exception as e:  # noqa: BLE001 -- report, keep the other columns
                print(f"{lname}: fused chain failed: {e}")
        g = fused(lib, sqnorm)
        row["sum(x) GB/s"] = 4 * n / gpu_time(lambda: a.sum()) / 1e9
        row["sum(x*x) eager GB/s"] = 4 * n / gpu_time(eager_of(lib, lambda: sqnorm(a))) / 1e9
        # cunum: the pending x * x reduced in the same pass (automatic fusion)
        row["sum(x*x) plain expr GB/s"] = 4 * n / gpu_time(lambda: plain(lib, sqnorm, a)) / 1e9
        if g is not None:
            try:
                row["sum(x*x) fused GB/s"] = 4 * n / gpu_time(lambda: g(a)) / 1e9
            except Exception as e:  # noqa: BLE001
                print(f"{lname}: fused sum failed: {e}")
        h = fused(lib, rowdot)
        if h is not None:
            a2, b2 = a.reshape(n // 16384, 16384), b.reshape(n // 16384, 16384)
            try:
                row["(a*b).sum(1) fused GB/s"] = 8 * n / gpu_time(lambda: h(a2, b2)) / 1e9
            except Exception as e:  # noqa: BLE001
                print(f"{lname}: fused row sums failed: {e}")
            del a2, b2
        small_a, small_b = make(lib, 1000, seed=3), make(lib, 1000, seed=4)
        row["host (a*b+a)*b 1000 us"] = host_time(lambda: chain(small_a, small_b), sync_of(lib, small_a)) * 1e6
        if lib.__name__ == "cunum":  # the same 1000 elements recorded and fused (min_size 1)
            prev = lib.set_autofuse(True, 1)
            try:
                row["host plain fused 1000 us"] = host_time(lambda: plain(lib, chain, small_a, small_b),
                                                            sync_of(lib, small_a)) * 1e6
            finally:
                lib.set_autofuse(*prev)
        if f is not None:
            try:
                row["host fused 1000 us"] = host_time(lambda: f(small_a, small_b), sync_of(lib, small_a)) * 1e6
            except Exception as e:  # noqa: BLE001
                print(f"{lname}: fused host timing failed: {e}")
        data[lname] = row
        del a, b
    return data


def main():
    run(cases, width=28, fmt="12.1f", copy_case="copy f32 GB/s",
        notes=["(a*b+a)*b counted as 3 x 4 B/elem, sum(x) and sum(x*x) as 4 B/elem, "
               "(a*b).sum(1) as 8 B/elem; host rows in µs per call"])


if __name__ == "__main__":
    main()
