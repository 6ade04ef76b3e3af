"""cunumx: what CuPy has in cupyx, for cunum (CuPy code that says `cupyx`
says `cunumx` here). docs/cunumx.md."""
from cunum import _core
from cunum._errstate import cupyx_errstate as errstate, cupyx_geterr as geterr, cupyx_seterr as seterr
from ._pinned import empty_like_pinned, empty_pinned, zeros_like_pinned, zeros_pinned
from ._scatter import scatter_add, scatter_max, scatter_min
from ._syncdetect import DeviceSynchronized, allow_synchronize
from . import profiler

rsqrt = _core.rsqrt  # 1 / sqrt(x), a ufunc (CuPy's cupyx.rsqrt)

__all__ = ["DeviceSynchronized", "allow_synchronize", "empty_like_pinned", "empty_pinned", "errstate", "geterr", "profiler", "rsqrt", "scatter_add",
           "scatter_max", "scatter_min", "seterr", "zeros_like_pinned", "zeros_pinned"]
