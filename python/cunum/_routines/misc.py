"""Miscellaneous routines (NumPy's chapter): byte_bounds (NumPy 2's
numpy.lib.array_utils.byte_bounds, CuPy's cupy.byte_bounds) and who (NumPy
1's listing of the arrays in a namespace, which CuPy keeps). Both read only
the arrays' metadata: nothing is copied or synchronised."""
import sys

from .. import _core

ndarray = _core.ndarray


def byte_bounds(a):
    """(low, high): the first byte address the array's elements use and one
    past the last (device addresses for a GPU array), NumPy's rules: a
    C-contiguous array spans its nbytes, a strided one the extent of its
    strides (a negative stride lowers `low`)."""
    low = high = a.data.ptr
    if a._c_contiguous:
        return low, high + a.size * a.itemsize
    for n, s in zip(a.shape, a.strides):
        if s < 0:
            low += (n - 1) * s
        else:
            high += (n - 1) * s
    return low, high + a.itemsize


def who(vardict=None):
    """Prints the cunum arrays of `vardict` (the caller's globals when None):
    name, shape, bytes and dtype, one per line, then the total bytes of the
    distinct arrays (an array under two names counts once), in NumPy 1's
    format."""
    if vardict is None:
        vardict = sys._getframe().f_back.f_globals
    rows, seen = [], {}
    for name, var in vardict.items():
        if not isinstance(var, ndarray):
            continue
        original = id(var) not in seen
        if original:
            seen[id(var)] = name
        rows.append((name if original else f"{name} ({seen[id(var)]})",
                     " x ".join(map(str, var.shape)), str(var.nbytes), var.dtype.name, original))
    total = sum(int(r[2]) for r in rows if r[4])
    if rows:
        sp1 = max(10, max(len(r[0]) for r in rows))
        sp2 = max(10, max(len(r[1]) for r in rows))
        sp3 = max(10, max(len(r[2]) for r in rows))
        head = f"Name {' ' * sp1} Shape {' ' * sp2} Bytes {' ' * sp3} Type"
        print(head + "\n" + "=" * (len(head) + 5) + "\n")
        for r in rows:
            print(f"{r[0]} {' ' * (sp1 - len(r[0]) + 4)} {r[1]} {' ' * (sp2 - len(r[1]) + 5)} "
                  f"{r[2]} {' ' * (sp3 - len(r[2]) + 5)} {r[3]}")
    print(f"\nUpper bound on total bytes  =       {total}")
