"""numpy.lib.array_utils for cunum arrays: byte_bounds, normalize_axis_index,
normalize_axis_tuple (the last two are NumPy's own: they read no array)."""
from .._routines.misc import byte_bounds

__all__ = ["byte_bounds", "normalize_axis_index", "normalize_axis_tuple"]


def __getattr__(name):
    if name in ("normalize_axis_index", "normalize_axis_tuple"):
        import numpy.lib.array_utils
        return getattr(numpy.lib.array_utils, name)
    raise AttributeError(f"module 'cunum.lib.array_utils' has no attribute {name!r}")
