"""cunum.exceptions: NumPy's exception and warning classes (numpy.exceptions,
as cupy.exceptions re-exports them).

cunum raises NumPy's own classes (an `except numpy.exceptions.AxisError`
catches cunum's), so this module hands out those classes. NumPy is imported
at the first attribute read, not at `import cunum` (docs/host-overhead.md).
"""
__all__ = ["AxisError", "ComplexWarning", "DTypePromotionError", "ModuleDeprecationWarning",
           "RankWarning", "TooHardError", "VisibleDeprecationWarning"]


def __getattr__(name):
    if name in __all__:
        import numpy.exceptions
        value = getattr(numpy.exceptions, name)
        globals()[name] = value  # the next read is a plain module attribute
        return value
    raise AttributeError(f"module 'cunum.exceptions' has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + __all__)
