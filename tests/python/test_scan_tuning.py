"""The GPU tile scan's run-time knobs (docs/scan.md, "Third version"):
CUNUM_SCAN_ITEMS, CUNUM_SCAN_THREADS, CUNUM_SCAN_GRID, CUNUM_SCAN_HINTS,
CUNUM_SCAN_SPIN, CUNUM_SCAN_MIN_BLOCKS and CUNUM_SCAN_WIDE, and the fourth
version's CUNUM_SCAN_ALGO (smem, warp) and CUNUM_SCAN_TICKET (atomic, block)
are read once per process, so each combination runs in a
subprocess that checks a set of scans against NumPy (tests/python/helpers'
compare, exact: the data keeps every partial sum exact in any order, as
test_scan.py's long axes do).

The sizes span many tiles of every tile size (2^20 and more, never a multiple
of a tile: 2^20 + 37), several lanes of many tiles each, views off the 16-byte
alignment (the scalar path), loop dtypes of 4 bytes (one 64-bit status word)
and wider (flag, fence, value), and integer wrap-around as NumPy's; then lengths around the tile size of the
process's knobs (for 4-, 8- and 16-byte loop dtypes: one short of a tile, a
tile, one past, ...), every dtype class (bool, ints, floats, complex) and
axes of 3-d arrays (the last, a strided middle one, the first with few
lanes, axis=None of a transposed view).

On the CPU the knobs do nothing; the default combination runs there all the
same, so that the checks themselves are checked against NumPy."""
import os
import subprocess
import sys

import pytest

import cunum as cn
from helpers import USING_NUMPY_SHIM

HERE = os.path.dirname(os.path.abspath(__file__))

# Run inside the subprocess: argv[1] is the device.
CHECKS = r"""
import os
import sys
import numpy
import cunum as cn
from helpers import compare

rng = numpy.random.default_rng(10)
n = 2**20 + 37
small = rng.integers(0, 3, size=n)
with cn.Device(sys.argv[1]):
    # exact float32 sums in any order (partial sums below 2^24)
    compare(lambda xp, x: xp.cumsum(x), small.astype(numpy.float32), exact=True)
    # eighths: exact in any order too (partial sums below 2^21)
    compare(lambda xp, x: xp.cumsum(x), (small / 8).astype(numpy.float32), exact=True)
    # the scalar path: a view off the 16-byte alignment, a reversed view
    compare(lambda xp, x: xp.cumsum(x[1:]), small.astype(numpy.float32))
    compare(lambda xp, x: xp.cumsum(x[::-3]), small.astype(numpy.int32))
    # loop dtypes wider than 4 bytes: flag, fence, value
    compare(lambda xp, x: xp.cumsum(x), small.astype(numpy.float64))
    compare(lambda xp, x: xp.cumsum(x), (small + 1j * small[::-1]).astype(numpy.complex64))
    compare(lambda xp, x: xp.cumsum(x), small.astype(numpy.int8))  # int8 -> int64
    # wrap-around as NumPy: int32 and int64 loops, and uint8 -> uint64 -> uint8
    big = rng.integers(2**29, 2**30, size=n).astype(numpy.int32)
    compare(lambda xp, x: xp.cumsum(x, dtype=numpy.int32), big)
    compare(lambda xp, x: xp.cumsum(x), big.astype(numpy.int64) << 32)
    compare(lambda xp, x: xp.cumsum(x, dtype=numpy.uint8), rng.integers(0, 256, size=n).astype(numpy.uint8))
    # cumprod of signs (exact), nancumsum with NaNs
    signs = numpy.where(rng.random(n) < 0.5, -1, 1).astype(numpy.int32)
    compare(lambda xp, x: xp.cumprod(x), signs)
    nans = small.astype(numpy.float32)
    nans[rng.integers(0, n, size=1000)] = numpy.nan
    compare(lambda xp, x: xp.nancumsum(x), nans, exact=True)
    # several lanes of many tiles each; a lane axis with a non-aligned row
    m = small[: 3 * 300_007].astype(numpy.float32).reshape(3, 300_007)
    compare(lambda xp, x: xp.cumsum(x, axis=1), m, exact=True)
    if hasattr(numpy, "cumulative_sum"):  # NumPy >= 2.1
        compare(lambda xp, x: xp.cumulative_sum(x, axis=1, include_initial=True), m, exact=True)
    compare(lambda xp, x: xp.cumsum(x[:, 1:], axis=1, dtype=numpy.int64), m)
    # lengths around this process's tile (scan_items in scan_source.cpp: items
    # scaled to the loop dtype's bytes, at least 2, a tile's values <= 32 KB)
    items = int(os.environ.get("CUNUM_SCAN_ITEMS") or 32)
    threads = int(os.environ.get("CUNUM_SCAN_THREADS") or 256)
    for isz, dt in ((4, numpy.float32), (8, numpy.int64), (16, numpy.complex128)):
        tile = threads * max(2, min(items * 4 // isz, 32768 // (threads * isz)))
        for n in (tile - 1, tile, tile + 1, 2 * tile - 1, 3 * tile + 5):
            x = small[:n].astype(dt)
            if isz == 16:
                x = x + 1j * small[n:2 * n].astype(dt)
            compare(lambda xp, x: xp.cumsum(x), x, exact=True)
            compare(lambda xp, x: xp.cumsum(x[3:]), x, exact=True)  # off the 16-byte alignment
    # every dtype class, with conversions (In and Out of other sizes than the loop)
    n = 3 * 8192 + 77
    compare(lambda xp, x: xp.cumsum(x), small[:n] > 0)  # bool -> int64
    compare(lambda xp, x: xp.cumsum(x), small[:n].astype(numpy.uint16))  # -> uint64
    compare(lambda xp, x: xp.cumsum(x), small[:n].astype(numpy.int32))  # -> int64
    compare(lambda xp, x: xp.cumsum(x, dtype=numpy.float32), small[:n].astype(numpy.int8), exact=True)
    compare(lambda xp, x: xp.cumsum(x, dtype=numpy.float64), small[:n].astype(numpy.float32), exact=True)
    # float16 rounds every partial sum: sparse ones keep them exact (<= 25)
    compare(lambda xp, x: xp.cumsum(x), (numpy.arange(n) % 1000 == 0).astype(numpy.float16), exact=True)
    # powers of 1j. A parallel scan multiplies in another association than
    # NumPy's left-to-right loop, and a complex product's zero parts take
    # their sign from that order ((1*1j)*-1 is -0-1j, 1*(1j*-1) is +0-1j):
    # values are exact, signs of zero are not (docs/scan.md). "+ 0" makes
    # every zero +0 on both sides.
    compare(lambda xp, x: xp.cumprod(x) + 0, numpy.where(small[:n] == 1, 1j, 1).astype(numpy.complex64),
            exact=True)
    compare(lambda xp, x: xp.nancumprod(x), numpy.where(small[:n] == 2, numpy.nan, -1.0))
    # axes of 3-d arrays: the last (many lanes of partial tiles), a strided
    # middle axis with 2 lanes inside (tiles over a strided axis), the first with
    # 3 lanes, axis=None of a transposed view
    c = small[: 5 * 7 * 3001].astype(numpy.float32).reshape(5, 7, 3001)
    compare(lambda xp, x: xp.cumsum(x, axis=-1), c, exact=True)
    d = small[: 3 * 40001 * 2].astype(numpy.int64).reshape(3, 40001, 2)
    compare(lambda xp, x: xp.cumsum(x, axis=1), d)
    e = small[: 70001 * 3].astype(numpy.float64).reshape(70001, 3)
    compare(lambda xp, x: xp.cumsum(x, axis=0), e, exact=True)
    compare(lambda xp, x: xp.cumsum(x.T), e, exact=True)
print("ok")
"""


def run_checks(device, env):
    full = dict(os.environ)
    full.update(env)
    pkg = os.path.dirname(os.path.dirname(os.path.abspath(cn.__file__)))
    full["PYTHONPATH"] = os.pathsep.join([HERE, pkg, full.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", CHECKS, device], env=full, capture_output=True, text=True,
                          timeout=600)


def combos():
    if not cn.cuda.is_available():
        return [("cpu", {})]
    out = [("cpu", {})]
    v = 0
    for items in (4, 16, 32, 64):
        for threads in (128, 256, 512):
            for grid in ("tiles", "resident", "pipelined"):
                env = {"CUNUM_SCAN_ITEMS": str(items), "CUNUM_SCAN_THREADS": str(threads),
                       "CUNUM_SCAN_GRID": grid, "CUNUM_SCAN_HINTS": str(v % 2),
                       "CUNUM_SCAN_SPIN": "200" if v % 3 == 0 else "0",
                       "CUNUM_SCAN_MIN_BLOCKS": str(min(15, 2048 // threads)) if v % 4 == 1 else "0",
                       "CUNUM_SCAN_WIDE": "packed" if v % 2 == 0 else "fence"}
                out.append(("cuda", env))
                v += 1
    # the fourth version (docs/scan.md): the register tile over every tile
    # size, in both grids it takes, with the block ticket on half the tiles
    # grids; the block ticket on the shared-memory tile
    for items in (4, 16, 32, 64):
        for threads in (128, 256, 512):
            grid = "resident" if v % 3 == 0 else "tiles"
            env = {"CUNUM_SCAN_ITEMS": str(items), "CUNUM_SCAN_THREADS": str(threads), "CUNUM_SCAN_GRID": grid,
                   "CUNUM_SCAN_ALGO": "warp", "CUNUM_SCAN_TICKET": "block" if grid == "tiles" and v % 2 else "atomic",
                   "CUNUM_SCAN_HINTS": str(v % 2), "CUNUM_SCAN_WIDE": "packed" if v % 4 else "fence"}
            out.append(("cuda", env))
            v += 1
    for items in (16, 32):
        out.append(("cuda", {"CUNUM_SCAN_ITEMS": str(items), "CUNUM_SCAN_ALGO": "smem", "CUNUM_SCAN_TICKET": "block"}))
    return out


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="runs cunum in a subprocess")
@pytest.mark.parametrize("device, env", combos(),
                         ids=lambda e: e if isinstance(e, str) else
                         "-".join(f"{k[11:].lower()}{v}" for k, v in e.items()) or "default")
def test_every_combination(device, env):
    r = run_checks(device, env)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stdout + r.stderr


@pytest.mark.skipif(USING_NUMPY_SHIM or not cn.cuda.is_available(),
                    reason="the knobs are read by the GPU backend only")
@pytest.mark.parametrize("var, value", [("CUNUM_SCAN_ITEMS", "12"), ("CUNUM_SCAN_THREADS", "100"),
                                        ("CUNUM_SCAN_GRID", "waves"), ("CUNUM_SCAN_HINTS", "yes"),
                                        ("CUNUM_SCAN_SPIN", "-1"), ("CUNUM_SCAN_MIN_BLOCKS", "16"),
                                        ("CUNUM_SCAN_WIDE", "16"), ("CUNUM_SCAN_ALGO", "regs"),
                                        ("CUNUM_SCAN_TICKET", "blockidx")])
def test_bad_values_are_refused(var, value):
    r = run_checks("cuda", {var: value})
    assert r.returncode != 0 and var in r.stderr, r.stdout + r.stderr


@pytest.mark.skipif(USING_NUMPY_SHIM or not cn.cuda.is_available(),
                    reason="the knobs are read by the GPU backend only")
@pytest.mark.parametrize("env, var", [({"CUNUM_SCAN_ALGO": "warp", "CUNUM_SCAN_GRID": "pipelined"}, "CUNUM_SCAN_ALGO"),
                                      ({"CUNUM_SCAN_TICKET": "block", "CUNUM_SCAN_GRID": "resident"},
                                       "CUNUM_SCAN_TICKET")])
def test_bad_combinations_are_refused(env, var):
    r = run_checks("cuda", env)
    assert r.returncode != 0 and var in r.stderr, r.stdout + r.stderr
