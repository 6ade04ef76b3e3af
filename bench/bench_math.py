"""The ufuncs of issue 10 on the GPU: cunum vs CuPy vs PyTorch in one process,
each on float32 with out=, as bandwidth (each input byte read once, the output
written once), beside the device-to-device copy. Issue 10 asks for >= 95 % of
the copy's bandwidth, or for math-heavy ufuncs (arctan2, float_power ...)
at least CuPy's speed.

    python bench/bench_math.py [--json OUT.json] [--quick]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import gpu_time, libs, make, torch  # noqa: E402
from _report import run  # noqa: E402

UNARY = ["arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "cbrt", "ceil", "cosh",
         "deg2rad", "exp2", "expm1", "fabs", "floor", "log10", "log1p", "log2", "reciprocal",
         "rint", "sign", "sinh", "spacing", "square", "tan", "trunc"]
BINARY = ["arctan2", "copysign", "fmax", "fmin", "fmod", "heaviside", "logaddexp",
          "logaddexp2", "nextafter"]
# float_power has only float64 and complex128 loops: timed on float64.
TORCH_NAMES = {"arccos": "acos", "arccosh": "acosh", "arcsin": "asin", "arcsinh": "asinh",
               "arctan": "atan", "arctanh": "atanh", "arctan2": "atan2", "fabs": "abs",
               "rint": "round", "deg2rad": "deg2rad", "cbrt": None, "spacing": None,
               "heaviside": "heaviside", "logaddexp2": "logaddexp2"}


def ufunc_of(lib, name):
    if lib is torch:
        t = TORCH_NAMES.get(name, name)
        return getattr(torch, t, None) if t else None
    return getattr(lib, name, None)


def cases(quick):
    n = 2**24 if quick else 2**28
    data = {}
    for lname, lib in libs().items():
        x, y = make(lib, n, seed=1), make(lib, n, seed=2)
        o = lib.empty_like(x)
        b = 4 * n
        row = {"copy f32 GB/s": 2 * b / gpu_time(lambda: x.clone() if lib is torch else x.copy()) / 1e9}
        for name in UNARY + BINARY:
            f = ufunc_of(lib, name)
            if f is None:
                continue
            args = (x,) if name in UNARY else (x, y)
            try:
                row[f"{name} GB/s"] = (len(args) + 1) * b / gpu_time(lambda: f(*args, out=o)) / 1e9
            except (TypeError, RuntimeError):
                pass
        half = n // 2
        x64 = x[:half].double() if lib is torch else x[:half].astype(lib.float64)
        y64 = y[:half].double() if lib is torch else y[:half].astype(lib.float64)
        o64 = lib.empty_like(x64)
        fp = (lambda: torch.float_power(x64, y64, out=o64)) if lib is torch else (
            lambda: lib.float_power(x64, y64, out=o64))
        row["float_power f64 GB/s"] = 3 * 8 * half / gpu_time(fp) / 1e9
        data[lname] = row
        del x, y, o, x64, y64, o64
    return data


def main():
    run(cases, width=28, fmt='12.1f', copy_case='copy f32 GB/s')


if __name__ == "__main__":
    main()
