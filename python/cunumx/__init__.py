"""cunumx: what CuPy has in cupyx, for cunum (CuPy code that says `cupyx`
says `cunumx` here)."""
from ._scatter import scatter_add, scatter_max, scatter_min

__all__ = ["scatter_add", "scatter_max", "scatter_min"]
