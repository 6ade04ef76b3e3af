"""A stand-in for the name `numpy` in modules that `import cunum` loads but
that need NumPy only inside their functions (Note [Lazy NumPy] in
cunum/__init__.py): the first attribute read imports NumPy and puts the real
module in the stand-in's place, so later reads cost nothing extra.

    from cunum._lazy_numpy import LazyNumpy
    numpy = LazyNumpy(globals())
"""


class LazyNumpy:
    def __init__(self, module_globals):
        self._globals = module_globals

    def __getattr__(self, name):
        import numpy
        self._globals["numpy"] = numpy
        return getattr(numpy, name)
