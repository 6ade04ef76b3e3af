"""cunum.dtypes: NumPy's dtype classes (numpy.dtypes, as cupy.dtypes). cunum's
dtypes are numpy.dtype objects, so `type(x.dtype)` is one of these classes.
NumPy is imported at the first attribute read, not at `import cunum`."""


def __getattr__(name):
    import numpy.dtypes
    try:
        value = getattr(numpy.dtypes, name)
    except AttributeError:
        raise AttributeError(f"module 'cunum.dtypes' has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__():
    import numpy.dtypes
    return sorted(set(globals()) | set(dir(numpy.dtypes)))
