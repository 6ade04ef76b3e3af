"""A stand-in for ``cunum`` built from NumPy, used only to check the test suite.

Run the suite with ``CUNUM_TEST_WITH_NUMPY=1`` to execute every test against
NumPy itself (``import cunum`` then yields this module). A test that fails in
that mode has wrong expectations about NumPy, not an engine bug. Tests of
cunum-only features (devices, ``.get()``, "reductions return 0-d arrays")
are skipped in that mode (see ``helpers.USING_NUMPY_SHIM``).
"""
import types

import numpy


class _Device:
    def __init__(self, name="cpu"):
        self.name = str(name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __eq__(self, other):
        return isinstance(other, _Device) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return f"Device({self.name!r})"


class _ShimModule(types.ModuleType):
    def __getattr__(self, name):
        return getattr(numpy, name)


def make_shim():
    mod = _ShimModule("cunum")
    mod.__numpy_shim__ = True
    mod.asnumpy = lambda x: numpy.asarray(x)
    mod.Device = _Device
    mod.cuda = types.SimpleNamespace(is_available=lambda: False)
    return mod
