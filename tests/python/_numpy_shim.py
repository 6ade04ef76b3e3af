"""A stand-in for ``cunum`` built from NumPy, used only to check the test suite.

Run the suite with ``CUNUM_TEST_WITH_NUMPY=1`` to execute every test against
NumPy itself (``import cunum`` then yields this module). A test that fails in
that mode has wrong expectations about NumPy, not an engine bug. Tests of
cunum-only features (devices, ``.get()``, "reductions return 0-d arrays")
are skipped in that mode (see ``helpers.USING_NUMPY_SHIM``).

``CUNUM_TEST_WITH_NUMPY=broken:KIND`` gives a deliberately broken stand-in
(issue 7: the suite must be able to fail). Every function and ufunc of the
module is wrapped so that its results or errors are wrong in one way:
  perturb    float and complex results off by 16 ulps
  flush      subnormal results flushed to zero
  zero-sign  -0.0 in results becomes +0.0
  nan        NaN in results becomes +inf
  messages   exceptions keep their type but lose their message
``scripts/check_suite.sh`` runs the suite against each and requires failures.
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


def _corrupt(kind, value):
    """`value` made wrong in the way `kind` says (results only)."""
    if isinstance(value, tuple):
        return tuple(_corrupt(kind, v) for v in value)
    if not isinstance(value, (numpy.ndarray, numpy.generic)) or value.dtype.kind not in "fc":
        return value
    a = numpy.array(value, copy=True)
    real = a.real if a.dtype.kind == "c" else a
    if kind == "perturb":
        a = numpy.multiply(a, 1 + 16 * float(numpy.finfo(a.dtype).eps), dtype=a.dtype)
    elif kind == "flush":
        real[(real != 0) & (numpy.abs(real) < numpy.finfo(a.dtype).smallest_normal)] = 0
    elif kind == "zero-sign":
        real[real == 0] = 0.0
    elif kind == "nan":
        real[numpy.isnan(real)] = numpy.inf
    return a[()] if isinstance(value, numpy.generic) else a


class _Broken:
    """A function or ufunc whose calls (and ufunc methods) go wrong."""

    def __init__(self, f, kind):
        self._f, self._kind = f, kind

    def __call__(self, *args, **kwargs):
        if self._kind != "messages":
            return _corrupt(self._kind, self._f(*args, **kwargs))
        try:
            return self._f(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - the point: the same type, a wrong message
            try:
                garbled = type(e)("the stand-in's message")
            except Exception:  # noqa: BLE001 - a type that needs other arguments
                raise e from None
            raise garbled from None

    def __getattr__(self, name):
        attr = getattr(self._f, name)
        return _Broken(attr, self._kind) if callable(attr) and not isinstance(attr, type) else attr


class _BrokenModule(_ShimModule):
    def __getattr__(self, name):
        attr = getattr(numpy, name)
        if callable(attr) and not isinstance(attr, type):
            return _Broken(attr, self.__broken__)
        return attr


def make_shim(broken=None):
    if broken is not None and broken not in ("perturb", "flush", "zero-sign", "nan", "messages"):
        raise ValueError(f"CUNUM_TEST_WITH_NUMPY=broken:{broken}: no such way to break the stand-in")
    mod = _BrokenModule("cunum") if broken else _ShimModule("cunum")
    mod.__broken__ = broken
    mod.__numpy_shim__ = True
    mod.asnumpy = lambda x: numpy.asarray(x)
    mod.Device = _Device
    mod.cuda = types.SimpleNamespace(is_available=lambda: False)
    return mod
