"""cupyx.scatter_add, scatter_max and scatter_min: a[slices] (op)= value
with every value counted, repeated indices included (numpy.add.at,
numpy.maximum.at, numpy.minimum.at). On the GPU, atomics; on the CPU, the
values are combined in C order."""
import cunum
from cunum import _core

# The dtypes CuPy accepts, and its messages (the value is first cast to a's
# dtype, so a's dtype decides).
_ADD = ("int32", "float16", "float32", "float64", "uint32", "uint64")
_MAXMIN = ("int32", "float32", "float64", "uint32", "uint64")


def _check(a, allowed, message):
    if not isinstance(a, cunum.ndarray):
        raise TypeError(f"argument a must be cunum.ndarray, not {type(a).__name__}")
    if a.dtype.name not in allowed:
        raise TypeError(message)


def scatter_add(a, slices, value):
    """Adds value to a[slices], every value counted (numpy.add.at(a, slices,
    value)). a's dtype: int32, float16, float32, float64, uint32 or uint64,
    as CuPy (TypeError otherwise)."""
    _check(a, _ADD, "scatter_add only supports int32, float16, float32, float64, uint32, uint64, as data type")
    _core._scatter_op(a, slices, value, 0)


def scatter_max(a, slices, value):
    """a[slices] = maximum(a[slices], value), every value counted
    (numpy.maximum.at). a's dtype: int32, float32, float64, uint32 or uint64."""
    _check(a, _MAXMIN, "scatter_max only supports int32, float32, float64, uint32, uint64 as data type")
    _core._scatter_op(a, slices, value, 1)


def scatter_min(a, slices, value):
    """a[slices] = minimum(a[slices], value), every value counted
    (numpy.minimum.at). a's dtype: int32, float32, float64, uint32 or uint64."""
    _check(a, _MAXMIN, "scatter_min only supports int32, float32, float64, uint32, uint64 as data type")
    _core._scatter_op(a, slices, value, 2)
