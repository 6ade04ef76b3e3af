"""Printing and I/O of device arrays (docs/io-and-printing.md): cunum vs
CuPy vs PyTorch in one process, wall time per call in ms. repr of a large
array copies only the printed corners in cunum (CuPy copies the whole array
to the host before NumPy prints it; PyTorch summarises on the device);
save/load of a .npy file goes through the host in all three (torch: the
tensor's numpy copy written with numpy.save).

    python bench/bench_io.py [--json OUT.json] [--quick]
"""
import io
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import libs, make, torch  # noqa: E402
from _report import run  # noqa: E402


def wall_ms(fn, sync, reps=5):
    fn()
    sync()
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        sync()
        best = min(best, time.perf_counter() - t)
    return best * 1e3


def cases(quick):
    n = 2**22 if quick else 2**26
    small = make(np, 100)  # numpy: printed whole (under the threshold)
    data = {}
    for lname, lib in libs().items():
        row = {}
        x = make(lib, n, (n // 4096, 4096))
        s = make(lib, 100) if lib is not torch else torch.from_numpy(small).cuda()
        if lib is torch:
            sync = torch.cuda.synchronize
            save = lambda buf: np.save(buf, x.cpu().numpy())  # noqa: E731
            load = lambda buf: torch.from_numpy(np.load(buf)).cuda()  # noqa: E731
        else:
            if lib.__name__ == "cunum":
                sync = lambda: lib.asnumpy(x[:1, :1])  # noqa: E731  (a device-to-host copy waits)
            else:
                sync = lambda: lib.cuda.Device().synchronize()  # noqa: E731
            save = lambda buf: lib.save(buf, x)  # noqa: E731
            load = lambda buf: lib.load(buf)  # noqa: E731
        row[f"repr 2^{n.bit_length() - 1} f32 ms"] = wall_ms(lambda: repr(x), sync)
        row["repr 100 f32 ms"] = wall_ms(lambda: repr(s), sync)
        buf = io.BytesIO()
        row["save .npy (BytesIO) ms"] = wall_ms(lambda: (buf.seek(0), save(buf)), sync)

        def load_once():
            buf.seek(0)
            return load(buf)
        row["load .npy (BytesIO) ms"] = wall_ms(load_once, sync)
        data[lname] = row
    return data


def main():
    run(cases, width=30, fmt="12.3f")


if __name__ == "__main__":
    main()
